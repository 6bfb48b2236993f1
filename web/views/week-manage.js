// The team week's manager tools, drawn inside week.js's dialogs: change a shift's time or position
// (PATCH /shifts/{id}, previewed by POST /shifts/{id}/edit/preview; on the grid a draft instead:
// POST /plan/changes with op `edit`, previewed by POST /plan/changes/preview), copy the week's
// one-off shifts to the next week (POST /shifts/copy-week, previewed by /shifts/copy-week/preview;
// published at once) and the week's trades (GET /trades). Every change is shown with the server's
// verdict first: the rules it breaks, and an override only with a reason. A shift's history
// (GET /shifts/{id}/history) is for everyone.

import { problemSentence } from '../api.js';
import { el, actionButton, withBusy, formatDate, formatInstant, timeRange, statusText } from '../ui.js';
import { previewPanel } from './preview.js';
import { t, tn } from '../i18n.js';
import { planChange, previewPlanChange } from './plan-bar.js';

/** The refusal sentence per kind of change (`what`), for rules nobody can override. */
const NOT_POSSIBLE = { change: 'manage.week.notPossibleChange', shift: 'manage.week.notPossibleShift' };

/**
 * The live verdict of a previewed form in `box`: the returned `ask()` asks `fetchPreview` again and
 * draws only the newest answer (an older one arriving late is dropped), with `decision(preview)`
 * under it; a failed ask says why. The counter lives on `draft`, which outlives a repaint of the
 * form while its dialog is open; `checked()` names what the shown verdict is about (for tests).
 */
export function previewedVerdict(box, draft, { fetchPreview, decision, checked, isOpen = () => box.isConnected }) {
  const show = (preview) => {
    box.dataset.checked = preview ? checked() : '';
    box.replaceChildren(...[previewPanel(preview && !preview.failed ? preview : null), decision(preview)].filter(Boolean));
  };
  return async () => {
    const request = ++draft.asked;
    show(null);
    let preview;
    try {
      preview = await fetchPreview();
    } catch (error) {
      preview = { failed: problemSentence(error) };
    }
    if (request === draft.asked && isOpen()) show(preview);
  };
}

/**
 * The verdict under a previewed change: "checking", the refusal, a save button, or (for rules a
 * manager may break) the reason field with a "… anyway" button. Shared by the new-shift and the
 * change-shift dialogs, so both read the server's preview the same way.
 */
export function previewDecision(preview, { reason, save, action, label, anywayAction, anywayLabel, what, refusal }) {
  if (!preview) return el('p', { class: 'small muted', text: t('manage.week.checking') });
  if (preview.failed) return el('p', { class: 'small cannot-take', text: preview.failed });
  if (preview.allowed) return actionButton(action, label, (button) => save(button, false), { kind: 'primary' });
  if (preview.overridable) {
    return el('div', { class: 'override' }, [
      el('label', { class: 'note-field' }, [el('span', { text: t('manage.week.overrideReason') }), reason]),
      actionButton(anywayAction, anywayLabel, (button) => save(button, true), { kind: 'danger' }),
    ]);
  }
  return el('p', { class: 'small cannot-take', text: refusal ?? t(NOT_POSSIBLE[what] ?? 'manage.week.notPossible') });
}

function toMinutes(time) {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes from `start` to `end` ("HH:MM"); an end at or before the start is the next day. */
export function minutesBetween(start, end) {
  const minutes = toMinutes(end) - toMinutes(start);
  return minutes <= 0 ? minutes + 1440 : minutes;
}

/**
 * The form that changes `shift`'s start, end and position. Every change asks the server's
 * preview; "Save" appears only when it is allowed, "Save anyway" (with a reason) when a manager
 * may override, and neither when a rule nobody can override refuses. `onSaved(answer)` after saving.
 * With `plan`, the change is a draft of the plan (the week grid), published later.
 */
export function editPanel(shift, ctx, { draft, positions, onSaved, plan = false }) {
  if (!draft.startTime) Object.assign(draft, { startTime: shift.startTime, endTime: shift.endTime, position: shift.position || '', asked: 0 });
  const start = el('input', { attrs: { type: 'time', name: 'edit-start', required: true, value: draft.startTime } });
  const end = el('input', { attrs: { type: 'time', name: 'edit-end', required: true, value: draft.endTime } });
  const position = el('input', { attrs: { name: 'edit-position', maxlength: '100', list: 'week-edit-positions', autocomplete: 'off', value: draft.position } });
  const reason = el('input', { attrs: { name: 'override-reason', maxlength: '1000', autocomplete: 'off', placeholder: t('manage.week.whyPlaceholder') } });
  const endLabel = el('span', { text: toMinutes(draft.endTime) <= toMinutes(draft.startTime) ? t('manage.week.endNextDay') : t('manage.week.end') });
  const box = el('div', { class: 'edit-preview', attrs: { 'aria-live': 'polite' } });
  const body = () => ({
    startTime: draft.startTime, durationMinutes: minutesBetween(draft.startTime, draft.endTime), position: draft.position.trim(),
  });
  const save = async (button, override) => {
    const payload = body();
    if (override) {
      if (!reason.value.trim()) { ctx.say(t('manage.week.sayWhy'), 'error'); reason.focus(); return; }
      Object.assign(payload, { override: true, reason: reason.value.trim() });
    }
    const planned = { startTime: draft.startTime, endTime: draft.endTime };
    const saved = await withBusy(button, () => (plan ? planChange(ctx, { op: 'edit', shiftId: shift.id, ...payload })
      : ctx.api('PATCH', `/shifts/${shift.id}`, payload)),
    // A draft answers the plan's revision, not the shift: its words come from the form.
    (changed) => (plan
      ? t('manage.week.plan.editedDone', { name: shift.ownerName, shift: `${formatDate(shift.date)}, ${timeRange(planned)}${payload.position ? ` · ${payload.position}` : ''}` })
      : t('manage.week.nowWorks', { name: changed.ownerName, shift: `${formatDate(changed.date)}, ${timeRange(changed)}${changed.position ? ` · ${changed.position}` : ''}` })));
    if (saved) await onSaved(saved);
  };
  const ask = previewedVerdict(box, draft, {
    fetchPreview: () => (plan ? previewPlanChange(ctx, { op: 'edit', shiftId: shift.id, ...body() })
      : ctx.api('POST', `/shifts/${shift.id}/edit/preview`, body())),
    decision: (preview) => previewDecision(preview, {
      reason, save, action: 'save-edit', label: t('manage.week.save'), anywayAction: 'save-edit-anyway', anywayLabel: t('manage.week.saveAnyway'), what: 'change',
    }),
    checked: () => `${draft.startTime}-${draft.endTime}`,
  });
  const changed = () => {
    draft.startTime = start.value || draft.startTime;
    draft.endTime = end.value || draft.endTime;
    draft.position = position.value;
    endLabel.textContent = toMinutes(draft.endTime) <= toMinutes(draft.startTime) ? t('manage.week.endNextDay') : t('manage.week.end');
    ask();
  };
  for (const input of [start, end, position]) input.addEventListener('change', changed);
  queueMicrotask(ask);
  return el('div', { class: 'row-detail edit-panel' }, [
    el('div', { class: 'create-times' }, [
      el('label', {}, [t('manage.week.start'), start]),
      el('label', {}, [endLabel, end]),
      el('label', {}, [t('manage.week.position'), position]),
    ]),
    el('datalist', { attrs: { id: 'week-edit-positions' } }, positions.map((name) => el('option', { attrs: { value: name } }))),
    box,
  ]);
}

/**
 * "Move to…" (managers, the week grid): another day of `days`, another person of `members`, other
 * times, as one draft of the plan (POST /plan/changes with op `move`), previewed against the plan
 * like every change: "Move" when the rules allow it, "Move anyway" with a reason when a manager may
 * override, neither when a rule nobody may break refuses. Keyboard and phone alike: plain fields.
 */
export function movePanel(shift, ctx, { draft, days, members, onSaved }) {
  if (!draft.date) Object.assign(draft, { date: shift.date, ownerId: String(shift.ownerId), startTime: shift.startTime, endTime: shift.endTime, asked: 0 });
  const day = el('select', { attrs: { name: 'move-date', 'aria-label': t('manage.week.move.day') } },
    days.map((date) => el('option', { attrs: { value: date, selected: date === draft.date ? '' : null }, text: formatDate(date, { long: true }) })));
  const person = el('select', { attrs: { name: 'move-owner', 'aria-label': t('manage.week.move.person') } },
    (members || []).map((member) => el('option', { attrs: { value: String(member.id), selected: String(member.id) === draft.ownerId ? '' : null }, text: member.displayName })));
  const start = el('input', { attrs: { type: 'time', name: 'move-start', required: true, value: draft.startTime } });
  const end = el('input', { attrs: { type: 'time', name: 'move-end', required: true, value: draft.endTime } });
  const reason = el('input', { attrs: { name: 'override-reason', maxlength: '1000', autocomplete: 'off', placeholder: t('manage.week.whyPlaceholder') } });
  const box = el('div', { class: 'move-preview', attrs: { 'aria-live': 'polite' } });
  const body = () => ({
    op: 'move', shiftId: shift.id, date: draft.date, ownerId: Number(draft.ownerId),
    startTime: draft.startTime, durationMinutes: minutesBetween(draft.startTime, draft.endTime),
  });
  const save = async (button, override) => {
    const payload = body();
    if (override) {
      if (!reason.value.trim()) { ctx.say(t('manage.week.sayWhy'), 'error'); reason.focus(); return; }
      Object.assign(payload, { override: true, reason: reason.value.trim() });
    }
    const name = (members || []).find((member) => String(member.id) === draft.ownerId)?.displayName ?? shift.ownerName;
    const words = { name, shift: `${formatDate(draft.date)}, ${timeRange({ startTime: draft.startTime, endTime: draft.endTime })}` };
    const saved = await withBusy(button, () => planChange(ctx, payload), () => t('manage.week.move.done', words));
    if (saved) await onSaved(saved);
  };
  const ask = previewedVerdict(box, draft, {
    fetchPreview: () => previewPlanChange(ctx, body()),
    decision: (preview) => previewDecision(preview, {
      reason, save, action: 'confirm-move', label: t('manage.week.move.confirm'), anywayAction: 'move-anyway', anywayLabel: t('manage.week.move.anyway'), what: 'change',
    }),
    checked: () => `${draft.date} ${draft.ownerId} ${draft.startTime}-${draft.endTime}`,
  });
  const changed = () => {
    Object.assign(draft, { date: day.value, ownerId: person.value, startTime: start.value || draft.startTime, endTime: end.value || draft.endTime });
    ask();
  };
  for (const input of [day, person, start, end]) input.addEventListener('change', changed);
  queueMicrotask(ask);
  return el('div', { class: 'row-detail move-panel' }, [
    el('div', { class: 'create-times' }, [
      el('label', {}, [t('manage.week.move.day'), day]),
      el('label', {}, [t('manage.week.move.person'), person]),
      el('label', {}, [t('manage.week.start'), start]),
      el('label', {}, [t('manage.week.end'), end]),
    ]),
    box,
  ]);
}

const HISTORY_ACTIONS = {
  create: 'manage.week.history.create', assign: 'manage.week.history.assign', unassign: 'manage.week.history.unassign',
  cancel_shift: 'manage.week.history.cancelShift', edit: 'manage.week.history.edit', supply: 'manage.week.history.supply',
  revoke: 'manage.week.history.revoke', pick_up: 'manage.week.history.pickUp', approve: 'manage.week.history.approve',
  reject: 'manage.week.history.reject', cancel: 'manage.week.history.cancel', expire: 'manage.week.history.expire',
  propose_swap: 'manage.week.history.proposeSwap', accept_swap: 'manage.week.history.acceptSwap', decline_swap: 'manage.week.history.declineSwap',
  suggest: 'manage.week.history.suggest', withdraw_suggestion: 'manage.week.history.withdrawSuggestion', accept_suggestion: 'manage.week.history.acceptSuggestion',
};

/** A shift's history, newest last: who did what when (loaded when shown). */
export function historyPanel(shift, ctx) {
  const list = el('ol', { class: 'history-list', attrs: { 'aria-label': t('manage.week.historyLabel') } }, [el('li', { class: 'muted small', text: t('manage.week.loading') })]);
  ctx.api('GET', `/shifts/${shift.id}/history`).then((entries) => {
    const rows = Array.isArray(entries) ? entries : [];
    list.replaceChildren(...(rows.length ? rows.map((entry) => el('li', { class: 'history-entry small' }, [
      el('time', { attrs: { datetime: entry.at }, text: formatInstant(entry.at) }), ' · ',
      el('strong', { text: entry.actorName || 'Shifty' }), ` ${HISTORY_ACTIONS[entry.action] ? t(HISTORY_ACTIONS[entry.action]) : entry.action.replaceAll('_', ' ')}`,
      entry.from && entry.from !== entry.to ? ` (${statusText(entry.from)} → ${statusText(entry.to)})` : '',
      entry.note ? el('span', { class: 'muted', text: ` — ${entry.note}` }) : null,
    ])) : [el('li', { class: 'muted small', text: t('manage.week.noHistory') })]));
  }).catch((error) => list.replaceChildren(el('li', { class: 'small cannot-take', text: problemSentence(error) })));
  return el('details', { class: 'shift-history' }, [el('summary', { text: t('manage.week.history') }), list]);
}

/** One line per shift of a copy-week answer: what it becomes next week (a draft, once copied), or why not. */
function copyLine(item, copied = false) {
  const source = item.source;
  const copy = { startTime: item.startTime, durationMinutes: item.durationMinutes };
  const why = item.refusal ? problemSentence({ code: item.refusal.code, status: item.refusal.status }) : '';
  return el('li', { class: ['copy-item', item.allowed ? 'copy-ok' : 'copy-refused'], data: { shiftId: source.id, allowed: String(item.allowed) } }, [
    el('strong', { text: source.ownerName }), ` · ${formatDate(item.date)}, ${timeRange(copy)}${source.position ? ` · ${source.position}` : ''}`,
    el('span', { class: ['badge', item.allowed ? 'state-scheduled' : 'state-refused'], text: copied && item.allowed ? t('manage.week.copy.drafted') : item.allowed ? t('manage.week.copy.ok') : t('manage.week.copy.notCopied') }),
    why ? el('p', { class: 'small cannot-take', text: why }) : null,
  ]);
}

/**
 * The body of the "Copy to next week" dialog: the server's preview of every copy (the ones the
 * rules refuse are listed with the reason, not skipped), then "Copy N shifts". The copies are
 * drafts of next week (`draft: true`), checked against its other drafts, like every change on the grid.
 */
export async function copyWeekBody(monday, ctx, { onCopied }) {
  const preview = await ctx.api('POST', '/shifts/copy-week/preview', { from: monday, draft: true });
  const items = preview.items || [];
  if (!items.length) {
    return [el('p', { text: t('manage.week.copy.nothing') })];
  }
  const args = { created: preview.created, refused: preview.refused, week: formatDate(preview.toWeek, { long: true }) };
  const summary = preview.refused ? tn('manage.week.copy.summaryRefused', items.length, args) : tn('manage.week.copy.summary', items.length, args);
  const list = el('ul', { class: 'list copy-list' }, items.map(copyLine));
  const result = el('div', { attrs: { 'aria-live': 'polite' } });
  const copy = preview.created ? actionButton('confirm-copy-week', tn('manage.week.copy.button', preview.created), async (button) => {
    const done = await withBusy(button, () => ctx.api('POST', '/shifts/copy-week', { from: monday, draft: true }),
      (answer) => (answer.refused ? tn('manage.week.copy.doneRefused', answer.created, { refused: answer.refused }) : tn('manage.week.copy.done', answer.created)));
    if (!done) return;
    list.replaceChildren(...(done.items || []).map((item) => copyLine(item, true)));
    button.remove();
    result.replaceChildren(actionButton('show-next-week', t('manage.week.copy.showNext'), () => onCopied(done.toWeek), { kind: 'primary' }));
  }, { kind: 'primary' }) : null;
  return [el('p', { class: 'copy-summary', text: summary }), list, copy, result];
}

/** The body of the "Trades this week" dialog (managers): every deal on a shift of the week. */
export async function tradesBody(monday, sunday, ctx) {
  const deals = await ctx.api('GET', `/trades?from=${monday}&to=${sunday}`);
  if (!Array.isArray(deals) || !deals.length) return [el('p', { text: t('manage.week.trades.none') })];
  const kinds = { pick_up: 'manage.week.trades.pickUp', swap: 'manage.week.trades.swap', suggestion_accepted: 'manage.week.trades.suggestion', pickup: 'manage.week.trades.pickUp' };
  return [el('ul', { class: 'list trade-list' }, deals.map((deal) => el('li', { class: 'row', data: { dealId: deal.id } }, [
    el('p', { class: 'row-title' }, [
      `${kinds[deal.kind] ? t(kinds[deal.kind]) : deal.kind.replaceAll('_', ' ')} · `,
      el('span', { class: ['badge', `status-${deal.state}`], text: statusText(deal.state) }),
    ]),
    ...deal.legs.map((leg) => el('p', { class: 'small', text: `${leg.giverName} → ${leg.receiverName}: ${formatDate(leg.shift.date)}, ${timeRange(leg.shift)}${leg.shift.position ? ` · ${leg.shift.position}` : ''}` })),
    deal.decisionNote ? el('p', { class: 'small muted', text: `${deal.decidedByName || t('manage.week.trades.aManager')}: ${deal.decisionNote}` }) : null,
  ])))];
}
