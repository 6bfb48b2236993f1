// The "now" board: who is on shift (with how far along), who comes next and how much of the
// day's schedule has passed. The live stream pushes a new board (topic `now`) whenever who is on
// shift or today's schedule changes; between pushes the percentages advance on a local timer.

import { el, viewHeader, emptyState, formatDate, formatInstant, timeRange } from '../ui.js';
import { t, formatNumber } from '../i18n.js';

let state = null;

function percentBetween(startIso, endIso, now = Date.now()) {
  const start = new Date(startIso).getTime();
  const end = new Date(endIso).getTime();
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  return Math.min(100, Math.max(0, ((now - start) / (end - start)) * 100));
}

function progress(percent, label) {
  const value = Math.round(percent ?? 0);
  return el('progress', { class: 'progress', attrs: { max: '100', value: String(value), 'aria-label': label, 'aria-valuetext': t('now.percent', { percent: formatNumber(value) }) } });
}

function person(shift, { live }) {
  const percent = live ? percentBetween(shift.startsAt, shift.endsAt) ?? shift.percentDone : null;
  return el('li', { class: 'person', data: { shiftId: shift.shiftId } }, [
    el('span', { class: 'person-name', text: shift.user?.name || t('now.someone') }),
    el('span', { class: 'muted', text: shift.position ? t('now.timePosition', { time: timeRange(shift), position: shift.position }) : timeRange(shift) }),
    live ? progress(percent, t('now.personDone', { name: shift.user?.name || t('now.shift'), percent: formatNumber(Math.round(percent ?? 0)) })) : null,
    live ? el('span', { class: 'small muted', text: t('now.done', { percent: formatNumber(Math.round(percent ?? 0)) }) }) : null,
  ]);
}

function paint() {
  const board = state.board;
  if (!board) {
    state.container.replaceChildren(viewHeader(t('now.heading')), emptyState(t('now.unavailable')));
    return;
  }
  const dayPercent = board.dayStart && board.dayEnd ? percentBetween(board.dayStart, board.dayEnd) : null;
  const daySection = el('section', { class: 'card', attrs: { 'aria-labelledby': 'now-day' } }, [
    el('h3', { text: formatDate(board.date, { long: true }), attrs: { id: 'now-day' } }),
    board.closedDay ? el('p', { class: 'badge status-cancelled', text: t('now.closed', { name: board.closedDay }) }) : null,
    dayPercent !== null
      ? el('div', {}, [
        progress(dayPercent, t('now.dayProgress')),
        el('p', { class: 'small muted', text: t('now.dayPassed', { percent: formatNumber(Math.round(dayPercent)), from: formatInstant(board.dayStart, { withDate: false }), to: formatInstant(board.dayEnd, { withDate: false }) }) }),
      ])
      : el('p', { class: 'muted', text: t('now.noShiftsToday') }),
  ]);
  const onShift = board.onShift || [];
  const next = board.next;
  state.container.replaceChildren(
    viewHeader(t('now.heading')),
    daySection,
    el('section', { attrs: { 'aria-labelledby': 'now-on-shift' } }, [
      el('h3', { text: t('now.onShift'), attrs: { id: 'now-on-shift' } }),
      onShift.length ? el('ul', { class: 'people' }, onShift.map((shift) => person(shift, { live: true }))) : emptyState(t('now.nobodyOnShift')),
    ]),
    el('section', { attrs: { 'aria-labelledby': 'now-next' } }, [
      el('h3', { text: next?.when === 'laterDay' ? t('now.nextDay', { date: formatDate(next.date, { long: true }) }) : t('now.nextToday'), attrs: { id: 'now-next' } }),
      next?.shifts?.length ? el('ul', { class: 'people' }, next.shifts.map((shift) => person(shift, { live: false }))) : emptyState(t('now.nobodyNext')),
    ]),
    el('p', { class: 'small muted', text: t('now.updated', { time: formatInstant(board.at), zone: board.timeZone }) }),
  );
}

export default {
  id: 'now',
  get title() { return t('views.now'); },
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    state = { container, board: await ctx.api('GET', '/now') };
    paint();
    const timer = setInterval(() => {
      if (!container.isConnected) { clearInterval(timer); return; }
      paint();
    }, 30_000);
  },
  onLive(message) {
    if (!state?.container.isConnected) return;
    // {"type":"now","now":<the GET /api/v1/now document>}
    const board = message.type === 'now' ? (message.now || (message.date ? message : null)) : null;
    if (board) {
      state.board = board;
      paint();
    }
  },
};
