// Settings (managers): the workplace's name and time zone, the marketplace switches, reminders,
// the hour and rest limits with their severity, and the timeclock's quotas and break rules.
//
// Two requests save it: PATCH /workplace (name, zone, `settings`) and PUT /timeclock/rules. A
// time-zone change is explained and confirmed first, because it moves untouched generated shifts.

import { el, viewHeader, confirmDialog, formatMinutes } from '../ui.js';

function field(label, control, hint) {
  return el('label', {}, [el('span', { text: label }), control, ...(hint ? [el('span', { class: 'hint small', text: hint })] : [])]);
}

function checkbox(name, checked, text) {
  const box = el('input', { attrs: { type: 'checkbox', name } });
  box.checked = Boolean(checked);
  return el('label', { class: 'inline' }, [box, el('span', { text })]);
}

function numberInput(name, value, { min, max, step = 1, placeholder } = {}) {
  return el('input', { attrs: { name, type: 'number', min, max, step, placeholder, value: value ?? '' } });
}

/** The hour/rest limits the workplace may switch on, with the words for their unit. */
const limits = [
  ['maxWeeklyHours', 'Most hours in a week', 'hours', 168],
  ['minRestHours', 'Fewest hours of rest between two shifts', 'hours', 72],
  ['maxConsecutiveDays', 'Most working days in a row', 'days', 31],
  ['maxShiftHours', 'Longest shift', 'hours', 24],
];

/** What a time-zone change does, in the words of AccountService.updateWorkplace. */
export function zoneChangeMessage(from, to) {
  return `Shifty keeps the schedule at the same local times: fixed-shift weeks ahead that nobody has touched are made again at their `
    + `clock times in ${to} (a 09:00 shift stays 09:00). Shifts that were traded, reassigned, edited or added by hand keep their `
    + `moment in time, so they show at a different local time than in ${from}. Everyone sees the new zone at once.`;
}

const minutesOrBlank = (value) => (value === null || value === undefined ? '' : String(value));

/** A refuse/warn choice: what the rulebook does when a rule or limit is broken. */
function severitySelect(name, current, ariaLabel) {
  const select = el('select', { attrs: { name, 'aria-label': ariaLabel } }, [
    el('option', { text: 'Refuse', attrs: { value: 'refuse' } }),
    el('option', { text: 'Warn only', attrs: { value: 'warn' } }),
  ]);
  select.value = current ?? 'refuse';
  return select;
}

/** A labelled refuse/warn choice for one of the rulebook's rules (issue 16). */
function ruleSelect(name, current, label) {
  return el('label', { class: 'inline' }, [el('span', { text: label }), severitySelect(name, current, label)]);
}

export default {
  id: 'settings',
  title: 'Settings',
  roles: ['manager'],

  async render(container, ctx) {
    const [workplace, rules] = await Promise.all([ctx.api('GET', '/workplace'), ctx.api('GET', '/timeclock/rules')]);
    const settings = workplace.settings;
    const zones = Intl.supportedValuesOf ? Intl.supportedValuesOf('timeZone') : [];
    const zoneList = el('datalist', { attrs: { id: 'settings-zones' } }, zones.map((zone) => el('option', { attrs: { value: zone } })));
    const zoneInput = el('input', { attrs: { name: 'timeZone', required: '', list: 'settings-zones', autocomplete: 'off', spellcheck: 'false', value: workplace.timeZone } });
    const zoneNote = el('p', { class: 'hint small zone-note', attrs: { 'aria-live': 'polite' } });
    zoneInput.addEventListener('input', () => {
      const next = zoneInput.value.trim();
      zoneNote.textContent = next && next !== workplace.timeZone ? zoneChangeMessage(workplace.timeZone, next) : '';
    });

    const limitRows = limits.map(([key, label, unit, max]) => {
      const current = settings.hourLimits?.[key];
      const value = numberInput(`${key}.limit`, current?.limit, { min: 1, max, placeholder: 'off' });
      value.setAttribute('aria-label', `${label} (${unit}; empty is off)`);
      const severity = severitySelect(`${key}.severity`, current?.severity, `${label}: when broken`);
      return el('div', { class: 'limit-row', data: { limit: key } }, [el('span', { class: 'limit-label', text: `${label} (${unit})` }), value, severity]);
    });

    const breakRows = el('div', { class: 'break-rules' });
    const breakRow = (rule = {}) => {
      const after = numberInput('afterMinutes', rule.afterMinutes, { min: 0, max: 1500, placeholder: 'e.g. 330' });
      after.setAttribute('aria-label', 'After this many minutes of work');
      const length = numberInput('breakMinutes', rule.breakMinutes, { min: 1, max: 240, placeholder: 'e.g. 30' });
      length.setAttribute('aria-label', 'Unpaid break in minutes');
      const remove = el('button', { class: 'button secondary', text: 'Remove', attrs: { type: 'button', 'data-action': 'remove-break-rule' } });
      const row = el('div', { class: 'break-rule' }, [el('span', { text: 'After' }), after, el('span', { text: 'min of work,' }), length, el('span', { text: 'min unpaid break' }), remove]);
      remove.addEventListener('click', () => row.remove());
      return row;
    };
    breakRows.replaceChildren(...(rules.breakRules ?? []).map(breakRow));
    const addBreak = el('button', { class: 'button secondary', text: 'Add a break rule', attrs: { type: 'button', 'data-action': 'add-break-rule' } });
    addBreak.addEventListener('click', () => breakRows.append(breakRow()));

    const form = el('form', { class: 'settings-form', attrs: { id: 'settings-form', 'aria-label': 'Workplace settings' } }, [
      el('fieldset', { class: 'card' }, [
        el('legend', { text: 'Workplace' }),
        field('Name', el('input', { attrs: { name: 'name', required: '', maxlength: '200', value: workplace.name, autocomplete: 'organization' } })),
        field('Time zone', zoneInput, 'An IANA zone such as Europe/Amsterdam. Every time on the page and in reports is in this zone.'),
        zoneNote,
        zoneList,
      ]),
      el('fieldset', { class: 'card' }, [
        el('legend', { text: 'Marketplace' }),
        checkbox('autoApprove', settings.autoApprove, 'Trades take effect without a manager’s approval'),
        checkbox('onePerDay', settings.onePerDay, 'Nobody gets two shifts on one day'),
        checkbox('employeesManageFixedShifts', settings.employeesManageFixedShifts, 'Employees may add and change their own fixed shifts'),
        field('Reminder before a shift (minutes)', numberInput('reminderMinutesBefore', settings.reminderMinutesBefore, { min: 0, max: 10080 }), '0 sends no reminders.'),
        field('Deal expiry (hours before the shift)', numberInput('dealExpiryHours', settings.dealExpiryHours ?? 0, { min: 0, max: 168 }), 'A trade nobody decided expires this many hours before its shift starts; 0: when it starts. Trades that would wait are refused after that.'),
      ]),
      el('fieldset', { class: 'card' }, [
        el('legend', { text: 'Hour and rest limits' }),
        el('p', { class: 'hint small', text: 'Leave a limit empty to switch it off. “Refuse” stops a trade or assignment that breaks it; “Warn only” shows the warning and lets it through. A member’s own limit (Team page) replaces the workplace’s.' }),
        ...limitRows,
      ]),
      el('fieldset', { class: 'card' }, [
        el('legend', { text: 'Time off and availability' }),
        el('p', { class: 'hint small', text: 'What happens when a trade or an assignment gives someone a shift during their approved time off, or in a time they said they cannot work.' }),
        ruleSelect('timeOffRule', settings.timeOffRule, 'During approved time off'),
        ruleSelect('availabilityRule', settings.availabilityRule, 'In an unavailable time'),
      ]),
      el('fieldset', { class: 'card' }, [
        el('legend', { text: 'Timeclock' }),
        field('Quota Monday to Friday (minutes)', numberInput('mondayToFridayQuotaMinutes', rules.mondayToFridayQuotaMinutes, { min: 0, max: 1500 }), `Now ${formatMinutes(rules.mondayToFridayQuotaMinutes)} a day.`),
        field('Quota Saturday (minutes)', numberInput('saturdayQuotaMinutes', minutesOrBlank(rules.saturdayQuotaMinutes), { min: 0, max: 1500, placeholder: 'day off' }), 'Empty: a day off.'),
        field('Quota Sunday (minutes)', numberInput('sundayQuotaMinutes', minutesOrBlank(rules.sundayQuotaMinutes), { min: 0, max: 1500, placeholder: 'day off' }), 'Empty: a day off.'),
        field('Schedule tolerance (minutes)', numberInput('scheduleToleranceMinutes', rules.scheduleToleranceMinutes, { min: 0, max: 240 }), 'Punching this early or late still counts as on time.'),
        field('Daily overtime floor (minutes, 0 or less)', numberInput('dailyOvertimeFloorMinutes', rules.dailyOvertimeFloorMinutes, { min: -1500, max: 0 }), 'How far below the quota a day’s balance may go.'),
        field('Weekly overtime floor (minutes, 0 or less)', numberInput('weeklyOvertimeFloorMinutes', rules.weeklyOvertimeFloorMinutes, { min: -10500, max: 0 })),
        field('Monthly overtime floor (minutes, 0 or less)', numberInput('monthlyOvertimeFloorMinutes', rules.monthlyOvertimeFloorMinutes, { min: -46500, max: 0 })),
        field('Absences allowed per month on diligence pay', numberInput('diligenceAbsenceCap', rules.diligenceAbsenceCap, { min: 0, max: 31 })),
        checkbox('dayOffWorkCountsAsOvertime', rules.dayOffWorkCountsAsOvertime, 'Work on a day off counts fully as overtime'),
        el('p', { class: 'small', text: 'Unpaid breaks by length of the day’s work (punched breaks replace them for that day):' }),
        breakRows,
        addBreak,
      ]),
      el('div', { class: 'form-actions' }, [el('button', { class: 'button primary', text: 'Save settings', attrs: { type: 'submit' } })]),
    ]);

    container.classList.add('manager-view', 'settings-view');
    container.replaceChildren(viewHeader('Settings'), form);

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector('button[type=submit]');
      const data = new FormData(form);
      const timeZone = String(data.get('timeZone')).trim();
      if (timeZone !== workplace.timeZone && !(await confirmDialog({
        title: `Change the time zone to ${timeZone}?`,
        message: zoneChangeMessage(workplace.timeZone, timeZone),
        confirmText: 'Change the time zone',
      }))) return;

      const hourLimits = {};
      for (const [key] of limits) {
        const raw = String(data.get(`${key}.limit`) ?? '').trim();
        hourLimits[key] = raw === '' ? null : { limit: Number(raw), severity: data.get(`${key}.severity`) };
      }
      const optionalMinutes = (name) => { const raw = String(data.get(name) ?? '').trim(); return raw === '' ? null : Number(raw); };
      const breakRules = [...breakRows.querySelectorAll('.break-rule')]
        .map((row) => ({ afterMinutes: row.querySelector('[name=afterMinutes]').value, breakMinutes: row.querySelector('[name=breakMinutes]').value }))
        .filter((rule) => rule.afterMinutes !== '' || rule.breakMinutes !== '')
        .map((rule) => ({ afterMinutes: Number(rule.afterMinutes), breakMinutes: Number(rule.breakMinutes) }));

      button.disabled = true;
      try {
        const saved = await ctx.api('PATCH', '/workplace', {
          name: String(data.get('name')),
          timeZone,
          settings: {
            autoApprove: data.get('autoApprove') === 'on',
            onePerDay: data.get('onePerDay') === 'on',
            employeesManageFixedShifts: data.get('employeesManageFixedShifts') === 'on',
            reminderMinutesBefore: Number(data.get('reminderMinutesBefore')),
            dealExpiryHours: Number(data.get('dealExpiryHours')),
            hourLimits,
            timeOffRule: data.get('timeOffRule'),
            availabilityRule: data.get('availabilityRule'),
          },
        });
        await ctx.api('PUT', '/timeclock/rules', {
          mondayToFridayQuotaMinutes: Number(data.get('mondayToFridayQuotaMinutes')),
          saturdayQuotaMinutes: optionalMinutes('saturdayQuotaMinutes'),
          sundayQuotaMinutes: optionalMinutes('sundayQuotaMinutes'),
          scheduleToleranceMinutes: Number(data.get('scheduleToleranceMinutes')),
          dailyOvertimeFloorMinutes: Number(data.get('dailyOvertimeFloorMinutes')),
          weeklyOvertimeFloorMinutes: Number(data.get('weeklyOvertimeFloorMinutes')),
          monthlyOvertimeFloorMinutes: Number(data.get('monthlyOvertimeFloorMinutes')),
          diligenceAbsenceCap: Number(data.get('diligenceAbsenceCap')),
          dayOffWorkCountsAsOvertime: data.get('dayOffWorkCountsAsOvertime') === 'on',
          breakRules,
        });
        Object.assign(workplace, saved);
        ctx.me.workplace.name = saved.name;
        const name = document.getElementById('workplace-name');
        if (name) name.textContent = saved.name;
        zoneNote.textContent = '';
        ctx.say('Settings saved.', 'ok');
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      } finally {
        button.disabled = false;
      }
    });
  },
};
