// @ts-check
// What the practice pages share (the rules trainer, its problem reports, learn from your
// mistakes): the board they draw, plays entered by hand, and the engine's refusals.
import { api } from "./api.js";
import { locOf } from "./board.js";
import { el } from "./dom.js";
import { lang, num, t } from "./i18n.js";
import { notation } from "./notation.js";
import { ruleHref, ruleName } from "./rules.js";

/**
 * @typedef {import("./types/wire.js").BoardView} BoardView
 * @typedef {import("./types/wire.js").RefusalView} RefusalView
 * @typedef {import("./types/wire.js").PuzzleCountsView} PuzzleCountsView
 * @typedef {[number, number]} Step a checker's step, from one point to another (own numbering)
 * @typedef {{ sources: Set<string>, targets: Map<string, Set<string>> }} Moves
 * @typedef {{ position_id: string, dice: number[], play: string, rules: string }} ReportOf
 */

/**
 * A point in play notation: "bar", "off" or its number.
 * @param {number} own
 */
export const pointWord = (own) => (own === 25 ? "bar" : own === 0 ? "off" : String(own));

/**
 * Steps as a play in notation ("13/7 8/7").
 * @param {Step[]} steps
 */
export const stepsText = (steps) =>
  steps.map(([from, to]) => `${pointWord(from)}/${pointWord(to)}`).join(" ");

/**
 * Dice as a reader says them ("6-1", «۶ و ۱»).
 * @param {number[]} dice
 */
export const diceWords = (dice) =>
  lang === "fa" ? `${num(dice[0])} و ${num(dice[1])}` : `${dice[0]}-${dice[1]}`;

/**
 * A play in notation, kept left to right inside Persian text.
 * @param {string} text
 */
export const playNode = (text) => el("bdi", { dir: "ltr", class: "notation" }, notation(text));

/** No checker may be moved by hand (the board waits for the server, or the play is in). */
export const NO_MOVES = () => ({ sources: new Set(), targets: new Map() });

/**
 * The practice position ``positionId`` after ``steps`` put by hand, and where White (the
 * side on roll) may put a checker next: the server's (``POST /api/trainer/board``), which
 * lets any checker go to a lower point not blocked, or off; the rules judge the play after.
 * @param {string} positionId
 * @param {Step[]} steps
 * @returns {Promise<{ board: BoardView, moves: Moves }>}
 */
export async function practiceBoard(positionId, steps) {
  /** @type {import("./types/wire.js").PracticeBoardView} */
  const answer = await api("POST", "/api/trainer/board", { position_id: positionId, steps });
  /** @type {Moves} */
  const moves = NO_MOVES();
  for (const [from, targets] of Object.entries(answer.destinations)) {
    const loc = locOf("white", Number(from), "white");
    moves.sources.add(loc);
    moves.targets.set(loc, new Set(targets.map((to) => locOf("white", to, "white"))));
  }
  return { board: answer.board, moves };
}

/**
 * What board.js draws for a practice position: White on roll with ``dice``, ``steps``
 * drawn as arrows, ``moves`` the checkers that may be moved by hand.
 * @param {BoardView} board
 * @param {number[]} dice
 * @param {number[][]} steps
 * @param {Moves} [moves]
 */
export function boardModel(board, dice, steps, moves = NO_MOVES()) {
  return {
    board,
    viewSide: "white",
    homeRight: true,
    dice,
    diceUsed: [],
    diceSide: "white",
    cube: null,
    sources: moves.sources,
    targets: moves.targets,
    arrows: steps.map(([from, to]) => ({
      from: locOf("white", from, "white"),
      to: locOf("white", to, "white"),
    })),
  };
}

/**
 * A refusal: the engine's message, the rule's section, a button drawing a legal play
 * (``showLegal`` gets its steps) and, when the play is known, a link to its rules
 * problem report.
 * @param {RefusalView} why
 * @param {{ report?: ReportOf | null, showLegal?: (steps: number[][]) => void }} [options]
 * @returns {Node[]}
 */
export function explanation(why, { report = null, showLegal } = {}) {
  const link = el(
    "a",
    { class: "rule-link", href: ruleHref(why.anchor), target: "_blank", rel: "noopener" },
    `${t("trainer.readRule")}: ${ruleName(why.rule)}`,
  );
  const legal =
    why.legal_steps.length > 0 &&
    el(
      "button",
      {
        type: "button",
        class: "btn small show-legal",
        onclick: () => showLegal?.(why.legal_steps),
      },
      t("trainer.showLegal"),
    );
  const query =
    report &&
    new URLSearchParams({
      position: report.position_id,
      dice: report.dice.join(""),
      play: report.play,
      rules: report.rules,
    });
  return [
    el("p", { class: "explanation" }, lang === "fa" ? why.message.fa : why.message.en),
    el("p", { class: "copy-row" }, link, legal && " ", legal),
    why.legal_play ? el("p", {}, `${t("trainer.legalPlay")} `, playNode(why.legal_play)) : null,
    query
      ? el(
          "p",
          {},
          el("a", { class: "report-link", href: `/report?${query}` }, t("trainer.report.open")),
        )
      : null,
  ].filter((node) => node !== null);
}

/**
 * A player's practice puzzles (learn from your mistakes): how many, due now, mastered.
 * @param {PuzzleCountsView} counts
 */
export function puzzleCounts(counts) {
  /**
   * @param {string} key
   * @param {number} value
   * @param {string} name
   */
  const item = (key, value, name) =>
    el("div", {}, el("dt", {}, t(key)), el("dd", { class: name }, num(value)));
  return el(
    "dl",
    { class: "puzzle-counts" },
    item("mistakes.countPuzzles", counts.puzzles, "count-puzzles"),
    item("mistakes.countDue", counts.due, "count-due"),
    item("mistakes.countMastered", counts.mastered, "count-mastered"),
  );
}
