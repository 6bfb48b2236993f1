// My schedule: my shifts from today grouped by ISO week ("Week 47"), each with its status in
// colour and words and the actions that fit it. Live events that touch one of my shifts (a deal
// approved, a shift given to me, a coworker taking my offered shift) reload the list.

import {
  el, viewHeader, emptyState, shiftSummary, actionButton, cancelDealButton, withBusy,
  preserveFocus, debounce, isFuture, formatShift, statusText, statusBadge, parseLocalDate, weekLabel,
} from '../ui.js';
import { t, tn, locale } from '../i18n.js';

let state = null;

async function load(ctx) {
  const [weeks, deals] = await Promise.all([
    ctx.api('GET', '/schedule?weeks=8'),
    ctx.api('GET', '/deals/mine').catch(() => []),
  ]);
  return { weeks: Array.isArray(weeks) ? weeks : [], deals: Array.isArray(deals) ? deals : [] };
}

function dealOf(shift) {
  return state?.deals.find((deal) => deal.id === shift.dealId) || null;
}

function dealWords(deal, me) {
  if (!deal) return t('schedule.dealWaiting');
  const other = deal.legs.find((leg) => leg.giverId !== me.user.id && leg.receiverId === me.user.id)
    || deal.legs.find((leg) => leg.receiverId !== me.user.id);
  if (deal.kind === 'swap' && deal.state === 'proposed') {
    return deal.initiatorId === me.user.id
      ? t('schedule.swapProposedTo', { name: other?.giverName || t('schedule.aCoworker') })
      : t('schedule.swapProposedBy', { name: other?.giverName || t('schedule.aCoworkerStart') });
  }
  if (deal.kind === 'pick_up') {
    const taker = deal.legs[0]?.receiverName;
    return taker ? t('schedule.pickedUpBy', { name: taker, status: statusText(deal.state).toLocaleLowerCase(locale()) }) : statusText(deal.state);
  }
  return t('schedule.dealStatus', { status: statusText(deal.state) });
}

function actionsFor(shift, ctx) {
  if (!isFuture(shift)) return [el('span', { class: 'muted small', text: t('schedule.startedOrOver') })];
  const id = shift.id;
  switch (shift.status) {
    case 'scheduled':
      return [
        actionButton('supply', t('schedule.offer'), (button) => withBusy(button, async () => {
          await ctx.api('POST', `/shifts/${id}/supply`);
          await refresh(ctx);
        }, t('schedule.offered')), { kind: 'primary' }),
        actionButton('propose-swap', t('schedule.proposeSwap'), () => ctx.navigate(`swaps?offer=${id}`)),
      ];
    case 'supplied':
      if (shift.unassigned) return [el('span', { class: 'muted small', text: t('schedule.staysYours') })];
      return [actionButton('revoke', t('schedule.takeBack'), (button) => withBusy(button, async () => {
        await ctx.api('POST', `/shifts/${id}/revoke`);
        await refresh(ctx);
      }, t('schedule.takenBack')))];
    case 'suggested':
      return [actionButton('withdraw-suggestion', t('schedule.withdrawSuggestion'), (button) => withBusy(button, async () => {
        await ctx.api('DELETE', `/shifts/${id}/suggestion`);
        await refresh(ctx);
      }, t('schedule.suggestionWithdrawn')))];
    case 'in_deal': {
      const deal = dealOf(shift);
      if (!shift.dealId) return [];
      return [cancelDealButton(ctx, shift.dealId, {
        label: t('schedule.cancelDeal'),
        message: t('schedule.cancelDealMessage', { shift: formatShift(shift), deal: dealWords(deal, ctx.me) }),
        after: () => refresh(ctx),
      })];
    }
    default:
      return [];
  }
}

function shiftRow(shift, ctx) {
  const summary = shiftSummary(shift);
  if (shift.status === 'in_deal') summary.append(el('p', { class: 'small', text: dealWords(dealOf(shift), ctx.me) }));
  return el('li', { class: 'row', data: { shiftId: shift.id } }, [
    summary,
    el('div', { class: 'row-actions' }, actionsFor(shift, ctx)),
  ]);
}

/** Shifts coming my way in deals that still wait (a pick-up, an accepted suggestion, a swap). */
function incoming(ctx) {
  const myId = ctx.me.user.id;
  const rows = [];
  for (const deal of state.deals) {
    if (deal.state !== 'pending_approval' && deal.state !== 'proposed') continue;
    for (const leg of deal.legs) {
      if (leg.receiverId !== myId) continue;
      const waiting = deal.state === 'proposed'
        ? (deal.initiatorId === myId ? t('schedule.waitingForGiver', { name: leg.giverName }) : t('schedule.giverProposes', { name: leg.giverName }))
        : '';
      const summary = shiftSummary(leg.shift, { owner: true, status: false });
      summary.append(el('p', { class: 'small' }, [statusBadge(deal.state, deal.state === 'proposed' && deal.initiatorId !== myId ? t('schedule.waitingForYou') : undefined), waiting ? ` ${waiting}` : null]));
      rows.push(el('li', { class: 'row', data: { dealId: deal.id, shiftId: leg.shift.id } }, [
        summary,
        el('div', { class: 'row-actions' }, [cancelDealButton(ctx, deal.id, {
          message: t('schedule.staysWith', { shift: formatShift(leg.shift), name: leg.giverName }),
          after: () => refresh(ctx),
        })]),
      ]));
    }
  }
  if (!rows.length) return null;
  return el('section', { class: 'week', attrs: { 'aria-labelledby': 'incoming-title' } }, [
    el('h3', { text: t('schedule.comingYourWay'), attrs: { id: 'incoming-title' } }),
    el('ul', { class: 'list' }, rows),
  ]);
}

/** " · 23–29 Nov": the Monday to Sunday of an ISO week, from any of its shifts' dates. */
function weekRange(week) {
  const first = parseLocalDate(week.shifts[0]?.date);
  if (!first) return '';
  const monday = new Date(first);
  monday.setUTCDate(first.getUTCDate() - ((first.getUTCDay() + 6) % 7));
  const sunday = new Date(monday);
  sunday.setUTCDate(monday.getUTCDate() + 6);
  const day = (date) => date.getUTCDate();
  const month = (date) => new Intl.DateTimeFormat(locale(), { month: 'short', timeZone: 'UTC' }).format(date);
  return monday.getUTCMonth() === sunday.getUTCMonth()
    ? t('schedule.rangeSameMonth', { from: day(monday), to: day(sunday), month: month(sunday) })
    : t('schedule.rangeTwoMonths', { from: day(monday), fromMonth: month(monday), to: day(sunday), toMonth: month(sunday) });
}

function paint(ctx) {
  const { container, weeks } = state;
  const body = weeks.length
    ? weeks.map((week) => el('section', { class: 'week', attrs: { 'aria-labelledby': `week-${week.weekBasedYear}-${week.week}` } }, [
      el('h3', { attrs: { id: `week-${week.weekBasedYear}-${week.week}` } }, [weekLabel(week.shifts[0]?.date) || week.label, el('span', { class: 'week-range', text: weekRange(week) })]),
      el('ul', { class: 'list' }, week.shifts.map((shift) => shiftRow(shift, ctx))),
    ]))
    : [emptyState(t('schedule.empty'))];
  const total = weeks.reduce((sum, week) => sum + week.shifts.length, 0);
  container.replaceChildren(
    viewHeader(t('schedule.heading'), el('a', { class: 'button secondary', text: t('schedule.toMarket'), attrs: { href: '#/market' } })),
    el('p', { class: 'muted', attrs: { 'aria-live': 'polite' }, text: tn('schedule.total', total) }),
    ...[incoming(ctx)].filter(Boolean),
    ...body,
  );
}

async function refresh(ctx) {
  if (!state?.container.isConnected) return;
  const data = await load(ctx);
  if (!state?.container.isConnected) return;
  Object.assign(state, data);
  await preserveFocus(state.container, () => paint(ctx));
}

const refreshSoon = debounce((ctx) => refresh(ctx).catch((error) => ctx.say(ctx.explain(error), 'error')), 200);

function touchesMe(event, me) {
  // The team's week changed: mine only when I owned or own one of the shifts.
  if (event.type === 'team_schedule.changed') return (event.data?.ownerIds || []).includes(me.user.id);
  const shifts = Array.isArray(event.data?.shifts) ? event.data.shifts : [];
  const shown = new Set((state?.weeks || []).flatMap((week) => week.shifts.map((shift) => shift.id)));
  return shifts.some((shift) => shift.ownerId === me.user.id || shown.has(shift.id))
    || (event.topics || []).includes('schedule')
    || (event.data?.dealId !== undefined && (state?.deals || []).some((deal) => deal.id === event.data.dealId));
}

export default {
  id: 'schedule',
  get title() { return t('views.schedule'); },
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    state = { container, weeks: [], deals: [] };
    Object.assign(state, await load(ctx));
    paint(ctx);
  },
  onLive(message, ctx) {
    if (!state?.container.isConnected) return;
    if (message.type === 'event' && message.event && touchesMe(message.event, ctx.me)) refreshSoon(ctx);
  },
};
