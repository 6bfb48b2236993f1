// My fixed shifts (employees): the weekly pattern my schedule is generated from, as the seed app's
// "+" allowed. Where the workplace lets employees manage their own (`employeesManageFixedShifts`)
// I add, change and end them here (POST/PATCH/DELETE /fixed-shifts, the server checks the same
// setting); otherwise the list is read-only with "ask your manager".

import { el, viewHeader, formatDate, confirmDialog, timeRange, actionButton, withBusy } from '../ui.js';
import { WEEKDAYS, durationText, shiftFields, bodyFrom } from './fixed-shifts.js';

export default {
  id: 'my-fixed-shifts',
  title: 'My fixed shifts',
  roles: ['employee'],

  async render(container, ctx) {
    const allowed = ctx.me.workplace?.settings?.employeesManageFixedShifts !== false;
    const list = el('ul', { class: 'list fixed-shift-list', attrs: { id: 'my-fixed-shift-list', 'aria-live': 'polite' } });
    const createForm = el('form', { class: 'stack-form', attrs: { id: 'my-fixed-shift-form', 'aria-label': 'Add a fixed shift' } }, [
      ...shiftFields(null),
      el('button', { class: 'button primary', text: 'Add fixed shift', attrs: { type: 'submit' } }),
    ]);
    container.replaceChildren(...[
      viewHeader('My fixed shifts'),
      el('p', { class: 'hint', text: 'Every week your schedule gets these shifts, eight weeks ahead. Changes apply to future shifts nobody traded or edited.' }),
      allowed ? null : el('p', { class: 'notice', attrs: { role: 'note' }, data: { notice: 'ask-manager' },
        text: 'In this workplace only managers change fixed shifts: ask your manager to add, change or end one.' }),
      el('div', { class: 'card' }, [list]),
      allowed ? el('details', { class: 'card' }, [el('summary', { text: 'Add a fixed shift' }), createForm]) : null,
    ].filter(Boolean));

    const row = (shift) => {
      const what = `your ${WEEKDAYS[shift.weekday - 1]} ${timeRange(shift)} shift`;
      const validity = `from ${formatDate(shift.validFrom, { long: true })}${shift.validUntil ? ` until ${formatDate(shift.validUntil, { long: true })}` : ''}`;
      const parts = [el('div', { class: 'row-main' }, [
        el('p', { class: 'row-title' }, [
          el('span', { class: 'weekday', text: WEEKDAYS[shift.weekday - 1] ?? `Day ${shift.weekday}` }),
          ` ${timeRange(shift)} `,
          shift.position ? el('span', { class: 'badge badge-position', text: shift.position }) : null,
        ]),
        el('p', { class: 'muted small', text: `${durationText(shift.durationMinutes)} · ${validity}` }),
      ])];
      if (allowed) {
        const form = el('form', { class: 'stack-form edit-form row-detail', attrs: { id: `my-fixed-shift-edit-${shift.id}`, 'aria-label': `Change ${what}` } }, [
          ...shiftFields(shift),
          el('button', { class: 'button primary', text: 'Save', attrs: { type: 'submit' } }),
        ]);
        form.hidden = true;
        form.addEventListener('submit', async (event) => {
          event.preventDefault();
          const { body, problem } = bodyFrom(form);
          if (problem) { ctx.say(problem, 'error'); return; }
          const changes = {};
          for (const key of Object.keys(body)) if (body[key] !== (shift[key] ?? undefined)) changes[key] = body[key];
          if (!Object.keys(changes).length) { ctx.say('Nothing changed.', 'info'); return; }
          if (await withBusy(form.querySelector('button[type=submit]'), () => ctx.api('PATCH', `/fixed-shifts/${shift.id}`, changes),
            'Saved. Your future shifts follow.')) await load();
        });
        const edit = el('button', { class: 'button secondary', text: 'Change', attrs: { type: 'button', 'data-action': 'edit-my-fixed-shift', 'aria-expanded': 'false', 'aria-controls': form.id, 'aria-label': `Change ${what}` } });
        edit.addEventListener('click', () => {
          form.hidden = !form.hidden;
          edit.setAttribute('aria-expanded', String(!form.hidden));
          if (!form.hidden) form.querySelector('select, input')?.focus();
        });
        const end = actionButton('end-my-fixed-shift', 'End', async (button) => {
          if (!(await confirmDialog({
            title: `End ${what}?`, message: 'Its future occurrences that nobody traded or edited leave your schedule.',
            confirmText: 'End fixed shift', danger: true,
          }))) return;
          if (await withBusy(button, () => ctx.api('DELETE', `/fixed-shifts/${shift.id}`), 'Ended; its future shifts are off your schedule.') !== undefined) {
            await load();
            container.querySelector('h1')?.focus({ preventScroll: true });
          }
        });
        end.setAttribute('aria-label', `End ${what}`);
        parts.push(el('div', { class: 'row-actions' }, [edit, end]), form);
      }
      return el('li', { class: 'row fixed-shift', data: { fixedShiftId: shift.id } }, parts);
    };

    const load = async () => {
      try {
        const shifts = (await ctx.api('GET', '/fixed-shifts')).sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
        list.replaceChildren(...(shifts.length ? shifts.map(row) : [el('li', { class: 'empty', text: 'You have no fixed shifts.' })]));
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      }
    };

    createForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      const { body, problem } = bodyFrom(createForm);
      if (problem) { ctx.say(problem, 'error'); return; }
      const added = await withBusy(createForm.querySelector('button[type=submit]'), () => ctx.api('POST', '/fixed-shifts', body),
        `Added: you work every ${WEEKDAYS[body.weekday - 1]} from ${body.startTime}. Your schedule is filled eight weeks ahead.`);
      if (added) await load();
    });
    await load();
  },
};
