// Staffing needs (managers): how many people of which position the workplace needs, per weekday
// and time range ("Bar, 2 people, Friday 17:00–23:00"). The week grid compares the planned shifts
// with them. The list is edited as one form and saved whole (PUT /coverage-needs); a need the
// server refuses is marked in its row, and nothing is saved until every row is right.

import { el, viewHeader } from '../ui.js';
import { ApiError } from '../api.js';
import { t, tn } from '../i18n.js';
import { weekdayName } from './fixed-shifts.js';

const fields = ['weekday', 'startTime', 'endTime', 'position', 'headcount'];

/** One need as a row of controls; `index` names it for screen readers ("Need 2"). */
function needRow(need, index, positions, onRemove) {
  const label = (key) => `${t(key)} (${t('manage.staffing.needNumber', { number: index + 1 })})`;
  const weekday = el('select', { attrs: { name: 'weekday', 'aria-label': label('manage.staffing.weekday') } },
    [1, 2, 3, 4, 5, 6, 7].map((day) => el('option', { text: weekdayName(day), attrs: { value: String(day) } })));
  weekday.value = String(need.weekday ?? 1);
  const start = el('input', { attrs: { name: 'startTime', type: 'time', required: '', value: need.startTime ?? '09:00', 'aria-label': label('manage.staffing.from') } });
  const end = el('input', { attrs: { name: 'endTime', type: 'time', required: '', value: need.endTime ?? '17:00', 'aria-label': label('manage.staffing.until') } });
  const position = el('input', { attrs: { name: 'position', maxlength: '100', list: 'staffing-positions', value: need.position ?? '', placeholder: t('manage.staffing.anyone'), autocomplete: 'off', 'aria-label': label('manage.staffing.position') } });
  const headcount = el('input', { attrs: { name: 'headcount', type: 'number', min: '1', max: '500', step: '1', required: '', value: String(need.headcount ?? 1), 'aria-label': label('manage.staffing.people') } });
  const remove = el('button', { class: 'button secondary', text: t('manage.staffing.remove'), attrs: { type: 'button', 'data-action': 'remove-need', 'aria-label': t('manage.staffing.removeNeed', { number: index + 1 }) } });
  remove.addEventListener('click', onRemove);
  const overnight = el('span', { class: 'hint small staffing-overnight', text: t('manage.staffing.nextDay') });
  const showOvernight = () => { overnight.hidden = !(end.value && start.value && end.value <= start.value); };
  start.addEventListener('input', showOvernight);
  end.addEventListener('input', showOvernight);
  showOvernight();
  const error = el('p', { class: 'field-error small', attrs: { 'aria-live': 'polite' } });
  error.hidden = true;
  // Each control under a visible caption; its accessible name adds the need's number.
  const labelled = (key, control, extra = []) => el('label', { class: `staffing-field staffing-${control.name}` }, [el('span', { class: 'small muted', text: t(key) }), control, ...extra]);
  return el('li', { class: 'row staffing-need', attrs: { 'data-index': String(index) } }, [
    el('div', { class: 'staffing-fields' }, [
      labelled('manage.staffing.weekday', weekday), labelled('manage.staffing.from', start), labelled('manage.staffing.until', end, [overnight]), labelled('manage.staffing.position', position), labelled('manage.staffing.people', headcount),
      el('div', { class: 'staffing-remove' }, [remove]),
    ]),
    error,
  ]);
}

/** The rows' values as the API takes them. */
function readRows(list) {
  return [...list.querySelectorAll('.staffing-need')].map((row) => {
    const value = (name) => row.querySelector(`[name=${name}]`).value;
    const position = value('position').trim();
    return {
      weekday: Number(value('weekday')), startTime: value('startTime'), endTime: value('endTime'),
      ...(position ? { position } : {}), headcount: Number(value('headcount')),
    };
  });
}

export default {
  id: 'staffing',
  get title() { return t('manage.staffing.title'); },
  roles: ['manager'],

  async render(container, ctx) {
    const [saved, positions] = await Promise.all([ctx.api('GET', '/coverage-needs'), ctx.api('GET', '/positions').catch(() => ({ positions: [] }))]);
    let needs = saved.needs;
    const list = el('ol', { class: 'list staffing-list', attrs: { 'aria-label': t('manage.staffing.title') } });
    const empty = el('p', { class: 'empty', text: t('manage.staffing.none') });
    const datalist = el('datalist', { attrs: { id: 'staffing-positions' } }, positions.positions.map((name) => el('option', { attrs: { value: name } })));
    const add = el('button', { class: 'button secondary', text: t('manage.staffing.add'), attrs: { type: 'button', 'data-action': 'add-need' } });
    const save = el('button', { class: 'button primary', text: t('manage.staffing.save'), attrs: { type: 'submit', 'data-action': 'save-needs' } });
    const form = el('form', { class: 'card', attrs: { id: 'staffing-form', 'aria-label': t('manage.staffing.title'), novalidate: '' } }, [
      list, empty, datalist, el('div', { class: 'row-actions' }, [add, save]),
    ]);
    container.classList.add('manager-view');
    container.replaceChildren(viewHeader(t('manage.staffing.title')), el('p', { class: 'hint', text: t('manage.staffing.hint') }), form);

    const paint = (rows) => {
      list.replaceChildren(...rows.map((need, index) => needRow(need, index, positions.positions, () => {
        const current = readRows(list);
        current.splice(index, 1);
        paint(current);
        (list.querySelector('[data-action=remove-need]') ?? add).focus();
      })));
      empty.hidden = rows.length > 0;
    };
    paint(needs);

    add.addEventListener('click', () => {
      const current = readRows(list);
      const last = current[current.length - 1];
      current.push(last ? { ...last } : { weekday: 1, startTime: '09:00', endTime: '17:00', headcount: 1 });
      paint(current);
      list.lastElementChild?.querySelector('select')?.focus();
    });

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      for (const row of list.querySelectorAll('.staffing-need')) {
        row.querySelector('.field-error').hidden = true;
        row.querySelectorAll('[aria-invalid]').forEach((control) => control.removeAttribute('aria-invalid'));
      }
      try {
        save.disabled = true;
        const stored = await ctx.api('PUT', '/coverage-needs', { needs: readRows(list) });
        needs = stored.needs;
        paint(needs);
        ctx.say(tn('manage.staffing.saved', needs.length), 'ok');
      } catch (error) {
        // Mark the refused need and field ("needs[2].headcount") where the manager is looking.
        const fieldError = error instanceof ApiError ? error.fields.find((field) => /^needs\[\d+\]\./.test(field.field)) : null;
        const match = fieldError?.field.match(/^needs\[(\d+)\]\.(\w+)$/);
        const row = match ? list.querySelector(`.staffing-need[data-index="${match[1]}"]`) : null;
        if (row && fields.includes(match[2])) {
          const control = row.querySelector(`[name=${match[2]}]`);
          control.setAttribute('aria-invalid', 'true');
          const message = row.querySelector('.field-error');
          message.textContent = `${t('manage.staffing.needNumber', { number: Number(match[1]) + 1 })}: ${fieldError.detail}`;
          message.hidden = false;
          control.focus();
        }
        ctx.say(ctx.explain(error), 'error');
      } finally {
        save.disabled = false;
      }
    });
  },
};
