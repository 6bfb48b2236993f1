// The page's one WebSocket to /api/v1/live (docs/live-protocol.md).
//
// It subscribes and resumes in the URL (`?topics=…&after=<last id>`), so event ids only ever
// increase on a connection and nothing is lost between connections. The last id is kept in
// sessionStorage: a reload of the tab resumes where it left off. Reconnects use exponential
// backoff with full jitter, so a restarted server is not hit by every browser at the same moment.

/** Close codes with a meaning for the client (docs/live-protocol.md, "Close codes"). */
const CLOSE_SESSION_ENDED = 1008;
const CLOSE_TOO_BIG = 1009;

/**
 * Every event type the server sends (its EventType; openapi.yaml's EventType enum). A test
 * (APIShapesTests) fails when this list and the server's drift apart.
 */
export const EVENT_TYPES = Object.freeze([
  'shift.supplied', 'shift.revoked', 'shift.unassigned', 'shift.picked_up', 'request.posted',
  'request.withdrawn', 'suggestion.made', 'suggestion.withdrawn', 'suggestion.released',
  'swap.proposed', 'deal.awaiting_approval', 'deal.approved', 'deal.rejected', 'deal.cancelled',
  'deal.declined', 'deal.expired', 'approval.resolved', 'shift.created', 'shift.assigned',
  'shift.edited', 'shift.rule_overridden', 'schedule.changed', 'schedule.generated',
  'team_schedule.changed', 'schedule_plan.changed', 'schedule.published', 'closed_days.changed', 'shift.closed_day',
  'workplace.time_zone_changed', 'workplace.settings_changed', 'fixed_shift.week_skipped', 'shift.reminder', 'time_off.requested', 'time_off.approved',
  'time_off.declined', 'time_off.withdrawn', 'availability.changed',
  'fixed_shift_request.requested', 'fixed_shift_request.approved', 'fixed_shift_request.declined',
  'fixed_shift_request.withdrawn',
]);

const PING_EVERY_MS = 25_000;
const SILENCE_LIMIT_MS = 70_000;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;

/**
 * A live connection that keeps itself up.
 *
 * States (for #live-status): 'connecting' (first connection or reconnecting), 'online' (hello
 * received), 'offline' (the last attempt failed or the browser is offline; retrying), 'full' (refused:
 * this login or account holds as many live connections as it may; retrying), 'ended' (logged out or
 * stopped: no more attempts).
 *
 * Listeners get every server message (`hello`, `event`, `now`, `resync_required`, …) as parsed
 * JSON; `onState` listeners get the state string.
 */
export class LiveStream {
  constructor({ topics, storageKey, onSessionEnded, checkSession } = {}) {
    this.topics = topics || [];
    this.storageKey = storageKey || 'shifty.live.after';
    this.onSessionEnded = onSessionEnded || (() => {});
    this.checkSession = checkSession || (async () => true);
    this.listeners = new Set();
    this.stateListeners = new Set();
    this.state = 'connecting';
    this.socket = null;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.lastMessageAt = 0;
    this.stopped = true;
    this.hello = null;
    this.readyResolvers = [];
    this.lastEventId = this.loadLastEventId();
    this.handleOnline = () => this.reconnectNow();
    this.handleOffline = () => { this.setState('offline'); this.socket?.close(); };
    // A laptop waking from sleep may hold a dead socket: check at once instead of after the ping.
    this.handleVisible = () => { if (document.visibilityState === 'visible') this.checkAlive(); };
  }

  /** The id of the newest event received (or of the workplace when the first hello came). */
  loadLastEventId() {
    const stored = Number.parseInt(sessionStorage.getItem(this.storageKey) || '', 10);
    return Number.isSafeInteger(stored) && stored >= 0 ? stored : null;
  }

  rememberEventId(id) {
    if (!Number.isSafeInteger(id) || (this.lastEventId !== null && id <= this.lastEventId)) return;
    this.lastEventId = id;
    try { sessionStorage.setItem(this.storageKey, String(id)); } catch { /* private mode: keep it in memory */ }
  }

  /** Adds a listener for server messages; returns a function that removes it. */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a listener for state changes (called at once with the current state). */
  onState(listener) {
    this.stateListeners.add(listener);
    listener(this.state);
    return () => this.stateListeners.delete(listener);
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  /**
   * Resolves after the first hello (or after `timeoutMs`), so the first HTTP loads happen after
   * the connection's starting point and no event can fall between them.
   */
  ready(timeoutMs = 2500) {
    if (this.hello) return Promise.resolve(this.hello);
    return new Promise((resolve) => {
      this.readyResolvers.push(resolve);
      setTimeout(() => resolve(null), timeoutMs);
    });
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    window.addEventListener('online', this.handleOnline);
    window.addEventListener('offline', this.handleOffline);
    document.addEventListener('visibilitychange', this.handleVisible);
    this.connect();
  }

  /** Stops for good (logout): no reconnects, state 'ended'. */
  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.handleOnline);
    window.removeEventListener('offline', this.handleOffline);
    document.removeEventListener('visibilitychange', this.handleVisible);
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close(1000, 'logout');
    this.setState('ended');
  }

  /** Forgets where the stream was (a different user logs in on this tab). */
  forget() {
    this.lastEventId = null;
    try { sessionStorage.removeItem(this.storageKey); } catch { /* ignore */ }
  }

  url() {
    const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const search = new URLSearchParams();
    if (this.topics.length) search.set('topics', this.topics.join(','));
    if (this.lastEventId !== null) search.set('after', String(this.lastEventId));
    return `${protocol}//${location.host}/api/v1/live?${search}`;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    if (this.state !== 'offline' && this.state !== 'full') this.setState('connecting');
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    let greeted = false;
    socket.addEventListener('message', (message) => {
      if (this.socket !== socket) return;
      this.lastMessageAt = Date.now();
      let data;
      try { data = JSON.parse(message.data); } catch { return; }
      if (!data || typeof data !== 'object') return;
      if (data.type === 'hello') {
        greeted = true;
        this.attempt = 0;
        this.hello = data;
        // A fresh start (no id yet): the workplace's newest event is where we begin.
        if (this.lastEventId === null) this.rememberEventId(data.newestEventId);
        this.setState('online');
        for (const resolve of this.readyResolvers.splice(0)) resolve(data);
      } else if (data.type === 'event' && data.event) {
        if (this.lastEventId !== null && data.event.id <= this.lastEventId) return; // already applied
        this.rememberEventId(data.event.id);
      } else if (data.type === 'resync_required') {
        // Events after our id are gone: views reload over HTTP; live delivery continues after newestEventId.
        this.lastEventId = null;
        this.rememberEventId(data.newestEventId);
      }
      this.emit(data);
    });
    socket.addEventListener('open', () => {
      this.lastMessageAt = Date.now();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.keepAlive(socket), PING_EVERY_MS);
    });
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.pingTimer);
      if (this.stopped) return;
      if (event.code === CLOSE_SESSION_ENDED) {
        this.stop();
        this.onSessionEnded();
        return;
      }
      if (event.code === CLOSE_TOO_BIG) console.warn('live: message too big for the server');
      if (!greeted) {
        // The handshake itself failed: a 401 or 429 is invisible to WebSocket, so ask over HTTP.
        if (this.state !== 'full') this.setState('offline');
        this.checkSession().then((valid) => {
          if (valid === false) {
            this.stop();
            this.onSessionEnded();
          } else if (valid === 'full') {
            // Too many live connections for this login or account (429): say so, keep trying slowly.
            this.setState('full');
            this.scheduleReconnect();
          } else {
            this.setState('offline');
            this.scheduleReconnect();
          }
        });
      } else {
        this.setState('offline');
        this.scheduleReconnect();
      }
    });
  }

  /** Pings (browsers cannot send WebSocket pings) and drops a connection that went silent. */
  keepAlive(socket) {
    if (socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - this.lastMessageAt > SILENCE_LIMIT_MS) {
      socket.close(4000, 'silent');
      return;
    }
    socket.send(JSON.stringify({ type: 'ping' }));
  }

  /** Reconnects now if there is no open socket; otherwise pings so a dead one is noticed soon. */
  checkAlive() {
    if (this.stopped) return;
    if (!this.socket || this.socket.readyState > WebSocket.OPEN) {
      this.reconnectNow();
    } else if (this.socket.readyState === WebSocket.OPEN) {
      this.keepAlive(this.socket);
    }
  }

  scheduleReconnect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(this.attempt, 10));
    this.attempt += 1;
    const delay = Math.max(250, Math.random() * ceiling);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnects at once (the browser says the network is back). */
  reconnectNow() {
    if (this.stopped) return;
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) return;
    this.attempt = 0;
    this.connect();
  }

  emit(message) {
    for (const listener of this.listeners) {
      try { listener(message); } catch (error) { console.error('live listener failed', error); }
    }
  }
}
