// The managers' fixed-shift queue (beside Approvals and Time-off requests): employees' requests to
// add, change or end one of their fixed shifts, where the workplace does not let them do it
// themselves. Approve (the change is applied and the weeks regenerated, after the same rule check
// as the manager's own save: what the rules find is shown first, with an override and a reason where
// they refuse) or decline with a note the employee sees. Live: every `fixed_shift_request.*` event
// reloads it.

import { el, viewHeader, emptyState, withBusy, formatInstant, statusBadge } from '../ui.js';
import { fixedShiftRequestText, requestStatusWord } from './my-fixed-shifts.js';
import { checkThenSave } from './fixed-shift-check.js';
import { t } from '../i18n.js';

let state = null;

function pendingRow(item, ctx) {
  const note = el('input', { attrs: { name: 'note', maxlength: '1000', autocomplete: 'off', placeholder: t('manage.fixedShiftRequests.notePlaceholder') } });
  const approve = el('button', { class: 'button primary', text: t('manage.fixedShiftRequests.approve'), attrs: { type: 'button' }, data: { action: 'approve-fixed-shift-request' } });
  const decline = el('button', { class: 'button danger', text: t('manage.fixedShiftRequests.decline'), attrs: { type: 'button' }, data: { action: 'decline-fixed-shift-request' } });
  const check = el('div', { class: 'fixed-shift-check-box', attrs: { 'aria-live': 'polite' } });
  const decide = (action, button, extra = {}) => withBusy(button, async () => {
    const body = { ...(note.value.trim() ? { note: note.value.trim() } : {}), ...extra };
    const result = await ctx.api('POST', `/fixed-shift-requests/${item.id}/${action}`, body);
    await reload(ctx);
    return result;
  }, action === 'decline' ? t('manage.fixedShiftRequests.declined', { name: item.userName }) : t('manage.fixedShiftRequests.approved', { name: item.userName }));
  approve.addEventListener('click', () => withBusy(approve, () => checkThenSave(ctx, {
    box: check, previewPath: `/fixed-shift-requests/${item.id}/approve/preview`, body: {},
    anywayLabel: t('manage.fixedShiftCheck.approveAnyway'),
    save: async (extra) => (await decide('approve', null, extra)) !== undefined,
  })));
  decline.addEventListener('click', () => decide('decline', decline));
  return el('li', { class: 'row fixed-shift-request', data: { requestId: item.id, userId: item.userId, kind: item.kind } }, [
    el('div', { class: 'row-main' }, [
      el('p', { class: 'row-title' }, [el('strong', { text: item.userName }), ` · ${fixedShiftRequestText(item)}`]),
      item.reason ? el('p', { class: 'small', text: item.reason }) : null,
      el('p', { class: 'muted small', text: t('manage.fixedShiftRequests.asked', { when: formatInstant(item.createdAt) }) }),
      el('label', { class: 'note-field' }, [el('span', { text: t('manage.fixedShiftRequests.note') }), note]),
      check,
    ]),
    el('div', { class: 'row-actions' }, [approve, decline]),
  ]);
}

function paint() {
  const { container, items } = state;
  const pending = items.filter((item) => item.status === 'pending');
  const decided = items.filter((item) => item.status !== 'pending').slice(0, 10);
  container.classList.add('manager-view');
  container.replaceChildren(
    viewHeader(t('manage.fixedShiftRequests.title')),
    el('p', { class: 'hint', text: t('manage.fixedShiftRequests.hint') }),
    pending.length ? el('ul', { class: 'list fixed-shift-queue' }, pending.map((item) => pendingRow(item, state.ctx))) : emptyState(t('manage.fixedShiftRequests.none')),
    el('h2', { text: t('manage.fixedShiftRequests.recent') }),
    decided.length
      ? el('ul', { class: 'list' }, decided.map((item) => el('li', { class: 'row', data: { requestId: item.id, status: item.status } }, [
        el('p', {}, [el('strong', { text: item.userName }), ` · ${fixedShiftRequestText(item)} `, statusBadge(item.status, requestStatusWord(item.status))]),
      ])))
      : emptyState(t('manage.fixedShiftRequests.noneDecided')),
  );
}

async function reload(ctx) {
  const items = await ctx.api('GET', '/fixed-shift-requests');
  if (!state?.container.isConnected) return;
  state.items = Array.isArray(items) ? items : [];
  paint();
}

export default {
  id: 'fixed-shift-requests',
  get title() { return t('manage.fixedShiftRequests.title'); },
  roles: ['manager'],
  async render(container, ctx) {
    state = { container, items: [], ctx };
    await reload(ctx);
  },
  onLive(message, ctx) {
    const type = message?.event?.type ?? message?.type;
    if (state?.container.isConnected && (String(type).startsWith('fixed_shift_request.') || type === 'resync_required')) {
      reload(ctx).catch(() => {});
    }
  },
};
