// Kiosk devices (managers): the tablets by the door where people check in and out. A manager
// turns the browser they are using into a kiosk (the server sets an HttpOnly kiosk cookie), sees
// every kiosk's last use, and revokes a lost or replaced one.

import { el, viewHeader, formatInstant, confirmDialog } from '../ui.js';

const used = (iso) => (iso ? formatInstant(iso) : 'never');

export default {
  id: 'kiosks',
  title: 'Kiosks',
  roles: ['manager'],

  async render(container, ctx) {
    const list = el('ul', { class: 'list kiosk-list', attrs: { 'aria-labelledby': 'kiosks-list-heading' } });
    const empty = el('p', { class: 'empty', text: 'No kiosks yet.' });
    const created = el('div', { class: 'code-box', attrs: { role: 'status', 'aria-live': 'polite' } });
    created.hidden = true;
    const nameInput = el('input', { attrs: { name: 'name', required: '', maxlength: '100', placeholder: 'e.g. Front desk tablet', autocomplete: 'off' } });
    const createForm = el('form', { class: 'inline-form', attrs: { id: 'kiosk-form', 'aria-label': 'Turn this browser into a kiosk' } }, [
      el('label', {}, [el('span', { text: 'Kiosk name' }), nameInput]),
      el('button', { class: 'button primary', text: 'Make this browser a kiosk', attrs: { type: 'submit', 'data-action': 'create-kiosk' } }),
    ]);
    const showRevoked = el('input', { attrs: { type: 'checkbox', name: 'showRevoked' } });

    container.classList.add('manager-view');
    container.replaceChildren(
      viewHeader('Kiosks'),
      el('div', { class: 'card' }, [
        el('h3', { text: 'Set up a kiosk' }),
        el('p', { class: 'hint', text: 'Do this on the device that stays at work (a tablet by the door). This browser then opens the check-in page, and you are signed out on it: nobody at the tablet can open your pages.' }),
        createForm,
        created,
      ]),
      el('div', { class: 'card' }, [
        el('h3', { text: 'Kiosks', attrs: { id: 'kiosks-list-heading' } }),
        el('label', { class: 'inline' }, [showRevoked, el('span', { text: 'Show revoked kiosks' })]),
        list, empty,
      ]),
    );

    let kiosks = [];
    const kioskRow = (kiosk) => {
      const revoke = el('button', { class: 'button secondary', text: 'Revoke', attrs: { type: 'button', 'data-action': 'revoke-kiosk', 'aria-label': `Revoke kiosk ${kiosk.name}` } });
      revoke.hidden = kiosk.revoked;
      revoke.addEventListener('click', async () => {
        if (!(await confirmDialog({
          title: `Revoke “${kiosk.name}”?`,
          message: 'It stops accepting check-ins at once. To use the device again, set it up as a new kiosk.',
          confirmText: 'Revoke kiosk', danger: true,
        }))) return;
        revoke.disabled = true;
        try {
          await ctx.api('DELETE', `/kiosks/${kiosk.id}`);
          ctx.say(`“${kiosk.name}” is revoked and no longer accepts check-ins.`, 'ok');
          await load();
          container.querySelector('h1')?.focus({ preventScroll: true }); // the row is gone
        } catch (error) {
          revoke.disabled = false;
          ctx.say(ctx.explain(error), 'error');
        }
      });
      return el('li', { class: ['row', 'kiosk-device', kiosk.revoked && 'kiosk-revoked'], attrs: { 'data-kiosk-id': String(kiosk.id) } }, [
        el('div', { class: 'row-main' }, [
          el('p', { class: 'row-title' }, [
            el('span', { text: kiosk.name }), ' ',
            el('span', { class: `badge ${kiosk.revoked ? 'badge-inactive' : 'badge-ok'}`, text: kiosk.revoked ? 'Revoked' : 'Active' }),
          ]),
          el('p', { class: 'muted small', text: `Set up ${used(kiosk.createdAt)} · last used ${used(kiosk.lastUsedAt)}` }),
        ]),
        kiosk.revoked ? null : networksForm(kiosk),
        el('div', { class: 'row-actions' }, [revoke]),
      ]);
    };

    // Optional network restriction: the kiosk only punches from these client address ranges.
    const networksForm = (kiosk) => {
      const input = el('input', { attrs: { name: 'networks', value: (kiosk.allowedNetworks || []).join(', '), placeholder: 'any network, e.g. 192.168.1.0/24', 'aria-label': `Networks of kiosk ${kiosk.name}` } });
      const form = el('form', { class: 'inline-form kiosk-networks', data: { kioskNetworks: kiosk.id } }, [
        el('label', {}, [el('span', { text: 'Only from networks ' }), input]),
        el('button', { class: 'button secondary', text: 'Save networks', attrs: { type: 'submit', 'data-action': 'save-kiosk-networks' } }),
      ]);
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const networks = input.value.split(/[\s,]+/).filter(Boolean);
        try {
          await ctx.api('PUT', `/kiosks/${kiosk.id}/networks`, { networks });
          ctx.say(networks.length ? `“${kiosk.name}” now only accepts punches from ${networks.join(', ')}.` : `“${kiosk.name}” accepts punches from any network.`, 'ok');
          await load();
        } catch (error) {
          ctx.say(ctx.explain(error), 'error');
        }
      });
      return form;
    };

    const show = () => {
      const visible = kiosks.filter((kiosk) => showRevoked.checked || !kiosk.revoked);
      list.replaceChildren(...visible.map(kioskRow));
      empty.hidden = visible.length > 0;
      empty.textContent = kiosks.length > 0 && visible.length === 0 ? 'All kiosks are revoked.' : 'No kiosks yet.';
    };

    const load = async () => {
      try {
        kiosks = await ctx.api('GET', '/kiosks');
        kiosks.sort((a, b) => (a.revoked - b.revoked) || a.name.localeCompare(b.name));
        show();
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      }
    };

    showRevoked.addEventListener('change', show);
    createForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = createForm.querySelector('button[type=submit]');
      button.disabled = true;
      try {
        const kiosk = await ctx.api('POST', '/kiosks', { name: nameInput.value.trim() });
        // The server ended this browser's session with the kiosk's creation: drop the manager's
        // menus here too and show only what a kiosk needs.
        ctx.signedOutHere();
        const token = el('code', { class: 'code token', text: kiosk.token ?? '' });
        created.replaceChildren(
          el('p', {}, [el('strong', { text: `This browser is now the kiosk “${kiosk.name}”.` })]),
          el('p', { text: 'You are signed out in this browser. Manage kiosks from your own device.' }),
          el('p', {}, [el('a', { class: 'button primary', text: 'Open the check-in page', attrs: { href: '/kiosk.html', 'data-action': 'open-kiosk' } })]),
          el('details', {}, [
            el('summary', { text: 'Token for a scripted terminal (shown only now)' }),
            el('p', { class: 'hint', text: 'Send it as the header “Authorization: Kiosk <token>”. Anyone with it can punch for your workplace: keep it secret.' }),
            token,
          ]),
        );
        created.hidden = false;
        container.replaceChildren(viewHeader('Kiosk ready'), el('div', { class: 'card' }, [created]));
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      } finally {
        button.disabled = false;
      }
    });

    await load();
  },
};
