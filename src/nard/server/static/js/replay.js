// @ts-check
// History (my finished games) and replay (step through any game, frame by frame, as the
// server tells them: GET /api/games/{id}/frames).
import {
  attachAnalysis,
  decisionNodes,
  graphSvg,
  markClass,
  markSymbol,
  statsTable,
} from "./analysis.js";
import { api, refusalText } from "./api.js";
import { Board } from "./board.js";
import { replayChat } from "./chat.js";
import { el, fill } from "./dom.js";
import { endingText, fromGame, gameLine } from "./gamelist.js";
import { num, onLangChange, t, translate } from "./i18n.js";
import { playerName } from "./names.js";
import { notation } from "./notation.js";
import { settings } from "./settings.js";
import { REPLAYED, begun, frameText, framesPath } from "./shared/frames.js";
import { locOf } from "./shared/locations.js";
import { showRules } from "./shared/record.js";

/** @typedef {import("./shared/types.js").FrameView} FrameView */
/** @typedef {import("./shared/types.js").GameSnapshot} GameSnapshot */
/** @typedef {import("./shared/types.js").Side} Side */
/** @typedef {FrameView & {decision?: any, shownDice: [number, number] | null, diceSide: Side | null}} ReplayFrame */

/** @param {HTMLElement} root */
export async function historyPage(root) {
  root.replaceChildren(
    el(
      "section",
      { class: "card history" },
      el("h2", { dataset: { i18n: "history.title" } }),
      el("ul", { class: "game-list" }),
    ),
  );
  translate(root);
  const draw = async () => {
    let games = [];
    try {
      games = (await api("GET", "/api/games?finished=true")).data;
    } catch {
      games = [];
    }
    const item = (/** @type {any} */ game) => {
      const facts = fromGame(game);
      const winner = game.result?.winner;
      // At one screen both seats are yours: say which colour won.
      const label =
        game.you.length > 1
          ? t("game.won", { name: t(`side.${winner}`) })
          : t(facts.won ? "history.beat" : "history.lostTo", { name: facts.opponent.name });
      const ending = game.you.length === 1 ? endingText(facts) : "";
      const badge = winner
        ? [
            el("span", { class: `badge ${facts.won ? "won" : "lost"}` }, label),
            " ",
            ...(ending ? [el("span", { class: "ending" }, ending), " "] : []),
          ]
        : [];
      return el(
        "li",
        {},
        el(
          "a",
          { class: "game-link", href: `/replay/${encodeURIComponent(game.id)}` },
          badge,
          gameLine(facts),
        ),
      );
    };
    fill(
      /** @type {HTMLElement} */ (root.querySelector(".game-list")),
      games.length ? games.map(item) : el("li", { class: "empty" }, t("history.none")),
    );
  };
  onLangChange(draw);
  await draw();
}

/**
 * The frames a replay steps through, each with the dice it shows: a cube action keeps
 * the last roll's dice on the board, as at a table.
 * @param {FrameView[]} frames
 * @returns {ReplayFrame[]}
 */
export function replayFrames(frames) {
  /** @type {[number, number] | null} */
  let dice = null;
  /** @type {Side | null} */
  let side = null;
  let game = 0;
  const shown = [];
  for (const frame of begun(frames)) {
    if (!REPLAYED.has(frame.kind)) continue;
    if (frame.game !== game || frame.kind === "start") {
      game = frame.game;
      dice = null;
      side = null;
    }
    if (frame.dice && ["roll", "pass", "play"].includes(frame.kind)) {
      dice = frame.dice;
      side = frame.side;
    }
    shown.push({ ...frame, shownDice: dice, diceSide: side });
  }
  return shown;
}

/**
 * A frame's line: its words, and a play's notation kept left to right inside Persian text.
 * @param {FrameView} frame
 */
function frameLine(frame) {
  const text = frameText(frame, { t, num });
  const words = t(text.key, text.vars);
  return text.notation === undefined
    ? [words]
    : [words, " ", el("bdi", { dir: "ltr", class: "notation" }, notation(text.notation))];
}

/**
 * The decision a line of the move list is marked with: a play's mark goes on the play's
 * own line, not on the roll's (where the analysis puts it, the board showing the position
 * the play was chosen in); a cube decision stays on its line.
 * @param {ReplayFrame[]} frames
 * @param {number} i
 */
function markedDecision(frames, i) {
  const frame = frames[i];
  const isPlay = (/** @type {ReplayFrame} */ roll) => roll.decision?.kind === "play";
  if (frame.kind === "roll") return isPlay(frame) ? null : frame.decision;
  if (frame.kind !== "play") return frame.decision;
  const roll = frames
    .slice(0, i)
    .reverse()
    .find(
      (item) =>
        item.kind === "roll" &&
        item.game === frame.game &&
        item.move === frame.move &&
        item.side === frame.side,
    );
  return roll && isPlay(roll) ? roll.decision : null;
}

/**
 * The replay page's fixed parts.
 * @param {string} gameId
 * @param {string} query  the spectator token's query, or ""
 */
function replayTemplate(gameId, query) {
  const go = (/** @type {string} */ where, /** @type {string} */ label) =>
    el(
      "button",
      { type: "button", class: "btn", dataset: { go: where, i18nTitle: `replay.${where}` } },
      label,
    );
  return el(
    "section",
    { class: "replay-page" },
    el("h2", { dataset: { i18n: "replay.title" } }),
    el("div", { class: "rules-banner" }),
    el("div", { class: "board-wrap" }),
    el("p", { class: "replay-text", role: "status" }),
    el(
      "div",
      { class: "controls replay-controls" },
      go("first", "«"),
      go("prev", "‹"),
      el("span", { class: "frame-count" }),
      go("next", "›"),
      go("last", "»"),
    ),
    el("input", {
      type: "range",
      class: "frame-slider",
      min: "0",
      value: "0",
      dataset: { i18nTitle: "replay.frame" },
    }),
    el("p", { class: "decision-text", hidden: true }),
    el(
      "section",
      { class: "card analysis" },
      el("h3", { dataset: { i18n: "analysis.title" } }),
      el("button", {
        type: "button",
        class: "btn",
        dataset: { analyse: "", i18n: "analysis.request" },
      }),
      el("p", { class: "analysis-status" }),
      el(
        "div",
        { class: "analysis-result", hidden: true },
        el("div", { class: "graph-wrap" }),
        el("p", { class: "hint-text", dataset: { i18n: "analysis.graphHelp" } }),
        el("div", { class: "stats-wrap" }),
        el(
          "p",
          { class: "copy-row" },
          el("button", {
            type: "button",
            class: "btn primary practise-mistakes",
            dataset: { i18n: "mistakes.practise" },
            hidden: true,
          }),
          " ",
          el("span", { class: "practise-status", role: "status" }),
        ),
      ),
    ),
    el("ol", { class: "move-list" }),
    el(
      "p",
      {},
      el("a", {
        class: "btn",
        dataset: { i18n: "game.download" },
        href: `/api/games/${encodeURIComponent(gameId)}/record.mat${query}`,
      }),
    ),
  );
}

/**
 * @param {HTMLElement} root
 * @param {string} gameId
 */
export async function replayPage(root, gameId) {
  // A profile's link carries the match's spectator token, so anyone can read a finished match.
  const watch = new URLSearchParams(location.search).get("watch");
  const query = watch ? `?watch=${encodeURIComponent(watch)}` : "";
  root.replaceChildren(replayTemplate(gameId, query));
  translate(root);
  const page = /** @type {HTMLElement} */ (root.querySelector(".replay-page"));
  /** @type {<T extends HTMLElement>(selector: string) => T} */
  const find = (selector) => /** @type {any} */ (root.querySelector(selector));
  replayChat(page, gameId);
  /** @type {GameSnapshot & {you: Side[]}} */
  let game;
  /** @type {FrameView[]} */
  let served;
  try {
    game = await api("GET", `/api/games/${encodeURIComponent(gameId)}${query}`);
    served = (await api("GET", framesPath(gameId, watch))).frames;
  } catch {
    find(".replay-text").textContent = t("game.notFound");
    return;
  }
  let frames = replayFrames(served);
  const board = new Board(find(".board-wrap"));
  const slider = /** @type {HTMLInputElement} */ (find(".frame-slider"));
  let index = 0;
  // Reading from the perspective of the player who asked (their games list says which side).
  /** @type {Side} */
  const viewSide = game.you.length === 1 ? game.you[0] : "white";
  const seated = game.you.length > 0;
  /** @type {any} */
  let analysis = null;
  const names = () => {
    const name = (/** @type {Side} */ side) =>
      playerName(game.seats.find((seat) => seat.side === side)?.name ?? null) || t(`side.${side}`);
    return { white: name("white"), black: name("black") };
  };
  const show = () => {
    const frame = frames[index];
    const decision = frame.decision;
    // The better play, drawn as arrows on the position where it was missed (the steps the
    // analysis sends; an analysis made before it sent them draws none).
    /** @type {{from: number, to: number}[]} */
    const best = decision?.best_steps || [];
    const arrows =
      decision && decision.kind === "play" && decision.loss > 0.0005
        ? best.map(({ from, to }) => ({
            from: locOf(decision.side, from, viewSide),
            to: locOf(decision.side, to, viewSide),
          }))
        : [];
    board.render({
      board: frame.board,
      viewSide,
      homeRight: settings.homeRight,
      dice: frame.shownDice,
      diceUsed:
        frame.kind === "play" && frame.shownDice ? [...frame.shownDice, ...frame.shownDice] : [],
      diceSide: frame.diceSide,
      cube: game.settings.rules.cube === false ? null : frame.cube,
      sources: new Set(),
      targets: new Map(),
      arrows,
    });
    // A play's line says its decision too (the arrows are on the roll's, before it).
    const told = decision || markedDecision(frames, index);
    const decisionBox = find(".decision-text");
    decisionBox.hidden = !told;
    fill(decisionBox, told ? decisionNodes(told) : []);
    if (analysis) {
      const played = analysis.games.find((/** @type {any} */ item) => item.number === frame.game);
      const wrap = find(".graph-wrap");
      wrap.replaceChildren();
      if (played) {
        wrap.appendChild(
          graphSvg(played, frame.move, (move) => {
            const found = frames.findIndex(
              (item) => item.game === played.number && item.move === move && item.decision,
            );
            if (found >= 0) {
              index = found;
              show();
            }
          }),
        );
      }
    }
    const [white, black] = frame.pips;
    const pips = `${t("side.white")} ${t("game.pips", { pips: white })} · ${t("side.black")} ${t("game.pips", { pips: black })}`;
    fill(
      find(".replay-text"),
      el("span", { class: "frame-text" }, frameLine(frame)),
      el("span", { class: "pips" }, pips),
    );
    find(".frame-count").textContent = `${num(index + 1)} / ${num(frames.length)}`;
    slider.max = String(frames.length - 1);
    slider.value = String(index);
    root
      .querySelectorAll(".move-list li")
      .forEach((item, i) => item.classList.toggle("current", i === index));
  };
  const list = () => {
    frames = replayFrames(served);
    if (analysis) {
      attachAnalysis(frames, analysis);
      find(".analysis-result").hidden = false;
      fill(find(".stats-wrap"), statsTable(analysis, names()));
      find("[data-analyse]").hidden = true;
      find(".analysis-status").textContent = "";
      // A seated player practises their own marked plays (the server makes the puzzles).
      find(".practise-mistakes").hidden = !seated;
    }
    showRules(find(".rules-banner"), game.settings);
    const items = frames.map((frame, i) => {
      const button = el(
        "button",
        { type: "button", class: "link", dataset: { frame: String(i) } },
        frameLine(frame),
      );
      button.addEventListener("click", () => {
        index = i;
        show();
      });
      const marked = markedDecision(frames, i);
      const mark =
        marked && marked.mark !== "none"
          ? [" ", el("span", { class: `mark ${markClass(marked.mark)}` }, markSymbol(marked.mark))]
          : [];
      return el("li", {}, button, mark);
    });
    fill(find(".move-list"), items);
    show();
  };
  /** @param {number} to */
  const goTo = (to) => {
    index = Math.max(0, Math.min(frames.length - 1, to));
    show();
  };
  /** @type {Record<string, () => number>} */
  const places = {
    first: () => 0,
    prev: () => index - 1,
    next: () => index + 1,
    last: () => frames.length - 1,
  };
  for (const button of root.querySelectorAll("[data-go]")) {
    const where = places[/** @type {HTMLElement} */ (button).dataset.go || "next"];
    button.addEventListener("click", () => goTo(where()));
  }
  slider.addEventListener("input", () => goTo(Number(slider.value)));
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const forward = (event.key === "ArrowRight") !== (document.documentElement.dir === "rtl");
      goTo(forward ? index + 1 : index - 1);
    }
  });
  const status = find(".analysis-status");
  // GET .../analysis: {status: "running", progress} or {status: "done", analysis}
  // (docs/webapp-needs.md); polled while running.
  const loadAnalysis = async () => {
    let answer;
    try {
      answer = await api("GET", `/api/games/${encodeURIComponent(gameId)}/analysis${query}`);
    } catch {
      return;
    }
    if (answer?.status === "done" && answer.analysis) {
      analysis = answer.analysis;
      list();
    } else if (answer?.status === "running") {
      status.textContent = t("analysis.running", {
        percent: Math.round(100 * (answer.progress || 0)),
      });
      setTimeout(loadAnalysis, 1500);
    }
  };
  find("[data-analyse]").addEventListener("click", async () => {
    try {
      await api("POST", `/api/games/${encodeURIComponent(gameId)}/analysis`);
      status.textContent = t("analysis.requested");
      await loadAnalysis();
    } catch (error) {
      const failed = /** @type {{status?: number, message: string}} */ (error);
      status.textContent = failed.status === 501 ? t("analysis.unavailable") : failed.message;
    }
  });
  const practise = /** @type {HTMLButtonElement} */ (find(".practise-mistakes"));
  practise.addEventListener("click", async () => {
    const line = find(".practise-status");
    practise.disabled = true;
    line.textContent = t("mistakes.making");
    try {
      const made = await api("POST", `/api/games/${encodeURIComponent(gameId)}/mistakes`);
      if (made.game_puzzles) {
        location.assign("/mistakes");
        return;
      }
      line.textContent = t("mistakes.none");
    } catch (error) {
      line.textContent = refusalText(error);
    }
    practise.disabled = false;
  });
  onLangChange(list);
  list();
  await loadAnalysis();
}
