// Notifications: personal events from the live stream (topic `notifications`: deals decided,
// swaps proposed, suggestions to my requests, shifts given or released, reminders, published
// schedule changes) turned into sentences, kept in localStorage per user and merged with
// GET /notifications on start, with an unread count for the header badge.

import { el, viewHeader, emptyState, formatDate, formatShift, formatInstant, say } from '../ui.js';
import { t } from '../i18n.js';
import { api, problemSentence } from '../api.js';
import { periodText } from './time-off.js';
import { fixedShiftRequestText } from './my-fixed-shifts.js';

const MAX_ITEMS = 100;

function shiftsOf(event) {
  return Array.isArray(event.data?.shifts) ? event.data.shifts : [];
}

function list(shifts) {
  return shifts.map(formatShift).join(t('notifications.listJoin'));
}

/** The decider's name, when the event names who decided the deal. */
function by(event) {
  return event.data?.decision?.byName || '';
}

/** The decider's note as a quoted sentence ending, or nothing. */
function noteOf(event) {
  const note = event.data?.decision?.note;
  return note ? t('notifications.note', { name: event.data.decision.byName || t('notifications.theManager'), note }) : '';
}

/** The words for each kind of change a publication tells a member about (`schedule.published`). */
const PUBLISHED_KEYS = {
  added: 'notifications.published.added', changed: 'notifications.published.changedNoBefore',
  removed: 'notifications.published.removed', released: 'notifications.published.released',
};

/** A sentence (and where to look) for an event of topic `notifications`, seen by `me`. */
export function describe(event, me) {
  const myId = me.user.id;
  const shifts = shiftsOf(event);
  const mine = shifts.filter((shift) => shift.ownerId === myId);
  const others = shifts.filter((shift) => shift.ownerId !== myId);
  const any = list(shifts) || t('notifications.aShift');
  const yourShift = shifts.length ? t('notifications.yourShiftList', { shifts: list(shifts) }) : t('notifications.oneOfYourShifts');
  const note = noteOf(event);
  switch (event.type) {
    case 'suggestion.made': {
      const shift = shifts[0];
      return shift
        ? { text: t('notifications.suggestionMade', { name: shift.ownerName, shift: formatShift(shift) }), link: 'requests' }
        : { text: t('notifications.suggestionMadeSomeone'), link: 'requests' };
    }
    case 'suggestion.released': {
      const released = list(mine) || list(shifts);
      return { text: released ? t('notifications.suggestionReleased', { shifts: released }) : t('notifications.suggestionReleasedNoShift'), link: 'schedule' };
    }
    case 'swap.proposed': {
      const theirs = others[0];
      if (!theirs) return { text: t('notifications.swapProposedSomeone'), link: 'swaps' };
      return mine.length
        ? { text: t('notifications.swapProposed', { name: theirs.ownerName, theirs: formatShift(theirs), mine: list(mine) }), link: 'swaps' }
        : { text: t('notifications.swapProposedNoMine', { name: theirs.ownerName, theirs: formatShift(theirs) }), link: 'swaps' };
    }
    case 'deal.approved':
      return mine.length
        ? { text: t(by(event) ? 'notifications.approvedMineBy' : 'notifications.approvedMine', { by: by(event), shifts: list(mine), note }), link: 'schedule' }
        : { text: t(by(event) ? 'notifications.approvedTheirsBy' : 'notifications.approvedTheirs', { by: by(event), name: others[0]?.ownerName || t('notifications.aCoworker'), shift: yourShift, note }), link: 'schedule' };
    case 'deal.rejected':
      return { text: t('notifications.rejected', { by: by(event) || t('notifications.aManager'), shifts: any, note }), link: 'schedule' };
    case 'deal.declined':
      return { text: t('notifications.declined', { shifts: any }), link: 'swaps' };
    case 'deal.cancelled':
      return { text: t(by(event) ? 'notifications.cancelledBy' : 'notifications.cancelled', { by: by(event), shifts: any, note }), link: 'schedule' };
    case 'deal.expired':
      return { text: t('notifications.expired', { shifts: any }), link: 'schedule' };
    case 'shift.unassigned':
      return { text: t('notifications.unassigned', { shift: yourShift }), link: 'market' };
    case 'shift.assigned':
      return mine.length
        ? { text: t('notifications.assignedMine', { shifts: list(mine) }), link: 'schedule' }
        : { text: t('notifications.assignedTheirs', { shift: yourShift, name: others[0]?.ownerName || t('notifications.someoneElse') }), link: 'schedule' };
    case 'shift.edited':
      return { text: t('notifications.edited', { shifts: any }), link: 'schedule' };
    case 'shift.created':
      return { text: t('notifications.created', { shifts: any }), link: 'schedule' };
    case 'shift.rule_overridden': {
      // Managers only: a manager broke an overridable rule on purpose (the reason is in the shift's history).
      // Each overridden rule in the page's words (its problem sentence), not its code.
      const rules = (event.data?.overriddenRules || []).map((code) => problemSentence({ code, status: 409 })).join(' ') || t('notifications.ruleUnknown');
      const name = shifts[0]?.ownerName ?? event.data?.ownerName;
      const why = event.data?.overrideReason ? t('notifications.reason', { reason: event.data.overrideReason }) : '';
      // A fixed shift saved despite the rules carries no shifts: its weeks follow from it.
      const what = event.data?.fixedShiftId ? t('notifications.aFixedShift') : any;
      return { text: t(name ? 'notifications.ruleOverriddenFor' : 'notifications.ruleOverridden', { rules, name: name || '', shifts: what, why }), link: event.data?.fixedShiftId ? 'fixed-shifts' : 'schedule' };
    }
    case 'fixed_shift.week_skipped': {
      // Managers: generation left out weeks of fixed shifts the rules refuse (each week is told once).
      const weeks = Array.isArray(event.data?.skipped) ? event.data.skipped : [];
      const first = weeks[0];
      if (!first) return null;
      const rules = (first.rules || []).map((code) => problemSentence({ code, status: 409 })).join(' ') || t('notifications.ruleUnknown');
      const more = weeks.length > 1 ? t('notifications.moreWeeks', { count: String(weeks.length - 1) }) : '';
      return {
        text: t('notifications.fixedShiftWeekSkipped', { name: first.userName, date: formatDate(first.date), time: `${first.startTime}–${first.endTime}`, rules, more }),
        link: 'fixed-shifts',
      };
    }
    case 'shift.picked_up': {
      const shift = shifts[0];
      if (event.data?.requestId && shift) {
        return { text: t('notifications.suggestionAccepted', { shift: formatShift(shift) }), link: 'requests' };
      }
      return shift
        ? { text: t('notifications.pickedUp', { shift: formatShift(shift) }), link: 'swaps' }
        : { text: t('notifications.pickedUpSomeone'), link: 'swaps' };
    }
    case 'shift.closed_day': {
      const gone = Array.isArray(event.data?.removedShifts) ? event.data.removedShifts.filter((shift) => shift.ownerId === myId) : [];
      const what = gone.length ? t('notifications.yourShiftList', { shifts: list(gone) }) : t('notifications.yourShift');
      const date = event.data?.date ? formatDate(event.data.date) : t('notifications.aDay');
      return { text: t('notifications.closedDay', { date, name: event.data?.name || t('notifications.closedWord'), what }), link: 'schedule' };
    }
    case 'schedule.published': {
      // One notification per publication: every change of my schedule in it, in one sentence.
      const changes = Array.isArray(event.data?.changes) ? event.data.changes.filter((change) => change?.shift) : [];
      const lines = changes.map((change) => (change.kind === 'changed' && change.before
        ? t('notifications.published.changed', { shift: formatShift(change.shift), before: formatShift(change.before) })
        : t(PUBLISHED_KEYS[change.kind] ?? 'notifications.published.changedNoBefore', { shift: formatShift(change.shift) })));
      return { text: lines.length ? t('notifications.schedulePublished', { changes: lines.join(t('notifications.publishedJoin')) })
        : t('notifications.schedulePublishedNoList'), link: 'schedule' };
    }
    case 'shift.reminder': {
      const shift = shifts[0];
      return { text: shift ? t('notifications.reminder', { shift: formatShift(shift) }) : t('notifications.reminderNoShift'), link: 'schedule' };
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
  const note = item.managerNote ? t('notifications.managerNote', { note: item.managerNote }) : '';
  switch (event.type) {
    case 'fixed_shift_request.requested':
      return mine ? null : { text: t('notifications.fixedShiftRequested', { name: item.userName, what }), link: 'fixed-shift-requests' };
    case 'fixed_shift_request.approved':
      return mine ? { text: t('notifications.fixedShiftApproved', { what, note }), link: 'my-fixed-shifts' } : null;
    case 'fixed_shift_request.declined':
      return mine ? { text: t('notifications.fixedShiftDeclined', { what, note }), link: 'my-fixed-shifts' } : null;
    default:
      return mine ? null : { text: t('notifications.fixedShiftWithdrawn', { name: item.userName, what }), link: 'fixed-shift-requests' };
  }
}

/** Time-off events reach the member and the managers; nobody is told what they did themselves. */
function timeOffNotification(event, myId) {
  const item = event.data?.timeOff;
  if (!item) return null;
  const mine = item.userId === myId;
  const period = periodText(item);
  const note = item.managerNote ? t('notifications.managerNote', { note: item.managerNote }) : '';
  switch (event.type) {
    case 'time_off.requested':
      return mine ? null : { text: t('notifications.timeOffRequested', { name: item.userName, period }), link: 'time-off-queue' };
    case 'time_off.approved':
      if (item.decidedBy === myId) return null;
      return mine
        ? { text: t('notifications.timeOffApprovedMine', { period, note }), link: 'time-off' }
        : { text: t('notifications.timeOffApprovedTheirs', { name: item.userName, period }), link: 'time-off-queue' };
    case 'time_off.declined':
      if (item.decidedBy === myId) return null;
      return mine ? { text: t('notifications.timeOffDeclined', { period, note }), link: 'time-off' } : null;
    default:
      return mine ? null : { text: t('notifications.timeOffWithdrawn', { name: item.userName, period }), link: 'time-off-queue' };
  }
}

/** What a stored notification keeps of its event, so its sentence can be said again in another language. */
function kept(event) {
  return { type: event.type, data: event.data };
}

/** A stored notification's sentence in the page's current language (its saved text for old entries). */
function sentenceOf(item) {
  if (item.event && notificationStore.me) {
    try {
      const described = describe(item.event, notificationStore.me);
      if (described) return described.text;
    } catch { /* an event shape this version does not know: keep the saved words */ }
  }
  return item.text;
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
      this.items.push({ id: event.id, type: event.type, at: event.at, text: described.text, link: described.link, read: event.id <= newest, event: kept(event) });
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
    this.items.unshift({ id: event.id, type: event.type, at: event.at, text: described.text, link: described.link, read: false, event: kept(event) });
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
        unread.has(item.id) ? el('span', { class: 'badge status-new', text: t('notifications.new') }) : null,
        el('p', { class: 'notification-text', text: sentenceOf(item) }),
        el('p', { class: 'muted small' }, [
          item.at ? el('time', { attrs: { datetime: item.at }, text: formatInstant(item.at) }) : null,
        ]),
      ]),
      item.link ? el('a', { class: 'button secondary', text: t('notifications.open'), attrs: { href: `#/${item.link}` } }) : null,
    ])))
    : emptyState(t('notifications.empty'));
  container.replaceChildren(
    viewHeader(t('notifications.heading'), items.length
      ? el('button', { class: 'button secondary', text: t('notifications.clearAll'), attrs: { type: 'button' }, on: { click: () => notificationStore.clear() } })
      : null),
    el('p', { class: 'muted', text: t('notifications.intro') }),
    listNode,
  );
  // Seen now: the badge goes to zero, the "New" marks stay until the next visit.
  notificationStore.markAllRead();
  void ctx;
}

export default {
  id: 'notifications',
  get title() { return t('views.notifications'); },
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
