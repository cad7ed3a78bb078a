// @ts-check
// The rules trainer (issue 15). The server makes each drill from (seed, kind, rules,
// level) and checks every answer with the rules engine; this page only shows the board,
// takes answers and shows the verdicts.
import { api } from "./api.js";
import { Board, moveChecker, ownOf } from "./board.js";
import { el, fill, find, findAll, tr } from "./dom.js";
import { lang, num, onLangChange, t, translate } from "./i18n.js";
import { notation } from "./notation.js";
import {
  boardModel,
  diceWords,
  explanation,
  freeMoves,
  playNode,
  pointWord,
  puzzleCounts,
  stepsText,
} from "./practice.js";
import { ruleHref, ruleName } from "./rules.js";

// game.js still imports these two from here; they live in rules.js and practice.js.
export { pointWord, ruleHref };

/**
 * @typedef {import("./types/wire.js").DrillView} DrillView
 * @typedef {import("./types/wire.js").ProgressView} ProgressView
 * @typedef {import("./types/wire.js").PlaysVerdict} PlaysVerdict
 * @typedef {import("./types/wire.js").RuleVerdict} RuleVerdict
 * @typedef {import("./types/wire.js").DecisionVerdict} DecisionVerdict
 * @typedef {import("./types/wire.js").PuzzleCountsView} PuzzleCountsView
 * @typedef {import("./practice.js").Step} Step
 * @typedef {import("./practice.js").ReportOf} ReportOf
 */

const KINDS = ["plays", "enter", "bear-off", "refused", "decision", "customs"];
const LEVELS = ["easy", "medium", "hard"];
const RULE_SETS = ["standard", "iranian", "v1-board"];
const comma = () => (lang === "fa" ? "، " : ", ");

/**
 * The options of a choice, ``chosen`` selected.
 * @param {string[]} values
 * @param {string} prefix the texts' key prefix
 * @param {string} chosen
 */
const options = (values, prefix, chosen) =>
  values.map((value) => el("option", { value, selected: value === chosen }, t(`${prefix}.${value}`)));

/**
 * Plays in notation, one after another.
 * @param {string[]} plays
 * @param {string} [between]
 * @returns {(Node | string)[]}
 */
function playList(plays, between = comma()) {
  return plays.flatMap((text, i) => (i ? [between, playNode(text)] : [playNode(text)]));
}

/**
 * A verdict line, right or wrong.
 * @param {boolean} right
 * @param {...(Node | string)} children
 */
const verdictLine = (right, ...children) => el("p", { class: `verdict ${right ? "right" : "wrong"}` }, ...children);

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
    seed: /^\d{1,9}$/.test(params.get("seed") || "") ? Number(params.get("seed")) : Math.floor(Math.random() * 1e6),
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
  /**
   * @param {string} key
   * @param {HTMLSelectElement} select
   */
  const labelled = (key, select) => el("label", {}, tr("span", key), select);
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
      ? t("trainer.streak", { streak: mine.streak, right: mine.right, answered: mine.answered, level })
      : "";
    if (mine?.level_up) streak.textContent = `${t("trainer.levelUp", { level })} ${streak.textContent}`;
  };
  /** @param {{ correct: boolean, progress?: ProgressView | null }} verdict */
  const record = (verdict) => {
    section.dataset.answered = verdict.correct ? "right" : "wrong";
    const made = verdict.progress;
    if (!made) return;
    progress = [made, ...progress.filter((item) => item.kind !== made.kind || item.rules !== made.rules)];
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

  /** @param {DrillView} drill */
  const playsDrill = (drill) => {
    task.textContent = t("trainer.task.plays");
    /** @type {string[]} */
    const entered = [];
    const boardSteps = el("bdi", { dir: "ltr", class: "notation board-steps" });
    const addBoardPlay = tr("button", "trainer.addBoardPlay", { type: "button", class: "btn small add-board-play" });
    const undoBoardPlay = tr("button", "trainer.undo", { type: "button", class: "btn small undo-board-play" });
    const input = el("input", {
      name: "play",
      autocomplete: "off",
      dir: "ltr",
      maxlength: 80,
      "data-i18n-placeholder": "trainer.placeholder",
    });
    const checkPlays = tr("button", "trainer.check", { type: "button", class: "btn primary check-plays" });
    const playsForm = el(
      "form",
      { class: "plays-form copy-row" },
      input,
      tr("button", "trainer.add", { type: "submit", class: "btn add-play" }),
      checkPlays,
    );
    const list = el("ul", { class: "entered-plays" });
    fill(
      answerBox,
      tr("p", "trainer.onBoard", { class: "hint-text" }),
      el("p", { class: "copy-row board-play" }, boardSteps, addBoardPlay, undoBoardPlay),
      playsForm,
      list,
    );
    translate(answerBox);
    /** @type {Step[]} */
    let steps = [];
    let position = drill.board;
    const showBoardPlay = () => {
      const text = stepsText(steps);
      boardSteps.textContent = notation(text);
      addBoardPlay.disabled = !steps.length;
      undoBoardPlay.disabled = !steps.length;
      board.render(boardModel(position, drill.dice, [], steps.length < 4 ? freeMoves(position) : undefined));
      return text;
    };
    onBoard = (from, to) => {
      steps.push([from, to]);
      position = moveChecker(position, "white", from, to);
      showBoardPlay();
    };
    const clearBoardPlay = () => {
      steps = [];
      position = drill.board;
      showBoardPlay();
    };
    /** @param {string} text */
    const enter = (text) => {
      if (text && !entered.includes(text)) entered.push(text);
      showEntered();
    };
    const showEntered = () => {
      fill(
        list,
        entered.map((text, i) =>
          el(
            "li",
            {},
            playNode(text),
            " ",
            el(
              "button",
              {
                type: "button",
                class: "btn small remove",
                onclick: () => {
                  entered.splice(i, 1);
                  showEntered();
                },
              },
              t("trainer.remove"),
            ),
          ),
        ),
      );
    };
    undoBoardPlay.addEventListener("click", clearBoardPlay);
    addBoardPlay.addEventListener("click", () => {
      const text = showBoardPlay();
      clearBoardPlay();
      enter(text);
    });
    playsForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      input.value = "";
      enter(text);
    });
    clearBoardPlay();
    checkPlays.addEventListener("click", async () => {
      /** @type {PlaysVerdict} */
      const verdict = await send(drill, { plays: entered });
      record(verdict);
      // A drill answered in full is done: a new one counts next.
      if (verdict.correct) {
        for (const node of findAll(answerBox, "button, input")) {
          /** @type {HTMLButtonElement | HTMLInputElement} */ (node).disabled = true;
        }
        onBoard = null;
        draw(drill);
      }
      fill(result, playsVerdict(drill, verdict));
    });
  };

  /**
   * @param {DrillView} drill
   * @param {PlaysVerdict} verdict
   */
  const playsVerdict = (drill, verdict) => {
    const found = t("trainer.found", { found: verdict.found.length, total: verdict.total });
    /** @type {HTMLElement[]} */
    const parts = [verdictLine(verdict.correct, found)];
    for (const item of verdict.refused) {
      const report = { position_id: drill.position_id, dice: drill.dice, play: item.text, rules: drill.rules };
      // The parser's own words are English: a Persian page says how to write a play instead.
      const unread = lang === "fa" || !item.error ? t("trainer.unreadableHelp") : item.error;
      parts.push(
        el(
          "div",
          { class: "refusal" },
          el(
            "p",
            {},
            el("strong", {}, t(item.explanation ? "trainer.notLegal" : "trainer.unreadable")),
            " ",
            playNode(item.text),
          ),
          item.explanation ? explained(drill, item.explanation, report) : el("p", {}, unread),
        ),
      );
    }
    parts.push(
      verdict.missing.length
        ? el("p", {}, el("strong", {}, t("trainer.missing")), " ", playList(verdict.missing))
        : el("p", {}, t("trainer.allFound")),
    );
    const dice = Object.keys(verdict.routes).sort((a, b) => Number(b) - Number(a));
    if (dice.length) {
      const lines = dice.map((die) => {
        const routes = verdict.routes[die];
        /** @param {boolean} two */
        const group = (two) => {
          const nodes = routes
            .filter((route) => route.then.length > 0 === two)
            .map((route) =>
              route.then.length
                ? [playNode(route.first), " → ", ...playList(route.then)]
                : [playNode(route.first)],
            );
          const joined = nodes.flatMap((node, i) => (i ? [lang === "fa" ? "؛ " : "; ", ...node] : node));
          return joined.length ? joined : ["—"];
        };
        return el(
          "p",
          {},
          el("strong", {}, t("trainer.die", { die: Number(die) })),
          ` · ${t("trainer.twoDice")}: `,
          group(true),
          ` · ${t("trainer.oneDie")}: `,
          group(false),
        );
      });
      parts.push(el("details", { class: "routes" }, el("summary", {}, t("trainer.routes")), lines));
    }
    if (verdict.customs.length) {
      parts.push(el("p", {}, el("strong", {}, t("trainer.customsRefuse"))));
      for (const item of verdict.customs) {
        parts.push(el("div", { class: "refusal" }, el("p", {}, playNode(item.play)), explained(drill, item.explanation)));
      }
    }
    return parts;
  };

  /** @param {DrillView} drill */
  const refusedDrill = (drill) => {
    const refused = drill.refused_play ?? "";
    fill(task, `${t("trainer.task.refused")} `, playNode(refused));
    draw(drill, drill.refused_steps ?? []);
    const choices = (drill.choices ?? []).map((id) =>
      el("button", { type: "button", class: "btn rule-choice", "data-rule": id, onclick: () => choose(id) }, ruleName(id)),
    );
    fill(answerBox, el("p", { class: "copy-row rule-choices" }, choices));
    /** @param {string} rule */
    const choose = async (rule) => {
      if (answerBox.dataset.done) return;
      answerBox.dataset.done = "true";
      for (const button of choices) button.disabled = true;
      /** @type {RuleVerdict} */
      const verdict = await send(drill, { rule });
      record(verdict);
      const why = verdict.explanation;
      const line = t(verdict.correct ? "trainer.itIs" : "trainer.notThatRule", { rule: ruleName(why.rule) });
      const report = { position_id: drill.position_id, dice: drill.dice, play: refused, rules: drill.rules };
      // Seed 004's seven common mistakes: which one is it (nard.core names it, or none)?
      /** @param {number} n */
      const mistake = (n) =>
        el(
          "button",
          { type: "button", class: "btn small mistake-choice", "data-mistake": n, onclick: () => named(n) },
          n ? `${num(n)}. ${t(`trainer.mistake.${n}`)}` : t("trainer.noMistake"),
        );
      /** @param {number} n */
      const named = (n) => {
        const right = n === (why.mistake || 0);
        const answer = why.mistake
          ? `${t("trainer.mistake", { number: why.mistake })} ${t(`trainer.mistake.${why.mistake}`)}`
          : t("trainer.noMistake");
        fill(
          result,
          verdictLine(verdict.correct, line),
          explained(drill, why, report),
          el(
            "p",
            { class: `verdict mistake ${right ? "right" : "wrong"}` },
            `${t(right ? "trainer.right" : "trainer.wrong")} ${answer}`,
          ),
        );
      };
      const numbers = [1, 2, 3, 4, 5, 6, 7, 0];
      fill(
        result,
        verdictLine(verdict.correct, line),
        el("p", {}, el("strong", {}, t("trainer.whichMistake"))),
        el(
          "p",
          { class: "mistake-choices" },
          numbers.flatMap((n, i) => (i ? [" ", mistake(n)] : [mistake(n)])),
        ),
      );
    };
  };

  /** @param {DrillView} drill */
  const decisionDrill = (drill) => {
    task.textContent = t("trainer.task.decision");
    const questions = drill.questions ?? [];
    let index = 0;
    let allRight = true;
    /** @type {HTMLElement[]} */
    const lines = [];
    const ask = () => {
      const question = questions[index];
      const key = drill.double && (question === "both" || question === "one") ? `${question}-double` : question;
      /**
       * @param {boolean} yes
       */
      const button = (yes) =>
        el(
          "button",
          { type: "button", class: `btn ${yes ? "yes" : "no"}`, "data-yes": String(yes), onclick: () => answer(yes) },
          t(yes ? "trainer.yes" : "trainer.no"),
        );
      fill(
        answerBox,
        el("p", { class: "question" }, el("strong", {}, t(`trainer.q.${key}`))),
        el("p", { class: "copy-row" }, button(true), " ", button(false)),
      );
    };
    /** @param {boolean} yes */
    const answer = async (yes) => {
      if (index >= questions.length) return;
      for (const node of findAll(answerBox, "button")) /** @type {HTMLButtonElement} */ (node).disabled = true;
      /** @type {DecisionVerdict} */
      const verdict = await send(drill, { step: index, yes, missed_before: !allRight });
      allRight = allRight && verdict.correct;
      const said = t("trainer.answerWas", { answer: t(verdict.answer ? "trainer.yes" : "trainer.no") });
      lines.push(
        verdictLine(
          verdict.correct,
          `${t(verdict.correct ? "trainer.right" : "trainer.wrong")} ${said} `,
          el(
            "a",
            { class: "rule-link", href: ruleHref(verdict.anchor), target: "_blank", rel: "noopener" },
            ruleName(verdict.rule),
          ),
        ),
      );
      fill(result, lines);
      index += 1;
      if (verdict.last) {
        fill(answerBox);
        record({ ...verdict, correct: allRight });
      } else {
        ask();
      }
    };
    ask();
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
    if (made.kind === "refused") refusedDrill(made);
    else if (made.kind === "decision") decisionDrill(made);
    else playsDrill(made);
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
        el("p", {}, el("a", { class: "btn practise-link", href: "/mistakes" }, t("mistakes.practise"))),
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
