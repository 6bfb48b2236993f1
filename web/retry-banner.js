// Says so while a change is being sent again (web/api.js retries a state-changing request whose
// answer was lost, with the same Idempotency-Key): "no answer yet, trying again (2 of 4)". The
// banner goes once the request settles, whatever its answer (errors are shown where they belong).

import { t } from './i18n.js';

const BANNER_ID = 'retry-banner';

/** Listens to api.js's retry events for the rest of the page's life. */
export function setUpRetryBanner() {
  window.addEventListener('shifty:request-retrying', (event) => {
    const banner = bannerElement();
    const { attempt, attempts, seconds } = event.detail || {};
    banner.textContent = t('retry.waiting', { attempt, attempts, seconds });
    banner.hidden = false;
  });
  window.addEventListener('shifty:request-settled', () => {
    const banner = document.getElementById(BANNER_ID);
    if (banner) banner.hidden = true;
  });
}

function bannerElement() {
  let banner = document.getElementById(BANNER_ID);
  if (!banner) {
    banner = document.createElement('p');
    banner.id = BANNER_ID;
    banner.className = 'offline-banner retry-banner';
    banner.setAttribute('role', 'status');
    banner.setAttribute('aria-live', 'polite');
    banner.hidden = true;
    document.body.prepend(banner);
  }
  return banner;
}
