// Kiosk devices (managers): the tablets by the door where people check in and out. A manager
// turns the browser they are using into a kiosk (the server sets an HttpOnly kiosk cookie), sees
// every kiosk's last use, and revokes a lost or replaced one.

import { el, viewHeader, formatInstant, confirmDialog } from '../ui.js';
import { t } from '../i18n.js';

const used = (iso) => (iso ? formatInstant(iso) : t('manage.kiosks.never'));

export default {
  id: 'kiosks',
  get title() { return t('manage.kiosks.title'); },
  roles: ['manager'],

  async render(container, ctx) {
    const list = el('ul', { class: 'list kiosk-list', attrs: { 'aria-labelledby': 'kiosks-list-heading' } });
    const empty = el('p', { class: 'empty', text: t('manage.kiosks.none') });
    const created = el('div', { class: 'code-box', attrs: { role: 'status', 'aria-live': 'polite' } });
    created.hidden = true;
    const nameInput = el('input', { attrs: { name: 'name', required: '', maxlength: '100', placeholder: t('manage.kiosks.namePlaceholder'), autocomplete: 'off' } });
    const createForm = el('form', { class: 'inline-form', attrs: { id: 'kiosk-form', 'aria-label': t('manage.kiosks.formLabel') } }, [
      el('label', {}, [el('span', { text: t('manage.kiosks.name') }), nameInput]),
      el('button', { class: 'button primary', text: t('manage.kiosks.create'), attrs: { type: 'submit', 'data-action': 'create-kiosk' } }),
    ]);
    const showRevoked = el('input', { attrs: { type: 'checkbox', name: 'showRevoked' } });

    container.classList.add('manager-view');
    container.replaceChildren(
      viewHeader(t('manage.kiosks.title')),
      el('div', { class: 'card' }, [
        el('h3', { text: t('manage.kiosks.setUp') }),
        el('p', { class: 'hint', text: t('manage.kiosks.setUpHint') }),
        createForm,
        created,
      ]),
      el('div', { class: 'card' }, [
        el('h3', { text: t('manage.kiosks.title'), attrs: { id: 'kiosks-list-heading' } }),
        el('label', { class: 'inline' }, [showRevoked, el('span', { text: t('manage.kiosks.showRevoked') })]),
        list, empty,
      ]),
    );

    let kiosks = [];
    const kioskRow = (kiosk) => {
      const revoke = el('button', { class: 'button secondary', text: t('manage.kiosks.revoke'), attrs: { type: 'button', 'data-action': 'revoke-kiosk', 'aria-label': t('manage.kiosks.revokeName', { name: kiosk.name }) } });
      revoke.hidden = kiosk.revoked;
      revoke.addEventListener('click', async () => {
        if (!(await confirmDialog({
          title: t('manage.kiosks.revokeTitle', { name: kiosk.name }),
          message: t('manage.kiosks.revokeMessage'),
          confirmText: t('manage.kiosks.revokeConfirm'), danger: true,
        }))) return;
        revoke.disabled = true;
        try {
          await ctx.api('DELETE', `/kiosks/${kiosk.id}`);
          ctx.say(t('manage.kiosks.revoked', { name: kiosk.name }), 'ok');
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
            el('span', { class: `badge ${kiosk.revoked ? 'badge-inactive' : 'badge-ok'}`, text: kiosk.revoked ? t('manage.kiosks.badge.revoked') : t('manage.kiosks.badge.active') }),
          ]),
          el('p', { class: 'muted small', text: t('manage.kiosks.usage', { created: used(kiosk.createdAt), lastUsed: used(kiosk.lastUsedAt) }) }),
        ]),
        kiosk.revoked ? null : networksForm(kiosk),
        el('div', { class: 'row-actions' }, [revoke]),
      ]);
    };

    // Optional network restriction: the kiosk only punches from these client address ranges.
    const networksForm = (kiosk) => {
      const input = el('input', { attrs: { name: 'networks', value: (kiosk.allowedNetworks || []).join(', '), placeholder: t('manage.kiosks.networksPlaceholder'), 'aria-label': t('manage.kiosks.networksOf', { name: kiosk.name }) } });
      const form = el('form', { class: 'inline-form kiosk-networks', data: { kioskNetworks: kiosk.id } }, [
        el('label', {}, [el('span', { text: `${t('manage.kiosks.networks')} ` }), input]),
        el('button', { class: 'button secondary', text: t('manage.kiosks.saveNetworks'), attrs: { type: 'submit', 'data-action': 'save-kiosk-networks' } }),
      ]);
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const networks = input.value.split(/[\s,]+/).filter(Boolean);
        try {
          await ctx.api('PUT', `/kiosks/${kiosk.id}/networks`, { networks });
          ctx.say(networks.length ? t('manage.kiosks.networksSaved', { name: kiosk.name, networks: networks.join(', ') }) : t('manage.kiosks.anyNetwork', { name: kiosk.name }), 'ok');
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
      empty.textContent = kiosks.length > 0 && visible.length === 0 ? t('manage.kiosks.allRevoked') : t('manage.kiosks.none');
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
          el('p', {}, [el('strong', { text: t('manage.kiosks.ready', { name: kiosk.name }) })]),
          el('p', { text: t('manage.kiosks.signedOut') }),
          el('p', {}, [el('a', { class: 'button primary', text: t('manage.kiosks.open'), attrs: { href: '/kiosk.html', 'data-action': 'open-kiosk' } })]),
          el('details', {}, [
            el('summary', { text: t('manage.kiosks.token') }),
            el('p', { class: 'hint', text: t('manage.kiosks.tokenHint') }),
            token,
          ]),
        );
        created.hidden = false;
        container.replaceChildren(viewHeader(t('manage.kiosks.readyTitle')), el('div', { class: 'card' }, [created]));
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      } finally {
        button.disabled = false;
      }
    });

    await load();
  },
};
