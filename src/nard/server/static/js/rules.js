// @ts-check
// How a game's rules read to a person, and where the rules reference explains each rule.
import { el } from "./dom.js";
import { lang, num, t } from "./i18n.js";

/**
 * What rulesSummary reads: a game record's or snapshot's rules, options and length.
 * @typedef {object} RulesOf
 * @property {Partial<import("./types/wire.js").RulesView> | null} [rules]
 * @property {Partial<import("./types/wire.js").OptionsView> | null} [options]
 * @property {number | null} [length]
 * @property {boolean | null} [crawford_rule]
 */

/**
 * The rules reference page of a rule (its anchor: "escape"), in the page's language.
 * @param {string} anchor
 */
export const ruleHref = (anchor) => `/static/rules/rules.${lang}.html#${anchor}`;

/**
 * A rule's number and name ("Rule 7: ...") in the page's language.
 * @param {string} id
 */
export const ruleName = (id) => t("rule.label", { id: num(id), name: t(`rule.${id}`) });

/**
 * "Iranian rules · no cube · match to 5" with each custom named (a record's rules);
 * the server names the preset the switches are (``preset``), the cube aside.
 * @param {RulesOf} record
 * @param {{length?: boolean}} [show]  ``length: false``: leave out the match's length
 *   (the game page's match line says it)
 * @returns {Node[]}
 */
export function rulesSummary(record, { length = true } = {}) {
  const rules = record.rules || {};
  const customs = [];
  if (rules.escape_after_hit)
    customs.push(t("custom.escape", { scope: t(`scope.${rules.escape_scope || "home"}`) }));
  if (rules.no_home_cover_after_hit) customs.push(t("custom.noHomeCover"));
  if (rules.gammon_wins_match) customs.push(t("custom.gammonWins"));
  if (rules.no_backgammon) customs.push(t("custom.noBackgammon"));
  const preset =
    rules.preset === null ? t("rules.custom") : t(`rules.${rules.preset || "standard"}`);
  // A 1-point match is decided by its one game: there is nothing to double for.
  const cube = rules.cube !== false && record.length !== 1;
  const parts = [
    preset,
    cube ? t("rules.cube") : rules.cube === false ? t("rules.noCube") : t("rules.noCubeOnePoint"),
  ];
  if (length)
    parts.push(record.length ? t("game.matchLength", { length: record.length }) : t("game.money"));
  if (cube) {
    const options = record.options || {};
    if (record.length && record.crawford_rule === false) parts.push(t("rules.noCrawford"));
    if (!record.length && options.jacoby) parts.push(t("rules.jacoby"));
    if (!record.length && options.beavers) parts.push(t("rules.beavers"));
  }
  return [
    el("strong", {}, t("rules.title")),
    document.createTextNode(" "),
    el("span", { class: "rules-preset" }, parts.join(" · ")),
    customs.length
      ? el(
          "ul",
          {},
          customs.map((custom) => el("li", {}, custom)),
        )
      : null,
  ].filter((node) => node !== null);
}
