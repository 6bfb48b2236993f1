// My fixed shifts (employees): the weekly pattern my schedule is generated from, as the seed app's
// "+" allowed. Where the workplace lets employees manage their own (`employeesManageFixedShifts`)
// I add, change and end them here (POST/PATCH/DELETE /fixed-shifts, the server checks the same
// setting); otherwise the list is read-only with "ask your manager".

import { el, viewHeader, confirmDialog, timeRange, actionButton, withBusy } from '../ui.js';
import { WEEKDAYS, durationText, shiftFields, bodyFrom, weekdayName, validityText } from './fixed-shifts.js';
import { t } from '../i18n.js';

export default {
  id: 'my-fixed-shifts',
  get title() { return t('manage.myFixedShifts.title'); },
  roles: ['employee'],

  async render(container, ctx) {
    const allowed = ctx.me.workplace?.settings?.employeesManageFixedShifts !== false;
    const list = el('ul', { class: 'list fixed-shift-list', attrs: { id: 'my-fixed-shift-list', 'aria-live': 'polite' } });
    const createForm = el('form', { class: 'stack-form', attrs: { id: 'my-fixed-shift-form', 'aria-label': t('manage.fixedShifts.add') } }, [
      ...shiftFields(null),
      el('button', { class: 'button primary', text: t('manage.fixedShifts.addButton'), attrs: { type: 'submit' } }),
    ]);
    container.replaceChildren(...[
      viewHeader(t('manage.myFixedShifts.title')),
      el('p', { class: 'hint', text: t('manage.myFixedShifts.hint') }),
      allowed ? null : el('p', { class: 'notice', attrs: { role: 'note' }, data: { notice: 'ask-manager' },
        text: t('manage.myFixedShifts.askManager') }),
      el('div', { class: 'card' }, [list]),
      allowed ? el('details', { class: 'card' }, [el('summary', { text: t('manage.fixedShifts.add') }), createForm]) : null,
    ].filter(Boolean));

    const row = (shift) => {
      const what = t('manage.myFixedShifts.what', { weekday: weekdayName(shift.weekday), time: timeRange(shift) });
      const validity = validityText(shift);
      const parts = [el('div', { class: 'row-main' }, [
        el('p', { class: 'row-title' }, [
          el('span', { class: 'weekday', text: WEEKDAYS[shift.weekday - 1] ?? t('manage.fixedShifts.dayNumber', { weekday: shift.weekday }) }),
          ` ${timeRange(shift)} `,
          shift.position ? el('span', { class: 'badge badge-position', text: shift.position }) : null,
        ]),
        el('p', { class: 'muted small', text: `${durationText(shift.durationMinutes)} · ${validity}` }),
      ])];
      if (allowed) {
        const form = el('form', { class: 'stack-form edit-form row-detail', attrs: { id: `my-fixed-shift-edit-${shift.id}`, 'aria-label': t('manage.myFixedShifts.changeWhat', { what }) } }, [
          ...shiftFields(shift),
          el('button', { class: 'button primary', text: t('manage.fixedShifts.save'), attrs: { type: 'submit' } }),
        ]);
        form.hidden = true;
        form.addEventListener('submit', async (event) => {
          event.preventDefault();
          const { body, problem } = bodyFrom(form);
          if (problem) { ctx.say(problem, 'error'); return; }
          const changes = {};
          for (const key of Object.keys(body)) if (body[key] !== (shift[key] ?? undefined)) changes[key] = body[key];
          if (!Object.keys(changes).length) { ctx.say(t('manage.fixedShifts.nothingChanged'), 'info'); return; }
          if (await withBusy(form.querySelector('button[type=submit]'), () => ctx.api('PATCH', `/fixed-shifts/${shift.id}`, changes),
            t('manage.myFixedShifts.saved'))) await load();
        });
        const edit = el('button', { class: 'button secondary', text: t('manage.myFixedShifts.change'), attrs: { type: 'button', 'data-action': 'edit-my-fixed-shift', 'aria-expanded': 'false', 'aria-controls': form.id, 'aria-label': t('manage.myFixedShifts.changeWhat', { what }) } });
        edit.addEventListener('click', () => {
          form.hidden = !form.hidden;
          edit.setAttribute('aria-expanded', String(!form.hidden));
          if (!form.hidden) form.querySelector('select, input')?.focus();
        });
        const end = actionButton('end-my-fixed-shift', t('manage.fixedShifts.end'), async (button) => {
          if (!(await confirmDialog({
            title: t('manage.myFixedShifts.endTitle', { what }), message: t('manage.myFixedShifts.endMessage'),
            confirmText: t('manage.fixedShifts.endConfirm'), danger: true,
          }))) return;
          if (await withBusy(button, () => ctx.api('DELETE', `/fixed-shifts/${shift.id}`), t('manage.myFixedShifts.ended')) !== undefined) {
            await load();
            container.querySelector('h1')?.focus({ preventScroll: true });
          }
        });
        end.setAttribute('aria-label', t('manage.fixedShifts.endWhat', { what }));
        parts.push(el('div', { class: 'row-actions' }, [edit, end]), form);
      }
      return el('li', { class: 'row fixed-shift', data: { fixedShiftId: shift.id } }, parts);
    };

    const load = async () => {
      try {
        const shifts = (await ctx.api('GET', '/fixed-shifts')).sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime));
        list.replaceChildren(...(shifts.length ? shifts.map(row) : [el('li', { class: 'empty', text: t('manage.myFixedShifts.none') })]));
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      }
    };

    createForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      const { body, problem } = bodyFrom(createForm);
      if (problem) { ctx.say(problem, 'error'); return; }
      const added = await withBusy(createForm.querySelector('button[type=submit]'), () => ctx.api('POST', '/fixed-shifts', body),
        t('manage.myFixedShifts.added', { weekday: weekdayName(body.weekday), time: body.startTime }));
      if (added) await load();
    });
    await load();
  },
};
