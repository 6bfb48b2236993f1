// Notifications: personal events from the live stream (topic `notifications`: deals decided,
// swaps proposed, suggestions to my requests, shifts given or released, reminders) turned into
// sentences, kept in localStorage per user and merged with GET /notifications on start, with an unread
// count for the header badge.

import { el, viewHeader, emptyState, formatShift, formatInstant, say } from '../ui.js';
import { api } from '../api.js';
import { periodText } from './time-off.js';
import { fixedShiftRequestText } from './my-fixed-shifts.js';

const MAX_ITEMS = 100;

function shiftsOf(event) {
  return Array.isArray(event.data?.shifts) ? event.data.shifts : [];
}

function list(shifts) {
  return shifts.map(formatShift).join(' and ');
}

/** " by Maria" when the event names who decided the deal. */
function by(event) {
  const name = event.data?.decision?.byName;
  return name ? ` by ${name}` : '';
}

/** The decider's note as a quoted sentence ending, or nothing. */
function noteOf(event) {
  const note = event.data?.decision?.note;
  return note ? ` Note from ${event.data.decision.byName || 'the manager'}: “${note}”` : '';
}

/** A sentence (and where to look) for an event of topic `notifications`, seen by `me`. */
export function describe(event, me) {
  const myId = me.user.id;
  const shifts = shiftsOf(event);
  const mine = shifts.filter((shift) => shift.ownerId === myId);
  const others = shifts.filter((shift) => shift.ownerId !== myId);
  const any = list(shifts) || 'a shift';
  const yourShift = shifts.length ? `your shift ${list(shifts)}` : 'one of your shifts';
  switch (event.type) {
    case 'suggestion.made': {
      const shift = shifts[0];
      return shift
        ? { text: `${shift.ownerName} suggested their shift ${formatShift(shift)} for your request.`, link: 'requests' }
        : { text: 'A coworker suggested a shift for your request.', link: 'requests' };
    }
    case 'suggestion.released':
      return { text: `Your suggested shift ${list(mine) || list(shifts) || ''} went back to your schedule: the request was filled or withdrawn.`.replace('shift  went', 'shift went'), link: 'schedule' };
    case 'swap.proposed': {
      const theirs = others[0];
      return theirs
        ? { text: `${theirs.ownerName} proposes to swap their shift ${formatShift(theirs)} for your shift ${list(mine) || ''}.`.replace(' .', '.'), link: 'swaps' }
        : { text: 'A coworker proposes a swap with you.', link: 'swaps' };
    }
    case 'deal.approved':
      return mine.length
        ? { text: `Approved${by(event)}: you now work ${list(mine)}.${noteOf(event)}`, link: 'schedule' }
        : { text: `Approved${by(event)}: ${others[0]?.ownerName || 'a coworker'} takes over ${yourShift}.${noteOf(event)}`, link: 'schedule' };
    case 'deal.rejected':
      return { text: `${event.data?.decision?.byName || 'A manager'} rejected the deal for ${any}. Everything stays as it was.${noteOf(event)}`, link: 'schedule' };
    case 'deal.declined':
      return { text: `The swap for ${any} was declined. Both shifts stay where they were.`, link: 'swaps' };
    case 'deal.cancelled':
      return { text: `The deal for ${any} was withdrawn${by(event)}.${noteOf(event)}`, link: 'schedule' };
    case 'deal.expired':
      return { text: `The deal for ${any} expired because the shift started before anyone decided.`, link: 'schedule' };
    case 'shift.unassigned':
      return { text: `A manager released ${yourShift} to the marketplace. You cover it until someone picks it up.`, link: 'market' };
    case 'shift.assigned':
      return mine.length
        ? { text: `A manager gave you the shift ${list(mine)}.`, link: 'schedule' }
        : { text: `A manager gave ${yourShift} to ${others[0]?.ownerName || 'someone else'}.`, link: 'schedule' };
    case 'shift.edited':
      return { text: `A manager changed your shift: ${any}.`, link: 'schedule' };
    case 'shift.created':
      return { text: `A manager added a shift for you: ${any}.`, link: 'schedule' };
    case 'shift.rule_overridden': {
      // Managers only: a manager broke an overridable rule on purpose (the reason is in the shift's history).
      const rules = (event.data?.overriddenRules || []).map((code) => code.replaceAll('_', ' ')).join(', ') || 'a rule';
      const who = shifts[0]?.ownerName ? ` for ${shifts[0].ownerName}` : '';
      const why = event.data?.overrideReason ? ` Reason: ${event.data.overrideReason}` : '';
      return { text: `A manager overrode ${rules}${who} (${any}).${why}`, link: 'schedule' };
    }
    case 'shift.picked_up': {
      const shift = shifts[0];
      if (event.data?.requestId && shift) {
        return { text: `Your suggested shift ${formatShift(shift)} was accepted. A manager decides next; until then it is still yours.`, link: 'requests' };
      }
      return shift
        ? { text: `Someone picked up your shift ${formatShift(shift)}. A manager decides next; until then it is still yours.`, link: 'swaps' }
        : { text: 'Someone picked up one of your shifts. A manager decides next.', link: 'swaps' };
    }
    case 'shift.closed_day': {
      const gone = Array.isArray(event.data?.removedShifts) ? event.data.removedShifts.filter((shift) => shift.ownerId === myId) : [];
      const what = gone.length ? `your shift ${list(gone)}` : 'your shift';
      return { text: `${event.data?.date || 'A day'} is closed (${event.data?.name || 'closed'}): ${what} is off your schedule.`, link: 'schedule' };
    }
    case 'shift.reminder': {
      const shift = shifts[0];
      return { text: shift ? `Reminder: your shift ${formatShift(shift)} starts soon.` : 'Reminder: your shift starts soon.', link: 'schedule' };
    }
    case 'time_off.requested':
    case 'time_off.approved':
    case 'time_off.declined':
    case 'time_off.withdrawn':
      return timeOffNotification(event, myId);
    case 'fixed_shift_request.requested':
    case 'fixed_shift_request.approved':
    case 'fixed_shift_request.declined':
    case 'fixed_shift_request.withdrawn':
      return fixedShiftRequestNotification(event, myId);
    default:
      return null;
  }
}

/** Fixed-shift request events reach the member and the managers; nobody is told what they did themselves. */
function fixedShiftRequestNotification(event, myId) {
  const item = event.data?.fixedShiftRequest;
  if (!item || event.data?.actorId === myId) return null;
  const mine = item.userId === myId;
  const what = fixedShiftRequestText(item);
  const note = item.managerNote ? ` “${item.managerNote}”` : '';
  switch (event.type) {
    case 'fixed_shift_request.requested':
      return mine ? null : { text: `${item.userName} asks: ${what}.`, link: 'fixed-shift-requests' };
    case 'fixed_shift_request.approved':
      return mine ? { text: `Approved: ${what}.${note}`, link: 'my-fixed-shifts' } : null;
    case 'fixed_shift_request.declined':
      return mine ? { text: `Declined: ${what}.${note}`, link: 'my-fixed-shifts' } : null;
    default:
      return mine ? null : { text: `${item.userName} withdrew a request: ${what}.`, link: 'fixed-shift-requests' };
  }
}

/** Time-off events reach the member and the managers; nobody is told what they did themselves. */
function timeOffNotification(event, myId) {
  const item = event.data?.timeOff;
  if (!item) return null;
  const mine = item.userId === myId;
  const period = periodText(item);
  const note = item.managerNote ? ` “${item.managerNote}”` : '';
  switch (event.type) {
    case 'time_off.requested':
      return mine ? null : { text: `${item.userName} asks for time off: ${period}.`, link: 'time-off-queue' };
    case 'time_off.approved':
      if (item.decidedBy === myId) return null;
      return mine
        ? { text: `Your time off ${period} was approved.${note}`, link: 'time-off' }
        : { text: `${item.userName}'s time off ${period} was approved.`, link: 'time-off-queue' };
    case 'time_off.declined':
      if (item.decidedBy === myId) return null;
      return mine ? { text: `Your time off ${period} was declined.${note}`, link: 'time-off' } : null;
    default:
      return mine ? null : { text: `${item.userName} withdrew their time off ${period}.`, link: 'time-off-queue' };
  }
}

/** The notifications of the logged-in user, persisted per user and workplace. */
class NotificationStore {
  constructor() {
    this.me = null;
    this.items = [];
    this.listeners = new Set();
  }

  key() { return this.me ? `shifty.notifications.${this.me.workplace.id}.${this.me.user.id}` : null; }

  open(me) {
    this.me = me;
    try {
      const stored = JSON.parse(localStorage.getItem(this.key()) || '[]');
      this.items = Array.isArray(stored) ? stored.filter((item) => item && typeof item.text === 'string') : [];
    } catch {
      this.items = [];
    }
    this.changed();
    this.loadFromServer();
  }

  /** Merges the server's list (GET /notifications): the same notifications on every device. */
  async loadFromServer() {
    const me = this.me;
    let events;
    try {
      events = await api('GET', '/notifications?limit=50');
    } catch {
      return; // offline or logged out: the live stream and the local list still work
    }
    if (this.me !== me || !Array.isArray(events)) return;
    let added = false;
    for (const event of events) {
      if (this.items.some((item) => item.id === event.id)) continue;
      if (event.data && event.data.actorId === me.user.id && event.type !== 'shift.reminder') continue;
      const described = describe(event, me);
      if (!described) continue;
      // Older than what this device already showed: arrives as read, no toast.
      const newest = this.items.length ? Math.max(...this.items.map((item) => item.id)) : 0;
      this.items.push({ id: event.id, type: event.type, at: event.at, text: described.text, link: described.link, read: event.id <= newest });
      added = true;
    }
    if (!added) return;
    this.items.sort((a, b) => b.id - a.id);
    this.items = this.items.slice(0, MAX_ITEMS);
    this.save();
    this.changed();
  }

  save() {
    try { localStorage.setItem(this.key(), JSON.stringify(this.items.slice(0, MAX_ITEMS))); } catch { /* storage full or off */ }
  }

  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed() {
    for (const listener of this.listeners) listener(this);
  }

  unreadCount() { return this.items.filter((item) => !item.read).length; }

  /** Takes every live message; keeps personal events as notifications (once per event id). */
  handle(message) {
    if (!this.me || message.type !== 'event' || !message.event) return;
    const event = message.event;
    if (!Array.isArray(event.topics) || !event.topics.includes('notifications')) return;
    if (this.items.some((item) => item.id === event.id)) return;
    // Nobody needs to be told about what they did themselves (declining, cancelling…).
    if (event.data && event.data.actorId === this.me.user.id && event.type !== 'shift.reminder') return;
    const described = describe(event, this.me);
    if (!described) return;
    this.items.unshift({ id: event.id, type: event.type, at: event.at, text: described.text, link: described.link, read: false });
    this.items.sort((a, b) => b.id - a.id);
    this.items = this.items.slice(0, MAX_ITEMS);
    this.save();
    this.changed();
    if (!location.hash.startsWith('#/notifications')) say(described.text, 'info');
  }

  markAllRead() {
    if (!this.items.some((item) => !item.read)) return;
    for (const item of this.items) item.read = true;
    this.save();
    this.changed();
  }

  clear() {
    this.items = [];
    this.save();
    this.changed();
  }
}

export const notificationStore = new NotificationStore();

let container = null;

function renderList(ctx) {
  if (!container) return;
  const items = notificationStore.items;
  const unread = new Set(items.filter((item) => !item.read).map((item) => item.id));
  const listNode = items.length
    ? el('ol', { class: 'list notification-list' }, items.map((item) => el('li', {
      class: ['row', 'notification', unread.has(item.id) ? 'unread' : null],
      data: { eventId: item.id },
    }, [
      el('div', { class: 'row-main' }, [
        unread.has(item.id) ? el('span', { class: 'badge status-new', text: 'New' }) : null,
        el('p', { class: 'notification-text', text: item.text }),
        el('p', { class: 'muted small' }, [
          item.at ? el('time', { attrs: { datetime: item.at }, text: formatInstant(item.at) }) : null,
        ]),
      ]),
      item.link ? el('a', { class: 'button secondary', text: 'Open', attrs: { href: `#/${item.link}` } }) : null,
    ])))
    : emptyState('Nothing yet. When a manager decides on your deals, a coworker suggests a shift or proposes a swap, it shows up here right away.');
  container.replaceChildren(
    viewHeader('Notifications', items.length
      ? el('button', { class: 'button secondary', text: 'Clear all', attrs: { type: 'button' }, on: { click: () => notificationStore.clear() } })
      : null),
    el('p', { class: 'muted', text: 'New ones arrive live; older ones come from the server, so every device shows them.' }),
    listNode,
  );
  // Seen now: the badge goes to zero, the "New" marks stay until the next visit.
  notificationStore.markAllRead();
  void ctx;
}

export default {
  id: 'notifications',
  title: 'Notifications',
  roles: ['employee', 'manager'],
  async render(section, ctx) {
    container = section;
    renderList(ctx);
    const stop = notificationStore.onChange(() => {
      if (!container || !container.isConnected) { stop(); return; }
      renderList(ctx);
    });
  },
};
