// @ts-check
// Form parts the pages build alike (the home page's and the lobby's game choices): a
// labelled field, a checkbox with its words, a choice of translated options.
import { el, tr } from "./dom.js";
import { num, onLangChange, t } from "./i18n.js";

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

/** The longest display name the server takes (nard.server.players.names.MAX_LENGTH). */
export const NAME_LIMIT = 40;

/**
 * A display-name input that never cuts what is typed or pasted: under it the limit is
 * stated with a live count, and a longer name is refused, saying so, when the form is sent.
 * @param {import("./dom.js").Attrs} attrs the input's
 * @returns {{ input: HTMLInputElement, hint: HTMLElement, update: () => void }}
 *   ``update`` after setting the value from code (no input event then)
 */
export function nameInput(attrs) {
  const input = /** @type {HTMLInputElement} */ (
    el("input", { name: "display_name", autocomplete: "nickname", ...attrs })
  );
  const hint = el("small", { class: "field-rule", "aria-live": "polite" });
  const update = () => {
    const used = [...input.value.trim()].length;
    hint.textContent = t("field.nameRule", { used: num(used), limit: num(NAME_LIMIT) });
    const over = used > NAME_LIMIT;
    hint.classList.toggle("over", over);
    input.setCustomValidity(over ? t("field.nameTooLong", { limit: num(NAME_LIMIT) }) : "");
  };
  input.addEventListener("input", update);
  onLangChange(update);
  queueMicrotask(update);
  return { input, hint, update };
}
