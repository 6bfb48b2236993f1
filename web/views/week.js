// Team week: the whole team's week on one screen, people as rows and days as columns (on a phone
// one day at a time, with arrows or a swipe). Each shift shows its time, position and state.
// Employees see who works when and start a swap with a coworker's shift from here; managers
// assign, unassign and create one-off shifts, each after the server's preview said which rules
// it would break (an override is explicit and needs a reason).
//
// Data: GET /team-schedule for the week (managers: GET /plan, the shifts as planned — published
// ones with the manager's drafts applied — plus the drafts, the week's totals, week-totals.js, and
// the count of unpublished changes) and GET /users for the rows. A manager's changes on the grid
// are drafts (plan-bar.js): nobody else sees them until the manager reviews and publishes them.
// Shifts a manager released (`unassigned`, on the marketplace, nobody picked them up yet) are
// drawn in the "Open shifts" row first, not in the row of the person they came from. Live: every
// change of any shift in the workplace reaches every member as `team_schedule.changed` (with its
// dates), so the week reloads (debounced) when a change falls on a date it shows; a change of the
// drafts reaches managers as `schedule_plan.changed` the same way; no polling.

import {
  el, viewHeader, emptyState, actionButton, withBusy, confirmDialog, debounce, formatDate, todayInWorkplace, explain,
  parseLocalDate, weekLabel, isFuture, timeRange,
} from '../ui.js';
import { t, tn, locale } from '../i18n.js';
import { activeMembers, assignPanel } from './assign.js';
import { weekTimeOff, timeOffMark } from './time-off.js';
import { editPanel, movePanel, historyPanel, copyWeekBody, tradesBody, minutesBetween, previewDecision, previewedVerdict } from './week-manage.js';
import { finalSinceLine } from './week-final.js';
import {
  planChange, previewPlanChange, draftOf, draftShort, draftSentence, draftBadge, publishBar, reviewBody,
} from './plan-bar.js';
import { coverageRow, hasCoverage } from './week-coverage.js';
import {
  isCompact, compactToggle, totalsHeader, personTotalCell, footerRow, myFooterRow, myWeekMinutes, dayTotalsLine,
} from './week-totals.js';

let state = null;

// ---------------------------------------------------------------------------------------------
// Dates

function addDays(text, days) {
  const date = parseLocalDate(text);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function mondayOf(text) {
  const date = parseLocalDate(text);
  return addDays(text, -((date.getUTCDay() + 6) % 7));
}

function weekDays(monday) {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** "23 – 29 Nov 2026" for the heading. */
function rangeLabel(monday) {
  const format = (text, options) => new Intl.DateTimeFormat(locale(), { ...options, timeZone: 'UTC' }).format(parseLocalDate(text));
  const sunday = addDays(monday, 6);
  const sameMonth = monday.slice(0, 7) === sunday.slice(0, 7);
  return t('week.range', { from: format(monday, sameMonth ? { day: 'numeric' } : { day: 'numeric', month: 'short' }), to: format(sunday, { day: 'numeric', month: 'short', year: 'numeric' }) });
}

// ---------------------------------------------------------------------------------------------
// Shift states in words (the grid's legend)

/** The grid's word for a shift's state: scheduled, offered, open, in a deal, suggested. */
function stateOf(shift) {
  if (shift.unassigned) return { key: 'open', text: t('week.state.open') };
  if (shift.status === 'supplied') return { key: 'offered', text: t('week.state.offered') };
  if (shift.status === 'in_deal') return { key: 'in-deal', text: t('week.state.inDeal') };
  if (shift.status === 'suggested') return { key: 'suggested', text: t('week.state.suggested') };
  return { key: 'scheduled', text: t('week.state.scheduled') };
}

// ---------------------------------------------------------------------------------------------
// Loading

function weekFromHash() {
  const params = new URLSearchParams(location.hash.split('?')[1] || '');
  const from = params.get('from');
  return from && parseLocalDate(from) ? mondayOf(from) : mondayOf(todayInWorkplace());
}

async function load(ctx) {
  const monday = state.monday;
  const manager = ctx.me.user.role === 'manager';
  const [shifts, members, weeks] = await Promise.all([
    manager ? ctx.api('GET', `/plan?from=${monday}&to=${addDays(monday, 6)}`)
      : ctx.api('GET', `/team-schedule?from=${monday}&to=${addDays(monday, 6)}`),
    state.members ? Promise.resolve(state.members) : activeMembers(ctx).catch(() => []),
    // "Final since": without an answer the line keeps what it last knew of this week.
    ctx.api('GET', `/schedule-weeks?from=${monday}&to=${monday}`).catch(() => null),
  ]);
  if (!state?.container.isConnected || state.monday !== monday) return false;
  state.shifts = Array.isArray(shifts) ? shifts : Array.isArray(shifts?.shifts) ? shifts.shifts : [];
  state.totals = shifts?.totals?.weeks?.[0] ?? null;
  // Cost only once the workplace costs anything (a wage or a budget): before that every row would say "no wage".
  const costed = state.totals && (state.totals.budgetCents != null || state.totals.people.some((person) => person.costCents != null));
  state.currency = costed ? shifts?.currency ?? null : null;
  state.coverage = Array.isArray(shifts?.coverage) ? shifts.coverage : [];
  // Drafts exist for managers only (GET /plan); an employee's week is the published one.
  state.drafts = Array.isArray(shifts?.drafts) ? shifts.drafts : [];
  state.unpublished = Number(shifts?.unpublishedChanges) || 0;
  state.members = members;
  const week = Array.isArray(weeks) ? weeks.find((entry) => entry.monday === monday) : null;
  if (week) state.publication = { monday, publishedAt: week.publishedAt ?? null };
  state.timeOff = await weekTimeOff(ctx, monday, addDays(monday, 6)).catch(() => []);
  return true;
}

async function reload(ctx) {
  if (await load(ctx)) paint(ctx);
}

const reloadSoon = debounce((ctx) => reload(ctx).catch(() => { /* offline: the live indicator says so */ }), 250);

async function showWeek(ctx, monday) {
  state.monday = monday;
  history.replaceState(null, '', `#/week?from=${monday}`);
  const today = todayInWorkplace();
  state.dayIndex = monday === mondayOf(today) ? weekDays(monday).indexOf(today) : 0;
  await reload(ctx);
  state.container.querySelector('h1')?.focus({ preventScroll: true });
}

// ---------------------------------------------------------------------------------------------
// The grid

/** People as rows: every active member plus anyone (e.g. deactivated) who has a shift this week. */
function rows(ctx) {
  const people = new Map(state.members.map((member) => [member.id, member.displayName]));
  for (const shift of state.shifts) if (!shift.unassigned && !people.has(shift.ownerId)) people.set(shift.ownerId, shift.ownerName);
  let list = [...people.entries()].map(([id, name]) => ({ id, name }));
  if (state.onlyMe) list = list.filter((person) => person.id === ctx.me.user.id);
  // Me first, then by name: I look for myself first, then for who works with me.
  return list.sort((a, b) => (b.id === ctx.me.user.id) - (a.id === ctx.me.user.id) || a.name.localeCompare(b.name));
}

/** Whether the grid is compact: the person's remembered choice, else 15 rows or more (the open row counts). */
function compactNow(ctx) {
  return isCompact(rows(ctx).length + 1);
}

/** "09–17" for "09:00–17:00": the compact grid's one-line time. */
function shortRange(shift) {
  return timeRange(shift).replace(/(\d\d):00(?!\d)/g, '$1');
}

function visibleShifts() {
  return state.shifts.filter((shift) => !state.position || (shift.position || '') === state.position);
}

function shiftButton(shift, ctx) {
  const shiftState = stateOf(shift);
  const mine = shift.ownerId === ctx.me.user.id && !shift.unassigned;
  const draft = draftOf(state.drafts, shift.id);
  const label = t(shift.position ? 'week.shiftLabelPosition' : 'week.shiftLabel', { name: shift.ownerName, date: formatDate(shift.date), time: timeRange(shift), position: shift.position, state: shiftState.text });
  return el('button', {
    class: ['grid-shift', `grid-${shiftState.key}`, mine ? 'grid-mine' : null, isFuture(shift) ? null : 'grid-past',
      draft ? 'grid-draft' : null, draft ? `grid-draft-${draft.state}` : null],
    // The badge is a picture of the draft; the label says it in words for screen readers.
    attrs: { type: 'button', 'aria-label': draft ? t('manage.week.plan.label', { label, draft: draftShort(draft) }) : label },
    data: { shiftId: shift.id, action: 'open-shift', state: shiftState.key, ...(draft ? { draft: draft.state } : {}) },
    on: { click: () => openShift(shift.id, ctx) },
  }, [
    el('span', { class: 'grid-time', text: timeRange(shift) }),
    el('span', { class: 'grid-time-short', text: shortRange(shift), attrs: { 'aria-hidden': 'true' } }),
    el('span', { class: ['grid-position', shift.position ? null : 'grid-no-position'], text: shift.position || t('week.noPosition') }),
    shift.unassigned ? el('span', { class: 'grid-from', text: t('week.fromName', { name: shift.ownerName }) }) : null,
    el('span', { class: ['badge', 'grid-state', `state-${shiftState.key}`], text: shiftState.text }),
    draft ? draftBadge(draft) : null,
  ]);
}

/** The shifts drawn in `person`'s cell on `date`: theirs, except the open ones (the Open shifts row). */
function shiftsOf(person, date, shifts) {
  return shifts.filter((shift) => shift.ownerId === person.id && shift.date === date && !shift.unassigned);
}

/** The "Open shifts" row: released shifts nobody covers yet, each saying whom it came from. */
function openRow(days, shifts, ctx, withTotals) {
  const open = shifts.filter((shift) => shift.unassigned);
  return el('tr', {
    class: ['grid-open-row', ...days.map((date, index) => (open.some((shift) => shift.date === date) ? null : `free-${index}`))],
  }, [
    el('th', { attrs: { scope: 'row' }, class: 'grid-person', text: t('week.openShifts') }),
    ...days.map((date, index) => {
      const onDate = open.filter((shift) => shift.date === date);
      return el('td', {
        class: ['grid-cell', `day-${index}`, date === todayInWorkplace() ? 'today' : null, onDate.length ? null : 'free'], data: { date },
      }, onDate.length ? onDate.map((shift) => shiftButton(shift, ctx))
        : [el('span', { class: 'grid-off', text: '—', attrs: { 'aria-hidden': 'true' } }), el('span', { class: 'visually-hidden', text: t('week.noOpenShifts') })]);
    }),
    withTotals ? el('td', { class: 'grid-total', text: '' }) : null,
  ]);
}

function cell(person, date, index, shifts, ctx) {
  const manager = ctx.me.user.role === 'manager';
  const mine = shiftsOf(person, date, shifts);
  const canAdd = manager && date >= todayInWorkplace();
  return el('td', {
    class: ['grid-cell', `day-${index}`, date === todayInWorkplace() ? 'today' : null, mine.length ? null : 'free'],
    data: { date, userId: person.id },
  }, [
    timeOffMark(state.timeOff, person.id, date),
    ...mine.map((shift) => shiftButton(shift, ctx)),
    mine.length || canAdd ? null : [el('span', { class: 'grid-off', text: '—', attrs: { 'aria-hidden': 'true' } }), el('span', { class: 'visually-hidden', text: t('week.notWorking') })],
    canAdd ? el('button', {
      class: 'grid-add',
      text: '+',
      attrs: { type: 'button', 'aria-label': t('week.newShiftFor', { name: person.name, date: formatDate(date) }), title: t('week.newShift') },
      data: { action: 'add-shift' },
      on: { click: () => openCreate(person, date, ctx) },
    }) : null,
  ]);
}

function table(ctx) {
  const days = weekDays(state.monday);
  const today = todayInWorkplace();
  const shifts = visibleShifts();
  const manager = ctx.me.user.role === 'manager';
  const people = rows(ctx).filter((person) => !state.position || manager
    || shifts.some((shift) => shift.ownerId === person.id && !shift.unassigned));
  // Managers always see the Open shifts row (where released shifts wait); employees when there are any.
  const withOpenRow = !state.onlyMe && (manager || shifts.some((shift) => shift.unassigned));
  const withTotals = manager && Boolean(state.totals);
  const totalsOf = new Map((state.totals?.people || []).map((person) => [person.userId, person]));
  const compact = compactNow(ctx);
  const grid = el('table', {
    class: ['week-grid', manager ? 'managing' : null, compact ? 'compact' : null, withTotals ? 'with-totals' : null],
    data: { day: state.dayIndex }, attrs: { id: 'week-grid' },
  }, [
    el('caption', { class: 'visually-hidden', text: t('week.caption', { week: weekLabel(state.monday), range: rangeLabel(state.monday) }) }),
    el('thead', {}, [el('tr', {}, [
      el('th', { attrs: { scope: 'col' }, class: 'grid-person', text: t('week.person') }),
      ...days.map((date, index) => el('th', {
        attrs: { scope: 'col', 'aria-current': date === today ? 'date' : null },
        class: ['grid-day', `day-${index}`, date === today ? 'today' : null],
        data: { date },
      }, [
        el('time', { attrs: { datetime: date }, text: formatDate(date) }),
        date === today ? el('span', { class: 'today-mark', text: t('week.today') }) : null,
      ])),
      withTotals ? totalsHeader() : null,
    ]),
    // Under the day headers: staffing needs against every shift (the position filter only narrows the drawing).
    manager && hasCoverage(state.coverage || [], days) ? coverageRow(state.coverage, days, withTotals) : null,
    ]),
    el('tbody', {}, [
      withOpenRow ? openRow(days, shifts, ctx, withTotals) : null,
      ...people.map((person) => el('tr', {
        class: [person.id === ctx.me.user.id ? 'grid-me' : null,
          ...days.map((date, index) => (shiftsOf(person, date, shifts).length ? null : `free-${index}`))],
        data: { userId: person.id },
      }, [
        el('th', { attrs: { scope: 'row' }, class: 'grid-person', text: person.id === ctx.me.user.id ? t('week.you', { name: person.name }) : person.name }),
        ...days.map((date, index) => cell(person, date, index, shifts, ctx)),
        withTotals ? personTotalCell(totalsOf.get(person.id), state.currency) : null,
      ])),
    ]),
    // Totals count every position: the position filter narrows what is drawn, not what is planned.
    withTotals ? el('tfoot', {}, [footerRow(state.totals, days, state.currency)])
      : manager ? null : el('tfoot', {}, [myFooterRow(myWeekMinutes(state.shifts, ctx.me.user.id), 7)]),
  ]);
  // Phones show one day: a horizontal swipe moves to the next or previous day.
  let touchX = null;
  grid.addEventListener('touchstart', (event) => { touchX = event.touches[0]?.clientX ?? null; }, { passive: true });
  grid.addEventListener('touchend', (event) => {
    const endX = event.changedTouches[0]?.clientX;
    if (touchX === null || endX === undefined || Math.abs(endX - touchX) < 60) return;
    moveDay(endX < touchX ? 1 : -1, ctx);
    touchX = null;
  });
  return people.length ? grid : emptyState(t('week.nobodyMatches'));
}

function moveDay(step, ctx) {
  const next = state.dayIndex + step;
  if (next < 0) {
    state.dayIndex = 6;
    showWeek(ctx, addDays(state.monday, -7)).then(() => { state.dayIndex = 6; paint(ctx); });
    return;
  }
  if (next > 6) {
    showWeek(ctx, addDays(state.monday, 7)).then(() => { state.dayIndex = 0; paint(ctx); });
    return;
  }
  state.dayIndex = next;
  paint(ctx);
  state.container.querySelector('#day-label')?.focus({ preventScroll: true });
}

function labelled(button, label) {
  button.setAttribute('aria-label', label);
  button.title = label;
  return button;
}

function toolbar(ctx) {
  const positions = [...new Set(state.shifts.map((shift) => shift.position).filter(Boolean))].sort();
  if (state.position && !positions.includes(state.position)) positions.push(state.position);
  const position = el('select', { attrs: { id: 'week-position', name: 'position' } }, [
    el('option', { attrs: { value: '' }, text: t('week.allPositions') }),
    ...positions.map((name) => el('option', { attrs: { value: name }, text: name })),
  ]);
  position.value = state.position;
  position.addEventListener('change', () => { state.position = position.value; paint(ctx); document.getElementById('week-position')?.focus(); });
  const onlyMe = el('input', { attrs: { type: 'checkbox', id: 'week-only-me', name: 'only-me' } });
  onlyMe.checked = state.onlyMe;
  onlyMe.addEventListener('change', () => { state.onlyMe = onlyMe.checked; paint(ctx); document.getElementById('week-only-me')?.focus(); });
  const days = weekDays(state.monday);
  return el('div', { class: 'week-toolbar' }, [
    el('div', { class: 'week-nav', attrs: { role: 'group', 'aria-label': t('week.week') } }, [
      actionButton('previous-week', t('week.previousWeek'), () => showWeek(ctx, addDays(state.monday, -7))),
      actionButton('this-week', t('week.thisWeek'), () => showWeek(ctx, mondayOf(todayInWorkplace()))),
      actionButton('next-week', t('week.nextWeek'), () => showWeek(ctx, addDays(state.monday, 7))),
    ]),
    ctx.me.user.role === 'manager' ? el('div', { class: 'week-manage', attrs: { role: 'group', 'aria-label': t('week.manageWeek') } }, [
      actionButton('copy-week', t('week.copyWeek'), () => openDialog(t('week.copyTitle', { week: weekLabel(state.monday) }),
        () => copyWeekBody(state.monday, ctx, { onCopied: async (monday) => { state.dialog?.close(); await showWeek(ctx, monday); } }))),
      actionButton('week-trades', t('week.trades'), () => openDialog(t('week.tradesTitle', { range: rangeLabel(state.monday) }),
        () => tradesBody(state.monday, addDays(state.monday, 6), ctx))),
    ]) : null,
    el('div', { class: 'week-filters' }, [
      el('label', { class: 'inline', attrs: { for: 'week-position' } }, [el('span', { text: t('week.position') }), position]),
      el('label', { class: 'inline', attrs: { for: 'week-only-me' } }, [onlyMe, el('span', { text: t('week.onlyMe') })]),
      compactToggle(compactNow(ctx), () => paint(ctx)),
    ]),
    el('div', { class: 'day-nav', attrs: { role: 'group', 'aria-label': t('week.day') } }, [
      labelled(actionButton('previous-day', '‹', () => moveDay(-1, ctx)), t('week.previousDay')),
      el('p', { class: 'day-label', attrs: { id: 'day-label', tabindex: '-1', 'aria-live': 'polite' } }, [
        el('time', { attrs: { datetime: days[state.dayIndex] }, text: formatDate(days[state.dayIndex], { long: true }) }),
        days[state.dayIndex] === todayInWorkplace() ? t('week.todayMark') : '',
      ]),
      labelled(actionButton('next-day', '›', () => moveDay(1, ctx)), t('week.nextDay')),
      ctx.me.user.role === 'manager' && state.totals ? dayTotalsLine(state.totals, days[state.dayIndex], state.currency) : null,
    ]),
  ]);
}

function paint(ctx) {
  const { container } = state;
  const scrollX = container.querySelector('.week-scroll')?.scrollLeft || 0;
  container.replaceChildren(
    viewHeader(t('week.heading')),
    el('p', { class: 'week-heading' }, [
      el('strong', { text: weekLabel(state.monday) }), ' · ',
      el('span', { class: 'week-range', text: rangeLabel(state.monday) }),
    ]),
    finalSinceLine(state.publication?.monday === state.monday ? state.publication : null),
    toolbar(ctx),
    el('div', { class: 'week-scroll' }, [table(ctx)]),
    el('p', { class: 'hint', text: ctx.me.user.role === 'manager'
      ? t('week.hintManager')
      : t('week.hintEmployee') }),
    ctx.me.user.role === 'manager' ? el('p', { class: 'hint', text: t('manage.week.plan.hint') }) : null,
    // Last in the view, so its sticky bottom holds while any of the week is in sight.
    state.bar ? state.bar.element : null,
  );
  state.bar?.update(state.unpublished, state.drafts.length);
  const scroller = container.querySelector('.week-scroll');
  if (scroller) scroller.scrollLeft = scrollX;
}

// ---------------------------------------------------------------------------------------------
// Dialogs: a shift's details and actions, and a new one-off shift

/** A modal dialog (focus trapped, Escape closes) whose body `render()` draws; redraw with `refresh`. */
function openDialog(titleText, render) {
  const titleId = `week-dialog-${Math.random().toString(36).slice(2)}`;
  const body = el('div', { class: 'dialog-body' });
  const close = el('button', { class: 'button secondary', text: t('week.close'), attrs: { type: 'button' }, data: { action: 'close-dialog' } });
  const dialog = el('dialog', { class: 'dialog week-dialog', attrs: { 'aria-labelledby': titleId } }, [
    el('h2', { text: titleText, attrs: { id: titleId } }),
    body,
    el('div', { class: 'dialog-actions' }, [close]),
  ]);
  const handle = {
    dialog,
    refresh: async () => { body.replaceChildren(...[await render(handle)].flat().filter(Boolean)); },
    close: () => dialog.close(),
  };
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => { dialog.remove(); if (state?.dialog === handle) state.dialog = null; });
  state.dialog?.close();
  state.dialog = handle;
  document.body.append(dialog);
  dialog.showModal();
  handle.refresh().then(() => (dialog.querySelector('.dialog-body [data-action], .dialog-body select, .dialog-body input') || close).focus());
  return handle;
}

function openShift(shiftId, ctx) {
  const shift = state.shifts.find((candidate) => candidate.id === shiftId);
  if (!shift) return;
  const choice = { ownerId: null, preview: null, open: false, editing: false, moving: false, draft: {}, move: {} };
  openDialog(t('week.dialogTitle', { name: shift.ownerName, date: formatDate(shift.date) }), (handle) => shiftDetails(shift, ctx, handle, choice));
}

function shiftDetails(shift, ctx, handle, choice) {
  const myId = ctx.me.user.id;
  const manager = ctx.me.user.role === 'manager';
  const shiftState = stateOf(shift);
  const future = isFuture(shift);
  const draft = manager ? draftOf(state.drafts, shift.id) : null;
  // A shift new in a draft (negative id) exists for nobody but the planning managers yet.
  const published = shift.id > 0 && draft?.state !== 'new';
  // A shift removed in the draft can only be brought back: every other change is refused.
  const manageable = manager && future && draft?.state !== 'removed';
  const parts = [
    el('p', { class: 'row-title', text: t('week.dateTime', { date: formatDate(shift.date, { long: true }), time: timeRange(shift) }) }),
    el('p', { class: 'muted', text: shift.position || t('week.noPosition') }),
    el('p', {}, [el('span', { class: ['badge', `state-${shiftState.key}`], text: shiftState.text })]),
    draft ? el('p', { class: ['draft-note', `draft-${draft.state}`], data: { draft: draft.state } }, [
      draftBadge(draft), ' ', el('span', { text: draftSentence(draft, shift) }),
    ]) : null,
    draft?.overrideReason ? el('p', { class: 'small muted', text: t('manage.week.plan.overrideReason', { reason: draft.overrideReason }) }) : null,
  ].filter(Boolean);
  const actions = [];
  if (draft) {
    actions.push(actionButton('revert-draft', t('manage.week.plan.undo'), async (button) => {
      const done = await withBusy(button, () => planChange(ctx, { op: 'revert', shiftId: shift.id }), t('manage.week.plan.undone'));
      if (done) { handle.close(); await reload(ctx); }
    }, { kind: 'primary' }));
  }
  const swappable = published && !draft && shift.ownerId !== myId && shift.status === 'scheduled' && !shift.unassigned && future;
  if (swappable) {
    actions.push(actionButton('swap-from-grid', t('week.proposeSwap'), () => {
      handle.close();
      ctx.navigate(`swaps?want=${shift.id}`);
    }, { kind: 'primary' }));
  }
  if (published && shift.status === 'supplied' && shift.ownerId !== myId && future) {
    actions.push(actionButton('to-market', t('week.toMarket'), () => { handle.close(); ctx.navigate('market'); }));
  }
  if (shift.ownerId === myId) {
    parts.push(el('p', { class: 'small muted', text: t('week.yourShift') }));
    actions.push(actionButton('to-schedule', t('week.openSchedule'), () => { handle.close(); ctx.navigate('schedule'); }));
  }
  if (!future) parts.push(el('p', { class: 'small muted', text: t('week.past') }));
  if (manageable && (shift.status === 'scheduled' || shift.status === 'supplied')) {
    actions.push(actionButton('assign', t('week.assignTo'), async () => {
      choice.open = !choice.open;
      await handle.refresh();
      handle.dialog.querySelector('select[name=assignee]')?.focus();
    }));
  }
  if (manageable && shift.status === 'scheduled' && !shift.unassigned) {
    // A draft like every change on the grid: it goes on the marketplace when the week is published.
    actions.push(actionButton('unassign', t('week.makeOpen'), async (button) => {
      const answer = await confirmDialog({
        title: t('week.makeOpenTitle'),
        message: t(shift.position ? 'manage.week.plan.releaseMessagePosition' : 'manage.week.plan.releaseMessage', { name: shift.ownerName, position: shift.position }),
        confirmText: t('week.makeOpenConfirm'),
      });
      if (!answer) return;
      const done = await withBusy(button, () => planChange(ctx, { op: 'release', shiftId: shift.id }), t('manage.week.plan.releasedDone'));
      if (done) { handle.close(); await reload(ctx); }
    }, { kind: 'danger' }));
  }
  if (manageable && shift.status === 'scheduled' && !shift.unassigned) {
    actions.push(actionButton('edit-shift', t('week.edit'), async () => {
      choice.editing = !choice.editing;
      choice.draft = {};
      await handle.refresh();
      handle.dialog.querySelector('input[name=edit-start]')?.focus();
    }));
  }
  if (manageable && shift.status === 'scheduled' && !shift.unassigned) {
    // Another day, person or time in one change (the phone's and the keyboard's way to move a shift).
    actions.push(actionButton('move-shift', t('manage.week.move.button'), async () => {
      choice.moving = !choice.moving;
      choice.move = {};
      await handle.refresh();
      handle.dialog.querySelector('select[name=move-date]')?.focus();
    }));
  }
  if (manageable && (shift.status === 'scheduled' || shift.status === 'supplied')) {
    const words = { name: shift.ownerName, date: formatDate(shift.date), time: timeRange(shift) };
    actions.push(actionButton('delete-shift', t('week.delete'), async (button) => {
      // A shift only in the draft just disappears; a published one is deleted at publishing.
      const answer = await confirmDialog({
        title: t('week.deleteTitle'),
        message: t(published ? 'manage.week.plan.removeMessage' : 'manage.week.plan.removeNewMessage', words),
        confirmText: t('week.delete'),
        danger: true,
      });
      if (!answer) return;
      const done = await withBusy(button, () => planChange(ctx, { op: 'remove', shiftId: shift.id }),
        t(published ? 'manage.week.plan.removedDone' : 'manage.week.plan.removedNewDone', words));
      if (done !== undefined) { handle.close(); await reload(ctx); }
    }, { kind: 'danger' }));
  }
  parts.push(el('div', { class: 'row-actions' }, actions));
  if (choice.editing) {
    parts.push(editPanel(shift, ctx, {
      plan: true,
      draft: choice.draft,
      positions: [...new Set(state.shifts.map((candidate) => candidate.position).filter(Boolean))].sort(),
      onSaved: async () => { handle.close(); await reload(ctx); },
    }));
  }
  if (choice.moving) {
    parts.push(movePanel(shift, ctx, {
      draft: choice.move,
      days: weekDays(state.monday),
      members: state.members,
      onSaved: async () => { handle.close(); await reload(ctx); },
    }));
  }
  // Only a published shift has a history (a new draft's id is not a shift's yet).
  if (shift.id > 0) parts.push(historyPanel(shift, ctx));
  if (choice.open) {
    parts.push(assignPanel(shift, ctx, {
      plan: manager,
      members: state.members,
      choice,
      exclude: shift.ownerId,
      repaint: async () => { await handle.refresh(); handle.dialog.querySelector('select[name=assignee]')?.focus(); },
      onAssigned: async () => { handle.close(); await reload(ctx); },
    }));
  }
  return parts;
}

function openCreate(person, date, ctx) {
  const draft = { startTime: '09:00', endTime: '17:00', position: state.position || '', asked: 0 };
  openDialog(t('week.newShiftTitle', { name: person.name }), (handle) => createForm(person, date, ctx, handle, draft));
}


function createForm(person, date, ctx, handle, draft) {
  const already = state.shifts.filter((shift) => shift.ownerId === person.id && shift.date === date);
  const start = el('input', { attrs: { type: 'time', name: 'startTime', required: true, value: draft.startTime } });
  const end = el('input', { attrs: { type: 'time', name: 'endTime', required: true, value: draft.endTime } });
  const positions = [...new Set(state.shifts.map((shift) => shift.position).filter(Boolean))].sort();
  const listId = 'week-positions';
  const position = el('input', { attrs: { name: 'position', maxlength: '100', list: listId, autocomplete: 'off', value: draft.position } });
  const reason = el('input', { attrs: { name: 'override-reason', maxlength: '1000', autocomplete: 'off', placeholder: t('week.overridePlaceholder') } });
  const endLabel = el('span', { text: t('week.end') });
  const box = el('div', { class: 'create-preview', attrs: { 'aria-live': 'polite' } });
  const body = () => ({
    ownerId: person.id, date, startTime: draft.startTime,
    durationMinutes: minutesBetween(draft.startTime, draft.endTime),
    ...(draft.position.trim() ? { position: draft.position.trim() } : {}),
  });
  const save = async (button, override) => {
    const payload = body();
    if (override) {
      if (!reason.value.trim()) { ctx.say(t('week.sayWhy'), 'error'); reason.focus(); return; }
      Object.assign(payload, { override: true, reason: reason.value.trim() });
    }
    // A draft: the change answers the plan's revision, not a shift, so the words come from the form.
    const created = await withBusy(button, () => planChange(ctx, { op: 'create', ...payload }),
      () => t('manage.week.plan.createdDone', { name: person.name, date: formatDate(date), time: timeRange({ startTime: draft.startTime, endTime: draft.endTime }) }));
    if (created) { handle.close(); await reload(ctx); }
  };
  // Only the verdict changes while the manager types: the inputs stay (and keep their focus). The
  // server decides: every change asks POST /plan/changes/preview (the rules against the plan with its drafts).
  const ask = previewedVerdict(box, draft, {
    fetchPreview: () => previewPlanChange(ctx, { op: 'create', ...body() }),
    decision: (preview) => previewDecision(preview, {
      reason, save, action: 'create-shift', label: t('week.create'), anywayAction: 'create-anyway', anywayLabel: t('week.createAnyway'), what: t('week.whatShift'),
    }),
    checked: () => `${draft.startTime}-${draft.endTime}`,
    isOpen: () => handle.dialog.open,
  });
  const changed = () => {
    draft.startTime = start.value || draft.startTime;
    draft.endTime = end.value || draft.endTime;
    draft.position = position.value;
    endLabel.textContent = toMinutes(draft.endTime) <= toMinutes(draft.startTime) ? t('week.endNextDay') : t('week.end');
    ask();
  };
  for (const input of [start, end, position]) input.addEventListener('change', changed);
  ask();
  return [
    el('p', { class: 'row-title', text: formatDate(date, { long: true }) }),
    already.length
      ? el('p', { class: 'small', text: t('week.alreadyWorks', {
        name: person.name,
        shifts: already.map((shift) => (shift.position ? t('week.timePosition', { time: timeRange(shift), position: shift.position }) : timeRange(shift))).join(t('week.listJoin')),
      }) })
      : null,
    el('div', { class: 'create-times' }, [
      el('label', {}, [t('week.start'), start]),
      el('label', {}, [endLabel, end]),
      el('label', {}, [t('week.position'), position]),
    ]),
    el('datalist', { attrs: { id: listId } }, positions.map((name) => el('option', { attrs: { value: name } }))),
    box,
  ];
}

function toMinutes(time) {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

// ---------------------------------------------------------------------------------------------
// Publishing the shown week's drafts (the bar of plan-bar.js)

/** "Discard": after a confirmation, DELETE /plan/drafts for the shown week (other weeks keep theirs). */
async function discardWeek(button, ctx) {
  const monday = state.monday;
  const answer = await confirmDialog({
    title: t('manage.week.plan.discardTitle'),
    message: tn('manage.week.plan.discardMessage', state.drafts.length, { week: weekLabel(monday) }),
    confirmText: t('manage.week.plan.discardConfirm'),
    danger: true,
  });
  if (!answer) return;
  const done = await withBusy(button, () => ctx.api('DELETE', `/plan/drafts?from=${monday}&to=${addDays(monday, 6)}`),
    (result) => tn('manage.week.plan.discarded', Number(result?.discarded) || 0));
  if (done) await reload(ctx);
}

/** "Review and publish": the server's publication preview of the shown week, then Publish. */
function openReview(ctx) {
  const from = state.monday;
  const to = addDays(from, 6);
  openDialog(t('manage.week.plan.reviewTitle', { week: weekLabel(from), range: rangeLabel(from) }), async (handle) => {
    try {
      return await reviewBody(ctx, { from, to, shifts: state.shifts }, {
        onPublished: async () => { handle.close(); await reload(ctx); },
        onStale: () => handle.refresh(),
      });
    } catch (error) {
      return [el('p', { class: 'small cannot-take', text: explain(error) })];
    }
  }).dialog.classList.add('plan-review-dialog');
}

// ---------------------------------------------------------------------------------------------

export default {
  id: 'week',
  get title() { return t('views.week'); },
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    const monday = weekFromHash();
    const today = todayInWorkplace();
    state = {
      container, monday, shifts: [], totals: null, members: null, position: '', onlyMe: false, dialog: null,
      drafts: [], unpublished: 0, bar: null,
      dayIndex: monday === mondayOf(today) ? weekDays(monday).indexOf(today) : 0,
    };
    if (ctx.me.user.role === 'manager') {
      state.bar = publishBar({ onDiscard: (button) => discardWeek(button, ctx), onReview: () => openReview(ctx) });
    }
    await load(ctx);
    paint(ctx);
  },
  onLive(message, ctx) {
    // (A resync_required reloads the whole view in app.js.)
    if (!state?.container.isConnected || message.type !== 'event' || !message.event) return;
    const { type, data } = message.event;
    if (type === 'schedule_plan.changed') {
      // The count is the whole workplace's: it changes with a draft in any week, so it is taken at once.
      if (Number.isFinite(data?.unpublishedChanges)) {
        state.unpublished = data.unpublishedChanges;
        state.bar?.update(state.unpublished, state.drafts.length);
      }
      const shown = new Set(weekDays(state.monday));
      const dates = Array.isArray(data?.dates) ? data.dates : [];
      if (!dates.length || dates.some((date) => shown.has(date))) reloadSoon(ctx);
      return;
    }
    if (type === 'team_schedule.changed') {
      const shown = new Set(weekDays(state.monday));
      const dates = Array.isArray(data?.dates) ? data.dates : [];
      // No dates: a weekly rule changed, which may touch any week.
      if (!dates.length || dates.some((date) => shown.has(date))) reloadSoon(ctx);
      return;
    }
    if (type === 'closed_days.changed' || type === 'workplace.time_zone_changed') reloadSoon(ctx);
  },
};
