// My availability (everyone): recurring weekly times I cannot work (a shift there is refused or
// warned about, by the workplace's setting) and, optionally, times I prefer. Managers see it on
// the team page and when assigning (`availabilitySummary`).

import { el, viewHeader, emptyState, withBusy } from '../ui.js';
import { t, locale } from '../i18n.js';

/** ISO weekday 1–7 (Monday first) by the page's language; 1 January 2024 was a Monday. */
function weekdayName(weekday, style) {
  return new Intl.DateTimeFormat(locale(), { weekday: style, timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, weekday)));
}

let state = null;

/** "Tue 16:00–24:00" ("di 16:00–24:00") for one entry. */
export function entryText(entry) {
  const day = entry.weekday >= 1 && entry.weekday <= 7 ? weekdayName(entry.weekday, 'short') : '?';
  return `${day} ${entry.from}–${entry.to === '00:00' ? '24:00' : entry.to}`;
}

/** One line for a member's availability: "Not available: Tue 16:00–24:00 · Prefers: Sat 08:00–14:00". */
export function availabilitySummary(entries) {
  const list = Array.isArray(entries) ? entries : [];
  const off = list.filter((entry) => entry.kind === 'unavailable').map(entryText);
  const preferred = list.filter((entry) => entry.kind === 'preferred').map(entryText);
  return [off.length ? t('manage.availability.notAvailableList', { times: off.join(', ') }) : null, preferred.length ? t('manage.availability.prefersList', { times: preferred.join(', ') }) : null]
    .filter(Boolean).join(' · ');
}

/** Every member's availability by user id (managers: everyone; others: their own). */
export async function loadAvailability(ctx) {
  const answer = await ctx.api('GET', '/availability');
  return new Map((Array.isArray(answer) ? answer : []).map((member) => [member.userId, member.entries || []]));
}

function entryRow(entry, index, ctx) {
  const remove = el('button', { class: 'button secondary', text: t('manage.availability.remove'), attrs: { type: 'button' }, data: { action: 'remove-availability' } });
  remove.addEventListener('click', () => {
    state.entries.splice(index, 1);
    paint(ctx);
  });
  return el('li', { class: ['row', `availability-${entry.kind}`] }, [
    el('div', { class: 'row-main' }, [
      el('p', { class: 'row-title' }, [el('strong', { text: entry.kind === 'unavailable' ? t('manage.availability.notAvailable') : t('manage.availability.preferred') }), ` · ${entryText(entry)}`]),
    ]),
    el('div', { class: 'row-actions' }, [remove]),
  ]);
}

function addForm(ctx) {
  const weekday = el('select', { attrs: { name: 'weekday' } }, [1, 2, 3, 4, 5, 6, 7].map((day) => el('option', { text: weekdayName(day, 'long'), attrs: { value: String(day) } })));
  const from = el('input', { attrs: { type: 'time', name: 'from', required: true, value: '16:00' } });
  const to = el('input', { attrs: { type: 'time', name: 'to', required: true, value: '00:00' } });
  const kind = el('select', { attrs: { name: 'kind' } }, [
    el('option', { text: t('manage.availability.kind.unavailable'), attrs: { value: 'unavailable' } }),
    el('option', { text: t('manage.availability.kind.preferred'), attrs: { value: 'preferred' } }),
  ]);
  const add = el('button', { class: 'button secondary', text: t('manage.availability.add'), attrs: { type: 'submit' }, data: { action: 'add-availability' } });
  const form = el('form', { class: 'form-row' }, [
    el('label', {}, [el('span', { text: t('manage.availability.day') }), weekday]),
    el('label', {}, [el('span', { text: t('manage.availability.from') }), from]),
    el('label', {}, [el('span', { text: t('manage.availability.until') }), to]),
    el('label', {}, [el('span', { text: t('manage.availability.kind') }), kind]),
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
  const save = el('button', { class: 'button primary', text: t('manage.availability.save'), attrs: { type: 'button' }, data: { action: 'save-availability' } });
  save.addEventListener('click', () => withBusy(save, async () => {
    const saved = await ctx.api('PUT', `/users/${ctx.me.user.id}/availability`, { entries: state.entries });
    state.entries = saved?.entries ?? state.entries;
    paint(ctx);
  }, t('manage.availability.saved')));
  container.replaceChildren(
    viewHeader(t('manage.availability.title')),
    el('p', { class: 'muted', text: t('manage.availability.hint') }),
    entries.length ? el('ul', { class: 'list availability-list' }, entries.map((entry, index) => entryRow(entry, index, ctx))) : emptyState(t('manage.availability.none')),
    el('section', { class: 'card' }, [el('h3', { text: t('manage.availability.addTime') }), addForm(ctx)]),
    save,
  );
}

export default {
  id: 'availability',
  get title() { return t('manage.availability.title'); },
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
    line.textContent = t('manage.availability.line', { summary: summary || t('manage.availability.allWeek') });
  } catch (error) {
    line.textContent = '';
  }
}
