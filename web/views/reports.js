// Reports (managers): worked hours per day and by position as SVG charts over a chosen range,
// the monthly timeclock report as a table, CSV/JSON downloads and a printable version.

import { el, viewHeader, formatDate, formatMinutes, todayInWorkplace } from '../ui.js';
import { hoursPerDayChart, positionBarsChart, chartLegend, movingAverage, smoothingWindow, positionName, formatHours } from '../chart.js';

const RANGES = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'month', label: 'Month' },
  { value: 'all', label: 'All' },
];

/// "YYYY-MM" of today in the workplace's time zone (not the browser's).
const currentMonth = () => todayInWorkplace().slice(0, 7);

function monthTitle(month) {
  const parsed = new Date(`${month}-01T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return month;
  return parsed.toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
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
  { label: 'Pay' }, { label: 'Worked', numeric: true }, { label: 'Scheduled', numeric: true },
  { label: 'Overtime', numeric: true }, { label: 'Absences', numeric: true }, { label: 'Diligence absences', numeric: true },
  { label: 'Schedule' }, { label: 'Punches' },
];

/// A report cell labelled with its column (phones show the label, tables the header).
function cell(column, content) {
  const { label, numeric } = REPORT_COLUMNS[column];
  return el('td', { class: numeric ? 'num' : null, attrs: { 'data-label': label } }, [content]);
}

/// A member with odd punches (a check-in without check-out…) gets a link to those days' punches,
/// where a manager corrects them; the figures are provisional until then.
function oddPunchesLink(employee) {
  const dates = [...employee.oddPunchDates].sort();
  const count = dates.length;
  const query = new URLSearchParams({ search: employee.username });
  if (count > 0) { query.set('from', dates[0]); query.set('to', dates[count - 1]); }
  return el('a', {
    class: 'badge badge-warn', text: `Odd punches: ${count} day${count === 1 ? '' : 's'}`,
    attrs: { href: `#/punches?${query}`, title: `Correct ${employee.name}'s punches` },
  });
}

function monthlyTable(report) {
  const body = el('tbody');
  for (const employee of report.employees) {
    const schedule = employee.schedule ?? {};
    const deviations = [
      schedule.lateArrivals ? `${schedule.lateArrivals} late` : '',
      schedule.earlyLeaves ? `${schedule.earlyLeaves} early` : '',
      schedule.noShows ? `${schedule.noShows} no-show` : '',
    ].filter(Boolean).join(', ') || '—';
    const complete = employee.complete
      ? el('span', { class: 'badge badge-ok', text: 'Complete' })
      : oddPunchesLink(employee);
    body.append(el('tr', { attrs: { 'data-user-id': String(employee.userID) } }, [
      el('th', { attrs: { scope: 'row' } }, [el('span', { text: employee.name }), el('span', { class: 'muted small block', text: employee.username })]),
      cell(0, employee.payType === 'diligence' ? 'Diligence' : 'Normal'),
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
    el('th', { text: `Total (${totals.employees ?? report.employees.length} members)`, attrs: { scope: 'row' } }),
    el('td'),
    cell(1, hoursOf(totals.workedMinutes)),
    cell(2, hoursOf(totals.scheduledMinutes)),
    cell(3, hoursOf(totals.overtimeMinutes)),
    cell(4, String(totals.absences ?? '')),
    cell(5, String(totals.diligenceAbsences ?? '')),
    el('td'),
    cell(7, totals.incompleteEmployees ? `${totals.incompleteEmployees} incomplete` : 'All complete'),
  ])]);
  const table = el('table', { class: 'data-table report-table responsive-table' }, [
    el('caption', { text: `Timeclock report, ${monthTitle(report.month)}` }),
    headerRow(['Member', ...REPORT_COLUMNS.map((column) => column.label)]),
    body, foot,
  ]);
  return tableScroller(`Timeclock report ${monthTitle(report.month)}`, table);
}

/// Words and badge colour of a timeclock day's status.
const DAY_STATUS = {
  present: ['Present', 'badge-ok'],
  absent: ['Absent', 'badge-inactive'],
  odd_punches: ['Odd punches', 'badge-warn'],
  day_off: ['Day off', 'badge-position'],
  upcoming: ['Not yet', 'badge-position'],
};

/// One member's month day by day (the report answers `days` when asked for one member).
function memberDaysTable(employee) {
  const body = el('tbody');
  for (const day of employee.days ?? []) {
    const [words, badge] = DAY_STATUS[day.status] ?? [day.status, 'badge-position'];
    body.append(el('tr', { attrs: { 'data-date': day.date } }, [
      el('th', { text: dayTitle(day.date), attrs: { scope: 'row' } }),
      el('td', { attrs: { 'data-label': 'Status' } }, [el('span', { class: `badge ${badge}`, text: day.isClosed ? `${words} (closed)` : words })]),
      el('td', { class: 'num', text: hoursOf(day.workedMinutes), attrs: { 'data-label': 'Worked' } }),
      el('td', { class: 'num', text: day.quotaMinutes === null || day.quotaMinutes === undefined ? '—' : hoursOf(day.quotaMinutes), attrs: { 'data-label': 'Quota' } }),
      el('td', { class: 'num', text: day.overtimeMinutes === null || day.overtimeMinutes === undefined ? '—' : formatSignedMinutes(day.overtimeMinutes), attrs: { 'data-label': 'Overtime' } }),
    ]));
  }
  const table = el('table', { class: 'data-table responsive-table member-days' }, [
    el('caption', { text: `${employee.name}, day by day` }),
    headerRow(['Day', 'Status', 'Worked', 'Quota', 'Overtime']),
    body,
  ]);
  return tableScroller(`${employee.name} day by day`, table);
}

/// Overtime minutes with their sign: "+41 min", "−1 h 7 min".
const formatSignedMinutes = (minutes) => (minutes > 0 ? `+${formatMinutes(minutes)}` : formatMinutes(minutes));

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
    headerRow(['Day', 'Worked', ...(smoothed ? ['Moving average'] : [])]), body,
  ]);
}

export default {
  id: 'reports',
  title: 'Reports',
  roles: ['manager'],

  async render(container, ctx) {
    const thisMonth = currentMonth();
    const state = { range: '30d', month: thisMonth, userID: '', smooth: false, data: null, reportMonth: thisMonth };
    let chartRequest = 0;
    let reportRequest = 0;

    // Controls: range (segmented radios), month, member, smoothing.
    const rangeGroup = el('fieldset', { class: 'segmented' }, [
      el('legend', { text: 'Range' }),
      ...RANGES.map((range) => radio('range', range.value, range.label, range.value === state.range)),
    ]);
    const monthInput = el('input', { attrs: { type: 'month', name: 'month', value: state.month, max: thisMonth, required: '' } });
    const monthLabel = el('label', { class: 'month-field' }, [el('span', { text: 'Month' }), monthInput]);
    monthLabel.hidden = true;
    const memberSelect = el('select', { attrs: { name: 'userID' } }, [el('option', { text: 'Whole workplace', attrs: { value: '' } })]);
    const smoothBox = el('input', { attrs: { type: 'checkbox', name: 'smooth' } });
    const controls = el('form', { class: 'report-controls no-print', attrs: { 'aria-label': 'Chart options' } }, [
      rangeGroup, monthLabel,
      el('label', {}, [el('span', { text: 'Who (charts and report)' }), memberSelect]),
      el('label', { class: 'inline' }, [smoothBox, el('span', { text: 'Smooth (moving average)' })]),
    ]);
    controls.addEventListener('submit', (event) => event.preventDefault());

    const summary = el('p', { class: 'chart-summary', attrs: { 'aria-live': 'polite' } });
    const daysFigure = el('div', { class: 'chart-frame chart-frame-days', attrs: { 'aria-busy': 'true' } });
    const daysLegend = el('div');
    const positionsFigure = el('div', { class: 'chart-frame' });
    const numbers = el('div');
    const chartCSVButton = el('button', { class: 'button secondary', text: 'Chart data (CSV)', attrs: { type: 'button', 'data-action': 'download-chart-csv' } });
    const chartJSONButton = el('button', { class: 'button secondary', text: 'Chart data (JSON)', attrs: { type: 'button', 'data-action': 'download-chart-json' } });

    const reportMonthInput = el('input', { attrs: { type: 'month', name: 'reportMonth', value: thisMonth, max: thisMonth, required: '' } });
    const reportLinks = el('div', { class: 'button-row no-print' });
    const reportBody = el('div', { attrs: { 'aria-live': 'polite' } });
    const printButton = el('button', { class: 'button primary', text: 'Print this report', attrs: { type: 'button', 'data-action': 'print' } });

    container.classList.add('manager-view', 'reports-view');
    container.replaceChildren(
      viewHeader('Reports'),
      el('p', { class: 'print-only print-meta', text: `${ctx.me.workplace.name} · printed ${new Date().toLocaleString('en-GB', { timeZone: ctx.me.workplace.timeZone })}` }),
      el('div', { class: 'card' }, [
        controls,
        summary,
        el('h3', { text: 'Worked hours per day' }),
        daysFigure, daysLegend,
        el('h3', { text: 'Hours by position' }),
        positionsFigure,
        chartLegend([{ swatch: 'worked', label: 'Worked' }, { swatch: 'scheduled', label: 'Scheduled' }]),
        el('details', { class: 'no-print' }, [el('summary', { text: 'Show the numbers' }), numbers]),
        el('div', { class: 'button-row no-print' }, [chartCSVButton, chartJSONButton]),
      ]),
      el('div', { class: 'card' }, [
        el('h3', { text: 'Monthly timeclock report' }),
        el('p', { class: 'small muted', data: { rule: 'absence' } },
          'An absence is a day on which the person had a scheduled shift (or, for someone working the fixed quota, a working day) '
          + 'inside their employment period, and did not punch; days before they joined or after they left never count. '
          + 'Diligence pay is the other pay model: instead of overtime, a person on diligence pay is judged by their absences, capped per month. '
          + 'Overtime is measured on paid time (worked minus breaks).'),
        el('form', { class: 'inline-form no-print', attrs: { 'aria-label': 'Report month' } }, [
          el('label', {}, [el('span', { text: 'Month' }), reportMonthInput]),
        ]),
        reportLinks,
        reportBody,
        el('div', { class: 'button-row no-print' }, [printButton]),
      ]),
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
      const legend = [{ swatch: 'area', label: 'Hours worked that day' }];
      if (state.smooth) legend.push({ swatch: 'smooth', label: `${smoothingWindow(data.days.length)}-day moving average` });
      daysLegend.replaceChildren(chartLegend(legend));
      numbers.replaceChildren(tableScroller('Worked hours per day', daysTable(data, smoothedValues())));
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
        const who = state.userID ? memberSelect.selectedOptions[0]?.textContent : 'the whole workplace';
        summary.textContent = `${formatHours(data.totalWorkedMinutes / 60)} worked by ${who} from ${dayTitle(data.from)} to ${dayTitle(data.to)}.`;
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
        el('a', { class: 'button secondary', text: 'Download CSV', attrs: { href: `${base}&format=csv`, download: `timeclock-${slug}-${month}.csv`, 'data-action': 'download-report-csv' } }),
        el('a', { class: 'button secondary', text: 'Download JSON', attrs: { href: `${base}&format=json`, download: `timeclock-${slug}-${month}.json`, 'data-action': 'download-report-json' } }),
        el('a', { class: 'button secondary', text: 'Payroll CSV (per day)', attrs: { href: `${base}&format=payroll`, download: `payroll-${slug}-${month}.csv`, 'data-action': 'download-payroll-csv' } }),
        el('a', { class: 'button secondary', text: 'Printable page', attrs: { href: `${base}&format=html`, target: '_blank', rel: 'noopener' } }),
      );
      reportBody.replaceChildren(el('p', { class: 'muted', text: 'Loading the report…' }));
      try {
        const report = await ctx.api('GET', `/reports/monthly?${query}`);
        if (request !== reportRequest) return;
        const parts = [];
        if (report.judgedThrough) parts.push(el('p', { class: 'muted small', text: `Days after ${dayTitle(report.judgedThrough)} are not judged yet.` }));
        parts.push(report.employees.length ? monthlyTable(report) : el('p', { text: 'Nobody worked or was scheduled this month.' }));
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
    await Promise.all([loadChart(), loadReport()]);
  },
};
