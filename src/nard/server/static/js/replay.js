// History (my finished games) and replay (step through any game from its record).
import { api } from "./api.js";
import { refusalText } from "./mistakes.js";
import { attachAnalysis, decisionHtml, graphSvg, markClass, markSymbol, parsePlay, statsHtml } from "./analysis.js";
import { Board, locOf, moveChecker, other, pipCount } from "./board.js";
import { replayChat } from "./chat.js";
import { num, onLangChange, t, translate } from "./i18n.js";
import { fromGame, gameLine } from "./gamelist.js";
import { el, fill } from "./dom.js";
import { formatPlay, notation } from "./notation.js";
import { describeRules } from "./rules.js";
import { playerName } from "./names.js";
import { settings } from "./settings.js";
import { escapeHtml } from "./ui.js";

export async function historyPage(root) {
  root.innerHTML = `<section class="card history"><h2 data-i18n="history.title"></h2><ul class="game-list"></ul></section>`;
  translate(root);
  const draw = async () => {
    let games = [];
    try {
      games = (await api("GET", "/api/games?finished=true")).data;
    } catch {
      games = [];
    }
    const item = (game) => {
      const facts = fromGame(game);
      const winner = game.result?.winner;
      // At one screen both seats are yours: say which colour won.
      let label = game.you.length > 1 ? t("game.won", { name: t(`side.${winner}`) }) : t(facts.won ? "history.won" : "history.lost");
      if (game.result?.reason === "claimed") label = t("history.forfeit", { result: label });
      const badge = winner ? [el("span", { class: `badge ${facts.won ? "won" : "lost"}` }, label), " "] : [];
      return el("li", {}, el("a", { class: "game-link", href: `/replay/${encodeURIComponent(game.id)}` }, badge, gameLine(facts)));
    };
    fill(root.querySelector(".game-list"), games.length ? games.map(item) : el("li", { class: "empty" }, t("history.none")));
  };
  onLangChange(draw);
  await draw();
}

const START = () => {
  const side = Array(26).fill(0);
  side[24] = 2;
  side[13] = 5;
  side[8] = 3;
  side[6] = 5;
  return side;
};

/**
 * Frames of a record: one per visible moment (after each roll and each play),
 * rebuilt from the actions, game by game (the record's ``games`` give each game's actions).
 * Each frame knows its ``move`` (nard.ai.analysis numbering: the turns played or passed,
 * counting the one under way) and its ``kind`` (roll, play, double, take...), so an
 * analysis' decisions can be put on it.
 */
export function framesOf(record) {
  const frames = [];
  for (const summary of record.games) {
    // A money game's record ends with the next game set up but never begun.
    if (summary.actions[0] === summary.actions[1] && !summary.result) continue;
    let board = { white: START(), black: START() };
    let cube = { value: 1, owner: null };
    let dice = null;
    let turn = null;
    let move = 0;
    const pending = [];
    const push = (kind, side, text, extra = {}) =>
      frames.push({
        game: summary.number,
        score: summary.score,
        board,
        cube: { ...cube },
        dice,
        turn,
        kind,
        side,
        move,
        text,
        ...extra,
      });
    push("start", null, { key: "replay.start", vars: { game: summary.number } });
    const [start, stop] = summary.actions;
    const actions = record.actions.slice(start, stop);
    actions.forEach((action, index) => {
      const side = action.side;
      const name = side ? t(`side.${side}`) : "";
      switch (action.action) {
        case "opening_roll": {
          if (action.white === action.black) {
            push("opening", null, { key: "replay.openingTie", vars: { die: action.white } });
            break;
          }
          turn = action.white > action.black ? "white" : "black";
          dice = [Math.max(action.white, action.black), Math.min(action.white, action.black)];
          push("roll", turn, { key: "replay.opening", vars: { white: action.white, black: action.black } }, { move: move + 1 });
          break;
        }
        case "roll": {
          turn = side;
          dice = action.dice;
          const next = actions[index + 1];
          const passes = !next || next.side !== side || !["step", "play"].includes(next.action);
          const vars = { side: name, dice: `${num(dice[0])}-${num(dice[1])}` };
          if (passes) {
            move += 1;
            push("pass", side, { key: "replay.passed", vars });
          } else push("roll", side, { key: "replay.rolled", vars }, { move: move + 1 });
          break;
        }
        case "step":
          pending.push({ ...action.step, hit: hits(board, side, action.step.to), board });
          board = moveChecker(board, side, action.step.from, action.step.to);
          break;
        case "undo_step": {
          const last = pending.pop();
          if (last) board = last.board;
          break;
        }
        case "confirm_play": {
          const steps = pending.splice(0).map(({ from, to, hit }) => ({ from, to, hit }));
          move += 1;
          push("play", side, playText(side, steps), { play: steps });
          break;
        }
        case "play": {
          const steps = [];
          for (const { from, to } of action.steps) {
            steps.push({ from, to, hit: hits(board, side, to) });
            board = moveChecker(board, side, from, to);
          }
          move += 1;
          push("play", side, playText(side, steps), { play: steps });
          break;
        }
        case "double":
          push("double", side, { key: "replay.double", vars: { side: name, value: cube.value * 2 } }, { move: move + 1 });
          break;
        case "take":
          cube = { value: cube.value * 2, owner: side };
          push("take", side, { key: "replay.take", vars: { side: name } }, { move: move + 1 });
          break;
        case "beaver":
          // The taker redoubles at once and keeps the cube.
          cube = { value: cube.value * 4, owner: side };
          push("take", side, { key: "replay.beaver", vars: { side: name } }, { move: move + 1 });
          break;
        case "drop":
          push("take", side, { key: "replay.drop", vars: { side: name } }, { move: move + 1 });
          break;
        case "resign":
          push("resign", side, { key: "replay.resign", vars: { side: name, kind: t(`kind.${action.kind}`) } });
          break;
        default:
          break;
      }
    });
    if (summary.result) {
      const result = summary.result;
      push(
        "result",
        result.winner,
        { key: "replay.result", vars: { side: t(`side.${result.winner}`), kind: t(`kind.${result.kind}`), count: result.points } },
        { result },
      );
    }
  }
  return frames;
}

function playText(side, steps) {
  return { key: "replay.play", vars: { side: t(`side.${side}`) }, notation: formatPlay(steps) };
}

/** Whether ``side`` moving a checker to its own point ``to`` hits a blot there. */
function hits(board, side, to) {
  return to >= 1 && to <= 24 && board[other(side)][25 - to] === 1;
}

export async function replayPage(root, gameId) {
  // A profile's link carries the match's spectator token, so anyone can read a finished match.
  const watch = new URLSearchParams(location.search).get("watch");
  const query = watch ? `?watch=${encodeURIComponent(watch)}` : "";
  root.innerHTML = `
  <section class="replay-page">
    <h2 data-i18n="replay.title"></h2>
    <div class="rules-banner"></div>
    <div class="board-wrap"></div>
    <p class="replay-text" role="status"></p>
    <div class="controls replay-controls">
      <button type="button" class="btn" data-go="first" data-i18n-title="replay.first">«</button>
      <button type="button" class="btn" data-go="prev" data-i18n-title="replay.prev">‹</button>
      <span class="frame-count"></span>
      <button type="button" class="btn" data-go="next" data-i18n-title="replay.next">›</button>
      <button type="button" class="btn" data-go="last" data-i18n-title="replay.last">»</button>
    </div>
    <input type="range" class="frame-slider" min="0" value="0" data-i18n-title="replay.frame">
    <p class="decision-text" hidden></p>
    <section class="card analysis">
      <h3 data-i18n="analysis.title"></h3>
      <button type="button" class="btn" data-analyse data-i18n="analysis.request"></button>
      <p class="analysis-status"></p>
      <div class="analysis-result" hidden>
        <div class="graph-wrap"></div>
        <p class="hint-text" data-i18n="analysis.graphHelp"></p>
        <div class="stats-wrap"></div>
        <p class="copy-row"><button type="button" class="btn primary practise-mistakes" data-i18n="mistakes.practise" hidden></button>
          <span class="practise-status" role="status"></span></p>
      </div>
    </section>
    <ol class="move-list"></ol>
    <p><a class="btn" data-i18n="game.download" href="/api/games/${encodeURIComponent(gameId)}/record.mat${query}"></a></p>
  </section>`;
  translate(root);
  replayChat(root.querySelector(".replay-page"), gameId);
  let record;
  try {
    record = await api("GET", `/api/games/${encodeURIComponent(gameId)}/record.json${query}`);
  } catch {
    root.querySelector(".replay-text").textContent = t("game.notFound");
    return;
  }
  let frames = framesOf(record);
  const board = new Board(root.querySelector(".board-wrap"));
  const slider = root.querySelector(".frame-slider");
  let index = 0;
  // Reading from the perspective of the player who asked (their games list says which side).
  let viewSide = "white";
  let seated = false;
  try {
    const game = await api("GET", `/api/games/${encodeURIComponent(gameId)}${query}`);
    if (game.you.length === 1) viewSide = game.you[0];
    seated = game.you.length > 0;
  } catch {
    /* spectators see white's side */
  }
  // A frame's line as HTML: the play's notation stays left to right inside Persian text.
  const text = (frame) => {
    const main = escapeHtml(t(frame.text.key, frame.text.vars));
    if (!frame.text.notation) return main;
    return `${main} <bdi dir="ltr" class="notation">${escapeHtml(notation(frame.text.notation))}</bdi>`;
  };
  let analysis = null;
  const names = () => ({
    white: playerName(record.players[0]) || t("side.white"),
    black: playerName(record.players[1]) || t("side.black"),
  });
  const show = () => {
    const frame = frames[index];
    const decision = frame.decision;
    // The better play, drawn as arrows on the position where it was missed.
    const arrows =
      decision && decision.kind === "play" && decision.loss > 0.0005
        ? parsePlay(decision.best).map(({ from, to }) => ({
            from: locOf(decision.side, from, viewSide),
            to: locOf(decision.side, to, viewSide),
          }))
        : [];
    board.render({
      board: frame.board,
      viewSide,
      homeRight: settings.homeRight,
      dice: frame.dice,
      diceUsed: frame.play && frame.dice ? [...frame.dice, ...frame.dice] : [],
      diceSide: frame.turn,
      cube: record.rules.cube === false ? null : frame.cube,
      sources: new Set(),
      targets: new Map(),
      arrows,
    });
    const decisionBox = root.querySelector(".decision-text");
    decisionBox.hidden = !decision;
    decisionBox.innerHTML = decisionHtml(decision);
    if (analysis) {
      const game = analysis.games.find((item) => item.number === frame.game);
      const wrap = root.querySelector(".graph-wrap");
      wrap.replaceChildren();
      if (game) {
        wrap.appendChild(
          graphSvg(game, frame.move, (move) => {
            const found = frames.findIndex((item) => item.game === game.number && item.move === move && item.decision);
            if (found >= 0) {
              index = found;
              show();
            }
          }),
        );
      }
    }
    const pips = `${t("side.white")} ${t("game.pips", { pips: pipCount(frame.board.white) })} · ${t("side.black")} ${t("game.pips", { pips: pipCount(frame.board.black) })}`;
    root.querySelector(".replay-text").innerHTML = `<span class="frame-text">${text(frame)}</span><span class="pips">${escapeHtml(pips)}</span>`;
    root.querySelector(".frame-count").textContent = `${num(index + 1)} / ${num(frames.length)}`;
    slider.max = String(frames.length - 1);
    slider.value = String(index);
    root.querySelectorAll(".move-list li").forEach((item, i) => item.classList.toggle("current", i === index));
  };
  const list = () => {
    frames = framesOf(record);
    if (analysis) {
      attachAnalysis(frames, analysis);
      root.querySelector(".analysis-result").hidden = false;
      root.querySelector(".stats-wrap").innerHTML = statsHtml(analysis, names());
      root.querySelector("[data-analyse]").hidden = true;
      root.querySelector(".analysis-status").textContent = "";
      // A seated player practises their own marked plays (the server makes the puzzles).
      root.querySelector(".practise-mistakes").hidden = !seated;
    }
    root.querySelector(".rules-banner").innerHTML = describeRules(record);
    root.querySelector(".move-list").innerHTML = frames
      .map((frame, i) => {
        const mark = frame.decision && frame.decision.mark !== "none" ? ` <span class="mark ${markClass(frame.decision.mark)}">${markSymbol(frame.decision.mark)}</span>` : "";
        return `<li><button type="button" class="link" data-frame="${i}">${text(frame)}</button>${mark}</li>`;
      })
      .join("");
    root.querySelectorAll("[data-frame]").forEach((button) =>
      button.addEventListener("click", () => {
        index = Number(button.dataset.frame);
        show();
      }),
    );
    show();
  };
  root.querySelectorAll("[data-go]").forEach((button) =>
    button.addEventListener("click", () => {
      const go = button.dataset.go;
      index = go === "first" ? 0 : go === "last" ? frames.length - 1 : go === "prev" ? Math.max(0, index - 1) : Math.min(frames.length - 1, index + 1);
      show();
    }),
  );
  slider.addEventListener("input", () => {
    index = Number(slider.value);
    show();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const forward = (event.key === "ArrowRight") !== (document.documentElement.dir === "rtl");
      index = forward ? Math.min(frames.length - 1, index + 1) : Math.max(0, index - 1);
      show();
    }
  });
  const status = root.querySelector(".analysis-status");
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
      status.textContent = t("analysis.running", { percent: Math.round(100 * (answer.progress || 0)) });
      setTimeout(loadAnalysis, 1500);
    }
  };
  root.querySelector("[data-analyse]").addEventListener("click", async () => {
    try {
      await api("POST", `/api/games/${encodeURIComponent(gameId)}/analysis`);
      status.textContent = t("analysis.requested");
      await loadAnalysis();
    } catch (error) {
      status.textContent = error.status === 501 ? t("analysis.unavailable") : error.message;
    }
  });
  const practise = root.querySelector(".practise-mistakes");
  practise.addEventListener("click", async () => {
    const line = root.querySelector(".practise-status");
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
