// "Final since Fri 12 Jun, 14:02" under the team week's heading: when the week's published
// schedule last changed (a manager's change or generation from fixed shifts; trades between
// employees act on it and do not count), or "Not published yet". Data: GET /schedule-weeks for
// the week, loaded with the week's shifts (week.js `load`), so it follows every live change of the
// schedule (`team_schedule.changed`) and a repaint for a filter asks the server nothing.

import { el, formatInstant } from '../ui.js';
import { t } from '../i18n.js';

/** The week's line from `publication` ({ monday, publishedAt }); empty until the first answer. */
export function finalSinceLine(publication) {
  const line = el('p', { class: 'week-final hint', attrs: { 'aria-live': 'polite' } });
  if (!publication) return line;
  const { publishedAt } = publication;
  line.textContent = publishedAt ? t('week.finalSince', { time: formatInstant(publishedAt, { withWeekday: true }) }) : t('week.notPublished');
  line.dataset.publishedAt = publishedAt || '';
  return line;
}
