// A member's hourly wages on the team page (docs/week-planning.md, slice 7): each from a date on,
// the latest on or before a shift's date applies, so a raise from next month is entered today and
// last month's plan keeps its cost. Managers only (GET/PUT /users/:id/wages); the week plan costs
// shifts with them. The whole list is saved at once, as the server replaces it.

import { el } from '../ui.js';
import { t } from '../i18n.js';

/** Today's local date as YYYY-MM-DD (the default start of a new wage). */
function today() {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * The wages block of one member's settings: `element` to place, `load()` to fill it when the
 * settings open (wages are read only then, not with the list of members).
 */
export function memberWages(ctx, member) {
  const rows = el('div', { class: 'wage-rows' });
  let currency = 'EUR';

  const row = (wage = {}) => {
    const date = el('input', { attrs: { type: 'date', name: 'effectiveFrom', required: '', value: wage.effectiveFrom ?? today(), 'aria-label': t('manage.team.wageFrom', { name: member.displayName }) } });
    const amount = el('input', {
      attrs: {
        type: 'number', name: 'hourly', required: '', min: '0', max: '10000', step: '0.01', inputmode: 'decimal', class: 'input-short',
        value: wage.hourlyCents == null ? '' : (wage.hourlyCents / 100).toFixed(2), 'aria-label': t('manage.team.wageAmount', { name: member.displayName, currency }),
      },
    });
    const remove = el('button', { class: 'button secondary', text: t('manage.team.wageRemove'), attrs: { type: 'button', 'data-action': 'remove-wage' } });
    const line = el('div', { class: 'wage-row' }, [el('span', { text: t('manage.team.wageFromLabel') }), date, amount, el('span', { class: 'small muted', text: t('manage.team.wagePerHour', { currency }) }), remove]);
    remove.addEventListener('click', () => { line.remove(); empty.hidden = rows.children.length > 0; });
    return line;
  };

  const empty = el('p', { class: 'small muted', text: t('manage.team.noWage') });
  const add = el('button', { class: 'button secondary', text: t('manage.team.wageAdd'), attrs: { type: 'button', 'data-action': 'add-wage' } });
  add.addEventListener('click', () => { rows.append(row()); empty.hidden = true; rows.lastElementChild?.querySelector('[name=hourly]')?.focus(); });
  const form = el('form', { class: 'wages-form', attrs: { 'aria-label': t('manage.team.wagesOf', { name: member.displayName }) } }, [
    empty, rows,
    el('div', { class: 'wage-actions' }, [
      add,
      el('button', { class: 'button secondary', text: t('manage.team.wageSave'), attrs: { type: 'submit', 'data-action': 'save-wages' } }),
    ]),
  ]);

  const show = (answer) => {
    currency = answer.currency ?? currency;
    rows.replaceChildren(...(answer.wages ?? []).map(row));
    empty.hidden = rows.children.length > 0;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const wages = [...rows.querySelectorAll('.wage-row')].map((line) => ({
        effectiveFrom: line.querySelector('[name=effectiveFrom]').value,
        hourlyCents: Math.round(Number(line.querySelector('[name=hourly]').value) * 100),
      }));
      show(await ctx.api('PUT', `/users/${member.id}/wages`, { wages }));
      ctx.say(t('manage.team.wagesSaved', { name: member.displayName }), 'ok');
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    } finally {
      button.disabled = false;
    }
  });

  const element = el('div', { class: 'pin-block wages-block', data: { slot: 'wages' } }, [
    el('p', { class: 'small muted', text: t('manage.team.wagesBlock') }), form,
  ]);
  const load = async () => {
    try {
      show(await ctx.api('GET', `/users/${member.id}/wages`));
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    }
  };
  return { element, load };
}
