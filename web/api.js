// The one way the page talks to the server: JSON in, JSON or a problem document out.
// Every failure becomes an ApiError carrying the server's stable problem `code`; `sentence`
// turns that code into words a person understands (the server's `detail` is for developers and
// may mention ids or internal states).

/** An API error carrying the server's stable problem `code` and a sentence for people. */
export class ApiError extends Error {
  constructor(status, problem, retryAfterSeconds = null) {
    super(problem.detail || `Request failed (${status})`);
    this.name = 'ApiError';
    this.status = status;
    this.code = problem.code || 'unknown';
    this.detail = problem.detail || '';
    this.fields = Array.isArray(problem.errors) ? problem.errors : [];
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** What went wrong, in words a person understands. */
  get sentence() { return problemSentence(this); }
}

/**
 * Calls the API. `path` is relative to /api/v1. A `body` that is a string is sent as text/csv
 * (closed-day imports); anything else as JSON. Resolves to the parsed answer (null for 204) or
 * rejects with an ApiError (status 0 and code `offline` when the server cannot be reached).
 */
export async function api(method, path, body) {
  const options = { method, headers: { Accept: 'application/json' }, credentials: 'same-origin' };
  if (typeof body === 'string') {
    options.headers['Content-Type'] = 'text/csv';
    options.body = body;
  } else if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(`/api/v1${path}`, options);
  } catch {
    throw new ApiError(0, { code: 'offline', detail: 'The server cannot be reached.' });
  }
  if (response.status === 204) return null;
  // The service worker answered from its saved copy (offline): the page shows it read-only.
  const offlineCopy = response.headers.get('X-Shifty-Offline-Copy');
  if (offlineCopy) window.dispatchEvent(new CustomEvent('shifty:offline-copy', { detail: { savedAt: offlineCopy } }));
  const text = await response.text();
  let data = {};
  try { data = text ? JSON.parse(text) : {}; } catch { data = { detail: text }; }
  if (!response.ok) {
    const retryAfter = Number.parseInt(response.headers.get('Retry-After') || '', 10);
    throw new ApiError(response.status, data && typeof data === 'object' ? data : {}, Number.isFinite(retryAfter) ? retryAfter : null);
  }
  // Paged lists (deals) answer one page and a Link to the next: the page shows the whole list.
  const next = method === 'GET' && Array.isArray(data) ? nextPagePath(response.headers.get('Link')) : null;
  if (next) return data.concat(await api('GET', next));
  return data;
}

/** The API path (without /api/v1) of a `Link: <…>; rel="next"` header, or null. */
export function nextPagePath(link) {
  const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(link || '');
  if (!match || !match[1].startsWith('/api/v1/')) return null;
  return match[1].slice('/api/v1'.length);
}

/** Builds a query string from an object, leaving out empty values: query({ from, to }). */
export function query(parameters) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

// ---------------------------------------------------------------------------------------------
// Problem codes → sentences. Collected from openapi.yaml, Sources/ShiftyServer and
// Sources/ShiftyDomain/Marketplace/MarketplaceRefusal.swift. A code missing here still gets a
// sentence (by HTTP status), never a raw code.

const sentences = {
  // Connection and protocol
  offline: 'The server cannot be reached. Check your internet connection and try again.',
  database_unavailable: 'The server cannot reach its database right now. Please try again in a minute.',
  shutting_down: 'The server is restarting. Please try again in a moment.',
  server_full: 'The server is very busy right now. Please try again in a moment.',
  too_many_live_connections: 'You have too many Shifty tabs or windows open. Close a few; this one connects again by itself.',
  internal_error: 'Something went wrong on the server. Please try again; if it keeps happening, tell your manager.',
  bad_request: 'The page sent a request the server did not understand. Reload the page and try again.',
  malformed_json: 'The page sent a request the server did not understand. Reload the page and try again.',
  body_too_large: 'That is too much to send at once. Try a smaller file or fewer items.',
  unsupported_media_type: 'The server does not accept this kind of file here.',
  route_not_found: 'This part of the server does not exist. The page may be out of date: reload it.',
  method_not_allowed: 'This action is not possible here. The page may be out of date: reload it.',
  not_found: 'That could not be found. It may have been removed in the meantime.',
  http_error: 'The server could not handle this request. Reload the page and try again.',
  websocket_required: 'The live connection could not be set up.',
  invalid_parameter: 'The page asked for something in a way the server did not accept. Reload the page.',
  openapi_missing: 'The API description is not available on this server.',
  malformed_request: 'The browser sent something the server could not read. Reload the page.',
  request_headers_too_large: 'The request was too large for the server. Log out and in again, then retry.',
  request_timeout: 'The connection was too slow and was closed. Please try again.',

  // Accounts and sessions
  invalid_credentials: 'The workplace, username or password is not right. Check them and try again.',
  login_throttled: 'Too many wrong attempts. Wait a little and try again.',
  unauthenticated: 'Please log in first.',
  session_expired: 'Your session has ended. Please log in again.',
  origin_not_allowed: 'For your safety this request was blocked because it came from another website. Open Shifty directly and try again.',
  manager_only: 'Only a manager can do this.',
  not_a_manager: 'Only a manager can do this.',
  signup_disabled: 'Creating new workplaces is turned off on this server. Ask the person who runs it.',
  workplace_slug_taken: 'A workplace with this name or address already exists. Choose another name.',
  username_taken: 'This username is already taken in this workplace. Choose another one.',
  invite_invalid: 'This invite code does not work: it may be mistyped, used up, expired or revoked. Ask your manager for a new one.',
  wrong_password: 'Your current password is not right.',
  signup_throttled: 'Too many new accounts were made from this network. Wait a while and try again.',
  reset_link_invalid: 'This reset link has been used, has expired or is not complete. Ask for a new one.',
  reset_throttled: 'Too many reset requests from this network. Wait a while and try again.',
  email_disabled: 'This server does not send e-mail. Ask your manager for a reset link.',
  last_manager: 'The workplace needs at least one active manager, so this manager cannot be demoted or deactivated.',
  validation_failed: 'Some of the information is not valid.',
  fixed_shifts_managed_by_managers: 'In this workplace only managers change fixed shifts.',

  // Timeclock and kiosks
  kiosk_required: 'Checking in and out is only possible at a kiosk on site.',
  kiosk_revoked: 'This kiosk is no longer registered. A manager has to set it up again.',
  kiosk_throttled: 'Too many wrong attempts. Wait a little and try again.',
  punch_repeated: 'You were just checked in or out less than a minute ago, so this tap was ignored.',
  punch_in_future: 'A punch cannot be in the future.',
  kiosk_network_refused: 'This kiosk may only be used from the workplace\'s own network.',
  pin_taken: 'Another member of this workplace already has that PIN. Choose a different one.',
  timesheet_locked: 'That day is in an approved timesheet. Unlock the period (with a reason) before changing its punches.',
  invalid_csv: 'The file has rows that are not right; nothing was imported.',

  // Marketplace
  not_shift_owner: 'This is not your shift.',
  own_shift: 'This is your own shift; you cannot pick it up.',
  shift_in_past: 'This shift has already started or is over, so it cannot be traded any more.',
  shift_not_supplied: 'This shift is not on the marketplace (any more).',
  shift_no_longer_available: 'Someone else was quicker: this shift is no longer available.',
  shift_in_pending_deal: 'This shift is already part of a deal that waits for an answer.',
  shift_not_scheduled: 'This shift is already offered or suggested elsewhere, so it cannot be used for this.',
  shift_not_suggested: 'This shift is not suggested to any request.',
  shift_cancelled: 'This shift has been cancelled.',
  shift_unassigned: 'A manager released this shift to the marketplace, so you cannot take it back or swap it. It stays yours until someone picks it up.',
  overlapping_shift: 'That would overlap with another shift of the same person.',
  one_shift_per_day: 'In this workplace a person works at most one shift per day, and there is already one that day.',
  not_qualified: 'This shift is for a position the person is not qualified for.',
  shift_too_long: 'This shift is longer than the workplace allows for one shift.',
  weekly_hours_exceeded: 'This would take the person over their weekly hour limit.',
  rest_too_short: 'This would leave the person too little rest between two shifts.',
  too_many_consecutive_days: 'This would make the person work more days in a row than allowed.',
  on_time_off: 'The person has approved time off then.',
  unavailable: 'The person is not available at that time (their weekly availability).',
  time_off_not_pending: 'That time-off request was already decided or withdrawn.',
  time_off_not_withdrawable: 'That time-off request was already declined or withdrawn.',
  fixed_shift_request_not_pending: 'That fixed-shift request was already decided or withdrawn.',
  fixed_shift_request_outdated: 'That fixed-shift request no longer applies (its fixed shift was ended meanwhile). Decline it instead.',
  user_inactive: 'Your account is deactivated.',
  counterparty_inactive: 'The other person’s account is deactivated, so this is not possible.',
  deal_not_pending: 'This deal has already been decided or withdrawn.',
  deal_not_proposed: 'This swap has already been answered.',
  deal_expired: 'This deal expired because the shift has already started.',
  deal_not_expired: 'This deal has not expired yet.',
  not_involved_in_deal: 'You are not part of this deal.',
  not_swap_counterparty: 'Only the coworker this swap was proposed to can answer it.',
  swap_with_own_shift: 'Choose a coworker’s shift to swap with, not one of your own.',
  request_not_open: 'This request is no longer open.',
  not_request_owner: 'Only the person who asked can accept a suggestion.',
  own_request: 'You cannot suggest a shift for your own request.',
  request_date_in_past: 'You can only ask for work on dates from today on.',
  no_request_dates: 'Choose at least one date.',
  too_many_request_dates: 'That is too many dates at once (at most 62).',
  duplicate_request_date: 'The same date was chosen twice.',
  request_already_open: 'You already have an open request for one of these dates.',
  wrong_date_for_request: 'That shift is on another day than the request.',
  note_too_long: 'The note is too long (at most 1000 characters).',
  override_reason_required: 'Overriding a rule needs a reason: say why.',
  push_endpoint_refused: 'This browser\'s push service is not one the server sends notifications to.',

  // Live stream
  malformed_message: 'The live connection got a message it did not understand.',
  unknown_message_type: 'The live connection got a message it did not understand.',
  unknown_topic: 'The live connection asked for something that does not exist.',
  forbidden_topic: 'The live connection asked for something only managers may see.',
  invalid_resume: 'The live connection could not catch up.',
  binary_not_supported: 'The live connection got a message it did not understand.',
};

const fieldNames = {
  workplace: 'Workplace', username: 'Username', password: 'Password', displayName: 'Name', email: 'Email',
  inviteCode: 'Invite code', name: 'Name', slug: 'Workplace address', timeZone: 'Time zone',
  currentPassword: 'Current password', newPassword: 'New password', date: 'Date', dates: 'Dates',
  startTime: 'Start time', durationMinutes: 'Length', position: 'Position', weekday: 'Weekday',
  validFrom: 'Valid from', validUntil: 'Valid until', ownerId: 'Person', userId: 'Person', userID: 'Person',
  pin: 'PIN', reason: 'Reason', at: 'Time', from: 'From', to: 'To', month: 'Month', range: 'Range',
  maxUses: 'Number of uses', validForHours: 'Valid for', note: 'Note', weeks: 'Weeks',
};

function statusSentence(status) {
  if (status === 401) return 'Please log in again.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'That could not be found. It may have been removed in the meantime.';
  if (status === 409) return 'This is not possible any more: something changed in the meantime. The page shows the latest state.';
  if (status === 422) return 'Some of the information is not valid.';
  if (status === 429) return 'Too many attempts. Wait a little and try again.';
  if (status >= 500) return 'Something went wrong on the server. Please try again in a moment.';
  return 'That did not work. Please try again.';
}

function waitWords(seconds) {
  if (!seconds) return 'a little';
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The sentence for an ApiError (or anything shaped like { status, code, fields }). */
export function problemSentence(error) {
  const code = error.code;
  if (code === 'signup_throttled') {
    return `Too many new accounts were made from this network. Wait ${waitWords(error.retryAfterSeconds)} and try again.`;
  }
  if (code === 'login_throttled' || code === 'kiosk_throttled') {
    return `Too many wrong attempts. Wait ${waitWords(error.retryAfterSeconds)} and try again.`;
  }
  let sentence = sentences[code] || statusSentence(error.status);
  const fields = error.fields || [];
  if (fields.length) {
    const details = fields.map((field) => {
      const name = fieldNames[field.field] || field.field;
      return `${name}: ${field.detail}`;
    });
    sentence = `${sentence} ${details.join('; ')}.`.replace('..', '.');
  }
  return sentence;
}
