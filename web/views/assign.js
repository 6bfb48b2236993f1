// A manager gives a shift to a member: the server's preview (GET /shifts/{id}/preview?action=assign)
// shows the rules the assignment breaks and the member's hours before anything is saved;
// overridable rules can be overridden explicitly, with a reason that goes into the shift's
// history. Shared by the marketplace ("Assign…") and the team week grid; on the grid (`plan`) the
// assignment is a draft of the plan (POST /plan/changes, previewed by POST /plan/changes/preview),
// which the manager publishes later.

import { el, actionButton, withBusy, formatShift } from '../ui.js';
import { fetchPreview, previewPanel } from './preview.js';
import { loadAvailability, availabilitySummary } from './availability.js';
import { t } from '../i18n.js';
import { planChange, previewPlanChange } from './plan-bar.js';

/** The workplace's active members by name, for the "Give to" chooser. */
export async function activeMembers(ctx) {
  const members = await ctx.api('GET', '/users');
  return (Array.isArray(members) ? members : []).filter((member) => member.active !== false)
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * The assignment panel for `shift`. `choice` ({ ownerId, preview }) is kept by the caller so the
 * panel survives re-renders; `repaint` redraws the caller's view after the choice changed;
 * `onAssigned(shift)` gets the assigned shift. `exclude` leaves one member out of the chooser
 * (the shift's owner, in the grid). `plan` makes the assignment a draft (the week grid); then
 * `onAssigned` gets the plan's answer ({ revision, … }) instead of the shift.
 */
export function assignPanel(shift, ctx, { members, choice, repaint, onAssigned, exclude = null, plan = false }) {
  const choose = el('select', { attrs: { name: 'assignee', 'aria-label': t('manage.assign.giveThisTo') } }, [
    el('option', { text: t('manage.assign.choose'), attrs: { value: '' } }),
    ...members.filter((member) => member.id !== exclude)
      .map((member) => el('option', { text: member.displayName, attrs: { value: String(member.id) } })),
  ]);
  choose.value = choice.ownerId ? String(choice.ownerId) : '';
  choose.addEventListener('change', async () => {
    choice.ownerId = Number(choose.value) || null;
    choice.preview = choice.ownerId ? await (plan ? planPreview(ctx, shift.id, choice.ownerId) : fetchPreview(ctx, shift.id, 'assign', { ownerId: choice.ownerId })) : null;
    choice.availability = choice.ownerId ? await memberAvailability(ctx, choice.ownerId) : null;
    await repaint();
  });
  const preview = choice.preview;
  const reason = el('input', { attrs: { name: 'override-reason', maxlength: '1000', autocomplete: 'off', placeholder: t('manage.week.whyPlaceholder') } });
  const submit = async (button, override) => {
    const body = { ownerId: choice.ownerId };
    if (override) {
      if (!reason.value.trim()) { ctx.say(t('manage.week.sayWhy'), 'error'); reason.focus(); return; }
      Object.assign(body, { override: true, reason: reason.value.trim() });
    }
    const name = members.find((member) => member.id === choice.ownerId)?.displayName ?? '';
    const result = await withBusy(button, () => (plan ? planChange(ctx, { op: 'assign', shiftId: shift.id, ...body })
      : ctx.api('POST', `/shifts/${shift.id}/assign`, body)),
    (assigned) => (plan ? t('manage.week.plan.assignedDone', { name, shift: formatShift(shift) })
      : t('manage.week.nowWorks', { name: assigned.ownerName, shift: formatShift(assigned) })));
    if (result) await onAssigned(result);
  };
  let decision = null;
  if (preview?.allowed) {
    decision = actionButton('confirm-assign', t('manage.assign.assign'), (button) => submit(button, false), { kind: 'primary' });
  } else if (preview?.overridable) {
    decision = el('div', { class: 'override' }, [
      el('label', { class: 'note-field' }, [el('span', { text: t('manage.week.overrideReason') }), reason]),
      actionButton('override-assign', t('manage.assign.anyway'), (button) => submit(button, true), { kind: 'danger' }),
    ]);
  } else if (preview) {
    decision = el('p', { class: 'small cannot-take', text: t('manage.assign.notPossible') });
  }
  return el('div', { class: 'row-detail assign-panel' }, [
    el('label', { class: 'inline' }, [el('span', { text: t('manage.assign.giveTo') }), choose]),
    choice.availability ? el('p', { class: 'small availability-summary', text: choice.availability }) : null,
    previewPanel(preview),
    decision,
  ]);
}

/** The plan's preview of giving `shiftId` to `ownerId`; null when the preview itself fails (as fetchPreview). */
async function planPreview(ctx, shiftId, ownerId) {
  try {
    return await previewPlanChange(ctx, { op: 'assign', shiftId, ownerId });
  } catch {
    return null;
  }
}

/** The chosen member's weekly availability in words (empty when they set none). */
async function memberAvailability(ctx, userId) {
  try {
    return availabilitySummary((await loadAvailability(ctx)).get(userId));
  } catch {
    return null;
  }
}
