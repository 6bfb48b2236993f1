// Timesheets (managers): review a week or month per person or for everyone, the days that need
// attention first (odd punches, missing check-out, worked without a shift, shift without punches,
// late or early beyond a threshold), fix them on the Punches page, approve. Approved periods are
// locked against punch edits until a manager unlocks them with a reason; both stay on record.

import { el, viewHeader, emptyState, formatDate, formatInstant, todayInWorkplace, confirmDialog, actionButton } from '../ui.js';
import { t, tn, formatDuration } from '../i18n.js';

/** Whole minutes the language's way ("7 h 30 min" / "7 u 30 min"); blank for no number. */
const formatMinutes = (minutes) => (typeof minutes === 'number' && Number.isFinite(minutes) ? formatDuration(Math.round(minutes)) : '');

const attentionWords = {
  odd_punches: 'manage.timesheets.attention.oddPunches', missing_check_out: 'manage.timesheets.attention.missingCheckOut', worked_without_shift: 'manage.timesheets.attention.workedWithoutShift',
  shift_without_punches: 'manage.timesheets.attention.shiftWithoutPunches', late: 'manage.timesheets.attention.late', early: 'manage.timesheets.attention.early',
};

/** The words for a day's timeclock status (present, absent, day off…). */
const DAY_STATUS_WORDS = {
  present: 'manage.reports.day.present', absent: 'manage.reports.day.absent', odd_punches: 'manage.reports.day.oddPunches',
  day_off: 'manage.reports.day.dayOff', upcoming: 'manage.reports.day.upcoming',
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
  const words = attention.map((a) => (a === 'late' ? t('manage.timesheets.attention.lateBy', { duration: formatMinutes(lateMinutes) }) : a === 'early' ? t('manage.timesheets.attention.earlyBy', { duration: formatMinutes(earlyMinutes) }) : attentionWords[a] ? t(attentionWords[a]) : a));
  return el('tr', { class: attention.length ? 'needs-attention' : '', data: { date: day.date } }, [
    el('td', { text: formatDate(day.date) }),
    el('td', { text: DAY_STATUS_WORDS[day.status] ? t(DAY_STATUS_WORDS[day.status]) : day.status.replaceAll('_', ' ') }),
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
  const select = el('select', { attrs: { name: 'userID', 'aria-label': t('manage.timesheets.member') } },
    members.map((member) => el('option', { text: member.displayName, attrs: { value: member.id } })));
  const terms = el('form', { class: 'inline-form', data: { form: 'employment' } }, [
    el('label', {}, [`${t('manage.timesheets.member')} `, select]),
    el('label', {}, [`${t('manage.timesheets.employedFrom')} `, el('input', { attrs: { type: 'date', name: 'start' } })]),
    el('label', {}, [`${t('manage.timesheets.employedUntil')} `, el('input', { attrs: { type: 'date', name: 'end' } })]),
    el('label', {}, [`${t('manage.timesheets.contractHours')} `, el('input', { attrs: { type: 'number', name: 'contractHours', min: '0', max: '168', step: '0.25' } })]),
    el('label', { class: 'inline' }, [el('input', { attrs: { type: 'checkbox', name: 'worksFixedQuota' } }), ` ${t('manage.timesheets.fixedQuota')}`]),
    el('button', { class: 'button primary', text: t('manage.timesheets.saveTerms'), attrs: { type: 'submit', 'data-action': 'save-employment' } }),
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
      ctx.say(t('manage.timesheets.termsSaved'), 'ok');
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    }
  });
  await fill().catch(() => {});

  const first = (rules.breakRules || [])[0] || {};
  const breaks = el('form', { class: 'inline-form', data: { form: 'break-rules' } }, [
    el('label', {}, [`${t('manage.timesheets.breakAfter')} `, el('input', { attrs: { type: 'number', name: 'afterMinutes', min: '0', max: '1500', value: first.afterMinutes ?? '' } })]),
    el('label', {}, [`${t('manage.timesheets.breakLength')} `, el('input', { attrs: { type: 'number', name: 'breakMinutes', min: '1', max: '240', value: first.breakMinutes ?? '' } })]),
    el('button', { class: 'button primary', text: t('manage.timesheets.saveBreakRule'), attrs: { type: 'submit', 'data-action': 'save-break-rule' } }),
  ]);
  breaks.addEventListener('submit', async (event) => {
    event.preventDefault();
    const after = breaks.elements.afterMinutes.value;
    const minutes = breaks.elements.breakMinutes.value;
    const breakRules = after === '' || minutes === '' ? [] : [{ afterMinutes: Number(after), breakMinutes: Number(minutes) }];
    try {
      await ctx.api('PUT', '/timeclock/rules', { breakRules });
      ctx.say(breakRules.length ? t('manage.timesheets.breakRuleSaved') : t('manage.timesheets.noBreakRule'), 'ok');
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    }
  });
  return el('div', {}, [
    el('section', { class: 'card' }, [
      el('h3', { text: t('manage.timesheets.terms') }),
      el('p', { class: 'small muted', text: t('manage.timesheets.termsHint') }),
      terms,
    ]),
    el('section', { class: 'card' }, [
      el('h3', { text: t('manage.timesheets.breaks') }),
      el('p', { class: 'small muted', text: t('manage.timesheets.breaksHint') }),
      breaks,
    ]),
  ]);
}

export default {
  id: 'timesheets',
  get title() { return t('manage.timesheets.title'); },
  roles: ['manager'],
  async render(container, ctx) {
    const [monday, sunday] = lastWeek();
    const form = el('form', { class: 'filters', data: { form: 'timesheet-review' } }, [
      el('label', {}, [`${t('manage.timesheets.from')} `, el('input', { attrs: { type: 'date', name: 'from', value: monday, required: true } })]),
      el('label', {}, [`${t('manage.timesheets.to')} `, el('input', { attrs: { type: 'date', name: 'to', value: sunday, required: true } })]),
      el('label', {}, [`${t('manage.timesheets.threshold')} `, el('input', { attrs: { type: 'number', name: 'threshold', min: '0', max: '240', value: '15' } })]),
      el('button', { class: 'button primary', text: t('manage.timesheets.review'), attrs: { type: 'submit' }, data: { action: 'review' } }),
    ]);
    const body = el('div');
    const range = () => ({ from: form.elements.from.value, to: form.elements.to.value });

    const approve = async (userID, name) => {
      const { from, to } = range();
      const answer = await confirmDialog({
        title: userID ? t('manage.timesheets.approveTitle', { name }) : t('manage.timesheets.approveEveryoneTitle'),
        message: t('manage.timesheets.approveMessage', { from: formatDate(from), to: formatDate(to) }),
        confirmText: t('manage.timesheets.approve'),
      });
      if (!answer) return;
      const body = { from, to };
      if (userID) body.userID = userID;
      const approved = await ctx.api('POST', '/timesheets/approvals', body);
      const period = { from: formatDate(from), to: formatDate(to) };
      ctx.say(approved.length === 1 ? t('manage.timesheets.approvedOne', { name: approved[0].displayName, ...period }) : tn('manage.timesheets.approvedMany', approved.length, period), 'ok');
      await load();
    };

    const unlock = async (approval) => {
      const answer = await confirmDialog({
        title: t('manage.timesheets.unlockTitle', { name: approval.displayName, from: formatDate(approval.from), to: formatDate(approval.to) }),
        message: t('manage.timesheets.unlockMessage'), noteLabel: t('manage.timesheets.reason'), confirmText: t('manage.timesheets.unlock'), danger: true,
      });
      if (!answer) return;
      await ctx.api('POST', `/timesheets/approvals/${approval.id}/unlock`, { reason: answer.note });
      ctx.say(t('manage.timesheets.unlocked'), 'ok');
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
          member.approved ? el('span', { class: 'badge status-approved', text: t('manage.timesheets.approved') }) : null,
          member.attentionDays ? el('span', { class: 'badge status-pending_approval', text: tn('manage.timesheets.needLook', member.attentionDays) }) : el('span', { class: 'badge status-open', text: t('manage.timesheets.nothingOdd') }),
          ` ${t('manage.timesheets.totals', { worked: formatMinutes(member.workedMinutes || 0), breaks: formatMinutes(member.breakMinutes || 0), paid: formatMinutes(member.paidMinutes || 0), scheduled: formatMinutes(member.scheduledMinutes || 0) })}`,
        ]),
        el('div', { class: 'table-scroll', attrs: { role: 'region', 'aria-label': t('manage.timesheets.daysOf', { name: member.name }), tabindex: '0' } }, [
          el('table', { class: 'data-table' }, [
            el('thead', {}, el('tr', {}, ['manage.timesheets.column.day', 'manage.timesheets.column.status', 'manage.timesheets.column.scheduled', 'manage.timesheets.column.worked', 'manage.timesheets.column.break', 'manage.timesheets.column.paid', 'manage.timesheets.column.attention'].map((key) => el('th', { text: t(key), attrs: { scope: 'col' } })))),
            el('tbody', {}, member.days.map(dayRow)),
          ]),
        ]),
        el('p', {}, [
          member.attentionDays ? el('a', { class: 'button secondary', text: t('manage.timesheets.fixPunches'), attrs: { href: '#/punches' } }) : null,
          member.approved ? null : actionButton('approve-timesheet', t('manage.timesheets.approveName', { name: member.name }), () => approve(member.userID, member.name).catch((e) => ctx.say(ctx.explain(e), 'error')), { kind: 'primary' }),
        ]),
      ]));
      const trail = approvals.length
        ? el('ul', { class: 'plain-list' }, approvals.map((a) => el('li', { data: { approvalId: a.id } }, [
          t('manage.timesheets.trail', { name: a.displayName, from: formatDate(a.from), to: formatDate(a.to), manager: a.approvedByName, at: formatInstant(a.approvedAt) }),
          a.locked ? ` ${t('manage.timesheets.locked')} ` : t('manage.timesheets.unlockedBy', { manager: a.unlockedByName, at: formatInstant(a.unlockedAt), reason: a.unlockReason }),
          a.locked ? actionButton('unlock-timesheet', t('manage.timesheets.unlock'), () => unlock(a).catch((e) => ctx.say(ctx.explain(e), 'error'))) : null,
        ])))
        : emptyState(t('manage.timesheets.noApprovals'));
      body.replaceChildren(
        el('p', {}, [actionButton('approve-everyone', t('manage.timesheets.approveEveryone'), () => approve(null, null).catch((e) => ctx.say(ctx.explain(e), 'error')), { kind: 'primary' })]),
        ...(members.length ? members : [emptyState(t('manage.timesheets.nobody'))]),
        el('h3', { text: t('manage.timesheets.trailHeading') }),
        trail,
      );
    };
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      load().catch((error) => ctx.say(ctx.explain(error), 'error'));
    });
    // manager-view: its grid lets wide tables scroll inside .table-scroll instead of widening the page.
    container.classList.add('manager-view', 'timesheets-view');
    container.replaceChildren(viewHeader(t('manage.timesheets.title')), form, body, await settingsCards(ctx));
    await load();
  },
};
