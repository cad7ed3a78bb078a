// @ts-check
// A game's rules shown from its settings (the snapshot has them), not from its record.
import { fill } from "../dom.js";
import { rulesSummary } from "../rules.js";

/** @typedef {import("./types.js").SettingsView} SettingsView */

/**
 * Put the rules of a game with ``settings`` into ``box``: the record's fields, from the
 * settings (rules, length, Crawford, options).
 * @param {HTMLElement} box
 * @param {SettingsView} settings
 * @param {{length?: boolean}} [show]  ``length: false``: not the match's length
 */
export function showRules(box, settings, show = {}) {
  const record = {
    rules: settings.rules,
    length: settings.length,
    crawford_rule: settings.crawford,
    options: settings.options,
  };
  fill(box, rulesSummary(record, show));
}
