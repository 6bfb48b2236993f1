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

/** Employment terms per member and the workplace's break rules: what the review is judged by. */
async function settingsCards(ctx) {
  const [users, rules] = await Promise.all([ctx.api('GET', '/users?includeInactive=true'), ctx.api('GET', '/timeclock/rules')]);
  const members = Array.isArray(users) ? users : (users.users || []);
  const select = el('select', { attrs: { name: 'userID', 'aria-label': 'Member' } },
    members.map((member) => el('option', { text: member.displayName, attrs: { value: member.id } })));
  const terms = el('form', { class: 'inline-form', data: { form: 'employment' } }, [
    el('label', {}, ['Member ', select]),
    el('label', {}, ['Employed from ', el('input', { attrs: { type: 'date', name: 'start' } })]),
    el('label', {}, ['until ', el('input', { attrs: { type: 'date', name: 'end' } })]),
    el('label', {}, ['Contract hours a week ', el('input', { attrs: { type: 'number', name: 'contractHours', min: '0', max: '168', step: '0.25' } })]),
    el('label', { class: 'inline' }, [el('input', { attrs: { type: 'checkbox', name: 'worksFixedQuota' } }), ' Works the fixed quota every working day']),
    el('button', { class: 'button primary', text: 'Save terms', attrs: { type: 'submit', 'data-action': 'save-employment' } }),
  ]);
  const fill = async () => {
    if (!select.value) return;
    const view = await ctx.api('GET', `/users/${select.value}/employment`);
    terms.elements.start.value = view.start || '';
    terms.elements.end.value = view.end || '';
    terms.elements.contractHours.value = typeof view.contractMinutesPerWeek === 'number' ? String(view.contractMinutesPerWeek / 60) : '';
    terms.elements.worksFixedQuota.checked = Boolean(view.worksFixedQuota);
  };
  select.addEventListener('change', () => fill().catch((error) => ctx.say(ctx.explain(error), 'error')));
  terms.addEventListener('submit', async (event) => {
    event.preventDefault();
    const hours = terms.elements.contractHours.value;
    const body = {
      end: terms.elements.end.value || null,
      contractMinutesPerWeek: hours === '' ? null : Math.round(Number(hours) * 60),
      worksFixedQuota: terms.elements.worksFixedQuota.checked,
    };
    if (terms.elements.start.value) body.start = terms.elements.start.value;
    try {
      await ctx.api('PUT', `/users/${select.value}/employment`, body);
      ctx.say('Employment terms saved.', 'ok');
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    }
  });
  await fill().catch(() => {});

  const first = (rules.breakRules || [])[0] || {};
  const breaks = el('form', { class: 'inline-form', data: { form: 'break-rules' } }, [
    el('label', {}, ['A day with more than (minutes) ', el('input', { attrs: { type: 'number', name: 'afterMinutes', min: '0', max: '1500', value: first.afterMinutes ?? '' } })]),
    el('label', {}, ['includes an unpaid break of (minutes) ', el('input', { attrs: { type: 'number', name: 'breakMinutes', min: '1', max: '240', value: first.breakMinutes ?? '' } })]),
    el('button', { class: 'button primary', text: 'Save break rule', attrs: { type: 'submit', 'data-action': 'save-break-rule' } }),
  ]);
  breaks.addEventListener('submit', async (event) => {
    event.preventDefault();
    const after = breaks.elements.afterMinutes.value;
    const minutes = breaks.elements.breakMinutes.value;
    const breakRules = after === '' || minutes === '' ? [] : [{ afterMinutes: Number(after), breakMinutes: Number(minutes) }];
    try {
      await ctx.api('PUT', '/timeclock/rules', { breakRules });
      ctx.say(breakRules.length ? 'Break rule saved.' : 'No break rule: breaks count only when punched.', 'ok');
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    }
  });
  return el('div', {}, [
    el('section', { class: 'card' }, [
      el('h3', { text: 'Employment terms' }),
      el('p', { class: 'small muted', text: 'Absences count only on days a person was expected: scheduled, or every working day for someone on the fixed quota, and only inside their employment. Contract hours scale the weekly quota for that person.' }),
      terms,
    ]),
    el('section', { class: 'card' }, [
      el('h3', { text: 'Breaks' }),
      el('p', { class: 'small muted', text: 'Applied to worked time unless the person punched a break at the kiosk. Leave empty for no rule.' }),
      breaks,
    ]),
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
    container.replaceChildren(viewHeader('Timesheets'), form, body, await settingsCards(ctx));
    await load();
  },
};
