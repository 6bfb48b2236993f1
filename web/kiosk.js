// The kiosk page: the shared device at the entrance where members check in and out with their
// PIN alone (PINs are unique per workplace), by tapping their name on a tile and typing the PIN,
// or with username and password; they can also start and end a break. Every time is shown in
// the workplace's time zone (from GET /kiosk), never the tablet's. Only a browser a manager turned into a kiosk can punch (its
// HttpOnly shifty_kiosk cookie); the server decides in or out and takes its own time. After a
// punch the page shows who was checked in or out with their hours, then returns to the start.

import { api, ApiError } from './api.js';
import { el, explain, formatMinutes } from './ui.js';

const $ = (id) => document.getElementById(id);
const BACK_TO_START_SECONDS = 8;
const IDLE_CLEAR_MS = 60_000;

let countdownTimer = null;
let idleTimer = null;
let workplaceZone = 'UTC';
let chosen = null; // { username, displayName } after tapping a tile

function show(section) {
  for (const id of ['kiosk-loading', 'kiosk-setup', 'kiosk-punch', 'kiosk-result']) $(id).hidden = id !== section;
}

function localTime(iso) {
  const date = iso ? new Date(iso) : new Date();
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: workplaceZone }).format(date);
}

function tickClock() {
  $('kiosk-clock').textContent = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: workplaceZone }).format(new Date());
}

function setZone(zone) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    workplaceZone = zone;
  } catch {
    workplaceZone = 'UTC';
  }
  tickClock();
}

// ------------------------------------------------------------------------- name tiles

function choose(tile) {
  chosen = tile;
  $('kiosk-chosen').textContent = tile ? `Hello ${tile.displayName}: type your PIN.` : '';
  $('kiosk-chosen').hidden = !tile;
  $('username-part').hidden = Boolean(tile);
  $('kiosk-pin').focus();
}

async function loadTiles() {
  try {
    const tiles = await api('GET', '/kiosk/tiles');
    $('kiosk-tiles').replaceChildren(...tiles.filter((tile) => tile.hasPin).map((tile) => el('button', {
      class: ['kiosk-tile', tile.checkedIn ? 'checked-in' : ''], text: tile.displayName,
      attrs: { type: 'button', 'aria-label': `${tile.displayName}${tile.checkedIn ? ' (checked in)' : ''}` },
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
  const name = result.displayName || result.punch?.displayName || 'there';
  const section = $('kiosk-result');
  section.classList.toggle('checked-in', checkedIn);
  section.classList.toggle('checked-out', !checkedIn);
  const titles = { checked_in: `Welcome, ${name}!`, checked_out: `Goodbye, ${name}!`, break_started: `Enjoy your break, ${name}!`, break_ended: `Welcome back, ${name}!` };
  const verbs = { checked_in: 'Checked in', checked_out: 'Checked out', break_started: 'Break started', break_ended: 'Break ended' };
  $('result-title').textContent = titles[result.action] || name;
  $('result-detail').textContent = `${verbs[result.action] || 'Recorded'} at ${localTime(result.punch?.at)}.`;
  const timing = $('result-timing');
  if (result.shift) {
    const shift = `your ${localTime(result.shift.startsAt)}–${localTime(result.shift.endsAt)} shift${result.shift.position ? ` (${result.shift.position})` : ''}`;
    const verdict = result.timing
      ? (result.timing.verdict === 'on_time' ? `On time for ${shift}.`
        : `${formatMinutes(result.timing.minutes)} ${result.timing.verdict} for ${shift}.`)
      : `Your shift: ${shift}.`;
    timing.textContent = verdict;
    timing.dataset.verdict = result.timing?.verdict || '';
    timing.hidden = false;
  } else {
    timing.textContent = 'No shift of yours around now.';
    timing.dataset.verdict = '';
    timing.hidden = false;
  }
  const hours = [];
  if (typeof result.workedMinutesToday === 'number') hours.push(['Worked today', formatMinutes(result.workedMinutesToday)]);
  if (typeof result.workedMinutesThisWeek === 'number') hours.push(['This week', formatMinutes(result.workedMinutesThisWeek)]);
  $('result-hours').replaceChildren(...hours.flatMap(([label, value]) => [el('dt', { text: label }), el('dd', { text: value })]));
  show('kiosk-result');
  $('result-done').focus();
  let left = BACK_TO_START_SECONDS;
  const paint = () => { $('result-countdown').textContent = `Back to the start in ${left} seconds.`; };
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
    showError('Type your username with a password (a PIN alone is enough).');
    form.elements.username.focus();
    return;
  }
  if (mode() === 'pin') {
    const pin = form.elements.pin.value.trim();
    if (!/^[0-9]{4,12}$/.test(pin)) {
      showError('Type your PIN: 4 to 12 digits.');
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
    const sentence = error instanceof ApiError && error.code === 'invalid_credentials'
      ? 'That PIN or password is not right. Try again or ask a manager.'
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
    if (!manager) $('setup-reason').textContent = `${reason} You are logged in as ${me.user.displayName}, who is not a manager.`;
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
    setZone(kiosk.timeZone || 'UTC');
    $('kiosk-name').textContent = kiosk.name;
    document.title = `${kiosk.name} · Shifty kiosk`;
    startScreen();
  } catch (error) {
    const reason = error instanceof ApiError && error.code === 'kiosk_revoked'
      ? 'This kiosk was removed by a manager.'
      : error instanceof ApiError && error.code === 'kiosk_network_refused'
        ? explain(error)
      : error instanceof ApiError && (error.code === 'kiosk_required' || error.status === 401 || error.status === 403)
        ? 'Only a device a manager has set up can record check-ins.'
        : explain(error);
    await showSetup(reason);
  }
}

$('punch-form').addEventListener('submit', punch);
$('punch-form').addEventListener('change', (event) => { if (event.target.name === 'mode') showMode(); });
$('punch-form').addEventListener('input', armIdleClear);
$('punch-form').querySelector('.keypad').addEventListener('click', keypad);
$('result-done').addEventListener('click', startScreen);
$('setup-form').addEventListener('submit', setUp);
tickClock();
setInterval(tickClock, 15_000);
boot();
