// @ts-check
// Links a page makes to the rules reference and the problem report.
import { lang } from "../i18n.js";

/**
 * The rules reference page's section ``anchor``, in the page's language.
 * @param {string} anchor
 */
export const ruleHref = (anchor) => `/static/rules/rules.${lang}.html#${anchor}`;

/**
 * A side's own point as the report's play writes it: "bar", "off" or the number.
 * @param {number} own
 */
export const pointWord = (own) => (own === 25 ? "bar" : own === 0 ? "off" : String(own));

/**
 * The trainer's rule set with the same legal plays as the game's rules, or null.
 * @param {import("./types.js").RulesView} rules
 */
export function reportRules(rules) {
  if (rules.escape_after_hit && rules.escape_scope === "home" && rules.no_home_cover_after_hit)
    return "iranian";
  if (rules.escape_after_hit && rules.escape_scope === "board" && !rules.no_home_cover_after_hit)
    return "v1-board";
  if (!rules.escape_after_hit && !rules.no_home_cover_after_hit) return "standard";
  return null;
}
