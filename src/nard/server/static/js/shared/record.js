// @ts-check
// A game's settings as the rules description reads them (the record's fields), so that a
// page shows the rules from the game it already has, without reading its record.
import { describeRules } from "../rules.js";

/** @typedef {import("./types.js").SettingsView} SettingsView */

/**
 * The record-shaped facts ``describeRules`` reads: rules, length, Crawford, options.
 * @param {SettingsView} settings
 */
export function settingsRecord(settings) {
  return {
    rules: settings.rules,
    length: settings.length,
    crawford_rule: settings.crawford,
    options: settings.options,
  };
}

/**
 * Put the rules of a game with ``settings`` into ``box``.
 * @param {HTMLElement} box
 * @param {SettingsView} settings
 */
export function showRules(box, settings) {
  /** @type {unknown} */
  const described = describeRules(settingsRecord(settings));
  // rules.js writes escaped markup (every value in it goes through escapeHtml); once it
  // builds nodes, they go in as they are.
  if (described instanceof Node) box.replaceChildren(described);
  else box.innerHTML = String(described);
}
