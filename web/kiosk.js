// The kiosk page: the shared device at the entrance where members check in and out with their
// PIN alone (PINs are unique per workplace), by tapping their name on a tile and typing the PIN,
// or with username and password; they can also start and end a break. Every time is shown in
// the workplace's time zone (from GET /kiosk), never the tablet's. Only a browser a manager turned into a kiosk can punch (its
// HttpOnly shifty_kiosk cookie); the server decides in or out and takes its own time. After a
// punch the page shows who was checked in or out with their hours, then returns to the start.
// The kiosk has no account, so it speaks the workplace's language (GET /kiosk's `language`), else
// the one the server picks from the browser's Accept-Language (GET /login-page), else the browser's.

import { api, ApiError } from './api.js';
import { el, explain, formatMinutes } from './ui.js';
import { setLanguage, language, locale, t, tn, translatePage, browserLanguage } from './i18n.js';
import { setUpRetryBanner } from './retry-banner.js';

const $ = (id) => document.getElementById(id);
const BACK_TO_START_SECONDS = 8;
const IDLE_CLEAR_MS = 60_000;

let countdownTimer = null;
let idleTimer = null;
let workplaceZone = 'UTC';
let chosen = null; // { username, displayName } after tapping a tile
// Until when (ms since 1970) the server pauses PINs typed without a name at this kiosk (429
// kiosk_pin_only_paused after too many wrong ones): meanwhile the page asks for the name first.
let pinOnlyPausedUntil = 0;

function pinOnlyPaused() {
  return Date.now() < pinOnlyPausedUntil;
}

/** Says on the start screen whether a PIN alone works or the name is needed first. */
function showPinOnlyState() {
  const paused = pinOnlyPaused();
  document.body.classList.toggle('kiosk-name-first', paused);
  $('kiosk-tiles-hint').textContent = t(paused ? 'kiosk.punch.tilesHintNameFirst' : 'kiosk.punch.tilesHint');
  $('kiosk-username-hint').textContent = t(paused ? 'kiosk.punch.usernameNeeded' : 'kiosk.punch.usernameHint');
}

function show(section) {
  for (const id of ['kiosk-loading', 'kiosk-setup', 'kiosk-punch', 'kiosk-result']) $(id).hidden = id !== section;
}

function localTime(iso) {
  const date = iso ? new Date(iso) : new Date();
  return new Intl.DateTimeFormat(locale(), { hour: '2-digit', minute: '2-digit', timeZone: workplaceZone }).format(date);
}

function tickClock() {
  $('kiosk-clock').textContent = new Intl.DateTimeFormat(locale(), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: workplaceZone }).format(new Date());
}

function setZone(zone) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone }); // i18n-exempt: only checks that the zone exists
    workplaceZone = zone;
  } catch {
    workplaceZone = 'UTC';
  }
  tickClock();
}

// ------------------------------------------------------------------------- name tiles

function choose(tile) {
  chosen = tile;
  $('kiosk-chosen').textContent = tile ? t('kiosk.hello', { name: tile.displayName }) : '';
  $('kiosk-chosen').hidden = !tile;
  $('username-part').hidden = Boolean(tile);
  $('kiosk-pin').focus();
}

async function loadTiles() {
  try {
    const tiles = await api('GET', '/kiosk/tiles');
    $('kiosk-tiles').replaceChildren(...tiles.filter((tile) => tile.hasPin).map((tile) => el('button', {
      class: ['kiosk-tile', tile.checkedIn ? 'checked-in' : ''], text: tile.displayName,
      attrs: { type: 'button', 'aria-label': tile.checkedIn ? t('kiosk.tileCheckedIn', { name: tile.displayName }) : tile.displayName },
      data: { username: tile.username },
      on: { click: () => choose(tile) },
    })));
    $('kiosk-tiles-part').hidden = !$('kiosk-tiles').children.length;
  } catch {
    $('kiosk-tiles-part').hidden = true;
  }
}

// ------------------------------------------------------------------------- punching

function mode() {
  return $('punch-form').elements.mode.value === 'password' ? 'password' : 'pin';
}

function showMode() {
  const password = mode() === 'password';
  $('pin-part').hidden = password;
  $('password-part').hidden = !password;
}

function showError(text) {
  $('kiosk-error').textContent = text;
  $('kiosk-error').hidden = !text;
}

function resetForm() {
  $('punch-form').reset();
  chosen = null;
  $('kiosk-chosen').hidden = true;
  $('username-part').hidden = false;
  showMode();
  showError('');
}

function startScreen() {
  clearInterval(countdownTimer);
  resetForm();
  showPinOnlyState();
  show('kiosk-punch');
  loadTiles();
  $('kiosk-pin').focus();
}

function armIdleClear() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (!$('kiosk-punch').hidden) startScreen();
  }, IDLE_CLEAR_MS);
}

function showResult(result) {
  if (result.timeZone) setZone(result.timeZone);
  const checkedIn = result.action === 'checked_in' || result.action === 'break_ended';
  const name = result.displayName || result.punch?.displayName || t('kiosk.result.someone');
  const section = $('kiosk-result');
  section.classList.toggle('checked-in', checkedIn);
  section.classList.toggle('checked-out', !checkedIn);
  const actions = ['checked_in', 'checked_out', 'break_started', 'break_ended'];
  const known = actions.includes(result.action);
  $('result-title').textContent = known ? t(`kiosk.result.${result.action}`, { name }) : name;
  $('result-detail').textContent = t(known ? `kiosk.done.${result.action}` : 'kiosk.done.other', { time: localTime(result.punch?.at) });
  const timing = $('result-timing');
  if (result.shift) {
    const times = { start: localTime(result.shift.startsAt), end: localTime(result.shift.endsAt) };
    const shift = result.shift.position ? t('kiosk.shiftAt', { ...times, position: result.shift.position }) : t('kiosk.shift', times);
    const verdict = !result.timing ? t('kiosk.timing.none', { shift })
      : result.timing.verdict === 'on_time' ? t('kiosk.timing.on_time', { shift })
        : t(result.timing.verdict === 'early' ? 'kiosk.timing.early' : 'kiosk.timing.late', { duration: formatMinutes(result.timing.minutes), shift });
    timing.textContent = verdict;
    timing.dataset.verdict = result.timing?.verdict || '';
    timing.hidden = false;
  } else {
    timing.textContent = t('kiosk.noShift');
    timing.dataset.verdict = '';
    timing.hidden = false;
  }
  const hours = [];
  if (typeof result.workedMinutesToday === 'number') hours.push([t('kiosk.hours.today'), formatMinutes(result.workedMinutesToday)]);
  if (typeof result.workedMinutesThisWeek === 'number') hours.push([t('kiosk.hours.week'), formatMinutes(result.workedMinutesThisWeek)]);
  $('result-hours').replaceChildren(...hours.flatMap(([label, value]) => [el('dt', { text: label }), el('dd', { text: value })]));
  show('kiosk-result');
  $('result-done').focus();
  let left = BACK_TO_START_SECONDS;
  const paint = () => { $('result-countdown').textContent = tn('kiosk.countdown', left); };
  paint();
  clearInterval(countdownTimer);
  countdownTimer = setInterval(() => {
    left -= 1;
    if (left <= 0) startScreen();
    else paint();
  }, 1000);
}

async function punch(event) {
  event.preventDefault();
  const form = $('punch-form');
  const username = chosen ? chosen.username : form.elements.username.value.trim().toLowerCase();
  const body = {};
  if (username) body.username = username;
  const action = event.submitter?.value;
  if (action === 'break_start' || action === 'break_end') body.action = action;
  if (mode() === 'password' && !username) {
    showError(t('kiosk.needUsername'));
    form.elements.username.focus();
    return;
  }
  if (!username && pinOnlyPaused()) {
    showError(t('kiosk.pinOnlyPaused'));
    form.elements.username.focus();
    return;
  }
  if (mode() === 'pin') {
    const pin = form.elements.pin.value.trim();
    if (!/^[0-9]{4,12}$/.test(pin)) {
      showError(t('kiosk.pinFormat'));
      form.elements.pin.focus();
      return;
    }
    body.pin = pin;
  } else {
    body.password = form.elements.password.value;
  }
  const button = $('punch-button');
  button.disabled = true;
  try {
    const result = await api('POST', '/kiosk/punches', body);
    showResult(result);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'kiosk_revoked') {
      await boot();
      return;
    }
    if (error instanceof ApiError && error.code === 'kiosk_pin_only_paused') {
      // Nothing was checked: the PIN stays typed, the member only has to tap their name.
      pinOnlyPausedUntil = Date.now() + (error.retryAfterSeconds || 60) * 1000;
      showPinOnlyState();
      showError(t('kiosk.pinOnlyPaused'));
      await loadTiles();
      if ($('kiosk-tiles-part').hidden) form.elements.username.focus({ preventScroll: true });
      $('kiosk-error').scrollIntoView({ block: 'start' });
      return;
    }
    const sentence = error instanceof ApiError && error.code === 'invalid_credentials'
      ? t('kiosk.wrongPin')
      : explain(error);
    showError(sentence);
    form.elements.pin.value = '';
    form.elements.password.value = '';
    (mode() === 'pin' ? form.elements.pin : form.elements.password).focus();
  } finally {
    button.disabled = false;
  }
}

function keypad(event) {
  const key = event.target.closest('button[data-key]')?.dataset.key;
  if (!key) return;
  const pin = $('kiosk-pin');
  if (key === 'clear') pin.value = '';
  else if (key === 'back') pin.value = pin.value.slice(0, -1);
  else if (pin.value.length < 12) pin.value += key;
  armIdleClear();
}

// ------------------------------------------------------------------------- set-up

async function showSetup(reason) {
  $('setup-reason').textContent = reason;
  let manager = false;
  try {
    const me = await api('GET', '/me');
    manager = me.user.role === 'manager';
    if (!manager) $('setup-reason').textContent = `${reason} ${t('kiosk.setup.notManager', { name: me.user.displayName })}`;
  } catch { /* not logged in */ }
  $('setup-form').hidden = !manager;
  $('setup-login').hidden = manager;
  show('kiosk-setup');
}

async function setUp(event) {
  event.preventDefault();
  const form = $('setup-form');
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  try {
    await api('POST', '/kiosks', { name: form.elements.name.value.trim() });
    // The kiosk cookie is set; a manager's session stays logged in elsewhere but is not needed here.
    try { await api('DELETE', '/sessions/current'); } catch { /* fine */ }
    await boot();
  } catch (error) {
    $('setup-reason').textContent = explain(error);
  } finally {
    button.disabled = false;
  }
}

async function boot() {
  try {
    const kiosk = await api('GET', '/kiosk');
    await speak(kiosk.language);
    setZone(kiosk.timeZone || 'UTC');
    $('kiosk-name').textContent = kiosk.name;
    document.title = t('kiosk.pageTitle', { name: kiosk.name });
    startScreen();
  } catch (error) {
    const reason = error instanceof ApiError && error.code === 'kiosk_revoked'
      ? t('kiosk.removed')
      : error instanceof ApiError && error.code === 'kiosk_network_refused'
        ? explain(error)
      : error instanceof ApiError && (error.code === 'kiosk_required' || error.status === 401 || error.status === 403)
        ? t('kiosk.notAKiosk')
        : explain(error);
    await showSetup(reason);
  }
}

/** Switches to `code` (when given and different) and fills the static markup in it. */
async function speak(code) {
  if (!code || code === language()) return;
  await setLanguage(code);
  translatePage();
}

/** Before the kiosk is known: the server's pick from Accept-Language, else the browser's. */
async function firstLanguage() {
  try {
    const options = await api('GET', '/login-page');
    if (typeof options?.language === 'string') return options.language;
    if (Array.isArray(options?.languages)) return browserLanguage(options.languages.map((entry) => entry.code));
  } catch { /* offline or an older server */ }
  return browserLanguage(['en', 'nl']);
}

async function start() {
  setUpRetryBanner();
  try {
    await setLanguage(await firstLanguage());
    translatePage();
  } catch (error) {
    // Not even English could load: the markup's English stays.
    console.warn('catalogue not loaded', error);
  }
  tickClock();
  setInterval(tickClock, 15_000);
  await boot();
}

$('punch-form').addEventListener('submit', punch);
$('punch-form').addEventListener('change', (event) => { if (event.target.name === 'mode') showMode(); });
$('punch-form').addEventListener('input', armIdleClear);
$('punch-form').querySelector('.keypad').addEventListener('click', keypad);
$('result-done').addEventListener('click', startScreen);
$('setup-form').addEventListener('submit', setUp);
start();
