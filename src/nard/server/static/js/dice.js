// @ts-check
// Public dice statistics: every finished game's dice, and your own games'.
import { api } from "./api.js";
import { el, fill } from "./dom.js";
import { decimal as fixed, num, t } from "./i18n.js";

/**
 * @typedef {import("./types/wire.js").DiceTallyPublic} DiceTallyPublic
 * @typedef {import("./types/wire.js").ChiSquarePublic} ChiSquarePublic
 */

/** @param {ChiSquarePublic | null} fit */
function fitText(fit) {
  if (!fit) return t("dice.noRolls");
  return t("dice.fit", {
    statistic: fixed(fit.statistic, 2),
    df: fit.degrees_of_freedom,
    p: fixed(fit.p_value, 3),
  });
}

/**
 * One table of dice counts with their fit to fair dice.
 * @param {string} titleKey
 * @param {DiceTallyPublic} tally
 */
function tallyCard(titleKey, tally) {
  /** @param {...string} texts */
  const cells = (...texts) => texts.map((text) => el("td", {}, text));
  const expected = fixed(tally.expected_face_count, 1);
  return el(
    "section",
    { class: "card dice-card" },
    el("h2", {}, t(titleKey)),
    el("p", { class: "dice-rolls" }, t("dice.rolls", { rolls: tally.rolls })),
    el(
      "table",
      { class: "dice-table" },
      el(
        "tr",
        {},
        el("th", {}, t("dice.face")),
        el("th", {}, t("dice.count")),
        el("th", {}, t("dice.expected")),
      ),
      tally.faces.map((count, index) =>
        el(
          "tr",
          { dataset: { face: String(index + 1) } },
          cells(num(index + 1), num(count), expected),
        ),
      ),
      el(
        "tr",
        { class: "dice-doubles" },
        cells(t("dice.doubles"), num(tally.doubles), fixed(tally.expected_doubles, 1)),
      ),
    ),
    el("p", {}, `${t("dice.facesFit")} ${fitText(tally.faces_fit)}`),
    el("p", {}, `${t("dice.doublesFit")} ${fitText(tally.doubles_fit)}`),
  );
}

/** @param {HTMLElement} root */
export async function dicePage(root) {
  const page = el(
    "section",
    { class: "dice-page" },
    el("h1", {}, t("dice.title")),
    el("p", {}, t("dice.lead")),
  );
  fill(root, page);
  /** @type {import("./types/wire.js").DiceStatsPublic} */
  const stats = await api("GET", "/api/dice-stats");
  page.append(tallyCard("dice.all", stats.all));
  if (stats.mine) page.append(tallyCard("dice.mine", stats.mine));
}
