// Fixed shifts per employee (managers): the weekly pattern the schedule is generated from.
// Pick a member, see their fixed shifts, add, edit or end one. Times are the workplace's wall
// clock; the server keeps a 09:00 shift at 09:00 across daylight-saving changes.

import { el, viewHeader, formatDate, confirmDialog, timeRange } from '../ui.js';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/// Minutes as "7 h 30 min".
export function durationText(minutes) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean).join(' ') || '0 min';
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
    field('Day', weekdaySelect(shift?.weekday)),
    field('Starts at', el('input', { attrs: { name: 'startTime', type: 'time', required: '', value: shift?.startTime ?? '09:00' } })),
    el('fieldset', { class: 'duration' }, [
      el('legend', { text: 'Length' }),
      field('Hours', el('input', { attrs: { name: 'hours', type: 'number', min: '0', max: '24', required: '', value: String(hours) } })),
      field('Minutes', el('input', { attrs: { name: 'minutes', type: 'number', min: '0', max: '59', step: '5', required: '', value: String(minutes) } })),
    ]),
    field('Position (optional)', el('input', { attrs: { name: 'position', maxlength: '100', value: shift?.position ?? '', autocomplete: 'off', list: 'fixed-shift-positions' } })),
    field('From', el('input', { attrs: { name: 'validFrom', type: 'date', value: shift?.validFrom ?? '' } }), shift ? undefined : 'Empty means today.'),
    field('Until (optional)', el('input', { attrs: { name: 'validUntil', type: 'date', value: shift?.validUntil ?? '' } })),
  ];
}

/// The request body from a form; `null` with a sentence when the length is not 1 minute to 24 hours.
export function bodyFrom(form) {
  const data = new FormData(form);
  const durationMinutes = Number(data.get('hours')) * 60 + Number(data.get('minutes'));
  if (!Number.isInteger(durationMinutes) || durationMinutes < 1 || durationMinutes > 1440) {
    return { problem: 'A fixed shift lasts between 1 minute and 24 hours.' };
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
  title: 'Fixed shifts',
  roles: ['manager'],

  async render(container, ctx) {
    const memberSelect = el('select', { attrs: { name: 'member', 'aria-controls': 'fixed-shift-list' } }, [el('option', { text: 'Everyone', attrs: { value: '' } })]);
    const list = el('div', { attrs: { id: 'fixed-shift-list', 'aria-live': 'polite' } });
    const positions = el('datalist', { attrs: { id: 'fixed-shift-positions' } });
    const ownerSelect = el('select', { attrs: { name: 'ownerId', required: '' } });
    const createForm = el('form', { class: 'stack-form', attrs: { id: 'fixed-shift-form', 'aria-label': 'Add a fixed shift' } }, [
      field('Employee', ownerSelect),
      ...shiftFields(null),
      el('button', { class: 'button primary', text: 'Add fixed shift', attrs: { type: 'submit' } }),
    ]);
    container.classList.add('manager-view');
    container.replaceChildren(
      viewHeader('Fixed shifts'),
      el('p', { class: 'hint', text: 'Every week the schedule gets these shifts, eight weeks ahead. Changes apply to future shifts nobody traded or edited.' }),
      el('div', { class: 'card' }, [
        el('form', { class: 'inline-form', attrs: { 'aria-label': 'Choose an employee' } }, [field('Employee', memberSelect)]),
        list,
      ]),
      el('details', { class: 'card', attrs: { open: '' } }, [el('summary', { text: 'Add a fixed shift' }), createForm]),
      positions,
    );

    let members = [];
    const nameOf = (id) => members.find((m) => m.id === id)?.displayName ?? `#${id}`;

    const editForm = (shift) => {
      const form = el('form', { class: 'stack-form edit-form' }, [
        ...shiftFields(shift),
        el('div', { class: 'button-row' }, [
          el('button', { class: 'button primary', text: 'Save', attrs: { type: 'submit' } }),
          el('button', { class: 'button secondary', text: 'Cancel', attrs: { type: 'button', 'data-action': 'cancel-edit' } }),
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
        if (Object.keys(changes).length === 0) { ctx.say('Nothing changed.', 'info'); return; }
        form.querySelector('button[type=submit]').disabled = true;
        try {
          await ctx.api('PATCH', `/fixed-shifts/${shift.id}`, changes);
          ctx.say(`Saved. ${shift.ownerName}'s future ${WEEKDAYS[(body.weekday ?? shift.weekday) - 1]} shifts follow.`, 'ok');
          await load();
          container.querySelector(`[data-fixed-shift-id="${shift.id}"] [data-action=edit-fixed-shift]`)?.focus();
        } catch (error) {
          ctx.say(ctx.explain(error), 'error');
          form.querySelector('button[type=submit]').disabled = false;
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
      const what = `${shift.ownerName}'s ${WEEKDAYS[shift.weekday - 1]} ${shift.startTime} shift`;
      const end = el('button', { class: 'button secondary', text: 'End', attrs: { type: 'button', 'data-action': 'end-fixed-shift', 'aria-label': `End ${what}` } });
      end.addEventListener('click', async () => {
        if (!(await confirmDialog({
          title: `End ${shift.ownerName}'s ${WEEKDAYS[shift.weekday - 1]} shift?`,
          message: 'Its future occurrences that nobody traded or edited are removed from the schedule.',
          confirmText: 'End fixed shift', danger: true,
        }))) return;
        end.disabled = true;
        try {
          await ctx.api('DELETE', `/fixed-shifts/${shift.id}`);
          ctx.say(`${shift.ownerName}'s ${WEEKDAYS[shift.weekday - 1]} shift has ended; future occurrences are removed.`, 'ok');
          await load();
          container.querySelector('h1')?.focus({ preventScroll: true }); // the row is gone
        } catch (error) {
          end.disabled = false;
          ctx.say(ctx.explain(error), 'error');
        }
      });
      const validity = `from ${formatDate(shift.validFrom, { long: true })}${shift.validUntil ? ` until ${formatDate(shift.validUntil, { long: true })}` : ''}`;
      const form = editForm(shift);
      form.id = `fixed-shift-edit-${shift.id}`;
      form.classList.add('row-detail');
      form.hidden = true;
      const editButton = el('button', { class: 'button secondary', text: 'Edit', attrs: { type: 'button', 'data-action': 'edit-fixed-shift', 'aria-expanded': 'false', 'aria-controls': form.id, 'aria-label': `Edit ${what}` } });
      editButton.addEventListener('click', () => {
        form.hidden = !form.hidden;
        editButton.setAttribute('aria-expanded', String(!form.hidden));
        if (!form.hidden) form.querySelector('select, input')?.focus();
      });
      return el('li', { class: 'row fixed-shift', attrs: { 'data-fixed-shift-id': String(shift.id) } }, [
        el('div', { class: 'row-main' }, [
          el('p', { class: 'row-title' }, [
            el('span', { class: 'weekday', text: WEEKDAYS[shift.weekday - 1] ?? `Day ${shift.weekday}` }),
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
          list.replaceChildren(el('p', { class: 'empty', text: userId ? `${nameOf(Number(userId))} has no fixed shifts.` : 'Nobody has fixed shifts yet.' }));
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
        await ctx.api('POST', '/fixed-shifts', body);
        ctx.say(`Added: ${nameOf(body.ownerId)} works every ${WEEKDAYS[body.weekday - 1]} from ${body.startTime}. The schedule is filled eight weeks ahead.`, 'ok');
        if (memberSelect.value && memberSelect.value !== String(body.ownerId)) memberSelect.value = String(body.ownerId);
        await load();
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
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
