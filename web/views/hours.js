// My hours: an employee's own month from GET /timeclock/my-hours — each day worked against
// scheduled, breaks and paid time, overtime so far this week and month, and which periods a
// manager has approved (approved periods are locked for payroll).

import { el, viewHeader, emptyState, formatDate, formatMinutes, todayInWorkplace } from '../ui.js';

const statusWords = {
  present: 'Worked', absent: 'Absent', odd_punches: 'Punch missing', day_off: 'Day off', upcoming: 'Upcoming',
  not_scheduled: 'Not scheduled', not_employed: 'Not employed',
};
const attentionWords = {
  odd_punches: 'punch without partner', missing_check_out: 'no check-out', worked_without_shift: 'worked without a shift',
  shift_without_punches: 'shift without punches', late: 'late', early: 'left early',
};

export function absenceRule() {
  return el('p', { class: 'small muted', data: { rule: 'absence' } },
    'An absence is a day on which you had a scheduled shift (or, if you work the fixed weekly quota, a working day) '
    + 'inside your employment period, and did not check in. Days before you joined or after you left are never absences. '
    + 'Paid time is worked time minus breaks; overtime is measured on paid time.');
}

function approvedOn(date, approvals) {
  return approvals.some((a) => a.locked && a.from <= date && date <= a.to);
}

function table(hours) {
  const rows = hours.days.map(({ day, attention }) => el('tr', { class: `day-${day.status}`, data: { date: day.date } }, [
    el('td', { text: formatDate(day.date) }),
    el('td', { text: statusWords[day.status] || day.status }),
    el('td', { class: 'n', text: day.scheduledMinutes ? formatMinutes(day.scheduledMinutes) : '' }),
    el('td', { class: 'n', text: day.workedMinutes ? formatMinutes(day.workedMinutes) : '' }),
    el('td', { class: 'n', text: day.breakMinutes ? formatMinutes(day.breakMinutes) : '' }),
    el('td', { class: 'n', text: day.paidMinutes ? formatMinutes(day.paidMinutes) : '' }),
    el('td', { class: 'n', text: typeof day.overtimeMinutes === 'number' && day.status !== 'upcoming' ? formatMinutes(day.overtimeMinutes) : '' }),
    el('td', { text: approvedOn(day.date, hours.approvals) ? 'Approved' : '' }),
    el('td', { class: 'small', text: attention.map((a) => attentionWords[a] || a).join(', ') }),
  ]));
  return el('div', { class: 'table-scroll', attrs: { role: 'region', 'aria-label': 'My days', tabindex: '0' } }, [
    el('table', { class: 'data-table hours-table' }, [
      el('thead', {}, el('tr', {}, ['Day', 'Status', 'Scheduled', 'Worked', 'Break', 'Paid', 'Overtime', 'Approved', 'Needs a look'].map((h) => el('th', { text: h, attrs: { scope: 'col' } })))),
      el('tbody', {}, rows),
    ]),
  ]);
}

function summary(hours) {
  const pairs = [
    ['Worked', formatMinutes(hours.workedMinutes) || '0 min'],
    ['Breaks', formatMinutes(hours.breakMinutes) || '0 min'],
    ['Paid', formatMinutes(hours.paidMinutes) || '0 min'],
    ['Scheduled', formatMinutes(hours.scheduledMinutes) || '0 min'],
    ['Overtime this week so far', formatMinutes(hours.weekOvertimeMinutes) || '0 min'],
    ['Overtime this month so far', formatMinutes(hours.monthOvertimeMinutes) || '0 min'],
    ['Absences', String(hours.absences)],
  ];
  return el('dl', { class: 'summary-list', data: { summary: 'hours' } }, pairs.flatMap(([k, v]) => [el('dt', { text: k }), el('dd', { text: v })]));
}

function approvalsList(hours) {
  if (!hours.approvals.length) return emptyState('No period of this month has been approved yet.');
  return el('ul', { class: 'plain-list' }, hours.approvals.map((a) => el('li', { data: { approvalId: a.id } },
    `${formatDate(a.from)} – ${formatDate(a.to)}: ${a.locked ? `approved by ${a.approvedByName}` : `unlocked by ${a.unlockedByName} (${a.unlockReason})`}`)));
}

export default {
  id: 'hours',
  title: 'My hours',
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    const month = el('input', { attrs: { type: 'month', name: 'month', value: todayInWorkplace().slice(0, 7), 'aria-label': 'Month' } });
    const body = el('div');
    const load = async () => {
      const hours = await ctx.api('GET', `/timeclock/my-hours?month=${encodeURIComponent(month.value)}`);
      body.replaceChildren(
        summary(hours),
        absenceRule(),
        el('h3', { text: 'Approved periods' }),
        approvalsList(hours),
        el('h3', { text: 'Days' }),
        table(hours),
        el('p', { class: 'small muted', text: `Times in ${hours.timeZone}.` }),
      );
    };
    month.addEventListener('change', () => load().catch((error) => ctx.say(ctx.explain(error), 'error')));
    container.replaceChildren(viewHeader('My hours', el('label', {}, ['Month ', month])), body);
    await load();
  },
};
