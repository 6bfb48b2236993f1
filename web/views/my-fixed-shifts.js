// My fixed shifts (employees): the weekly pattern my schedule is generated from, as the seed app's
// "+" allowed. Where the workplace lets employees manage their own (`employeesManageFixedShifts`)
// I add, change and end them here (POST/PATCH/DELETE /fixed-shifts, the server checks the same
// setting, and checks every week against the same rules as any other shift: the preview shows what
// they find before saving); otherwise the same buttons ask my manager (POST /fixed-shift-requests), my
// requests are listed with their outcome and the manager's note, and a pending one can be withdrawn.
// Live: the `fixed_shift_request.*` and `schedule.changed` events reload the page, and a manager
// switching the setting (`workplace.settings_changed`) redraws it the other way (app.js).

import { el, viewHeader, formatDate, confirmDialog, timeRange, actionButton, withBusy, statusBadge, emptyState } from '../ui.js';
import { durationText, shiftFields, bodyFrom, field, weekdayName, validityText, WEEKDAYS } from './fixed-shifts.js';
import { checkThenSave } from './fixed-shift-check.js';
import { t } from '../i18n.js';

/** Reloads the page on screen (null while another view is shown). */
let reloadView = null;

/// The states of a fixed-shift request (`manage.fixedShiftRequests.status.<status>`); a state a newer
/// server sends that has no word yet is shown as itself.
const REQUEST_STATUSES = new Set(['pending', 'approved', 'declined', 'withdrawn']);
export function requestStatusWord(status) {
  return REQUEST_STATUSES.has(status) ? t(`manage.fixedShiftRequests.status.${status}`) : status;
}

/** "Wednesday 09:00–13:00 · bar". */
function shiftText(shift) {
  const position = shift.position ? ` · ${shift.position}` : '';
  return `${weekdayName(shift.weekday)} ${timeRange(shift)}${position}`;
}

/** What a fixed-shift request asks, in words ("Change fixed shift: Monday 09:00–17:00 → Tuesday 10:00–18:00"). */
export function fixedShiftRequestText(item) {
  const from = item.validFrom ? formatDate(item.validFrom, { long: true }) : '';
  const until = item.validUntil ? formatDate(item.validUntil, { long: true }) : '';
  const dates = from && until ? t('manage.fixedShiftRequests.fromUntil', { from, until })
    : from ? t('manage.fixedShiftRequests.from', { from })
      : until ? t('manage.fixedShiftRequests.until', { until }) : '';
  const when = dates ? ` (${dates})` : '';
  // As it was before the decision (the server keeps it): after an approved change the fixed shift
  // itself already reads like the proposal.
  const current = item.before ?? item.fixedShift;
  if (item.kind === 'add') return t('manage.fixedShiftRequests.add', { shift: shiftText(item), when });
  if (item.kind === 'end') return t('manage.fixedShiftRequests.end', { shift: current ? shiftText(current) : `#${item.fixedShiftId}` });
  const after = { ...(current ?? {}) };
  for (const key of ['weekday', 'startTime', 'durationMinutes', 'position']) {
    if (item[key] !== undefined && item[key] !== null) after[key] = item[key];
  }
  if (item.position === '') after.position = null;
  return current
    ? t('manage.fixedShiftRequests.change', { before: shiftText(current), shift: shiftText(after), when })
    : t('manage.fixedShiftRequests.changeTo', { shift: shiftText(after), when });
}

function reasonField() {
  return field(t('manage.myFixedShifts.reason'), el('input', { attrs: { name: 'reason', maxlength: '1000', autocomplete: 'off', placeholder: t('manage.myFixedShifts.reasonPlaceholder') } }));
}

export default {
  id: 'my-fixed-shifts',
  get title() { return t('manage.myFixedShifts.title'); },
  roles: ['employee'],
  // Drawn from the workplace's `employeesManageFixedShifts`: app.js redraws it when that changes.
  followsSettings: true,

  async render(container, ctx) {
    const allowed = ctx.me.workplace?.settings?.employeesManageFixedShifts !== false;
    const list = el('ul', { class: 'list fixed-shift-list', attrs: { id: 'my-fixed-shift-list', 'aria-live': 'polite' } });
    const requestList = el('ul', { class: 'list fixed-shift-request-list', attrs: { id: 'my-fixed-shift-requests', 'aria-live': 'polite' } });
    const requestSection = el('section', { class: 'card', attrs: { 'aria-labelledby': 'my-fixed-shift-requests-heading' } }, [
      el('h2', { text: t('manage.myFixedShifts.requests'), attrs: { id: 'my-fixed-shift-requests-heading' } }),
      requestList,
    ]);
    const addWords = allowed ? t('manage.fixedShifts.add') : t('manage.myFixedShifts.askAdd');
    const createCheck = el('div', { class: 'fixed-shift-check-box', attrs: { 'aria-live': 'polite' } });
    const createForm = el('form', { class: 'stack-form', attrs: { id: 'my-fixed-shift-form', 'aria-label': addWords } }, [
      ...shiftFields(null),
      allowed ? null : reasonField(),
      createCheck,
      el('button', {
        class: 'button primary', text: allowed ? t('manage.fixedShifts.addButton') : t('manage.myFixedShifts.askButton'),
        attrs: { type: 'submit' }, data: allowed ? {} : { action: 'ask-add-fixed-shift' },
      }),
    ].filter(Boolean));
    const addDetails = el('details', { class: 'card' }, [el('summary', { text: addWords }), createForm]);
    container.replaceChildren(...[
      viewHeader(t('manage.myFixedShifts.title')),
      el('p', { class: 'hint', text: t('manage.myFixedShifts.hint') }),
      allowed ? null : el('p', { class: 'notice', attrs: { role: 'note' }, data: { notice: 'ask-manager' },
        text: t('manage.myFixedShifts.askManager') }),
      el('div', { class: 'card' }, [list]),
      requestSection,
      addDetails,
    ].filter(Boolean));

    /// Sends a request to the manager; true when it was made.
    const ask = async (button, body, done) => (await withBusy(button, () => ctx.api('POST', '/fixed-shift-requests', body), done)) !== undefined;

    const row = (shift) => {
      const what = t('manage.myFixedShifts.what', { weekday: weekdayName(shift.weekday), time: timeRange(shift) });
      const validity = validityText(shift);
      const parts = [el('div', { class: 'row-main' }, [
        el('p', { class: 'row-title' }, [
          el('span', { class: 'weekday', text: WEEKDAYS[shift.weekday - 1] ?? t('manage.fixedShifts.dayNumber', { weekday: shift.weekday }) }),
          ` ${timeRange(shift)} `,
          shift.position ? el('span', { class: 'badge badge-position', text: shift.position }) : null,
        ]),
        el('p', { class: 'muted small', text: `${durationText(shift.durationMinutes)} · ${validity}` }),
      ])];
      const changeWords = allowed ? t('manage.myFixedShifts.changeWhat', { what }) : t('manage.myFixedShifts.askChangeWhat', { what });
      const check = el('div', { class: 'fixed-shift-check-box', attrs: { 'aria-live': 'polite' } });
      const form = el('form', { class: 'stack-form edit-form row-detail', attrs: { id: `my-fixed-shift-edit-${shift.id}`, 'aria-label': changeWords } }, [
        ...shiftFields(shift),
        allowed ? null : reasonField(),
        check,
        el('button', { class: 'button primary', text: allowed ? t('manage.fixedShifts.save') : t('manage.myFixedShifts.askButton'), attrs: { type: 'submit' }, data: allowed ? {} : { action: 'ask-change-fixed-shift' } }),
      ].filter(Boolean));
      form.hidden = true;
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const { body, problem } = bodyFrom(form);
        if (problem) { ctx.say(problem, 'error'); return; }
        const changes = {};
        for (const key of Object.keys(body)) if (body[key] !== (shift[key] ?? undefined)) changes[key] = body[key];
        if (!allowed && shift.position && body.position === undefined) changes.position = '';
        if (!Object.keys(changes).length) { ctx.say(t('manage.fixedShifts.nothingChanged'), 'info'); return; }
        const button = form.querySelector('button[type=submit]');
        if (allowed) {
          await withBusy(button, () => checkThenSave(ctx, {
            box: check, previewPath: `/fixed-shifts/${shift.id}/preview`, body: changes,
            save: async (extra) => {
              const saved = await withBusy(null, () => ctx.api('PATCH', `/fixed-shifts/${shift.id}`, { ...changes, ...extra }), t('manage.myFixedShifts.saved'));
              if (saved) await load();
              return Boolean(saved);
            },
          }));
          return;
        }
        const reason = String(new FormData(form).get('reason') ?? '').trim();
        if (await ask(button, { kind: 'change', fixedShiftId: shift.id, ...changes, ...(reason ? { reason } : {}) },
          t('manage.myFixedShifts.asked'))) await load();
      });
      const edit = el('button', { class: 'button secondary', text: t('manage.myFixedShifts.change'), attrs: { type: 'button', 'data-action': 'edit-my-fixed-shift', 'aria-expanded': 'false', 'aria-controls': form.id, 'aria-label': changeWords } });
      edit.addEventListener('click', () => {
        form.hidden = !form.hidden;
        edit.setAttribute('aria-expanded', String(!form.hidden));
        if (!form.hidden) form.querySelector('select, input')?.focus();
      });
      const end = actionButton('end-my-fixed-shift', t('manage.fixedShifts.end'), async (button) => {
        if (allowed) {
          if (!(await confirmDialog({
            title: t('manage.myFixedShifts.endTitle', { what }), message: t('manage.myFixedShifts.endMessage'),
            confirmText: t('manage.fixedShifts.endConfirm'), danger: true,
          }))) return;
          if (await withBusy(button, () => ctx.api('DELETE', `/fixed-shifts/${shift.id}`), t('manage.myFixedShifts.ended')) !== undefined) {
            await load();
            container.querySelector('h1')?.focus({ preventScroll: true });
          }
          return;
        }
        const answer = await confirmDialog({
          title: t('manage.myFixedShifts.askEndTitle', { what }), message: t('manage.myFixedShifts.askEndMessage'),
          confirmText: t('manage.myFixedShifts.askButton'), noteLabel: t('manage.myFixedShifts.reason'),
        });
        if (!answer) return;
        if (await ask(button, { kind: 'end', fixedShiftId: shift.id, ...(answer.note ? { reason: answer.note } : {}) },
          t('manage.myFixedShifts.asked'))) await load();
      });
      end.setAttribute('aria-label', allowed ? t('manage.fixedShifts.endWhat', { what }) : t('manage.myFixedShifts.askEndWhat', { what }));
      parts.push(el('div', { class: 'row-actions' }, [edit, end]), form);
      return el('li', { class: 'row fixed-shift', data: { fixedShiftId: shift.id } }, parts);
    };

    const requestRow = (item) => {
      const actions = [];
      if (item.status === 'pending') {
        actions.push(actionButton('withdraw-fixed-shift-request', t('manage.myFixedShifts.withdraw'), async (button) => {
          if (!(await confirmDialog({ title: t('manage.myFixedShifts.withdrawTitle'), message: t('manage.myFixedShifts.withdrawMessage'), confirmText: t('manage.myFixedShifts.withdraw') }))) return;
          if (await withBusy(button, () => ctx.api('POST', `/fixed-shift-requests/${item.id}/withdraw`), t('manage.myFixedShifts.withdrawn')) !== undefined) await load();
        }));
      }
      return el('li', { class: 'row fixed-shift-request', data: { requestId: item.id, status: item.status, kind: item.kind } }, [
        el('div', { class: 'row-main' }, [
          el('p', { class: 'row-title' }, [el('strong', { text: fixedShiftRequestText(item) }), ' ', statusBadge(item.status, requestStatusWord(item.status))]),
          item.reason ? el('p', { class: 'small', text: item.reason }) : null,
          item.managerNote ? el('p', { class: 'small manager-note', text: t('manage.myFixedShifts.managerNote', { note: item.managerNote }) }) : null,
        ]),
        el('div', { class: 'row-actions' }, actions),
      ]);
    };

    const load = async () => {
      try {
        const [shifts, requests] = await Promise.all([ctx.api('GET', '/fixed-shifts'), ctx.api('GET', '/fixed-shift-requests')]);
        if (!container.isConnected) return;
        shifts.sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
        list.replaceChildren(...(shifts.length ? shifts.map(row) : [el('li', { class: 'empty', text: t('manage.myFixedShifts.none') })]));
        const items = Array.isArray(requests) ? requests : [];
        requestList.replaceChildren(...(items.length ? items.map(requestRow) : [emptyState(allowed ? t('manage.myFixedShifts.noRequests') : t('manage.myFixedShifts.nothingAsked'))]));
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
        await withBusy(button, () => checkThenSave(ctx, {
          box: createCheck, previewPath: '/fixed-shifts/preview', body,
          save: async (extra) => {
            const added = await withBusy(null, () => ctx.api('POST', '/fixed-shifts', { ...body, ...extra }),
              t('manage.myFixedShifts.added', { weekday: weekdayName(body.weekday), time: body.startTime }));
            if (added) await load();
            return Boolean(added);
          },
        }));
        return;
      }
      const reason = String(new FormData(createForm).get('reason') ?? '').trim();
      if (await ask(button, { kind: 'add', ...body, ...(reason ? { reason } : {}) },
        t('manage.myFixedShifts.askedAdd', { weekday: weekdayName(body.weekday), time: body.startTime }))) {
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
