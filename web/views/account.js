// Account: who I am in which workplace, my language, change my password, what reaches me where, log out.

import { el, viewHeader, withBusy, say, explain } from '../ui.js';
import { pushSection } from '../push.js';
import { t, setLanguage, translatePage } from '../i18n.js';

function facts(me) {
  const rows = [
    [t('account.name'), me.user.displayName],
    [t('account.username'), me.user.username],
    [t('account.role'), me.user.role === 'manager' ? t('account.roleManager') : t('account.roleEmployee')],
    [t('account.email'), me.user.email || t('account.notSet')],
    [t('account.workplace'), t('account.workplaceValue', { name: me.workplace.name, slug: me.workplace.slug })],
    [t('account.timeZone'), me.workplace.timeZone],
  ];
  return el('dl', { class: 'facts' }, rows.flatMap(([label, value]) => [el('dt', { text: label }), el('dd', { text: value })]));
}

function passwordForm(ctx) {
  const current = el('input', { attrs: { id: 'current-password', name: 'currentPassword', type: 'password', autocomplete: 'current-password', required: true } });
  const next = el('input', { attrs: { id: 'new-password', name: 'newPassword', type: 'password', autocomplete: 'new-password', minlength: '8', required: true, 'aria-describedby': 'new-password-hint' } });
  const repeat = el('input', { attrs: { id: 'repeat-password', name: 'repeatPassword', type: 'password', autocomplete: 'new-password', minlength: '8', required: true } });
  const submit = el('button', { class: 'button primary', text: t('account.changePassword'), attrs: { type: 'submit' } });
  const form = el('form', { attrs: { id: 'password-form' } }, [
    el('label', { attrs: { for: 'current-password' } }, [t('account.currentPassword'), current]),
    el('label', { attrs: { for: 'new-password' } }, [t('account.newPassword'), next]),
    el('p', { class: 'hint', text: t('account.passwordHint'), attrs: { id: 'new-password-hint' } }),
    el('label', { attrs: { for: 'repeat-password' } }, [t('account.repeatPassword'), repeat]),
    el('div', { class: 'row-actions' }, [submit]),
  ]);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (next.value !== repeat.value) {
      say(t('account.passwordsDiffer'), 'error');
      repeat.focus();
      return;
    }
    await withBusy(submit, async () => {
      await ctx.api('PUT', '/me/password', { currentPassword: current.value, newPassword: next.value });
      form.reset();
    }, t('account.passwordChanged'));
  });
  return form;
}

/// Notification kinds with words in the catalogue (`account.kind.<kind>` and `…Hint`).
const KINDS = new Set(['decision', 'suggestion', 'shiftChange', 'reminder', 'offer', 'timeOff', 'fixedShiftRequest']);
const kindWords = (kind) => (KINDS.has(kind) ? [t(`account.kind.${kind}`), t(`account.kind.${kind}Hint`)] : [kind, '']);
/// The channels, in column order (`account.channel.<channel>`).
const CHANNELS = ['inApp', 'email', 'push'];
const channelWord = (channel) => t(`account.channel.${channel}`);

/** Account → Notifications: channels per kind, quiet hours and the daily digest (GET/PUT /me/notification-preferences). */
function notificationSection(ctx, prefs) {
  const notes = [];
  if (!prefs.emailEnabled) notes.push(t('account.emailOff'));
  else if (!prefs.hasEmailAddress) notes.push(t('account.noEmailAddress'));
  if (!prefs.pushEnabled) notes.push(t('account.pushOff'));
  const rows = prefs.kinds.map((entry) => {
    const [label, hint] = kindWords(entry.kind);
    return el('tr', { data: { kind: entry.kind } }, [
      el('th', { attrs: { scope: 'row' } }, [el('span', { text: label }), el('span', { class: 'hint small', text: hint ? t('account.kindHint', { hint }) : '' })]),
      ...CHANNELS.map((channel) => el('td', {}, [el('input', {
        attrs: {
          type: 'checkbox', name: `${entry.kind}.${channel}`, checked: entry.channels.includes(channel),
          'aria-label': t('account.kindBy', { kind: label, channel: channelWord(channel) }),
        },
      })])),
    ]);
  });
  const quietOn = el('input', { attrs: { type: 'checkbox', name: 'quietOn', id: 'quiet-on', checked: Boolean(prefs.quietHours) } });
  const quietStart = el('input', { attrs: { type: 'time', name: 'quietStart', value: prefs.quietHours?.start || '22:00', 'aria-label': t('account.quietFrom') } });
  const quietEnd = el('input', { attrs: { type: 'time', name: 'quietEnd', value: prefs.quietHours?.end || '07:00', 'aria-label': t('account.quietUntil') } });
  const digest = el('input', { attrs: { type: 'checkbox', name: 'digest', id: 'digest-on', checked: prefs.digest } });
  const digestTime = el('input', { attrs: { type: 'time', name: 'digestTime', value: prefs.digestTime || '07:00', 'aria-label': t('account.digestTime') } });
  const submit = el('button', { class: 'button primary', text: t('account.saveNotifications'), attrs: { type: 'submit' } });
  const form = el('form', { attrs: { id: 'notification-preferences-form' } }, [
    ...notes.map((text) => el('p', { class: 'hint', text, data: { note: 'channels' } })),
    el('table', { class: 'table notification-channels' }, [
      el('thead', {}, [el('tr', {}, [el('th', { text: t('account.what'), attrs: { scope: 'col' } }), ...CHANNELS.map((channel) => el('th', { text: channelWord(channel), attrs: { scope: 'col' } }))])]),
      el('tbody', {}, rows),
    ]),
    el('p', { class: 'notification-times' }, [quietOn, el('label', { attrs: { for: 'quiet-on' }, text: t('account.quietHours') }), quietStart, el('span', { text: t('account.until') }), quietEnd, el('span', { text: t('account.zone', { zone: prefs.timeZone }) })]),
    el('p', { class: 'notification-times' }, [digest, el('label', { attrs: { for: 'digest-on' }, text: t('account.digest') }), digestTime]),
    el('p', { class: 'hint', text: t('account.resetAlwaysMailed') }),
    el('div', { class: 'row-actions' }, [submit]),
  ]);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const channels = {};
    for (const entry of prefs.kinds) {
      channels[entry.kind] = CHANNELS.filter((channel) => form.elements[`${entry.kind}.${channel}`].checked);
    }
    const body = { channels, digest: digest.checked, digestTime: digestTime.value };
    if (quietOn.checked) body.quietHours = { start: quietStart.value, end: quietEnd.value };
    await withBusy(submit, () => ctx.api('PUT', '/me/notification-preferences', body), t('account.notificationsSaved'));
  });
  return form;
}

// ---------------------------------------------------------------------------------------------
// Language: my own choice, or the workplace's default (PUT /me/language with a code or null).

/** The languages the server speaks, in their own names (GET /login-page `languages`). */
async function offeredLanguages(ctx) {
  try {
    const options = await ctx.api('GET', '/login-page');
    if (Array.isArray(options?.languages) && options.languages.length) return options.languages;
  } catch { /* an older server or offline: the two this page ships with */ }
  return [{ code: 'en', name: 'English' }, { code: 'nl', name: 'Nederlands' }]; // i18n-exempt: language names in their own language
}

/** Redraws the page in `code`: through app.js when it offers the hook, else this view and the static markup. */
async function showLanguage(ctx, code) {
  if (typeof ctx.setLanguage === 'function') {
    await ctx.setLanguage(code);
    return;
  }
  await setLanguage(code);
  translatePage();
  ctx.navigate('account');
}

function languageSection(ctx, me, languages) {
  const workplaceLanguage = languages.find((entry) => entry.code === me.workplace.settings?.language);
  const select = el('select', { attrs: { id: 'account-language', name: 'language' }, data: { action: 'account-language' } }, [
    el('option', {
      attrs: { value: '' },
      text: workplaceLanguage ? t('account.workplaceDefaultNamed', { language: workplaceLanguage.name }) : t('account.workplaceDefault'),
    }),
    ...languages.map((entry) => el('option', { attrs: { value: entry.code, lang: entry.code }, text: entry.name })),
  ]);
  select.value = me.languagePreference || '';
  select.addEventListener('change', async () => {
    select.disabled = true;
    try {
      const answer = await ctx.api('PUT', '/me/language', { language: select.value || null });
      const chosen = answer?.language || select.value || 'en';
      for (const target of [me, ctx.me].filter(Boolean)) {
        target.language = chosen;
        target.languagePreference = answer ? answer.languagePreference ?? null : select.value || null;
      }
      await showLanguage(ctx, chosen);
      say(t('account.languageSaved'), 'ok');
    } catch (error) {
      select.value = me.languagePreference || '';
      say(explain(error), 'error');
    } finally {
      select.disabled = false;
    }
  });
  return el('section', { class: 'card', attrs: { 'aria-labelledby': 'language-title', id: 'account-language-section' } }, [
    el('h3', { text: t('account.languageTitle'), attrs: { id: 'language-title' } }),
    el('label', { attrs: { for: 'account-language' } }, [t('account.languageLabel'), select]),
  ]);
}

export default {
  id: 'account',
  get title() { return t('views.account'); },
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    let me = ctx.me;
    try { me = await ctx.api('GET', '/me'); } catch (error) { say(explain(error), 'error'); }
    let prefs = null;
    try { prefs = await ctx.api('GET', '/me/notification-preferences'); } catch (error) { say(explain(error), 'error'); }
    const languages = await offeredLanguages(ctx);
    const logout = el('button', { class: 'button secondary', text: t('account.logOut'), attrs: { type: 'button' }, data: { action: 'logout' } });
    logout.addEventListener('click', () => document.getElementById('logout')?.click());
    container.replaceChildren(
      viewHeader(t('account.heading'), logout),
      el('section', { class: 'card', attrs: { 'aria-labelledby': 'profile-title' } }, [
        el('h3', { text: t('account.profile'), attrs: { id: 'profile-title' } }),
        facts(me),
      ]),
      languageSection(ctx, me, languages),
      el('section', { class: 'card', attrs: { 'aria-labelledby': 'password-title' } }, [
        el('h3', { text: t('account.changePassword'), attrs: { id: 'password-title' } }),
        passwordForm(ctx),
      ]),
      ...(prefs ? [el('section', { class: 'card', attrs: { 'aria-labelledby': 'notifications-title', id: 'notification-preferences' } }, [
        el('h3', { text: t('account.notifications'), attrs: { id: 'notifications-title' } }),
        notificationSection(ctx, prefs),
      ])] : []),
      pushSection(ctx),
    );
  },
};
