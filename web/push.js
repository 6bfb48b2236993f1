// Account's "Notifications on this device": turns Web Push on or off for this browser through the
// service worker's PushManager with the server's VAPID key, and lists (and revokes) every device
// of mine that receives notifications.

import { el, say, explain, formatInstant, actionButton } from './ui.js';
import { t } from './i18n.js';

/** The browser's applicationServerKey from the server's base64url public key. */
function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function currentSubscription() {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

async function turnOn(ctx) {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('blocked');
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await ctx.api('GET', '/push/vapid-public-key');
  let subscription = await registration.pushManager.getSubscription();
  if (subscription) {
    // Made for another server key (e.g. a restored database): start over.
    const current = subscription.options?.applicationServerKey;
    const same = current && new Uint8Array(current).join() === keyBytes(publicKey).join();
    if (!same) { await subscription.unsubscribe(); subscription = null; }
  }
  const subscribe = () => registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
  subscription ??= await subscribe();
  try {
    await ctx.api('POST', '/push/subscriptions', subscription.toJSON());
  } catch (error) {
    // Another member subscribed this browser before: their subscription stays theirs. A fresh
    // one gets a new endpoint for me (and ends theirs at the push service).
    if (error?.code !== 'push_endpoint_taken') throw error;
    await subscription.unsubscribe();
    subscription = await subscribe();
    await ctx.api('POST', '/push/subscriptions', subscription.toJSON());
  }
}

async function turnOff(ctx, devices) {
  const subscription = await currentSubscription();
  const mine = devices.find((device) => device.thisDevice);
  if (mine) await ctx.api('DELETE', `/push/subscriptions/${mine.id}`);
  if (subscription) await subscription.unsubscribe();
}

/** The card; it reloads itself after each change. */
export function pushSection(ctx) {
  const section = el('section', { class: 'card', attrs: { 'aria-labelledby': 'push-title', id: 'push-devices' } });
  async function load() {
    let devices = [];
    let subscription = null;
    try {
      subscription = await currentSubscription();
      const query = subscription ? `?endpoint=${encodeURIComponent(subscription.endpoint)}` : '';
      devices = await ctx.api('GET', `/push/subscriptions${query}`);
    } catch (error) {
      say(explain(error), 'error');
    }
    const here = Boolean(subscription) && devices.some((device) => device.thisDevice);
    const status = !supported()
      ? t('push.unsupported')
      : Notification.permission === 'denied'
        ? t('push.blocked')
        : here ? t('push.on') : t('push.off');
    const toggle = here
      ? actionButton('push-off', t('push.turnOff'), (button) => change(button, () => turnOff(ctx, devices), t('push.turnedOff')))
      : actionButton('push-on', t('push.turnOn'), (button) => change(button, () => turnOn(ctx), t('push.turnedOn')), { kind: 'primary' });
    toggle.disabled = !supported() || Notification.permission === 'denied';
    const list = el('ul', { class: 'list push-device-list', attrs: { 'aria-labelledby': 'push-devices-title' } },
      devices.map((device) => el('li', { class: 'list-item', data: { deviceId: String(device.id) } }, [
        el('div', {}, [
          el('strong', { text: device.thisDevice ? t('push.thisDevice', { device: device.device }) : device.device }),
          el('p', { class: 'hint', text: [
            t('push.since', { when: formatInstant(device.createdAt) }),
            device.lastSuccessAt ? t('push.lastSuccess', { when: formatInstant(device.lastSuccessAt) }) : null,
            device.lastFailureAt ? t('push.lastFailure', { when: formatInstant(device.lastFailureAt) }) : null,
          ].filter(Boolean).join(' · ') }),
        ]),
        actionButton('revoke-push-device', t('push.revoke'), (button) => change(button, async () => {
          await ctx.api('DELETE', `/push/subscriptions/${device.id}`);
          if (device.thisDevice && subscription) await subscription.unsubscribe();
        }, t('push.revoked', { device: device.device }))),
      ])));
    section.replaceChildren(
      el('h3', { text: t('push.title'), attrs: { id: 'push-title' } }),
      el('p', { class: 'push-status', text: status }),
      el('div', { class: 'row-actions' }, [toggle]),
      el('h4', { text: t('push.devicesTitle'), attrs: { id: 'push-devices-title' } }),
      devices.length ? list : el('p', { class: 'hint', text: t('push.none') }),
    );
  }
  async function change(button, action, done) {
    button.disabled = true;
    try {
      await action();
      say(done, 'ok');
    } catch (error) {
      say(error?.message === 'blocked'
        ? t('push.notAllowed')
        : explain(error), 'error');
    }
    await load();
  }
  load();
  return section;
}
