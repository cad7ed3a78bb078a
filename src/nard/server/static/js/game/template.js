// @ts-check
// The game page's fixed parts (the seats, the board's place, the controls, the settings,
// the move list and the links), built once; the views fill them from the model.
import { el } from "../dom.js";
import { t } from "../i18n.js";
import { saveSettings, settings } from "../settings.js";
import { toast } from "../ui.js";

/**
 * A control button (its text and tooltip come from data-i18n on translation).
 * @param {string} action
 * @param {string} key
 * @param {{primary?: boolean, keys?: string, hidden?: boolean}} options
 */
function control(action, key, { primary = false, keys, hidden = false } = {}) {
  return el("button", {
    type: "button",
    class: primary ? "btn primary" : "btn",
    dataset: { action, i18n: key },
    "aria-keyshortcuts": keys,
    hidden,
  });
}

/**
 * A checkbox of the settings panel, named after its setting.
 * @param {string} name
 * @param {string} key
 * @param {string} [cls]
 */
function option(name, key, cls) {
  return el(
    "label",
    { class: cls },
    el("input", { type: "checkbox", name }),
    " ",
    el("span", { dataset: { i18n: key } }),
  );
}

/** @param {string} key */
const hint = (key) => el("p", { class: "hint-text", dataset: { i18n: key } });

/** The page's skeleton, untranslated. */
export function gameTemplate() {
  const speeds = ["off", "fast", "normal", "slow"].map((value) =>
    el("option", { value, dataset: { i18n: `settings.speed.${value}` } }),
  );
  return el(
    "section",
    { class: "game-page" },
    el("div", { class: "seat seat-top" }),
    el("div", { class: "rules-banner", hidden: true }),
    el("div", { class: "board-wrap" }),
    el("div", { class: "seat seat-bottom" }),
    el("p", { class: "status", role: "status", "aria-live": "polite" }),
    el("div", { class: "refusal", role: "alert", hidden: true }),
    el("div", { class: "hint-panel", hidden: true }),
    el(
      "div",
      { class: "controls" },
      control("roll", "game.roll", { primary: true, keys: "R" }),
      control("undo", "game.undo", { keys: "U" }),
      control("confirm", "game.confirm", { primary: true, keys: "C" }),
      control("double", "game.double", { keys: "D" }),
      control("hint", "game.hint", { keys: "H", hidden: true }),
      control("cubeHint", "game.cubeHint", { hidden: true }),
      control("resign", "game.resign"),
      control("claim", "game.claim", { hidden: true }),
      el("span", { class: "claim-wait", hidden: true }),
    ),
    el(
      "div",
      { class: "invite-box", hidden: true },
      el("p", { dataset: { i18n: "game.waiting" } }),
      el(
        "div",
        { class: "copy-row" },
        el("input", { class: "invite-link", readonly: true }),
        el("button", { type: "button", class: "btn", dataset: { copy: "", i18n: "home.copy" } }),
      ),
    ),
    el(
      "details",
      { class: "settings-panel" },
      el("summary", { dataset: { i18n: "settings.title" } }),
      option("teaching", "settings.teaching"),
      option("autoConfirm", "settings.autoConfirm"),
      option("autoForced", "settings.autoForced"),
      option("homeRight", "settings.homeRight"),
      option("turnBoard", "settings.turnBoard", "hotseat-only"),
      el(
        "label",
        {},
        el("span", { dataset: { i18n: "settings.speed" } }),
        " ",
        el("select", { name: "speed" }, speeds),
      ),
      hint("settings.dblclick"),
      hint("settings.keys"),
    ),
    el(
      "section",
      { class: "card moves", hidden: true },
      el("h3", { dataset: { i18n: "game.moves" } }),
      el("ol", { class: "move-list game-moves" }),
    ),
    el(
      "p",
      { class: "game-links" },
      el("a", { class: "record-link", dataset: { i18n: "game.download" } }),
      " · ",
      el("a", { class: "replay-link", dataset: { i18n: "game.replay" } }),
      el(
        "span",
        { class: "watch-part", hidden: true },
        " · ",
        el("button", {
          type: "button",
          class: "link",
          dataset: { copyWatch: "", i18n: "game.copyWatch" },
        }),
      ),
    ),
  );
}

/**
 * The settings panel shows the settings; a change is saved, then ``changed()``.
 * @param {HTMLElement} root
 * @param {() => void} changed
 */
export function bindSettings(root, changed) {
  const panel = /** @type {HTMLElement} */ (root.querySelector(".settings-panel"));
  const store = /** @type {Record<string, unknown>} */ (settings);
  for (const node of panel.querySelectorAll("input, select")) {
    const input = /** @type {HTMLInputElement} */ (node);
    if (input.type === "checkbox") input.checked = Boolean(store[input.name]);
    else input.value = String(store[input.name]);
    input.addEventListener("change", () => {
      store[input.name] = input.type === "checkbox" ? input.checked : input.value;
      saveSettings();
      changed();
    });
  }
}

/**
 * Copy the friend's invitation link (or select it, for copying by hand).
 * @param {HTMLElement} root
 */
export function copyInvite(root) {
  const input = /** @type {HTMLInputElement} */ (root.querySelector(".invite-link"));
  navigator.clipboard?.writeText(input.value).then(
    () => toast(t("home.copied")),
    () => input.select(),
  );
}

/** @param {string} url  a path or a whole URL */
export function absolute(url) {
  return url.startsWith("http") ? url : `${location.origin}${url}`;
}

/** What shows for a game that does not exist (or is not this reader's to see). */
export function notFound() {
  return el(
    "section",
    { class: "card not-found" },
    el("h2", {}, t("notFound.gameTitle")),
    el("p", {}, t("game.notFound")),
    el("p", {}, el("a", { class: "btn primary", href: "/" }, t("notFound.home"))),
  );
}
