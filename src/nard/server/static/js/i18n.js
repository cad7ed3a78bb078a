// Texts in Persian and English; the choice is remembered in localStorage.
const KEY = "nard.lang";
const texts = { en: {}, fa: {} };
const listeners = [];

export let lang = localStorage.getItem(KEY) || guess();

function guess() {
  const wanted = navigator.languages || [navigator.language || "en"];
  return wanted.some((code) => code.toLowerCase().startsWith("fa")) ? "fa" : "en";
}

export async function loadTexts() {
  const [en, fa] = await Promise.all(
    ["en", "fa"].map((code) => fetch(`/static/i18n/${code}.json`).then((r) => r.json())),
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

/** A number (or a text with digits) in the current language's digits. */
export function num(value) {
  const text = String(value);
  return lang === "fa" ? text.replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)]) : text;
}

/** The text for ``key``; ``{name}`` placeholders are filled from ``vars`` (numbers localised). */
export function t(key, vars = {}) {
  let text = texts[lang][key] ?? texts.en[key] ?? key;
  for (const [name, value] of Object.entries(vars)) {
    const shown = typeof value === "number" ? num(value) : String(value);
    text = text.split(`{${name}}`).join(shown);
  }
  return text;
}

/** Fill every element carrying data-i18n (text) or data-i18n-title (tooltip). */
export function translate(root = document) {
  root.querySelectorAll("[data-i18n]").forEach((el) => {
    el.textContent = t(el.dataset.i18n);
  });
  root.querySelectorAll("[data-i18n-title]").forEach((el) => {
    el.title = t(el.dataset.i18nTitle);
    el.setAttribute("aria-label", el.title);
  });
  root.querySelectorAll("[data-num]").forEach((el) => {
    el.textContent = num(el.dataset.num);
  });
  root.querySelectorAll("[data-i18n-placeholder]").forEach((el) => {
    el.placeholder = t(el.dataset.i18nPlaceholder);
  });
}

export function setLang(code) {
  lang = code;
  localStorage.setItem(KEY, code);
  applyDirection();
  translate();
  listeners.forEach((listener) => listener());
}

/** Call ``listener`` after every language switch (pages re-render their dynamic parts). */
export function onLangChange(listener) {
  listeners.push(listener);
}
