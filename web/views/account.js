// Account: who I am in which workplace, change my password, what reaches me where, log out.

import { el, viewHeader, withBusy, say, explain } from '../ui.js';
import { pushSection } from '../push.js';

function facts(me) {
  const rows = [
    ['Name', me.user.displayName],
    ['Username', me.user.username],
    ['Role', me.user.role === 'manager' ? 'Manager' : 'Employee'],
    ['Email', me.user.email || 'Not set'],
    ['Workplace', `${me.workplace.name} (${me.workplace.slug})`],
    ['Time zone', me.workplace.timeZone],
  ];
  return el('dl', { class: 'facts' }, rows.flatMap(([label, value]) => [el('dt', { text: label }), el('dd', { text: value })]));
}

function passwordForm(ctx) {
  const current = el('input', { attrs: { id: 'current-password', name: 'currentPassword', type: 'password', autocomplete: 'current-password', required: true } });
  const next = el('input', { attrs: { id: 'new-password', name: 'newPassword', type: 'password', autocomplete: 'new-password', minlength: '8', required: true, 'aria-describedby': 'new-password-hint' } });
  const repeat = el('input', { attrs: { id: 'repeat-password', name: 'repeatPassword', type: 'password', autocomplete: 'new-password', minlength: '8', required: true } });
  const submit = el('button', { class: 'button primary', text: 'Change password', attrs: { type: 'submit' } });
  const form = el('form', { attrs: { id: 'password-form' } }, [
    el('label', { attrs: { for: 'current-password' } }, ['Current password', current]),
    el('label', { attrs: { for: 'new-password' } }, ['New password', next]),
    el('p', { class: 'hint', text: 'At least 8 characters. Your other devices are logged out.', attrs: { id: 'new-password-hint' } }),
    el('label', { attrs: { for: 'repeat-password' } }, ['New password again', repeat]),
    el('div', { class: 'row-actions' }, [submit]),
  ]);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (next.value !== repeat.value) {
      say('The two new passwords are not the same.', 'error');
      repeat.focus();
      return;
    }
    await withBusy(submit, async () => {
      await ctx.api('PUT', '/me/password', { currentPassword: current.value, newPassword: next.value });
      form.reset();
    }, 'Password changed. Your other devices have been logged out.');
  });
  return form;
}

const kindWords = {
  decision: ['Decisions on my deals', 'A manager approved or rejected a deal of mine (with the note), or it was cancelled, declined or expired.'],
  suggestion: ['Suggestions and swap proposals', 'Someone suggested a shift for my request or proposed a swap to me.'],
  shiftChange: ['Changes to my shifts', 'My shift was picked up, unassigned, assigned to me or removed by a closed day.'],
  reminder: ['Reminders', 'My shift starts soon.'],
  offer: ['Offered shifts', 'A shift was offered on the marketplace.'],
  timeOff: ['Time off', 'A manager decided my time off.'],
  fixedShiftRequest: ['Fixed-shift requests', 'A manager decided my request to add, change or end a fixed shift (managers: someone asks).'],
};
const channelWords = { inApp: 'In the page', email: 'E-mail', push: 'Push' };

/** Account → Notifications: channels per kind, quiet hours and the daily digest (GET/PUT /me/notification-preferences). */
function notificationSection(ctx, prefs) {
  const notes = [];
  if (!prefs.emailEnabled) notes.push('E-mail is off on this server, so nothing is mailed.');
  else if (!prefs.hasEmailAddress) notes.push('You have no e-mail address yet: ask a manager to add it on the Team page.');
  if (!prefs.pushEnabled) notes.push('Push notifications are not available on this server yet.');
  const rows = prefs.kinds.map((entry) => {
    const [label, hint] = kindWords[entry.kind] || [entry.kind, ''];
    return el('tr', { data: { kind: entry.kind } }, [
      el('th', { attrs: { scope: 'row' } }, [el('span', { text: label }), el('span', { class: 'hint small', text: ` ${hint}` })]),
      ...Object.keys(channelWords).map((channel) => el('td', {}, [el('input', {
        attrs: {
          type: 'checkbox', name: `${entry.kind}.${channel}`, checked: entry.channels.includes(channel),
          'aria-label': `${label} by ${channelWords[channel]}`,
        },
      })])),
    ]);
  });
  const quietOn = el('input', { attrs: { type: 'checkbox', name: 'quietOn', id: 'quiet-on', checked: Boolean(prefs.quietHours) } });
  const quietStart = el('input', { attrs: { type: 'time', name: 'quietStart', value: prefs.quietHours?.start || '22:00', 'aria-label': 'Quiet from' } });
  const quietEnd = el('input', { attrs: { type: 'time', name: 'quietEnd', value: prefs.quietHours?.end || '07:00', 'aria-label': 'Quiet until' } });
  const digest = el('input', { attrs: { type: 'checkbox', name: 'digest', id: 'digest-on', checked: prefs.digest } });
  const digestTime = el('input', { attrs: { type: 'time', name: 'digestTime', value: prefs.digestTime || '07:00', 'aria-label': 'Digest time' } });
  const submit = el('button', { class: 'button primary', text: 'Save notifications', attrs: { type: 'submit' } });
  const form = el('form', { attrs: { id: 'notification-preferences-form' } }, [
    ...notes.map((text) => el('p', { class: 'hint', text, data: { note: 'channels' } })),
    el('table', { class: 'table notification-channels' }, [
      el('thead', {}, [el('tr', {}, [el('th', { text: 'What', attrs: { scope: 'col' } }), ...Object.values(channelWords).map((word) => el('th', { text: word, attrs: { scope: 'col' } }))])]),
      el('tbody', {}, rows),
    ]),
    el('p', { class: 'notification-times' }, [quietOn, el('label', { attrs: { for: 'quiet-on' }, text: 'Quiet hours: hold e-mails and pushes from' }), quietStart, el('span', { text: 'until' }), quietEnd, el('span', { text: `(${prefs.timeZone})` })]),
    el('p', { class: 'notification-times' }, [digest, el('label', { attrs: { for: 'digest-on' }, text: 'One e-mail a day instead of one per notification, at' }), digestTime]),
    el('p', { class: 'hint', text: 'Password reset links always come by e-mail, at once.' }),
    el('div', { class: 'row-actions' }, [submit]),
  ]);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const channels = {};
    for (const entry of prefs.kinds) {
      channels[entry.kind] = Object.keys(channelWords).filter((channel) => form.elements[`${entry.kind}.${channel}`].checked);
    }
    const body = { channels, digest: digest.checked, digestTime: digestTime.value };
    if (quietOn.checked) body.quietHours = { start: quietStart.value, end: quietEnd.value };
    await withBusy(submit, () => ctx.api('PUT', '/me/notification-preferences', body), 'Notification settings saved.');
  });
  return form;
}

export default {
  id: 'account',
  title: 'Account',
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    let me = ctx.me;
    try { me = await ctx.api('GET', '/me'); } catch (error) { say(explain(error), 'error'); }
    let prefs = null;
    try { prefs = await ctx.api('GET', '/me/notification-preferences'); } catch (error) { say(explain(error), 'error'); }
    const logout = el('button', { class: 'button secondary', text: 'Log out', attrs: { type: 'button' }, data: { action: 'logout' } });
    logout.addEventListener('click', () => document.getElementById('logout')?.click());
    container.replaceChildren(
      viewHeader('Account', logout),
      el('section', { class: 'card', attrs: { 'aria-labelledby': 'profile-title' } }, [
        el('h3', { text: 'Profile', attrs: { id: 'profile-title' } }),
        facts(me),
      ]),
      el('section', { class: 'card', attrs: { 'aria-labelledby': 'password-title' } }, [
        el('h3', { text: 'Change password', attrs: { id: 'password-title' } }),
        passwordForm(ctx),
      ]),
      ...(prefs ? [el('section', { class: 'card', attrs: { 'aria-labelledby': 'notifications-title', id: 'notification-preferences' } }, [
        el('h3', { text: 'Notifications', attrs: { id: 'notifications-title' } }),
        notificationSection(ctx, prefs),
      ])] : []),
      pushSection(ctx),
    );
  },
};
