// The managers' time-off queue (beside Approvals): pending requests to approve or decline with a
// note the member sees, and the approved time off ahead. Approving releases the member's shifts
// in the period to the marketplace. Live: every `time_off.*` event reloads it.

import { el, viewHeader, emptyState, withBusy } from '../ui.js';
import { periodText, statusWords } from './time-off.js';
import { t, tn } from '../i18n.js';

let state = null;

function pendingRow(item, ctx) {
  const note = el('input', { attrs: { name: 'note', maxlength: '1000', autocomplete: 'off', placeholder: t('manage.timeOffQueue.notePlaceholder') } });
  const approve = el('button', { class: 'button primary', text: t('manage.timeOffQueue.approve'), attrs: { type: 'button' }, data: { action: 'approve-time-off' } });
  const decline = el('button', { class: 'button danger', text: t('manage.timeOffQueue.decline'), attrs: { type: 'button' }, data: { action: 'decline-time-off' } });
  const decide = (action, button) => withBusy(button, async () => {
    const body = note.value.trim() ? { note: note.value.trim() } : {};
    const result = await ctx.api('POST', `/time-off/${item.id}/${action}`, body);
    await reload(ctx);
    return result;
  }, (result) => (action === 'decline'
    ? t('manage.timeOffQueue.declined', { name: item.userName })
    : result?.releasedShiftIds?.length
      ? tn('manage.timeOffQueue.approvedReleased', result.releasedShiftIds.length, { name: item.userName })
      : t('manage.timeOffQueue.approved', { name: item.userName })));
  approve.addEventListener('click', () => decide('approve', approve));
  decline.addEventListener('click', () => decide('decline', decline));
  return el('li', { class: 'row time-off', data: { timeOffId: item.id, userId: item.userId } }, [
    el('div', { class: 'row-main' }, [
      el('p', { class: 'row-title' }, [el('strong', { text: item.userName }), ` · ${periodText(item)}`]),
      item.reason ? el('p', { class: 'small', text: item.reason }) : null,
      el('label', { class: 'note-field' }, [el('span', { text: t('manage.timeOffQueue.note') }), note]),
    ]),
    el('div', { class: 'row-actions' }, [approve, decline]),
  ]);
}

function paint(ctx) {
  const { container, items } = state;
  const pending = items.filter((item) => item.status === 'pending');
  const ahead = items.filter((item) => item.status === 'approved' && new Date(item.endsAt) > new Date());
  container.classList.add('manager-view');
  container.replaceChildren(
    viewHeader(t('manage.timeOffQueue.title')),
    el('p', { class: 'hint', text: t('manage.timeOffQueue.hint') }),
    pending.length ? el('ul', { class: 'list time-off-queue' }, pending.map((item) => pendingRow(item, ctx))) : emptyState(t('manage.timeOffQueue.none')),
    el('h3', { text: t('manage.timeOffQueue.ahead') }),
    ahead.length
      ? el('ul', { class: 'list' }, ahead.map((item) => el('li', { class: 'row', data: { timeOffId: item.id } }, [
        el('p', {}, [el('strong', { text: item.userName }), ` · ${periodText(item)} · ${statusWords(item.status)}`]),
      ])))
      : emptyState(t('manage.timeOffQueue.noneAhead')),
  );
}

async function reload(ctx) {
  const items = await ctx.api('GET', '/time-off');
  if (!state?.container.isConnected) return;
  state.items = Array.isArray(items) ? items : [];
  paint(ctx);
}

export default {
  id: 'time-off-queue',
  get title() { return t('manage.timeOffQueue.title'); },
  roles: ['manager'],
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
