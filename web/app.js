import { api, ApiError } from './api.js';

const $ = (id) => document.getElementById(id);

function show(view) {
  for (const id of ['login-view', 'home-view']) $(id).hidden = id !== view;
}

function say(text, kind = 'info') {
  const box = $('message');
  box.textContent = text;
  box.className = `message ${kind}`;
  box.hidden = !text;
}

function formData(form) {
  return Object.fromEntries(new FormData(form).entries());
}

function explain(error) {
  if (error instanceof ApiError) {
    const fields = error.fields.map((f) => `${f.field}: ${f.detail}`).join('; ');
    return fields ? `${error.message} (${fields})` : error.message;
  }
  return 'Something went wrong. Please try again.';
}

async function submit(form, action) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      await action(formData(form));
      form.reset();
    } catch (error) {
      say(explain(error), 'error');
    } finally {
      button.disabled = false;
    }
  });
}

function item(text) {
  const li = document.createElement('li');
  li.textContent = text;
  return li;
}

async function renderHome() {
  const me = await api('GET', '/me');
  $('whoami').textContent = `${me.user.displayName} · ${me.workplace.name}`;
  $('whoami').hidden = false;
  $('logout').hidden = false;
  $('home-title').textContent = `Hello, ${me.user.displayName}`;
  const profile = $('profile');
  profile.replaceChildren();
  for (const [label, value] of [
    ['Workplace', `${me.workplace.name} (${me.workplace.slug})`],
    ['Time zone', me.workplace.timeZone],
    ['Username', me.user.username],
    ['Role', me.user.role],
  ]) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = value;
    profile.append(dt, dd);
  }
  const isManager = me.user.role === 'manager';
  $('manager-tools').hidden = !isManager;
  if (isManager) {
    const members = await api('GET', '/users');
    $('members').replaceChildren(...members.map((m) => item(`${m.displayName} (${m.username}, ${m.role})`)));
  }
  show('home-view');
}

async function start() {
  const zones = Intl.supportedValuesOf ? Intl.supportedValuesOf('timeZone') : [];
  $('zones').replaceChildren(...zones.map((zone) => Object.assign(document.createElement('option'), { value: zone })));
  $('workplace-form').elements.timeZone.value = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

  submit($('login-form'), async (data) => {
    await api('POST', '/sessions', data);
    say('');
    await renderHome();
  });
  submit($('signup-form'), async (data) => {
    await api('POST', '/signup', data);
    say('Welcome aboard!', 'ok');
    await renderHome();
  });
  submit($('workplace-form'), async (data) => {
    await api('POST', '/workplaces', {
      name: data.name, timeZone: data.timeZone,
      manager: { username: data.username, displayName: data.displayName, password: data.password },
    });
    say('Your workplace is ready.', 'ok');
    await renderHome();
  });
  submit($('password-form'), async (data) => {
    await api('PUT', '/me/password', data);
    say('Password changed. Your other devices have been logged out.', 'ok');
  });
  $('logout').addEventListener('click', async () => {
    try { await api('DELETE', '/sessions/current'); } catch { /* already gone */ }
    $('whoami').hidden = true;
    $('logout').hidden = true;
    say('You are logged out.');
    show('login-view');
  });
  $('invite').addEventListener('click', async () => {
    try {
      const invite = await api('POST', '/invites', { maxUses: 1, validForHours: 168 });
      $('invite-code').textContent = `Invite code: ${invite.code} (one use, valid for a week)`;
      $('invite-code').hidden = false;
    } catch (error) {
      say(explain(error), 'error');
    }
  });

  try {
    await renderHome();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) say(explain(error), 'error');
    show('login-view');
  }
}

start();
