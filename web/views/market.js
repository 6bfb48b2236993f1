// Marketplace: shifts coworkers offer. My own are highlighted with "Take back"; the others have
// "Pick up". Live events carry each shift's state right after the change, so the list is
// updated in place without a round trip: a shift someone else just took disappears at once.

import {
  el, viewHeader, emptyState, shiftSummary, actionButton, withBusy, confirmDialog,
  preserveFocus, isFuture, formatShift, weekLabel,
} from '../ui.js';
import { t, tn } from '../i18n.js';
import { fetchPreviews, refusalSentence } from './preview.js';
import { activeMembers, assignPanel } from './assign.js';

let state = null;

function sortShifts(shifts) {
  return [...shifts].sort((a, b) => String(a.startsAt).localeCompare(String(b.startsAt)) || a.id - b.id);
}

function row(shift, ctx, fresh) {
  const mine = shift.ownerId === ctx.me.user.id;
  const summary = shiftSummary(shift, { owner: !mine, status: false });
  if (mine) summary.querySelector('.row-title')?.append(' ', el('span', { class: 'badge status-mine', text: t('market.yourShift') }));
  if (!qualifiedFor(shift, ctx)) summary.querySelector('.row-title')?.append(' ', el('span', { class: 'badge not-qualified', text: t('market.notYourPosition') }));
  if (shift.unassigned) summary.append(el('p', { class: 'small muted', text: mine ? t('market.releasedMine') : t('market.released') }));
  let actions;
  if (mine) {
    actions = shift.unassigned
      ? []
      : [actionButton('revoke', t('market.takeBack'), (button) => withBusy(button, async () => {
        const result = await ctx.api('POST', `/shifts/${shift.id}/revoke`);
        apply(result?.shifts || [], ctx);
      }, t('market.takenBack')))];
  } else if (state.previews.get(shift.id)?.allowed === false) {
    // The server would refuse the pick-up: say why instead of offering the button.
    const preview = state.previews.get(shift.id);
    summary.append(el('p', { class: 'small cannot-take', data: { code: preview.refusal?.code ?? '' }, text: refusalSentence(preview, ctx.me.user.id) }));
    actions = [];
  } else {
    actions = [actionButton('pick-up', t('market.pickUp'), async (button) => {
      const answer = await confirmDialog({
        title: t('market.pickUpTitle'),
        message: t(ctx.me.workplace.settings?.autoApprove ? 'market.pickUpMessageAuto' : 'market.pickUpMessage', { owner: shift.ownerName, shift: formatShift(shift) }),
        confirmText: t('market.pickUp'),
      });
      if (!answer) return;
      await withBusy(button, async () => {
        const result = await ctx.api('POST', `/shifts/${shift.id}/pick-up`);
        apply(result?.shifts || [], ctx);
        return result;
      }, (result) => (result?.deal?.state === 'approved'
        ? t('market.pickedUpApproved')
        : t('market.pickedUp')));
    }, { kind: 'primary' })];
  }
  if (ctx.me.user.role === 'manager') actions.push(assignButton(shift, ctx));
  return el('li', { class: ['row', mine ? 'mine' : null, fresh ? 'row-enter' : null], data: { shiftId: shift.id } }, [
    summary,
    el('div', { class: 'row-actions' }, actions),
    state.assigning?.shiftId === shift.id ? marketAssignPanel(shift, ctx) : null,
  ]);
}

/** Asks the server, for every coworker's shift on offer, whether I could pick it up now. */
async function loadPreviews(ctx, shifts) {
  const wanted = shifts.filter((shift) => shift.ownerId !== ctx.me.user.id && isFuture(shift));
  if (!wanted.length) return;
  const answers = await fetchPreviews(ctx, wanted.map((shift) => shift.id), 'pick-up');
  if (!state?.container.isConnected) return;
  let changed = false;
  wanted.forEach((shift) => {
    if (answers.has(shift.id)) { state.previews.set(shift.id, answers.get(shift.id)); changed = true; }
  });
  if (changed) await preserveFocus(state.container, () => paint(ctx));
}

// A manager gives a shift on offer (such as one they released) to a member: the preview shows
// the rules the assignment breaks and the member's hours; overridable rules can be overridden
// explicitly, with a reason that goes into the shift's history.

function assignButton(shift, ctx) {
  return actionButton('assign', t('market.assign'), async () => {
    if (!state.members) {
      try {
        state.members = await activeMembers(ctx);
      } catch (error) { ctx.say(ctx.explain(error), 'error'); return; }
    }
    state.assigning = state.assigning?.shiftId === shift.id ? null : { shiftId: shift.id, ownerId: null, preview: null };
    await preserveFocus(state.container, () => paint(ctx));
    state.container.querySelector(`[data-shift-id="${shift.id}"] select[name=assignee]`)?.focus();
  });
}

function marketAssignPanel(shift, ctx) {
  return assignPanel(shift, ctx, {
    members: state.members,
    choice: state.assigning,
    repaint: () => preserveFocus(state.container, () => paint(ctx)),
    onAssigned: (assigned) => {
      state.assigning = null;
      apply([assigned], ctx);
    },
  });
}

/** [["Week 48", shifts…], …] in date order. */
function byWeek(shifts) {
  const groups = new Map();
  for (const shift of shifts) {
    const label = weekLabel(shift.date) || t('market.later');
    if (!groups.has(label)) groups.set(label, []);
    groups.get(label).push(shift);
  }
  return [...groups.entries()];
}

/** Whether the viewer may work the shift's position: GET /marketplace says so (`viewerQualified`),
 *  and a live snapshot without it is judged by the pick-up preview's refusal. */
function qualifiedFor(shift, ctx) {
  if (shift.ownerId === ctx.me.user.id) return true;
  if (shift.viewerQualified === false) return false;
  return state.previews.get(shift.id)?.refusal?.code !== 'not_qualified';
}

/** Employees do not see shifts for positions they are not qualified for (a toggle shows them,
 *  marked); managers see every shift, marked, since they assign them. */
function qualificationFilter(shifts, ctx) {
  const other = shifts.filter((shift) => !qualifiedFor(shift, ctx) && (shift.viewerQualified !== undefined || state.previews.has(shift.id)));
  const showAll = state.showUnqualified || ctx.me.user.role === 'manager';
  const toggle = other.length && ctx.me.user.role !== 'manager'
    ? actionButton('toggle-unqualified', state.showUnqualified
      ? t('market.hideUnqualified')
      : tn('market.showUnqualified', other.length), () => {
      state.showUnqualified = !state.showUnqualified;
      preserveFocus(state.container, () => paint(ctx));
    })
    : null;
  // A shift that arrived live (its snapshot does not say whether I am qualified) waits for its
  // preview before it shows, so a shift I may not take never flashes in my list.
  const judged = shifts.filter((shift) => shift.viewerQualified !== undefined || !shift.position
    || shift.ownerId === ctx.me.user.id || state.previews.has(shift.id));
  return { shown: showAll ? judged : judged.filter((shift) => qualifiedFor(shift, ctx)), toggle };
}

function paint(ctx, freshIds = new Set()) {
  const { container } = state;
  const { shown: shifts, toggle } = qualificationFilter(state.shifts, ctx);
  const visible = sortShifts(shifts.filter(isFuture));
  const mineCount = visible.filter((shift) => shift.ownerId === ctx.me.user.id).length;
  const summary = visible.length === 0
    ? t('market.nothing')
    : mineCount ? tn('market.onOfferMine', visible.length, { mine: mineCount }) : tn('market.onOffer', visible.length);
  container.replaceChildren(
    viewHeader(t('market.heading')),
    el('p', { class: 'muted', attrs: { 'aria-live': 'polite' }, text: summary }),
    ...(toggle ? [toggle] : []),
    ...(visible.length
      ? byWeek(visible).map(([label, shifts]) => el('section', { class: 'week', attrs: { 'aria-label': label } }, [
        el('h3', { text: label }),
        el('ul', { class: 'list' }, shifts.map((shift) => row(shift, ctx, freshIds.has(shift.id)))),
      ]))
      : [emptyState(t('market.empty'))]),
  );
}

/** Applies shift snapshots: supplied ones are (re)listed, any other state leaves the list. */
function apply(snapshots, ctx) {
  if (!state?.container.isConnected || !snapshots.length) return;
  // What I may pick up can change with any shift change: ask again for the fresh ones.
  for (const shift of snapshots) if (shift && typeof shift.id === 'number') state.previews.delete(shift.id);
  const byId = new Map(state.shifts.map((shift) => [shift.id, shift]));
  const fresh = new Set();
  let changed = false;
  for (const shift of snapshots) {
    if (!shift || typeof shift.id !== 'number') continue;
    if (shift.status === 'supplied') {
      if (!byId.has(shift.id)) fresh.add(shift.id);
      byId.set(shift.id, shift);
      changed = true;
    } else if (byId.delete(shift.id)) {
      changed = true;
    }
  }
  if (!changed) return;
  state.shifts = [...byId.values()];
  preserveFocus(state.container, () => paint(ctx, fresh));
  loadPreviews(ctx, state.shifts.filter((shift) => !state.previews.has(shift.id))).catch(() => {});
}

async function reload(ctx) {
  const shifts = await ctx.api('GET', '/marketplace');
  if (!state?.container.isConnected) return;
  state.shifts = Array.isArray(shifts) ? shifts : [];
  state.previews.clear();
  await preserveFocus(state.container, () => paint(ctx));
  await loadPreviews(ctx, state.shifts);
}

export default {
  id: 'market',
  get title() { return t('views.market'); },
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    state = { container, shifts: [], previews: new Map(), members: null, assigning: null };
    const shifts = await ctx.api('GET', '/marketplace');
    state.shifts = Array.isArray(shifts) ? shifts : [];
    // Before the first paint, so a shift I cannot take never flashes a "Pick up" button.
    await loadPreviews(ctx, state.shifts);
    paint(ctx);
    // Shifts pass their start while the page is open: drop them without waiting for an event.
    // The same timer reloads the list now and then, because a pick-up that a manager rejects (or
    // that is cancelled or expires) puts the shift back on offer with an event only for the two
    // people involved, so everybody else would not see it return until the next reload.
    let ticks = 0;
    const timer = setInterval(() => {
      if (!container.isConnected) { clearInterval(timer); return; }
      ticks += 1;
      if (document.visibilityState === 'visible' && ticks % 2 === 0) {
        reload(ctx).catch(() => { /* offline: the live indicator says so */ });
      } else if (state.shifts.some((shift) => !isFuture(shift))) {
        preserveFocus(container, () => paint(ctx));
      }
    }, 60_000);
  },
  onLive(message, ctx) {
    if (!state?.container.isConnected || message.type !== 'event' || !message.event) return;
    const event = message.event;
    const snapshots = Array.isArray(event.data?.shifts) ? event.data.shifts : [];
    if (snapshots.length) {
      apply(snapshots, ctx);
    } else if (event.type === 'shift.supplied' || event.type === 'shift.revoked') {
      reload(ctx).catch((error) => ctx.say(ctx.explain(error), 'error'));
    }
    // A rejected, cancelled or expired pick-up puts a shift back on offer without a marketplace
    // event for everyone; the participants get the deal event with the snapshot, handled above.
  },
};
