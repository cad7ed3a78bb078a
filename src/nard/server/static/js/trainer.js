// @ts-check
// The rules trainer (issue 15). The server makes each drill from (seed, kind, rules,
// level) and checks every answer with the rules engine; this page only shows the board,
// takes answers and shows the verdicts.
import { api } from "./api.js";
import { Board, ownOf } from "./board.js";
import { el, fill, tr } from "./dom.js";
import { decisionDrill, playsDrill, refusedDrill } from "./drills.js";
import { labelled } from "./forms.js";
import { onLangChange, t, translate } from "./i18n.js";
import { boardModel, diceWords, explanation, pointWord, puzzleCounts } from "./practice.js";
import { ruleHref } from "./rules.js";

/**
 * @typedef {import("./types/wire.js").DrillView} DrillView
 * @typedef {import("./types/wire.js").ProgressView} ProgressView
 * @typedef {import("./types/wire.js").PuzzleCountsView} PuzzleCountsView
 * @typedef {import("./practice.js").ReportOf} ReportOf
 */

const KINDS = ["plays", "enter", "bear-off", "refused", "decision", "customs"];
const LEVELS = ["easy", "medium", "hard"];
const RULE_SETS = ["standard", "iranian", "v1-board"];

/**
 * The options of a choice, ``chosen`` selected.
 * @param {string[]} values
 * @param {string} prefix the texts' key prefix
 * @param {string} chosen
 */
const options = (values, prefix, chosen) =>
  values.map((value) =>
    el("option", { value, selected: value === chosen }, t(`${prefix}.${value}`)),
  );

/** @param {HTMLElement} root */
export async function trainerPage(root) {
  const params = new URLSearchParams(location.search);
  /**
   * @param {string} name
   * @param {string[]} values
   */
  const pick = (name, values) => {
    const value = params.get(name);
    return value !== null && values.includes(value) ? value : values[0];
  };
  const state = {
    seed: /^\d{1,9}$/.test(params.get("seed") || "")
      ? Number(params.get("seed"))
      : Math.floor(Math.random() * 1e6),
    kind: pick("kind", KINDS),
    level: pick("level", LEVELS),
    rules: pick("rules", RULE_SETS),
  };
  if (state.kind === "customs" && state.rules === "standard") state.rules = "iranian";
  /** @type {ProgressView[]} */
  let progress = [];
  const kindChoice = el("select", { name: "kind" });
  const levelChoice = el("select", { name: "level" });
  const rulesChoice = el("select", { name: "rules" });
  const form = el(
    "form",
    { class: "trainer-choice copy-row" },
    labelled("trainer.kind", kindChoice),
    labelled("trainer.level", levelChoice),
    labelled("trainer.rules", rulesChoice),
    tr("button", "trainer.new", { type: "submit", class: "btn primary new-drill" }),
  );
  const headingLine = el("p", { class: "trainer-heading lead" });
  const task = el("p", { class: "trainer-task" });
  const boardWrap = el("div", { class: "board-wrap" });
  let answerBox = el("div", { class: "trainer-answer" });
  const result = el("div", { class: "trainer-result", "aria-live": "polite" });
  const link = el("a", { class: "trainer-link" });
  const streak = el("p", { class: "hint-text trainer-streak" });
  const mistakes = el("div", { class: "trainer-mistakes" });
  const section = el(
    "section",
    { class: "card trainer" },
    tr("h2", "trainer.title"),
    form,
    headingLine,
    task,
    boardWrap,
    answerBox,
    result,
    el("p", { class: "copy-row hint-text" }, tr("span", "trainer.share"), " ", link),
    streak,
    mistakes,
  );
  fill(root, section);
  translate(root);
  // Plays drills take plays on the board too: each click-move is one step of the play.
  /** @type {((from: number, to: number) => void) | null} */
  let onBoard = null;
  const board = new Board(boardWrap, {
    onStep: (/** @type {string} */ from, /** @type {string} */ to) =>
      onBoard?.(ownOf("white", from, "white"), ownOf("white", to, "white")),
  });
  /** @type {DrillView | null} */
  let drill = null;

  const fillChoices = () => {
    fill(kindChoice, options(KINDS, "trainer.kind", state.kind));
    fill(levelChoice, options(LEVELS, "trainer.level", state.level));
    fill(rulesChoice, options(RULE_SETS, "trainer.rules", state.rules));
  };
  // Progress is the server's (per player, guests too): streak and level per kind and rules.
  const showStreak = () => {
    const mine = progress.find((item) => item.kind === state.kind && item.rules === state.rules);
    const level = mine && t(`trainer.level.${mine.level}`);
    streak.textContent = mine
      ? t("trainer.streak", {
          streak: mine.streak,
          right: mine.right,
          answered: mine.answered,
          level,
        })
      : "";
    if (mine?.level_up)
      streak.textContent = `${t("trainer.levelUp", { level })} ${streak.textContent}`;
  };
  /** @param {{ correct: boolean, progress?: ProgressView | null }} verdict */
  const record = (verdict) => {
    section.dataset.answered = verdict.correct ? "right" : "wrong";
    const made = verdict.progress;
    if (!made) return;
    progress = [
      made,
      ...progress.filter((item) => item.kind !== made.kind || item.rules !== made.rules),
    ];
    if (made.level_up) {
      state.level = made.level;
      levelChoice.value = state.level;
    }
    showStreak();
  };
  /**
   * @param {DrillView} drill
   * @param {number[][]} [steps]
   */
  const draw = (drill, steps = []) => board.render(boardModel(drill.board, drill.dice, steps));
  /**
   * @param {DrillView} drill
   * @param {Record<string, unknown>} answer
   */
  const send = (drill, answer) =>
    api("POST", "/api/trainer/answer", {
      seed: drill.seed,
      kind: drill.kind,
      rules: drill.rules,
      level: drill.level,
      ...answer,
    });
  /**
   * A refusal explained, its legal play drawn on the board on request.
   * @param {DrillView} drill
   * @param {import("./types/wire.js").RefusalView} why
   * @param {ReportOf | null} [report]
   */
  const explained = (drill, why, report = null) =>
    explanation(why, { report, showLegal: (steps) => draw(drill, steps) });

  const heading = () => {
    if (!drill) return;
    headingLine.textContent = t("trainer.heading", {
      seed: drill.seed,
      kind: t(`trainer.kind.${drill.kind}`),
      level: t(`trainer.level.${drill.level}`),
      dice: diceWords(drill.dice),
    });
  };

  const load = async () => {
    onBoard = null;
    fill(result);
    const fresh = el("div", { class: "trainer-answer" }); // drops the last drill's listeners
    answerBox.replaceWith(fresh);
    answerBox = fresh;
    const query = new URLSearchParams({
      seed: String(state.seed),
      kind: state.kind,
      rules: state.rules,
      level: state.level,
    });
    /** @type {DrillView} */
    let made;
    try {
      made = await api("GET", `/api/trainer/drill?${query}`);
    } catch {
      task.textContent = t("trainer.failed");
      return;
    }
    drill = made;
    history.replaceState(null, "", made.link);
    link.href = made.link;
    link.textContent = location.origin + made.link;
    section.dataset.kind = made.kind;
    delete section.dataset.answered;
    heading();
    draw(made);
    /** @type {import("./drills.js").DrillPage} */
    const page = {
      drill: made,
      task,
      answerBox,
      result,
      board,
      draw: (steps = []) => draw(made, steps),
      send: (answer) => send(made, answer),
      explained: (why, report = null) => explained(made, why, report),
      record,
      onBoard: (handler) => {
        onBoard = handler;
      },
    };
    if (made.kind === "refused") refusedDrill(page);
    else if (made.kind === "decision") decisionDrill(page);
    else playsDrill(page);
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    state.kind = kindChoice.value;
    state.level = levelChoice.value;
    state.rules = rulesChoice.value;
    if (state.kind === "customs" && state.rules === "standard") state.rules = "iranian";
    state.seed = Math.floor(Math.random() * 1e6);
    fillChoices();
    showStreak();
    load();
  });
  onLangChange(() => {
    fillChoices();
    translate(root);
    heading();
    showStreak();
    if (drill) load();
  });
  fillChoices();
  // The player's own mistakes as puzzles (from analysed games): counts and a way in.
  /** @param {PuzzleCountsView} counts */
  const showPuzzles = (counts) => {
    fill(
      mistakes,
      counts.puzzles > 0 && [
        el("h3", {}, t("mistakes.title")),
        puzzleCounts(counts),
        el(
          "p",
          {},
          el("a", { class: "btn practise-link", href: "/mistakes" }, t("mistakes.practise")),
        ),
      ],
    );
  };
  api("GET", "/api/mistakes/counts")
    .then((/** @type {PuzzleCountsView} */ counts) => {
      showPuzzles(counts);
      onLangChange(() => showPuzzles(counts));
    })
    .catch(() => {});
  try {
    /** @type {import("./types/wire.js").ProgressList} */
    const list = await api("GET", "/api/trainer/progress");
    progress = list.data;
  } catch {
    progress = [];
  }
  showStreak();
  await load();
}
