// Previews of actions (GET /shifts/{id}/preview, and GET /marketplace/previews for a list): the server runs the same rules the action runs
// and answers what it would say, every rule it breaks and each receiver's hours that week. The
// views use them so the page never offers what the server will refuse: the marketplace says why a
// shift cannot be taken, approval cards show conflicts before the manager decides, and a
// manager's assignment shows the rules it would override.

import { problemSentence, query } from '../api.js';
import { el, formatShift } from '../ui.js';
import { t, tn, hasText, formatNumber, formatMoney, formatDuration } from '../i18n.js';

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

// ---------------------------------------------------------------------------------------------
// Schedule changes (predictability pay): what a late change to the published schedule owes
// (`premiums` of a manager's preview and of the publish preview, entries of the ledger report).

/** The notice window of each preset in days; a custom rule's is the workplace's own (not in the entry). */
const PRESET_NOTICE_DAYS = { nl_on_call: 4, us_seattle: 14, us_oregon: 14, us_nyc_fast_food: 14 };
/** Presets under which the member may refuse hours added inside the window (recorded, not enforced). */
const ADDED_NEEDS_CONSENT = new Set(['nl_on_call']);
const LEDGER_CHANGES = new Set(['added', 'moved', 'cut', 'removed', 'clopening']);
const LEDGER_REASONS = new Set(['published', 'manager_change', 'pick_up', 'swap', 'suggestion', 'supplied', 'time_off']);

/** How long before the shift a change came: "45 min", "20 h", "3 days 4 h". */
export function noticeWords(minutes) {
  const value = Math.max(0, Math.round(Number(minutes) || 0));
  if (value < 60) return formatDuration(value);
  if (value < 48 * 60) return formatDuration(Math.floor(value / 60) * 60);
  const days = Math.floor(value / 1440);
  const hours = Math.floor((value % 1440) / 60);
  return hours ? tn('manage.ledger.noticeDaysHours', days, { hours }) : tn('manage.ledger.noticeDays', days);
}

/** The kind of change in one word ("Added", "Short rest"), for a table's cell. */
export function ledgerChangeName(entry) {
  return LEDGER_CHANGES.has(entry.change) ? t(`manage.ledger.kind.${entry.change}`) : String(entry.change || '');
}

/** Who or what made the change ("Published change", "Swap"), for a table's cell. */
export function ledgerReasonName(entry) {
  return LEDGER_REASONS.has(entry.reason) ? t(`manage.ledger.reason.${entry.reason}`) : String(entry.reason || '').replaceAll('_', ' ');
}

/** What changed, with its hours: "4 h added", "a shift of 8 h moved", "3 h of the shift inside the rest". */
export function ledgerChangeWords(entry) {
  const hours = formatDuration(Math.max(0, Number(entry.changedMinutes) || 0));
  return LEDGER_CHANGES.has(entry.change) ? t(`manage.ledger.what.${entry.change}`, { hours }) : ledgerChangeName(entry);
}

/** The premium as the rule sets it: "1 h of pay", "€20.00" (a fixed amount), both joined; '' for nothing. */
export function owedWords(entry) {
  const minutes = Number(entry.premiumMinutes) || 0;
  const cents = Number(entry.premiumCents) || 0;
  const parts = [];
  if (minutes > 0) parts.push(t('manage.ledger.minutesOfPay', { hours: formatDuration(minutes) }));
  if (cents > 0) parts.push(formatMoney(cents, entry.currency));
  return parts.join(t('manage.ledger.plus'));
}

/** What the entry owes with its amount: "1 h of pay (€14.50)", "€20.00", "2 h of pay (no wage set)"; '' for nothing. */
export function premiumWords(entry) {
  const minutes = Number(entry.premiumMinutes) || 0;
  const owed = owedWords(entry);
  if (minutes <= 0) return owed;
  return entry.amountCents != null
    ? t('manage.ledger.withAmount', { owed, amount: formatMoney(entry.amountCents, entry.currency) })
    : t('manage.ledger.withoutWage', { owed });
}

/** Whether an entry owes anything (before a waiver). */
export function owesPremium(entry) {
  return !entry.exempt && ((Number(entry.premiumMinutes) || 0) > 0 || (Number(entry.premiumCents) || 0) > 0);
}

/** "Inside the 14-day notice" (a preset's window), or "Inside the notice window" (a custom rule's). */
function windowWords(entry) {
  const days = PRESET_NOTICE_DAYS[entry.rule];
  return days ? t('manage.ledger.window', { days }) : t('manage.ledger.windowCustom');
}

/**
 * The sentence for one entry, or null when there is nothing to say: "Inside the 14-day notice,
 * 3 days 4 h before the shift: Anna is owed 1 h of pay (€14.50) for 4 h added"; a rest made too
 * short (wherever it falls); "Asked for by Anna (…): no premium" for an exempt one; under a rule
 * where the member may refuse added hours, that they may.
 */
export function premiumSentence(entry) {
  const args = { name: entry.userName || t('preview.receiver'), what: ledgerChangeWords(entry) };
  if (entry.exempt) return { kind: 'exempt', text: t('manage.ledger.exemptLine', args) };
  if (owesPremium(entry)) {
    const premium = premiumWords(entry);
    if (entry.change === 'clopening') return { kind: 'owed', text: t('manage.ledger.owedRest', { ...args, premium }) };
    return { kind: 'owed', text: t('manage.ledger.owedLine', { ...args, premium, window: windowWords(entry), notice: noticeWords(entry.noticeMinutes) }) };
  }
  if (entry.change === 'added' && ADDED_NEEDS_CONSENT.has(entry.rule)) {
    return { kind: 'consent', text: t('manage.ledger.mayRefuse', { ...args, window: windowWords(entry) }) };
  }
  return null;
}

/** The lines of `premiums` ({ kind: owed | exempt | consent, text, entry }), the ones owing something first. */
export function premiumLines(premiums) {
  const order = { owed: 0, consent: 1, exempt: 2 };
  return (Array.isArray(premiums) ? premiums : [])
    .map((entry) => ({ entry, ...premiumSentence(entry) }))
    .filter((line) => line.text)
    .sort((a, b) => order[a.kind] - order[b.kind]);
}

/** One paragraph per line of `premiums` (a preview's), muted for those owing nothing. */
export function premiumParagraphs(premiums, tag = 'p') {
  return premiumLines(premiums).map((line) => el(tag, {
    class: ['small', 'preview-premium', `preview-premium-${line.kind}`, line.kind === 'owed' ? null : 'muted'],
    data: { change: line.entry.change, userId: line.entry.userId, owed: String(line.kind === 'owed'), exempt: String(Boolean(line.entry.exempt)) },
    text: line.text,
  }));
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
  // A manager's preview: what a late change to the published schedule would owe (before confirming).
  const premiums = showHours ? premiumParagraphs(preview.premiums) : [];
  if (!items.length && !lines.length && !costs.length && !premiums.length) return null;
  return el('div', { class: ['preview', items.length ? 'preview-conflict' : 'preview-ok'], data: { allowed: String(Boolean(preview.allowed)) } }, [
    items.length ? el('ul', { class: 'preview-rules' }, items) : null,
    ...lines.map((line) => el('p', { class: 'small preview-hours', text: line })),
    // Over the budget is a warning the manager reads before confirming, never a refusal.
    ...costs.map((line) => el('p', { class: ['small', 'preview-cost', line.over ? 'preview-warning' : null], data: { overBudget: String(line.over) }, text: line.text })),
    ...premiums,
  ]);
}
