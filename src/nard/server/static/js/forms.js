// @ts-check
// Form parts the pages build alike (the home page's and the lobby's game choices): a
// labelled field, a checkbox with its words, a choice of translated options.
import { el, tr } from "./dom.js";

/**
 * ``control`` under the translated label ``key``.
 * @param {string} key
 * @param {HTMLElement} control
 * @param {import("./dom.js").Attrs} [attrs] the label's
 */
export const labelled = (key, control, attrs = {}) => el("label", attrs, tr("span", key), control);

/**
 * A checkbox named ``name`` with its translated words ``key``.
 * @param {string} name
 * @param {string} key
 * @param {{ checked?: boolean, class?: string }} [options]
 */
export const checkbox = (name, key, { checked = false, class: extra = "" } = {}) =>
  el(
    "label",
    { class: extra ? `check ${extra}` : "check" },
    el("input", { type: "checkbox", name, checked }),
    " ",
    tr("span", key),
  );

/**
 * A choice named ``name`` of ``options`` ([value, text key]), ``chosen`` selected.
 * @param {string} name
 * @param {[string, string][]} options
 * @param {string} [chosen]
 */
export const choice = (name, options, chosen) =>
  el(
    "select",
    { name },
    options.map(([value, key]) =>
      el("option", { value, "data-i18n": key, selected: value === chosen }),
    ),
  );
