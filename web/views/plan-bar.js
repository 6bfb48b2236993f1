// Drafts and publishing on the team week (managers): a manager's changes on the grid are drafts
// (POST /plan/changes, each previewed by POST /plan/changes/preview) that nobody else sees until
// they are published. This module holds the pieces week.js draws with them: the words for a
// drafted shift, the "Draft" badge, the sticky bar with the count of unpublished changes, and the
// body of the "Review and publish" dialog (POST /plan/publish/preview, then POST /plan/publish
// with the preview's revision, so nothing publishes that the manager did not see).

import { problemSentence } from '../api.js';
import { el, actionButton, withBusy, formatShift, timeRange } from '../ui.js';
import { t, tn, formatMoney } from '../i18n.js';
import { premiumParagraphs, owesPremium } from './preview.js';

// ---------------------------------------------------------------------------------------------
// Changes of the plan

/** What `change` ({ op, shiftId?, … }) would do: the same ActionPreview the immediate routes answer. */
export function previewPlanChange(ctx, change) {
  return ctx.api('POST', '/plan/changes/preview', change);
}

/** Makes `change` a draft (or, for `revert`, drops one); answers { revision, draftId?, shiftId? }. */
export function planChange(ctx, change) {
  return ctx.api('POST', '/plan/changes', change);
}

// ---------------------------------------------------------------------------------------------
// Drafted shifts

/** The draft of `shiftId` among `drafts` (GET /plan's), or null when the shift is as published. */
export function draftOf(drafts, shiftId) {
  return (drafts || []).find((draft) => draft.shiftId === shiftId) ?? null;
}

/** A published shift's time and position in one phrase: "09:00–17:00 · Bar". */
function timeAndPosition(shift) {
  return shift.position ? t('manage.week.plan.timePosition', { time: timeRange(shift), position: shift.position }) : timeRange(shift);
}

/** The short words for a draft's state, for a shift's label on the grid ("draft: new shift"). */
export function draftShort(draft) {
  return t(`manage.week.plan.short.${draft.state}`);
}

/**
 * The sentence the shift dialog says about a drafted shift: new, changed from what (the published
 * time), to be removed, or to be made open, each "not published yet".
 */
export function draftSentence(draft, shift) {
  if (draft.state === 'changed' && draft.before) {
    const before = draft.before;
    // An assignment to someone else is a change too: then say whose shift it was.
    const otherOwner = shift && before.ownerId !== shift.ownerId;
    return t(otherOwner ? 'manage.week.plan.changedFromPerson' : 'manage.week.plan.changedFrom',
      { before: timeAndPosition(before), name: before.ownerName });
  }
  return t(`manage.week.plan.sentence.${draft.state}`);
}

/** The small "Draft" badge inside a shift on the grid; its words are in the button's label as well. */
export function draftBadge(draft) {
  return el('span', { class: ['badge', 'grid-draft-badge', `draft-${draft.state}`], text: t('manage.week.plan.badge') });
}

// ---------------------------------------------------------------------------------------------
// The publish bar

/**
 * The sticky bar at the bottom of a manager's week: "N unpublished changes" (the whole
 * workplace's count, read out when it changes) with Discard and Review and publish for the shown
 * week. One element for the view's lifetime: `update()` changes its words in place, so the live
 * region is not rebuilt (a rebuilt region is not announced).
 */
export function publishBar({ onDiscard, onReview }) {
  const count = el('p', { class: 'plan-bar-count', attrs: { 'aria-live': 'polite', 'aria-atomic': 'true', id: 'plan-bar-count' } });
  const week = el('p', { class: 'plan-bar-week small' });
  const discard = actionButton('discard-drafts', t('manage.week.plan.discard'), (button) => onDiscard(button), { kind: 'secondary' });
  const review = actionButton('review-publish', t('manage.week.plan.review'), (button) => onReview(button), { kind: 'primary' });
  const element = el('div', { class: 'plan-bar', attrs: { role: 'region', 'aria-label': t('manage.week.plan.barLabel') }, hidden: true }, [
    el('div', { class: 'plan-bar-words' }, [count, week]),
    el('div', { class: 'plan-bar-actions' }, [discard, review]),
  ]);
  return {
    element,
    /** `total`: drafts in the workplace; `inWeek`: drafts of the shown week (its buttons act on those). */
    update(total, inWeek) {
      element.hidden = !(total > 0);
      element.dataset.count = String(total || 0);
      const words = total > 0 ? tn('manage.week.plan.unpublished', total) : '';
      if (count.textContent !== words) count.textContent = words;
      week.textContent = total > 0 && inWeek !== total ? tn('manage.week.plan.inThisWeek', inWeek) : '';
      week.hidden = !week.textContent;
      discard.hidden = !(inWeek > 0);
      review.hidden = !(inWeek > 0);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Review and publish

const CHANGE_KEYS = {
  added: 'manage.week.plan.change.added', changed: 'manage.week.plan.change.changed',
  removed: 'manage.week.plan.change.removed', released: 'manage.week.plan.change.released',
};

/** One line of a person's changes: "Added: Tue 8 Dec, 09:00–17:00 · Bar" (changed: from → to). */
function changeLine(change) {
  const shift = change.shift || {};
  const key = CHANGE_KEYS[change.kind] ?? 'manage.week.plan.change.other';
  const args = { shift: formatShift(shift) };
  if (change.kind === 'changed' && change.before) {
    // The same day (the usual change): the day once, then the times and positions before and after.
    const sameDay = change.before.date === shift.date;
    Object.assign(args, { before: formatShift(change.before), shift: sameDay ? timeAndPosition(shift) : args.shift });
  }
  return el('li', { class: ['plan-change', `plan-change-${change.kind}`], data: { shiftId: shift.id ?? '', kind: change.kind } },
    [t(change.kind === 'changed' && change.before ? 'manage.week.plan.change.changedFrom' : key, args)]);
}

/** Why a draft stays a draft: the server's sentence, or "changed since" for a stale one. */
function keptReason(kept) {
  if (kept.reason === 'stale') return t('manage.week.plan.keptStale');
  return kept.detail || problemSentence({ code: kept.reason, status: 409 });
}

/**
 * The late changes publishing records in the schedule-change ledger: one line per entry (what
 * each person is owed, or that they asked for it), and the total when every amount is known.
 */
function premiumsBlock(premiums) {
  const owed = premiums.filter(owesPremium);
  const currency = owed[0]?.currency ?? premiums[0]?.currency ?? 'EUR';
  const priced = owed.length > 0 && owed.every((entry) => entry.amountCents != null && entry.currency === currency);
  const total = priced ? owed.reduce((sum, entry) => sum + entry.amountCents, 0) : null;
  return el('div', { class: 'plan-review-premiums', data: { owed: owed.length }, attrs: { role: 'group', 'aria-labelledby': 'plan-review-premiums-heading' } }, [
    el('h3', {
      attrs: { id: 'plan-review-premiums-heading' },
      text: owed.length ? tn('manage.ledger.reviewHeading', owed.length) : t('manage.ledger.reviewHeadingNone'),
    }),
    el('ul', {}, premiumParagraphs(premiums, 'li')),
    total != null ? el('p', { class: 'small plan-review-premium-total', text: t('manage.ledger.reviewTotal', { amount: formatMoney(total, currency) }) }) : null,
    el('p', { class: 'small muted', text: t('manage.ledger.reviewHint') }),
  ]);
}

/**
 * The body of the "Review and publish" dialog for `from`–`to`: per person what they will be told,
 * the drafts that stay drafts and why, then "Publish N changes" with the preview's revision.
 * `shifts` (the week's plan) names a kept draft's shift; `onPublished(answer)` after publishing;
 * `onStale()` when the plan changed since this preview (the caller asks a fresh one).
 */
export async function reviewBody(ctx, { from, to, shifts }, { onPublished, onStale }) {
  const preview = await ctx.api('POST', '/plan/publish/preview', { from, to });
  const people = Array.isArray(preview?.people) ? preview.people : [];
  const kept = Array.isArray(preview?.kept) ? preview.kept : [];
  const publishable = Number(preview?.publishable) || 0;
  const parts = [
    el('p', { class: 'plan-review-summary', text: publishable
      ? tn('manage.week.plan.reviewSummary', publishable, { people: tn('manage.week.plan.peopleCount', people.length) })
      : t('manage.week.plan.nothingToPublish') }),
  ];
  if (people.length) {
    parts.push(el('ul', { class: 'plan-review-people', attrs: { 'aria-label': t('manage.week.plan.whoIsTold') } }, people.map((person) => el('li', {
      class: 'plan-review-person', data: { userId: person.userId },
    }, [
      el('h3', { class: 'plan-review-name', text: person.name }),
      el('ul', { class: 'plan-review-changes' }, (person.changes || []).map(changeLine)),
    ]))));
  }
  if (kept.length) {
    const byId = new Map((shifts || []).map((shift) => [shift.id, shift]));
    parts.push(el('div', { class: 'plan-review-kept' }, [
      el('h3', { text: tn('manage.week.plan.keptHeading', kept.length) }),
      el('ul', {}, kept.map((item) => {
        const shift = byId.get(item.shiftId);
        return el('li', { class: 'plan-kept', data: { shiftId: item.shiftId, reason: item.reason } }, [
          shift ? el('strong', { text: t('manage.week.plan.keptShift', { name: shift.ownerName, shift: formatShift(shift) }) }) : null,
          el('p', { class: 'small cannot-take', text: keptReason(item) }),
        ]);
      })),
    ]));
  }
  // What publishing would owe under the workplace's schedule-change rule, read before Publish.
  const premiums = Array.isArray(preview?.premiums) ? preview.premiums : [];
  if (premiums.length) parts.push(premiumsBlock(premiums));
  if (publishable) {
    parts.push(actionButton('confirm-publish', tn('manage.week.plan.publishButton', publishable), async (button) => {
      let stale = false;
      const done = await withBusy(button, async () => {
        try {
          return await ctx.api('POST', '/plan/publish', { from, to, revision: preview.revision });
        } catch (error) {
          // Someone changed the plan since this preview: say so and show the fresh one, never publish unseen.
          if (error?.code === 'plan_changed_since_preview') stale = true;
          throw error;
        }
      }, (answer) => (answer.kept?.length
        ? tn('manage.week.plan.publishedKept', answer.published, { kept: answer.kept.length })
        : tn('manage.week.plan.published', answer.published)));
      if (done) await onPublished(done);
      // (withBusy has said the problem's sentence; it stays shown while the fresh preview loads.)
      else if (stale) await onStale();
    }, { kind: 'primary' }));
  }
  return parts;
}
