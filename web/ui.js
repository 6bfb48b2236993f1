// Helpers every view uses: building elements safely, messages for people, dates in the
// workplace's time zone, status badges and a confirmation dialog.
//
// Text from users only ever reaches the page through textContent (el's `text`, string children):
// nothing here parses HTML, so a display name like "<img onerror=…>" stays a harmless string.

import { ApiError, problemSentence } from './api.js';
import { t, locale, formatDuration } from './i18n.js';

/**
 * Builds an element: `el('button', { class: 'primary', text: 'Save', attrs: { type: 'button' },
 * data: { action: 'supply' }, on: { click } }, [children])`. Children may be nodes, strings
 * (inserted as text), arrays, or null/false (skipped), so conditional parts read naturally.
 */
export function el(tag, options = {}, children = []) {
  const node = document.createElement(tag);
  const { class: className, text, attrs, data, on, hidden } = options;
  if (className) node.className = Array.isArray(className) ? className.filter(Boolean).join(' ') : className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  if (attrs) {
    for (const [name, value] of Object.entries(attrs)) {
      if (value === false || value === null || value === undefined) continue;
      if (name === 'style' || name.startsWith('on')) continue; // the CSP refuses both; never build them
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
  if (data) for (const [key, value] of Object.entries(data)) node.dataset[key] = String(value);
  if (on) for (const [event, listener] of Object.entries(on)) node.addEventListener(event, listener);
  if (hidden) node.hidden = true;
  append(node, children);
  return node;
}

function append(node, children) {
  if (children === null || children === undefined || children === false) return;
  if (Array.isArray(children)) {
    for (const child of children) append(node, child);
  } else if (children instanceof Node) {
    node.append(children);
  } else {
    node.append(document.createTextNode(String(children)));
  }
}

// ---------------------------------------------------------------------------------------------
// Messages

let messageTimer = null;

/**
 * Shows a short message in the page's live region (#message), read out by screen readers.
 * `kind` is 'info', 'ok' or 'error'; non-errors fade after a few seconds, errors stay until the
 * next message or until dismissed, so nobody misses why something did not work.
 */
export function say(text, kind = 'info') {
  const box = document.getElementById('message');
  if (!box) return;
  clearTimeout(messageTimer);
  const textNode = box.querySelector('.message-text') || box;
  textNode.textContent = text || '';
  box.className = `message ${kind}`;
  box.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  box.hidden = !text;
  if (text && kind !== 'error') messageTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

/**
 * Turns any failure into a sentence a person understands. API errors are explained by their
 * stable problem code (see api.js); validation errors also name each field; anything else
 * (a bug, a network failure) gets a calm generic sentence instead of a stack trace.
 */
export function explain(error) {
  if (error instanceof ApiError) return problemSentence(error);
  if (error && error.name === 'AbortError') return t('common.cancelled');
  if (error instanceof TypeError) return t('common.unreachable');
  return t('common.pageError');
}

/**
 * Runs an action for a button: disables it while the request runs (no double submits), shows
 * `done` when it worked and the explanation when it did not. Resolves to the action's result or
 * undefined on failure.
 */
export async function withBusy(button, action, done) {
  // A disabled button loses focus to <body>; remember it so keyboard users keep their place.
  const hadFocus = button && document.activeElement === button;
  const view = button?.closest('.view');
  if (button) button.disabled = true;
  try {
    const result = await action();
    if (done) say(typeof done === 'function' ? done(result) : done, 'ok');
    return result;
  } catch (error) {
    say(explain(error), 'error');
    return undefined;
  } finally {
    if (button && button.isConnected) button.disabled = false;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (hadFocus && lost) {
      const target = button.isConnected ? button : view?.querySelector('h1');
      if (target && target.tagName === 'H1' && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
      target?.focus({ preventScroll: true });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Dates and times: shifts carry local dates and HH:MM already; instants are shown in the
// workplace's zone (not the browser's), so a manager travelling abroad sees the shop's times.
// Words and order follow the page's language (`locale()` of i18n.js: en-GB, nl-NL).

let workplaceTimeZone = 'UTC';

/** Sets the zone instants are shown in (the workplace's, from GET /me). */
export function setTimeZone(zone) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone }); // i18n-exempt: only checks that the zone exists
    workplaceTimeZone = zone;
  } catch {
    workplaceTimeZone = 'UTC';
  }
}

export function timeZone() { return workplaceTimeZone; }

/** Parses "2026-11-24" as a calendar date (no time zone involved). */
export function parseLocalDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text || '');
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** "Tue 24 Nov" / "di 24 nov" (or with `long`: "Tuesday 24 November 2026") for a local date string. */
export function formatDate(text, { long = false } = {}) {
  const date = parseLocalDate(text);
  if (!date) return text || '';
  const options = long
    ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
    : { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale(), options).format(date);
}

/** "Tue 24 Nov, 09:00–17:00 · Bar" for a shift. */
export function formatShift(shift) {
  const position = shift.position ? ` · ${shift.position}` : '';
  return `${formatDate(shift.date)}, ${timeRange(shift)}${position}`;
}

/** An instant ("2026-11-21T18:40:00Z") as "21 Nov, 19:40" ("Sat 21 Nov, 19:40" `withWeekday`) in the workplace's zone. */
export function formatInstant(iso, { withDate = true, withWeekday = false } = {}) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options = withDate
    ? { ...(withWeekday ? { weekday: 'short' } : {}), day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: workplaceTimeZone }
    : { hour: '2-digit', minute: '2-digit', timeZone: workplaceTimeZone };
  return new Intl.DateTimeFormat(locale(), options).format(date);
}

/** Today's date in the workplace's zone as "YYYY-MM-DD". */
export function todayInWorkplace() {
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: workplaceTimeZone })
    .formatToParts(new Date());
  const get = (type) => parts.find((part) => part.type === type)?.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** ISO week label of a local date: "Week 47" (format.week in the language's catalogue). */
export function weekLabel(text) {
  const date = parseLocalDate(text);
  if (!date) return '';
  const thursday = new Date(date);
  thursday.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const firstThursday = new Date(Date.UTC(thursday.getUTCFullYear(), 0, 4));
  const week = 1 + Math.round(((thursday - firstThursday) / 86400000 - 3 + ((firstThursday.getUTCDay() + 6) % 7)) / 7);
  return t('format.week', { week });
}

/** 450 minutes as "7 h 30 min" / "7 u 30 min" (format.duration.* in the language's catalogue). */
export function formatMinutes(minutes) {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return '';
  return formatDuration(Math.round(minutes));
}

// ---------------------------------------------------------------------------------------------
// Status badges: colour AND words, never colour alone.

/** The statuses that have words (`shift.status.<status>` in the catalogue). */
const statuses = new Set([
  'scheduled', 'supplied', 'suggested', 'in_deal', 'cancelled', // shifts
  'proposed', 'pending_approval', 'approved', 'rejected', 'expired', 'declined', // deals
  'open', 'pending_deal', 'fulfilled', 'withdrawn', // requests
]);

/** The words for a shift, deal or request status, in the page's language. */
export function statusText(status) {
  return statuses.has(status) ? t(`shift.status.${status}`) : String(status || '').replaceAll('_', ' ');
}

/** A badge with the status in words and a colour class (`status-<status>`) from style.css. */
export function statusBadge(status, text) {
  return el('span', { class: ['badge', `status-${status}`], text: text || statusText(status) });
}

// ---------------------------------------------------------------------------------------------
// Small building blocks

/** The heading every view starts with; app.js moves focus to it after navigation. */
export function viewHeader(title, ...extras) {
  return el('header', { class: 'view-header' }, [
    el('h1', { text: title, attrs: { tabindex: '-1' } }),
    extras.length ? el('div', { class: 'view-actions' }, extras) : null,
  ]);
}

/** A friendly sentence for an empty list. */
export function emptyState(text) {
  return el('p', { class: 'empty', text });
}

/** A button with the stable `data-action` hook the end-to-end tests use. */
export function actionButton(action, label, onClick, { kind = 'secondary', describedBy } = {}) {
  return el('button', {
    class: ['button', kind],
    text: label,
    attrs: { type: 'button', 'aria-describedby': describedBy },
    data: { action },
    on: { click: (event) => onClick(event.currentTarget) },
  });
}

/**
 * "Cancel" for one of my deals: asks first (`message` says what happens to the shifts), then
 * cancels the deal and runs `after` (the view reloads itself).
 */
export function cancelDealButton(ctx, dealId, { label = t('common.cancel'), message, after }) {
  return actionButton('cancel', label, async (button) => {
    const answer = await confirmDialog({
      title: t('common.cancelDeal.title'), message, confirmText: t('common.cancelDeal.confirm'), cancelText: t('common.cancelDeal.keep'), danger: true,
    });
    if (!answer) return;
    await withBusy(button, async () => {
      await ctx.api('POST', `/deals/${dealId}/cancel`, {});
      await after();
    }, t('common.cancelDeal.done'));
  });
}

/** Shows a failure inside a view (with a retry button) instead of leaving it blank. */
export function errorPanel(error, retry) {
  return el('div', { class: 'error-panel', attrs: { role: 'alert' } }, [
    el('p', { text: explain(error) }),
    retry ? el('button', { class: 'button secondary', text: t('common.tryAgain'), attrs: { type: 'button' }, on: { click: retry } }) : null,
  ]);
}

/**
 * Asks before something that cannot be undone, in a real modal <dialog> (focus is trapped and
 * Escape cancels). `noteLabel` adds an optional text field. Resolves to null when cancelled,
 * otherwise to `{ note }` (note is '' without a field), so `if (!(await confirmDialog(…)))` works.
 */
export function confirmDialog({ title = t('common.areYouSure'), message = '', confirmText = t('common.yes'), cancelText = t('common.cancel'), noteLabel, danger = false } = {}) {
  return new Promise((resolve) => {
    const note = noteLabel ? el('textarea', { attrs: { name: 'note', rows: '3', maxlength: '1000' } }) : null;
    const confirm = el('button', { class: ['button', danger ? 'danger' : 'primary'], text: confirmText, attrs: { type: 'submit', value: 'confirm' } });
    const cancel = el('button', { class: 'button secondary', text: cancelText, attrs: { type: 'button' } });
    const titleId = `dialog-title-${Math.random().toString(36).slice(2)}`;
    const form = el('form', { attrs: { method: 'dialog' } }, [
      el('h2', { text: title, attrs: { id: titleId } }),
      message ? el('p', { text: message }) : null,
      note ? el('label', {}, [noteLabel, note]) : null,
      el('div', { class: 'dialog-actions' }, [cancel, confirm]),
    ]);
    const dialog = el('dialog', { class: 'dialog', attrs: { 'aria-labelledby': titleId } }, [form]);
    let answer = null;
    form.addEventListener('submit', () => { answer = { note: note ? note.value.trim() : '' }; });
    cancel.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(answer);
    });
    document.body.append(dialog);
    dialog.showModal();
    (note || confirm).focus();
  });
}

// ---------------------------------------------------------------------------------------------
// Live-updated lists

/**
 * Re-renders a list without losing the keyboard user's place: remembers the focused control by
 * its row id and data-action, runs `render`, then focuses the same control (or the heading when
 * its row disappeared, e.g. a shift someone else just took).
 */
export async function preserveFocus(container, render) {
  const active = document.activeElement;
  let selector = null;
  if (active && container.contains(active) && active !== document.body) {
    const row = active.closest('[data-shift-id],[data-deal-id],[data-request-id]');
    const action = active.dataset?.action;
    if (row && action) {
      const [key] = Object.keys(row.dataset).filter((name) => ['shiftId', 'dealId', 'requestId'].includes(name));
      const attribute = key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      selector = `[data-${attribute}="${CSS.escape(row.dataset[key])}"] [data-action="${CSS.escape(action)}"]`;
    } else if (active.name && active.type === 'checkbox') {
      selector = `input[name="${CSS.escape(active.name)}"][value="${CSS.escape(active.value)}"]`;
    } else if (active.id) {
      selector = `#${CSS.escape(active.id)}`;
    } else {
      selector = '';
    }
  }
  await render();
  if (selector === null) return;
  const target = (selector && container.querySelector(selector)) || container.querySelector('h1');
  target?.focus({ preventScroll: true });
}

/** Calls `action` once after calls stop for `ms` (several live events in a row → one reload). */
export function debounce(action, ms = 150) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => action(...args), ms);
  };
}

/** Whether a shift has not started yet (only those can be traded). */
export function isFuture(shift) {
  const start = new Date(shift.startsAt).getTime();
  return Number.isFinite(start) ? start > Date.now() : true;
}

/** The common first part of a shift row: when, where, whose and its status in words. */
export function shiftSummary(shift, { owner = false, status = true } = {}) {
  return el('div', { class: 'row-main' }, [
    el('p', { class: 'row-title' }, [
      el('time', { attrs: { datetime: shift.date }, text: formatDate(shift.date) }),
      `, ${timeRange(shift)}`,
    ]),
    el('p', { class: 'muted' }, [
      shift.position ? shift.position : t('shift.noPosition'),
      owner ? ` · ${shift.ownerName}` : null,
    ]),
    status || shift.unassigned
      ? el('p', { class: 'badges' }, [
        status ? statusBadge(shift.status) : null,
        shift.unassigned ? el('span', { class: 'badge status-unassigned', text: t('shift.released') }) : null,
      ])
      : null,
  ]);
}

/**
 * "22:00–04:00 (+1)": a shift's local times, with "(+1)" when it ends on the next day, so an
 * overnight shift never reads as ending before it starts (and never as "24:00"). The page's one
 * time format: every view shows a shift (`startTime`/`endTime`) or a fixed shift
 * (`startTime`/`durationMinutes`) through it. The marker is format.overnight of the catalogue.
 */
export function timeRange(shift) {
  if (shift.endTime === undefined && shift.durationMinutes !== undefined) {
    const match = /^(\d{1,2}):(\d{2})$/.exec(shift.startTime ?? '');
    if (!match) return shift.startTime ?? '';
    const total = Number(match[1]) * 60 + Number(match[2]) + Number(shift.durationMinutes || 0);
    const minutes = total % 1440;
    const end = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const days = Math.floor(total / 1440);
    return `${shift.startTime}–${end}${days === 1 ? ` ${t('format.overnight')}` : days > 1 ? ` (+${days})` : ''}`;
  }
  const nextDay = shift.endTime <= shift.startTime
    || (shift.endsAt && shift.startsAt && new Date(shift.endsAt) - new Date(shift.startsAt) >= 86400000);
  return `${shift.startTime}–${shift.endTime}${nextDay ? ` ${t('format.overnight')}` : ''}`;
}
