// @ts-check
// Learn from your mistakes (issue 15): each of your plays an analysis marked is a puzzle.
// The server picks the next one (due first, across all your games), judges the play
// entered on the board by the analysis's ranking, and moves it between Leitner boxes;
// this page shows the board, takes the play and shows both plays with their equities.
import { api, refusalText } from "./api.js";
import { Board, ownOf } from "./board.js";
import { el, fill, tr } from "./dom.js";
import { lang, num, onLangChange, signed, t, translate } from "./i18n.js";
import { notation } from "./notation.js";
import {
  NO_MOVES,
  boardModel,
  diceWords,
  explanation,
  playNode,
  practiceBoard,
  puzzleCounts,
  stepsText,
} from "./practice.js";

/**
 * @typedef {import("./types/wire.js").NextPuzzleView} NextPuzzleView
 * @typedef {import("./types/wire.js").PuzzleView} PuzzleView
 * @typedef {import("./types/wire.js").PuzzleVerdict} PuzzleVerdict
 * @typedef {import("./types/wire.js").PlayEquityView} PlayEquityView
 * @typedef {import("./practice.js").Step} Step
 */

const LAST_BOX = 5;
const MASTERED_AFTER = 4;

/** @param {string} value an ISO date */
function date(value) {
  return new Date(value).toLocaleString(lang === "fa" ? "fa-IR" : "en-GB", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/**
 * An equity difference (never negative), in the page's digits.
 * @param {number} value
 */
const amount = (value) => num(Math.abs(value).toFixed(3));

/** Why an answer is no ranked play, in the page's language (the server's ``error_code``). */
const ERRORS = {
  illegal: "mistakes.errorIllegal",
  unreadable: "mistakes.errorUnreadable",
  ambiguous: "mistakes.errorAmbiguous",
  not_ranked: "mistakes.errorNotRanked",
};

/**
 * right, wrong, or unjudged (a play the deep search never looked at: the analysis cannot tell).
 * @param {PuzzleVerdict} verdict
 */
const verdictKind = (verdict) => (!verdict.judged ? "unjudged" : verdict.right ? "right" : "wrong");

/**
 * A judged answer: the three plays with their equities, or why it was refused.
 * @param {PuzzleVerdict} verdict
 * @returns {import("./dom.js").Child[]}
 */
function verdictNodes(verdict) {
  if (!verdict.legal) {
    const code = verdict.error_code;
    const error = el("p", {}, code ? t(ERRORS[code]) : verdict.error || "");
    // A legal play the ranking lacks is no refusal by the rules: only say why it is not judged.
    if (code === "not_ranked") return [el("div", { class: "refusal" }, error)];
    const why = verdict.explanation ? explanation(verdict.explanation) : error;
    return [
      el("div", { class: "refusal" }, el("p", {}, el("strong", {}, t("mistakes.refused"))), why),
    ];
  }
  /**
   * @param {string} key
   * @param {PlayEquityView | null} item
   * @param {string} name
   */
  const row = (key, item, name) =>
    item &&
    el(
      "li",
      { class: name },
      el("strong", {}, t(key)),
      " ",
      playNode(item.play),
      " ",
      el("span", { class: "equity" }, `(${t("mistakes.equity", { equity: signed(item.equity) })})`),
    );
  const kind = verdictKind(verdict);
  return [
    el("p", { class: `verdict ${kind}` }, t(`mistakes.${kind}`)),
    el(
      "ul",
      { class: "puzzle-plays" },
      row("mistakes.yours", verdict.yours, "yours"),
      row("mistakes.played", verdict.played, "played"),
      row("mistakes.best", verdict.best, "best"),
    ),
    verdict.loss !== null &&
      verdict.loss > 0 &&
      el("p", { class: "your-loss" }, t("mistakes.yourLoss", { loss: amount(verdict.loss) })),
    el(
      "p",
      { class: "difference" },
      t("mistakes.difference", { difference: amount(verdict.difference) }),
    ),
    verdict.mastered
      ? el("p", { class: "mastered" }, t("mistakes.masteredNow"))
      : el(
          "p",
          { class: "hint-text" },
          t("mistakes.again", { date: date(verdict.due_at), box: verdict.box, last: LAST_BOX }),
        ),
  ];
}

/** @param {HTMLElement} root */
export async function mistakesPage(root) {
  const countsWrap = el("div", { class: "counts-wrap" });
  const masteredRule = el("p", { class: "hint-text mastered-rule" });
  const origin = el("p", { class: "puzzle-origin" });
  const task = el("p", { class: "puzzle-task" });
  const boardWrap = el("div", { class: "board-wrap" });
  const boardSteps = el("bdi", { dir: "ltr", class: "notation board-steps" });
  const undo = tr("button", "trainer.undo", {
    type: "button",
    class: "btn small undo-board-play",
    disabled: true,
  });
  const check = tr("button", "mistakes.check", {
    type: "button",
    class: "btn primary check-puzzle",
    disabled: true,
  });
  const boardPlay = el("p", { class: "copy-row board-play" }, boardSteps, " ", undo, " ", check);
  const result = el("div", { class: "puzzle-result", "aria-live": "polite" });
  const next = tr("button", "mistakes.next", {
    type: "button",
    class: "btn next-puzzle",
    hidden: true,
  });
  const section = el(
    "section",
    { class: "card mistakes" },
    tr("h2", "mistakes.title"),
    tr("p", "mistakes.lead", { class: "lead" }),
    countsWrap,
    masteredRule,
    origin,
    task,
    boardWrap,
    boardPlay,
    result,
    el("p", { class: "copy-row" }, next),
  );
  fill(root, section);
  translate(root);
  /** @type {((from: number, to: number) => void) | null} */
  let onBoard = null;
  const board = new Board(boardWrap, {
    onStep: (/** @type {string} */ from, /** @type {string} */ to) =>
      onBoard?.(ownOf("white", from, "white"), ownOf("white", to, "white")),
  });
  /** @type {NextPuzzleView | null} the next puzzle's answer from the server */
  let answer = null;
  /** @type {PuzzleView | null} */
  let puzzle = null;
  /** @type {PuzzleVerdict | null} */
  let verdict = null;
  /** @type {Step[]} */
  let steps = [];
  /** @type {{ board: PuzzleView["board"], moves: import("./practice.js").Moves } | null} */
  let shown = null;
  let asked = 0;

  /** @param {import("./types/wire.js").PuzzleCountsView} counts */
  const showCounts = (counts) => {
    fill(countsWrap, puzzleCounts(counts));
    masteredRule.textContent = t("mistakes.masteredRule", { times: MASTERED_AFTER });
  };
  const drawBoard = () => {
    if (!puzzle || !shown) return;
    const open = !verdict || !verdict.legal;
    boardSteps.textContent = notation(stepsText(steps));
    undo.disabled = !steps.length || !open;
    check.disabled = !steps.length || !open;
    if (verdict && !open) {
      // Answered: the position again, with the best play drawn on it.
      const best = verdict.best.steps.map(({ from, to }) => [from, to]);
      board.render(boardModel(puzzle.board, puzzle.dice, best));
      return;
    }
    board.render(boardModel(shown.board, puzzle.dice, [], shown.moves));
  };
  /** @param {NextPuzzleView} answer */
  const show = (answer) => {
    showCounts(answer.counts);
    section.dataset.state = verdict
      ? verdict.legal
        ? verdictKind(verdict)
        : "refused"
      : puzzle
        ? "open"
        : "none";
    boardPlay.hidden = !puzzle;
    if (!puzzle) {
      origin.textContent = "";
      task.textContent = answer.counts.puzzles ? "" : t("mistakes.empty");
      return;
    }
    fill(
      origin,
      `${t("mistakes.origin", { number: puzzle.game_number, move: puzzle.move })} · `,
      el("span", { class: "mark" }, t(`mark.${puzzle.mark}`)),
      " · ",
      el("a", { href: `/replay/${encodeURIComponent(puzzle.game)}` }, t("mistakes.replay")),
      puzzle.rules_name && ` · ${t(`trainer.rules.${puzzle.rules_name}`)}`,
    );
    const said = t("mistakes.task", { dice: diceWords(puzzle.dice) });
    // Nothing due: say so; the server offers the one practised longest ago, to practise early.
    const early =
      !answer.due_now && !verdict ? `${t("mistakes.noneDue", { date: date(puzzle.due_at) })} ` : "";
    task.textContent = early + said;
    fill(result, verdict && verdictNodes(verdict));
    next.hidden = !verdict?.legal;
    drawBoard();
  };
  // The server puts the steps on the board; only its answer to the latest steps is shown.
  const putSteps = async () => {
    if (!puzzle) return;
    const mine = ++asked;
    const asking = [...steps];
    try {
      const fresh = await practiceBoard(puzzle.position_id, asking);
      if (mine === asked) shown = fresh;
    } catch {
      // A step the server refuses (a click on a board it had not answered yet) goes back.
      if (mine === asked && asking.length) {
        steps = asking.slice(0, -1);
        return putSteps();
      }
    }
    if (mine === asked) drawBoard();
  };
  const clearPlay = () => {
    steps = [];
    shown = puzzle ? { board: puzzle.board, moves: NO_MOVES() } : null;
    putSteps();
  };
  const load = async () => {
    verdict = null;
    try {
      answer = await api("GET", "/api/mistakes/next");
    } catch (error) {
      task.textContent = refusalText(error);
      return;
    }
    if (!answer) return;
    puzzle = answer.puzzle;
    section.dataset.puzzle = puzzle ? String(puzzle.id) : "";
    clearPlay();
    onBoard = (from, to) => {
      if (!puzzle || !shown || verdict?.legal || steps.length >= 4) return;
      steps.push([from, to]);
      shown = { board: shown.board, moves: NO_MOVES() };
      drawBoard();
      putSteps();
    };
    show(answer);
  };

  undo.addEventListener("click", () => {
    clearPlay();
    drawBoard();
  });
  check.addEventListener("click", async () => {
    if (!puzzle || !answer || !steps.length) return;
    check.disabled = true;
    try {
      verdict = await api("POST", `/api/mistakes/${puzzle.id}/answer`, { play: stepsText(steps) });
    } catch (error) {
      result.textContent = refusalText(error);
      check.disabled = false;
      return;
    }
    if (!verdict) return;
    answer = { ...answer, counts: verdict.counts };
    if (!verdict.legal) clearPlay();
    show(answer);
  });
  next.addEventListener("click", load);
  onLangChange(() => {
    translate(root);
    if (answer) show(answer);
  });
  await load();
}
