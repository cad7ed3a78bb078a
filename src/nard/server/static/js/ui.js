// @ts-check
// Small shared pieces: dialogs, toasts.
import { el } from "./dom.js";

/**
 * @typedef {object} DialogButton
 * @property {string} label
 * @property {string | null} [value]
 * @property {boolean} [primary]
 * @property {(box: HTMLDialogElement) => void} [keep] acts inside the dialog (a hint) and leaves it open
 */

/**
 * A modal dialog; resolves with the chosen button's value (null when dismissed). A button
 * given ``keep(box)`` calls it and leaves the dialog open.
 * @param {string} title
 * @param {string | null | undefined} body lines of text
 * @param {DialogButton[]} buttons
 * @param {string} [kind] a class for the dialog
 * @returns {Promise<string | null>}
 */
export function dialog(title, body, buttons, kind = "") {
  return new Promise((resolve) => {
    const box = el("dialog", { class: `dialog ${kind}` });
    const row = el(
      "div",
      { class: "dialog-buttons" },
      buttons.map((button) =>
        el(
          "button",
          {
            type: "button",
            class: `btn${button.primary ? " primary" : ""}`,
            "data-value": button.value ?? "",
            onclick: () => {
              if (button.keep) {
                button.keep(box);
                return;
              }
              box.close();
              resolve(button.value ?? null);
            },
          },
          button.label,
        ),
      ),
    );
    const lines = String(body || "")
      .split("\n")
      .filter(Boolean)
      .map((line) => el("p", {}, line));
    box.append(el("h2", {}, title), ...lines, row);
    box.addEventListener("cancel", () => resolve(null));
    box.addEventListener("close", () => box.remove());
    document.body.append(box);
    box.showModal();
  });
}

/**
 * A short message at the bottom of the page for three seconds.
 * @param {string} text
 */
export function toast(text) {
  const node = el("div", { class: "toast", role: "status" }, text);
  document.body.append(node);
  setTimeout(() => node.remove(), 3000);
}
