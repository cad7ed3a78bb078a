// The game page's model (static/js/game/model.js) and the frames' words
// (static/js/shared/frames.js), with node's own test runner: node --test tests/js
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import * as M from "../../src/nard/server/static/js/game/model.js";
import { frameText, REPLAYED } from "../../src/nard/server/static/js/shared/frames.js";

const START = () => {
  const side = Array(26).fill(0);
  side[24] = 2;
  side[13] = 5;
  side[8] = 3;
  side[6] = 5;
  return side;
};

/** A frame as the server sends it; ``extra`` overrides. */
function frame(kind, extra = {}) {
  return {
    game: 1,
    move: 0,
    kind,
    side: null,
    dice: null,
    opening: null,
    play: null,
    steps: [],
    cube: { value: 1, owner: null },
    board: { white: START(), black: START() },
    pips: [167, 167],
    score: [0, 0],
    result: null,
    resignation: null,
    seq: 0,
    ...extra,
  };
}

/** A game snapshot: white to play 3-1 in game 1 unless ``game``/``extra`` say otherwise. */
function snapshot(game = {}, extra = {}) {
  return {
    id: "g1",
    status: "active",
    seq: 5,
    result: null,
    mode: "bot",
    settings: {
      rules: { escape_after_hit: false, escape_scope: "home", no_home_cover_after_hit: false, gammon_wins_match: false, no_backgammon: false, cube: true },
      length: 3,
      crawford: true,
      options: {},
      bot_level: "easy",
    },
    seats: [
      { side: "white", name: "Ann", is_bot: false, connected: true },
      { side: "black", name: "Bot (easy)", is_bot: true, connected: true },
    ],
    state: {
      match: { length: 3, score: [0, 0], game_number: 1, crawford: false, over: false, winner: null },
      game: {
        phase: "playing",
        turn: "white",
        to_act: "white",
        board: { white: START(), black: START() },
        position_id: "x",
        turn_start_id: "x",
        dice: [3, 1],
        steps: [],
        pips: [167, 167],
        cube: { value: 1, owner: null },
        crawford: false,
        resignation: null,
        result: null,
        actions: { white: ["step", "resign"], black: [] },
        ...game,
      },
      guide: { destinations: { 8: [5, 7], 6: [5, 3] }, can_confirm: false, can_undo: false, dice_used: 0 },
    },
    ...extra,
  };
}

const opened = (game, extra) => M.withYou(M.withSnapshot(M.emptyModel(), snapshot(game, extra)), ["white"]);

describe("messages into the model", () => {
  it("appends an update's frames once, and skips those the list already covers", () => {
    let model = opened();
    const roll = frame("roll", { side: "white", dice: [3, 1], seq: 6, move: 1 });
    model = M.withUpdate(model, { type: "update", seq: 6, events: [], frames: [roll] });
    model = M.withUpdate(model, { type: "update", seq: 6, events: [], frames: [roll] });
    assert.deepEqual(model.frames, [roll]);
    assert.equal(model.framesSeq, 6);
  });

  it("merges GET /frames with the frames the socket brought while it was asked", () => {
    let model = opened();
    const early = frame("roll", { side: "white", dice: [3, 1], seq: 4 });
    const late = frame("play", { side: "white", dice: [3, 1], play: "8/5 6/5", seq: 7 });
    model = M.withUpdate(model, { type: "update", seq: 4, events: [], frames: [early] });
    model = M.withUpdate(model, { type: "update", seq: 7, events: [], frames: [late] });
    const fetched = [frame("start"), frame("roll", { side: "white", dice: [3, 1], seq: 4 })];
    model = M.withFrames(model, { seq: 5, frames: fetched });
    assert.deepEqual(model.frames, [...fetched, late]);
    assert.equal(model.framesSeq, 7);
  });

  it("takes a newer update's game, keeps the game for an older one, and still takes its frames", () => {
    let model = opened();
    const newer = snapshot({ phase: "rolling", dice: null });
    model = M.withBusy(model, true);
    model = M.withUpdate(model, { type: "update", seq: 6, events: [], game: { ...newer, seq: 6 }, frames: [] });
    assert.equal(model.snapshot.state.game.phase, "rolling");
    assert.equal(model.busy, false);
    const stale = frame("double", { side: "white", seq: 9 });
    model = M.withUpdate(model, { type: "update", seq: 6, events: [], game: { ...snapshot(), seq: 6 }, frames: [stale] });
    assert.equal(model.snapshot.state.game.phase, "rolling");
    assert.deepEqual(model.frames, [stale]);
  });

  it("ignores a state older than the one it has", () => {
    const model = opened();
    assert.equal(M.withSnapshot(model, snapshot({ phase: "rolling" }, { seq: 2 })), model);
  });

  it("asks for the frames again when the game is ahead of them", () => {
    const model = opened();
    assert.equal(M.framesBehind(model), true);
    assert.equal(M.framesBehind(M.withFrames(model, { seq: 5, frames: [frame("start")] })), false);
  });
});

describe("who acts and what may move", () => {
  it("acts for its own seat on its turn, and not for a spectator", () => {
    const model = opened();
    assert.equal(M.actingSide(model), "white");
    assert.equal(M.canDo(model, "step"), true);
    assert.equal(M.canDo(model, "double"), false);
    assert.equal(M.actingSide(M.withYou(model, [])), null);
    assert.equal(M.actingSide(opened({}, { status: "finished" })), null);
  });

  it("puts the reader's side at the bottom, and at one screen the side on roll", () => {
    assert.equal(M.viewSide(M.withYou(opened(), ["black"]), true), "black");
    const both = M.withYou(opened({ to_act: "black", turn: "black" }), ["white", "black"]);
    assert.equal(M.viewSide(both, true), "black");
    assert.equal(M.viewSide(both, false), "white");
  });

  it("offers the guide's destinations as board locations, none while busy", () => {
    const model = opened();
    const { sources, targets, farthest } = M.movable(model, "white", false);
    assert.deepEqual([...sources].sort(), ["p6", "p8"]);
    assert.deepEqual([...targets.get("p8")].sort(), ["p5", "p7"]);
    assert.equal(farthest("p6"), "p3");
    const seenFromBlack = M.movable(model, "black", false);
    assert.deepEqual([...seenFromBlack.sources].sort(), ["p17", "p19"]);
    assert.equal(M.movable(M.withBusy(model, true), "white", false).sources.size, 0);
  });

  it("has no cube in a one-point match or under rules without one", () => {
    assert.equal(M.cubeInPlay(opened()), true);
    const onePoint = snapshot();
    onePoint.state.match.length = 1;
    assert.equal(M.cubeInPlay(M.withSnapshot(M.emptyModel(), onePoint)), false);
    const noCube = snapshot();
    noCube.settings.rules.cube = false;
    assert.equal(M.cubeInPlay(M.withSnapshot(M.emptyModel(), noCube)), false);
  });
});

describe("what the board shows", () => {
  const played = frame("play", { side: "black", dice: [6, 4], play: "24/18 13/9", steps: [{ from: 24, to: 18, die: 6, hit: false }, { from: 13, to: 9, die: 4, hit: false }], move: 2, seq: 3 });

  it("keeps the last turn's dice and play until the next roll, across a cube offer", () => {
    let model = opened({ phase: "rolling", dice: null, steps: [] });
    model = M.withFrames(model, { seq: 5, frames: [frame("start"), played, frame("double", { side: "white", seq: 4 })] });
    const shown = M.scene(model);
    assert.deepEqual(shown.dice, [6, 4]);
    assert.equal(shown.diceSide, "black");
    assert.equal(shown.diceLast, true);
    assert.deepEqual(shown.lastPlay.steps.map((step) => step.from), [24, 13]);
  });

  it("shows the dice in play, not the last turn's, once the next roll is made", () => {
    let model = opened();
    model = M.withFrames(model, { seq: 5, frames: [frame("start"), played, frame("roll", { side: "white", dice: [3, 1], seq: 5 })] });
    const shown = M.scene(model);
    assert.deepEqual(shown.dice, [3, 1]);
    assert.equal(shown.diceLast, false);
    assert.equal(shown.lastPlay, null);
  });

  it("shows the finished game's last board and cube until the next opening roll", () => {
    const last = { white: Array(26).fill(0), black: START() };
    last.white[0] = 15;
    const result = frame("result", { side: "white", board: last, cube: { value: 2, owner: "black" }, pips: [0, 167], result: { winner: "white", kind: "single", points: 2, reason: "borne_off" }, seq: 9 });
    const next = frame("start", { game: 2, seq: 9 });
    let model = opened({ phase: "opening", dice: null, turn: null, to_act: null, actions: { white: ["roll"], black: ["roll"] } });
    model.snapshot.state.match.game_number = 2;
    model = M.withFrames(model, { seq: 9, frames: [frame("start"), result, next] });
    let shown = M.scene(model);
    assert.equal(shown.board, last);
    assert.deepEqual(shown.cube, { value: 2, owner: "black" });
    assert.deepEqual(shown.pips, { white: 0, black: 167 });
    model = M.withUpdate(model, { type: "update", seq: 10, events: [], frames: [frame("opening_tie", { game: 2, opening: [4, 4], seq: 10 })] });
    shown = M.scene(model);
    assert.notEqual(shown.board, last);
    assert.deepEqual(shown.cube, { value: 1, owner: null });
  });

  it("shows the server's pip counts of a turn under way, never its own", () => {
    let model = opened({ steps: [{ from: 8, to: 5, die: 3, hit: true }], pips: [157, 155] });
    model = M.withFrames(model, { seq: 5, frames: [frame("start"), frame("roll", { side: "white", dice: [3, 1], pips: [160, 150], seq: 5 })] });
    assert.deepEqual(M.scene(model).pips, { white: 157, black: 155 });
  });
});

describe("the move list", () => {
  it("lists a turn once its play is made, never its roll alone", () => {
    const roll = frame("roll", { side: "black", dice: [6, 1], seq: 3 });
    assert.deepEqual(M.listedFrames([frame("start"), roll]), []);
    const play = frame("play", { side: "black", dice: [6, 1], play: "13/7 8/7", seq: 4 });
    const pass = frame("pass", { side: "white", dice: [6, 6], seq: 5 });
    assert.deepEqual(M.listedFrames([frame("start"), roll, play, frame("roll", { side: "white", seq: 5 }), pass]), [play, pass]);
  });

  it("lists each game's start only in a match of more than one game begun", () => {
    const second = frame("start", { game: 2, seq: 8 });
    const result = frame("result", { side: "white", result: { winner: "white", kind: "single", points: 1, reason: "borne_off" }, seq: 8 });
    // The next game set up and not begun (a money game's, once one ends) shows nothing yet.
    assert.deepEqual(M.listedFrames([frame("start"), result, second]), [result]);
    const tie = frame("opening_tie", { game: 2, opening: [2, 2], seq: 9 });
    assert.deepEqual(M.listedFrames([frame("start"), result, second, tie]), [frame("start"), result, second]);
  });

  it("says how the match ended from the last result frame", () => {
    const ended = opened({}, { status: "finished", result: { winner: "white", reason: "match_over", score: [3, 0] } });
    const result = frame("result", { side: "white", result: { winner: "white", kind: "gammon", points: 2, reason: "borne_off" }, seq: 5 });
    assert.deepEqual(M.endedOnLoad(M.withFrames(ended, { seq: 5, frames: [result] })), { winner: "white", kind: "gammon", points: 2, reason: "borne_off" });
    const claimed = opened({}, { status: "finished", result: { winner: "black", reason: "claimed", score: [0, 0] } });
    assert.deepEqual(M.endedOnLoad(claimed), { winner: "black", reason: "claimed" });
    // On time: the match's reason, not the last game's (which may be an earlier one).
    const timed = opened({}, { status: "finished", result: { winner: "white", reason: "time", score: [1, 0] } });
    assert.deepEqual(M.endedOnLoad(M.withFrames(timed, { seq: 5, frames: [result] })), { winner: "white", reason: "time" });
  });
});

describe("what a frame says", () => {
  const words = { t: (key, vars = {}) => `${key}${JSON.stringify(vars)}`, num: (value) => `#${value}` };

  it("names each kind's text and its values", () => {
    assert.deepEqual(frameText(frame("roll", { side: "white", opening: [5, 2], dice: [5, 2] }), words), { key: "replay.opening", vars: { white: 5, black: 2 } });
    assert.deepEqual(frameText(frame("pass", { side: "black", dice: [6, 6] }), words), { key: "replay.passed", vars: { side: "side.black{}", dice: "#6-#6" } });
    assert.deepEqual(frameText(frame("play", { side: "white", play: "bar/22 6/off" }), words), { key: "replay.play", vars: { side: "side.white{}" }, notation: "bar/22 6/off" });
    assert.deepEqual(frameText(frame("double", { side: "white", cube: { value: 2, owner: "black" } }), words).vars.value, 4);
    assert.equal(frameText(frame("beaver", { side: "black" }), words).key, "replay.beaver");
    assert.equal(frameText(frame("opening_tie", { opening: [3, 3] }), words).vars.die, 3);
    const result = frameText(frame("result", { side: "black", result: { winner: "black", kind: "gammon", points: 4, reason: "borne_off" } }), words);
    assert.deepEqual(result, { key: "replay.result", vars: { side: "side.black{}", kind: "kind.gammon{}", count: 4 } });
  });

  it("replays every kind but the answers to a resignation", () => {
    assert.equal(REPLAYED.has("resign"), true);
    assert.equal(REPLAYED.has("resign_refused"), false);
  });
});
