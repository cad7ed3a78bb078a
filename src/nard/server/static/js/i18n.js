// @ts-check
// Texts in Persian and English; the choice is remembered in localStorage.
const KEY = "nard.lang";
/** @type {Record<string, Record<string, string>>} */
const texts = { en: {}, fa: {} };
/** @type {(() => void)[]} */
const listeners = [];

/** @typedef {Record<string, string | number | boolean | null | undefined>} Vars */

/** The page's language: "fa" or "en". */
export let lang = localStorage.getItem(KEY) || guess();

function guess() {
  const wanted = navigator.languages || [navigator.language || "en"];
  return wanted.some((code) => code.toLowerCase().startsWith("fa")) ? "fa" : "en";
}

export async function loadTexts() {
  const [en, fa] = await Promise.all(
    ["en", "fa"].map((code) =>
      fetch(new URL(`../i18n/${code}.json`, import.meta.url)).then((r) => r.json()),
    ),
  );
  texts.en = en;
  texts.fa = fa;
  applyDirection();
}

function applyDirection() {
  const html = document.documentElement;
  html.lang = lang;
  html.dir = lang === "fa" ? "rtl" : "ltr";
  document.title = t("app.title");
}

const PERSIAN_DIGITS = "۰۱۲۳۴۵۶۷۸۹";

/**
 * A number (or a text with digits) in the current language's digits.
 * @param {string | number} value
 */
export function num(value) {
  const text = String(value);
  return lang === "fa" ? text.replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]) : text;
}

/**
 * A decimal with ``digits`` places, in the page's digits and decimal sign (٫ in Persian).
 * @param {number} value
 * @param {number} digits
 */
export function decimal(value, digits) {
  const text = num(value.toFixed(digits));
  return lang === "fa" ? text.replace(".", "٫") : text;
}

/** @type {Record<string, Intl.PluralRules>} */
const plurals = {};

/**
 * The plural category of ``count`` in the current language ("one", "other"...).
 * @param {number} count
 */
function pluralOf(count) {
  plurals[lang] ??= new Intl.PluralRules(lang);
  return plurals[lang].select(count);
}

/**
 * The first text found for ``keys`` in the current language, then in English.
 * @param {string[]} keys
 */
function lookup(keys) {
  for (const table of [texts[lang], texts.en]) {
    for (const key of keys) if (table[key] !== undefined) return table[key];
  }
  return keys[keys.length - 1];
}

/**
 * The text for ``key``; ``{name}`` placeholders are filled from ``vars`` (numbers localised).
 * With a number ``vars.count`` the text is ``key.one``, ``key.other``... as the language's
 * plural rules say (Intl.PluralRules), so each form is written whole.
 * @param {string} key
 * @param {Vars} [vars]
 * @returns {string}
 */
export function t(key, vars = {}) {
  const keys =
    typeof vars.count === "number"
      ? [`${key}.${pluralOf(vars.count)}`, `${key}.other`, key]
      : [key];
  // One pass over the text, so that a value (a player's name) holding "{black}" stays as written.
  return lookup(keys).replace(
    /\{(\w+)\}/g,
    (/** @type {string} */ whole, /** @type {string} */ name) => {
      if (!Object.hasOwn(vars, name)) return whole;
      const value = vars[name];
      return typeof value === "number" ? num(value) : String(value);
    },
  );
}

/**
 * Fill every element carrying data-i18n (text), data-i18n-title (tooltip), data-num (a
 * number) or data-i18n-placeholder.
 * @param {ParentNode} [root]
 */
export function translate(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) {
    if (el instanceof HTMLElement || el instanceof SVGElement)
      el.textContent = t(el.dataset.i18n ?? "");
  }
  for (const el of root.querySelectorAll("[data-i18n-title]")) {
    if (!(el instanceof HTMLElement)) continue;
    el.title = t(el.dataset.i18nTitle ?? "");
    el.setAttribute("aria-label", el.title);
  }
  for (const el of root.querySelectorAll("[data-num]")) {
    if (el instanceof HTMLElement || el instanceof SVGElement)
      el.textContent = num(el.dataset.num ?? "");
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      el.placeholder = t(el.dataset.i18nPlaceholder ?? "");
    }
  }
}

/**
 * A message about what ``side`` did, written whole for each reader: ``key.you`` when the
 * reader is that side (one seat), ``key.other`` (with ``{name}``) for the opponent and
 * for spectators.
 * @param {string} key
 * @param {boolean} isYou
 * @param {Vars} [vars]
 */
export function tWho(key, isYou, vars = {}) {
  return t(`${key}.${isYou ? "you" : "other"}`, vars);
}

/**
 * A number with its sign, in the page's digits, kept left to right inside Persian text.
 * @param {number} value
 * @param {number} [digits]
 */
export function signed(value, digits = 3) {
  const sign = value > 0 ? "+" : value < 0 ? "\u2212" : "";
  return `\u2066${sign}${num(Math.abs(value).toFixed(digits))}\u2069`;
}

/** @param {string} code */
export function setLang(code) {
  lang = code;
  localStorage.setItem(KEY, code);
  applyDirection();
  translate();
  for (const listener of listeners) listener();
}

/**
 * Call ``listener`` after every language switch (pages re-render their dynamic parts).
 * @param {() => void} listener
 */
export function onLangChange(listener) {
  listeners.push(listener);
}
