// The page's words: one catalogue per language under /i18n/<language>/ (the same files the server
// and the terminal client embed at build time; docs/i18n.md). Every sentence a person reads comes from
// here through t()/tn(); a key missing in the chosen language falls back to English, then to the key
// itself, and `make test` fails before either can ship.

/** The catalogue files the page needs, merged per language (server.json and terminal.json are not). */
const PAGE_PARTS = ['language', 'page', 'manage'];

let current = 'en';
let entries = {};
let fallback = {};
let pluralRules = new Intl.PluralRules('en-GB');
const loaded = new Map();

async function loadCatalogue(language) {
  if (!loaded.has(language)) {
    loaded.set(language, Promise.all(PAGE_PARTS.map(async (part) => {
      const response = await fetch(`/i18n/${encodeURIComponent(language)}/${part}.json`, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`catalogue ${language}/${part}: HTTP ${response.status}`);
      return response.json();
    })).then((parts) => Object.assign({}, ...parts)).catch((error) => {
      loaded.delete(language);
      throw error;
    }));
  }
  return loaded.get(language);
}

/**
 * Switches the page to `language` (a catalogue folder name such as "nl"); English is loaded too as
 * the fallback. Resolves to the language actually in use (English when the language cannot load).
 */
export async function setLanguage(language) {
  fallback = await loadCatalogue('en');
  try {
    entries = language === 'en' ? fallback : await loadCatalogue(language);
    current = language;
  } catch {
    entries = fallback;
    current = 'en';
  }
  pluralRules = new Intl.PluralRules(locale());
  document.documentElement.lang = current;
  return current;
}

/** The language in use ("en", "nl"). */
export function language() { return current; }

/** The CLDR locale the language formats dates and numbers with ("en-GB", "nl-NL"). */
export function locale() { return entries['language.locale'] || fallback['language.locale'] || 'en-GB'; }

/** The language's preference among `available` from the browser's languages (before login). */
export function browserLanguage(available, preferred = navigator.languages || [navigator.language]) {
  for (const tag of preferred) {
    const primary = String(tag || '').toLowerCase().split(/[-_]/)[0];
    if (available.includes(primary)) return primary;
  }
  return 'en';
}

function fill(template, args) {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name) => (name in args ? String(args[name]) : whole));
}

function lookup(key) {
  return key in entries ? entries[key] : fallback[key];
}

/** Whether the catalogue has `key` (in the language or in English), e.g. for a problem code. */
export function hasText(key) {
  return lookup(key) !== undefined;
}

/** The sentence for `key` with `{name}` filled from `args`. */
export function t(key, args = {}) {
  const entry = lookup(key);
  if (entry === undefined) return key;
  return fill(typeof entry === 'string' ? entry : entry.other, args);
}

/** The plural form of `key` for `count` (CLDR categories by Intl.PluralRules); `{count}` is filled. */
export function tn(key, count, args = {}) {
  const entry = lookup(key);
  if (entry === undefined) return key;
  const values = { count: formatNumber(count), ...args };
  if (typeof entry === 'string') return fill(entry, values);
  return fill(entry[pluralRules.select(count)] ?? entry.other, values);
}

/** A number the language's way ("7.5" / "7,5"). */
export function formatNumber(value, maximumFractionDigits = 2) {
  return new Intl.NumberFormat(locale(), { maximumFractionDigits }).format(value);
}

/** "€ 1.234,50" / "$1,234.50": cents of an ISO 4217 currency, in the page's language. */
export function formatMoney(cents, currency = 'EUR') {
  try {
    return new Intl.NumberFormat(locale(), { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${currency} ${formatNumber(cents / 100, 2)}`;
  }
}

/** "7 h 30 min" / "7 u 30 min" for whole minutes. */
export function formatDuration(minutes) {
  const sign = minutes < 0 ? '−' : '';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  const key = hours === 0 ? 'format.duration.minutes' : rest === 0 ? 'format.duration.hours' : 'format.duration.hoursMinutes';
  return sign + t(key, { hours, minutes: rest });
}

/**
 * Fills static markup: `data-i18n="key"` sets an element's text, `data-i18n-attr="placeholder:key;
 * aria-label:key"` its attributes. Run after setLanguage() on index.html and kiosk.html.
 *
 * A sentence around markup (a link, a <code>) keeps that markup: children marked
 * `data-i18n-slot="name"` stay as they are and take the place of `{name}` in the sentence, so
 * `<p data-i18n="login.kioskHint"><a data-i18n-slot="link" …>…</a> (…)</p>` translates the whole
 * sentence and the link in it without any HTML parsing.
 */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll('[data-i18n]')) {
    const slots = [...element.querySelectorAll(':scope > [data-i18n-slot]')];
    if (!slots.length) {
      element.textContent = t(element.dataset.i18n);
      continue;
    }
    const byName = new Map(slots.map((slot) => [slot.dataset.i18nSlot, slot]));
    const template = t(element.dataset.i18n, Object.fromEntries([...byName.keys()].map((name) => [name, `{${name}}`])));
    const parts = template.split(/\{([A-Za-z0-9_]+)\}/);
    element.replaceChildren(...parts.map((part, index) => (index % 2 === 1 && byName.has(part) ? byName.get(part) : document.createTextNode(part))));
  }
  for (const element of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of element.dataset.i18nAttr.split(';')) {
      const [attribute, key] = pair.split(':').map((part) => part.trim());
      if (attribute && key) element.setAttribute(attribute, t(key));
    }
  }
}
