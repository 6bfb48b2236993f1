// Calendar feed: a personal iCalendar URL with the member's shifts, to subscribe to from Google,
// Apple or Outlook calendars. The URL contains a secret token of which the server keeps only a
// hash, so it is shown once, right after turning the feed on or making a new one; later visits
// can only say the feed is on (and offer a new URL, which stops the old one).

import { el, viewHeader, say, explain, withBusy, confirmDialog, formatInstant, actionButton } from '../ui.js';
import { t } from '../i18n.js';

let state = null;

function copyButton(input) {
  return actionButton('copy-feed-url', t('calendar.copy'), async (button) => {
    try {
      await navigator.clipboard.writeText(input.value);
      say(t('calendar.copied'), 'ok');
    } catch {
      // Clipboard access needs a secure context or permission: select the text so Ctrl+C works.
      input.focus();
      input.select();
      say(t('calendar.pressCopy'), 'info');
    }
    button.focus();
  });
}

function urlPanel(url) {
  const input = el('input', {
    attrs: { id: 'calendar-feed-url', type: 'text', readonly: true, value: url, 'aria-describedby': 'calendar-feed-secret', spellcheck: 'false' },
    on: { focus: (event) => event.currentTarget.select() },
  });
  const webcal = url.replace(/^https?:/, 'webcal:');
  return el('div', { class: 'card calendar-url', data: { feedUrl: 'shown' } }, [
    el('label', { attrs: { for: 'calendar-feed-url' }, text: t('calendar.address') }),
    el('div', { class: 'calendar-url-row' }, [input, copyButton(input)]),
    el('p', { class: 'hint', attrs: { id: 'calendar-feed-secret' }, text: t('calendar.secret') }),
    el('p', {}, [el('a', { attrs: { href: webcal }, text: t('calendar.openApp') })]),
  ]);
}

function instructions() {
  const step = (title, text) => el('li', {}, [el('strong', { text: t('calendar.stepTitle', { title }) }), text]);
  return el('section', { class: 'card', attrs: { 'aria-labelledby': 'calendar-how' } }, [
    el('h3', { text: t('calendar.how'), attrs: { id: 'calendar-how' } }),
    el('ul', { class: 'calendar-steps' }, [
      step(t('calendar.google'), t('calendar.googleSteps')),
      step(t('calendar.apple'), t('calendar.appleSteps')),
      step(t('calendar.outlook'), t('calendar.outlookSteps')),
    ]),
    el('p', { class: 'hint', text: t('calendar.refreshHint') }),
  ]);
}

function paint() {
  const { container, feed, url } = state;
  const enable = actionButton('enable-feed', feed.enabled ? t('calendar.newAddress') : t('calendar.turnOn'), async (button) => {
    if (feed.enabled) {
      const ok = await confirmDialog({
        title: t('calendar.newTitle'),
        message: t('calendar.newMessage'),
        confirmText: t('calendar.newAddress'),
      });
      if (!ok) return;
    }
    const created = await withBusy(button, () => state.api('POST', '/calendar-feed'), feed.enabled ? t('calendar.newReady') : t('calendar.isOn'));
    if (created) {
      state.feed = created;
      state.url = created.url || (created.path ? `${location.origin}${created.path}` : null);
      paint();
      document.getElementById('calendar-feed-url')?.focus();
    }
  }, { kind: feed.enabled ? 'secondary' : 'primary' });
  const disable = feed.enabled
    ? actionButton('disable-feed', t('calendar.turnOff'), async (button) => {
      const ok = await confirmDialog({
        title: t('calendar.offTitle'),
        message: t('calendar.offMessage'),
        confirmText: t('calendar.turnOff'),
        danger: true,
      });
      if (!ok) return;
      const done = await withBusy(button, async () => { await state.api('DELETE', '/calendar-feed'); return true; }, t('calendar.isOff'));
      if (done) {
        state.feed = { enabled: false, enabledAt: null };
        state.url = null;
        paint();
      }
    }, { kind: 'danger' })
    : null;

  const status = feed.enabled
    ? el('p', { data: { feedState: 'on' } }, [
      el('span', { class: 'badge status-scheduled', text: t('calendar.on') }),
      feed.enabledAt ? t('calendar.since', { time: formatInstant(feed.enabledAt) }) : t('calendar.sinceEarlier'),
      url ? '' : t('calendar.notShownAgain'),
    ])
    : el('p', { data: { feedState: 'off' } }, [
      el('span', { class: 'badge status-cancelled', text: t('calendar.off') }),
      t('calendar.offHint'),
    ]);

  container.replaceChildren(
    viewHeader(t('calendar.heading')),
    el('section', { class: 'card', attrs: { 'aria-live': 'polite' } }, [
      status,
      el('div', { class: 'view-actions' }, [enable, disable]),
    ]),
    ...(url ? [urlPanel(url)] : []),
    instructions(),
  );
}

export default {
  id: 'calendar',
  get title() { return t('views.calendar'); },
  roles: ['employee', 'manager'],

  async render(container, ctx) {
    state = { container, api: ctx.api, feed: { enabled: false }, url: null };
    try {
      state.feed = await ctx.api('GET', '/calendar-feed');
    } catch (error) {
      say(explain(error), 'error');
      throw error;
    }
    paint();
  },
};
