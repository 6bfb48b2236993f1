// Calendar feed: a personal iCalendar URL with the member's shifts, to subscribe to from Google,
// Apple or Outlook calendars. The URL contains a secret token of which the server keeps only a
// hash, so it is shown once, right after turning the feed on or making a new one; later visits
// can only say the feed is on (and offer a new URL, which stops the old one).

import { el, viewHeader, say, explain, withBusy, confirmDialog, formatInstant, actionButton } from '../ui.js';

let state = null;

function copyButton(input) {
  return actionButton('copy-feed-url', 'Copy', async (button) => {
    try {
      await navigator.clipboard.writeText(input.value);
      say('The calendar address is copied. Paste it into your calendar app.', 'ok');
    } catch {
      // Clipboard access needs a secure context or permission: select the text so Ctrl+C works.
      input.focus();
      input.select();
      say('Press Ctrl+C (or ⌘C) to copy the selected address.', 'info');
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
    el('label', { attrs: { for: 'calendar-feed-url' }, text: 'Your calendar address' }),
    el('div', { class: 'calendar-url-row' }, [input, copyButton(input)]),
    el('p', { class: 'hint', attrs: { id: 'calendar-feed-secret' }, text: 'Keep this address to yourself: anyone who has it can see your shifts. It is shown only now; if you lose it, make a new one.' }),
    el('p', {}, [el('a', { attrs: { href: webcal }, text: 'Open in my calendar app' })]),
  ]);
}

function instructions() {
  const step = (title, text) => el('li', {}, [el('strong', { text: `${title}: ` }), text]);
  return el('section', { class: 'card', attrs: { 'aria-labelledby': 'calendar-how' } }, [
    el('h3', { text: 'How to subscribe', attrs: { id: 'calendar-how' } }),
    el('ul', { class: 'calendar-steps' }, [
      step('Google Calendar', 'on a computer, open calendar.google.com, next to “Other calendars” choose + then “From URL”, paste the address and choose “Add calendar”. It then appears on your phone too.'),
      step('Apple Calendar (iPhone)', 'Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar, paste the address. On a Mac: File → New Calendar Subscription.'),
      step('Outlook', 'Calendar → Add calendar → Subscribe from web, paste the address, give it a name and choose Import.'),
    ]),
    el('p', { class: 'hint', text: 'Your calendar shows shifts from the last 30 days and the next 8 weeks. Calendar apps refresh subscriptions on their own schedule (Google can take several hours), so a trade may show up there later than here. Shifts you traded away or that were cancelled are shown as cancelled.' }),
  ]);
}

function paint() {
  const { container, feed, url } = state;
  const enable = actionButton('enable-feed', feed.enabled ? 'Make a new address' : 'Turn on my calendar feed', async (button) => {
    if (feed.enabled) {
      const ok = await confirmDialog({
        title: 'Make a new address?',
        message: 'The current address stops working at once: calendars subscribed to it stop updating until you subscribe again with the new one.',
        confirmText: 'Make a new address',
      });
      if (!ok) return;
    }
    const created = await withBusy(button, () => state.api('POST', '/calendar-feed'), feed.enabled ? 'A new address is ready; the old one no longer works.' : 'Your calendar feed is on.');
    if (created) {
      state.feed = created;
      state.url = created.url || (created.path ? `${location.origin}${created.path}` : null);
      paint();
      document.getElementById('calendar-feed-url')?.focus();
    }
  }, { kind: feed.enabled ? 'secondary' : 'primary' });
  const disable = feed.enabled
    ? actionButton('disable-feed', 'Turn off', async (button) => {
      const ok = await confirmDialog({
        title: 'Turn off your calendar feed?',
        message: 'The address stops working and subscribed calendars stop updating. You can turn it on again later with a new address.',
        confirmText: 'Turn off',
        danger: true,
      });
      if (!ok) return;
      const done = await withBusy(button, async () => { await state.api('DELETE', '/calendar-feed'); return true; }, 'Your calendar feed is off.');
      if (done) {
        state.feed = { enabled: false, enabledAt: null };
        state.url = null;
        paint();
      }
    }, { kind: 'danger' })
    : null;

  const status = feed.enabled
    ? el('p', { data: { feedState: 'on' } }, [
      el('span', { class: 'badge status-scheduled', text: 'On' }),
      ` since ${feed.enabledAt ? formatInstant(feed.enabledAt) : 'earlier'}.`,
      url ? '' : ' For safety the address is not shown again; make a new one if you need it.',
    ])
    : el('p', { data: { feedState: 'off' } }, [
      el('span', { class: 'badge status-cancelled', text: 'Off' }),
      ' Turn it on to see your shifts in Google, Apple or Outlook calendars, updated when they change.',
    ]);

  container.replaceChildren(
    viewHeader('Calendar feed'),
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
  title: 'Calendar feed',
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
