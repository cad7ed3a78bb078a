// @ts-check
// The engine's advice on the game page: the best plays of a roll, and a cube decision.
import { el, fill } from "../dom.js";
import { signed, t } from "../i18n.js";
import { notation } from "../notation.js";

/** @typedef {import("../types/wire.js").HintPlay} HintPlay */

/**
 * @typedef {object} CubeHint
 * @property {"double" | "take"} decision
 * @property {string} proper
 * @property {string} answer
 * @property {number} no_double
 * @property {number} double_take
 * @property {number} double_pass
 */

/**
 * The best plays listed with their equities in ``panel``; ``choose(i)`` shows the i-th.
 * @param {HTMLElement} panel
 * @param {HintPlay[]} plays
 * @param {(index: number) => void} choose
 */
export function drawHintPlays(panel, plays, choose) {
  const items = plays.map((item, i) => {
    const button = el(
      "button",
      { type: "button", class: "link", dataset: { play: String(i) } },
      el("bdi", { dir: "ltr", class: "notation" }, notation(item.play)),
    );
    button.addEventListener("click", () => choose(i));
    const loss =
      item.loss > 0 ? [" ", el("span", { class: "loss" }, `(${signed(-item.loss)})`)] : [];
    return el("li", {}, button, " ", el("span", { class: "equity" }, signed(item.equity)), loss);
  });
  fill(panel, el("strong", {}, t("game.hintTitle")), el("ol", {}, items));
  panel.hidden = !plays.length;
}

/**
 * Mark the chosen play of the list.
 * @param {HTMLElement} panel
 * @param {number} chosen
 */
export function markHintPlay(panel, chosen) {
  panel.querySelectorAll("li").forEach((item, i) => item.classList.toggle("current", i === chosen));
}

/**
 * A cube hint as a list of equities, the best marked, and the proper action. Before
 * rolling: the three equities of the doubler (the player). Doubled: the player's own
 * equity after taking and after passing (the doubler's, negated).
 * @param {HTMLElement} target
 * @param {CubeHint} hint
 */
export function drawCubeHint(target, hint) {
  const doubling = hint.decision === "double";
  /** @type {[string, number, boolean][]} */
  const rows = doubling
    ? [
        ["cubeHint.noDouble", hint.no_double, !hint.proper.startsWith("double")],
        [
          "cubeHint.doubleTake",
          hint.double_take,
          hint.proper.startsWith("double") && hint.answer !== "pass",
        ],
        ["cubeHint.doublePass", hint.double_pass, hint.proper === "double_pass"],
      ]
    : [
        [
          hint.answer === "beaver" ? "cubeHint.beaver" : "cubeHint.take",
          -hint.double_take,
          hint.answer !== "pass",
        ],
        ["cubeHint.pass", -hint.double_pass, hint.answer === "pass"],
      ];
  const items = rows.map(([key, equity, best]) =>
    el(
      "li",
      { class: best ? "best" : null },
      t(key),
      " ",
      el("span", { class: "equity" }, signed(equity)),
    ),
  );
  const proper = doubling
    ? t("cubeHint.proper", { action: t(`cubeHint.action.${hint.proper}`) })
    : t("cubeHint.answer", { action: t(`cubeHint.${hint.answer}`) });
  fill(
    target,
    el("strong", {}, t(doubling ? "cubeHint.title" : "cubeHint.titleTake")),
    el("ul", { class: "cube-hint" }, items),
    el("p", { class: "cube-proper" }, proper),
  );
  target.hidden = false;
}
