// @ts-check
// The rules trainer's three kinds of drill: plays (entered on the board or typed), "why
// refused" (which rule, which common mistake) and the decision walk (yes or no per
// question). Each takes its answers, sends them, and shows the server's verdicts.
import { el, fill, findAll, tr } from "./dom.js";
import { lang, num, t, translate } from "./i18n.js";
import { notation } from "./notation.js";
import { NO_MOVES, boardModel, playNode, practiceBoard, stepsText } from "./practice.js";
import { ruleHref, ruleName } from "./rules.js";

/**
 * @typedef {import("./types/wire.js").DrillView} DrillView
 * @typedef {import("./types/wire.js").ProgressView} ProgressView
 * @typedef {import("./types/wire.js").PlaysVerdict} PlaysVerdict
 * @typedef {import("./types/wire.js").RuleVerdict} RuleVerdict
 * @typedef {import("./types/wire.js").DecisionVerdict} DecisionVerdict
 * @typedef {import("./types/wire.js").RefusalView} RefusalView
 * @typedef {import("./practice.js").Step} Step
 * @typedef {import("./practice.js").ReportOf} ReportOf
 */

/**
 * What a drill needs of the trainer page: its parts, and the page's ways to draw the
 * position, send an answer, explain a refusal, record a verdict and take board steps.
 * @typedef {object} DrillPage
 * @property {DrillView} drill
 * @property {HTMLElement} task
 * @property {HTMLElement} answerBox
 * @property {HTMLElement} result
 * @property {{ render: (model: ReturnType<typeof boardModel>) => void }} board
 * @property {(steps?: number[][]) => void} draw
 * @property {(answer: Record<string, unknown>) => Promise<any>} send
 * @property {(why: RefusalView, report?: ReportOf | null) => Node[]} explained
 * @property {(verdict: { correct: boolean, progress?: ProgressView | null }) => void} record
 * @property {(handler: ((from: number, to: number) => void) | null) => void} onBoard
 */

const comma = () => (lang === "fa" ? "، " : ", ");

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
const verdictLine = (right, ...children) =>
  el("p", { class: `verdict ${right ? "right" : "wrong"}` }, ...children);

/** @param {DrillPage} page */
export function playsDrill(page) {
  const { drill, task, answerBox, result, board } = page;
  task.textContent = t("trainer.task.plays");
  /** @type {string[]} */
  const entered = [];
  const boardSteps = el("bdi", { dir: "ltr", class: "notation board-steps" });
  const addBoardPlay = tr("button", "trainer.addBoardPlay", {
    type: "button",
    class: "btn small add-board-play",
  });
  const undoBoardPlay = tr("button", "trainer.undo", {
    type: "button",
    class: "btn small undo-board-play",
  });
  const input = el("input", {
    name: "play",
    autocomplete: "off",
    dir: "ltr",
    maxlength: 80,
    "data-i18n-placeholder": "trainer.placeholder",
  });
  const checkPlays = tr("button", "trainer.check", {
    type: "button",
    class: "btn primary check-plays",
  });
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
  let shown = { board: drill.board, moves: NO_MOVES() };
  let asked = 0;
  const showBoardPlay = () => {
    const text = stepsText(steps);
    boardSteps.textContent = notation(text);
    addBoardPlay.disabled = !steps.length;
    undoBoardPlay.disabled = !steps.length;
    board.render(boardModel(shown.board, drill.dice, [], shown.moves));
    return text;
  };
  // The server puts the steps on the board; only its answer to the latest steps is shown.
  const putSteps = async () => {
    const mine = ++asked;
    shown = { board: shown.board, moves: NO_MOVES() };
    showBoardPlay();
    const asking = [...steps];
    try {
      const answer = await practiceBoard(drill.position_id, asking);
      if (mine === asked) shown = answer;
    } catch {
      // A step the server refuses (a click on a board it had not answered yet) goes back.
      if (mine === asked && asking.length) {
        steps = asking.slice(0, -1);
        return putSteps();
      }
    }
    if (mine === asked) showBoardPlay();
  };
  page.onBoard((from, to) => {
    steps.push([from, to]);
    putSteps();
  });
  const clearBoardPlay = () => {
    steps = [];
    shown = { board: drill.board, moves: NO_MOVES() };
    putSteps();
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
    const verdict = await page.send({ plays: entered });
    page.record(verdict);
    // A drill answered in full is done: a new one counts next.
    if (verdict.correct) {
      for (const node of findAll(answerBox, "button, input"))
        node.toggleAttribute("disabled", true);
      page.onBoard(null);
      page.draw();
    }
    fill(result, playsVerdict(page, verdict));
  });
}

/**
 * @param {DrillPage} page
 * @param {PlaysVerdict} verdict
 */
function playsVerdict(page, verdict) {
  const { drill } = page;
  const found = t("trainer.found", { found: verdict.found.length, total: verdict.total });
  /** @type {HTMLElement[]} */
  const parts = [verdictLine(verdict.correct, found)];
  for (const item of verdict.refused) {
    const report = {
      position_id: drill.position_id,
      dice: drill.dice,
      play: item.text,
      rules: drill.rules,
    };
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
        item.explanation ? page.explained(item.explanation, report) : el("p", {}, unread),
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
        const joined = nodes.flatMap((node, i) =>
          i ? [lang === "fa" ? "؛ " : "; ", ...node] : node,
        );
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
      parts.push(
        el(
          "div",
          { class: "refusal" },
          el("p", {}, playNode(item.play)),
          page.explained(item.explanation),
        ),
      );
    }
  }
  return parts;
}

/** @param {DrillPage} page */
export function refusedDrill(page) {
  const { drill, task, answerBox, result } = page;
  const refused = drill.refused_play ?? "";
  fill(task, `${t("trainer.task.refused")} `, playNode(refused));
  page.draw(drill.refused_steps ?? []);
  const choices = (drill.choices ?? []).map((id) =>
    el(
      "button",
      { type: "button", class: "btn rule-choice", "data-rule": id, onclick: () => choose(id) },
      ruleName(id),
    ),
  );
  fill(answerBox, el("p", { class: "copy-row rule-choices" }, choices));
  /** @param {string} rule */
  const choose = async (rule) => {
    if (answerBox.dataset.done) return;
    answerBox.dataset.done = "true";
    for (const button of choices) button.disabled = true;
    /** @type {RuleVerdict} */
    const verdict = await page.send({ rule });
    page.record(verdict);
    const why = verdict.explanation;
    const line = t(verdict.correct ? "trainer.itIs" : "trainer.notThatRule", {
      rule: ruleName(why.rule),
    });
    const report = {
      position_id: drill.position_id,
      dice: drill.dice,
      play: refused,
      rules: drill.rules,
    };
    // Seed 004's seven common mistakes: which one is it (nard.core names it, or none)?
    /** @param {number} n */
    const mistake = (n) =>
      el(
        "button",
        {
          type: "button",
          class: "btn small mistake-choice",
          "data-mistake": n,
          onclick: () => named(n),
        },
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
        page.explained(why, report),
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
}

/** @param {DrillPage} page */
export function decisionDrill(page) {
  const { drill, task, answerBox, result } = page;
  task.textContent = t("trainer.task.decision");
  const questions = drill.questions ?? [];
  let index = 0;
  let allRight = true;
  /** @type {HTMLElement[]} */
  const lines = [];
  const ask = () => {
    const question = questions[index];
    const key =
      drill.double && (question === "both" || question === "one") ? `${question}-double` : question;
    /**
     * @param {boolean} yes
     */
    const button = (yes) =>
      el(
        "button",
        {
          type: "button",
          class: `btn ${yes ? "yes" : "no"}`,
          "data-yes": String(yes),
          onclick: () => answer(yes),
        },
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
    for (const node of findAll(answerBox, "button")) node.toggleAttribute("disabled", true);
    /** @type {DecisionVerdict} */
    const verdict = await page.send({ step: index, yes, missed_before: !allRight });
    allRight = allRight && verdict.correct;
    const said = t("trainer.answerWas", {
      answer: t(verdict.answer ? "trainer.yes" : "trainer.no"),
    });
    lines.push(
      verdictLine(
        verdict.correct,
        `${t(verdict.correct ? "trainer.right" : "trainer.wrong")} ${said} `,
        el(
          "a",
          {
            class: "rule-link",
            href: ruleHref(verdict.anchor),
            target: "_blank",
            rel: "noopener",
          },
          ruleName(verdict.rule),
        ),
      ),
    );
    fill(result, lines);
    index += 1;
    if (verdict.last) {
      fill(answerBox);
      page.record({ ...verdict, correct: allRight });
    } else {
      ask();
    }
  };
  ask();
}
