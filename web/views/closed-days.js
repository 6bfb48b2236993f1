// Closed days (managers): days the workplace is closed, so no shifts are generated on them.
// List, add one, reopen one, or import many from a CSV file (`date,name`; all or nothing, with
// every bad line named).

import { el, viewHeader, formatDate, todayInWorkplace, confirmDialog, timeRange } from '../ui.js';
import { ApiError } from '../api.js';
import { t, tn } from '../i18n.js';

/// Reloads the list on screen; null while the view is not shown.
let reloadClosedDays = null;

// The sample keeps the file's own column names: they are part of the CSV format, not page text.
const sampleCSV = () => `date,name\n2026-12-25,${t('manage.closedDays.sample.christmas')}\n2026-12-26,${t('manage.closedDays.sample.boxingDay')}\n`;

const localDay = (date) => formatDate(date, { long: true });

function field(label, control, hint) {
  return el('label', {}, [el('span', { text: label }), control, ...(hint ? [el('span', { class: 'hint small', text: hint })] : [])]);
}

const shiftLine = (shift) => `${shift.ownerName} ${timeRange(shift)}`;

/** The confirmation's text: who loses a shift (they are notified) and what stays. */
export function closingMessage(preview) {
  const parts = [];
  if (preview.removed.length === 0) parts.push(t('manage.closedDays.noneRemoved'));
  else parts.push(tn('manage.closedDays.removes', preview.removed.length, { shifts: preview.removed.map(shiftLine).join(', ') }));
  if (preview.kept.length) parts.push(t('manage.closedDays.staying', { shifts: preview.kept.map(shiftLine).join(', ') }));
  return parts.join(' ');
}

export default {
  id: 'closed-days',
  get title() { return t('manage.closedDays.title'); },
  roles: ['manager'],

  async render(container, ctx) {
    const upcoming = el('ul', { class: 'list closed-list', attrs: { 'aria-labelledby': 'closed-upcoming' } });
    const past = el('ul', { class: 'list closed-list closed-past', attrs: { 'aria-labelledby': 'closed-past' } });
    const pastBlock = el('details', {}, [el('summary', { attrs: { id: 'closed-past' } }), past]);
    const upcomingEmpty = el('p', { class: 'empty', text: t('manage.closedDays.noneAhead') });

    const addForm = el('form', { class: 'inline-form', attrs: { id: 'closed-day-form', 'aria-label': t('manage.closedDays.close') } }, [
      field(t('manage.closedDays.date'), el('input', { attrs: { name: 'date', type: 'date', required: '', min: todayInWorkplace() } })),
      field(t('manage.closedDays.name'), el('input', { attrs: { name: 'name', required: '', maxlength: '200', placeholder: t('manage.closedDays.namePlaceholder'), autocomplete: 'off' } })),
      el('button', { class: 'button primary', text: t('manage.closedDays.closeThis'), attrs: { type: 'submit' } }),
    ]);

    const fileInput = el('input', { attrs: { name: 'file', type: 'file', accept: '.csv,text/csv,text/plain' } });
    const csvText = el('textarea', { attrs: { name: 'csv', rows: '6', spellcheck: 'false', placeholder: sampleCSV() } });
    const importErrors = el('div', { attrs: { 'aria-live': 'polite' } });
    const importForm = el('form', { class: 'stack-form single-column', attrs: { id: 'closed-days-import', 'aria-label': t('manage.closedDays.importLabel') } }, [
      el('p', { class: 'hint', text: t('manage.closedDays.importHint') }),
      field(t('manage.closedDays.file'), fileInput),
      field(t('manage.closedDays.paste'), csvText),
      el('button', { class: 'button primary', text: t('manage.closedDays.import'), attrs: { type: 'submit' } }),
      importErrors,
    ]);

    container.classList.add('manager-view');
    container.replaceChildren(
      viewHeader(t('manage.closedDays.title')),
      el('p', { class: 'hint', text: t('manage.closedDays.hint') }),
      el('div', { class: 'card' }, [el('h3', { text: t('manage.closedDays.ahead'), attrs: { id: 'closed-upcoming' } }), upcoming, upcomingEmpty, pastBlock]),
      el('div', { class: 'card' }, [el('h3', { text: t('manage.closedDays.close') }), addForm]),
      el('details', { class: 'card' }, [el('summary', { text: t('manage.closedDays.importSummary') }), importForm]),
    );

    const dayRow = (day) => {
      const reopen = el('button', { class: 'button secondary', text: t('manage.closedDays.reopen'), attrs: { type: 'button', 'data-action': 'reopen', 'aria-label': t('manage.closedDays.reopenDay', { day: localDay(day.date) }) } });
      reopen.addEventListener('click', async () => {
        if (!(await confirmDialog({
          title: t('manage.closedDays.reopenTitle', { day: localDay(day.date) }),
          message: t('manage.closedDays.reopenMessage', { name: day.name }),
          confirmText: t('manage.closedDays.reopen'),
        }))) return;
        reopen.disabled = true;
        try {
          await ctx.api('DELETE', `/closed-days/${encodeURIComponent(day.date)}`);
          ctx.say(t('manage.closedDays.reopened', { day: localDay(day.date) }), 'ok');
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
        pastBlock.querySelector('summary').textContent = t('manage.closedDays.past', { count: before.length });
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
          title: t('manage.closedDays.closeTitle', { day: localDay(date) }),
          message: closingMessage(preview),
          confirmText: preview.removed.length ? tn('manage.closedDays.closeAndRemove', preview.removed.length) : t('manage.closedDays.closeThis'),
          danger: preview.removed.length > 0,
        }))) return;
        const day = await ctx.api('POST', '/closed-days', { date, name: String(data.get('name')).trim() });
        ctx.say(t('manage.closedDays.closed', { day: localDay(day.date), name: day.name }), 'ok');
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
      if (file.size > 512 * 1024) { ctx.say(t('manage.closedDays.tooLarge'), 'error'); fileInput.value = ''; return; }
      csvText.value = await file.text();
    });

    importForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      importErrors.replaceChildren();
      const text = csvText.value;
      if (!text.trim()) { ctx.say(t('manage.closedDays.nothingToImport'), 'error'); csvText.focus(); return; }
      const button = importForm.querySelector('button[type=submit]');
      button.disabled = true;
      try {
        const imported = await ctx.api('POST', '/closed-days/import', text);
        ctx.say(tn('manage.closedDays.imported', imported.length), 'ok');
        importForm.reset();
        await load();
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
        if (error instanceof ApiError && error.fields.length > 0) {
          importErrors.replaceChildren(
            el('p', { class: 'error-text', text: t('manage.closedDays.importFailed') }),
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
