// Settings (managers): the workplace's name and time zone, the marketplace switches, reminders,
// the hour and rest limits with their severity, and the timeclock's quotas and break rules.
//
// Two requests save it: PATCH /workplace (name, zone, `settings`) and PUT /timeclock/rules. A
// time-zone change is explained and confirmed first, because it moves untouched generated shifts.
//
// The schedule-change rule (`settings.scheduleChanges`, predictability pay): a preset by name, each
// described with its figures and its source, or the workplace's own figures (custom). Saved with
// the other settings in the PATCH.

import { el, viewHeader, confirmDialog } from '../ui.js';
import { t, formatDuration } from '../i18n.js';

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
  ['maxWeeklyHours', 'manage.settings.limit.maxWeeklyHours', 'manage.settings.unit.hours', 168],
  ['minRestHours', 'manage.settings.limit.minRestHours', 'manage.settings.unit.hours', 72],
  ['maxConsecutiveDays', 'manage.settings.limit.maxConsecutiveDays', 'manage.settings.unit.days', 31],
  ['maxShiftHours', 'manage.settings.limit.maxShiftHours', 'manage.settings.unit.hours', 24],
];

/** What a time-zone change does, in the words of AccountService.updateWorkplace. */
export function zoneChangeMessage(from, to) {
  return t('manage.settings.zoneChange', { from, to });
}

const minutesOrBlank = (value) => (value === null || value === undefined ? '' : String(value));

/** A refuse/warn choice: what the rulebook does when a rule or limit is broken. */
function severitySelect(name, current, ariaLabel) {
  const select = el('select', { attrs: { name, 'aria-label': ariaLabel } }, [
    el('option', { text: t('manage.settings.severity.refuse'), attrs: { value: 'refuse' } }),
    el('option', { text: t('manage.settings.severity.warn'), attrs: { value: 'warn' } }),
  ]);
  select.value = current ?? 'refuse';
  return select;
}

/** A labelled refuse/warn choice for one of the rulebook's rules (issue 16). */
function ruleSelect(name, current, label) {
  return el('label', { class: 'inline' }, [el('span', { text: label }), severitySelect(name, current, label)]);
}

// ---------------------------------------------------------------------------------------------
// Schedule changes (predictability pay)

/** The presets in the order the select offers them, with the source each description links to. */
const SCHEDULE_PRESETS = [
  { value: 'none', lines: ['none'] },
  { value: 'nl_on_call', lines: ['nlNotice', 'nlCut', 'nlMoved', 'nlAdded'], source: 'https://wetten.overheid.nl/BWBR0005290/' },
  { value: 'us_seattle', lines: ['usNotice', 'usAddedMoved', 'usCut', 'usRest'], source: 'https://www.seattle.gov/laborstandards/ordinances/secure-scheduling' },
  { value: 'us_oregon', lines: ['oregonSame', 'usNotice', 'usAddedMoved', 'usCut', 'usRest'], source: 'https://www.oregonlegislature.gov/bills_laws/ors/ors653.html' },
  { value: 'us_nyc_fast_food', lines: ['nycNotice', 'nycWeek', 'nycSevenDays', 'nycDay', 'nycRest', 'nycCurrency'], source: 'https://www.nyc.gov/site/dca/workers/workersrights/fast-food-workers.page' },
  { value: 'custom', lines: ['custom'] },
];

/** The custom rule's fields: name in `custom`, range, and whether it may be left empty. */
const CUSTOM_FIELDS = [
  { name: 'noticeDays', min: 1, max: 28 },
  { name: 'addedMinutesOfPay', min: 0, max: 480 },
  { name: 'movedMinutesOfPay', min: 0, max: 480 },
  { name: 'cutPercentOfLostTime', min: 0, max: 200 },
  { name: 'clopeningRestHours', min: 1, max: 24, optional: true },
  { name: 'clopeningPercentOfPay', min: 0, max: 200 },
];

/** A custom rule's figures before the manager sets any (Seattle's, without the rest premium). */
const CUSTOM_DEFAULTS = {
  noticeDays: 14, addedMinutesOfPay: 60, movedMinutesOfPay: 60, cutPercentOfLostTime: 50, clopeningRestHours: null, clopeningPercentOfPay: 50,
};

/**
 * The "Schedule changes" card: the preset, what it does and where it comes from, and the custom
 * figures (shown for "custom" only). `value()` is what the PATCH sends as `settings.scheduleChanges`.
 */
function scheduleChangesSection(current) {
  const chosen = SCHEDULE_PRESETS.some((preset) => preset.value === current?.preset) ? current.preset : 'none';
  const select = el('select', { attrs: { name: 'scheduleChanges.preset', id: 'settings-schedule-preset', 'aria-describedby': 'settings-schedule-description' } },
    SCHEDULE_PRESETS.map((preset) => el('option', { text: t(`manage.settings.scheduleChanges.preset.${preset.value}`), attrs: { value: preset.value } })));
  select.value = chosen;
  const description = el('div', { class: 'schedule-preset-description', attrs: { id: 'settings-schedule-description', 'aria-live': 'polite' } });
  const figures = { ...CUSTOM_DEFAULTS, ...(current?.custom ?? {}) };
  const inputs = new Map(CUSTOM_FIELDS.map((spec) => {
    const input = numberInput(`scheduleChanges.custom.${spec.name}`, figures[spec.name], {
      min: spec.min, max: spec.max, placeholder: spec.optional ? t('manage.settings.scheduleChanges.noRestPremium') : undefined,
    });
    if (!spec.optional) input.required = true;
    return [spec.name, input];
  }));
  const custom = el('div', { class: 'schedule-custom', data: { slot: 'custom' } }, CUSTOM_FIELDS.map((spec) => field(
    t(`manage.settings.scheduleChanges.field.${spec.name}`), inputs.get(spec.name), t(`manage.settings.scheduleChanges.hint.${spec.name}`),
  )));

  const show = () => {
    const preset = SCHEDULE_PRESETS.find((candidate) => candidate.value === select.value) ?? SCHEDULE_PRESETS[0];
    description.dataset.preset = preset.value;
    description.replaceChildren(...[
      el('ul', { class: 'schedule-preset-lines' }, preset.lines.map((line) => el('li', { text: t(`manage.settings.scheduleChanges.line.${line}`) }))),
      preset.source ? el('p', { class: 'small schedule-preset-source' }, [
        el('span', { text: t('manage.settings.scheduleChanges.source') }), ' ',
        el('a', { text: t(`manage.settings.scheduleChanges.sourceName.${preset.value}`), attrs: { href: preset.source, target: '_blank', rel: 'noopener noreferrer' } }),
      ]) : null,
      preset.source ? el('p', { class: 'small schedule-preset-caveat', text: t('manage.settings.scheduleChanges.caveat') }) : null,
    ].filter(Boolean));
    // Hidden fields are neither sent nor checked by the browser.
    custom.hidden = preset.value !== 'custom';
    for (const input of inputs.values()) input.disabled = custom.hidden;
  };
  select.addEventListener('change', show);
  show();

  const element = el('fieldset', { class: 'card', data: { section: 'schedule-changes' } }, [
    el('legend', { text: t('manage.settings.scheduleChanges.title') }),
    el('p', { class: 'hint small', text: t('manage.settings.scheduleChanges.hint') }),
    field(t('manage.settings.scheduleChanges.rule'), select),
    description,
    custom,
  ]);
  const value = () => {
    if (select.value !== 'custom') return { preset: select.value };
    const rule = {};
    for (const spec of CUSTOM_FIELDS) {
      const raw = inputs.get(spec.name).value.trim();
      rule[spec.name] = raw === '' && spec.optional ? null : Number(raw);
    }
    return { preset: 'custom', custom: rule };
  };
  return { element, value };
}

/**
 * Marks the fields a validation answer names (`settings.scheduleChanges.custom.noticeDays` is the
 * input named `scheduleChanges.custom.noticeDays`) and moves focus to the first shown one; the
 * sentence itself is in the page's message, as for every refused setting.
 */
function markInvalid(form, error) {
  for (const marked of form.querySelectorAll('[aria-invalid=true]')) marked.removeAttribute('aria-invalid');
  const names = (error?.fields ?? []).map((item) => String(item.field || '').replace(/^settings\./, ''));
  const controls = names.map((name) => form.querySelector(`[name="${CSS.escape(name)}"]`)).filter(Boolean);
  for (const control of controls) control.setAttribute('aria-invalid', 'true');
  controls.find((control) => !control.disabled && control.offsetParent !== null)?.focus();
}

export default {
  id: 'settings',
  get title() { return t('manage.settings.title'); },
  roles: ['manager'],

  async render(container, ctx) {
    const [workplace, rules, budget] = await Promise.all([
      ctx.api('GET', '/workplace'), ctx.api('GET', '/timeclock/rules'),
      // Labour cost (managers only, not in the settings every member reads); an older server has none.
      ctx.api('GET', '/plan/budget').catch(() => null),
    ]);
    const settings = workplace.settings;
    const zones = Intl.supportedValuesOf ? Intl.supportedValuesOf('timeZone') : [];
    const zoneList = el('datalist', { attrs: { id: 'settings-zones' } }, zones.map((zone) => el('option', { attrs: { value: zone } })));
    const zoneInput = el('input', { attrs: { name: 'timeZone', required: '', list: 'settings-zones', autocomplete: 'off', spellcheck: 'false', value: workplace.timeZone } });
    const zoneNote = el('p', { class: 'hint small zone-note', attrs: { 'aria-live': 'polite' } });
    zoneInput.addEventListener('input', () => {
      const next = zoneInput.value.trim();
      zoneNote.textContent = next && next !== workplace.timeZone ? zoneChangeMessage(workplace.timeZone, next) : '';
    });

    // The workplace's default language (members without their own choice read the page, e-mails and
    // pushes in it); the languages come from the login page's list, the one place the server names them.
    const languageSelect = el('select', { attrs: { name: 'language', 'data-setting': 'language' } });
    const languages = await ctx.api('GET', '/login-page').then((page) => page?.languages).catch(() => null);
    const currentLanguage = settings.language ?? 'en';
    const choices = Array.isArray(languages) && languages.length ? languages : [{ code: currentLanguage, name: currentLanguage }];
    languageSelect.replaceChildren(...choices.map((entry) => el('option', { text: entry.name, attrs: { value: entry.code } })));
    languageSelect.value = currentLanguage;

    const limitRows = limits.map(([key, labelKey, unitKey, max]) => {
      const current = settings.hourLimits?.[key];
      const label = t(labelKey);
      const unit = t(unitKey);
      const value = numberInput(`${key}.limit`, current?.limit, { min: 1, max, placeholder: t('manage.settings.limit.off') });
      value.setAttribute('aria-label', t('manage.settings.limit.valueLabel', { label, unit }));
      const severity = severitySelect(`${key}.severity`, current?.severity, t('manage.settings.limit.severityLabel', { label }));
      return el('div', { class: 'limit-row', data: { limit: key } }, [el('span', { class: 'limit-label', text: t('manage.settings.limit.heading', { label, unit }) }), value, severity]);
    });

    // Only with a server that has the setting (an older one answers without it and refuses unknown keys).
    const scheduleChanges = 'scheduleChanges' in settings ? scheduleChangesSection(settings.scheduleChanges) : null;

    const breakRows = el('div', { class: 'break-rules' });
    const breakRow = (rule = {}) => {
      const after = numberInput('afterMinutes', rule.afterMinutes, { min: 0, max: 1500, placeholder: t('manage.settings.break.afterPlaceholder') });
      after.setAttribute('aria-label', t('manage.settings.break.afterLabel'));
      const length = numberInput('breakMinutes', rule.breakMinutes, { min: 1, max: 240, placeholder: t('manage.settings.break.lengthPlaceholder') });
      length.setAttribute('aria-label', t('manage.settings.break.lengthLabel'));
      const remove = el('button', { class: 'button secondary', text: t('manage.settings.break.remove'), attrs: { type: 'button', 'data-action': 'remove-break-rule' } });
      const row = el('div', { class: 'break-rule' }, [el('span', { text: t('manage.settings.break.before') }), after, el('span', { text: t('manage.settings.break.between') }), length, el('span', { text: t('manage.settings.break.after') }), remove]);
      remove.addEventListener('click', () => row.remove());
      return row;
    };
    breakRows.replaceChildren(...(rules.breakRules ?? []).map(breakRow));
    const addBreak = el('button', { class: 'button secondary', text: t('manage.settings.break.add'), attrs: { type: 'button', 'data-action': 'add-break-rule' } });
    addBreak.addEventListener('click', () => breakRows.append(breakRow()));

    const form = el('form', { class: 'settings-form', attrs: { id: 'settings-form', 'aria-label': t('manage.settings.formLabel') } }, [
      el('fieldset', { class: 'card' }, [
        el('legend', { text: t('manage.settings.workplace') }),
        field(t('manage.settings.name'), el('input', { attrs: { name: 'name', required: '', maxlength: '200', value: workplace.name, autocomplete: 'organization' } })),
        field(t('manage.settings.timeZone'), zoneInput, t('manage.settings.timeZoneHint')),
        'language' in settings ? field(t('manage.settings.language'), languageSelect, t('manage.settings.languageHint')) : null,
        zoneNote,
        zoneList,
      ]),
      el('fieldset', { class: 'card' }, [
        el('legend', { text: t('manage.settings.marketplace') }),
        checkbox('autoApprove', settings.autoApprove, t('manage.settings.autoApprove')),
        checkbox('onePerDay', settings.onePerDay, t('manage.settings.onePerDay')),
        checkbox('employeesManageFixedShifts', settings.employeesManageFixedShifts, t('manage.settings.employeesManageFixedShifts')),
        field(t('manage.settings.reminder'), numberInput('reminderMinutesBefore', settings.reminderMinutesBefore, { min: 0, max: 10080 }), t('manage.settings.reminderHint')),
        field(t('manage.settings.dealExpiry'), numberInput('dealExpiryHours', settings.dealExpiryHours ?? 0, { min: 0, max: 168 }), t('manage.settings.dealExpiryHint')),
      ]),
      el('fieldset', { class: 'card' }, [
        el('legend', { text: t('manage.settings.limits') }),
        el('p', { class: 'hint small', text: t('manage.settings.limitsHint') }),
        ...limitRows,
      ]),
      el('fieldset', { class: 'card' }, [
        el('legend', { text: t('manage.settings.timeOffAvailability') }),
        el('p', { class: 'hint small', text: t('manage.settings.timeOffAvailabilityHint') }),
        ruleSelect('timeOffRule', settings.timeOffRule, t('manage.settings.timeOffRule')),
        ruleSelect('availabilityRule', settings.availabilityRule, t('manage.settings.availabilityRule')),
      ]),
      el('fieldset', { class: 'card' }, [
        el('legend', { text: t('manage.settings.timeclock') }),
        field(t('manage.settings.quotaWeekdays'), numberInput('mondayToFridayQuotaMinutes', rules.mondayToFridayQuotaMinutes, { min: 0, max: 1500 }), t('manage.settings.quotaNow', { duration: formatDuration(rules.mondayToFridayQuotaMinutes) })),
        field(t('manage.settings.quotaSaturday'), numberInput('saturdayQuotaMinutes', minutesOrBlank(rules.saturdayQuotaMinutes), { min: 0, max: 1500, placeholder: t('manage.settings.dayOff') }), t('manage.settings.dayOffHint')),
        field(t('manage.settings.quotaSunday'), numberInput('sundayQuotaMinutes', minutesOrBlank(rules.sundayQuotaMinutes), { min: 0, max: 1500, placeholder: t('manage.settings.dayOff') }), t('manage.settings.dayOffHint')),
        field(t('manage.settings.tolerance'), numberInput('scheduleToleranceMinutes', rules.scheduleToleranceMinutes, { min: 0, max: 240 }), t('manage.settings.toleranceHint')),
        field(t('manage.settings.dailyFloor'), numberInput('dailyOvertimeFloorMinutes', rules.dailyOvertimeFloorMinutes, { min: -1500, max: 0 }), t('manage.settings.dailyFloorHint')),
        field(t('manage.settings.weeklyFloor'), numberInput('weeklyOvertimeFloorMinutes', rules.weeklyOvertimeFloorMinutes, { min: -10500, max: 0 })),
        field(t('manage.settings.monthlyFloor'), numberInput('monthlyOvertimeFloorMinutes', rules.monthlyOvertimeFloorMinutes, { min: -46500, max: 0 })),
        field(t('manage.settings.diligenceCap'), numberInput('diligenceAbsenceCap', rules.diligenceAbsenceCap, { min: 0, max: 31 })),
        checkbox('dayOffWorkCountsAsOvertime', rules.dayOffWorkCountsAsOvertime, t('manage.settings.dayOffWork')),
        el('p', { class: 'small', text: t('manage.settings.breaksIntro') }),
        breakRows,
        addBreak,
      ]),
      scheduleChanges?.element ?? null,
      budget ? el('fieldset', { class: 'card', data: { section: 'labour-cost' } }, [
        el('legend', { text: t('manage.settings.labourCost') }),
        el('p', { class: 'hint small', text: t('manage.settings.labourCostHint') }),
        field(t('manage.settings.currency'), el('input', {
          attrs: { name: 'currency', required: '', pattern: '[A-Za-z]{3}', maxlength: '3', autocomplete: 'off', spellcheck: 'false', value: budget.currency, class: 'input-short' },
        }), t('manage.settings.currencyHint')),
        field(t('manage.settings.weeklyBudget'), el('input', {
          attrs: {
            name: 'weeklyBudget', type: 'number', min: '0', step: '0.01', inputmode: 'decimal', placeholder: t('manage.settings.noBudget'),
            value: budget.weeklyBudgetCents == null ? '' : String(budget.weeklyBudgetCents / 100),
          },
        }), t('manage.settings.weeklyBudgetHint')),
      ]) : null,
      el('div', { class: 'form-actions' }, [el('button', { class: 'button primary', text: t('manage.settings.save'), attrs: { type: 'submit' } })]),
    ]);

    container.classList.add('manager-view', 'settings-view');
    container.replaceChildren(viewHeader(t('manage.settings.title')), form);

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const button = form.querySelector('button[type=submit]');
      const data = new FormData(form);
      const timeZone = String(data.get('timeZone')).trim();
      if (timeZone !== workplace.timeZone && !(await confirmDialog({
        title: t('manage.settings.zoneConfirmTitle', { zone: timeZone }),
        message: zoneChangeMessage(workplace.timeZone, timeZone),
        confirmText: t('manage.settings.zoneConfirm'),
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
            // Only to a server that has the setting (older ones answer without it and refuse unknown keys).
            ...('language' in settings ? { language: String(data.get('language') || settings.language) } : {}),
            ...(scheduleChanges ? { scheduleChanges: scheduleChanges.value() } : {}),
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
        if (budget) {
          const raw = String(data.get('weeklyBudget') ?? '').trim();
          Object.assign(budget, await ctx.api('PUT', '/plan/budget', {
            currency: String(data.get('currency') ?? '').trim().toUpperCase(),
            weeklyBudgetCents: raw === '' ? null : Math.round(Number(raw) * 100),
          }));
        }
        Object.assign(workplace, saved);
        ctx.me.workplace.name = saved.name;
        const name = document.getElementById('workplace-name');
        if (name) name.textContent = saved.name;
        zoneNote.textContent = '';
        // Members without their own choice read the workplace's language: so does this manager.
        const followsWorkplace = ctx.me.languagePreference === null || ctx.me.languagePreference === undefined;
        if (followsWorkplace && saved.settings?.language && ctx.me.language !== saved.settings.language) {
          ctx.me.language = saved.settings.language;
          await ctx.setLanguage?.(saved.settings.language);
        }
        markInvalid(form, null);
        ctx.say(t('manage.settings.saved'), 'ok');
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
        markInvalid(form, error);
      } finally {
        button.disabled = false;
      }
    });
  },
};
