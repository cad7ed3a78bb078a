// The rules trainer (issue 15) and rules problem reports. The server makes each drill
// from (seed, kind, rules, level) and checks every answer with the rules engine; this
// page only shows the board, takes answers and shows the verdicts.
import { api } from "./api.js";
import { Board, locOf, moveChecker, ownOf } from "./board.js";
import { lang, num, onLangChange, t, translate } from "./i18n.js";
import { notation } from "./notation.js";
import { escapeHtml, toast } from "./ui.js";

const KINDS = ["plays", "enter", "bear-off", "refused", "decision", "customs"];
const LEVELS = ["easy", "medium", "hard"];
const RULE_SETS = ["standard", "iranian", "v1-board"];

/** The rules reference page of a rule, in the page's language. */
export const ruleHref = (anchor) => `/static/rules/rules.${lang}.html#${anchor}`;
const ruleName = (id) => t("rule.label", { id: num(id), name: t(`rule.${id}`) });
const comma = () => (lang === "fa" ? "، " : ", ");
export const play = (text) => `<bdi dir="ltr" class="notation">${escapeHtml(notation(text))}</bdi>`;

/** Where White (the side on roll) may put a checker by hand: any checker, to any lower
 * point not held by two or more of Black's, or off; the rules judge it afterwards. */
export function freeMoves(board) {
  const sources = new Set();
  const targets = new Map();
  for (let from = 25; from >= 1; from -= 1) {
    if (!board.white[from] || (board.white[25] && from !== 25)) continue;
    const loc = locOf("white", from, "white");
    const reach = new Set(["off-white"]);
    for (let to = from - 1; to >= 1; to -= 1) if (board.black[25 - to] < 2) reach.add(locOf("white", to, "white"));
    sources.add(loc);
    targets.set(loc, reach);
  }
  return { sources, targets };
}

export const pointWord = (own) => (own === 25 ? "bar" : own === 0 ? "off" : String(own));

export function boardModel(board, dice, steps, moves = { sources: new Set(), targets: new Map() }) {
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
    arrows: steps.map(([from, to]) => ({ from: locOf("white", from, "white"), to: locOf("white", to, "white") })),
  };
}

function options(values, prefix, chosen) {
  return values
    .map((value) => `<option value="${value}"${value === chosen ? " selected" : ""}>${escapeHtml(t(`${prefix}.${value}`))}</option>`)
    .join("");
}

/** A refusal: the engine's message, the rule's section, a legal play to draw and,
 * when the play is known, a link to its rules problem report. */
export function explanationHtml(why, report = null) {
  const parts = [`<p class="explanation">${escapeHtml(why.message[lang])}</p>`];
  parts.push(
    `<p class="copy-row"><a class="rule-link" href="${ruleHref(why.anchor)}" target="_blank" rel="noopener">${escapeHtml(t("trainer.readRule"))}: ${escapeHtml(ruleName(why.rule))}</a>`,
  );
  if (why.legal_steps.length) {
    parts.push(
      ` <button type="button" class="btn small show-legal" data-steps="${escapeHtml(JSON.stringify(why.legal_steps))}">${escapeHtml(t("trainer.showLegal"))}</button>`,
    );
  }
  parts.push("</p>");
  if (why.legal_play) parts.push(`<p>${escapeHtml(t("trainer.legalPlay"))} ${play(why.legal_play)}</p>`);
  if (report) {
    const query = new URLSearchParams({ position: report.position_id, dice: report.dice.join(""), play: report.play, rules: report.rules });
    parts.push(`<p><a class="report-link" href="/report?${query}">${escapeHtml(t("trainer.report.open"))}</a></p>`);
  }
  return parts.join("");
}

/** A player's practice puzzles (learn from your mistakes): how many, due now, mastered. */
export function countsHtml(counts) {
  const item = (key, value, name) => `<div><dt>${escapeHtml(t(key))}</dt><dd class="${name}">${escapeHtml(num(value))}</dd></div>`;
  return `<dl class="puzzle-counts">${item("mistakes.countPuzzles", counts.puzzles, "count-puzzles")}${item("mistakes.countDue", counts.due, "count-due")}${item("mistakes.countMastered", counts.mastered, "count-mastered")}</dl>`;
}

export async function trainerPage(root) {
  const params = new URLSearchParams(location.search);
  const pick = (name, values) => (values.includes(params.get(name)) ? params.get(name) : values[0]);
  const state = {
    seed: /^\d{1,9}$/.test(params.get("seed") || "") ? Number(params.get("seed")) : Math.floor(Math.random() * 1e6),
    kind: pick("kind", KINDS),
    level: pick("level", LEVELS),
    rules: pick("rules", RULE_SETS),
  };
  if (state.kind === "customs" && state.rules === "standard") state.rules = "iranian";
  let progress = [];
  root.innerHTML = `
    <section class="card trainer">
      <h2 data-i18n="trainer.title"></h2>
      <form class="trainer-choice copy-row">
        <label><span data-i18n="trainer.kind"></span><select name="kind"></select></label>
        <label><span data-i18n="trainer.level"></span><select name="level"></select></label>
        <label><span data-i18n="trainer.rules"></span><select name="rules"></select></label>
        <button type="submit" class="btn primary new-drill" data-i18n="trainer.new"></button>
      </form>
      <p class="trainer-heading lead"></p>
      <p class="trainer-task"></p>
      <div class="board-wrap"></div>
      <div class="trainer-answer"></div>
      <div class="trainer-result" aria-live="polite"></div>
      <p class="copy-row hint-text"><span data-i18n="trainer.share"></span> <a class="trainer-link"></a></p>
      <p class="hint-text trainer-streak"></p>
      <div class="trainer-mistakes"></div>
    </section>`;
  translate(root);
  // Plays drills take plays on the board too: each click-move is one step of the play.
  let onBoard = null;
  const board = new Board(root.querySelector(".board-wrap"), {
    onStep: (from, to) => onBoard?.(ownOf("white", from, "white"), ownOf("white", to, "white")),
  });
  const form = root.querySelector(".trainer-choice");
  let answerBox = root.querySelector(".trainer-answer");
  const result = root.querySelector(".trainer-result");
  let drill = null;

  const fillChoices = () => {
    form.kind.innerHTML = options(KINDS, "trainer.kind", state.kind);
    form.level.innerHTML = options(LEVELS, "trainer.level", state.level);
    form.rules.innerHTML = options(RULE_SETS, "trainer.rules", state.rules);
  };
  // Progress is the server's (per player, guests too): streak and level per kind and rules.
  const showStreak = () => {
    const mine = progress.find((item) => item.kind === state.kind && item.rules === state.rules);
    const line = root.querySelector(".trainer-streak");
    line.textContent = mine
      ? t("trainer.streak", { streak: mine.streak, right: mine.right, answered: mine.answered, level: t(`trainer.level.${mine.level}`) })
      : "";
    if (mine?.level_up) line.textContent = `${t("trainer.levelUp", { level: t(`trainer.level.${mine.level}`) })} ${line.textContent}`;
  };
  const record = (verdict) => {
    root.querySelector(".trainer").dataset.answered = verdict.correct ? "right" : "wrong";
    if (!verdict.progress) return;
    progress = [verdict.progress, ...progress.filter((item) => item.kind !== verdict.progress.kind || item.rules !== verdict.progress.rules)];
    if (verdict.progress.level_up) {
      state.level = verdict.progress.level;
      form.level.value = state.level;
    }
    showStreak();
  };
  const draw = (steps = []) => board.render(boardModel(drill.board, drill.dice, steps));
  const send = (answer) => api("POST", "/api/trainer/answer", { seed: drill.seed, kind: drill.kind, rules: drill.rules, level: drill.level, ...answer });

  result.addEventListener("click", (event) => {
    const button = event.target.closest(".show-legal");
    if (button) draw(JSON.parse(button.dataset.steps));
  });

  const heading = () => {
    if (!drill) return;
    const dice = lang === "fa" ? `${num(drill.dice[0])} و ${num(drill.dice[1])}` : `${drill.dice[0]}-${drill.dice[1]}`;
    root.querySelector(".trainer-heading").textContent = t("trainer.heading", {
      seed: drill.seed,
      kind: t(`trainer.kind.${drill.kind}`),
      level: t(`trainer.level.${drill.level}`),
      dice,
    });
  };

  const playsDrill = () => {
    root.querySelector(".trainer-task").textContent = t("trainer.task.plays");
    const entered = [];
    answerBox.innerHTML = `
      <p class="hint-text" data-i18n="trainer.onBoard"></p>
      <p class="copy-row board-play"><bdi dir="ltr" class="notation board-steps"></bdi>
        <button type="button" class="btn small add-board-play" data-i18n="trainer.addBoardPlay" disabled></button>
        <button type="button" class="btn small undo-board-play" data-i18n="trainer.undo" disabled></button></p>
      <form class="plays-form copy-row">
        <input name="play" autocomplete="off" dir="ltr" maxlength="80" data-i18n-placeholder="trainer.placeholder">
        <button type="submit" class="btn add-play" data-i18n="trainer.add"></button>
        <button type="button" class="btn primary check-plays" data-i18n="trainer.check"></button>
      </form>
      <ul class="entered-plays"></ul>`;
    translate(answerBox);
    const list = answerBox.querySelector(".entered-plays");
    let steps = [];
    let position = drill.board;
    const showBoardPlay = () => {
      const text = steps.map(([from, to]) => `${pointWord(from)}/${pointWord(to)}`).join(" ");
      answerBox.querySelector(".board-steps").textContent = notation(text);
      answerBox.querySelector(".add-board-play").disabled = !steps.length;
      answerBox.querySelector(".undo-board-play").disabled = !steps.length;
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
    answerBox.querySelector(".undo-board-play").addEventListener("click", clearBoardPlay);
    answerBox.querySelector(".add-board-play").addEventListener("click", () => {
      const text = showBoardPlay();
      if (text && !entered.includes(text)) entered.push(text);
      clearBoardPlay();
      showEntered();
    });
    const showEntered = () => {
      list.innerHTML = entered.map((text, i) => `<li>${play(text)} <button type="button" class="btn small remove" data-index="${i}">${escapeHtml(t("trainer.remove"))}</button></li>`).join("");
    };
    list.addEventListener("click", (event) => {
      const button = event.target.closest(".remove");
      if (!button) return;
      entered.splice(Number(button.dataset.index), 1);
      showEntered();
    });
    answerBox.querySelector(".plays-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const input = event.target.play;
      const text = input.value.trim();
      if (text && !entered.includes(text)) entered.push(text);
      input.value = "";
      showEntered();
    });
    clearBoardPlay();
    answerBox.querySelector(".check-plays").addEventListener("click", async () => {
      const verdict = await send({ plays: entered });
      record(verdict);
      // A drill answered in full is done: a new one counts next.
      if (verdict.correct) {
        answerBox.querySelectorAll("button, input").forEach((node) => (node.disabled = true));
        onBoard = null;
        board.render(boardModel(drill.board, drill.dice, []));
      }
      const parts = [`<p class="verdict ${verdict.correct ? "right" : "wrong"}">${escapeHtml(t("trainer.found", { found: verdict.found.length, total: verdict.total }))}</p>`];
      for (const item of verdict.refused) {
        parts.push(`<div class="refusal"><p><strong>${escapeHtml(t(item.explanation ? "trainer.notLegal" : "trainer.unreadable"))}</strong> ${play(item.text)}</p>`);
        const report = { position_id: drill.position_id, dice: drill.dice, play: item.text, rules: drill.rules };
        // The parser's own words are English: a Persian page says how to write a play instead.
        const unread = lang === "fa" || !item.error ? t("trainer.unreadableHelp") : item.error;
        parts.push(item.explanation ? explanationHtml(item.explanation, report) : `<p>${escapeHtml(unread)}</p>`);
        parts.push("</div>");
      }
      if (verdict.missing.length) {
        parts.push(`<p><strong>${escapeHtml(t("trainer.missing"))}</strong> ${verdict.missing.map(play).join(comma())}</p>`);
      } else {
        parts.push(`<p>${escapeHtml(t("trainer.allFound"))}</p>`);
      }
      const dice = Object.keys(verdict.routes).sort((a, b) => b - a);
      if (dice.length) {
        parts.push(`<details class="routes"><summary>${escapeHtml(t("trainer.routes"))}</summary>`);
        for (const die of dice) {
          const routes = verdict.routes[die];
          const group = (two) =>
            routes
              .filter((route) => route.then.length > 0 === two)
              .map((route) => play(route.first) + (route.then.length ? ` → ${route.then.map(play).join(comma())}` : ""))
              .join(lang === "fa" ? "؛ " : "; ");
          parts.push(`<p><strong>${escapeHtml(t("trainer.die", { die: Number(die) }))}</strong> · ${escapeHtml(t("trainer.twoDice"))}: ${group(true) || "—"} · ${escapeHtml(t("trainer.oneDie"))}: ${group(false) || "—"}</p>`);
        }
        parts.push("</details>");
      }
      if (verdict.customs.length) {
        parts.push(`<p><strong>${escapeHtml(t("trainer.customsRefuse"))}</strong></p>`);
        for (const item of verdict.customs) parts.push(`<div class="refusal"><p>${play(item.play)}</p>${explanationHtml(item.explanation)}</div>`);
      }
      result.innerHTML = parts.join("");
    });
  };

  const refusedDrill = () => {
    root.querySelector(".trainer-task").innerHTML = `${escapeHtml(t("trainer.task.refused"))} ${play(drill.refused_play)}`;
    draw(drill.refused_steps);
    answerBox.innerHTML = `<p class="copy-row rule-choices">${drill.choices
      .map((id) => `<button type="button" class="btn rule-choice" data-rule="${id}">${escapeHtml(ruleName(id))}</button>`)
      .join("")}</p>`;
    answerBox.addEventListener("click", async (event) => {
      const button = event.target.closest(".rule-choice");
      if (!button || answerBox.dataset.done) return;
      answerBox.dataset.done = "true";
      answerBox.querySelectorAll("button").forEach((b) => (b.disabled = true));
      const verdict = await send({ rule: button.dataset.rule });
      record(verdict);
      const why = verdict.explanation;
      const line = verdict.correct ? t("trainer.itIs", { rule: ruleName(why.rule) }) : t("trainer.notThatRule", { rule: ruleName(why.rule) });
      const report = { position_id: drill.position_id, dice: drill.dice, play: drill.refused_play, rules: drill.rules };
      const explained = `<p class="verdict ${verdict.correct ? "right" : "wrong"}">${escapeHtml(line)}</p>${explanationHtml(why, report)}`;
      // Seed 004's seven common mistakes: which one is it (nard.core names it, or none)?
      const numbers = [1, 2, 3, 4, 5, 6, 7, 0];
      result.innerHTML = `<p class="verdict ${verdict.correct ? "right" : "wrong"}">${escapeHtml(line)}</p>
        <p><strong>${escapeHtml(t("trainer.whichMistake"))}</strong></p>
        <p class="mistake-choices">${numbers
          .map((n) => `<button type="button" class="btn small mistake-choice" data-mistake="${n}">${n ? `${num(n)}. ${escapeHtml(t(`trainer.mistake.${n}`))}` : escapeHtml(t("trainer.noMistake"))}</button>`)
          .join(" ")}</p>`;
      result.querySelector(".mistake-choices").addEventListener("click", (event) => {
        const choice = event.target.closest(".mistake-choice");
        if (!choice) return;
        const right = Number(choice.dataset.mistake) === (why.mistake || 0);
        const named = why.mistake ? t("trainer.mistake", { number: why.mistake }) + " " + t(`trainer.mistake.${why.mistake}`) : t("trainer.noMistake");
        result.innerHTML = `${explained}<p class="verdict mistake ${right ? "right" : "wrong"}">${escapeHtml(t(right ? "trainer.right" : "trainer.wrong"))} ${escapeHtml(named)}</p>`;
      });
    });
  };

  const decisionDrill = () => {
    root.querySelector(".trainer-task").textContent = t("trainer.task.decision");
    let index = 0;
    let allRight = true;
    const lines = [];
    const ask = () => {
      const question = drill.questions[index];
      const key = drill.double && (question === "both" || question === "one") ? `${question}-double` : question;
      answerBox.innerHTML = `<p class="question"><strong>${escapeHtml(t(`trainer.q.${key}`))}</strong></p>
        <p class="copy-row"><button type="button" class="btn yes" data-yes="true">${escapeHtml(t("trainer.yes"))}</button>
        <button type="button" class="btn no" data-yes="false">${escapeHtml(t("trainer.no"))}</button></p>`;
    };
    answerBox.addEventListener("click", async (event) => {
      const button = event.target.closest("[data-yes]");
      if (!button || index >= drill.questions.length) return;
      answerBox.querySelectorAll("button").forEach((b) => (b.disabled = true));
      const verdict = await send({ step: index, yes: button.dataset.yes === "true", missed_before: !allRight });
      allRight = allRight && verdict.correct;
      const answer = t(verdict.answer ? "trainer.yes" : "trainer.no");
      lines.push(
        `<p class="verdict ${verdict.correct ? "right" : "wrong"}">${escapeHtml(t(verdict.correct ? "trainer.right" : "trainer.wrong"))} ${escapeHtml(t("trainer.answerWas", { answer }))} <a class="rule-link" href="${ruleHref(verdict.anchor)}" target="_blank" rel="noopener">${escapeHtml(ruleName(verdict.rule))}</a></p>`,
      );
      result.innerHTML = lines.join("");
      index += 1;
      if (verdict.last) {
        answerBox.innerHTML = "";
        record({ ...verdict, correct: allRight });
      } else {
        ask();
      }
    });
    ask();
  };

  const load = async () => {
    onBoard = null;
    result.innerHTML = "";
    const fresh = answerBox.cloneNode(false); // drops the last drill's listeners
    delete fresh.dataset.done;
    answerBox.replaceWith(fresh);
    answerBox = fresh;
    const query = new URLSearchParams({ seed: state.seed, kind: state.kind, rules: state.rules, level: state.level });
    try {
      drill = await api("GET", `/api/trainer/drill?${query}`);
    } catch {
      root.querySelector(".trainer-task").textContent = t("trainer.failed");
      return;
    }
    history.replaceState(null, "", drill.link);
    const link = root.querySelector(".trainer-link");
    link.href = drill.link;
    link.textContent = location.origin + drill.link;
    root.querySelector(".trainer").dataset.kind = drill.kind;
    delete root.querySelector(".trainer").dataset.answered;
    heading();
    draw();
    if (drill.kind === "refused") refusedDrill();
    else if (drill.kind === "decision") decisionDrill();
    else playsDrill();
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    state.kind = form.kind.value;
    state.level = form.level.value;
    state.rules = form.rules.value;
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
  const showPuzzles = (counts) => {
    root.querySelector(".trainer-mistakes").innerHTML = counts.puzzles
      ? `<h3>${escapeHtml(t("mistakes.title"))}</h3>${countsHtml(counts)}<p><a class="btn practise-link" href="/mistakes">${escapeHtml(t("mistakes.practise"))}</a></p>`
      : "";
  };
  api("GET", "/api/mistakes/counts")
    .then((counts) => {
      showPuzzles(counts);
      onLangChange(() => showPuzzles(counts));
    })
    .catch(() => {});
  try {
    progress = (await api("GET", "/api/trainer/progress")).data;
  } catch {
    progress = [];
  }
  showStreak();
  await load();
}

export async function reportPage(root) {
  const params = new URLSearchParams(location.search);
  root.innerHTML = `
    <section class="card report">
      <h2 id="report-title" data-i18n="trainer.report.title"></h2>
      <div class="board-wrap"></div>
      <div class="report-verdict"></div>
      <textarea class="share-text report-text" rows="12" readonly dir="auto" aria-labelledby="report-title"></textarea>
      <p class="copy-row"><button type="button" class="btn primary copy-report" data-i18n="trainer.report.copy"></button></p>
    </section>`;
  translate(root);
  let report;
  try {
    report = await api("GET", `/api/trainer/report?${params}`);
  } catch {
    root.querySelector(".report-verdict").textContent = t("trainer.report.failed");
    return;
  }
  const board = new Board(root.querySelector(".board-wrap"));
  const show = () => {
    const steps = report.steps.map((text) => text.split("/").map((p) => (p === "bar" ? 25 : p === "off" ? 0 : Number(p.replace("*", "")))));
    board.render(boardModel(report.board, report.dice, steps.filter((s) => s.length === 2 && s.every(Number.isFinite))));
    root.querySelector(".report-verdict").innerHTML = report.explanation ? explanationHtml(report.explanation) : `<p>${escapeHtml(t("trainer.report.legal"))}</p>`;
    root.querySelector(".report-text").value = report.text[lang];
  };
  root.querySelector(".report-verdict").addEventListener("click", (event) => {
    const button = event.target.closest(".show-legal");
    if (button) board.render(boardModel(report.board, report.dice, JSON.parse(button.dataset.steps)));
  });
  root.querySelector(".copy-report").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(report.text[lang]);
      toast(t("trainer.report.copied"));
    } catch {
      root.querySelector(".report-text").select();
    }
  });
  onLangChange(show);
  show();
}
