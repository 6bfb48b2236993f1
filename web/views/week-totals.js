// The team week's totals (docs/week-planning.md, "Totals"): a last column per person with the
// scheduled hours against the contract ("31 / 32 h"), red with a word when over the contract or
// the weekly limit; a footer row per day (people, hours) with the week's total; on a phone the
// shown day's totals above the list. Managers get them from GET /plan (the server adds up, the
// same way the weekly-hours rule does); employees see only their own week's hours, added up here
// from the team schedule with the same rule (minutes by start day, open shifts not counted),
// because other people's hours and contracts are a manager's business.
//
// Cost (slice 7): under the hours, what the person's, the day's and the week's shifts cost at the
// wages managers set (GET/PUT /users/:id/wages), and the week against its budget (red when over).
// Shifts whose holder has no wage are named ("1 without wage"), never costed at zero. Only the
// plan (managers) carries cost; an employee's page has none to show.
//
// Also the compact grid's switch: at 15 rows or more the grid is compact unless the person chose
// otherwise; the choice is remembered in localStorage.

import { el } from '../ui.js';
import { t, tn, formatNumber, formatMoney } from '../i18n.js';

const COMPACT_KEY = 'shifty.week.compact';
/** From this many rows on, the grid is compact unless the person switched it off. */
export const COMPACT_FROM_ROWS = 15;

/** "31" or "7.5": hours with at most one decimal. */
export function hours(minutes) {
  return formatNumber(Math.round((minutes / 60) * 10) / 10, 1);
}

/** The person's stored choice: true, false, or null (none: decided by the number of rows). */
export function compactChoice() {
  try {
    const stored = localStorage.getItem(COMPACT_KEY);
    return stored === null ? null : stored === '1';
  } catch {
    return null;
  }
}

export function rememberCompact(on) {
  try { localStorage.setItem(COMPACT_KEY, on ? '1' : '0'); } catch { /* storage off: this visit only */ }
}

export function isCompact(rowCount) {
  const choice = compactChoice();
  return choice === null ? rowCount >= COMPACT_FROM_ROWS : choice;
}

/** Minutes of a shift from its instants (an overnight shift counts whole, on its start day). */
function shiftMinutes(shift) {
  return Math.round((Date.parse(shift.endsAt) - Date.parse(shift.startsAt)) / 60000);
}

/** An employee's own week: the minutes of their shifts that are not open (released). */
export function myWeekMinutes(shifts, userId) {
  return shifts.filter((shift) => shift.ownerId === userId && !shift.unassigned)
    .reduce((sum, shift) => sum + shiftMinutes(shift), 0);
}

/** The header cell of the totals column. */
export function totalsHeader() {
  return el('th', { attrs: { scope: 'col' }, class: 'grid-total', text: t('manage.week.totals.column') });
}

/** "€ 412,50" for a person, day or week; "+ 1 without wage" when shifts are not costed. */
function costText(costCents, uncosted, currency) {
  const parts = [];
  if (costCents != null) parts.push(formatMoney(costCents, currency));
  if (uncosted) parts.push(tn('manage.week.totals.uncosted', uncosted));
  return parts.join(' · ');
}

/** A person's totals cell: "31 / 32 h", red with a word when over the contract or the limit;
 *  their cost under it, or "no wage" when none of theirs applies. */
export function personTotalCell(person, currency) {
  if (!person) return el('td', { class: 'grid-total', text: '' });
  const over = person.overLimit ? 'limit' : person.overContract ? 'contract' : null;
  const text = person.contractMinutes != null
    ? t('manage.week.totals.ofContract', { hours: hours(person.minutes), contract: hours(person.contractMinutes) })
    : t('manage.week.totals.hours', { hours: hours(person.minutes) });
  const details = [];
  if (person.weeklyLimitMinutes != null) details.push(t('manage.week.totals.limit', { limit: hours(person.weeklyLimitMinutes) }));
  // The compact grid has no room for the cost line: it is in the cell's title there.
  const cost = !currency ? '' : person.costCents == null ? (person.shifts ? t('manage.week.totals.noWage') : '') : costText(person.costCents, person.uncostedShifts, currency);
  return el('td', {
    class: ['grid-total', over ? 'grid-over' : null],
    data: { userId: person.userId, minutes: person.minutes, over: over || '' },
    attrs: { title: [...details, cost].filter(Boolean).join(' · ') || null },
  }, [
    el('span', { class: 'grid-total-hours', text }),
    over ? el('span', { class: 'grid-over-word', text: over === 'limit' ? t('manage.week.totals.overLimit') : t('manage.week.totals.overContract') }) : null,
    !over && details.length ? el('span', { class: 'grid-total-detail', text: details.join(' · ') }) : null,
    cost ? el('span', { class: 'grid-total-cost', data: { costCents: person.costCents ?? '' }, text: cost }) : null,
  ]);
}

/** A day's totals in words: "3 people · 21 h" (and the open shifts, if any; the cost with a currency). */
export function dayText(day, currency) {
  const parts = [tn('manage.week.totals.people', day.headcount), t('manage.week.totals.hours', { hours: hours(day.minutes) })];
  if (day.openShifts) parts.push(tn('manage.week.totals.open', day.openShifts));
  // A day's cell is narrow: its cost only (the shifts without a wage are counted in the week's total).
  if (currency && day.costCents) parts.push(formatMoney(day.costCents, currency));
  return parts.join(' · ');
}

/** The week's cost against the budget: "€ 3.120 of € 3.000 budget", red when over. */
function weekCost(week, currency) {
  if (!currency || !week) return null;
  const cost = formatMoney(week.costCents ?? 0, currency);
  const text = week.budgetCents != null
    ? t('manage.week.totals.ofBudget', { cost, budget: formatMoney(week.budgetCents, currency) })
    : cost;
  return el('span', {
    class: ['grid-total-cost', week.overBudget ? 'grid-over' : null],
    data: { costCents: week.costCents ?? 0, overBudget: week.overBudget ? 'true' : 'false' },
  }, [
    el('span', { text }),
    week.overBudget ? el('span', { class: 'grid-over-word', text: t('manage.week.totals.overBudget') }) : null,
    week.uncostedShifts ? el('span', { class: 'grid-total-detail grid-uncosted', text: tn('manage.week.totals.uncosted', week.uncostedShifts) }) : null,
  ]);
}

/** The footer row: per day (people, hours, cost), then the week's total and its cost. */
export function footerRow(week, days, currency) {
  const byDate = new Map((week?.days || []).map((day) => [day.date, day]));
  return el('tr', { class: 'grid-totals-row' }, [
    el('th', { attrs: { scope: 'row' }, class: 'grid-person', text: t('manage.week.totals.dayRow') }),
    ...days.map((date, index) => {
      const day = byDate.get(date) || { headcount: 0, minutes: 0, openShifts: 0 };
      // The cost on a line of its own: the compact grid's narrow cells would cut it off the end.
      return el('td', { class: ['grid-day-total', `day-${index}`], data: { date, minutes: day.minutes, headcount: day.headcount } }, [
        dayText(day),
        currency && day.costCents ? el('span', { class: 'grid-total-cost', data: { costCents: day.costCents }, text: formatMoney(day.costCents, currency) }) : null,
      ]);
    }),
    el('td', { class: ['grid-total', 'grid-week-total'], data: { minutes: week?.minutes ?? 0 } }, [
      el('strong', { text: t('manage.week.totals.hours', { hours: hours(week?.minutes ?? 0) }) }),
      el('span', { class: 'grid-total-detail', text: tn('manage.week.totals.people', week?.headcount ?? 0) }),
      weekCost(week, currency),
    ]),
  ]);
}

/** The employee's footer: their own week's hours only. */
export function myFooterRow(minutes, columns) {
  return el('tr', { class: 'grid-totals-row grid-my-total' }, [
    el('th', { attrs: { scope: 'row' }, class: 'grid-person', text: t('week.myTotal') }),
    el('td', { class: 'grid-my-hours', attrs: { colspan: String(columns) }, data: { minutes }, text: t('week.myHours', { hours: hours(minutes) }) }),
  ]);
}

/** On a phone, the shown day's totals above the list (managers). */
export function dayTotalsLine(week, date, currency) {
  const day = (week?.days || []).find((candidate) => candidate.date === date) || { headcount: 0, minutes: 0, openShifts: 0 };
  return el('p', { class: 'day-totals small', data: { date } }, [
    el('span', { class: 'visually-hidden', text: t('manage.week.totals.dayRow') }), dayText(day, currency),
  ]);
}

/** The compact grid's switch (a checkbox), remembered in localStorage. */
export function compactToggle(checked, onChange) {
  const input = el('input', { attrs: { type: 'checkbox', id: 'week-compact', name: 'compact' } });
  input.checked = checked;
  input.addEventListener('change', () => { rememberCompact(input.checked); onChange(); document.getElementById('week-compact')?.focus(); });
  return el('label', { class: 'inline', attrs: { for: 'week-compact' } }, [input, el('span', { text: t('week.compact') })]);
}
