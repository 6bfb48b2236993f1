// Previews of actions (GET /shifts/{id}/preview, and GET /marketplace/previews for a list): the server runs the same rules the action runs
// and answers what it would say, every rule it breaks and each receiver's hours that week. The
// views use them so the page never offers what the server will refuse: the marketplace says why a
// shift cannot be taken, approval cards show conflicts before the manager decides, and a
// manager's assignment shows the rules it would override.

import { problemSentence, query } from '../api.js';
import { el, formatShift } from '../ui.js';
import { t, hasText, formatNumber, formatMoney } from '../i18n.js';

/** Asks the server what `action` on `shiftId` would do now; null when the preview itself fails. */
export async function fetchPreview(ctx, shiftId, action, parameters = {}) {
  try {
    return await ctx.api('GET', `/shifts/${shiftId}/preview${query({ action, ...parameters })}`);
  } catch {
    return null;
  }
}

/** The most shifts one batch previews (GET /marketplace/previews); longer lists go in pages. */
const batchSize = 100;

/**
 * Asks the server what `action` (pick-up, accept-suggestion or approve) on each of `shiftIds`
 * would do now, in one request per hundred shifts instead of one per shift. Answers a Map from
 * shift id to preview; a page that fails leaves its shifts out (they keep their plain buttons).
 */
export async function fetchPreviews(ctx, shiftIds, action) {
  const unique = [...new Set(shiftIds)];
  const pages = [];
  for (let start = 0; start < unique.length; start += batchSize) pages.push(unique.slice(start, start + batchSize));
  const answers = await Promise.all(pages.map(async (ids) => {
    try {
      return await ctx.api('GET', `/marketplace/previews${query({ action, shiftIds: ids.join(',') })}`);
    } catch {
      return [];
    }
  }));
  return new Map(answers.flat().filter(Boolean).map((preview) => [preview.shiftId, preview]));
}

const hours = (value) => t('preview.hours', { hours: formatNumber(Number(value)) });

/**
 * The refusal's sentence. A rule about the caller themselves (`myId`, e.g. a pick-up of a shift
 * for a position they are not qualified for) says "you" where the page has such a sentence.
 */
function refusalWords(preview, myId) {
  const { code, status } = preview.refusal;
  const aboutMe = myId != null && (preview.rules || []).some((rule) => rule.code === code && rule.userId === myId);
  if (aboutMe && hasText(`preview.you.${code}`)) return t(`preview.you.${code}`);
  return problemSentence({ code, status });
}

/** Why the action would be refused, in words, naming the shifts it clashes with; `myId` is the caller's user id. */
export function refusalSentence(preview, myId) {
  if (!preview?.refusal) return '';
  const sentence = refusalWords(preview, myId);
  const clashes = (preview.effects || []).flatMap((effect) => effect.conflictingShifts || []);
  if (!clashes.length) return sentence;
  return t('preview.alreadyWorking', {
    sentence,
    shifts: clashes.map((shift) => t('preview.clash', { name: shift.ownerName, shift: formatShift(shift) })).join(t('preview.listJoin')),
  });
}

/** "Anna: 16 h → 20 h in week 49" for each receiver. */
export function hoursLines(preview) {
  return (preview?.effects || []).map((effect) => {
    const week = /^\d{4}-W0?(\d+)$/.exec(String(effect.week || ''))?.[1];
    const line = { name: effect.userName || t('preview.receiver'), before: hours(effect.hoursBefore), after: hours(effect.hoursAfter), week };
    const text = week ? t('preview.hoursLine', line) : t('preview.hoursLineNoWeek', line);
    // A manager's preview: the person's week at their wage beside the hours.
    if (preview.cost && effect.costBeforeCents != null && effect.costAfterCents != null) {
      return t('preview.costBeside', {
        line: text, before: formatMoney(effect.costBeforeCents, preview.cost.currency), after: formatMoney(effect.costAfterCents, preview.cost.currency),
      });
    }
    return text;
  });
}

/** A manager's preview: "Labour cost week 49: €1,200.00 → €1,240.00 (budget €1,300.00)" per week; `over` when the week would pass its budget. */
export function costLines(preview) {
  const cost = preview?.cost;
  if (!cost) return [];
  return (cost.weeks || []).filter((week) => week.afterCents !== week.beforeCents || week.overBudget).map((week) => {
    const number = /^\d{4}-W0?(\d+)$/.exec(String(week.week || ''))?.[1] ?? week.week;
    const args = { week: number, before: formatMoney(week.beforeCents, cost.currency), after: formatMoney(week.afterCents, cost.currency) };
    const text = week.budgetCents != null
      ? t(week.overBudget ? 'preview.costOverBudget' : 'preview.costWithBudget', { ...args, budget: formatMoney(week.budgetCents, cost.currency) })
      : t('preview.costLine', args);
    return { text, over: week.overBudget };
  });
}

/** "Anna: <the rule's sentence> (a manager may override this)". */
function ruleText(rule) {
  const said = problemSentence({ code: rule.code, status: 409 });
  const sentence = rule.overridable ? t('preview.overridable', { sentence: said }) : said;
  return rule.userName ? t('preview.ruleFor', { name: rule.userName, sentence }) : sentence;
}

/**
 * A block listing every rule the action breaks (with the sentence for each code) and the hours
 * before and after; `null` when there is nothing to say.
 */
export function previewPanel(preview, { showHours = true } = {}) {
  if (!preview) return null;
  const rules = preview.rules || [];
  const items = rules.map((rule) => el('li', {
    class: ['preview-rule', `severity-${rule.severity}`],
    data: { code: rule.code },
    text: ruleText(rule),
  }));
  if (preview.refusal && !rules.some((rule) => rule.code === preview.refusal.code)) {
    items.unshift(el('li', { class: 'preview-rule severity-refuse', data: { code: preview.refusal.code }, text: problemSentence(preview.refusal) }));
  }
  const lines = showHours ? hoursLines(preview) : [];
  const costs = showHours ? costLines(preview) : [];
  if (!items.length && !lines.length && !costs.length) return null;
  return el('div', { class: ['preview', items.length ? 'preview-conflict' : 'preview-ok'], data: { allowed: String(Boolean(preview.allowed)) } }, [
    items.length ? el('ul', { class: 'preview-rules' }, items) : null,
    ...lines.map((line) => el('p', { class: 'small preview-hours', text: line })),
    // Over the budget is a warning the manager reads before confirming, never a refusal.
    ...costs.map((line) => el('p', { class: ['small', 'preview-cost', line.over ? 'preview-warning' : null], data: { overBudget: String(line.over) }, text: line.text })),
  ]);
}
