// Timesheets (managers): review a week or month per person or for everyone, the days that need
// attention first (odd punches, missing check-out, worked without a shift, shift without punches,
// late or early beyond a threshold), fix them on the Punches page, approve. Approved periods are
// locked against punch edits until a manager unlocks them with a reason; both stay on record.

import { el, viewHeader, emptyState, formatDate, formatMinutes, formatInstant, todayInWorkplace, confirmDialog, actionButton } from '../ui.js';

const attentionWords = {
  odd_punches: 'Punch without partner', missing_check_out: 'No check-out', worked_without_shift: 'Worked without a shift',
  shift_without_punches: 'Shift without punches', late: 'Late', early: 'Left early',
};

function addDays(text, days) {
  const [y, m, d] = text.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return date.toISOString().slice(0, 10);
}

/** Monday to Sunday of last week, in the workplace's calendar. */
function lastWeek() {
  const today = todayInWorkplace();
  const [y, m, d] = today.split('-').map(Number);
  const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  const monday = addDays(today, -weekday - 7);
  return [monday, addDays(monday, 6)];
}

function dayRow(entry) {
  const { day, attention, lateMinutes, earlyMinutes } = entry;
  const words = attention.map((a) => (a === 'late' ? `Late ${formatMinutes(lateMinutes)}` : a === 'early' ? `Left ${formatMinutes(earlyMinutes)} early` : attentionWords[a] || a));
  return el('tr', { class: attention.length ? 'needs-attention' : '', data: { date: day.date } }, [
    el('td', { text: formatDate(day.date) }),
    el('td', { text: day.status.replaceAll('_', ' ') }),
    el('td', { class: 'n', text: day.scheduledMinutes ? formatMinutes(day.scheduledMinutes) : '' }),
    el('td', { class: 'n', text: day.workedMinutes ? formatMinutes(day.workedMinutes) : '' }),
    el('td', { class: 'n', text: day.breakMinutes ? formatMinutes(day.breakMinutes) : '' }),
    el('td', { class: 'n', text: day.paidMinutes ? formatMinutes(day.paidMinutes) : '' }),
    el('td', { text: words.join(', ') }),
  ]);
}

export default {
  id: 'timesheets',
  title: 'Timesheets',
  roles: ['manager'],
  async render(container, ctx) {
    const [monday, sunday] = lastWeek();
    const form = el('form', { class: 'filters', data: { form: 'timesheet-review' } }, [
      el('label', {}, ['From ', el('input', { attrs: { type: 'date', name: 'from', value: monday, required: true } })]),
      el('label', {}, ['To ', el('input', { attrs: { type: 'date', name: 'to', value: sunday, required: true } })]),
      el('label', {}, ['Late/early beyond (min) ', el('input', { attrs: { type: 'number', name: 'threshold', min: '0', max: '240', value: '15' } })]),
      el('button', { class: 'button primary', text: 'Review', attrs: { type: 'submit' }, data: { action: 'review' } }),
    ]);
    const body = el('div');
    const range = () => ({ from: form.elements.from.value, to: form.elements.to.value });

    const approve = async (userID, name) => {
      const { from, to } = range();
      const answer = await confirmDialog({
        title: `Approve ${name}?`, message: `${formatDate(from)} – ${formatDate(to)} will be locked: punch edits are refused until a manager unlocks it with a reason.`,
        confirmText: 'Approve',
      });
      if (!answer) return;
      const body = { from, to };
      if (userID) body.userID = userID;
      const approved = await ctx.api('POST', '/timesheets/approvals', body);
      ctx.say(`Approved ${approved.length === 1 ? approved[0].displayName : `${approved.length} people`} for ${formatDate(from)} – ${formatDate(to)}.`, 'ok');
      await load();
    };

    const unlock = async (approval) => {
      const answer = await confirmDialog({
        title: `Unlock ${approval.displayName}, ${formatDate(approval.from)} – ${formatDate(approval.to)}?`,
        message: 'Say why: the reason stays on record with the approval.', noteLabel: 'Reason', confirmText: 'Unlock', danger: true,
      });
      if (!answer) return;
      await ctx.api('POST', `/timesheets/approvals/${approval.id}/unlock`, { reason: answer.note });
      ctx.say('Unlocked: punches in that period can be changed again.', 'ok');
      await load();
    };

    const load = async () => {
      const { from, to } = range();
      const threshold = form.elements.threshold.value || '15';
      const [review, approvals] = await Promise.all([
        ctx.api('GET', `/timesheets?from=${from}&to=${to}&threshold=${encodeURIComponent(threshold)}`),
        ctx.api('GET', `/timesheets/approvals?from=${from}&to=${to}`),
      ]);
      const members = review.members.map((member) => el('section', { class: 'card timesheet', data: { userId: member.userID } }, [
        el('h3', { text: member.name }),
        el('p', { class: 'small' }, [
          member.approved ? el('span', { class: 'badge status-approved', text: 'Approved' }) : null,
          member.attentionDays ? el('span', { class: 'badge status-pending_approval', text: `${member.attentionDays} day${member.attentionDays === 1 ? '' : 's'} need a look` }) : el('span', { class: 'badge status-open', text: 'Nothing odd' }),
          ` Worked ${formatMinutes(member.workedMinutes) || '0 min'} · breaks ${formatMinutes(member.breakMinutes) || '0 min'} · paid ${formatMinutes(member.paidMinutes) || '0 min'} · scheduled ${formatMinutes(member.scheduledMinutes) || '0 min'}`,
        ]),
        el('div', { class: 'table-scroll', attrs: { role: 'region', 'aria-label': `Days of ${member.name}`, tabindex: '0' } }, [
          el('table', { class: 'data-table' }, [
            el('thead', {}, el('tr', {}, ['Day', 'Status', 'Scheduled', 'Worked', 'Break', 'Paid', 'Needs attention'].map((h) => el('th', { text: h, attrs: { scope: 'col' } })))),
            el('tbody', {}, member.days.map(dayRow)),
          ]),
        ]),
        el('p', {}, [
          member.attentionDays ? el('a', { class: 'button secondary', text: 'Fix punches', attrs: { href: '#/punches' } }) : null,
          member.approved ? null : actionButton('approve-timesheet', `Approve ${member.name}`, () => approve(member.userID, member.name).catch((e) => ctx.say(ctx.explain(e), 'error')), { kind: 'primary' }),
        ]),
      ]));
      const trail = approvals.length
        ? el('ul', { class: 'plain-list' }, approvals.map((a) => el('li', { data: { approvalId: a.id } }, [
          `${a.displayName}: ${formatDate(a.from)} – ${formatDate(a.to)}, approved by ${a.approvedByName} ${formatInstant(a.approvedAt)}`,
          a.locked ? ' (locked) ' : `; unlocked by ${a.unlockedByName} ${formatInstant(a.unlockedAt)}: “${a.unlockReason}”`,
          a.locked ? actionButton('unlock-timesheet', 'Unlock', () => unlock(a).catch((e) => ctx.say(ctx.explain(e), 'error'))) : null,
        ])))
        : emptyState('No approvals in this period yet.');
      body.replaceChildren(
        el('p', {}, [actionButton('approve-everyone', 'Approve everyone', () => approve(null, 'everyone').catch((e) => ctx.say(ctx.explain(e), 'error')), { kind: 'primary' })]),
        ...(members.length ? members : [emptyState('Nobody was employed in this period.')]),
        el('h3', { text: 'Approvals and unlocks' }),
        trail,
      );
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      load().catch((error) => ctx.say(ctx.explain(error), 'error'));
    });
    container.replaceChildren(viewHeader('Timesheets'), form, body);
    await load();
  },
};
