// Punches (managers): who is checked in now, the punch history with filters, and corrections:
// add a forgotten punch, move one or flip in/out, delete a wrong one. Every correction needs a
// reason and lands in the audit trail shown at the bottom.
//
// Times are typed and shown in the workplace's time zone, whatever zone this browser is in.

import { el, viewHeader, formatDate, formatInstant, confirmDialog } from '../ui.js';
import { t, tn } from '../i18n.js';

const PAGE_SIZE = 100;
const PRESENT_REFRESH_MS = 60_000;
const SOURCES = { kiosk: 'manage.punches.source.kiosk', manager: 'manage.punches.source.manager', demo: 'manage.punches.source.demo' };

/// The zone's offset from UTC in minutes at an instant (positive east of Greenwich).
export function zoneOffsetMinutes(instantMs, timeZone) {
  // i18n-exempt: numeric date parts for arithmetic, never shown
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(instantMs));
  const value = (type) => Number(parts.find((part) => part.type === type)?.value);
  const wall = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour') % 24, value('minute'), value('second'));
  return Math.round((wall - Math.floor(instantMs / 1000) * 1000) / 60000);
}

/// A wall-clock date and time in `timeZone` as an ISO instant without fractions ("…T07:00:00Z"),
/// or null when the input is not a date and time. Like the server's fixed shifts: a time skipped
/// by the spring-forward change moves forward by the gap, an ambiguous one takes its first occurrence.
export function wallTimeToISO(date, time, timeZone) {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  const t = /^(\d{2}):(\d{2})/.exec(time ?? '');
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(wall)) return null;
  const day = 24 * 3600 * 1000;
  const offsetBefore = zoneOffsetMinutes(wall - day, timeZone);
  const offsetAfter = zoneOffsetMinutes(wall + day, timeZone);
  const valid = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wall - offset * 60000)
    .filter((instant) => wall - zoneOffsetMinutes(instant, timeZone) * 60000 === instant);
  const instant = valid.length > 0 ? Math.min(...valid) : wall - offsetBefore * 60000;
  return new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/// An ISO instant as the workplace's wall-clock {date: "YYYY-MM-DD", time: "HH:MM"}.
export function isoToWallTime(iso, timeZone) {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return { date: '', time: '' };
  const shifted = new Date(ms + zoneOffsetMinutes(ms, timeZone) * 60000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

const clock = (iso) => formatInstant(iso, { withDate: false });
const dayLabel = (date) => formatDate(date);
const stamp = (iso) => formatInstant(iso);

function field(label, control) {
  return el('label', {}, [el('span', { text: label }), control]);
}

function kindSelect(value) {
  const control = el('select', { attrs: { name: 'kind', required: '' } }, [
    el('option', { text: t('manage.punches.checkIn'), attrs: { value: 'in' } }),
    el('option', { text: t('manage.punches.checkOut'), attrs: { value: 'out' } }),
  ]);
  control.value = value ?? 'in';
  return control;
}

const kindBadge = (kind) => el('span', { class: `badge badge-punch-${kind === 'in' ? 'in' : 'out'}`, text: kind === 'in' ? t('manage.punches.in') : t('manage.punches.out') });

function cell(label, children, className) {
  return el('td', { class: className, attrs: { 'data-label': label } }, children);
}

/** "Anna's check-in of Tue 24 Nov at 09:02", the words a correction names a punch by. */
function punchWords(punch) {
  return t(punch.kind === 'in' ? 'manage.punches.checkInOf' : 'manage.punches.checkOutOf', { name: punch.displayName, day: dayLabel(punch.localDate), time: clock(punch.at) });
}

export default {
  id: 'punches',
  get title() { return t('manage.punches.title'); },
  roles: ['manager'],

  async render(container, ctx) {
    const timeZone = ctx.me.workplace.timeZone;
    const present = el('ul', { class: 'present-list people', attrs: { 'aria-labelledby': 'present-heading' } });

    const filterForm = el('form', { class: 'filter-form', attrs: { role: 'search', 'aria-label': t('manage.punches.filter') } }, [
      field(t('manage.punches.person'), el('input', { attrs: { name: 'search', type: 'search', autocomplete: 'off', placeholder: t('manage.punches.searchPlaceholder') } })),
      field(t('manage.punches.from'), el('input', { attrs: { name: 'from', type: 'date' } })),
      field(t('manage.punches.to'), el('input', { attrs: { name: 'to', type: 'date' } })),
      field(t('manage.punches.position'), el('input', { attrs: { name: 'position', type: 'search', autocomplete: 'off' } })),
      field(t('manage.punches.order'), el('select', { attrs: { name: 'sort' } }, [
        el('option', { text: t('manage.punches.sort.newest'), attrs: { value: 'newest' } }),
        el('option', { text: t('manage.punches.sort.oldest'), attrs: { value: 'oldest' } }),
        el('option', { text: t('manage.punches.sort.person'), attrs: { value: 'person' } }),
        el('option', { text: t('manage.punches.sort.position'), attrs: { value: 'position' } }),
      ])),
      el('button', { class: 'button primary', text: t('manage.punches.show'), attrs: { type: 'submit' } }),
    ]);
    const tableBody = el('tbody');
    const table = el('table', { class: 'data-table punch-table responsive-table' }, [
      el('caption', { class: 'visually-hidden', text: t('manage.punches.title') }),
      el('thead', {}, [el('tr', {}, ['manage.punches.day', 'manage.punches.time', 'manage.punches.person', 'manage.punches.punch', 'manage.punches.where', 'manage.punches.position', 'manage.punches.correct'].map((key) => el('th', { text: t(key), attrs: { scope: 'col' } })))]),
      tableBody,
    ]);
    const resultNote = el('p', { class: 'muted small', attrs: { role: 'status', 'aria-live': 'polite' } });
    const moreButton = el('button', { class: 'button secondary', text: t('manage.punches.more'), attrs: { type: 'button', 'data-action': 'more' } });
    moreButton.hidden = true;

    const memberSelect = el('select', { attrs: { name: 'userID', required: '' } });
    const now = isoToWallTime(new Date().toISOString(), timeZone);
    const addForm = el('form', { class: 'stack-form', attrs: { id: 'add-punch-form', 'aria-label': t('manage.punches.addLabel') } }, [
      field(t('manage.punches.person'), memberSelect),
      field(t('manage.punches.day'), el('input', { attrs: { name: 'date', type: 'date', required: '', value: now.date } })),
      field(t('manage.punches.time'), el('input', { attrs: { name: 'time', type: 'time', required: '', value: now.time } })),
      field(t('manage.punches.punch'), kindSelect('in')),
      field(t('manage.punches.reason'), el('input', { attrs: { name: 'reason', required: '', maxlength: '500', placeholder: t('manage.punches.reasonPlaceholder'), autocomplete: 'off' } })),
      el('button', { class: 'button primary', text: t('manage.punches.add'), attrs: { type: 'submit', 'data-action': 'add-punch' } }),
    ]);
    const edits = el('ul', { class: 'edit-list' });
    const editsBlock = el('details', { class: 'card' }, [el('summary', { text: t('manage.punches.trail') }), edits]);

    container.classList.add('manager-view');
    container.replaceChildren(
      viewHeader(t('manage.punches.title')),
      el('div', { class: 'card' }, [el('h3', { text: t('manage.punches.present'), attrs: { id: 'present-heading' } }), present]),
      el('div', { class: 'card' }, [
        filterForm,
        resultNote,
        el('div', { class: 'table-scroll', attrs: { role: 'region', 'aria-label': t('manage.punches.title'), tabindex: '0' } }, [table]),
        moreButton,
      ]),
      el('details', { class: 'card' }, [el('summary', { text: t('manage.punches.addForgotten') }), addForm]),
      editsBlock,
    );

    // Checked in now ------------------------------------------------------------------------
    const loadPresent = async ({ quiet = false } = {}) => {
      try {
        const people = await ctx.api('GET', '/timeclock/present');
        present.replaceChildren(...(people.length === 0
          ? [el('li', { class: 'empty', text: t('manage.punches.nobodyIn') })]
          : people.map((person) => el('li', { class: 'person', attrs: { 'data-user-id': String(person.userID) } }, [
            el('strong', { text: person.displayName }),
            el('span', { class: 'muted', text: ` ${t('manage.punches.since', { moment: stamp(person.since) })}` }),
          ]))));
      } catch (error) {
        if (!quiet) ctx.say(ctx.explain(error), 'error');
      }
    };

    // Corrections ---------------------------------------------------------------------------
    const correctionForm = (punch) => {
      const wall = isoToWallTime(punch.at, timeZone);
      const form = el('form', { class: 'stack-form correction-form' }, [
        field(t('manage.punches.day'), el('input', { attrs: { name: 'date', type: 'date', required: '', value: wall.date } })),
        field(t('manage.punches.time'), el('input', { attrs: { name: 'time', type: 'time', required: '', value: wall.time } })),
        field(t('manage.punches.punch'), kindSelect(punch.kind)),
        field(t('manage.punches.reason'), el('input', { attrs: { name: 'reason', required: '', maxlength: '500', autocomplete: 'off' } })),
        el('div', { class: 'button-row' }, [
          el('button', { class: 'button primary', text: t('manage.punches.save'), attrs: { type: 'submit', 'data-action': 'move-punch' } }),
          el('button', { class: 'button danger', text: t('manage.punches.delete'), attrs: { type: 'button', 'data-action': 'delete-punch' } }),
        ]),
      ]);
      const reasonOf = () => String(new FormData(form).get('reason') ?? '').trim();
      form.addEventListener('submit', async (event) => {
        event.preventDefault();
        const data = new FormData(form);
        const at = wallTimeToISO(data.get('date'), data.get('time'), timeZone);
        if (!at) { ctx.say(t('manage.punches.enterDayTime'), 'error'); return; }
        const body = { reason: reasonOf() };
        if (at !== punch.at.replace(/\.\d+Z$/, 'Z')) body.at = at;
        if (data.get('kind') !== punch.kind) body.kind = data.get('kind');
        if (!body.at && !body.kind) { ctx.say(t('manage.punches.nothingChanged'), 'info'); return; }
        try {
          await ctx.api('PATCH', `/punches/${punch.id}`, body);
          ctx.say(t('manage.punches.corrected', { name: punch.displayName }), 'ok');
          await Promise.all([reloadPunches(), loadEdits(), loadPresent()]);
          tableBody.querySelector(`tr[data-punch-id="${punch.id}"] [data-action=correct-punch]`)?.focus();
        } catch (error) {
          ctx.say(ctx.explain(error), 'error');
        }
      });
      form.querySelector('[data-action=delete-punch]').addEventListener('click', async () => {
        const reason = reasonOf();
        if (!reason) {
          ctx.say(t('manage.punches.reasonNeeded'), 'error');
          form.querySelector('input[name=reason]').focus();
          return;
        }
        if (!(await confirmDialog({
          title: t('manage.punches.deleteTitle'),
          message: t('manage.punches.deleteMessage', { punch: punchWords(punch) }),
          confirmText: t('manage.punches.delete'), danger: true,
        }))) return;
        try {
          await ctx.api('DELETE', `/punches/${punch.id}?reason=${encodeURIComponent(reason)}`);
          ctx.say(t('manage.punches.deleted', { punch: punchWords(punch) }), 'ok');
          await Promise.all([reloadPunches(), loadEdits(), loadPresent()]);
          container.querySelector('h1')?.focus({ preventScroll: true }); // the row is gone
        } catch (error) {
          ctx.say(ctx.explain(error), 'error');
        }
      });
      return form;
    };

    /// A punch's row plus the hidden row below it with its correction form.
    const punchRows = (punch) => {
      const formRow = el('tr', { class: 'correction-row', attrs: { id: `punch-correct-${punch.id}` }, hidden: true }, [
        el('td', { attrs: { colspan: '7' } }, [correctionForm(punch)]),
      ]);
      const toggle = el('button', { class: 'button secondary', text: t('manage.punches.correct'), attrs: { type: 'button', 'data-action': 'correct-punch', 'aria-expanded': 'false', 'aria-controls': formRow.id, 'aria-label': t('manage.punches.correctLabel', { punch: punchWords(punch) }) } });
      toggle.addEventListener('click', () => {
        formRow.hidden = !formRow.hidden;
        toggle.setAttribute('aria-expanded', String(!formRow.hidden));
        if (!formRow.hidden) formRow.querySelector('input')?.focus();
      });
      return [punchRow(punch, toggle), formRow];
    };

    const punchRow = (punch, toggle) => el('tr', { attrs: { 'data-punch-id': String(punch.id), 'data-user-id': String(punch.userID) } }, [
      cell(t('manage.punches.day'), [el('time', { text: dayLabel(punch.localDate), attrs: { datetime: punch.localDate } })]),
      cell(t('manage.punches.time'), [el('time', { text: clock(punch.at), attrs: { datetime: punch.at } })], 'num'),
      cell(t('manage.punches.person'), [el('span', { text: punch.displayName })]),
      cell(t('manage.punches.punch'), [kindBadge(punch.kind)]),
      cell(t('manage.punches.where'), [el('span', { text: punch.source === 'kiosk' && punch.kioskName ? punch.kioskName : (SOURCES[punch.source] ? t(SOURCES[punch.source]) : punch.source) })]),
      cell(t('manage.punches.position'), [el('span', { text: punch.position ?? '—' })]),
      cell(t('manage.punches.correct'), [toggle], 'punch-correct'),
    ]);

    // History -------------------------------------------------------------------------------
    let offset = 0;
    let loading = 0;
    const query = () => {
      const data = new FormData(filterForm);
      const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
      for (const key of ['search', 'position', 'from', 'to', 'sort']) {
        const value = String(data.get(key) ?? '').trim();
        if (value) params.set(key, value);
      }
      return params;
    };
    const loadPunches = async (append) => {
      const request = ++loading;
      const params = query();
      params.set('offset', String(append ? offset : 0));
      try {
        const punches = await ctx.api('GET', `/punches?${params}`);
        if (request !== loading) return;
        offset = (append ? offset : 0) + punches.length;
        if (append) tableBody.append(...punches.flatMap(punchRows));
        else tableBody.replaceChildren(...punches.flatMap(punchRows));
        moreButton.hidden = punches.length < PAGE_SIZE;
        resultNote.textContent = offset === 0 ? t('manage.punches.noMatch') : tn('manage.punches.showing', offset);
      } catch (error) {
        if (request === loading) ctx.say(ctx.explain(error), 'error');
      }
    };
    const reloadPunches = () => loadPunches(false);

    filterForm.addEventListener('submit', (event) => { event.preventDefault(); reloadPunches(); });
    let typing = null;
    filterForm.addEventListener('input', (event) => {
      if (event.target.type !== 'search') return;
      clearTimeout(typing);
      typing = setTimeout(reloadPunches, 250);
    });
    filterForm.addEventListener('change', (event) => { if (event.target.type !== 'search') reloadPunches(); });
    moreButton.addEventListener('click', () => loadPunches(true));

    addForm.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(addForm);
      const at = wallTimeToISO(data.get('date'), data.get('time'), timeZone);
      if (!at) { ctx.say(t('manage.punches.enterDayTime'), 'error'); return; }
      const button = addForm.querySelector('button[type=submit]');
      button.disabled = true;
      try {
        const punch = await ctx.api('POST', '/punches', { userID: Number(data.get('userID')), at, kind: data.get('kind'), reason: String(data.get('reason')).trim() });
        ctx.say(t('manage.punches.added', { punch: punchWords(punch) }), 'ok');
        addForm.querySelector('input[name=reason]').value = '';
        await Promise.all([reloadPunches(), loadEdits(), loadPresent()]);
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      } finally {
        button.disabled = false;
      }
    });

    // Audit trail ---------------------------------------------------------------------------
    let members = [];
    const nameOf = (id) => members.find((m) => m.id === id)?.displayName ?? t('manage.punches.memberNumber', { id });
    const describe = (side) => (side ? t(side.kind === 'in' ? 'manage.punches.inAt' : 'manage.punches.outAt', { moment: stamp(side.at) }) : '');
    const loadEdits = async () => {
      try {
        const trail = await ctx.api('GET', '/punch-edits');
        edits.replaceChildren(...(trail.length === 0
          ? [el('li', { class: 'empty', text: t('manage.punches.noEdits') })]
          : trail.slice(0, 100).map((edit) => {
            const name = nameOf(edit.userID);
            const what = edit.action === 'add' ? t('manage.punches.edit.added', { punch: describe(edit.after), name })
              : edit.action === 'delete' ? t('manage.punches.edit.deleted', { punch: describe(edit.before), name })
                : t('manage.punches.edit.moved', { from: describe(edit.before), to: describe(edit.after), name });
            return el('li', { attrs: { 'data-punch-id': String(edit.punchID) } }, [
              el('span', { class: 'muted small block', text: stamp(edit.at) }),
              el('strong', { text: edit.actorName }),
              el('span', { text: ` ${what}: ` }),
              el('q', { text: edit.reason }),
            ]);
          })));
      } catch (error) {
        ctx.say(ctx.explain(error), 'error');
      }
    };

    try {
      members = (await ctx.api('GET', '/users')).sort((a, b) => a.displayName.localeCompare(b.displayName));
      memberSelect.replaceChildren(...members.map((member) => el('option', { text: member.displayName, attrs: { value: String(member.id) } })));
    } catch (error) {
      ctx.say(ctx.explain(error), 'error');
    }
    // Other pages link here with filters (the report's "odd punches": #/punches?search=anna&from=…&to=…).
    const linked = new URLSearchParams(location.hash.split('?')[1] ?? '');
    for (const key of ['search', 'position', 'from', 'to']) {
      const value = linked.get(key);
      if (value && filterForm.elements[key]) filterForm.elements[key].value = value;
    }
    // Check-ins at the kiosk send no live events: refresh who is in every minute while this page is
    // on screen, and stop once the page is left.
    const presentTimer = setInterval(() => {
      if (!container.isConnected) { clearInterval(presentTimer); return; }
      if (document.visibilityState === 'visible') loadPresent({ quiet: true });
    }, PRESENT_REFRESH_MS);
    await Promise.all([loadPresent(), reloadPunches(), loadEdits()]);
  },
};
