// @ts-check
// The game page's keys: R roll, C confirm, U undo, D double, H hint (by key position, so
// they work in any keyboard layout, Persian included).

/** @type {Record<string, string>} */
const KEYS = { KeyR: "roll", KeyC: "confirm", KeyU: "undo", KeyD: "double", KeyH: "hint" };

/**
 * The action a key press asks for, or null (typing in a field, a dialog open, the button
 * not offered now).
 * @param {KeyboardEvent} event
 * @param {HTMLElement} root the game page
 * @returns {string | null}
 */
export function shortcutAction(event, root) {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  const target = /** @type {Element | null} */ (event.target);
  if (target?.closest?.("input, select, textarea, dialog")) return null;
  if (document.querySelector("dialog[open]")) return null;
  const action = KEYS[event.code];
  const button = /** @type {HTMLButtonElement | null} */ (
    action ? root.querySelector(`[data-action="${action}"]`) : null
  );
  if (!action || !button || button.hidden || button.disabled) return null;
  return action;
}
