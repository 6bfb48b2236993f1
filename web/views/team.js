// The team (managers): find members as you type, change pay type, set or remove a kiosk PIN,
// deactivate and reactivate; set the positions they are qualified for and their own weekly hour
// limit; create members directly or hand out invite codes.

import { el, viewHeader, formatInstant, confirmDialog } from '../ui.js';
import { t, tn } from '../i18n.js';
import { qrSvg } from '../qr.js';

/** The link a new member opens to join: the login page with the workplace and code filled in. */
export function inviteLink(slug, code) {
  return `${location.origin}/#/join?${new URLSearchParams({ workplace: slug, code })}`;
}
import { showAvailability } from './availability.js';
import { memberWages } from './member-wages.js';

const SEARCH_DELAY_MS = 200;

function field(label, control, hint) {
  return el('label', {}, [el('span', { text: label }), control, ...(hint ? [el('span', { class: 'hint small', text: hint })] : [])]);
}

function select(name, options, value) {
  const control = el('select', { attrs: { name } }, options.map(([optionValue, text]) => el('option', { text, attrs: { value: optionValue } })));
  control.value = value;
  return control;
}

/// Runs a form's action with its submit button disabled; errors are explained, never thrown.
function onSubmit(form, ctx, action) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    if (button) button.disabled = true;
    try {
      await action(new FormData(form));
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    } finally {
      if (button) button.disabled = false;
    }
  });
}

const roleWords = (role) => (role === 'manager' ? t('manage.team.role.manager') : t('manage.team.role.employee'));
const payWords = (payType) => (payType === 'diligence' ? t('manage.team.pay.diligence') : t('manage.team.pay.normal'));

/// What an invite is now, in words (shown next to colour).
function inviteState(invite) {
  if (invite.revoked) return ['revoked', t('manage.team.invite.revoked')];
  if (new Date(invite.expiresAt) < new Date()) return ['expired', t('manage.team.invite.expired')];
  if (invite.uses >= invite.maxUses) return ['used', t('manage.team.invite.usedUp')];
  return ['active', t('manage.team.invite.active')];
}

export default {
  id: 'team',
  get title() { return t('manage.team.title'); },
  roles: ['manager'],

  async render(container, ctx) {
    const searchInput = el('input', { attrs: { type: 'search', name: 'search', autocomplete: 'off', placeholder: t('manage.team.searchPlaceholder'), 'aria-controls': 'team-members' } });
    const inactiveBox = el('input', { attrs: { type: 'checkbox', name: 'includeInactive' } });
    const resultNote = el('p', { class: 'muted small', attrs: { role: 'status', 'aria-live': 'polite' } });
    // Addresses stored before they were checked and that Shifty will not mail (`emailInvalid`).
    const unusableEmails = el('p', { class: 'hint', attrs: { id: 'unusable-emails', role: 'status' } });
    unusableEmails.hidden = true;
    const members = el('ul', { class: 'list member-list', attrs: { id: 'team-members', 'aria-label': t('manage.team.members') } });

    const createForm = el('form', { class: 'stack-form', attrs: { id: 'create-member-form', 'aria-label': t('manage.team.createLabel') } }, [
      field(t('manage.team.name'), el('input', { attrs: { name: 'displayName', required: '', maxlength: '200', autocomplete: 'off' } })),
      field(t('manage.team.username'), el('input', { attrs: { name: 'username', required: '', pattern: '[a-z0-9][a-z0-9._\\-]{1,39}', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false' } }), t('manage.team.usernameHint')),
      field(t('manage.team.password'), el('input', { attrs: { name: 'password', type: 'password', required: '', minlength: '8', autocomplete: 'new-password' } }), t('manage.team.passwordHint')),
      field(t('manage.team.emailOptional'), el('input', { attrs: { name: 'email', type: 'email', autocomplete: 'off' } })),
      field(t('manage.team.role'), select('role', [['employee', t('manage.team.role.employee')], ['manager', t('manage.team.role.manager')]], 'employee')),
      field(t('manage.team.payType'), select('payType', [['normal', t('manage.team.payType.normalLong')], ['diligence', t('manage.team.payType.diligenceLong')]], 'normal')),
      el('button', { class: 'button primary', text: t('manage.team.create'), attrs: { type: 'submit' } }),
    ]);

    const inviteForm = el('form', { class: 'stack-form', attrs: { id: 'invite-form', 'aria-label': t('manage.team.inviteLabel') } }, [
      field(t('manage.team.role'), select('role', [['employee', t('manage.team.role.employee')], ['manager', t('manage.team.role.manager')]], 'employee')),
      field(t('manage.team.maxUses'), el('input', { attrs: { name: 'maxUses', type: 'number', min: '1', max: '1000', value: '1', required: '' } })),
      field(t('manage.team.validFor'), el('input', { attrs: { name: 'validForHours', type: 'number', min: '1', max: '720', value: '168', required: '' } }), t('manage.team.validForHint')),
      field(t('manage.team.note'), el('input', { attrs: { name: 'note', maxlength: '200', autocomplete: 'off' } })),
      field(t('manage.team.sendTo'), el('input', { attrs: { name: 'email', type: 'email', autocomplete: 'off' } }), t('manage.team.sendToHint')),
      el('button', { class: 'button primary', text: t('manage.team.createInvite'), attrs: { type: 'submit' } }),
    ]);
    const newCode = el('div', { class: 'code-box', attrs: { role: 'status', 'aria-live': 'polite' } });
    newCode.hidden = true;
    const invites = el('ul', { class: 'list invite-list', attrs: { 'aria-label': t('manage.team.invites') } });

    const searchForm = el('form', { class: 'search-form', attrs: { role: 'search', 'aria-label': t('manage.team.find') } }, [
      field(t('manage.team.search'), searchInput),
      el('label', { class: 'inline' }, [inactiveBox, el('span', { text: t('manage.team.showInactive') })]),
    ]);
    container.classList.add('manager-view', 'team-view');
    container.replaceChildren(
      viewHeader(t('manage.team.title')),
      el('div', { class: 'card' }, [
        searchForm,
        resultNote,
        unusableEmails,
        members,
      ]),
      el('details', { class: 'card', attrs: { open: '' } }, [el('summary', { text: t('manage.team.invites') }), inviteForm, newCode, invites]),
      el('details', { class: 'card' }, [el('summary', { text: t('manage.team.addWithPassword') }), createForm]),
    );

    // Members -------------------------------------------------------------------------------
    const patch = async (member, changes, done) => {
      const updated = await ctx.api('PATCH', `/users/${member.id}`, changes);
      ctx.say(done(updated), 'ok');
      return updated;
    };

    const memberRow = (member) => {
      const isMe = member.id === ctx.me.user.id;
      const payText = el('span', { text: payWords(member.payType) });
      const payType = select('payType', [['normal', t('manage.team.payType.normal')], ['diligence', t('manage.team.payType.diligence')]], member.payType);
      payType.setAttribute('aria-label', t('manage.team.payTypeOf', { name: member.displayName }));
      const role = select('role', [['employee', t('manage.team.role.employee')], ['manager', t('manage.team.role.manager')]], member.role);
      role.setAttribute('aria-label', t('manage.team.roleOf', { name: member.displayName }));
      const roleBadge = el('span', { class: `badge badge-${member.role}`, text: roleWords(member.role) });
      // A setting applies as soon as it is chosen; a refusal (last_manager) puts the old value back.
      const applyOnChange = (control, key, done) => control.addEventListener('change', async () => {
        control.disabled = true;
        try {
          await patch(member, { [key]: control.value }, done);
          member[key] = control.value;
          payText.textContent = payWords(member.payType);
          roleBadge.textContent = roleWords(member.role);
          roleBadge.className = `badge badge-${member.role}`;
        } catch (error) {
          control.value = member[key];
          ctx.say(ctx.explain(error), 'error');
        } finally {
          control.disabled = false;
        }
      });
      applyOnChange(payType, 'payType', (u) => t('manage.team.payChanged', { name: u.displayName, pay: payWords(u.payType) }));
      applyOnChange(role, 'role', (u) => t(u.role === 'manager' ? 'manage.team.nowManager' : 'manage.team.nowEmployee', { name: u.displayName }));

      const pinInput = el('input', { attrs: { name: 'pin', type: 'password', inputmode: 'numeric', pattern: '[0-9]{4,12}', minlength: '4', maxlength: '12', required: '', autocomplete: 'off', 'aria-label': t('manage.team.newPin', { name: member.displayName }), placeholder: t('manage.team.pinPlaceholder') } });
      const pinForm = el('form', { class: 'pin-form' }, [
        pinInput,
        el('button', { class: 'button secondary', text: t('manage.team.setPin'), attrs: { type: 'submit', 'data-action': 'set-pin' } }),
        el('button', { class: 'button secondary', text: t('manage.team.removePin'), attrs: { type: 'button', 'data-action': 'remove-pin' } }),
      ]);
      onSubmit(pinForm, ctx, async () => {
        await ctx.api('PUT', `/users/${member.id}/pin`, { pin: pinInput.value });
        pinInput.value = '';
        ctx.say(t('manage.team.pinSet', { name: member.displayName }), 'ok');
      });
      pinForm.querySelector('[data-action=remove-pin]').addEventListener('click', async (event) => {
        event.currentTarget.disabled = true;
        try {
          await ctx.api('DELETE', `/users/${member.id}/pin`);
          ctx.say(t('manage.team.pinRemoved', { name: member.displayName }), 'ok');
        } catch (error) {
          ctx.say(ctx.explain(error), 'error');
        } finally {
          pinForm.querySelector('[data-action=remove-pin]').disabled = false;
        }
      });

      const toggle = el('button', {
        class: 'button secondary',
        text: member.active ? t('manage.team.deactivate') : t('manage.team.reactivate'),
        attrs: { type: 'button', 'data-action': member.active ? 'deactivate' : 'reactivate' },
      });
      if (isMe) { toggle.disabled = true; toggle.title = t('manage.team.notYourself'); }
      toggle.addEventListener('click', async () => {
        if (member.active && !(await confirmDialog({
          title: t('manage.team.deactivateTitle', { name: member.displayName }),
          message: t('manage.team.deactivateMessage'),
          confirmText: t('manage.team.deactivate'), danger: true,
        }))) return;
        toggle.disabled = true;
        try {
          await patch(member, { active: !member.active }, (u) => (u.active ? t('manage.team.activeAgain', { name: u.displayName }) : t('manage.team.deactivated', { name: u.displayName })));
          await loadMembers();
        } catch (error) {
          toggle.disabled = false;
          ctx.say(ctx.explain(error), 'error');
        }
      });

      // Positions and own weekly hour limit (issue 16): filled from GET /positions when "Manage" opens.
      const positionsInput = el('input', { attrs: { name: 'positions', autocomplete: 'off', 'aria-label': t('manage.team.positionsOf', { name: member.displayName }), placeholder: t('manage.team.positionsPlaceholder') } });
      const weeklyInput = el('input', { attrs: { name: 'maxWeeklyHours', type: 'number', min: '1', max: '10000', 'aria-label': t('manage.team.weeklyLimitOf', { name: member.displayName }), placeholder: t('manage.team.weeklyLimitPlaceholder') } });
      let ownLimits = {};
      const qualificationsForm = el('form', { class: 'pin-form qualifications-form' }, [
        positionsInput, weeklyInput,
        el('button', { class: 'button secondary', text: t('manage.team.savePositions'), attrs: { type: 'submit', 'data-action': 'save-qualifications' } }),
      ]);
      onSubmit(qualificationsForm, ctx, async () => {
        const positions = positionsInput.value.split(',').map((name) => name.trim()).filter(Boolean);
        const saved = await ctx.api('PUT', `/users/${member.id}/qualifications`, { positions });
        const weekly = weeklyInput.value ? Number(weeklyInput.value) : null;
        ownLimits = await ctx.api('PUT', `/users/${member.id}/hour-limits`, { ...ownLimits, maxWeeklyHours: weekly });
        positionsInput.value = saved.positions.join(', ');
        const list = saved.positions.length ? saved.positions.join(', ') : t('manage.team.noPositions');
        ctx.say(weekly ? t('manage.team.positionsSavedLimit', { name: member.displayName, positions: list, hours: weekly }) : t('manage.team.positionsSaved', { name: member.displayName, positions: list }), 'ok');
      });
      const loadQualifications = async () => {
        try {
          const answer = await ctx.api('GET', '/positions');
          const mine = answer.members.find((entry) => entry.userId === member.id);
          positionsInput.value = (mine?.positions ?? []).join(', ');
          ownLimits = mine?.hourLimits ?? {};
          weeklyInput.value = ownLimits.maxWeeklyHours ?? '';
        } catch (error) {
          ctx.say(ctx.explain(error), 'error');
        }
      };

      // Password reset (issue 18): a one-time link the manager hands over; it works for 72 hours.
      const resetBox = el('p', { class: 'small', attrs: { role: 'status', 'aria-live': 'polite' } });
      const resetButton = el('button', { class: 'button secondary', text: t('manage.team.resetLink'), attrs: { type: 'button', 'data-action': 'reset-link', 'aria-label': t('manage.team.resetLinkFor', { name: member.displayName }) } });
      if (!member.active) resetButton.disabled = true;
      resetButton.addEventListener('click', async () => {
        resetButton.disabled = true;
        try {
          const made = await ctx.api('POST', '/password-resets', { userId: member.id });
          const link = el('input', { attrs: { type: 'text', readonly: true, value: made.link, 'aria-label': t('manage.team.resetLinkOf', { name: member.displayName }), spellcheck: 'false' } });
          resetBox.replaceChildren(el('span', { text: `${t('manage.team.resetLinkGive', { name: member.displayName, until: formatInstant(made.expiresAt) })} ` }), link);
          link.select();
        } catch (error) {
          ctx.say(ctx.explain(error), 'error');
        } finally {
          resetButton.disabled = !member.active;
        }
      });

      // Name, e-mail and employment dates (issue 17): PATCH /users/:id and PUT /users/:id/employment.
      const nameInput = el('input', { attrs: { name: 'displayName', required: '', maxlength: '200', autocomplete: 'off', value: member.displayName } });
      const emailInput = el('input', { attrs: { name: 'email', type: 'email', maxlength: '254', autocomplete: 'off', value: member.email ?? '', 'aria-invalid': member.emailInvalid ? 'true' : null } });
      const startInput = el('input', { attrs: { name: 'employmentStart', type: 'date' } });
      const endInput = el('input', { attrs: { name: 'employmentEnd', type: 'date' } });
      const detailsForm = el('form', { class: 'member-details-form', attrs: { 'aria-label': t('manage.team.detailsOf', { name: member.displayName }) } }, [
        field(t('manage.team.name'), nameInput),
        field(t('manage.team.email'), emailInput, member.emailInvalid ? t('manage.team.emailInvalidHint') : null),
        field(t('manage.team.employedFrom'), startInput),
        field(t('manage.team.employedUntil'), endInput, t('manage.team.employedUntilHint')),
        el('button', { class: 'button secondary', text: t('manage.team.saveDetails'), attrs: { type: 'submit', 'data-action': 'save-member-details' } }),
      ]);
      onSubmit(detailsForm, ctx, async () => {
        const email = emailInput.value.trim();
        const updated = await ctx.api('PATCH', `/users/${member.id}`, { displayName: nameInput.value, email: email === '' ? null : email });
        const employment = { end: endInput.value || null };
        if (startInput.value) employment.start = startInput.value;
        await ctx.api('PUT', `/users/${member.id}/employment`, employment);
        Object.assign(member, updated);
        ctx.say(t('manage.team.detailsSaved', { name: updated.displayName }), 'ok');
        await loadMembers();
      });
      const loadEmployment = async () => {
        try {
          const employment = await ctx.api('GET', `/users/${member.id}/employment`);
          startInput.value = employment.start ?? '';
          endInput.value = employment.end ?? '';
        } catch (error) {
          ctx.say(ctx.explain(error), 'error');
        }
      };

      const wages = memberWages(ctx, member);
      const availabilityLine = el('p', { class: 'small availability-summary' });
      // The settings stay folded away behind "Manage", so the list reads as a list of people.
      const panel = el('div', { class: 'row-detail member-settings', attrs: { id: `member-settings-${member.id}` }, hidden: true }, [
        detailsForm,
        el('label', { class: 'inline' }, [el('span', { text: t('manage.team.payType') }), payType]),
        el('label', { class: 'inline' }, [el('span', { text: t('manage.team.role') }), role]),
        el('div', { class: 'pin-block' }, [el('p', { class: 'small muted', text: t('manage.team.pinBlock') }), pinForm]),
        el('div', { class: 'pin-block' }, [el('p', { class: 'small muted', text: t('manage.team.positionsBlock') }), qualificationsForm]),
        wages.element,
        availabilityLine,
        el('div', {}, [toggle]),
        // Password reset (issue 18): the one-time reset link a manager hands over.
        el('div', { class: 'pin-block reset-password-spot', data: { slot: 'password-reset' } }, [el('p', { class: 'small muted', text: t('manage.team.forgottenPassword') }), resetButton, resetBox]),
      ]);
      const manage = el('button', { class: 'button secondary', text: t('manage.team.manage'), attrs: { type: 'button', 'data-action': 'manage-member', 'aria-expanded': 'false', 'aria-controls': panel.id, 'aria-label': t('manage.team.manageName', { name: member.displayName }) } });
      manage.addEventListener('click', () => {
        panel.hidden = !panel.hidden;
        manage.setAttribute('aria-expanded', String(!panel.hidden));
        if (!panel.hidden) { loadQualifications(); loadEmployment(); wages.load(); showAvailability(ctx, member.id, availabilityLine); }
      });
      return el('li', { class: ['row', 'member', !member.active && 'member-inactive'], attrs: { 'data-user-id': String(member.id) } }, [
        el('div', { class: 'row-main' }, [
          el('p', { class: 'row-title' }, [
            el('span', { text: member.displayName }), ' ',
            roleBadge, ' ',
            member.active ? null : el('span', { class: 'badge badge-inactive', text: t('manage.team.deactivatedBadge') }),
            member.emailInvalid ? ' ' : null,
            member.emailInvalid ? el('span', { class: 'badge badge-warn email-invalid', text: t('manage.team.emailInvalidBadge') }) : null,
          ]),
          el('p', { class: 'muted small' }, [
            `@${member.username} · `, payText, member.email ? ` · ${member.email}` : '',
          ]),
        ]),
        el('div', { class: 'row-actions' }, [manage]),
        panel,
      ]);
    };

    let searchRequest = 0;
    const loadMembers = async () => {
      const request = ++searchRequest;
      const query = new URLSearchParams();
      const term = searchInput.value.trim();
      if (term) query.set('search', term);
      if (inactiveBox.checked) query.set('includeInactive', 'true');
      try {
        const found = await ctx.api('GET', `/users${query.toString() ? `?${query}` : ''}`);
        if (request !== searchRequest) return; // the person kept typing
        found.sort((a, b) => (b.active - a.active) || a.displayName.localeCompare(b.displayName));
        members.replaceChildren(...found.map(memberRow));
        const unusable = found.filter((member) => member.emailInvalid);
        unusableEmails.hidden = unusable.length === 0;
        unusableEmails.textContent = unusable.length
          ? tn('manage.team.emailInvalidList', unusable.length, { names: unusable.map((member) => member.displayName).join(', ') })
          : '';
        resultNote.textContent = found.length === 0
          ? (term ? t('manage.team.noMatch', { term }) : t('manage.team.noMembers'))
          : (term ? tn('manage.team.countMatching', found.length, { term }) : tn('manage.team.count', found.length));
      } catch (error) {
        if (request === searchRequest) ctx.say(ctx.explain(error), 'error');
      }
    };

    let searchTimer = null;
    searchInput.addEventListener('input', () => {
      clearTimeout(searchTimer);
      searchTimer = setTimeout(loadMembers, SEARCH_DELAY_MS);
    });
    inactiveBox.addEventListener('change', loadMembers);
    searchForm.addEventListener('submit', (event) => { event.preventDefault(); loadMembers(); });

    onSubmit(createForm, ctx, async (data) => {
      const body = {
        displayName: data.get('displayName'), username: String(data.get('username')).trim().toLowerCase(),
        password: data.get('password'), role: data.get('role'), payType: data.get('payType'),
      };
      if (data.get('email')) body.email = data.get('email');
      const created = await ctx.api('POST', '/users', body);
      createForm.reset();
      ctx.say(t('manage.team.created', { name: created.displayName, username: created.username }), 'ok');
      await loadMembers();
    });

    // Invites -------------------------------------------------------------------------------
    const inviteRow = (invite) => {
      const [state, label] = inviteState(invite);
      const revoke = el('button', { class: 'button secondary', text: t('manage.team.revoke'), attrs: { type: 'button', 'data-action': 'revoke-invite', 'aria-label': t('manage.team.revokeLabel', { created: formatInstant(invite.createdAt) }) } });
      revoke.hidden = state !== 'active';
      revoke.addEventListener('click', async () => {
        revoke.disabled = true;
        try {
          await ctx.api('DELETE', `/invites/${invite.id}`);
          ctx.say(t('manage.team.revoked'), 'ok');
          await loadInvites();
        } catch (error) {
          revoke.disabled = false;
          ctx.say(ctx.explain(error), 'error');
        }
      });
      return el('li', { class: `row invite invite-${state}`, attrs: { 'data-invite-id': String(invite.id) } }, [
        el('div', { class: 'row-main' }, [
          el('p', {}, [
            el('span', { class: `badge badge-invite-${state}`, text: label }),
            ` ${t('manage.team.inviteLine', { role: roleWords(invite.role), uses: invite.uses, maxUses: invite.maxUses, until: formatInstant(invite.expiresAt) })}`,
          ]),
          invite.note ? el('p', { class: 'muted small', text: invite.note }) : null,
        ]),
        el('div', { class: 'row-actions' }, [revoke]),
      ]);
    };

    const loadInvites = async () => {
      try {
        const list = await ctx.api('GET', '/invites');
        list.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
        invites.replaceChildren(...list.map(inviteRow));
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      }
    };

    onSubmit(inviteForm, ctx, async (data) => {
      const body = { role: data.get('role'), maxUses: Number(data.get('maxUses')), validForHours: Number(data.get('validForHours')) };
      if (data.get('note')) body.note = data.get('note');
      if (data.get('email')) body.email = data.get('email');
      const invite = await ctx.api('POST', '/invites', body);
      const code = el('code', { class: 'code', text: invite.code });
      const copy = el('button', { class: 'button secondary', text: t('manage.team.copy'), attrs: { type: 'button', 'data-action': 'copy-invite' } });
      copy.addEventListener('click', async () => {
        try {
          await navigator.clipboard.writeText(invite.code);
          ctx.say(t('manage.team.codeCopied'), 'ok');
        } catch {
          window.getSelection()?.selectAllChildren(code);
          ctx.say(t('manage.team.copyCodeManually'), 'info');
        }
      });
      const link = inviteLink(ctx.me.workplace.slug, invite.code);
      const copyLink = el('button', { class: 'button secondary', text: t('manage.team.copyLink'), attrs: { type: 'button', 'data-action': 'copy-invite-link' } });
      const linkText = el('a', { class: 'invite-link', text: link, attrs: { href: link } });
      copyLink.addEventListener('click', async () => {
        try {
          await navigator.clipboard.writeText(link);
          ctx.say(t('manage.team.linkCopied'), 'ok');
        } catch {
          window.getSelection()?.selectAllChildren(linkText);
          ctx.say(t('manage.team.copyLinkManually'), 'info');
        }
      });
      newCode.replaceChildren(
        el('p', { text: t('manage.team.newCode', { workplace: ctx.me.workplace.slug }) }),
        el('p', {}, [code, copy]),
        el('div', { class: 'invite-link-box' }, [
          qrSvg(link, { label: t('manage.team.qrLabel') }),
          el('div', {}, [
            el('p', { class: 'small', text: t('manage.team.orSendLink') }),
            el('p', {}, [linkText]),
            copyLink,
          ]),
        ]),
        el('p', { class: 'muted small', text: tn('manage.team.usable', invite.maxUses, { until: formatInstant(invite.expiresAt) }) }),
      );
      newCode.hidden = false;
      inviteForm.reset();
      await loadInvites();
    });

    await Promise.all([loadMembers(), loadInvites()]);

    // Notifications that could not be delivered (issue 18): one line under the heading.
    try {
      const failures = await ctx.api('GET', '/notification-failures?limit=200');
      if (failures.length) {
        const last = failures[0];
        container.querySelector('h2')?.after(el('p', {
          class: 'hint', attrs: { id: 'notification-failures', role: 'status' },
          text: tn('manage.team.failures', failures.length, { channel: last.channel, recipient: last.recipient, subject: last.subject, error: last.lastError || t('manage.team.gaveUp') }),
        }));
      }
    } catch { /* an older server: nothing to show */ }
  },
};
