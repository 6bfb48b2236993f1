// SVG charts drawn by our own code for the reports view: worked hours per day (area, with an
// optional moving-average line) and hours by position (horizontal bars).
//
// Everything is built with createElementNS and textContent (no markup strings), coloured by
// classes from manager.css (the CSP refuses inline styles), and labelled with <title>/<desc> so a
// screen reader gets a sentence instead of shapes. The pure helpers (movingAverage, niceScale,
// labelEvery) are exported so they can be reasoned about and tested on their own.

import { t, tn, locale, formatNumber } from './i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
let chartCounter = 0;

/// Centred moving average: each value becomes the mean of the `window` values around it
/// (fewer at both ends), so a bump stays where it happened instead of drifting right.
export function movingAverage(values, window) {
  const size = Math.max(1, Math.floor(window));
  const before = Math.floor((size - 1) / 2);
  const after = size - 1 - before;
  return values.map((_, index) => {
    const from = Math.max(0, index - before);
    const to = Math.min(values.length - 1, index + after);
    let sum = 0;
    for (let i = from; i <= to; i += 1) sum += values[i];
    return sum / (to - from + 1);
  });
}

/// The smoothing window that suits a number of days: 3 for a week, 7 for longer spans.
export function smoothingWindow(dayCount) {
  return dayCount <= 10 ? 3 : 7;
}

/// A round axis maximum and step (1, 2, 2.5 or 5 times a power of ten) covering `max` in about `ticks` steps.
export function niceScale(max, ticks = 4) {
  if (!(max > 0)) return { max: ticks, step: 1 };
  const raw = max / ticks;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return { max: Math.ceil(max / step - 1e-9) * step, step };
}

/// Every how many points an x label fits, given the plot width and the room one label needs.
export function labelEvery(count, width, labelWidth = 56) {
  if (count <= 1) return 1;
  const fits = Math.max(1, Math.floor(width / labelWidth));
  return Math.max(1, Math.ceil(count / fits));
}

/// Hours with at most one decimal, for labels ("7.5 h", "7,5 u").
export function formatHours(hours) {
  return t('manage.chart.hours', { hours: formatNumber(Math.round(hours * 10) / 10, 1) });
}

function node(tag, attrs = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/// The <svg> root with an accessible name (title) and description (desc).
function chartRoot(width, height, title, description, className) {
  chartCounter += 1;
  const titleID = `chart-title-${chartCounter}`;
  const descID = `chart-desc-${chartCounter}`;
  const svg = node('svg', {
    class: `chart ${className}`, viewBox: `0 0 ${width} ${height}`, width, height,
    role: 'img', 'aria-labelledby': `${titleID} ${descID}`,
  });
  svg.append(node('title', { id: titleID }, title), node('desc', { id: descID }, description));
  return svg;
}

/// Short day label for a local date "YYYY-MM-DD" ("3 Nov"); the date is the workplace's, so it
/// is formatted in UTC to keep it from shifting.
function shortDate(date) {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString(locale(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

function longDate(date) {
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime())) return date;
  return parsed.toLocaleDateString(locale(), { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/// Worked hours per day as an area with dots, and (when `smooth`) the moving average as a line.
/// `days` is ChartData.days ([{date, workedMinutes}]); `width` the pixels available.
export function hoursPerDayChart({ days, smooth = false, width = 640, height = 260, title = t('manage.chart.daysTitle') }) {
  const hours = days.map((day) => (Number(day.workedMinutes) || 0) / 60);
  const window = smoothingWindow(hours.length);
  const averaged = smooth ? movingAverage(hours, window) : [];
  const total = hours.reduce((sum, value) => sum + value, 0);
  const peakIndex = hours.reduce((best, value, index) => (value > hours[best] ? index : best), 0);

  let description;
  if (days.length === 0) {
    description = t('manage.chart.noDays');
  } else {
    const args = {
      from: longDate(days[0].date), to: longDate(days[days.length - 1].date),
      total: formatHours(total), average: formatHours(total / days.length),
      peakDay: longDate(days[peakIndex].date), peak: formatHours(hours[peakIndex]),
    };
    description = total > 0 ? tn('manage.chart.daysDescriptionPeak', days.length, args) : tn('manage.chart.daysDescription', days.length, args);
    if (smooth) description += ` ${t('manage.chart.smoothDescription', { window })}`;
  }
  const svg = chartRoot(width, height, title, description, 'chart-days');

  const margin = { top: 14, right: 12, bottom: 44, left: 48 };
  const plotWidth = Math.max(10, width - margin.left - margin.right);
  const plotHeight = Math.max(10, height - margin.top - margin.bottom);
  const scale = niceScale(Math.max(...hours, ...averaged, 0));
  const x = (index) => margin.left + (hours.length <= 1 ? plotWidth / 2 : (index / (hours.length - 1)) * plotWidth);
  const y = (value) => margin.top + plotHeight - (value / scale.max) * plotHeight;

  // Grid lines and y labels.
  const grid = node('g', { class: 'chart-grid', 'aria-hidden': 'true' });
  for (let value = 0; value <= scale.max + 1e-9; value += scale.step) {
    const lineY = y(value).toFixed(1);
    grid.append(node('line', { x1: margin.left, x2: margin.left + plotWidth, y1: lineY, y2: lineY }));
    grid.append(node('text', { x: margin.left - 6, y: lineY, class: 'chart-label chart-label-y', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, formatHours(value)));
  }
  svg.append(grid);

  if (hours.length > 0) {
    const points = hours.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`);
    const baseline = y(0).toFixed(1);
    svg.append(node('polygon', {
      class: smooth ? 'chart-area chart-area-muted' : 'chart-area', 'aria-hidden': 'true',
      points: `${x(0).toFixed(1)},${baseline} ${points.join(' ')} ${x(hours.length - 1).toFixed(1)},${baseline}`,
    }));
    svg.append(node('polyline', { class: smooth ? 'chart-line chart-line-muted' : 'chart-line', points: points.join(' '), 'aria-hidden': 'true' }));
    if (smooth) {
      const smoothPoints = averaged.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`);
      svg.append(node('polyline', { class: 'chart-line chart-line-smooth', points: smoothPoints.join(' '), 'aria-hidden': 'true' }));
    }
    // One dot per day with its own tooltip, when they do not crowd each other.
    if (plotWidth / hours.length >= 6) {
      const dots = node('g', { class: 'chart-dots' });
      hours.forEach((value, index) => {
        const dot = node('circle', { cx: x(index).toFixed(1), cy: y(value).toFixed(1), r: 3 });
        dot.append(node('title', {}, `${longDate(days[index].date)}: ${formatHours(value)}`));
        dots.append(dot);
      });
      svg.append(dots);
    }
  }

  // X axis with thinned date labels.
  const axis = node('g', { class: 'chart-axis', 'aria-hidden': 'true' });
  axis.append(node('line', { x1: margin.left, x2: margin.left + plotWidth, y1: y(0).toFixed(1), y2: y(0).toFixed(1) }));
  // Labels are counted back from the last day, so the newest date is always named.
  // The end-anchored last label takes half a label more room than the spacing counts.
  const every = labelEvery(days.length, plotWidth - 28);
  // The last label is end-anchored and the first start-anchored, so their neighbours can come
  // closer than `every` promises: a label that would touch the one drawn to its right is left out
  // (issue 17: no colliding labels on a 360 px phone).
  const labelRoom = 44;
  let leftmostDrawn = Infinity;
  days.map((day, index) => [day, index]).reverse().forEach(([day, index]) => {
    const fromEnd = days.length - 1 - index;
    if (fromEnd % every !== 0) return;
    const anchor = days.length === 1 ? 'middle' : (fromEnd === 0 ? 'end' : (index === 0 ? 'start' : 'middle'));
    const at = x(index);
    const [left, right] = anchor === 'end' ? [at - labelRoom, at] : anchor === 'start' ? [at, at + labelRoom] : [at - labelRoom / 2, at + labelRoom / 2];
    if (right + 6 > leftmostDrawn) return;
    leftmostDrawn = left;
    const labelX = at.toFixed(1);
    axis.append(node('line', { x1: labelX, x2: labelX, y1: y(0).toFixed(1), y2: (y(0) + 4).toFixed(1) }));
    axis.append(node('text', { x: labelX, y: (y(0) + 16).toFixed(1), class: 'chart-label', 'text-anchor': anchor }, shortDate(day.date)));
  });
  axis.append(node('text', { x: margin.left + plotWidth / 2, y: height - 6, class: 'chart-axis-title', 'text-anchor': 'middle' }, t('manage.chart.axisDay')));
  axis.append(node('text', { x: 12, y: margin.top + plotHeight / 2, class: 'chart-axis-title', 'text-anchor': 'middle', transform: `rotate(-90 12 ${(margin.top + plotHeight / 2).toFixed(1)})` }, t('manage.chart.axisHoursWorked')));
  svg.append(axis);
  return svg;
}

/// The name shown for a position; `null` is worked time outside any scheduled shift.
export function positionName(position) {
  return position ? position : t('manage.chart.outsideShifts');
}

/// Hours by position as horizontal bars: worked hours filled, scheduled hours as an outline
/// behind them, so "scheduled but not worked" is visible at a glance.
export function positionBarsChart({ positions, width = 640, title = t('manage.chart.positionsTitle') }) {
  const rows = positions.map((entry) => ({
    name: positionName(entry.position),
    worked: (Number(entry.workedMinutes) || 0) / 60,
    scheduled: (Number(entry.scheduledMinutes) || 0) / 60,
  }));
  // Narrow screens put each label above its bar instead of beside it, so names stay readable.
  const compact = width < 480;
  const labelRoom = compact ? 0 : Math.min(180, Math.max(100, width * 0.25));
  const rowHeight = compact ? 46 : 34;
  const barTop = compact ? 18 : 0;
  const barHeight = rowHeight - barTop;
  const margin = { top: 8, right: 56, bottom: 40, left: compact ? 8 : labelRoom };
  const height = margin.top + margin.bottom + Math.max(1, rows.length) * rowHeight;
  const description = rows.length === 0
    ? t('manage.chart.noPositions')
    : t('manage.chart.positionsDescription', {
      list: rows.map((row) => t('manage.chart.positionWorkedOf', { position: row.name, worked: formatHours(row.worked), scheduled: formatHours(row.scheduled) })).join('; '),
    });
  const svg = chartRoot(width, height, title, description, 'chart-positions');
  const plotWidth = Math.max(10, width - margin.left - margin.right);
  const scale = niceScale(Math.max(0, ...rows.map((row) => Math.max(row.worked, row.scheduled))));
  const x = (value) => margin.left + (value / scale.max) * plotWidth;
  const plotBottom = margin.top + Math.max(1, rows.length) * rowHeight;

  const grid = node('g', { class: 'chart-grid', 'aria-hidden': 'true' });
  const every = labelEvery(Math.round(scale.max / scale.step) + 1, plotWidth, 48);
  let tick = 0;
  for (let value = 0; value <= scale.max + 1e-9; value += scale.step, tick += 1) {
    const lineX = x(value).toFixed(1);
    grid.append(node('line', { x1: lineX, x2: lineX, y1: margin.top, y2: plotBottom }));
    if (tick % every === 0) {
      const anchor = value === 0 && compact ? 'start' : 'middle';
      grid.append(node('text', { x: lineX, y: plotBottom + 16, class: 'chart-label', 'text-anchor': anchor }, formatHours(value)));
    }
  }
  grid.append(node('text', { x: margin.left + plotWidth / 2, y: height - 4, class: 'chart-axis-title', 'text-anchor': 'middle' }, t('manage.chart.axisHours')));
  svg.append(grid);

  const maxLabelChars = compact ? Math.floor((width - 16) / 7) : Math.floor((labelRoom - 12) / 6.6);
  rows.forEach((row, index) => {
    const top = margin.top + index * rowHeight;
    const group = node('g', { class: 'chart-bar' });
    group.append(node('title', {}, t('manage.chart.positionTooltip', { position: row.name, worked: formatHours(row.worked), scheduled: formatHours(row.scheduled) })));
    const label = row.name.length > maxLabelChars ? `${row.name.slice(0, Math.max(1, maxLabelChars - 1))}…` : row.name;
    group.append(compact
      ? node('text', { x: margin.left, y: top + 12, class: 'chart-label chart-label-bar', 'text-anchor': 'start' }, label)
      : node('text', { x: margin.left - 8, y: top + rowHeight / 2, class: 'chart-label chart-label-bar', 'text-anchor': 'end', 'dominant-baseline': 'middle' }, label));
    if (row.scheduled > 0) {
      group.append(node('rect', { class: 'chart-bar-scheduled', x: margin.left, y: top + barTop + 4, height: barHeight - 8, width: Math.max(1, x(row.scheduled) - margin.left).toFixed(1) }));
    }
    group.append(node('rect', { class: 'chart-bar-worked', x: margin.left, y: top + barTop + 9, height: barHeight - 18, width: Math.max(row.worked > 0 ? 2 : 0, x(row.worked) - margin.left).toFixed(1) }));
    group.append(node('text', {
      x: (x(Math.max(row.worked, row.scheduled)) + 4).toFixed(1), y: top + barTop + barHeight / 2,
      class: 'chart-value', 'text-anchor': 'start', 'dominant-baseline': 'middle',
    }, formatHours(row.worked)));
    svg.append(group);
  });
  return svg;
}

/// A legend as plain HTML (wraps on narrow screens, readable by everyone).
export function chartLegend(entries) {
  const list = document.createElement('ul');
  list.className = 'chart-legend';
  for (const { swatch, label } of entries) {
    const item = document.createElement('li');
    const mark = document.createElement('span');
    mark.className = `chart-swatch chart-swatch-${swatch}`;
    mark.setAttribute('aria-hidden', 'true');
    item.append(mark, document.createTextNode(label));
    list.append(item);
  }
  return list;
}
