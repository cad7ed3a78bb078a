// @ts-check
// The game page's model: what the page knows (the game, the seats it holds, the match's
// frames) and how each message changes it. Pure: no DOM, no socket, no clock; each
// function returns a new model, so the controller keeps one value and the views read it.
import { LISTED, begun } from "../shared/frames.js";
import { locOf, other, ownOf } from "../shared/locations.js";

/** @typedef {import("../shared/types.js").Side} Side */
/** @typedef {import("../shared/types.js").FrameView} FrameView */
/** @typedef {import("../shared/types.js").FramesPublic} FramesPublic */
/** @typedef {import("../shared/types.js").GameSnapshot} GameSnapshot */
/** @typedef {import("../shared/types.js").GameChanges} GameChanges */
/** @typedef {import("../shared/types.js").SeatView} SeatView */
/** @typedef {import("../shared/types.js").UpdateMessage} UpdateMessage */
/** @typedef {import("../shared/types.js").BoardView} BoardView */
/** @typedef {import("../shared/types.js").CubeView} CubeView */
/** @typedef {import("../shared/types.js").StepView} StepView */
/** @typedef {import("../shared/types.js").Dice} Dice */

/**
 * @typedef {object} Model
 * @property {Side[]} you           the seats this page holds (none for a spectator)
 * @property {GameSnapshot | null} snapshot  the game as last told
 * @property {FrameView[]} frames   the match's moments so far, in order
 * @property {number} framesSeq     the last action those frames cover (-1: none yet)
 * @property {boolean} busy         an action sent and not answered yet
 */

/** @returns {Model} */
export function emptyModel() {
  return { you: [], snapshot: null, frames: [], framesSeq: -1, busy: false };
}

/**
 * The game from a ``state`` message or GET /api/games/{id} (an older one is ignored).
 * @param {Model} model
 * @param {GameSnapshot} game
 * @returns {Model}
 */
export function withSnapshot(model, game) {
  if (model.snapshot && game.seq < model.snapshot.seq) return model;
  const you = game.you ?? model.you;
  return { ...model, you, snapshot: { ...model.snapshot, ...game }, busy: false };
}

/**
 * An ``update``: its frames join the list (those the list already covers are skipped);
 * its game, when newer than the one known, replaces it. Catch-up updates carry no game.
 * @param {Model} model
 * @param {UpdateMessage} message
 * @returns {Model}
 */
export function withUpdate(model, message) {
  const fresh = (message.frames ?? []).filter((frame) => frame.seq > model.framesSeq);
  let next = model;
  if (fresh.length || message.seq > model.framesSeq) {
    next = {
      ...next,
      frames: [...next.frames, ...fresh],
      framesSeq: Math.max(next.framesSeq, message.seq),
    };
  }
  const snapshot = next.snapshot;
  if (message.game && snapshot && message.seq > snapshot.seq) {
    next = { ...next, snapshot: { ...snapshot, ...message.game }, busy: false };
  }
  return next;
}

/**
 * The answer of GET /frames: every frame up to its ``seq``, then any received since.
 * @param {Model} model
 * @param {FramesPublic} answer
 * @returns {Model}
 */
export function withFrames(model, answer) {
  const later = model.frames.filter((frame) => frame.seq > answer.seq);
  return {
    ...model,
    frames: [...answer.frames, ...later],
    framesSeq: Math.max(model.framesSeq, answer.seq),
  };
}

/**
 * @param {Model} model
 * @param {SeatView[]} seats
 * @returns {Model}
 */
export function withSeats(model, seats) {
  return model.snapshot ? { ...model, snapshot: { ...model.snapshot, seats } } : model;
}

/**
 * @param {Model} model
 * @param {Side[]} you
 * @returns {Model}
 */
export function withYou(model, you) {
  return { ...model, you };
}

/**
 * @param {Model} model
 * @param {boolean} busy
 * @returns {Model}
 */
export function withBusy(model, busy) {
  return model.busy === busy ? model : { ...model, busy };
}

/** Whether the frames still lack actions the game has made (a fresh GET /frames is due). */
export function framesBehind(/** @type {Model} */ model) {
  return Boolean(model.snapshot && model.framesSeq < model.snapshot.seq);
}

// -- what the model says -------------------------------------------------------------

/**
 * The side this page acts for now, or null (a spectator, the other's turn, no game).
 * @param {Model} model
 * @returns {Side | null}
 */
export function actingSide(model) {
  const snap = model.snapshot;
  const game = snap?.state.game;
  if (!snap || !game || snap.status === "finished" || snap.status === "waiting") return null;
  if (game.to_act && model.you.includes(game.to_act)) return game.to_act;
  if (game.phase === "opening")
    return model.you.find((side) => (game.actions[side] || []).includes("roll")) ?? null;
  return null;
}

/**
 * Whose side is at the bottom: your own; at one screen, the side on roll if so set.
 * @param {Model} model
 * @param {boolean} turnBoard
 * @returns {Side}
 */
export function viewSide(model, turnBoard) {
  if (model.you.length === 1) return model.you[0];
  const snap = model.snapshot;
  const game = snap?.state.game;
  if (model.you.length > 1 && turnBoard && game && snap?.status !== "finished")
    return game.to_act || game.turn || "white";
  return "white";
}

/**
 * Whether the acting side may ``action`` now.
 * @param {Model} model
 * @param {string} action
 */
export function canDo(model, action) {
  const side = actingSide(model);
  const game = model.snapshot?.state.game;
  return Boolean(side && game && (game.actions[side] || []).includes(action));
}

/** Whether this game has a cube: not in a 1-point match, nor under rules without one. */
export function cubeInPlay(/** @type {Model} */ model) {
  const snap = model.snapshot;
  if (!snap || snap.state.match.length === 1) return false;
  return snap.settings?.rules.cube !== false;
}

/**
 * Whether ``side`` is the reader's own (and only) seat: messages then say "you".
 * @param {Model} model
 * @param {Side | null | undefined} side
 */
export function isYou(model, side) {
  return model.you.length === 1 && side === model.you[0];
}

/**
 * The last turn made in the game under way (its roll and play, a pass's play empty),
 * or null while a turn is being played, or before the first.
 * @param {Model} model
 * @returns {{side: Side, dice: [number, number], steps: StepView[]} | null}
 */
export function lastTurn(model) {
  const number = model.snapshot?.state.match.game_number;
  for (let i = model.frames.length - 1; i >= 0; i -= 1) {
    const frame = model.frames[i];
    if (
      frame.game !== number ||
      frame.kind === "roll" ||
      frame.kind === "start" ||
      frame.kind === "opening_tie"
    )
      return null;
    if ((frame.kind === "play" || frame.kind === "pass") && frame.side && frame.dice) {
      return { side: frame.side, dice: frame.dice, steps: frame.steps };
    }
  }
  return null;
}

/**
 * The finished game's last moment, while the board still shows it: the match over, or
 * the next game set up and its opening not rolled yet.
 * @param {Model} model
 * @returns {FrameView | null}
 */
export function finalFrame(model) {
  const snap = model.snapshot;
  if (!snap) return null;
  for (let i = model.frames.length - 1; i >= 0; i -= 1) {
    const frame = model.frames[i];
    if (frame.kind === "result")
      return snap.status === "finished" || snap.state.game.phase === "opening" ? frame : null;
    if (frame.kind !== "start") return null;
  }
  return null;
}

/**
 * @typedef {object} Scene
 * @property {BoardView} board
 * @property {CubeView | null} cube   null when the game has no cube
 * @property {[number, number] | null} dice
 * @property {number[]} diceUsed
 * @property {Side | null} diceSide
 * @property {boolean} diceLast     the dice are the last turn's, kept until the next roll
 * @property {{side: Side, steps: StepView[]} | null} lastPlay
 * @property {{white: number, black: number} | null} pips
 */

/**
 * What the board shows: the game under way, or the finished game's last position and
 * cube until the next opening roll; the last roll and play until the next roll.
 * @param {Model} model
 * @returns {Scene | null}
 */
export function scene(model) {
  const snap = model.snapshot;
  if (!snap) return null;
  const game = snap.state.game;
  const final = finalFrame(model);
  const last = !game.dice && !final && game.phase !== "opening" ? lastTurn(model) : null;
  return {
    board: final ? final.board : game.board,
    cube: cubeInPlay(model) ? (final ? final.cube : game.cube) : null,
    dice: /** @type {Dice | null} */ (game.dice) || last?.dice || null,
    diceUsed: game.dice ? game.steps.map((step) => step.die) : [],
    diceSide: game.dice ? game.turn : last?.side || null,
    diceLast: Boolean(last),
    lastPlay: last ? { side: last.side, steps: last.steps } : null,
    pips: final
      ? { white: final.pips[0], black: final.pips[1] }
      : { white: game.pips[0], black: game.pips[1] },
  };
}

/**
 * The frames the move list shows: made plays and passes, the cube, resignations and
 * results, and each game's start when the match has more than one (once begun). A turn
 * being played has only its roll frame, so it shows once its play is made.
 * @param {FrameView[]} frames
 * @returns {FrameView[]}
 */
export function listedFrames(frames) {
  const shown = begun(frames);
  const games = new Set(shown.map((frame) => frame.game)).size;
  return shown.filter((frame) => LISTED.has(frame.kind) || (frame.kind === "start" && games > 1));
}

/**
 * How the finished match's last game ended, for a page opened after the end.
 * @param {Model} model
 * @returns {{winner: Side, reason?: string, kind?: string, points?: number} | null}
 */
export function endedOnLoad(model) {
  const result = model.snapshot?.result;
  if (!result?.winner) return null;
  if (result.reason === "claimed" || result.reason === "time")
    return { winner: result.winner, reason: result.reason };
  const last = [...model.frames].reverse().find((frame) => frame.kind === "result");
  if (last?.result)
    return {
      winner: result.winner,
      kind: last.result.kind,
      points: last.result.points,
      reason: last.result.reason,
    };
  return { winner: result.winner };
}

/**
 * Where the acting side may move now, as board locations: from the state's guide, or
 * in teaching mode from any checker to anywhere (the server then explains a refusal).
 * ``farthest(loc)`` is the far destination of a double-click.
 * @param {Model} model
 * @param {Side} view  the side at the bottom
 * @param {boolean} teaching
 * @returns {{sources: Set<string>, targets: Map<string, Set<string>>, farthest: ((loc: string) => string | null) | null}}
 */
export function movable(model, view, teaching) {
  const sources = new Set();
  const targets = new Map();
  const acting = actingSide(model);
  const state = model.snapshot?.state;
  if (!acting || !state || state.game.phase !== "playing" || model.busy)
    return { sources, targets, farthest: null };
  if (teaching) {
    const all = [];
    for (let point = 1; point <= 24; point += 1) all.push(`p${point}`);
    all.push(`off-${acting}`);
    for (let own = 1; own <= 25; own += 1) {
      if (state.game.board[acting][own] > 0) {
        const loc = locOf(acting, own, view);
        sources.add(loc);
        targets.set(loc, new Set(all.filter((item) => item !== loc)));
      }
    }
    return { sources, targets, farthest: null };
  }
  const guide = state.guide;
  if (!guide) return { sources, targets, farthest: null };
  for (const [from, tos] of Object.entries(guide.destinations)) {
    const loc = locOf(acting, Number(from), view);
    sources.add(loc);
    targets.set(loc, new Set(tos.map((to) => locOf(acting, to, view))));
  }
  /** @param {string} loc */
  const farthest = (loc) => {
    const from = ownOf(acting, loc, view);
    const tos = guide.destinations[String(from)];
    if (!tos || !tos.length) return null;
    return locOf(
      acting,
      tos.reduce((best, to) => (from - to > from - best ? to : best)),
      view,
    );
  };
  return { sources, targets, farthest };
}
