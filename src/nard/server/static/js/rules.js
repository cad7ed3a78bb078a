// How a game's rules read to a person, and play notation in the page's digits.
import { t } from "./i18n.js";
import { escapeHtml } from "./ui.js";

const IRANIAN = {
  escape_after_hit: true,
  no_home_cover_after_hit: true,
  gammon_wins_match: false,
  no_backgammon: false,
};

/** "Iranian rules · no cube · match to 5" with each custom named (a record's rules). */
export function describeRules(record) {
  const rules = record.rules || {};
  const iranian = Object.entries(IRANIAN).every(([key, value]) => Boolean(rules[key]) === value);
  const customs = [];
  if (rules.escape_after_hit) customs.push(t("custom.escape", { scope: t(`scope.${rules.escape_scope || "home"}`) }));
  if (rules.no_home_cover_after_hit) customs.push(t("custom.noHomeCover"));
  if (rules.gammon_wins_match) customs.push(t("custom.gammonWins"));
  if (rules.no_backgammon) customs.push(t("custom.noBackgammon"));
  const preset = iranian ? t("rules.iranian") : customs.length ? t("rules.custom") : t("rules.standard");
  // A 1-point match is decided by its one game: there is nothing to double for.
  const cube = rules.cube !== false && record.length !== 1;
  const parts = [preset, cube ? t("rules.cube") : rules.cube === false ? t("rules.noCube") : t("rules.noCubeOnePoint")];
  parts.push(record.length ? t("game.matchLength", { length: record.length }) : t("game.money"));
  if (cube) {
    const options = record.options || {};
    if (record.length && record.crawford_rule === false) parts.push(t("rules.noCrawford"));
    if (!record.length && options.jacoby) parts.push(t("rules.jacoby"));
    if (!record.length && options.beavers) parts.push(t("rules.beavers"));
  }
  let html = `<strong>${escapeHtml(t("rules.title"))}</strong> <span class="rules-preset">${escapeHtml(parts.join(" · "))}</span>`;
  if (customs.length) html += `<ul>${customs.map((c) => `<li>${escapeHtml(c)}</li>`).join("")}</ul>`;
  return html;
}
