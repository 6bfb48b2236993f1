// The one way the page talks to the server: JSON in, JSON or a problem document out.
// Every failure becomes an ApiError carrying the server's stable problem `code`; `sentence`
// turns that code into words a person understands, in the page's language (the server's `detail`
// is for developers and may mention ids or internal states).

import { t, tn, hasText } from './i18n.js';

/** An API error carrying the server's stable problem `code` and a sentence for people. */
export class ApiError extends Error {
  constructor(status, problem, retryAfterSeconds = null) {
    super(problem.detail || t('problem.requestFailed', { status }));
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

/** Methods that change something: every call is one user action and gets its own Idempotency-Key. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Waits before sending a state-changing request again whose answer did not arrive (no connection,
 * 503 during a database failover, 409 `idempotency_key_in_use` while the first attempt still runs).
 * The key makes that safe: the server acts once and answers a retry with the first answer.
 */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000];
/** A server's Retry-After is honoured up to this. */
const MAX_RETRY_WAIT_MS = 30000;

/**
 * Calls the API. `path` is relative to /api/v1. A `body` that is a string is sent as text/csv
 * (closed-day imports); anything else as JSON. Resolves to the parsed answer (null for 204) or
 * rejects with an ApiError (status 0 and code `offline` when the server cannot be reached).
 *
 * A state-changing call carries a fresh `Idempotency-Key` and is sent again with the same key when
 * its answer is lost (see RETRY_DELAYS_MS); meanwhile `shifty:request-retrying` events (detail:
 * attempt, attempts, seconds) let the page say so, and `shifty:request-settled` ends that.
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
  const changing = STATE_CHANGING.has(method);
  if (changing) options.headers['Idempotency-Key'] = `"${newIdempotencyKey()}"`;
  let response = null;
  let retried = false;
  for (let attempt = 0; ; attempt += 1) {
    try {
      response = await fetch(`/api/v1${path}`, options);
    } catch {
      response = null;
    }
    if (!changing || attempt >= RETRY_DELAYS_MS.length || !(await answerWasLost(response))) break;
    const retryAfter = response ? Number.parseInt(response.headers.get('Retry-After') || '', 10) : NaN;
    const wait = Math.min(MAX_RETRY_WAIT_MS, Math.max(RETRY_DELAYS_MS[attempt], Number.isFinite(retryAfter) ? retryAfter * 1000 : 0));
    retried = true;
    window.dispatchEvent(new CustomEvent('shifty:request-retrying', {
      detail: { attempt: attempt + 1, attempts: RETRY_DELAYS_MS.length, seconds: Math.ceil(wait / 1000) },
    }));
    await new Promise((resolve) => { setTimeout(resolve, wait); });
  }
  if (retried) window.dispatchEvent(new CustomEvent('shifty:request-settled'));
  if (response === null) throw new ApiError(0, { code: 'offline', detail: t('problem.offline') });
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

/** Whether a state-changing request's outcome is unknown or not decided yet, so that sending it
 * again with its key is the way to learn it: no answer at all, 503, or the key still in use. */
async function answerWasLost(response) {
  if (response === null || response.status === 503) return true;
  if (response.status !== 409) return false;
  try {
    const problem = await response.clone().json();
    return problem?.code === 'idempotency_key_in_use';
  } catch {
    return false;
  }
}

/** A random UUID (v4). `crypto.randomUUID` needs a secure context; a page served over plain http
 * on a LAN address has only `getRandomValues`. */
export function newIdempotencyKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
// Problem codes → sentences: `problem.<code>` in web/i18n/<language>/page.json (ProblemCodeListTests
// checks that every code of the server has one in every language). A code missing there still gets
// a sentence (by HTTP status), never a raw code.

function statusSentence(status) {
  if ([401, 403, 404, 409, 422, 429].includes(status)) return t(`problem.status.${status}`);
  if (status >= 500) return t('problem.status.500');
  return t('problem.status.other');
}

function waitWords(seconds) {
  if (!seconds) return t('problem.wait.aLittle');
  if (seconds < 90) return tn('problem.wait.seconds', seconds);
  return tn('problem.wait.minutes', Math.ceil(seconds / 60));
}

/** The sentence for an ApiError (or anything shaped like { status, code, fields }). */
export function problemSentence(error) {
  const code = error.code;
  if (code === 'signup_throttled') {
    return t('problem.throttled.signup', { wait: waitWords(error.retryAfterSeconds) });
  }
  if (code === 'login_throttled' || code === 'kiosk_throttled' || code === 'password_change_throttled') {
    return t('problem.throttled.attempts', { wait: waitWords(error.retryAfterSeconds) });
  }
  const key = `problem.${code}`;
  let sentence = /^[a-z_0-9]+$/.test(code || '') && hasText(key) ? t(key) : statusSentence(error.status);
  const fields = error.fields || [];
  if (fields.length) {
    const details = fields.map((field) => {
      const nameKey = `problem.field.${field.field}`;
      const name = hasText(nameKey) ? t(nameKey) : field.field;
      return `${name}: ${field.detail}`;
    });
    sentence = `${sentence} ${details.join('; ')}.`.replace('..', '.');
  }
  return sentence;
}
