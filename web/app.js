// Boot and hash router of the page: checks the session, shows the login forms when logged out,
// builds the nav for the user's role from the views registry, renders `#/<view-id>`, keeps the
// live stream running and forwards its messages to the current view and the notifications store.
// It also picks the page's language: the server's choice from Accept-Language (GET /login-page)
// before login, the account's (`me.language`) after, and redraws everything when it changes.

import { api, ApiError, problemSentence } from './api.js';
import { LiveStream } from './live.js';
import { el, say, explain, setTimeZone, errorPanel, viewHeader, emptyState, debounce } from './ui.js';
import { viewsFor, defaultViewId } from './views/index.js';
import { notificationStore } from './views/notifications.js';
import { setUpOffline, leaveOfflineCopy, forgetSavedData, tellWorkerLanguage } from './offline.js';
import { setUpRetryBanner } from './retry-banner.js';
import { setLanguage, language, t, tn, hasText, translatePage, browserLanguage } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Everything the page knows about the logged-in user; null when logged out. */
let session = null;
/** The view on screen: { entry, module, section }. */
let current = null;
/** Increases on every navigation so a slow render never paints over a newer one. */
let renderGeneration = 0;

/** The live connection's state in words ('connecting', 'online', 'offline', 'ended', 'full'). */
function liveWord(state) {
  return hasText(`live.${state}`) ? t(`live.${state}`) : state;
}

/** A view's title in the page's language (the registry may give a catalogue key or the words). */
function viewTitle(entry) {
  return entry.titleKey ? t(entry.titleKey) : entry.title;
}

// ---------------------------------------------------------------------------------------------
// Language

/** The languages the server offers (GET /login-page's `languages`), for the pickers. */
let offeredLanguages = [{ code: 'en', name: 'English' }, { code: 'nl', name: 'Nederlands' }]; // i18n-exempt: language names in their own language
/** A language chosen on the login page (this browser only; after login the account's wins). */
const CHOSEN_LANGUAGE = 'shifty.language';

/** The language before login: chosen here earlier, else the server's pick from Accept-Language, else the browser's. */
function languageBeforeLogin(options) {
  const codes = offeredLanguages.map((entry) => entry.code);
  let chosen = null;
  try { chosen = localStorage.getItem(CHOSEN_LANGUAGE); } catch { /* storage off */ }
  if (chosen && codes.includes(chosen)) return chosen;
  if (options && typeof options.language === 'string') return options.language;
  return browserLanguage(codes);
}

function fillLanguagePickers() {
  for (const select of document.querySelectorAll('select[data-language-picker]')) {
    select.replaceChildren(...offeredLanguages.map((entry) => el('option', { text: entry.name, attrs: { value: entry.code, lang: entry.code } })));
    select.value = language();
  }
}

/** Switches to `code` and fills the static markup; never throws (the markup's English stays). */
async function useLanguage(code) {
  try {
    await setLanguage(code);
    translatePage();
  } catch (error) {
    // Not even English could load (offline before the first visit).
    console.warn('catalogue not loaded', error);
  }
  fillLanguagePickers();
}

/**
 * Switches the page to `code` and redraws what is on screen: static markup, the chrome (live
 * state, who am I, nav, counts, title) and the current view. Views call it through
 * `ctx.setLanguage(code)` after saving the account's choice.
 */
async function applyLanguage(code) {
  if (!code) return;
  const before = language();
  await useLanguage(code);
  tellWorkerLanguage(language());
  if (before === language()) return;
  if (session) {
    showLiveState(session.live.state);
    showWhoami(session.me);
    buildNav(session.me.user.role);
    refreshApprovalCount();
    showUnread(notificationStore.unreadCount());
    if (current) await route({ focus: false });
  } else if (!$('reset-view').hidden) {
    document.title = t('login.reset.pageTitle');
  } else {
    document.title = t('login.pageTitle');
  }
}

/** The pickers: signed in, the choice is the account's (PUT /me/language); before login, this browser's. */
function setUpLanguagePickers() {
  $('language-select').addEventListener('change', async (event) => {
    const select = event.currentTarget;
    const code = select.value;
    try {
      const answer = await sessionApi('PUT', '/me/language', { language: code });
      if (session) {
        session.me.language = answer?.language || code;
        session.me.languagePreference = answer?.languagePreference ?? code;
      }
      await applyLanguage(answer?.language || code);
      say(t('app.languageChanged'), 'ok');
    } catch (error) {
      select.value = language();
      say(explain(error), 'error');
    }
  });
  $('login-language').addEventListener('change', async (event) => {
    const code = event.currentTarget.value;
    try { localStorage.setItem(CHOSEN_LANGUAGE, code); } catch { /* storage off: this visit only */ }
    await applyLanguage(code);
  });
}

// ---------------------------------------------------------------------------------------------
// Session

function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

function handleSubmit(form, action) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    // The reason a login or sign-up failed shows next to the form, where the person is looking.
    let formError = form.querySelector('.form-error');
    if (!formError) {
      formError = el('p', { class: 'form-error', attrs: { role: 'alert', id: `${form.id}-error` } });
      button.before(formError);
    }
    formError.textContent = '';
    formError.hidden = true;
    try {
      await action(formData(form));
      form.reset();
    } catch (error) {
      formError.textContent = explain(error);
      formError.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
}

/** API calls of views: a 401 anywhere means the session is gone, so show the login form. */
async function sessionApi(method, path, body) {
  try {
    return await api(method, path, body);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && session) sessionEnded();
    throw error;
  }
}

function showLogin() {
  if (session) forgetSavedData();
  session = null;
  current = null;
  $('view').replaceChildren();
  $('nav').hidden = true;
  $('menu-button').hidden = true;
  $('live-status').hidden = true;
  $('offline-banner').hidden = true;
  $('notifications-button').hidden = true;
  $('tabbar').hidden = true;
  $('workplace-name').textContent = '';
  document.body.classList.remove('signed-in');
  $('login-view').hidden = false;
  document.title = t('login.pageTitle');
  fillJoinLink();
}

/** An invite link (`#/join?workplace=…&code=…`, see views/team.js) opens the join form filled in. */
function fillJoinLink() {
  if (!location.hash.startsWith('#/join?')) return;
  const query = new URLSearchParams(location.hash.slice('#/join?'.length));
  const form = $('signup-form');
  form.elements.workplace.value = query.get('workplace') ?? '';
  form.elements.inviteCode.value = query.get('code') ?? '';
  form.closest('details').open = true;
  form.elements.displayName.focus();
}

function sessionEnded() {
  if (!session) return;
  session.live.stop();
  showLogin();
  say(t('app.sessionEnded'), 'error');
}

/** The server ended this browser's session on purpose (it became a kiosk): stop live updates and
 * drop the signed-in chrome, but keep what the view shows until the user leaves it. */
function signedOutHere() {
  if (!session) return;
  session.live.stop();
  session.live.forget();
  session = null;
  current = null;
  $('nav').hidden = true;
  $('menu-button').hidden = true;
  $('live-status').hidden = true;
  $('offline-banner').hidden = true;
  $('notifications-button').hidden = true;
  $('tabbar').hidden = true;
  $('workplace-name').textContent = '';
  document.body.classList.remove('signed-in');
}

async function logout() {
  try { await api('DELETE', '/sessions/current'); } catch { /* already gone */ }
  forgetSavedData();
  if (session) {
    session.live.stop();
    session.live.forget();
  }
  showLogin();
  say(t('app.loggedOut'), 'ok');
}

async function enter(me) {
  if (session) session.live.stop();
  setTimeZone(me.workplace.timeZone);
  // The account's language (its own choice, else the workplace's); an older server sends none.
  if (typeof me.language === 'string' && me.language !== language()) await useLanguage(me.language);
  tellWorkerLanguage(language());
  const topicsFor = (role) => ['marketplace', 'requests', 'deals', 'notifications', 'schedule', 'now', ...(role === 'manager' ? ['approvals'] : [])];
  const topics = topicsFor(me.user.role);
  const storageKey = `shifty.live.after.${me.workplace.id}.${me.user.id}`;
  const live = new LiveStream({
    topics,
    storageKey,
    onSessionEnded: sessionEnded,
    checkSession: async () => {
      try {
        // A manager demoted while logged in would be refused `approvals` forever: follow the role.
        const fresh = await api('GET', '/me');
        live.topics = topicsFor(fresh.user.role);
      } catch (error) {
        return error instanceof ApiError && error.status === 401 ? false : null;
      }
      try {
        // The refused handshake's answer is invisible here: the plain GET says whether it was the
        // cap on live connections per login and account (429), else 426.
        await api('GET', '/live');
      } catch (error) {
        if (error instanceof ApiError && error.code === 'too_many_live_connections') return 'full';
      }
      return true;
    },
  });
  session = { me, live };
  $('login-view').hidden = true;
  document.body.classList.add('signed-in');
  $('workplace-name').textContent = me.workplace.name;
  showWhoami(me);
  fillLanguagePickers();
  buildNav(me.user.role);
  $('nav').hidden = false;
  $('menu-button').hidden = false;
  $('live-status').hidden = false;
  $('notifications-button').hidden = false;
  $('tabbar').hidden = false;

  notificationStore.open(me);
  live.onState(showLiveState);
  live.subscribe(onLiveMessage);
  live.start();
  await live.ready();
  if (session?.live !== live) return;
  if (!location.hash.startsWith('#/')) history.replaceState(null, '', `#/${defaultViewId}`);
  await route({ focus: false });
}

function showWhoami(me) {
  $('whoami').textContent = t(me.user.role === 'manager' ? 'app.whoami.manager' : 'app.whoami.employee', { name: me.user.displayName });
}

function showLiveState(state) {
  const status = $('live-status');
  status.dataset.state = state;
  status.textContent = liveWord(state);
  // The phone's tab bar repeats it, so the state stays in sight wherever the page is scrolled.
  $('tabbar').dataset.live = state;
  $('tab-live').textContent = liveWord(state);
  // The banner explains; it stays quiet for the first second of a reconnect so a deploy's quick
  // 1001 → reconnect does not flash it.
  clearTimeout(showLiveState.bannerTimer);
  const banner = $('offline-banner');
  if (state === 'offline') {
    banner.textContent = t('app.offlineBanner');
    showLiveState.bannerTimer = setTimeout(() => { banner.hidden = session?.live.state !== 'offline'; }, 1000);
  } else if (state === 'full') {
    // Refused: this login or account holds as many live connections as it may (429).
    banner.textContent = problemSentence({ code: 'too_many_live_connections' });
    banner.hidden = false;
  } else {
    banner.hidden = true;
  }
  // Back online after showing saved answers: reload the view over HTTP (the stream resumes after
  // its last event id by itself) so the page catches up and is editable again.
  if (state === 'online' && leaveOfflineCopy() && current) route({ focus: false });
  status.title = state === 'online' ? t('live.title.online')
    : state === 'full' ? problemSentence({ code: 'too_many_live_connections' })
    : t('live.title.offline');
}

function onLiveMessage(message) {
  if (!session) return;
  notificationStore.handle(message);
  if (message.type === 'hello' || message.type === 'resync_required'
    || (message.type === 'event' && (message.event?.topics || []).includes('approvals'))) refreshApprovalCount();
  if (message.type === 'event' && message.event?.type === 'workplace.time_zone_changed' && message.event.data?.timeZone) {
    // Times on the page are shown in the workplace's zone: switch, then redraw the view with it.
    session.me.workplace.timeZone = message.event.data.timeZone;
    setTimeZone(message.event.data.timeZone);
    if (current) route({ focus: false });
    return;
  }
  if (message.type === 'event' && message.event?.type === 'workplace.settings_changed' && message.event.data?.settings) {
    // A manager changed the workplace's switches: views drawn from them (who may change fixed
    // shifts…) are drawn again with the new values; the others only keep them for later.
    session.me.workplace.settings = message.event.data.settings;
    if (current?.module?.followsSettings) route({ focus: false });
    return;
  }
  if (!current) return;
  if (message.type === 'resync_required') {
    // Events were missed for good: reload the view over HTTP.
    route({ focus: false });
    return;
  }
  const { module } = current;
  if (module && typeof module.onLive === 'function') {
    try {
      module.onLive(message, context());
    } catch (error) {
      console.error('view failed to apply a live message', error);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Navigation

function navigate(id) {
  if (location.hash === `#/${id}`) route();
  else location.hash = `#/${id}`;
}

function context() {
  return {
    me: session?.me,
    api: sessionApi,
    live: session?.live,
    say,
    explain,
    navigate,
    setLanguage: applyLanguage,
    signedOutHere,
    notifications: notificationStore,
  };
}

function buildNav(role) {
  const mine = $('nav-mine');
  const manage = $('nav-manage');
  mine.replaceChildren();
  manage.replaceChildren();
  for (const entry of viewsFor(role)) {
    const link = el('a', { text: viewTitle(entry), attrs: { href: `#/${entry.id}` }, data: { nav: entry.id } });
    if (entry.id === 'notifications' || entry.id === 'approvals') {
      link.append(el('span', { class: 'count nav-count', attrs: { 'aria-hidden': 'true' }, data: { countFor: entry.id }, hidden: true }));
    }
    (entry.group === 'manage' ? manage : mine).append(el('li', {}, [link]));
  }
  const managing = manage.children.length > 0;
  manage.hidden = !managing;
  $('nav-manage-title').hidden = !managing;
}

function markCurrent(id) {
  for (const link of document.querySelectorAll('[data-nav]')) {
    if (link.dataset.nav === id) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  $('notifications-button').classList.toggle('current', id === 'notifications');
}

function comingSoon(entry) {
  return {
    default: {
      id: entry.id,
      title: viewTitle(entry),
      roles: entry.roles,
      render(container) {
        container.append(viewHeader(viewTitle(entry)), emptyState(t('app.comingSoon')));
      },
    },
  };
}

async function route({ focus = true } = {}) {
  if (!session) return;
  const generation = ++renderGeneration;
  const allowed = viewsFor(session.me.user.role);
  const id = decodeURIComponent(location.hash.replace(/^#\/?/, '').split('?')[0]);
  const entry = allowed.find((view) => view.id === id);
  if (!entry) {
    history.replaceState(null, '', `#/${defaultViewId}`);
    if (id && id !== 'join') say(t('app.noSuchPage'), 'info');
    return route({ focus });
  }
  closeMenu();
  markCurrent(entry.id);
  const section = el('section', { class: 'view', attrs: { id: `view-${entry.id}`, 'aria-busy': 'true' } });
  $('view').replaceChildren(section);
  current = { entry, module: null, section };
  showTitle();

  let loaded;
  try {
    loaded = await entry.load();
  } catch (error) {
    // A module that is not there yet reads "coming soon"; one that is broken says so.
    const missing = error instanceof TypeError && /fetch|import/i.test(String(error.message));
    console.warn(`view ${entry.id} could not be loaded`, error);
    loaded = missing ? comingSoon(entry) : {
      default: {
        render(container) {
          container.append(viewHeader(viewTitle(entry)), errorPanel(new Error('broken view'), () => location.reload()));
        },
      },
    };
  }
  if (generation !== renderGeneration) return;
  const module = loaded.default || comingSoon(entry).default;
  current.module = module;
  try {
    await module.render(section, context());
  } catch (error) {
    if (generation !== renderGeneration) return;
    console.error(`view ${entry.id} failed`, error);
    if (!section.querySelector('h1')) section.prepend(viewHeader(viewTitle(entry)));
    section.append(errorPanel(error, () => route({ focus: false })));
  }
  if (generation !== renderGeneration) return;
  section.removeAttribute('aria-busy');
  if (focus) {
    const heading = section.querySelector('h1');
    if (heading) {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: false });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Header: menu (small screens), notifications badge, message box

function closeMenu() {
  document.body.classList.remove('menu-open');
  $('menu-button').setAttribute('aria-expanded', 'false');
  $('tab-more').setAttribute('aria-expanded', 'false');
}

function showUnread(count) {
  const badge = $('notification-count');
  badge.textContent = String(count);
  badge.hidden = count === 0;
  $('notifications-button').setAttribute('aria-label', count ? tn('nav.notificationsUnread', count) : t('nav.notifications'));
  showNavCount('notifications', count);
  showTitle();
}

/** A count next to a nav link (unread notifications, deals waiting for a manager). */
function showNavCount(id, count) {
  const badge = document.querySelector(`.nav-count[data-count-for="${id}"]`);
  if (!badge) return;
  badge.textContent = String(count);
  badge.hidden = count === 0;
  badge.closest('a')?.setAttribute('aria-label', count ? `${badge.closest('a').firstChild.textContent}, ${count}` : badge.closest('a').firstChild.textContent);
}

/** "(2) Marketplace · Shifty": the tab shows unread notifications even when it is in the background. */
function showTitle() {
  if (!session || !current) return;
  const unread = notificationStore.unreadCount();
  document.title = `${unread ? `(${unread}) ` : ''}${t('app.title', { page: viewTitle(current.entry) })}`;
}

/** Managers see how many deals wait for them next to "Approvals", kept current by the approvals topic. */
const refreshApprovalCount = debounce(async () => {
  if (session?.me.user.role !== 'manager') return;
  try {
    const queue = await api('GET', '/deals/approvals');
    showNavCount('approvals', Array.isArray(queue) ? queue.length : 0);
  } catch { /* offline: keep the last count */ }
}, 300);

function setUpChrome() {
  $('menu-button').addEventListener('click', () => {
    const open = !document.body.classList.contains('menu-open');
    document.body.classList.toggle('menu-open', open);
    $('menu-button').setAttribute('aria-expanded', String(open));
    if (open) $('nav').querySelector('a')?.focus();
  });
  // "More" in the phone's tab bar opens the full menu (it sits at the top of the page).
  $('tab-more').addEventListener('click', () => {
    const open = !document.body.classList.contains('menu-open');
    document.body.classList.toggle('menu-open', open);
    $('menu-button').setAttribute('aria-expanded', String(open));
    $('tab-more').setAttribute('aria-expanded', String(open));
    if (open) {
      window.scrollTo({ top: 0 });
      $('nav').querySelector('a')?.focus({ preventScroll: true });
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && document.body.classList.contains('menu-open')) {
      closeMenu();
      $('menu-button').focus();
    }
  });
  $('message-close').addEventListener('click', () => { $('message').hidden = true; });
  $('logout').addEventListener('click', logout);
  notificationStore.onChange(() => showUnread(notificationStore.unreadCount()));
  window.addEventListener('hashchange', () => route());
}

function setUpLoginForms() {
  const zones = Intl.supportedValuesOf ? Intl.supportedValuesOf('timeZone') : [];
  $('zones').replaceChildren(...zones.map((zone) => el('option', { attrs: { value: zone } })));
  $('workplace-form').elements.timeZone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

  handleSubmit($('login-form'), async (data) => {
    await api('POST', '/sessions', { workplace: data.workplace.trim().toLowerCase(), username: data.username.trim().toLowerCase(), password: data.password });
    say('');
    await enter(await api('GET', '/me'));
  });
  handleSubmit($('signup-form'), async (data) => {
    await api('POST', '/signup', { ...data, workplace: data.workplace.trim().toLowerCase(), inviteCode: data.inviteCode.trim() });
    say(t('login.welcome'), 'ok');
    await enter(await api('GET', '/me'));
  });
  handleSubmit($('workplace-form'), async (data) => {
    await api('POST', '/workplaces', {
      name: data.name, timeZone: data.timeZone,
      manager: { username: data.username, displayName: data.displayName, password: data.password },
    });
    const me = await api('GET', '/me');
    await enter(me);
    say(t('login.create.ready', { slug: me.workplace.slug }), 'ok');
  });
}

/** What the login page offers (demo, sign-up, e-mail, languages); null from an older server or offline. */
async function loginPageOptions() {
  try {
    const options = await api('GET', '/login-page');
    if (Array.isArray(options?.languages) && options.languages.length) offeredLanguages = options.languages;
    return options;
  } catch {
    return null;
  }
}

/** Shows the demo logins and the "Create a new workplace" form only where the server offers them. */
function showLoginOptions(options) {
  // An older server or no connection: offer neither rather than something that fails.
  if (!options) return;
  $('demo-hint').hidden = !options.demo;
  $('create-workplace').hidden = !options.allowSignup;
  // "Forgot password" mails a link only where e-mail is on; elsewhere it says whom to ask.
  $('forgot-form').hidden = !options.email;
  $('forgot-off').hidden = Boolean(options.email);
}

// ---------------------------------------------------------------------------------------------
// Password reset: `#/reset?token=…` from a mail or from a manager works logged out.

function resetToken() {
  const match = location.hash.match(/^#\/reset\?(.*)$/);
  return match ? new URLSearchParams(match[1]).get('token') : null;
}

async function showReset(token) {
  if (session) { session.live.stop(); session = null; }
  showLogin();
  $('login-view').hidden = true;
  $('reset-view').hidden = false;
  document.title = t('login.reset.pageTitle');
  let valid = true;
  try { await api('GET', `/password-resets/check?token=${encodeURIComponent(token)}`); } catch { valid = false; }
  $('reset-invalid').hidden = valid;
  $('reset-form').hidden = !valid;
}

function setUpReset() {
  $('reset-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const button = form.querySelector('button[type=submit]');
    if (form.elements.newPassword.value !== form.elements.repeatPassword.value) {
      say(t('login.reset.mismatch'), 'error');
      return;
    }
    button.disabled = true;
    try {
      await api('POST', '/password-resets/redeem', { token: resetToken(), newPassword: form.elements.newPassword.value });
      form.reset();
      $('reset-view').hidden = true;
      history.replaceState(null, '', `#/${defaultViewId}`);
      await enter(await api('GET', '/me'));
      say(t('login.reset.done'), 'ok');
    } catch (error) {
      say(explain(error), 'error');
    } finally {
      button.disabled = false;
    }
  });
  $('reset-back').addEventListener('click', () => { $('reset-view').hidden = true; showLogin(); });
  handleSubmit($('forgot-form'), async (data) => {
    const answer = await api('POST', '/password-resets/email', { workplace: data.workplace.trim().toLowerCase(), identifier: data.identifier.trim() });
    say(answer?.detail || t('login.forgot.sent'), 'ok');
  });
  window.addEventListener('hashchange', () => { const token = resetToken(); if (token) showReset(token); });
}

async function start() {
  setUpOffline({ onOpen: (hash) => { location.hash = hash; } });
  setUpRetryBanner();
  const options = await loginPageOptions();
  await useLanguage(languageBeforeLogin(options));
  setUpChrome();
  setUpLoginForms();
  setUpReset();
  setUpLanguagePickers();
  showLoginOptions(options);
  const token = resetToken();
  if (token) {
    await showReset(token);
    return;
  }
  try {
    await enter(await api('GET', '/me'));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) say(explain(error), 'error');
    showLogin();
  }
}

start();
