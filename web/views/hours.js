// My hours: an employee's own month from GET /timeclock/my-hours — each day worked against
// scheduled, breaks and paid time, overtime so far this week and month, and which periods a
// manager has approved (approved periods are locked for payroll).

import { el, viewHeader, emptyState, formatDate, formatMinutes, todayInWorkplace } from '../ui.js';
import { t, formatNumber, formatDuration } from '../i18n.js';

/// Day statuses and attention marks with words in the catalogue (`hours.status.*`, `hours.attention.*`).
const STATUSES = new Set(['present', 'absent', 'odd_punches', 'day_off', 'upcoming', 'not_scheduled', 'not_employed']);
const ATTENTIONS = new Set(['odd_punches', 'missing_check_out', 'worked_without_shift', 'shift_without_punches', 'late', 'early']);
const statusWord = (status) => (STATUSES.has(status) ? t(`hours.status.${status}`) : status);
const attentionWord = (mark) => (ATTENTIONS.has(mark) ? t(`hours.attention.${mark}`) : mark);

export function absenceRule() {
  return el('p', { class: 'small muted', data: { rule: 'absence' } }, t('hours.absenceRule'));
}

function approvedOn(date, approvals) {
  return approvals.some((a) => a.locked && a.from <= date && date <= a.to);
}

function table(hours) {
  const rows = hours.days.map(({ day, attention }) => el('tr', { class: `day-${day.status}`, data: { date: day.date } }, [
    el('td', { text: formatDate(day.date) }),
    el('td', { text: statusWord(day.status) }),
    el('td', { class: 'n', text: day.scheduledMinutes ? formatMinutes(day.scheduledMinutes) : '' }),
    el('td', { class: 'n', text: day.workedMinutes ? formatMinutes(day.workedMinutes) : '' }),
    el('td', { class: 'n', text: day.breakMinutes ? formatMinutes(day.breakMinutes) : '' }),
    el('td', { class: 'n', text: day.paidMinutes ? formatMinutes(day.paidMinutes) : '' }),
    el('td', { class: 'n', text: typeof day.overtimeMinutes === 'number' && day.status !== 'upcoming' ? formatMinutes(day.overtimeMinutes) : '' }),
    el('td', { text: approvedOn(day.date, hours.approvals) ? t('hours.approved') : '' }),
    el('td', { class: 'small', text: attention.map(attentionWord).join(t('hours.attentionJoin')) }),
  ]));
  return el('div', { class: 'table-scroll', attrs: { role: 'region', 'aria-label': t('hours.myDays'), tabindex: '0' } }, [
    el('table', { class: 'data-table hours-table' }, [
      el('thead', {}, el('tr', {}, ['day', 'status', 'scheduled', 'worked', 'break', 'paid', 'overtime', 'approved', 'attention'].map((h) => el('th', { text: t(`hours.col.${h}`), attrs: { scope: 'col' } })))),
      el('tbody', {}, rows),
    ]),
  ]);
}

function summary(hours) {
  const pairs = [
    [t('hours.worked'), formatMinutes(hours.workedMinutes) || formatDuration(0)],
    [t('hours.breaks'), formatMinutes(hours.breakMinutes) || formatDuration(0)],
    [t('hours.paid'), formatMinutes(hours.paidMinutes) || formatDuration(0)],
    [t('hours.scheduled'), formatMinutes(hours.scheduledMinutes) || formatDuration(0)],
    [t('hours.weekOvertime'), formatMinutes(hours.weekOvertimeMinutes) || formatDuration(0)],
    [t('hours.monthOvertime'), formatMinutes(hours.monthOvertimeMinutes) || formatDuration(0)],
    [t('hours.absences'), formatNumber(hours.absences)],
  ];
  return el('dl', { class: 'summary-list', data: { summary: 'hours' } }, pairs.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })]));
}

function approvalsList(hours) {
  if (!hours.approvals.length) return emptyState(t('hours.noApprovals'));
  return el('ul', { class: 'plain-list' }, hours.approvals.map((a) => el('li', { data: { approvalId: a.id } },
    a.locked
      ? t('hours.approvedBy', { from: formatDate(a.from), to: formatDate(a.to), name: a.approvedByName })
      : t('hours.unlockedBy', { from: formatDate(a.from), to: formatDate(a.to), name: a.unlockedByName, reason: a.unlockReason }))));
}

export default {
  id: 'hours',
  get title() { return t('views.hours'); },
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    const month = el('input', { attrs: { type: 'month', name: 'month', value: todayInWorkplace().slice(0, 7), 'aria-label': t('hours.month') } });
    const body = el('div');
    const load = async () => {
      const hours = await ctx.api('GET', `/timeclock/my-hours?month=${encodeURIComponent(month.value)}`);
      body.replaceChildren(
        summary(hours),
        absenceRule(),
        el('h3', { text: t('hours.approvedPeriods') }),
        approvalsList(hours),
        el('h3', { text: t('hours.days') }),
        table(hours),
        el('p', { class: 'small muted', text: t('hours.timesIn', { zone: hours.timeZone }) }),
      );
    };
    month.addEventListener('change', () => load().catch((error) => ctx.say(ctx.explain(error), 'error')));
    // manager.css's .manager-view lets the days table scroll inside its region instead of widening a phone's page.
    container.classList.add('manager-view');
    container.replaceChildren(viewHeader(t('hours.heading'), el('label', {}, [t('hours.monthLabel'), month])), body);
    await load();
  },
};
