// Account: who I am in which workplace, change my password, notifications on this device, log out.

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

export default {
  id: 'account',
  title: 'Account',
  roles: ['employee', 'manager'],
  async render(container, ctx) {
    let me = ctx.me;
    try { me = await ctx.api('GET', '/me'); } catch (error) { say(explain(error), 'error'); }
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
      pushSection(ctx),
    );
  },
};
