// My availability (everyone): recurring weekly times I cannot work (a shift there is refused or
// warned about, by the workplace's setting) and, optionally, times I prefer. Managers see it on
// the team page and when assigning (`availabilitySummary`).

import { el, viewHeader, emptyState, withBusy } from '../ui.js';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

let state = null;

/** "Tue 16:00–24:00" for one entry. */
export function entryText(entry) {
  return `${WEEKDAYS[entry.weekday - 1]?.slice(0, 3) ?? '?'} ${entry.from}–${entry.to === '00:00' ? '24:00' : entry.to}`;
}

/** One line for a member's availability: "Not available: Tue 16:00–24:00 · Prefers: Sat 08:00–14:00". */
export function availabilitySummary(entries) {
  const list = Array.isArray(entries) ? entries : [];
  const off = list.filter((entry) => entry.kind === 'unavailable').map(entryText);
  const preferred = list.filter((entry) => entry.kind === 'preferred').map(entryText);
  return [off.length ? `Not available: ${off.join(', ')}` : null, preferred.length ? `Prefers: ${preferred.join(', ')}` : null]
    .filter(Boolean).join(' · ');
}

/** Every member's availability by user id (managers: everyone; others: their own). */
export async function loadAvailability(ctx) {
  const answer = await ctx.api('GET', '/availability');
  return new Map((Array.isArray(answer) ? answer : []).map((member) => [member.userId, member.entries || []]));
}

function entryRow(entry, index, ctx) {
  const remove = el('button', { class: 'button secondary', text: 'Remove', attrs: { type: 'button' }, data: { action: 'remove-availability' } });
  remove.addEventListener('click', () => {
    state.entries.splice(index, 1);
    paint(ctx);
  });
  return el('li', { class: ['row', `availability-${entry.kind}`] }, [
    el('div', { class: 'row-main' }, [
      el('p', { class: 'row-title' }, [el('strong', { text: entry.kind === 'unavailable' ? 'Not available' : 'Preferred' }), ` · ${entryText(entry)}`]),
    ]),
    el('div', { class: 'row-actions' }, [remove]),
  ]);
}

function addForm(ctx) {
  const weekday = el('select', { attrs: { name: 'weekday' } }, WEEKDAYS.map((name, index) => el('option', { text: name, attrs: { value: String(index + 1) } })));
  const from = el('input', { attrs: { type: 'time', name: 'from', required: true, value: '16:00' } });
  const to = el('input', { attrs: { type: 'time', name: 'to', required: true, value: '00:00' } });
  const kind = el('select', { attrs: { name: 'kind' } }, [
    el('option', { text: 'I cannot work then', attrs: { value: 'unavailable' } }),
    el('option', { text: 'I prefer to work then', attrs: { value: 'preferred' } }),
  ]);
  const add = el('button', { class: 'button secondary', text: 'Add', attrs: { type: 'submit' }, data: { action: 'add-availability' } });
  const form = el('form', { class: 'form-row' }, [
    el('label', {}, [el('span', { text: 'Day' }), weekday]),
    el('label', {}, [el('span', { text: 'From' }), from]),
    el('label', {}, [el('span', { text: 'Until (00:00 = midnight)' }), to]),
    el('label', {}, [el('span', { text: 'Kind' }), kind]),
    add,
  ]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    state.entries.push({ weekday: Number(weekday.value), from: from.value, to: to.value, kind: kind.value });
    paint(ctx);
  });
  return form;
}

function paint(ctx) {
  const { container, entries } = state;
  const save = el('button', { class: 'button primary', text: 'Save my availability', attrs: { type: 'button' }, data: { action: 'save-availability' } });
  save.addEventListener('click', () => withBusy(save, async () => {
    const saved = await ctx.api('PUT', `/users/${ctx.me.user.id}/availability`, { entries: state.entries });
    state.entries = saved?.entries ?? state.entries;
    paint(ctx);
  }, 'Saved. Managers see it when they plan.'));
  container.replaceChildren(
    viewHeader('Availability'),
    el('p', { class: 'muted', text: 'Times you cannot work every week: nobody can give you a shift then (or they are warned, depending on the workplace). Preferred times are only shown to managers.' }),
    entries.length ? el('ul', { class: 'list availability-list' }, entries.map((entry, index) => entryRow(entry, index, ctx))) : emptyState('No times set: you are available all week.'),
    el('section', { class: 'card' }, [el('h3', { text: 'Add a time' }), addForm(ctx)]),
    save,
  );
}

export default {
  id: 'availability',
  title: 'Availability',
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    const mine = await loadAvailability(ctx);
    state = { container, entries: [...(mine.get(ctx.me.user.id) ?? [])] };
    paint(ctx);
  },
};

/** Fills `line` with the member's availability (the team page's "Manage" panel). */
export async function showAvailability(ctx, userId, line) {
  try {
    const summary = availabilitySummary((await loadAvailability(ctx)).get(userId));
    line.textContent = `Availability: ${summary || 'available all week'}`;
  } catch (error) {
    line.textContent = '';
  }
}
