// Time off (everyone): ask for days or part of a day off with a reason, see what the manager
// decided (and their note), withdraw a request. Approved time off blocks receiving shifts in it;
// shifts already mine inside it go to the marketplace when a manager approves. Kept current live
// by the `time_off.*` events.

import { el, viewHeader, emptyState, actionButton, withBusy, confirmDialog, formatDate, todayInWorkplace, statusBadge } from '../ui.js';
import { t } from '../i18n.js';

let state = null;

const STATUS_KEYS = {
  pending: 'manage.timeOff.status.pending',
  approved: 'manage.timeOff.status.approved',
  declined: 'manage.timeOff.status.declined',
  withdrawn: 'manage.timeOff.status.withdrawn',
};

/** A time-off request's status in words ("Waiting for a manager"); the code itself when unknown. */
export function statusWords(status) {
  return STATUS_KEYS[status] ? t(STATUS_KEYS[status]) : status;
}

/** "Mon 8 Jun – Fri 12 Jun", "Tue 9 Jun 09:00–13:00". */
export function periodText(item) {
  const first = formatDate(item.firstDate);
  const last = item.lastDate !== item.firstDate ? formatDate(item.lastDate) : null;
  if (!item.startTime && !item.endTime) return last ? t('manage.timeOff.wholeDays', { first, last }) : t('manage.timeOff.wholeDay', { first });
  const from = item.startTime ?? '00:00';
  const to = item.endTime ?? '24:00';
  return last ? `${first} ${from} – ${last} ${to}` : `${first} ${from}–${to}`;
}

function requestForm(ctx) {
  const today = todayInWorkplace();
  const first = el('input', { attrs: { type: 'date', name: 'firstDate', required: true, min: today } });
  const last = el('input', { attrs: { type: 'date', name: 'lastDate', min: today } });
  const start = el('input', { attrs: { type: 'time', name: 'startTime' } });
  const end = el('input', { attrs: { type: 'time', name: 'endTime' } });
  const reason = el('input', { attrs: { name: 'reason', maxlength: '1000', autocomplete: 'off', placeholder: t('manage.timeOff.reasonPlaceholder') } });
  const submit = el('button', { class: 'button primary', text: t('manage.timeOff.ask'), attrs: { type: 'submit' }, data: { action: 'request-time-off' } });
  const form = el('form', { class: 'card time-off-form', attrs: { 'aria-labelledby': 'time-off-ask' } }, [
    el('h3', { text: t('manage.timeOff.ask'), attrs: { id: 'time-off-ask' } }),
    el('p', { class: 'muted small', text: t('manage.timeOff.askHint') }),
    el('div', { class: 'form-row' }, [
      el('label', {}, [el('span', { text: t('manage.timeOff.firstDay') }), first]),
      el('label', {}, [el('span', { text: t('manage.timeOff.lastDay') }), last]),
      el('label', {}, [el('span', { text: t('manage.timeOff.from') }), start]),
      el('label', {}, [el('span', { text: t('manage.timeOff.until') }), end]),
    ]),
    el('label', { class: 'note-field' }, [el('span', { text: t('manage.timeOff.reason') }), reason]),
    submit,
  ]);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = { firstDate: first.value, reason: reason.value.trim() };
    if (last.value) body.lastDate = last.value;
    if (start.value) body.startTime = start.value;
    if (end.value) body.endTime = end.value;
    await withBusy(submit, async () => {
      await ctx.api('POST', '/time-off', body);
      form.reset();
      await reload(ctx);
    }, t('manage.timeOff.asked'));
  });
  return form;
}

function row(item, ctx) {
  const actions = [];
  if (item.status === 'pending' || item.status === 'approved') {
    actions.push(actionButton('withdraw-time-off', t('manage.timeOff.withdraw'), async (button) => {
      const sure = await confirmDialog({
        title: t('manage.timeOff.withdrawTitle'),
        message: item.status === 'approved' ? t('manage.timeOff.withdrawApproved') : t('manage.timeOff.withdrawPending'),
        confirmText: t('manage.timeOff.withdraw'),
      });
      if (!sure) return;
      await withBusy(button, async () => {
        await ctx.api('POST', `/time-off/${item.id}/withdraw`);
        await reload(ctx);
      }, t('manage.timeOff.withdrawn'));
    }));
  }
  return el('li', { class: 'row time-off', data: { timeOffId: item.id, status: item.status } }, [
    el('div', { class: 'row-main' }, [
      el('p', { class: 'row-title' }, [el('strong', { text: periodText(item) }), ' ', statusBadge(item.status, statusWords(item.status))]),
      item.reason ? el('p', { class: 'small', text: item.reason }) : null,
      item.managerNote ? el('p', { class: 'small manager-note', text: t('manage.timeOff.managerNote', { note: item.managerNote }) }) : null,
    ]),
    el('div', { class: 'row-actions' }, actions),
  ]);
}

function paint(ctx) {
  const { container, items } = state;
  container.replaceChildren(
    viewHeader(t('manage.timeOff.title')),
    requestForm(ctx),
    el('section', { attrs: { 'aria-labelledby': 'time-off-mine' } }, [
      el('h3', { text: t('manage.timeOff.mine'), attrs: { id: 'time-off-mine' } }),
      items.length ? el('ul', { class: 'list time-off-list' }, items.map((item) => row(item, ctx))) : emptyState(t('manage.timeOff.none')),
    ]),
  );
}

async function reload(ctx) {
  const items = await ctx.api('GET', '/time-off');
  if (!state?.container.isConnected) return;
  state.items = Array.isArray(items) ? items : [];
  paint(ctx);
}

export default {
  id: 'time-off',
  get title() { return t('manage.timeOff.title'); },
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    state = { container, items: [] };
    await reload(ctx);
  },
  onLive(message, ctx) {
    const type = message?.event?.type ?? message?.type;
    if (state?.container.isConnected && (String(type).startsWith('time_off.') || type === 'resync_required')) {
      reload(ctx).catch(() => {});
    }
  },
};

// ------------------------------------------------------------------ on the week grid

/** Approved time off touching the week from `monday` (managers: everyone's; others: their own). */
export async function weekTimeOff(ctx, monday, sunday) {
  const items = await ctx.api('GET', '/time-off?status=approved');
  return (Array.isArray(items) ? items : []).filter((item) => item.firstDate <= sunday && item.lastDate >= monday);
}

/** The "Time off" mark in a week-grid cell, or null when the person is not off that day. */
export function timeOffMark(items, userId, date) {
  const item = (items || []).find((entry) => entry.userId === userId && entry.firstDate <= date && entry.lastDate >= date);
  if (!item) return null;
  const part = item.startTime || item.endTime ? ` ${date === item.firstDate ? item.startTime ?? '00:00' : '00:00'}–${date === item.lastDate ? item.endTime ?? '24:00' : '24:00'}` : '';
  return el('span', { class: 'badge grid-time-off', text: `${t('manage.timeOff.mark')}${part}`, data: { timeOffId: item.id } });
}
