// Time off (everyone): ask for days or part of a day off with a reason, see what the manager
// decided (and their note), withdraw a request. Approved time off blocks receiving shifts in it;
// shifts already mine inside it go to the marketplace when a manager approves. Kept current live
// by the `time_off.*` events.

import { el, viewHeader, emptyState, actionButton, withBusy, confirmDialog, formatDate, todayInWorkplace, statusBadge } from '../ui.js';

let state = null;

export const STATUS_WORDS = {
  pending: 'Waiting for a manager',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** "Mon 8 Jun – Fri 12 Jun", "Tue 9 Jun 09:00–13:00". */
export function periodText(item) {
  const first = formatDate(item.firstDate);
  const last = item.lastDate !== item.firstDate ? formatDate(item.lastDate) : null;
  if (!item.startTime && !item.endTime) return last ? `${first} – ${last} (whole days)` : `${first} (whole day)`;
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
  const reason = el('input', { attrs: { name: 'reason', maxlength: '1000', autocomplete: 'off', placeholder: 'e.g. holiday, dentist' } });
  const submit = el('button', { class: 'button primary', text: 'Ask for time off', attrs: { type: 'submit' }, data: { action: 'request-time-off' } });
  const form = el('form', { class: 'card time-off-form', attrs: { 'aria-labelledby': 'time-off-ask' } }, [
    el('h3', { text: 'Ask for time off', attrs: { id: 'time-off-ask' } }),
    el('p', { class: 'muted small', text: 'Leave the times empty for whole days. A manager approves or declines; your shifts in an approved period go to the marketplace (you cover them until someone picks them up).' }),
    el('div', { class: 'form-row' }, [
      el('label', {}, [el('span', { text: 'First day' }), first]),
      el('label', {}, [el('span', { text: 'Last day (optional)' }), last]),
      el('label', {}, [el('span', { text: 'From (optional)' }), start]),
      el('label', {}, [el('span', { text: 'Until (optional)' }), end]),
    ]),
    el('label', { class: 'note-field' }, [el('span', { text: 'Reason' }), reason]),
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
    }, 'Asked. A manager decides; you get a notification.');
  });
  return form;
}

function row(item, ctx) {
  const actions = [];
  if (item.status === 'pending' || item.status === 'approved') {
    actions.push(actionButton('withdraw-time-off', 'Withdraw', async (button) => {
      const sure = await confirmDialog({
        title: 'Withdraw this time off?',
        message: item.status === 'approved'
          ? 'Shifts already released stay on the marketplace; ask a manager if you want one back.'
          : 'The request leaves the managers\u2019 queue.',
        confirmText: 'Withdraw',
      });
      if (!sure) return;
      await withBusy(button, async () => {
        await ctx.api('POST', `/time-off/${item.id}/withdraw`);
        await reload(ctx);
      }, 'Withdrawn.');
    }));
  }
  return el('li', { class: 'row time-off', data: { timeOffId: item.id, status: item.status } }, [
    el('div', { class: 'row-main' }, [
      el('p', { class: 'row-title' }, [el('strong', { text: periodText(item) }), ' ', statusBadge(item.status, STATUS_WORDS[item.status] ?? item.status)]),
      item.reason ? el('p', { class: 'small', text: item.reason }) : null,
      item.managerNote ? el('p', { class: 'small manager-note', text: `Manager: ${item.managerNote}` }) : null,
    ]),
    el('div', { class: 'row-actions' }, actions),
  ]);
}

function paint(ctx) {
  const { container, items } = state;
  container.replaceChildren(
    viewHeader('Time off'),
    requestForm(ctx),
    el('section', { attrs: { 'aria-labelledby': 'time-off-mine' } }, [
      el('h3', { text: 'My requests', attrs: { id: 'time-off-mine' } }),
      items.length ? el('ul', { class: 'list time-off-list' }, items.map((item) => row(item, ctx))) : emptyState('No time off asked for yet.'),
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
  title: 'Time off',
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
  return el('span', { class: 'badge grid-time-off', text: `Time off${part}`, data: { timeOffId: item.id } });
}
