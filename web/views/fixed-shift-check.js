// The rule check of a fixed shift before it is saved: every week it would generate goes through
// the same rules as any other shift (POST /fixed-shifts/preview, /fixed-shifts/{id}/preview and
// /fixed-shift-requests/{id}/approve/preview answer what the save would). Nothing found: it saves at
// once. Otherwise the weeks and rules are shown first, with "Save anyway" for warnings, a reason and
// "Save anyway" where a manager may override, and only the refusal where nobody may.

import { problemSentence } from '../api.js';
import { el, actionButton, formatDate, formatShift } from '../ui.js';
import { t } from '../i18n.js';

/** One rule of one week: "Mon 15 Jun, 09:00–17:00: <the rule's sentence>". */
function ruleLine(rule) {
  let sentence = problemSentence({ code: rule.code, status: 409 });
  const clashes = (rule.conflictingShifts || []).map((shift) => t('preview.clash', { name: shift.ownerName, shift: formatShift(shift) }));
  if (clashes.length) sentence = t('preview.alreadyWorking', { sentence, shifts: clashes.join(t('preview.listJoin')) });
  if (rule.severity === 'warn') sentence = t('manage.fixedShiftCheck.warning', { sentence });
  return t('manage.fixedShiftCheck.week', { date: formatDate(rule.date), time: `${rule.startTime}–${rule.endTime}`, sentence });
}

/** The weeks and rules a preview found; null when it found nothing. */
export function fixedShiftRulesPanel(preview) {
  const rules = preview?.rules || [];
  if (!rules.length && !preview?.refusal) return null;
  const items = rules.map((rule) => el('li', {
    class: ['preview-rule', `severity-${rule.severity}`], data: { code: rule.code, date: rule.date }, text: ruleLine(rule),
  }));
  if (preview.refusal && !rules.length) {
    items.push(el('li', { class: 'preview-rule severity-refuse', data: { code: preview.refusal.code }, text: problemSentence(preview.refusal) }));
  }
  return el('div', { class: ['preview', 'preview-conflict', 'fixed-shift-check'], data: { allowed: String(Boolean(preview.allowed)) } }, [
    el('ul', { class: 'preview-rules' }, items),
  ]);
}

/**
 * Asks `previewPath` (POST `body`) what saving would answer and saves when nothing stands in the
 * way; otherwise draws the findings and the choices into `box`. `save(extra)` saves with `extra`
 * added to the body (`{}` or `{ override: true, reason }`) and answers whether it saved.
 */
export async function checkThenSave(ctx, { box, previewPath, body, save, anywayLabel = t('manage.fixedShiftCheck.saveAnyway') }) {
  let preview;
  try {
    preview = await ctx.api('POST', previewPath, body);
  } catch (error) {
    ctx.say(ctx.explain(error), 'error');
    return false;
  }
  if (preview.allowed && !(preview.rules || []).length) {
    box.replaceChildren();
    return save({});
  }
  const panel = fixedShiftRulesPanel(preview);
  const done = async (extra, button) => {
    button.disabled = true;
    try {
      if (await save(extra)) box.replaceChildren();
    } finally {
      if (button.isConnected) button.disabled = false;
    }
  };
  if (preview.allowed) {
    box.replaceChildren(panel, el('p', { class: 'small', text: t('manage.fixedShiftCheck.warnings') }),
      actionButton('save-fixed-shift-anyway', anywayLabel, (button) => done({}, button), { kind: 'primary' }));
  } else if (preview.overridable) {
    const reason = el('input', { attrs: { name: 'override-reason', maxlength: '1000', autocomplete: 'off', placeholder: t('manage.week.whyPlaceholder') } });
    box.replaceChildren(panel, el('p', { class: 'small', text: t('manage.fixedShiftCheck.overridable') }),
      el('label', { class: 'note-field' }, [el('span', { text: t('manage.week.overrideReason') }), reason]),
      actionButton('override-fixed-shift', anywayLabel, (button) => {
        if (!reason.value.trim()) { ctx.say(t('manage.week.sayWhy'), 'error'); reason.focus(); return; }
        done({ override: true, reason: reason.value.trim() }, button);
      }, { kind: 'danger' }));
  } else {
    box.replaceChildren(panel, el('p', {
      class: 'small cannot-take', data: { code: preview.refusal?.code ?? '' },
      text: t('manage.fixedShiftCheck.refused', { reason: problemSentence(preview.refusal || {}) }),
    }));
  }
  box.querySelector('button, input')?.focus();
  return false;
}
