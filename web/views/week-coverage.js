// The team week's staffing row (docs/week-planning.md, "Coverage"; managers): under the day
// headers, per day, each stretch where the planned shifts fall short of the staffing needs (red,
// "Bar −1 17–19") or go over them (amber, "+1"), or "Covered" when every need is met. The server
// computes the stretches (GET /plan's `coverage`); the needs are edited on the Staffing needs page,
// which the row's heading links to. Each mark carries its full sentence for screen readers.

import { el } from '../ui.js';
import { t } from '../i18n.js';

/** "17–19" for 17:00–19:00, "17:30–19" otherwise: the compact way the grid writes times. */
function shortTime(time) {
  return time.endsWith(':00') ? time.slice(0, 2) : time;
}

function mark(segment, kind) {
  const who = segment.position || t('week.coverage.anyone');
  const count = kind === 'short' ? segment.needed - segment.staffed : segment.staffed - segment.needed;
  const args = { who, count, from: segment.startTime, until: segment.endTime };
  return el('li', { class: ['coverage-mark', `coverage-${kind}`], data: { position: segment.position || '' } }, [
    el('span', { attrs: { 'aria-hidden': 'true' }, text: t(`week.coverage.${kind}Short`, { ...args, from: shortTime(segment.startTime), until: shortTime(segment.endTime) }) }),
    el('span', { class: 'visually-hidden', text: t(`week.coverage.${kind}`, args) }),
  ]);
}

/** Whether the workplace has needs on any of `days` (the row is drawn only then). */
export function hasCoverage(coverage, days) {
  return coverage.some((segment) => days.includes(segment.date));
}

/** The staffing row: a heading cell linking to the needs, one cell per day, an empty totals cell. */
export function coverageRow(coverage, days, withTotals) {
  return el('tr', { class: 'grid-coverage-row' }, [
    el('th', { attrs: { scope: 'row' }, class: 'grid-person' }, [el('a', { attrs: { href: '#/staffing' }, text: t('week.coverage.row') })]),
    ...days.map((date, index) => {
      const today = coverage.filter((segment) => segment.date === date);
      const short = today.filter((segment) => segment.staffed < segment.needed);
      const over = today.filter((segment) => segment.staffed > segment.needed);
      const content = !today.length ? [el('span', { class: 'grid-off', text: '—', attrs: { 'aria-hidden': 'true' } }), el('span', { class: 'visually-hidden', text: t('week.coverage.noNeeds') })]
        : short.length || over.length ? [el('ul', { class: 'coverage-marks' }, [...short.map((segment) => mark(segment, 'short')), ...over.map((segment) => mark(segment, 'over'))])]
          : [el('span', { class: 'coverage-covered', text: t('week.coverage.covered') })];
      return el('td', { class: ['grid-cell', 'coverage-cell', `day-${index}`], data: { date, short: String(short.length) } }, content);
    }),
    withTotals ? el('td', { class: 'grid-total', text: '' }) : null,
  ]);
}
