// Fixed shifts per employee (managers): the weekly pattern the schedule is generated from.
// Pick a member, see their fixed shifts, add, edit or end one. Times are the workplace's wall
// clock; the server keeps a 09:00 shift at 09:00 across daylight-saving changes. Every save is
// checked week by week against the rules first (fixed-shift-check.js), with an override and a
// reason where the rules refuse and a manager may set them aside.

import { el, viewHeader, formatDate, confirmDialog, timeRange } from '../ui.js';
import { t, locale, formatDuration } from '../i18n.js';
import { checkThenSave } from './fixed-shift-check.js';

/// The name of ISO weekday `weekday` (1 = Monday … 7 = Sunday) in the page's language, as Intl
/// writes it inside a sentence ("Monday", "maandag"); 1 January 2024 was a Monday.
export function weekdayName(weekday, style = 'long') {
  const date = new Date(Date.UTC(2024, 0, Number(weekday)));
  if (!(weekday >= 1 && weekday <= 7)) return t('manage.fixedShifts.dayNumber', { weekday });
  return new Intl.DateTimeFormat(locale(), { weekday: style, timeZone: 'UTC' }).format(date);
}

/// Weekday names by index 0–6 (Monday first) as labels, read in the page's language at the moment
/// they are used (an array-like view, so `WEEKDAYS[i]` and `WEEKDAYS.map` keep working).
export const WEEKDAYS = new Proxy(new Array(7).fill(''), {
  get(target, property, receiver) {
    if (typeof property === 'string' && /^[0-6]$/.test(property)) {
      const name = weekdayName(Number(property) + 1);
      return name.charAt(0).toLocaleUpperCase(locale()) + name.slice(1);
    }
    return Reflect.get(target, property, receiver);
  },
});

/// Minutes as "7 h 30 min" ("7 u 30 min").
export function durationText(minutes) {
  return formatDuration(Math.round(Number(minutes) || 0));
}

/// "from Monday 1 June 2026 until …": how long a fixed shift applies.
export function validityText(shift) {
  const from = formatDate(shift.validFrom, { long: true });
  return shift.validUntil ? t('manage.fixedShifts.validFromUntil', { from, until: formatDate(shift.validUntil, { long: true }) }) : t('manage.fixedShifts.validFrom', { from });
}

export function field(label, control, hint) {
  return el('label', {}, [el('span', { text: label }), control, ...(hint ? [el('span', { class: 'hint small', text: hint })] : [])]);
}

function weekdaySelect(value) {
  const control = el('select', { attrs: { name: 'weekday', required: '' } }, WEEKDAYS.map((name, index) => el('option', { text: name, attrs: { value: String(index + 1) } })));
  control.value = String(value ?? 1);
  return control;
}

/// The inputs shared by the create and edit forms, filled from `shift` when editing.
export function shiftFields(shift) {
  const hours = shift ? Math.floor(shift.durationMinutes / 60) : 8;
  const minutes = shift ? shift.durationMinutes % 60 : 0;
  return [
    field(t('manage.fixedShifts.day'), weekdaySelect(shift?.weekday)),
    field(t('manage.fixedShifts.startsAt'), el('input', { attrs: { name: 'startTime', type: 'time', required: '', value: shift?.startTime ?? '09:00' } })),
    el('fieldset', { class: 'duration' }, [
      el('legend', { text: t('manage.fixedShifts.length') }),
      field(t('manage.fixedShifts.hours'), el('input', { attrs: { name: 'hours', type: 'number', min: '0', max: '24', required: '', value: String(hours) } })),
      field(t('manage.fixedShifts.minutes'), el('input', { attrs: { name: 'minutes', type: 'number', min: '0', max: '59', step: '5', required: '', value: String(minutes) } })),
    ]),
    field(t('manage.fixedShifts.position'), el('input', { attrs: { name: 'position', maxlength: '100', value: shift?.position ?? '', autocomplete: 'off', list: 'fixed-shift-positions' } })),
    field(t('manage.fixedShifts.from'), el('input', { attrs: { name: 'validFrom', type: 'date', value: shift?.validFrom ?? '' } }), shift ? undefined : t('manage.fixedShifts.fromHint')),
    field(t('manage.fixedShifts.until'), el('input', { attrs: { name: 'validUntil', type: 'date', value: shift?.validUntil ?? '' } })),
  ];
}

/// The request body from a form; `null` with a sentence when the length is not 1 minute to 24 hours.
export function bodyFrom(form) {
  const data = new FormData(form);
  const durationMinutes = Number(data.get('hours')) * 60 + Number(data.get('minutes'));
  if (!Number.isInteger(durationMinutes) || durationMinutes < 1 || durationMinutes > 1440) {
    return { problem: t('manage.fixedShifts.lengthProblem') };
  }
  const body = { weekday: Number(data.get('weekday')), startTime: String(data.get('startTime')).slice(0, 5), durationMinutes };
  const position = String(data.get('position') ?? '').trim();
  if (position) body.position = position;
  if (data.get('validFrom')) body.validFrom = data.get('validFrom');
  if (data.get('validUntil')) body.validUntil = data.get('validUntil');
  return { body };
}

export default {
  id: 'fixed-shifts',
  get title() { return t('manage.fixedShifts.title'); },
  roles: ['manager'],

  async render(container, ctx) {
    const memberSelect = el('select', { attrs: { name: 'member', 'aria-controls': 'fixed-shift-list' } }, [el('option', { text: t('manage.fixedShifts.everyone'), attrs: { value: '' } })]);
    const list = el('div', { attrs: { id: 'fixed-shift-list', 'aria-live': 'polite' } });
    const positions = el('datalist', { attrs: { id: 'fixed-shift-positions' } });
    const ownerSelect = el('select', { attrs: { name: 'ownerId', required: '' } });
    const createCheck = el('div', { class: 'fixed-shift-check-box', attrs: { 'aria-live': 'polite' } });
    const createForm = el('form', { class: 'stack-form', attrs: { id: 'fixed-shift-form', 'aria-label': t('manage.fixedShifts.add') } }, [
      field(t('manage.fixedShifts.employee'), ownerSelect),
      ...shiftFields(null),
      createCheck,
      el('button', { class: 'button primary', text: t('manage.fixedShifts.addButton'), attrs: { type: 'submit' } }),
    ]);
    container.classList.add('manager-view');
    container.replaceChildren(
      viewHeader(t('manage.fixedShifts.title')),
      el('p', { class: 'hint', text: t('manage.fixedShifts.hint') }),
      el('div', { class: 'card' }, [
        el('form', { class: 'inline-form', attrs: { 'aria-label': t('manage.fixedShifts.choose') } }, [field(t('manage.fixedShifts.employee'), memberSelect)]),
        list,
      ]),
      el('details', { class: 'card', attrs: { open: '' } }, [el('summary', { text: t('manage.fixedShifts.add') }), createForm]),
      positions,
    );

    let members = [];
    const nameOf = (id) => members.find((m) => m.id === id)?.displayName ?? `#${id}`;

    const editForm = (shift) => {
      const check = el('div', { class: 'fixed-shift-check-box', attrs: { 'aria-live': 'polite' } });
      const form = el('form', { class: 'stack-form edit-form' }, [
        ...shiftFields(shift),
        check,
        el('div', { class: 'button-row' }, [
          el('button', { class: 'button primary', text: t('manage.fixedShifts.save'), attrs: { type: 'submit' } }),
          el('button', { class: 'button secondary', text: t('manage.fixedShifts.cancel'), attrs: { type: 'button', 'data-action': 'cancel-edit' } }),
        ]),
      ]);
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const { body, problem } = bodyFrom(form);
        if (problem) { ctx.say(problem, 'error'); return; }
        // Send only what changed, so an untouched "from" date is never moved.
        const changes = {};
        for (const key of ['weekday', 'startTime', 'durationMinutes', 'position', 'validFrom', 'validUntil']) {
          if (body[key] !== undefined && body[key] !== (shift[key] ?? undefined)) changes[key] = body[key];
        }
        if (Object.keys(changes).length === 0) { ctx.say(t('manage.fixedShifts.nothingChanged'), 'info'); return; }
        const button = form.querySelector('button[type=submit]');
        button.disabled = true;
        try {
          await checkThenSave(ctx, {
            box: check, previewPath: `/fixed-shifts/${shift.id}/preview`, body: changes,
            save: async (extra) => {
              try {
                await ctx.api('PATCH', `/fixed-shifts/${shift.id}`, { ...changes, ...extra });
              } catch (error) {
                ctx.say(ctx.explain(error), 'error');
                return false;
              }
              ctx.say(t('manage.fixedShifts.saved', { name: shift.ownerName, weekday: weekdayName(body.weekday ?? shift.weekday) }), 'ok');
              await load();
              container.querySelector(`[data-fixed-shift-id="${shift.id}"] [data-action=edit-fixed-shift]`)?.focus();
              return true;
            },
          });
        } finally {
          if (button.isConnected) button.disabled = false;
        }
      });
      form.querySelector('[data-action=cancel-edit]').addEventListener('click', () => {
        const toggle = form.closest('li')?.querySelector('[data-action=edit-fixed-shift]');
        toggle?.click();
        toggle?.focus();
      });
      return form;
    };

    const shiftRow = (shift) => {
      const what = t('manage.fixedShifts.what', { name: shift.ownerName, weekday: weekdayName(shift.weekday), time: shift.startTime });
      const end = el('button', { class: 'button secondary', text: t('manage.fixedShifts.end'), attrs: { type: 'button', 'data-action': 'end-fixed-shift', 'aria-label': t('manage.fixedShifts.endWhat', { what }) } });
      end.addEventListener('click', async () => {
        if (!(await confirmDialog({
          title: t('manage.fixedShifts.endTitle', { name: shift.ownerName, weekday: weekdayName(shift.weekday) }),
          message: t('manage.fixedShifts.endMessage'),
          confirmText: t('manage.fixedShifts.endConfirm'), danger: true,
        }))) return;
        end.disabled = true;
        try {
          await ctx.api('DELETE', `/fixed-shifts/${shift.id}`);
          ctx.say(t('manage.fixedShifts.ended', { name: shift.ownerName, weekday: weekdayName(shift.weekday) }), 'ok');
          await load();
          container.querySelector('h1')?.focus({ preventScroll: true }); // the row is gone
        } catch (error) {
          end.disabled = false;
          ctx.say(ctx.explain(error), 'error');
        }
      });
      const validity = validityText(shift);
      const form = editForm(shift);
      form.id = `fixed-shift-edit-${shift.id}`;
      form.classList.add('row-detail');
      form.hidden = true;
      const editButton = el('button', { class: 'button secondary', text: t('manage.fixedShifts.edit'), attrs: { type: 'button', 'data-action': 'edit-fixed-shift', 'aria-expanded': 'false', 'aria-controls': form.id, 'aria-label': t('manage.fixedShifts.editWhat', { what }) } });
      editButton.addEventListener('click', () => {
        form.hidden = !form.hidden;
        editButton.setAttribute('aria-expanded', String(!form.hidden));
        if (!form.hidden) form.querySelector('select, input')?.focus();
      });
      return el('li', { class: 'row fixed-shift', attrs: { 'data-fixed-shift-id': String(shift.id) } }, [
        el('div', { class: 'row-main' }, [
          el('p', { class: 'row-title' }, [
            el('span', { class: 'weekday', text: WEEKDAYS[shift.weekday - 1] ?? t('manage.fixedShifts.dayNumber', { weekday: shift.weekday }) }),
            ` ${timeRange(shift)} `,
            shift.position ? el('span', { class: 'badge badge-position', text: shift.position }) : null,
          ]),
          el('p', { class: 'muted small', text: `${durationText(shift.durationMinutes)} · ${validity}` }),
        ]),
        el('div', { class: 'row-actions' }, [editButton, end]),
        form,
      ]);
    };

    let loading = 0;
    const load = async () => {
      const request = ++loading;
      const userId = memberSelect.value;
      try {
        const shifts = await ctx.api('GET', `/fixed-shifts${userId ? `?userId=${encodeURIComponent(userId)}` : ''}`);
        if (request !== loading) return;
        shifts.sort((a, b) => a.ownerName.localeCompare(b.ownerName) || a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
        const known = new Set([...positions.options].map((o) => o.value));
        for (const shift of shifts) {
          if (shift.position && !known.has(shift.position)) { known.add(shift.position); positions.append(el('option', { attrs: { value: shift.position } })); }
        }
        if (shifts.length === 0) {
          list.replaceChildren(el('p', { class: 'empty', text: userId ? t('manage.fixedShifts.noneFor', { name: nameOf(Number(userId)) }) : t('manage.fixedShifts.none') }));
          return;
        }
        // One group per member, so "Everyone" reads like a roster.
        const groups = new Map();
        for (const shift of shifts) {
          if (!groups.has(shift.ownerId)) groups.set(shift.ownerId, { name: shift.ownerName, shifts: [] });
          groups.get(shift.ownerId).shifts.push(shift);
        }
        list.replaceChildren(...[...groups.entries()].map(([ownerId, group]) => el('div', { class: 'fixed-group', attrs: { 'data-user-id': String(ownerId) } }, [
          el('h3', { text: `${group.name} (${group.shifts.length})` }),
          el('ul', { class: 'list fixed-shift-list' }, group.shifts.map(shiftRow)),
        ])));
      } catch (error) {
        if (request === loading) ctx.say(ctx.explain(error), 'error');
      }
    };

    memberSelect.addEventListener('change', () => {
      if (memberSelect.value) ownerSelect.value = memberSelect.value;
      load();
    });
    createForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      const { body, problem } = bodyFrom(createForm);
      if (problem) { ctx.say(problem, 'error'); return; }
      body.ownerId = Number(ownerSelect.value);
      const button = createForm.querySelector('button[type=submit]');
      button.disabled = true;
      try {
        await checkThenSave(ctx, {
          box: createCheck, previewPath: '/fixed-shifts/preview', body,
          save: async (extra) => {
            try {
              await ctx.api('POST', '/fixed-shifts', { ...body, ...extra });
            } catch (error) {
              ctx.say(ctx.explain(error), 'error');
              return false;
            }
            ctx.say(t('manage.fixedShifts.added', { name: nameOf(body.ownerId), weekday: weekdayName(body.weekday), time: body.startTime }), 'ok');
            if (memberSelect.value && memberSelect.value !== String(body.ownerId)) memberSelect.value = String(body.ownerId);
            await load();
            return true;
          },
        });
      } finally {
        button.disabled = false;
      }
    });

    try {
      members = (await ctx.api('GET', '/users')).sort((a, b) => a.displayName.localeCompare(b.displayName));
      for (const member of members) {
        memberSelect.append(el('option', { text: member.displayName, attrs: { value: String(member.id) } }));
        ownerSelect.append(el('option', { text: member.displayName, attrs: { value: String(member.id) } }));
      }
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    }
    await load();
  },
};
