// The approval queue (managers): deals waiting for a manager, approve or reject each with an
// optional note. Kept current by the live stream: `deal.awaiting_approval` adds a deal,
// `approval.resolved` removes one (decided by another manager, cancelled or expired).

import { el, viewHeader, formatDate, formatInstant, confirmDialog, timeRange } from '../ui.js';
import { fetchPreview, previewPanel } from './preview.js';
import { t, tn } from '../i18n.js';

/// The deal kinds with a badge word (`approvals.kind.<kind>`).
const KINDS = new Set(['pick_up', 'suggestion_accepted', 'swap']);

/// Events of the `approvals` topic that change the queue.
const QUEUE_EVENTS = new Set(['deal.awaiting_approval', 'approval.resolved']);

/// Reloads the queue on screen; null while the view is not shown.
let reloadQueue = null;

function legDescription(leg) {
  const shift = leg.shift;
  const where = shift.position ? ` · ${shift.position}` : '';
  return `${formatDate(shift.date)} ${timeRange(shift)}${where}`;
}

/// What a decision means in words, for the confirmation message.
function dealSummary(deal) {
  return deal.legs.map((leg) => t('approvals.leg', { name: leg.giverName, receiver: leg.receiverName, shift: legDescription(leg) })).join(t('approvals.legsJoin'));
}

export default {
  id: 'approvals',
  get title() { return t('views.approvals'); },
  roles: ['manager'],

  async render(container, ctx) {
    const count = el('span', { class: 'count-badge', attrs: { 'aria-hidden': 'true' } });
    const list = el('ul', { class: 'list deal-list', attrs: { 'aria-labelledby': 'approvals-heading' } });
    const empty = el('p', { class: 'empty', text: t('approvals.empty') });
    // The badge is for eyes; screen readers hear the count change through this status line.
    const announcer = el('p', { class: 'visually-hidden', attrs: { role: 'status', 'aria-live': 'polite' } });
    const header = viewHeader(t('approvals.heading'));
    const heading = header.querySelector('h1');
    heading.id = 'approvals-heading';
    heading.append(' ', count);
    container.classList.add('manager-view');
    container.replaceChildren(
      header,
      el('p', { class: 'hint', text: t('approvals.hint') }),
      announcer, list, empty,
    );

    let loading = 0;
    let firstLoadDone = false;
    let announced = null;
    const showCount = () => {
      const n = list.children.length;
      if (announced !== null && announced !== n) {
        announcer.textContent = n === 0 ? t('approvals.noneLeft') : tn('approvals.waiting', n);
      }
      announced = n;
      count.textContent = String(n);
      count.hidden = n === 0;
      empty.hidden = n > 0;
      list.hidden = n === 0;
    };

    const decide = async (deal, action, noteInput, buttons, override) => {
      for (const button of buttons) button.disabled = true;
      const note = noteInput.value.trim();
      const body = note ? { note } : {};
      if (override) Object.assign(body, { override: true, reason: override });
      try {
        await ctx.api('POST', `/deals/${deal.id}/${action}`, body);
        ctx.say(t(action === 'approve' ? 'approvals.approvedSummary' : 'approvals.rejectedSummary', { deal: dealSummary(deal) }), 'ok');
        list.querySelector(`[data-deal-id="${deal.id}"]`)?.remove();
        showCount();
        (list.querySelector('input[name=note]') ?? heading).focus();
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
        for (const button of buttons) button.disabled = false;
        // The queue may have changed under us (expired, decided elsewhere): show what is true now.
        if (error.status === 404 || error.status === 409) await reloadQueue?.();
      }
    };

    const row = (deal) => {
      const noteInput = el('input', { attrs: { name: 'note', maxlength: '1000', autocomplete: 'off', placeholder: t('approvals.notePlaceholder') } });
      const approve = el('button', { class: 'button primary button-approve', text: t('approvals.approve'), attrs: { type: 'button', 'data-action': 'approve' } });
      const reject = el('button', { class: 'button danger button-reject', text: t('approvals.reject'), attrs: { type: 'button', 'data-action': 'reject' } });
      const buttons = [approve, reject];
      approve.addEventListener('click', () => decide(deal, 'approve', noteInput, buttons));
      reject.addEventListener('click', async () => {
        // Rejecting cannot be undone: ask first, saying what happens (issue 17).
        const confirmed = await confirmDialog({
          title: t('approvals.rejectTitle'),
          message: t(noteInput.value.trim() ? 'approvals.rejectMessageNote' : 'approvals.rejectMessage', { deal: dealSummary(deal) }),
          confirmText: t('approvals.reject'), danger: true,
        });
        if (confirmed) decide(deal, 'reject', noteInput, buttons);
      });
      // Every row has the same buttons; each one is described by its own deal for screen readers.
      const legsID = `deal-legs-${deal.id}`;
      for (const control of [noteInput, approve, reject]) control.setAttribute('aria-describedby', legsID);
      const legs = el('ul', { class: 'legs', attrs: { id: legsID } }, deal.legs.map((leg) => el('li', { attrs: { 'data-shift-id': String(leg.shift.id) } }, [
        el('strong', { text: leg.giverName }),
        el('span', { class: 'arrow', text: t('approvals.givesTo') }),
        el('strong', { text: leg.receiverName }),
        el('span', { class: 'block', text: legDescription(leg) }),
      ])));
      // Conflicts and the receivers' hours, from the same rules the approval runs, before deciding.
      const check = el('div', { class: 'approval-preview', attrs: { 'aria-live': 'polite' } });
      const firstShift = deal.legs[0]?.shift?.id;
      if (firstShift) {
        fetchPreview(ctx, firstShift, 'approve').then((preview) => {
          const panel = previewPanel(preview);
          if (!panel || !check.isConnected && !check.parentNode) return;
          if (preview && !preview.allowed) panel.prepend(el('p', { class: 'small preview-warning', text: t('approvals.refused') }));
          check.replaceChildren(panel);
          if (preview?.overridable) {
            // Only overridable rules stand in the way: the manager may approve anyway, saying why.
            const reason = el('input', { attrs: { name: 'override-reason', maxlength: '1000', autocomplete: 'off', placeholder: t('approvals.overridePlaceholder') } });
            const anyway = el('button', { class: 'button danger', text: t('approvals.approveAnyway'), attrs: { type: 'button', 'data-action': 'approve-override' } });
            anyway.addEventListener('click', () => {
              if (!reason.value.trim()) { ctx.say(t('approvals.sayWhy'), 'error'); reason.focus(); return; }
              decide(deal, 'approve', noteInput, [...buttons, anyway], reason.value.trim());
            });
            check.append(el('div', { class: 'override' }, [
              el('label', { class: 'note-field' }, [el('span', { text: t('approvals.overrideLabel') }), reason]),
              anyway,
            ]));
          }
        });
      }
      return el('li', { class: 'row deal', attrs: { 'data-deal-id': String(deal.id) } }, [
        el('div', { class: 'row-main' }, [
          el('p', { class: 'deal-head' }, [
            el('span', { class: `badge kind kind-${deal.kind}`, text: KINDS.has(deal.kind) ? t(`approvals.kind.${deal.kind}`) : deal.kind }),
            el('span', { class: 'muted small', text: t('approvals.decideBefore', { time: formatInstant(deal.expiresAt) }) }),
          ]),
          legs,
          check,
          el('label', { class: 'note-field' }, [el('span', { text: t('approvals.noteLabel') }), noteInput]),
        ]),
        el('div', { class: 'row-actions' }, buttons),
      ]);
    };

    /// Loads the queue again, keeping notes someone is typing for deals still in it.
    const reload = async () => {
      const request = ++loading;
      try {
        const deals = await ctx.api('GET', '/deals/approvals');
        if (request !== loading || !container.isConnected) return;
        const typed = new Map([...list.querySelectorAll('[data-deal-id]')].map((item) => [item.dataset.dealId, item.querySelector('input[name=note]')?.value ?? '']));
        const focusedDeal = document.activeElement?.closest?.('[data-deal-id]')?.dataset.dealId;
        const focusedAction = document.activeElement?.dataset?.action ?? (document.activeElement?.name === 'note' ? 'note' : null);
        const shown = new Set(typed.keys());
        list.replaceChildren(...deals.map(row));
        // Deals that arrived while the page was open flash once, so a manager notices them.
        if (firstLoadDone) {
          for (const item of list.children) if (!shown.has(item.dataset.dealId)) item.classList.add('row-enter');
        }
        firstLoadDone = true;
        for (const [id, note] of typed) {
          const input = list.querySelector(`[data-deal-id="${id}"] input[name=note]`);
          if (input) input.value = note;
        }
        if (focusedDeal) {
          const target = list.querySelector(`[data-deal-id="${focusedDeal}"] ${focusedAction === 'note' ? 'input[name=note]' : `[data-action="${focusedAction}"]`}`);
          target?.focus();
        }
        showCount();
      } catch (error) {
        if (request === loading) ctx.say(ctx.explain(error), 'error');
      }
    };
    reloadQueue = async () => {
      if (!container.isConnected) { reloadQueue = null; return; }
      await reload();
    };
    await reload();
  },

  onLive(message) {
    const type = message?.event?.type ?? message?.type;
    if (QUEUE_EVENTS.has(type) || type === 'resync_required' || type === 'resync') reloadQueue?.();
  },
};
