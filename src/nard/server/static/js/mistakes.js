// Learn from your mistakes (issue 15): each of your plays an analysis marked is a puzzle.
// The server picks the next one (due first, across all your games), judges the play
// entered on the board by the analysis's ranking, and moves it between Leitner boxes;
// this page shows the board, takes the play and shows both plays with their equities.
import { parsePlay } from "./analysis.js";
import { api } from "./api.js";
import { Board, moveChecker, ownOf } from "./board.js";
import { lang, num, onLangChange, signed, t, translate } from "./i18n.js";
import { notation } from "./notation.js";
import { boardModel, countsHtml, explanationHtml, freeMoves, play, pointWord } from "./trainer.js";
import { escapeHtml } from "./ui.js";

const LAST_BOX = 5;
const MASTERED_AFTER = 4;

function date(value) {
  return new Date(value).toLocaleString(lang === "fa" ? "fa-IR" : "en-GB", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
}

/** The refusal's text in the page's language. */
export function refusalText(error) {
  const body = error?.body;
  if (!body) return t("mistakes.failed");
  return (lang === "fa" ? body.message_fa : body.message) || t("mistakes.failed");
}

/** An equity difference (never negative), in the page's digits. */
const amount = (value) => num(Math.abs(value).toFixed(3));

const diceText = (dice) => (lang === "fa" ? `${num(dice[0])} و ${num(dice[1])}` : `${dice[0]}-${dice[1]}`);

/** Why an answer is no ranked play, in the page's language (the server's ``error_code``). */
const ERRORS = {
  illegal: "mistakes.errorIllegal",
  unreadable: "mistakes.errorUnreadable",
  ambiguous: "mistakes.errorAmbiguous",
  not_ranked: "mistakes.errorNotRanked",
};

/** right, wrong, or unjudged (a play the deep search never looked at: the analysis cannot tell). */
const verdictKind = (verdict) => (!verdict.judged ? "unjudged" : verdict.right ? "right" : "wrong");

function verdictHtml(verdict) {
  if (!verdict.legal) {
    const error = `<p>${escapeHtml(ERRORS[verdict.error_code] ? t(ERRORS[verdict.error_code]) : verdict.error || "")}</p>`;
    // A legal play the ranking lacks is no refusal by the rules: only say why it is not judged.
    if (verdict.error_code === "not_ranked") return `<div class="refusal">${error}</div>`;
    const why = verdict.explanation ? explanationHtml(verdict.explanation) : error;
    return `<div class="refusal"><p><strong>${escapeHtml(t("mistakes.refused"))}</strong></p>${why}</div>`;
  }
  const row = (key, item, name) =>
    `<li class="${name}"><strong>${escapeHtml(t(key))}</strong> ${play(item.play)} <span class="equity">(${escapeHtml(t("mistakes.equity", { equity: signed(item.equity) }))})</span></li>`;
  const kind = verdictKind(verdict);
  const parts = [`<p class="verdict ${kind}">${escapeHtml(t(`mistakes.${kind}`))}</p>`];
  parts.push(`<ul class="puzzle-plays">${row("mistakes.yours", verdict.yours, "yours")}${row("mistakes.played", verdict.played, "played")}${row("mistakes.best", verdict.best, "best")}</ul>`);
  if (verdict.loss > 0) parts.push(`<p class="your-loss">${escapeHtml(t("mistakes.yourLoss", { loss: amount(verdict.loss) }))}</p>`);
  parts.push(`<p class="difference">${escapeHtml(t("mistakes.difference", { difference: amount(verdict.difference) }))}</p>`);
  parts.push(
    verdict.mastered
      ? `<p class="mastered">${escapeHtml(t("mistakes.masteredNow"))}</p>`
      : `<p class="hint-text">${escapeHtml(t("mistakes.again", { date: date(verdict.due_at), box: verdict.box, last: LAST_BOX }))}</p>`,
  );
  return parts.join("");
}

export async function mistakesPage(root) {
  root.innerHTML = `
    <section class="card mistakes">
      <h2 data-i18n="mistakes.title"></h2>
      <p class="lead" data-i18n="mistakes.lead"></p>
      <div class="counts-wrap"></div>
      <p class="hint-text mastered-rule"></p>
      <p class="puzzle-origin"></p>
      <p class="puzzle-task"></p>
      <div class="board-wrap"></div>
      <p class="copy-row board-play"><bdi dir="ltr" class="notation board-steps"></bdi>
        <button type="button" class="btn small undo-board-play" data-i18n="trainer.undo" disabled></button>
        <button type="button" class="btn primary check-puzzle" data-i18n="mistakes.check" disabled></button></p>
      <div class="puzzle-result" aria-live="polite"></div>
      <p class="copy-row"><button type="button" class="btn next-puzzle" data-i18n="mistakes.next" hidden></button></p>
    </section>`;
  translate(root);
  const section = root.querySelector(".mistakes");
  let onBoard = null;
  const board = new Board(root.querySelector(".board-wrap"), {
    onStep: (from, to) => onBoard?.(ownOf("white", from, "white"), ownOf("white", to, "white")),
  });
  const result = root.querySelector(".puzzle-result");
  const undo = root.querySelector(".undo-board-play");
  const check = root.querySelector(".check-puzzle");
  const next = root.querySelector(".next-puzzle");
  let answer = null; // the next puzzle's answer from the server: {puzzle, due_now, counts}
  let puzzle = null;
  let verdict = null;
  let steps = [];
  let position = null;

  const text = () => steps.map(([from, to]) => `${pointWord(from)}/${pointWord(to)}`).join(" ");
  const showCounts = (counts) => {
    root.querySelector(".counts-wrap").innerHTML = countsHtml(counts);
    root.querySelector(".mastered-rule").textContent = t("mistakes.masteredRule", { times: MASTERED_AFTER });
  };
  const drawBoard = () => {
    if (!puzzle) return;
    const open = !verdict || !verdict.legal;
    root.querySelector(".board-steps").textContent = notation(text());
    undo.disabled = !steps.length || !open;
    check.disabled = !steps.length || !open;
    if (!open) {
      // Answered: the position again, with the best play drawn on it.
      const best = parsePlay(verdict.best.play).map(({ from, to }) => [from, to]);
      board.render(boardModel(puzzle.board, puzzle.dice, best));
      return;
    }
    board.render(boardModel(position, puzzle.dice, [], steps.length < 4 ? freeMoves(position) : undefined));
  };
  const show = () => {
    showCounts(answer.counts);
    section.dataset.state = verdict ? (verdict.legal ? verdictKind(verdict) : "refused") : puzzle ? "open" : "none";
    root.querySelector(".board-play").hidden = !puzzle;
    if (!puzzle) {
      root.querySelector(".puzzle-origin").textContent = "";
      root.querySelector(".puzzle-task").textContent = answer.counts.puzzles ? "" : t("mistakes.empty");
      return;
    }
    const origin = root.querySelector(".puzzle-origin");
    origin.innerHTML = `${escapeHtml(t("mistakes.origin", { number: puzzle.game_number, move: puzzle.move }))} · <span class="mark">${escapeHtml(t(`mark.${puzzle.mark}`))}</span> · <a href="/replay/${encodeURIComponent(puzzle.game)}">${escapeHtml(t("mistakes.replay"))}</a>`;
    if (puzzle.rules_name) origin.innerHTML += ` · ${escapeHtml(t(`trainer.rules.${puzzle.rules_name}`))}`;
    const task = t("mistakes.task", { dice: diceText(puzzle.dice) });
    // Nothing due: say so; the server offers the one practised longest ago, to practise early.
    const early = !answer.due_now && !verdict ? `${t("mistakes.noneDue", { date: date(puzzle.due_at) })} ` : "";
    root.querySelector(".puzzle-task").textContent = early + task;
    result.innerHTML = verdict ? verdictHtml(verdict) : "";
    next.hidden = !(verdict && verdict.legal);
    drawBoard();
  };
  const clearPlay = () => {
    steps = [];
    position = puzzle ? puzzle.board : null;
  };
  const load = async () => {
    verdict = null;
    try {
      answer = await api("GET", "/api/mistakes/next");
    } catch (error) {
      root.querySelector(".puzzle-task").textContent = refusalText(error);
      return;
    }
    puzzle = answer.puzzle;
    section.dataset.puzzle = puzzle ? String(puzzle.id) : "";
    clearPlay();
    onBoard = (from, to) => {
      if (!puzzle || (verdict && verdict.legal) || steps.length >= 4) return;
      steps.push([from, to]);
      position = moveChecker(position, "white", from, to);
      drawBoard();
    };
    show();
  };

  undo.addEventListener("click", () => {
    clearPlay();
    drawBoard();
  });
  check.addEventListener("click", async () => {
    if (!puzzle || !steps.length) return;
    check.disabled = true;
    try {
      verdict = await api("POST", `/api/mistakes/${puzzle.id}/answer`, { play: text() });
    } catch (error) {
      result.textContent = refusalText(error);
      check.disabled = false;
      return;
    }
    answer = { ...answer, counts: verdict.counts };
    if (!verdict.legal) clearPlay();
    show();
  });
  next.addEventListener("click", load);
  onLangChange(() => {
    translate(root);
    if (answer) show();
  });
  await load();
}
