// Reports (managers): worked hours per day and by position as SVG charts over a chosen range,
// the monthly timeclock report as a table, CSV/JSON downloads and a printable version, and the
// schedule-change ledger of a month (GET /reports/schedule-changes: what late changes to the
// published schedule owe each person, every entry, a waiver with a reason, and its CSV).

import { el, viewHeader, formatDate, formatInstant, todayInWorkplace } from '../ui.js';
import { t, tn, locale, formatDuration, formatMoney } from '../i18n.js';
import { hoursPerDayChart, positionBarsChart, chartLegend, movingAverage, smoothingWindow, positionName, formatHours } from '../chart.js';
import { ledgerChangeName, ledgerReasonName, noticeWords, owedWords, owesPremium } from './preview.js';

const RANGES = [
  { value: '7d', label: 'manage.reports.range.7d' },
  { value: '30d', label: 'manage.reports.range.30d' },
  { value: 'month', label: 'manage.reports.range.month' },
  { value: 'all', label: 'manage.reports.range.all' },
];

/// "YYYY-MM" of today in the workplace's time zone (not the browser's).
const currentMonth = () => todayInWorkplace().slice(0, 7);

function monthTitle(month) {
  const parsed = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return month;
  return parsed.toLocaleDateString(locale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

const dayTitle = (date) => formatDate(date, { long: true });

const hoursOf = (minutes) => formatHours((Number(minutes) || 0) / 60);

/// Saves text as a file through a Blob link (no server round trip, works under the CSP).
function download(filename, type, text) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el('a', { attrs: { href: url, download: filename } });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/// One CSV cell (RFC 4180 quoting; a leading =,+,-,@ is kept as text for spreadsheets).
function csvCell(value) {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function chartCSV(data, smoothed) {
  // i18n-exempt: CSV column names are a data format for spreadsheets and scripts, like the server's CSV
  const lines = [['date', 'worked_minutes', 'worked_hours', ...(smoothed ? ['moving_average_hours'] : [])].join(',')];
  data.days.forEach((day, index) => {
    const cells = [day.date, day.workedMinutes, (day.workedMinutes / 60).toFixed(2)];
    if (smoothed) cells.push(smoothed[index].toFixed(2));
    lines.push(cells.map(csvCell).join(','));
  });
  lines.push('', 'position,worked_minutes,scheduled_minutes');
  for (const entry of data.byPosition) lines.push([positionName(entry.position), entry.workedMinutes, entry.scheduledMinutes].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

function radio(name, value, label, checked) {
  const input = el('input', { attrs: { type: 'radio', name, value } });
  input.checked = checked;
  return el('label', { class: 'segment' }, [input, el('span', { text: label })]);
}

function tableScroller(label, table) {
  return el('div', { class: 'table-scroll', attrs: { role: 'region', 'aria-label': label, tabindex: '0' } }, [table]);
}

function headerRow(names) {
  return el('thead', {}, [el('tr', {}, names.map((name) => el('th', { text: name, attrs: { scope: 'col' } })))]);
}

/// The report's columns after the member; `numeric` ones are right-aligned.
const REPORT_COLUMNS = [
  { key: 'manage.reports.column.pay' }, { key: 'manage.reports.column.worked', numeric: true }, { key: 'manage.reports.column.scheduled', numeric: true },
  { key: 'manage.reports.column.overtime', numeric: true }, { key: 'manage.reports.column.absences', numeric: true }, { key: 'manage.reports.column.diligenceAbsences', numeric: true },
  { key: 'manage.reports.column.schedule' }, { key: 'manage.reports.column.punches' },
];

/// A report cell labelled with its column (phones show the label, tables the header).
function cell(column, content) {
  const { key, numeric } = REPORT_COLUMNS[column];
  return el('td', { class: numeric ? 'num' : null, attrs: { 'data-label': t(key) } }, [content]);
}

/// A member with odd punches (a check-in without check-out…) gets a link to those days' punches,
/// where a manager corrects them; the figures are provisional until then.
function oddPunchesLink(employee) {
  const dates = [...employee.oddPunchDates].sort();
  const count = dates.length;
  const query = new URLSearchParams({ search: employee.username });
  if (count > 0) { query.set('from', dates[0]); query.set('to', dates[count - 1]); }
  return el('a', {
    class: 'badge badge-warn', text: tn('manage.reports.oddPunches', count),
    attrs: { href: `#/punches?${query}`, title: t('manage.reports.correctPunches', { name: employee.name }) },
  });
}

function monthlyTable(report) {
  const body = el('tbody');
  for (const employee of report.employees) {
    const schedule = employee.schedule ?? {};
    const deviations = [
      schedule.lateArrivals ? tn('manage.reports.late', schedule.lateArrivals) : '',
      schedule.earlyLeaves ? tn('manage.reports.early', schedule.earlyLeaves) : '',
      schedule.noShows ? tn('manage.reports.noShow', schedule.noShows) : '',
    ].filter(Boolean).join(', ') || '—';
    const complete = employee.complete
      ? el('span', { class: 'badge badge-ok', text: t('manage.reports.complete') })
      : oddPunchesLink(employee);
    body.append(el('tr', { attrs: { 'data-user-id': String(employee.userID) } }, [
      el('th', { attrs: { scope: 'row' } }, [el('span', { text: employee.name }), el('span', { class: 'muted small block', text: employee.username })]),
      cell(0, employee.payType === 'diligence' ? t('manage.reports.pay.diligence') : t('manage.reports.pay.normal')),
      cell(1, hoursOf(employee.workedMinutes)),
      cell(2, hoursOf(schedule.scheduledMinutes)),
      cell(3, hoursOf(employee.overtimeMinutes)),
      cell(4, String(employee.absences)),
      cell(5, employee.payType === 'diligence' ? String(employee.diligenceAbsences) : '—'),
      cell(6, deviations),
      cell(7, complete),
    ]));
  }
  const totals = report.totals ?? {};
  const foot = el('tfoot', {}, [el('tr', {}, [
    el('th', { text: tn('manage.reports.total', totals.employees ?? report.employees.length), attrs: { scope: 'row' } }),
    el('td'),
    cell(1, hoursOf(totals.workedMinutes)),
    cell(2, hoursOf(totals.scheduledMinutes)),
    cell(3, hoursOf(totals.overtimeMinutes)),
    cell(4, String(totals.absences ?? '')),
    cell(5, String(totals.diligenceAbsences ?? '')),
    el('td'),
    cell(7, totals.incompleteEmployees ? tn('manage.reports.incomplete', totals.incompleteEmployees) : t('manage.reports.allComplete')),
  ])]);
  const table = el('table', { class: 'data-table report-table responsive-table' }, [
    el('caption', { text: t('manage.reports.caption', { month: monthTitle(report.month) }) }),
    headerRow([t('manage.reports.column.member'), ...REPORT_COLUMNS.map((column) => t(column.key))]),
    body, foot,
  ]);
  return tableScroller(t('manage.reports.caption', { month: monthTitle(report.month) }), table);
}

/// Words and badge colour of a timeclock day's status.
const DAY_STATUS = {
  present: ['manage.reports.day.present', 'badge-ok'],
  absent: ['manage.reports.day.absent', 'badge-inactive'],
  odd_punches: ['manage.reports.day.oddPunches', 'badge-warn'],
  day_off: ['manage.reports.day.dayOff', 'badge-position'],
  upcoming: ['manage.reports.day.upcoming', 'badge-position'],
};

/// One member's month day by day (the report answers `days` when asked for one member).
function memberDaysTable(employee) {
  const body = el('tbody');
  for (const day of employee.days ?? []) {
    const [wordsKey, badge] = DAY_STATUS[day.status] ?? [null, 'badge-position'];
    const words = wordsKey ? t(wordsKey) : day.status;
    body.append(el('tr', { attrs: { 'data-date': day.date } }, [
      el('th', { text: dayTitle(day.date), attrs: { scope: 'row' } }),
      el('td', { attrs: { 'data-label': t('manage.reports.column.status') } }, [el('span', { class: `badge ${badge}`, text: day.isClosed ? t('manage.reports.day.closed', { status: words }) : words })]),
      el('td', { class: 'num', text: hoursOf(day.workedMinutes), attrs: { 'data-label': t('manage.reports.column.worked') } }),
      el('td', { class: 'num', text: day.quotaMinutes === null || day.quotaMinutes === undefined ? '—' : hoursOf(day.quotaMinutes), attrs: { 'data-label': t('manage.reports.column.quota') } }),
      el('td', { class: 'num', text: day.overtimeMinutes === null || day.overtimeMinutes === undefined ? '—' : formatSignedMinutes(day.overtimeMinutes), attrs: { 'data-label': t('manage.reports.column.overtime') } }),
    ]));
  }
  const table = el('table', { class: 'data-table responsive-table member-days' }, [
    el('caption', { text: t('manage.reports.dayByDay', { name: employee.name }) }),
    headerRow(['manage.reports.column.day', 'manage.reports.column.status', 'manage.reports.column.worked', 'manage.reports.column.quota', 'manage.reports.column.overtime'].map((key) => t(key))),
    body,
  ]);
  return tableScroller(t('manage.reports.dayByDay', { name: employee.name }), table);
}

/// Overtime minutes with their sign: "+41 min", "−1 h 7 min".
const formatSignedMinutes = (minutes) => (minutes > 0 ? `+${formatDuration(Math.round(minutes))}` : formatDuration(Math.round(minutes)));

function daysTable(data, smoothed) {
  const body = el('tbody');
  data.days.forEach((day, index) => {
    body.append(el('tr', {}, [
      el('th', { text: dayTitle(day.date), attrs: { scope: 'row' } }),
      el('td', { class: 'num', text: hoursOf(day.workedMinutes) }),
      ...(smoothed ? [el('td', { class: 'num', text: formatHours(smoothed[index]) })] : []),
    ]));
  });
  return el('table', { class: 'data-table' }, [
    headerRow([t('manage.reports.column.day'), t('manage.reports.column.worked'), ...(smoothed ? [t('manage.reports.column.movingAverage')] : [])]), body,
  ]);
}

// ---------------------------------------------------------------------------------------------
// Schedule changes (the ledger of late changes and what they owe)

/// "YYYY-MM" `count` months after `month`.
function addMonths(month, count) {
  const [year, number] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, number - 1 + count, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/// The first and last local dates of "YYYY-MM".
function monthBounds(month) {
  const [year, number] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/// "09:00–17:00" of a ledger entry's span, in the workplace's zone (word joiners keep it on one line).
const spanText = (span) => `${formatInstant(span.startsAt, { withDate: false })}\u2060–\u2060${formatInstant(span.endsAt, { withDate: false })}`;

/// The shift's times before and after the change ("09:00–17:00 → 11:00–19:00"), as far as known.
function spanWords(entry) {
  if (entry.before && entry.after) return t('manage.ledger.timesChanged', { before: spanText(entry.before), after: spanText(entry.after) });
  if (entry.after) return t('manage.ledger.timesNew', { after: spanText(entry.after) });
  if (entry.before) return t('manage.ledger.timesGone', { before: spanText(entry.before) });
  return '';
}

/// An entry's amount cell: the premium priced at the member's wage, "no wage set", or a dash.
function amountWords(entry) {
  if (!owesPremium(entry)) return '—';
  if (entry.amountCents != null) return formatMoney(entry.amountCents, entry.currency);
  return t('manage.ledger.noWage');
}

/// A cell labelled with its column (phones show the label above the value, tables the header).
function labelled(labelKey, content, className = null) {
  return el('td', { class: className, attrs: { 'data-label': t(labelKey) } }, [content]);
}

/// Per person: what the period's late changes owe them (entries neither exempt nor waived).
function ledgerPeopleTable(report, period) {
  const people = report.people ?? [];
  const body = el('tbody', {}, people.map((person) => el('tr', { data: { userId: person.userId } }, [
    el('th', { attrs: { scope: 'row' }, text: person.userName }),
    labelled('manage.ledger.column.entries', String(person.entries ?? 0), 'num'),
    labelled('manage.ledger.column.hoursOfPay', person.premiumMinutes ? formatDuration(person.premiumMinutes) : '—', 'num'),
    labelled('manage.ledger.column.fixed', person.premiumCents ? formatMoney(person.premiumCents, report.currency) : '—', 'num'),
    labelled('manage.ledger.column.amount', person.amountCents != null ? formatMoney(person.amountCents, report.currency) : t('manage.ledger.noWage'), 'num'),
  ])));
  // The total only when every person's amount is known (a missing wage would make it too low).
  const priced = people.every((person) => person.amountCents != null);
  const total = people.reduce((sum, person) => sum + (person.amountCents ?? 0), 0);
  const foot = people.length > 1 ? el('tfoot', {}, [el('tr', {}, [
    el('th', { attrs: { scope: 'row' }, text: t('manage.ledger.total') }),
    labelled('manage.ledger.column.entries', String(people.reduce((sum, person) => sum + (person.entries ?? 0), 0)), 'num'),
    labelled('manage.ledger.column.hoursOfPay', formatDuration(people.reduce((sum, person) => sum + (person.premiumMinutes ?? 0), 0)), 'num'),
    labelled('manage.ledger.column.fixed', formatMoney(people.reduce((sum, person) => sum + (person.premiumCents ?? 0), 0), report.currency), 'num'),
    labelled('manage.ledger.column.amount', priced ? formatMoney(total, report.currency) : t('manage.ledger.noTotal'), 'num'),
  ])]) : null;
  const caption = t('manage.ledger.peopleCaption', { period });
  const table = el('table', { class: 'data-table responsive-table ledger-people' }, [
    el('caption', { text: caption }),
    headerRow([t('manage.reports.column.member'), ...['entries', 'hoursOfPay', 'fixed', 'amount'].map((key) => t(`manage.ledger.column.${key}`))]),
    body, foot,
  ]);
  return tableScroller(caption, table);
}

/// An entry's state: waived (by whom, when, why), exempt, owed with a "Waive…" button, or nothing owed.
function ledgerStatusCell(entry, onWaive) {
  const cell = (className, children) => el('td', { class: className, attrs: { 'data-label': t('manage.ledger.column.status') } }, [
    el('div', { class: 'ledger-state' }, children),
  ]);
  if (entry.waived) {
    return cell('ledger-status', [
      el('span', { class: 'badge badge-position', text: t('manage.ledger.state.waived') }),
      el('span', { class: 'small muted block', text: t('manage.ledger.waivedBy', { name: entry.waived.byName, date: formatInstant(entry.waived.at), reason: entry.waived.reason }) }),
    ]);
  }
  if (entry.exempt) return cell('ledger-status', [el('span', { class: 'small muted', text: t('manage.ledger.state.exempt') })]);
  if (!owesPremium(entry)) return cell('ledger-status', [el('span', { class: 'small muted', text: t('manage.ledger.state.nothing') })]);
  return cell('ledger-status ledger-actions', [
    el('span', { class: 'badge badge-warn', text: t('manage.ledger.state.owed') }),
    // The button's name says whose entry it is (the visible word plus a hidden person and date).
    entry.id != null ? el('button', {
      class: 'button secondary', attrs: { type: 'button' }, data: { action: 'waive-entry' },
      on: { click: (event) => onWaive(entry, event.currentTarget) },
    }, [
      t('manage.ledger.waive'),
      el('span', { class: 'visually-hidden', text: t('manage.ledger.waiveFor', { name: entry.userName, date: formatDate(entry.date) }) }),
    ]) : null,
  ]);
}

/// Every entry of the period: date, person, change, who asked, notice, premium, amount, state.
function ledgerEntriesTable(report, period, onWaive) {
  const body = el('tbody', {}, (report.entries ?? []).map((entry) => el('tr', {
    class: [entry.waived ? 'ledger-waived' : null, entry.exempt ? 'ledger-exempt' : null],
    data: { entryId: entry.id ?? '', userId: entry.userId, change: entry.change, exempt: String(Boolean(entry.exempt)), waived: String(Boolean(entry.waived)) },
  }, [
    el('th', { attrs: { scope: 'row', tabindex: '-1' } }, [el('time', { attrs: { datetime: entry.date }, text: formatDate(entry.date) })]),
    labelled('manage.ledger.column.person', entry.userName),
    labelled('manage.ledger.column.change', [
      el('span', { text: t('manage.ledger.changeCell', { change: ledgerChangeName(entry), hours: formatDuration(entry.changedMinutes ?? 0) }) }),
      spanWords(entry) ? el('span', { class: 'small muted block', text: spanWords(entry) }) : null,
    ]),
    labelled('manage.ledger.column.reason', [
      el('span', { text: ledgerReasonName(entry) }),
      entry.exempt ? ' ' : null,
      entry.exempt ? el('span', { class: 'badge badge-ok', text: t('manage.ledger.exempt') }) : null,
    ]),
    labelled('manage.ledger.column.notice', noticeWords(entry.noticeMinutes)),
    labelled('manage.ledger.column.premium', owedWords(entry) || '—'),
    labelled('manage.ledger.column.amount', amountWords(entry), 'num'),
    ledgerStatusCell(entry, onWaive),
  ])));
  const caption = t('manage.ledger.entriesCaption', { period });
  const table = el('table', { class: 'data-table responsive-table ledger-entries' }, [
    el('caption', { text: caption }),
    headerRow(['date', 'person', 'change', 'reason', 'notice', 'premium', 'amount', 'status'].map((key) => t(`manage.ledger.column.${key}`))),
    body,
  ]);
  return tableScroller(caption, table);
}

/**
 * "Waive…": a small dialog asking why the entry owes nothing after all (1–500 characters, one
 * line), then POST /schedule-ledger/{id}/waive. A refusal is said inside the dialog, which stays
 * open; an entry someone else waived meanwhile closes it and shows the report again.
 */
function openWaiveDialog(ctx, entry, { onDone, opener }) {
  const titleId = `waive-title-${entry.id}`;
  const inputId = `waive-reason-${entry.id}`;
  const hintId = `waive-hint-${entry.id}`;
  const reason = el('input', { attrs: { id: inputId, name: 'waive-reason', required: '', maxlength: '500', autocomplete: 'off', 'aria-describedby': hintId } });
  const problem = el('p', { class: 'small cannot-take', attrs: { role: 'alert' }, hidden: true });
  const confirm = el('button', { class: 'button primary', text: t('manage.ledger.waiveConfirm'), attrs: { type: 'submit' }, data: { action: 'confirm-waive' } });
  const cancel = el('button', { class: 'button secondary', text: t('common.cancel'), attrs: { type: 'button' } });
  const owed = [owedWords(entry), entry.amountCents != null ? formatMoney(entry.amountCents, entry.currency) : null].filter(Boolean).join(' · ');
  const form = el('form', { attrs: { method: 'dialog' } }, [
    el('h2', { attrs: { id: titleId }, text: t('manage.ledger.waiveTitle', { name: entry.userName }) }),
    el('p', { text: t('manage.ledger.waiveWhat', { date: formatDate(entry.date, { long: true }), change: ledgerChangeName(entry), premium: owed }) }),
    el('label', { class: 'note-field', attrs: { for: inputId } }, [el('span', { text: t('manage.ledger.waiveReason') })]),
    reason,
    el('p', { class: 'hint small', attrs: { id: hintId }, text: t('manage.ledger.waiveHint') }),
    problem,
    el('div', { class: 'dialog-actions' }, [cancel, confirm]),
  ]);
  const dialog = el('dialog', { class: 'dialog waive-dialog', attrs: { 'aria-labelledby': titleId } }, [form]);
  let changed = false;
  const sayProblem = (text) => { problem.textContent = text; problem.hidden = false; reason.focus(); };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = reason.value.trim();
    if (!text) { sayProblem(t('manage.ledger.waiveNeedsReason')); return; }
    confirm.disabled = true;
    try {
      await ctx.api('POST', `/schedule-ledger/${entry.id}/waive`, { reason: text });
      changed = true;
      ctx.say(t('manage.ledger.waived', { name: entry.userName, date: formatDate(entry.date) }), 'ok');
      dialog.close();
    } catch (error) {
      if (error?.code === 'ledger_entry_already_waived' || error?.code === 'not_found') {
        // Decided elsewhere meanwhile: the report, drawn again, shows how.
        changed = true;
        ctx.say(ctx.explain(error), 'error');
        dialog.close();
        return;
      }
      sayProblem(ctx.explain(error));
    } finally {
      if (confirm.isConnected) confirm.disabled = false;
    }
  });
  cancel.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', async () => {
    dialog.remove();
    if (changed) await onDone();
    else if (opener?.isConnected) opener.focus();
  });
  document.body.append(dialog);
  dialog.showModal();
  reason.focus();
}

/**
 * The "Schedule changes" card of a month: a month field, the CSV link, what each person is owed
 * and every entry with its state. `load()` asks the server for the chosen month.
 */
function scheduleChangesCard(ctx) {
  const thisMonth = currentMonth();
  let month = thisMonth;
  let request = 0;
  // Entries belong to their shift's date: changes inside the notice window reach into next month.
  const monthInput = el('input', { attrs: { type: 'month', name: 'ledgerMonth', id: 'ledger-month', value: month, max: addMonths(thisMonth, 1), required: '' } });
  const links = el('div', { class: 'button-row no-print' });
  const body = el('div', { class: 'ledger-body', attrs: { 'aria-live': 'polite' } });
  const heading = el('h3', { attrs: { id: 'schedule-changes-title', tabindex: '-1' }, text: t('manage.ledger.title') });
  const element = el('section', { class: 'card schedule-ledger', attrs: { id: 'schedule-changes', 'aria-labelledby': 'schedule-changes-title' } }, [
    heading,
    el('p', { class: 'small muted', text: t('manage.ledger.explanation') }),
    el('form', { class: 'inline-form no-print', attrs: { 'aria-label': t('manage.ledger.period') } }, [
      el('label', { attrs: { for: 'ledger-month' } }, [el('span', { text: t('manage.reports.month') }), monthInput]),
    ]),
    links,
    body,
  ]);

  const load = async (focusEntry = null) => {
    const current = ++request;
    const { from, to } = monthBounds(month);
    const period = monthTitle(month);
    const query = new URLSearchParams({ from, to });
    links.replaceChildren(el('a', {
      class: 'button secondary', text: t('manage.ledger.downloadCSV'),
      attrs: { href: `/api/v1/reports/schedule-changes?${query}&format=csv`, download: `schedule-changes-${ctx.me.workplace.slug}-${from}-${to}.csv` },
      data: { action: 'download-ledger-csv' },
    }));
    body.setAttribute('aria-busy', 'true');
    body.replaceChildren(el('p', { class: 'muted', text: t('manage.reports.loading') }));
    try {
      const report = await ctx.api('GET', `/reports/schedule-changes?${query}`);
      if (current !== request) return;
      const entries = report.entries ?? [];
      const parts = [];
      const preset = ctx.me.workplace?.settings?.scheduleChanges?.preset;
      if (preset === 'none') {
        parts.push(el('p', { class: 'small' }, [
          el('span', { text: t('manage.ledger.noRule') }), ' ',
          el('a', { attrs: { href: '#/settings' }, text: t('manage.ledger.toSettings') }),
        ]));
      }
      if (!entries.length) {
        parts.push(el('p', { class: 'ledger-empty', text: t('manage.ledger.none', { period }) }));
      } else {
        parts.push((report.people ?? []).length ? ledgerPeopleTable(report, period) : el('p', { text: t('manage.ledger.nobodyOwed', { period }) }));
        parts.push(ledgerEntriesTable(report, period, (entry, opener) => openWaiveDialog(ctx, entry, {
          opener, onDone: () => load(entry.id),
        })));
      }
      body.replaceChildren(...parts);
      if (focusEntry != null) {
        (body.querySelector(`tr[data-entry-id="${CSS.escape(String(focusEntry))}"] th`) ?? heading).focus();
      }
    } catch (error) {
      if (current !== request) return;
      body.replaceChildren();
      ctx.say(ctx.explain(error), 'error');
    } finally {
      if (current === request) body.setAttribute('aria-busy', 'false');
    }
  };

  monthInput.addEventListener('change', () => {
    if (!/^\d{4}-\d{2}$/.test(monthInput.value)) return;
    month = monthInput.value;
    load();
  });
  /** Scrolls to the card and moves focus to its heading. */
  const show = () => {
    heading.scrollIntoView({ block: 'start' });
    heading.focus({ preventScroll: true });
  };
  return { element, load, show };
}

export default {
  id: 'reports',
  get title() { return t('manage.reports.title'); },
  roles: ['manager'],

  async render(container, ctx) {
    const thisMonth = currentMonth();
    const state = { range: '30d', month: thisMonth, userID: '', smooth: false, data: null, reportMonth: thisMonth };
    let chartRequest = 0;
    let reportRequest = 0;

    // Controls: range (segmented radios), month, member, smoothing.
    const rangeGroup = el('fieldset', { class: 'segmented' }, [
      el('legend', { text: t('manage.reports.range') }),
      ...RANGES.map((range) => radio('range', range.value, t(range.label), range.value === state.range)),
    ]);
    const monthInput = el('input', { attrs: { type: 'month', name: 'month', value: state.month, max: thisMonth, required: '' } });
    const monthLabel = el('label', { class: 'month-field' }, [el('span', { text: t('manage.reports.month') }), monthInput]);
    monthLabel.hidden = true;
    const memberSelect = el('select', { attrs: { name: 'userID' } }, [el('option', { text: t('manage.reports.wholeWorkplace'), attrs: { value: '' } })]);
    const smoothBox = el('input', { attrs: { type: 'checkbox', name: 'smooth' } });
    const controls = el('form', { class: 'report-controls no-print', attrs: { 'aria-label': t('manage.reports.chartOptions') } }, [
      rangeGroup, monthLabel,
      el('label', {}, [el('span', { text: t('manage.reports.who') }), memberSelect]),
      el('label', { class: 'inline' }, [smoothBox, el('span', { text: t('manage.reports.smooth') })]),
    ]);
    controls.addEventListener('submit', (event) => event.preventDefault());

    const summary = el('p', { class: 'chart-summary', attrs: { 'aria-live': 'polite' } });
    const daysFigure = el('div', { class: 'chart-frame chart-frame-days', attrs: { 'aria-busy': 'true' } });
    const daysLegend = el('div');
    const positionsFigure = el('div', { class: 'chart-frame' });
    const numbers = el('div');
    const chartCSVButton = el('button', { class: 'button secondary', text: t('manage.reports.chartCSV'), attrs: { type: 'button', 'data-action': 'download-chart-csv' } });
    const chartJSONButton = el('button', { class: 'button secondary', text: t('manage.reports.chartJSON'), attrs: { type: 'button', 'data-action': 'download-chart-json' } });

    const reportMonthInput = el('input', { attrs: { type: 'month', name: 'reportMonth', value: thisMonth, max: thisMonth, required: '' } });
    const reportLinks = el('div', { class: 'button-row no-print' });
    const reportBody = el('div', { attrs: { 'aria-live': 'polite' } });
    const printButton = el('button', { class: 'button primary', text: t('manage.reports.print'), attrs: { type: 'button', 'data-action': 'print' } });

    const scheduleChanges = scheduleChangesCard(ctx);

    container.classList.add('manager-view', 'reports-view');
    // The ledger is the page's last card: a way there without scrolling past the charts.
    const toScheduleChanges = el('button', {
      class: 'button secondary no-print', text: t('manage.ledger.jump'), attrs: { type: 'button' }, data: { action: 'show-schedule-changes' },
      on: { click: () => scheduleChanges.show() },
    });
    container.replaceChildren(
      viewHeader(t('manage.reports.title'), toScheduleChanges),
      el('p', { class: 'print-only print-meta', text: t('manage.reports.printed', { workplace: ctx.me.workplace.name, moment: new Date().toLocaleString(locale(), { timeZone: ctx.me.workplace.timeZone }) }) }),
      el('div', { class: 'card' }, [
        controls,
        summary,
        el('h3', { text: t('manage.chart.daysTitle') }),
        daysFigure, daysLegend,
        el('h3', { text: t('manage.chart.positionsTitle') }),
        positionsFigure,
        chartLegend([{ swatch: 'worked', label: t('manage.reports.column.worked') }, { swatch: 'scheduled', label: t('manage.reports.column.scheduled') }]),
        el('details', { class: 'no-print' }, [el('summary', { text: t('manage.reports.showNumbers') }), numbers]),
        el('div', { class: 'button-row no-print' }, [chartCSVButton, chartJSONButton]),
      ]),
      el('div', { class: 'card' }, [
        el('h3', { text: t('manage.reports.monthly') }),
        el('p', { class: 'small muted', data: { rule: 'absence' } }, t('manage.reports.explanation')),
        el('form', { class: 'inline-form no-print', attrs: { 'aria-label': t('manage.reports.reportMonth') } }, [
          el('label', {}, [el('span', { text: t('manage.reports.month') }), reportMonthInput]),
        ]),
        reportLinks,
        reportBody,
        el('div', { class: 'button-row no-print' }, [printButton]),
      ]),
      scheduleChanges.element,
    );

    const smoothedValues = () => (state.smooth && state.data
      ? movingAverage(state.data.days.map((day) => day.workedMinutes / 60), smoothingWindow(state.data.days.length))
      : null);

    const draw = () => {
      const data = state.data;
      if (!data) return;
      const width = Math.max(280, Math.floor(daysFigure.clientWidth || container.clientWidth || 640));
      const height = width < 480 ? 220 : 280;
      daysFigure.replaceChildren(hoursPerDayChart({ days: data.days, smooth: state.smooth, width, height }));
      positionsFigure.replaceChildren(positionBarsChart({ positions: data.byPosition, width }));
      const legend = [{ swatch: 'area', label: t('manage.reports.legendDay') }];
      if (state.smooth) legend.push({ swatch: 'smooth', label: t('manage.reports.legendSmooth', { window: smoothingWindow(data.days.length) }) });
      daysLegend.replaceChildren(chartLegend(legend));
      numbers.replaceChildren(tableScroller(t('manage.chart.daysTitle'), daysTable(data, smoothedValues())));
    };

    const loadChart = async () => {
      const request = ++chartRequest;
      const query = new URLSearchParams({ range: state.range });
      if (state.range === 'month') query.set('month', state.month);
      if (state.userID) query.set('userID', state.userID);
      daysFigure.setAttribute('aria-busy', 'true');
      try {
        const data = await ctx.api('GET', `/reports/chart?${query}`);
        if (request !== chartRequest) return; // a newer choice is on its way
        state.data = data;
        const args = { hours: formatHours(data.totalWorkedMinutes / 60), from: dayTitle(data.from), to: dayTitle(data.to) };
        summary.textContent = state.userID
          ? t('manage.reports.summaryMember', { ...args, name: memberSelect.selectedOptions[0]?.textContent ?? '' })
          : t('manage.reports.summaryWorkplace', args);
        draw();
      } catch (error) {
        if (request === chartRequest) ctx.say(ctx.explain(error), 'error');
      } finally {
        if (request === chartRequest) daysFigure.setAttribute('aria-busy', 'false');
      }
    };

    const loadReport = async () => {
      const request = ++reportRequest;
      const month = state.reportMonth;
      const query = new URLSearchParams({ month });
      if (state.userID) query.set('userID', state.userID);
      const base = `/api/v1/reports/monthly?${query}`;
      const slug = state.userID ? `${ctx.me.workplace.slug}-member-${state.userID}` : ctx.me.workplace.slug;
      reportLinks.replaceChildren(
        el('a', { class: 'button secondary', text: t('manage.reports.downloadCSV'), attrs: { href: `${base}&format=csv`, download: `timeclock-${slug}-${month}.csv`, 'data-action': 'download-report-csv' } }),
        el('a', { class: 'button secondary', text: t('manage.reports.downloadJSON'), attrs: { href: `${base}&format=json`, download: `timeclock-${slug}-${month}.json`, 'data-action': 'download-report-json' } }),
        el('a', { class: 'button secondary', text: t('manage.reports.payrollCSV'), attrs: { href: `${base}&format=payroll`, download: `payroll-${slug}-${month}.csv`, 'data-action': 'download-payroll-csv' } }),
        el('a', { class: 'button secondary', text: t('manage.reports.printable'), attrs: { href: `${base}&format=html`, target: '_blank', rel: 'noopener' } }),
      );
      reportBody.replaceChildren(el('p', { class: 'muted', text: t('manage.reports.loading') }));
      try {
        const report = await ctx.api('GET', `/reports/monthly?${query}`);
        if (request !== reportRequest) return;
        const parts = [];
        if (report.judgedThrough) parts.push(el('p', { class: 'muted small', text: t('manage.reports.judgedThrough', { day: dayTitle(report.judgedThrough) }) }));
        parts.push(report.employees.length ? monthlyTable(report) : el('p', { text: t('manage.reports.nobody') }));
        if (report.employees.length === 1 && report.employees[0].days) parts.push(memberDaysTable(report.employees[0]));
        reportBody.replaceChildren(...parts);
      } catch (error) {
        if (request !== reportRequest) return;
        reportBody.replaceChildren();
        ctx.say(ctx.explain(error), 'error');
      }
    };

    rangeGroup.addEventListener('change', (event) => {
      state.range = event.target.value;
      monthLabel.hidden = state.range !== 'month';
      loadChart();
    });
    monthInput.addEventListener('change', () => {
      if (!/^\d{4}-\d{2}$/.test(monthInput.value)) return;
      state.month = monthInput.value;
      loadChart();
    });
    memberSelect.addEventListener('change', () => {
      state.userID = memberSelect.value;
      loadChart();
      loadReport();
    });
    smoothBox.addEventListener('change', () => { state.smooth = smoothBox.checked; draw(); });
    reportMonthInput.addEventListener('change', () => {
      if (!/^\d{4}-\d{2}$/.test(reportMonthInput.value)) return;
      state.reportMonth = reportMonthInput.value;
      loadReport();
    });
    chartCSVButton.addEventListener('click', () => {
      if (state.data) download(`hours-${ctx.me.workplace.slug}-${state.data.from}-${state.data.to}.csv`, 'text/csv', chartCSV(state.data, smoothedValues()));
    });
    chartJSONButton.addEventListener('click', () => {
      if (!state.data) return;
      const smoothed = smoothedValues();
      const payload = smoothed ? { ...state.data, movingAverageHours: smoothed } : state.data;
      download(`hours-${ctx.me.workplace.slug}-${state.data.from}-${state.data.to}.json`, 'application/json', `${JSON.stringify(payload, null, 2)}\n`);
    });
    printButton.addEventListener('click', () => window.print());

    // Redraw at the new width when the window or the layout changes (phones turning, sidebars).
    let drawnWidth = 0;
    const observer = new ResizeObserver((entries) => {
      if (!container.isConnected) { observer.disconnect(); return; }
      const width = Math.floor(entries[0]?.contentRect.width ?? 0);
      if (width === drawnWidth) return;
      drawnWidth = width;
      requestAnimationFrame(draw);
    });
    observer.observe(daysFigure);

    try {
      const members = await ctx.api('GET', '/users');
      for (const member of members) memberSelect.append(el('option', { text: member.displayName, attrs: { value: String(member.id) } }));
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    }
    await Promise.all([loadChart(), loadReport(), scheduleChanges.load()]);
  },
};
