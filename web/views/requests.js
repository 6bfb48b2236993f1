// Requests for extra work: ask for several free dates at once, see coworkers' suggestions to my
// requests and accept one, and suggest one of my own shifts to a coworker's request. Request
// events (posted, withdrawn, suggestions) reload the lists live.

import {
  el, viewHeader, emptyState, shiftSummary, actionButton, withBusy, confirmDialog,
  preserveFocus, debounce, formatDate, formatShift, statusBadge, isFuture, timeRange, weekLabel,
} from '../ui.js';
import { t, tn } from '../i18n.js';
import { fetchPreviews, refusalSentence } from './preview.js';

let state = null;

async function load(ctx) {
  const [requests, freeDates, weeks, deals] = await Promise.all([
    ctx.api('GET', '/requests'),
    ctx.api('GET', '/requests/free-dates'),
    ctx.api('GET', '/schedule?weeks=8'),
    ctx.api('GET', '/deals/mine').catch(() => []),
  ]);
  // Whether I could accept each suggestion to my open requests (the server's own rules), so a
  // suggestion I cannot take says why instead of offering "Accept".
  const suggested = (Array.isArray(requests) ? requests : [])
    .filter((request) => request.requesterId === ctx.me.user.id && request.status === 'open')
    .flatMap((request) => (request.suggestions || []).filter(isFuture));
  const previews = suggested.length ? await fetchPreviews(ctx, suggested.map((shift) => shift.id), 'accept-suggestion') : new Map();
  return {
    previews,
    deals: Array.isArray(deals) ? deals : [],
    requests: Array.isArray(requests) ? requests : [],
    freeDates: Array.isArray(freeDates) ? freeDates : [],
    myShifts: (Array.isArray(weeks) ? weeks : []).flatMap((week) => week.shifts),
  };
}

// ------------------------------------------------------------------------- ask for dates

function askForm(ctx) {
  const { freeDates } = state;
  if (!freeDates.length) {
    return el('section', { class: 'card', attrs: { 'aria-labelledby': 'ask-title' } }, [
      el('h3', { text: t('requests.askTitle'), attrs: { id: 'ask-title' } }),
      emptyState(t('requests.noFreeDates')),
    ]);
  }
  const byWeek = new Map();
  for (const free of freeDates) {
    if (!byWeek.has(free.week)) byWeek.set(free.week, []);
    byWeek.get(free.week).push(free);
  }
  const fieldsets = [...byWeek.entries()].map(([week, dates]) => el('fieldset', {}, [
    // The server's label is English; the page says the ISO week in its own language.
    el('legend', { text: weekLabel(dates[0]?.date) || week }),
    el('div', { class: 'choices' }, dates.map((free) => el('label', { class: 'choice' }, [
      el('input', { attrs: { type: 'checkbox', name: 'dates', value: free.date } }),
      el('span', { text: formatDate(free.date) }),
    ]))),
  ]));
  const submit = el('button', { class: 'button primary', text: t('requests.askSubmit'), attrs: { type: 'submit' }, data: { action: 'post-requests' } });
  const form = el('form', { attrs: { id: 'request-form', 'aria-labelledby': 'ask-title' } }, [
    el('p', { class: 'muted', text: t('requests.askHint') }),
    ...fieldsets,
    el('div', { class: 'row-actions' }, [submit]),
  ]);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const dates = [...form.querySelectorAll('input[name=dates]:checked')].map((input) => input.value);
    if (!dates.length) {
      ctx.say(t('requests.tickOne'), 'error');
      return;
    }
    await withBusy(submit, async () => {
      await ctx.api('POST', '/requests', { dates });
      await refresh(ctx);
    }, tn('requests.posted', dates.length));
  });
  // Folded away by default (issue 17: what coworkers ask comes first on a phone); a live reload keeps it as the person left it.
  const details = el('details', { class: 'card ask-details', attrs: { id: 'ask-details' } }, [
    el('summary', {}, [el('h3', { class: 'summary-heading', text: t('requests.askTitle'), attrs: { id: 'ask-title' } }),
      el('span', { class: 'muted small', text: tn('requests.freeDates', freeDates.length) })]),
    form,
  ]);
  details.open = Boolean(state.askOpen);
  details.addEventListener('toggle', () => { state.askOpen = details.open; });
  return details;
}

// ------------------------------------------------------------------------- my requests

/** For a request waiting on its deal: which suggestion I accepted. */
function acceptedLine(request) {
  if (request.status !== 'pending_deal' || !request.dealId) return null;
  const deal = state.deals.find((candidate) => candidate.id === request.dealId);
  const leg = deal?.legs[0];
  return leg ? el('p', { class: 'small', text: leg.shift.position
    ? t('requests.acceptedWithPosition', { name: leg.giverName, time: timeRange(leg.shift), position: leg.shift.position })
    : t('requests.accepted', { name: leg.giverName, time: timeRange(leg.shift) }) }) : null;
}

function myRequestRow(request, ctx) {
  const suggestions = (request.suggestions || []).filter(isFuture);
  const open = request.status === 'open';
  return el('li', { class: 'row', data: { requestId: request.id } }, [
    el('div', { class: 'row-main' }, [
      el('p', { class: 'row-title' }, [el('time', { attrs: { datetime: request.date }, text: formatDate(request.date, { long: true }) })]),
      el('p', {}, [statusBadge(request.status)]),
      acceptedLine(request),
      suggestions.length
        ? el('ul', { class: 'list suggestions', attrs: { 'aria-label': t('requests.suggestions') } }, suggestions.map((shift) => el('li', { class: 'row', data: { shiftId: shift.id } }, [
          shiftSummary(shift, { owner: true, status: false }),
          open && state.previews?.get(shift.id)?.allowed === false
            ? el('p', { class: 'small cannot-take', data: { code: state.previews.get(shift.id).refusal?.code ?? '' }, text: refusalSentence(state.previews.get(shift.id), ctx.me.user.id) })
            : null,
          open && state.previews?.get(shift.id)?.allowed !== false ? el('div', { class: 'row-actions' }, [actionButton('accept', t('requests.accept'), async (button) => {
            const answer = await confirmDialog({
              title: t('requests.acceptTitle'),
              message: t('requests.acceptMessage', { name: shift.ownerName, shift: formatShift(shift) }),
              confirmText: t('requests.accept'),
            });
            if (!answer) return;
            await withBusy(button, async () => {
              const result = await ctx.api('POST', `/requests/${request.id}/suggestions/${shift.id}/accept`);
              await refresh(ctx);
              return result;
            }, (result) => (result?.deal?.state === 'approved' ? t('requests.acceptedApproved') : t('requests.acceptedPending')));
          }, { kind: 'primary' })]) : null,
        ])))
        : el('p', { class: 'muted small', text: open ? t('requests.noSuggestions') : '' }),
    ]),
    open ? el('div', { class: 'row-actions' }, [actionButton('withdraw', t('requests.withdraw'), (button) => withBusy(button, async () => {
      await ctx.api('DELETE', `/requests/${request.id}`);
      await refresh(ctx);
    }, t('requests.withdrawn')))]) : null,
  ]);
}

// ------------------------------------------------------------------------- coworkers' requests

function coworkerRequestRow(request, ctx) {
  const myId = ctx.me.user.id;
  const mySuggestion = (request.suggestions || []).find((shift) => shift.ownerId === myId);
  const candidates = state.myShifts.filter((shift) => shift.date === request.date && shift.status === 'scheduled' && !shift.unassigned && isFuture(shift));
  let actions;
  if (request.status !== 'open') {
    actions = [];
  } else if (mySuggestion) {
    actions = [el('span', { class: 'small', text: t('requests.youSuggested', { time: timeRange(mySuggestion) }) }),
      actionButton('withdraw-suggestion', t('requests.withdrawSuggestion'), (button) => withBusy(button, async () => {
        await ctx.api('DELETE', `/shifts/${mySuggestion.id}/suggestion`);
        await refresh(ctx);
      }, t('requests.suggestionWithdrawn')))];
  } else if (candidates.length) {
    actions = candidates.map((shift) => actionButton('suggest', shift.position
      ? t('requests.suggestWithPosition', { time: timeRange(shift), position: shift.position })
      : t('requests.suggest', { time: timeRange(shift) }), (button) => withBusy(button, async () => {
      await ctx.api('POST', `/requests/${request.id}/suggestions`, { shiftId: shift.id });
      await refresh(ctx);
    }, t('requests.suggested', { name: request.requesterName })), { kind: 'primary' }));
  } else {
    actions = [el('span', { class: 'muted small', text: t('requests.noShiftToSuggest') })];
  }
  return el('li', { class: 'row', data: { requestId: request.id } }, [
    el('div', { class: 'row-main' }, [
      el('p', { class: 'row-title' }, [el('time', { attrs: { datetime: request.date }, text: formatDate(request.date, { long: true }) })]),
      el('p', { class: 'muted', text: t('requests.wouldLikeToWork', { name: request.requesterName }) }),
      request.status !== 'open' ? el('p', {}, [statusBadge(request.status)]) : null,
    ]),
    el('div', { class: 'row-actions' }, actions),
  ]);
}

function paint(ctx) {
  const myId = ctx.me.user.id;
  const mine = state.requests.filter((request) => request.requesterId === myId);
  const others = state.requests.filter((request) => request.requesterId !== myId);
  state.container.replaceChildren(
    viewHeader(t('requests.heading')),
    el('section', { attrs: { 'aria-labelledby': 'other-requests-title' } }, [
      el('h3', { text: t('requests.othersTitle'), attrs: { id: 'other-requests-title' } }),
      others.length ? el('ul', { class: 'list' }, others.map((request) => coworkerRequestRow(request, ctx))) : emptyState(t('requests.othersEmpty')),
    ]),
    el('section', { attrs: { 'aria-labelledby': 'my-requests-title' } }, [
      el('h3', { text: t('requests.mineTitle'), attrs: { id: 'my-requests-title' } }),
      mine.length ? el('ul', { class: 'list' }, mine.map((request) => myRequestRow(request, ctx))) : emptyState(t('requests.mineEmpty')),
    ]),
    askForm(ctx),
  );
}

async function refresh(ctx) {
  if (!state?.container.isConnected) return;
  const data = await load(ctx);
  if (!state?.container.isConnected) return;
  // Keep ticked dates that are still free, so a live reload never throws away a half-made choice.
  const ticked = new Set([...state.container.querySelectorAll('input[name=dates]:checked')].map((input) => input.value));
  Object.assign(state, data);
  await preserveFocus(state.container, () => {
    paint(ctx);
    for (const input of state.container.querySelectorAll('input[name=dates]')) input.checked = ticked.has(input.value);
  });
}

const refreshSoon = debounce((ctx) => refresh(ctx).catch((error) => ctx.say(ctx.explain(error), 'error')), 200);

export default {
  id: 'requests',
  get title() { return t('views.requests'); },
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    state = { container, requests: [], freeDates: [], myShifts: [], deals: [], previews: new Map() };
    Object.assign(state, await load(ctx));
    paint(ctx);
  },
  onLive(message, ctx) {
    if (!state?.container.isConnected || message.type !== 'event' || !message.event) return;
    const event = message.event;
    const topics = event.topics || [];
    const shifts = Array.isArray(event.data?.shifts) ? event.data.shifts : [];
    // The team's week changed: only my own shifts matter here.
    if (event.type === 'team_schedule.changed' && !(event.data?.ownerIds || []).includes(ctx.me.user.id)) return;
    if (topics.includes('requests') || topics.includes('schedule') || event.data?.requestId
      || shifts.some((shift) => shift.ownerId === ctx.me.user.id)) refreshSoon(ctx);
  },
};
