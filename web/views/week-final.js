// "Final since Fri 12 Jun, 14:02" under the team week's heading: when the week's published
// schedule last changed (a manager's change or generation from fixed shifts; trades between
// employees act on it and do not count), or "Not published yet". Data: GET /schedule-weeks for
// the week. The line is drawn with every paint of the week, which follows every live change of
// the schedule (`team_schedule.changed`), so it refreshes with the grid; the last answer per week
// is shown meanwhile, so a repaint does not flicker.

import { el, timeZone } from '../ui.js';
import { t, locale } from '../i18n.js';

/** Monday → publishedAt (null: never published), from the last answer. */
const known = new Map();

/** "Fri 12 Jun, 14:02" in the workplace's zone and the reader's language. */
function publishedText(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(), {
    weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: timeZone(),
  }).format(date);
}

function fill(line, publishedAt) {
  line.textContent = publishedAt ? t('week.finalSince', { time: publishedText(publishedAt) }) : t('week.notPublished');
  line.dataset.publishedAt = publishedAt || '';
}

/** The week's line; filled from the last answer at once and from the server when it answers. */
export function finalSinceLine(ctx, monday) {
  const line = el('p', { class: 'week-final hint', attrs: { 'aria-live': 'polite' } });
  if (known.has(monday)) fill(line, known.get(monday));
  ctx.api('GET', `/schedule-weeks?from=${monday}&to=${monday}`).then((weeks) => {
    const week = Array.isArray(weeks) ? weeks.find((entry) => entry.monday === monday) : null;
    if (!week) return;
    known.set(monday, week.publishedAt ?? null);
    fill(line, week.publishedAt ?? null);
  }).catch(() => { /* offline: the live indicator says so; the line keeps what it knew */ });
  return line;
}
