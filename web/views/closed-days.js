// Closed days (managers): days the workplace is closed, so no shifts are generated on them.
// List, add one, reopen one, or import many from a CSV file (`date,name`; all or nothing, with
// every bad line named).

import { el, viewHeader, formatDate, todayInWorkplace, confirmDialog, timeRange } from '../ui.js';
import { ApiError } from '../api.js';

/// Reloads the list on screen; null while the view is not shown.
let reloadClosedDays = null;

const SAMPLE_CSV = 'date,name\n2026-12-25,Christmas Day\n2026-12-26,Boxing Day\n';

const localDay = (date) => formatDate(date, { long: true });

function field(label, control, hint) {
  return el('label', {}, [el('span', { text: label }), control, ...(hint ? [el('span', { class: 'hint small', text: hint })] : [])]);
}

const shiftLine = (shift) => `${shift.ownerName} ${timeRange(shift)}`;

/** The confirmation's text: who loses a shift (they are notified) and what stays. */
export function closingMessage(preview) {
  const parts = [];
  if (preview.removed.length === 0) parts.push('Nobody has a generated shift on this day: no shifts are removed.');
  else parts.push(`Removes ${preview.removed.length === 1 ? 'this shift' : `these ${preview.removed.length} shifts`}: ${preview.removed.map(shiftLine).join(', ')}. ${preview.removed.length === 1 ? 'Its owner is' : 'Their owners are'} notified.`);
  if (preview.kept.length) parts.push(`Staying (traded, edited or added by hand): ${preview.kept.map(shiftLine).join(', ')}.`);
  return parts.join(' ');
}

export default {
  id: 'closed-days',
  title: 'Closed days',
  roles: ['manager'],

  async render(container, ctx) {
    const upcoming = el('ul', { class: 'list closed-list', attrs: { 'aria-labelledby': 'closed-upcoming' } });
    const past = el('ul', { class: 'list closed-list closed-past', attrs: { 'aria-labelledby': 'closed-past' } });
    const pastBlock = el('details', {}, [el('summary', { attrs: { id: 'closed-past' } }), past]);
    const upcomingEmpty = el('p', { class: 'empty', text: 'No closed days ahead.' });

    const addForm = el('form', { class: 'inline-form', attrs: { id: 'closed-day-form', 'aria-label': 'Close a day' } }, [
      field('Date', el('input', { attrs: { name: 'date', type: 'date', required: '', min: todayInWorkplace() } })),
      field('Name', el('input', { attrs: { name: 'name', required: '', maxlength: '200', placeholder: 'e.g. Christmas Day', autocomplete: 'off' } })),
      el('button', { class: 'button primary', text: 'Close this day', attrs: { type: 'submit' } }),
    ]);

    const fileInput = el('input', { attrs: { name: 'file', type: 'file', accept: '.csv,text/csv,text/plain' } });
    const csvText = el('textarea', { attrs: { name: 'csv', rows: '6', spellcheck: 'false', placeholder: SAMPLE_CSV } });
    const importErrors = el('div', { attrs: { 'aria-live': 'polite' } });
    const importForm = el('form', { class: 'stack-form single-column', attrs: { id: 'closed-days-import', 'aria-label': 'Import closed days from CSV' } }, [
      el('p', { class: 'hint', text: 'One day per line: date (YYYY-MM-DD), name. A header line "date,name" is skipped; names with commas go in double quotes. If any line is wrong, nothing is imported.' }),
      field('CSV file', fileInput),
      field('…or paste the lines', csvText),
      el('button', { class: 'button primary', text: 'Import', attrs: { type: 'submit' } }),
      importErrors,
    ]);

    container.classList.add('manager-view');
    container.replaceChildren(
      viewHeader('Closed days'),
      el('p', { class: 'hint', text: 'No shifts are generated on closed days; shifts already on a day you close are removed unless someone traded or edited them.' }),
      el('div', { class: 'card' }, [el('h3', { text: 'Ahead', attrs: { id: 'closed-upcoming' } }), upcoming, upcomingEmpty, pastBlock]),
      el('div', { class: 'card' }, [el('h3', { text: 'Close a day' }), addForm]),
      el('details', { class: 'card' }, [el('summary', { text: 'Import from a CSV file' }), importForm]),
    );

    const dayRow = (day) => {
      const reopen = el('button', { class: 'button secondary', text: 'Reopen', attrs: { type: 'button', 'data-action': 'reopen', 'aria-label': `Reopen ${localDay(day.date)}` } });
      reopen.addEventListener('click', async () => {
        if (!(await confirmDialog({
          title: `Reopen ${localDay(day.date)}?`,
          message: `“${day.name}” is removed and the day's fixed shifts are put back on the schedule.`,
          confirmText: 'Reopen',
        }))) return;
        reopen.disabled = true;
        try {
          await ctx.api('DELETE', `/closed-days/${encodeURIComponent(day.date)}`);
          ctx.say(`${localDay(day.date)} is open again; its shifts are back on the schedule.`, 'ok');
          await load();
          container.querySelector('h1')?.focus({ preventScroll: true }); // the row is gone
        } catch (error) {
          reopen.disabled = false;
          ctx.say(ctx.explain(error), 'error');
        }
      });
      return el('li', { class: 'row closed-day', attrs: { 'data-date': day.date } }, [
        el('div', { class: 'row-main' }, [
          el('p', { class: 'row-title', text: day.name }),
          el('p', { class: 'muted small' }, [el('time', { text: localDay(day.date), attrs: { datetime: day.date } })]),
        ]),
        el('div', { class: 'row-actions' }, [reopen]),
      ]);
    };

    let loading = 0;
    const load = async () => {
      const request = ++loading;
      try {
        const days = await ctx.api('GET', '/closed-days');
        if (request !== loading) return;
        const now = todayInWorkplace();
        days.sort((a, b) => a.date.localeCompare(b.date));
        const ahead = days.filter((day) => day.date >= now);
        const before = days.filter((day) => day.date < now).reverse();
        upcoming.replaceChildren(...ahead.map(dayRow));
        upcomingEmpty.hidden = ahead.length > 0;
        past.replaceChildren(...before.map(dayRow));
        pastBlock.hidden = before.length === 0;
        pastBlock.querySelector('summary').textContent = `Past closed days (${before.length})`;
      } catch (error) {
        if (request === loading) ctx.say(ctx.explain(error), 'error');
      }
    };

    addForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(addForm);
      const button = addForm.querySelector('button[type=submit]');
      button.disabled = true;
      try {
        // Show who loses a shift before anything is deleted (the server's dry run of the same rule).
        const date = String(data.get('date'));
        const preview = await ctx.api('GET', `/closed-days/preview?date=${encodeURIComponent(date)}`);
        if (!(await confirmDialog({
          title: `Close ${localDay(date)}?`,
          message: closingMessage(preview),
          confirmText: preview.removed.length ? `Close and remove ${preview.removed.length} shift${preview.removed.length === 1 ? '' : 's'}` : 'Close this day',
          danger: preview.removed.length > 0,
        }))) return;
        const day = await ctx.api('POST', '/closed-days', { date, name: String(data.get('name')).trim() });
        ctx.say(`${localDay(day.date)} is closed (${day.name}).`, 'ok');
        addForm.reset();
        await load();
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      } finally {
        button.disabled = false;
      }
    });

    fileInput.addEventListener('change', async () => {
      const file = fileInput.files?.[0];
      if (!file) return;
      if (file.size > 512 * 1024) { ctx.say('That file is too large for a list of closed days (at most 512 KB).', 'error'); fileInput.value = ''; return; }
      csvText.value = await file.text();
    });

    importForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      importErrors.replaceChildren();
      const text = csvText.value;
      if (!text.trim()) { ctx.say('Choose a CSV file or paste some lines first.', 'error'); csvText.focus(); return; }
      const button = importForm.querySelector('button[type=submit]');
      button.disabled = true;
      try {
        const imported = await ctx.api('POST', '/closed-days/import', text);
        ctx.say(`Imported ${imported.length} closed day${imported.length === 1 ? '' : 's'}.`, 'ok');
        importForm.reset();
        await load();
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
        if (error instanceof ApiError && error.fields.length > 0) {
          importErrors.replaceChildren(
            el('p', { class: 'error-text', text: 'Nothing was imported. Fix these lines and try again:' }),
            el('ul', { class: 'error-list' }, error.fields.map((problem) => el('li', {}, [
              el('strong', { text: `${problem.field}: ` }), el('span', { text: problem.detail }),
            ]))),
          );
        }
      } finally {
        button.disabled = false;
      }
    });

    reloadClosedDays = () => (container.isConnected ? load() : (reloadClosedDays = null));
    await load();
  },

  onLive(message) {
    // Another manager may close or reopen days; the schedule topic carries closed_days.changed.
    if (message?.event?.type === 'closed_days.changed') reloadClosedDays?.();
  },
};
