// My fixed shifts (employees): the weekly pattern my schedule is generated from, as the seed app's
// "+" allowed. Where the workplace lets employees manage their own (`employeesManageFixedShifts`)
// I add, change and end them here (POST/PATCH/DELETE /fixed-shifts, the server checks the same
// setting); otherwise the same buttons ask my manager (POST /fixed-shift-requests), my requests are
// listed with their outcome and the manager's note, and a pending one can be withdrawn. Live: the
// `fixed_shift_request.*` and `schedule.changed` events reload the page.

import { el, viewHeader, formatDate, confirmDialog, timeRange, actionButton, withBusy, statusBadge, emptyState } from '../ui.js';
import { WEEKDAYS, durationText, shiftFields, bodyFrom, field } from './fixed-shifts.js';

/** Reloads the page on screen (null while another view is shown). */
let reloadView = null;

export const REQUEST_STATUS_WORDS = {
  pending: 'Waiting for a manager',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** "Wednesday 09:00–13:00 · bar". */
function shiftText(shift) {
  return `${WEEKDAYS[shift.weekday - 1] ?? `Day ${shift.weekday}`} ${timeRange(shift)}${shift.position ? ` · ${shift.position}` : ''}`;
}

/** What a fixed-shift request asks, in words ("Change: Monday 09:00–17:00 → Tuesday 10:00–18:00"). */
export function fixedShiftRequestText(item) {
  const dates = [
    item.validFrom ? `from ${formatDate(item.validFrom, { long: true })}` : '',
    item.validUntil ? `until ${formatDate(item.validUntil, { long: true })}` : '',
  ].filter(Boolean).join(' ');
  const when = dates ? ` (${dates})` : '';
  const current = item.fixedShift;
  if (item.kind === 'add') return `New fixed shift: ${shiftText(item)}${when}`;
  if (item.kind === 'end') return `End fixed shift: ${current ? shiftText(current) : `#${item.fixedShiftId}`}`;
  const after = { ...(current ?? {}) };
  for (const key of ['weekday', 'startTime', 'durationMinutes', 'position']) {
    if (item[key] !== undefined && item[key] !== null) after[key] = item[key];
  }
  if (item.position === '') after.position = null;
  return `Change fixed shift: ${current ? `${shiftText(current)} → ` : ''}${shiftText(after)}${when}`;
}

function reasonField() {
  return field('Reason for your manager (optional)', el('input', { attrs: { name: 'reason', maxlength: '1000', autocomplete: 'off', placeholder: 'e.g. my classes moved' } }));
}

export default {
  id: 'my-fixed-shifts',
  title: 'My fixed shifts',
  roles: ['employee'],

  async render(container, ctx) {
    const allowed = ctx.me.workplace?.settings?.employeesManageFixedShifts !== false;
    const list = el('ul', { class: 'list fixed-shift-list', attrs: { id: 'my-fixed-shift-list', 'aria-live': 'polite' } });
    const requestList = el('ul', { class: 'list fixed-shift-request-list', attrs: { id: 'my-fixed-shift-requests', 'aria-live': 'polite' } });
    const requestSection = el('section', { class: 'card', attrs: { 'aria-labelledby': 'my-fixed-shift-requests-heading' } }, [
      el('h2', { text: 'My requests', attrs: { id: 'my-fixed-shift-requests-heading' } }),
      requestList,
    ]);
    const createForm = el('form', { class: 'stack-form', attrs: { id: 'my-fixed-shift-form', 'aria-label': allowed ? 'Add a fixed shift' : 'Ask for a new fixed shift' } }, [
      ...shiftFields(null),
      allowed ? null : reasonField(),
      el('button', {
        class: 'button primary', text: allowed ? 'Add fixed shift' : 'Ask your manager',
        attrs: { type: 'submit' }, data: allowed ? {} : { action: 'ask-add-fixed-shift' },
      }),
    ].filter(Boolean));
    const addDetails = el('details', { class: 'card' }, [el('summary', { text: allowed ? 'Add a fixed shift' : 'Ask for a new fixed shift' }), createForm]);
    container.replaceChildren(...[
      viewHeader('My fixed shifts'),
      el('p', { class: 'hint', text: 'Every week your schedule gets these shifts, eight weeks ahead. Changes apply to future shifts nobody traded or edited.' }),
      allowed ? null : el('p', { class: 'notice', attrs: { role: 'note' }, data: { notice: 'ask-manager' },
        text: 'In this workplace a manager approves changes to fixed shifts: add, change or end one here to ask, and you get a notification when they decide.' }),
      el('div', { class: 'card' }, [list]),
      requestSection,
      addDetails,
    ].filter(Boolean));

    /// Sends a request to the manager; true when it was made.
    const ask = async (button, body, done) => (await withBusy(button, () => ctx.api('POST', '/fixed-shift-requests', body), done)) !== undefined;

    const row = (shift) => {
      const what = `your ${WEEKDAYS[shift.weekday - 1]} ${timeRange(shift)} shift`;
      const validity = `from ${formatDate(shift.validFrom, { long: true })}${shift.validUntil ? ` until ${formatDate(shift.validUntil, { long: true })}` : ''}`;
      const parts = [el('div', { class: 'row-main' }, [
        el('p', { class: 'row-title' }, [
          el('span', { class: 'weekday', text: WEEKDAYS[shift.weekday - 1] ?? `Day ${shift.weekday}` }),
          ` ${timeRange(shift)} `,
          shift.position ? el('span', { class: 'badge badge-position', text: shift.position }) : null,
        ]),
        el('p', { class: 'muted small', text: `${durationText(shift.durationMinutes)} · ${validity}` }),
      ])];
      const form = el('form', { class: 'stack-form edit-form row-detail', attrs: { id: `my-fixed-shift-edit-${shift.id}`, 'aria-label': allowed ? `Change ${what}` : `Ask to change ${what}` } }, [
        ...shiftFields(shift),
        allowed ? null : reasonField(),
        el('button', { class: 'button primary', text: allowed ? 'Save' : 'Ask your manager', attrs: { type: 'submit' }, data: allowed ? {} : { action: 'ask-change-fixed-shift' } }),
      ].filter(Boolean));
      form.hidden = true;
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const { body, problem } = bodyFrom(form);
        if (problem) { ctx.say(problem, 'error'); return; }
        const changes = {};
        for (const key of Object.keys(body)) if (body[key] !== (shift[key] ?? undefined)) changes[key] = body[key];
        if (!allowed && shift.position && body.position === undefined) changes.position = '';
        if (!Object.keys(changes).length) { ctx.say('Nothing changed.', 'info'); return; }
        const button = form.querySelector('button[type=submit]');
        if (allowed) {
          if (await withBusy(button, () => ctx.api('PATCH', `/fixed-shifts/${shift.id}`, changes), 'Saved. Your future shifts follow.')) await load();
          return;
        }
        const reason = String(new FormData(form).get('reason') ?? '').trim();
        if (await ask(button, { kind: 'change', fixedShiftId: shift.id, ...changes, ...(reason ? { reason } : {}) },
          'Asked. Your manager decides; you get a notification.')) await load();
      });
      const edit = el('button', { class: 'button secondary', text: 'Change', attrs: { type: 'button', 'data-action': 'edit-my-fixed-shift', 'aria-expanded': 'false', 'aria-controls': form.id, 'aria-label': `Change ${what}` } });
      edit.addEventListener('click', () => {
        form.hidden = !form.hidden;
        edit.setAttribute('aria-expanded', String(!form.hidden));
        if (!form.hidden) form.querySelector('select, input')?.focus();
      });
      const end = actionButton('end-my-fixed-shift', 'End', async (button) => {
        if (allowed) {
          if (!(await confirmDialog({
            title: `End ${what}?`, message: 'Its future occurrences that nobody traded or edited leave your schedule.',
            confirmText: 'End fixed shift', danger: true,
          }))) return;
          if (await withBusy(button, () => ctx.api('DELETE', `/fixed-shifts/${shift.id}`), 'Ended; its future shifts are off your schedule.') !== undefined) {
            await load();
            container.querySelector('h1')?.focus({ preventScroll: true });
          }
          return;
        }
        const answer = await confirmDialog({
          title: `Ask to end ${what}?`, message: 'Your manager decides. Once approved, its future occurrences that nobody traded or edited leave your schedule.',
          confirmText: 'Ask your manager', noteLabel: 'Reason for your manager (optional)',
        });
        if (!answer) return;
        if (await ask(button, { kind: 'end', fixedShiftId: shift.id, ...(answer.note ? { reason: answer.note } : {}) },
          'Asked. Your manager decides; you get a notification.')) await load();
      });
      end.setAttribute('aria-label', allowed ? `End ${what}` : `Ask to end ${what}`);
      parts.push(el('div', { class: 'row-actions' }, [edit, end]), form);
      return el('li', { class: 'row fixed-shift', data: { fixedShiftId: shift.id } }, parts);
    };

    const requestRow = (item) => {
      const actions = [];
      if (item.status === 'pending') {
        actions.push(actionButton('withdraw-fixed-shift-request', 'Withdraw', async (button) => {
          if (!(await confirmDialog({ title: 'Withdraw this request?', message: 'It leaves your manager\u2019s queue.', confirmText: 'Withdraw' }))) return;
          if (await withBusy(button, () => ctx.api('POST', `/fixed-shift-requests/${item.id}/withdraw`), 'Withdrawn.') !== undefined) await load();
        }));
      }
      return el('li', { class: 'row fixed-shift-request', data: { requestId: item.id, status: item.status, kind: item.kind } }, [
        el('div', { class: 'row-main' }, [
          el('p', { class: 'row-title' }, [el('strong', { text: fixedShiftRequestText(item) }), ' ', statusBadge(item.status, REQUEST_STATUS_WORDS[item.status] ?? item.status)]),
          item.reason ? el('p', { class: 'small', text: item.reason }) : null,
          item.managerNote ? el('p', { class: 'small manager-note', text: `Manager: ${item.managerNote}` }) : null,
        ]),
        el('div', { class: 'row-actions' }, actions),
      ]);
    };

    const load = async () => {
      try {
        const [shifts, requests] = await Promise.all([ctx.api('GET', '/fixed-shifts'), ctx.api('GET', '/fixed-shift-requests')]);
        if (!container.isConnected) return;
        shifts.sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
        list.replaceChildren(...(shifts.length ? shifts.map(row) : [el('li', { class: 'empty', text: 'You have no fixed shifts.' })]));
        const items = Array.isArray(requests) ? requests : [];
        requestList.replaceChildren(...(items.length ? items.map(requestRow) : [emptyState(allowed ? 'No requests.' : 'You have not asked for anything yet.')]));
        // Where employees change their own, the list only matters for requests made before.
        requestSection.hidden = allowed && !items.length;
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      }
    };
    reloadView = () => (container.isConnected ? load() : Promise.resolve());

    createForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      const { body, problem } = bodyFrom(createForm);
      if (problem) { ctx.say(problem, 'error'); return; }
      const button = createForm.querySelector('button[type=submit]');
      if (allowed) {
        const added = await withBusy(button, () => ctx.api('POST', '/fixed-shifts', body),
          `Added: you work every ${WEEKDAYS[body.weekday - 1]} from ${body.startTime}. Your schedule is filled eight weeks ahead.`);
        if (added) await load();
        return;
      }
      const reason = String(new FormData(createForm).get('reason') ?? '').trim();
      if (await ask(button, { kind: 'add', ...body, ...(reason ? { reason } : {}) },
        `Asked: every ${WEEKDAYS[body.weekday - 1]} from ${body.startTime}. Your manager decides; you get a notification.`)) {
        createForm.reset();
        addDetails.open = false;
        await load();
      }
    });
    await load();
  },

  onLive(message) {
    const type = String(message?.event?.type ?? message?.type ?? '');
    if (reloadView && (type.startsWith('fixed_shift_request.') || type === 'schedule.changed' || type === 'resync_required')) {
      reloadView().catch(() => {});
    }
  },
};
