// Swaps: propose to trade one of my shifts for a coworker's, answer swaps proposed to me
// (accept or decline), and follow my deals until a manager decides. Deal events reload it live.
//
// Coworkers' shifts come from the team schedule (the next eight weeks), marked when they are also
// on the marketplace.

import {
  el, viewHeader, emptyState, actionButton, cancelDealButton, withBusy, preserveFocus, debounce,
  formatShift, formatInstant, statusBadge, isFuture,
} from '../ui.js';
import { t } from '../i18n.js';
import { fetchPreview, refusalSentence, hoursLines } from './preview.js';

let state = null;

async function load(ctx) {
  const today = new Date();
  const until = new Date(today.getTime() + 55 * 86400000);
  const day = (date) => date.toISOString().slice(0, 10);
  const [deals, weeks, market, now, team] = await Promise.all([
    ctx.api('GET', '/deals/mine'),
    ctx.api('GET', '/schedule?weeks=8'),
    ctx.api('GET', '/marketplace').catch(() => []),
    ctx.api('GET', '/now').catch(() => null),
    ctx.api('GET', `/team-schedule?from=${day(new Date(today.getTime() - 86400000))}&to=${day(until)}`).catch(() => []),
  ]);
  const myId = ctx.me.user.id;
  const myShifts = (Array.isArray(weeks) ? weeks : []).flatMap((week) => week.shifts)
    .filter((shift) => (shift.status === 'scheduled' || shift.status === 'supplied') && !shift.unassigned && isFuture(shift));
  const theirs = new Map();
  for (const shift of Array.isArray(market) ? market : []) {
    if (shift.ownerId !== myId && !shift.unassigned && isFuture(shift)) theirs.set(shift.id, { ...shift, source: t('swaps.sourceMarket') });
  }
  for (const shift of Array.isArray(team) ? team : []) {
    if (shift.ownerId === myId || theirs.has(shift.id) || shift.unassigned || shift.status !== 'scheduled' || !isFuture(shift)) continue;
    theirs.set(shift.id, { ...shift, source: t('swaps.sourceTeam') });
  }
  for (const next of now?.next?.shifts || []) {
    if (next.user?.id === myId || theirs.has(next.shiftId)) continue;
    const shift = {
      id: next.shiftId, ownerId: next.user?.id, ownerName: next.user?.name || t('swaps.aCoworkerStart'), date: next.date,
      startTime: next.startTime, endTime: next.endTime, startsAt: next.startsAt, position: next.position || null, source: t('swaps.sourceNext'),
    };
    if (isFuture(shift)) theirs.set(shift.id, shift);
  }
  // A shift chosen on the team week may lie beyond the eight weeks above: fetch it on its own.
  const want = Number(new URLSearchParams(location.hash.split('?')[1] || '').get('want'));
  if (want && !theirs.has(want)) {
    const wanted = await ctx.api('GET', `/shifts/${want}`).catch(() => null);
    if (wanted && wanted.ownerId !== myId && wanted.status === 'scheduled' && !wanted.unassigned && isFuture(wanted)) {
      theirs.set(wanted.id, { ...wanted, source: t('swaps.sourceWeek') });
    }
  }
  const coworkerShifts = [...theirs.values()].sort((a, b) => String(a.startsAt).localeCompare(String(b.startsAt)));
  return { deals: Array.isArray(deals) ? deals : [], myShifts, coworkerShifts };
}

function legs(deal, myId) {
  return {
    give: deal.legs.filter((leg) => leg.giverId === myId),
    get: deal.legs.filter((leg) => leg.receiverId === myId),
    other: deal.legs.find((leg) => leg.giverId !== myId)?.giverName || deal.legs.find((leg) => leg.receiverId !== myId)?.receiverName || t('swaps.aCoworker'),
  };
}

function dealRow(deal, ctx, actions) {
  const { give, get, other } = legs(deal, ctx.me.user.id);
  const lines = [];
  if (give.length) lines.push(el('p', {}, [el('strong', { text: t('swaps.youGive') }), give.map((leg) => formatShift(leg.shift)).join(t('swaps.listSeparator'))]));
  if (get.length) lines.push(el('p', {}, [el('strong', { text: t('swaps.youGet') }), get.map((leg) => formatShift(leg.shift)).join(t('swaps.listSeparator'))]));
  const kind = t(deal.kind === 'swap' ? 'swaps.kindSwap' : deal.kind === 'pick_up' ? (give.length ? 'swaps.kindPickUpMine' : 'swaps.kindPickUp') : 'swaps.kindSuggestion', { name: other });
  return el('li', { class: 'row', data: { dealId: deal.id } }, [
    el('div', { class: 'row-main' }, [
      el('p', { class: 'row-title', text: kind }),
      ...lines,
      el('p', { class: 'small muted' }, [
        statusBadge(deal.state, deal.state === 'proposed' && deal.initiatorId !== ctx.me.user.id ? t('swaps.waitingForYou') : undefined),
        t('swaps.expires', { time: formatInstant(deal.expiresAt) })]),
    ]),
    el('div', { class: 'row-actions' }, actions),
  ]);
}

function proposeForm(ctx) {
  const { myShifts, coworkerShifts } = state;
  const offered = el('select', { attrs: { name: 'offeredShiftId', id: 'swap-offered', required: true } }, [
    el('option', { attrs: { value: '' }, text: t('swaps.chooseMine') }),
    ...myShifts.map((shift) => el('option', { attrs: { value: shift.id }, text: formatShift(shift) })),
  ]);
  const wanted = el('select', { attrs: { name: 'wantedShiftId', id: 'swap-wanted', required: true } }, [
    el('option', { attrs: { value: '' }, text: t('swaps.chooseTheirs') }),
    ...coworkerShifts.map((shift) => el('option', { attrs: { value: shift.id }, text: t('swaps.theirOption', { name: shift.ownerName, shift: formatShift(shift), source: shift.source }) })),
  ]);
  const submit = el('button', { class: 'button primary', text: t('swaps.propose'), attrs: { type: 'submit' }, data: { action: 'propose-swap' } });
  // Once both shifts are chosen, the server says whether the swap is possible (same rules as the
  // proposal) and what it does to both weeks; a swap it would refuse cannot be proposed.
  const check = el('p', { class: 'small swap-preview', attrs: { 'aria-live': 'polite' } });
  let asked = 0;
  const ask = async () => {
    const request = ++asked;
    check.textContent = '';
    check.className = 'small swap-preview';
    submit.disabled = false;
    if (!Number(offered.value) || !Number(wanted.value)) return;
    const preview = await fetchPreview(ctx, Number(wanted.value), 'swap', { offeredShiftId: Number(offered.value) });
    if (request !== asked || !preview) return;
    if (preview.allowed) {
      check.textContent = hoursLines(preview).join(' · ');
    } else {
      check.textContent = t('swaps.notPossible', { reason: refusalSentence(preview, ctx.me.user.id) });
      check.className = 'small swap-preview cannot-take';
      check.dataset.code = preview.refusal?.code ?? '';
      submit.disabled = true;
    }
  };
  offered.addEventListener('change', ask);
  wanted.addEventListener('change', ask);
  const form = el('form', { attrs: { id: 'swap-form', 'aria-labelledby': 'propose-title' } }, [
    el('label', { attrs: { for: 'swap-offered' } }, [t('swaps.yourShift'), offered]),
    el('label', { attrs: { for: 'swap-wanted' } }, [t('swaps.theirShift'), wanted]),
    check,
    el('p', { class: 'hint', text: t('swaps.proposeHint') }),
    el('div', { class: 'row-actions' }, [submit]),
  ]);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const offeredShiftId = Number(offered.value);
    const wantedShiftId = Number(wanted.value);
    if (!offeredShiftId || !wantedShiftId) {
      ctx.say(t('swaps.chooseBoth'), 'error');
      return;
    }
    await withBusy(submit, async () => {
      await ctx.api('POST', '/swaps', { offeredShiftId, wantedShiftId });
      form.reset();
      check.textContent = '';
      history.replaceState(null, '', '#/swaps');
      await refresh(ctx);
    }, t('swaps.proposed'));
  });
  return el('section', { class: 'card' }, [
    el('h3', { text: t('swaps.proposeTitle'), attrs: { id: 'propose-title' } }),
    myShifts.length ? form : emptyState(t('swaps.nothingToSwap')),
  ]);
}

function paint(ctx) {
  const myId = ctx.me.user.id;
  const { deals } = state;
  const toAnswer = deals.filter((deal) => deal.kind === 'swap' && deal.state === 'proposed' && deal.initiatorId !== myId);
  const proposed = deals.filter((deal) => deal.kind === 'swap' && deal.state === 'proposed' && deal.initiatorId === myId);
  const waiting = deals.filter((deal) => deal.state === 'pending_approval');

  const answerRows = toAnswer.map((deal) => dealRow(deal, ctx, [
    actionButton('accept', t('swaps.accept'), (button) => withBusy(button, async () => {
      const result = await ctx.api('POST', `/deals/${deal.id}/accept`);
      await refresh(ctx);
      return result;
    }, (result) => (result?.deal?.state === 'approved' ? t('swaps.doneApproved') : t('swaps.acceptedPending'))), { kind: 'primary' }),
    actionButton('decline', t('swaps.decline'), (button) => withBusy(button, async () => {
      await ctx.api('POST', `/deals/${deal.id}/decline`);
      await refresh(ctx);
    }, t('swaps.declined'))),
  ]));

  state.container.replaceChildren(
    viewHeader(t('swaps.heading')),
    el('section', { attrs: { 'aria-labelledby': 'answer-title' } }, [
      el('h3', { text: t('swaps.answerTitle'), attrs: { id: 'answer-title' } }),
      answerRows.length ? el('ul', { class: 'list' }, answerRows) : emptyState(t('swaps.answerEmpty')),
    ]),
    proposeForm(ctx),
    el('section', { attrs: { 'aria-labelledby': 'mine-title' } }, [
      el('h3', { text: t('swaps.mineTitle'), attrs: { id: 'mine-title' } }),
      proposed.length || waiting.length
        ? el('ul', { class: 'list' }, [...proposed, ...waiting].map((deal) => dealRow(deal, ctx, [cancelDealButton(ctx, deal.id, { message: t('swaps.cancelMessage'), after: () => refresh(ctx) })])))
        : emptyState(t('swaps.mineEmpty')),
    ]),
  );
}

function preselect() {
  const params = new URLSearchParams(location.hash.split('?')[1] || '');
  const offer = params.get('offer');
  const select = state.container.querySelector('#swap-offered');
  if (offer && select && [...select.options].some((option) => option.value === offer)) select.value = offer;
  // From the team week: the coworker's shift is chosen; the preview runs once mine is chosen too.
  const want = params.get('want');
  const wanted = state.container.querySelector('#swap-wanted');
  if (want && wanted && [...wanted.options].some((option) => option.value === want)) {
    wanted.value = want;
    state.container.querySelector('#swap-offered')?.focus();
  }
}

async function refresh(ctx) {
  if (!state?.container.isConnected) return;
  const data = await load(ctx);
  if (!state?.container.isConnected) return;
  const chosen = ['#swap-offered', '#swap-wanted'].map((selector) => state.container.querySelector(selector)?.value || '');
  Object.assign(state, data);
  await preserveFocus(state.container, () => {
    paint(ctx);
    ['#swap-offered', '#swap-wanted'].forEach((selector, index) => {
      const select = state.container.querySelector(selector);
      if (select && [...select.options].some((option) => option.value === chosen[index])) select.value = chosen[index];
    });
  });
}

const refreshSoon = debounce((ctx) => refresh(ctx).catch((error) => ctx.say(ctx.explain(error), 'error')), 250);

export default {
  id: 'swaps',
  get title() { return t('views.swaps'); },
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    state = { container, deals: [], myShifts: [], coworkerShifts: [] };
    Object.assign(state, await load(ctx));
    paint(ctx);
    preselect();
  },
  onLive(message, ctx) {
    if (!state?.container.isConnected || message.type !== 'event' || !message.event) return;
    const event = message.event;
    if ((event.topics || []).some((topic) => ['deals', 'marketplace', 'schedule'].includes(topic)) || event.data?.dealId) refreshSoon(ctx);
  },
};
