// @ts-check
// A match's frames (the server's ``FrameView``s, GET /api/games/{id}/frames and the
// ``frames`` of each update): what each one says, as a text key and its values. Pure:
// the translator comes in as an argument, so the words are the page's and the tests'.

/** @typedef {import("./types.js").FrameView} FrameView */
/** @typedef {{key: string, vars: Record<string, string | number>, notation?: string}} FrameText */
/** @typedef {{t: (key: string, vars?: Record<string, string | number>) => string, num: (value: string | number) => string}} Words */

/** The frames a replay lists (an accepted or refused resignation says nothing of its own). */
export const REPLAYED = new Set([
  "start",
  "opening_tie",
  "roll",
  "pass",
  "play",
  "double",
  "take",
  "beaver",
  "drop",
  "resign",
  "result",
]);

/** The frames a game's move list shows: made plays, passes, the cube, resignations, results. */
export const LISTED = new Set([
  "play",
  "pass",
  "double",
  "take",
  "beaver",
  "drop",
  "resign",
  "result",
]);

/**
 * The frames of the games begun: a game set up and not begun yet (a money game's next
 * game, once one ends) has only its start frame, and shows once its opening is rolled.
 * @param {FrameView[]} frames
 */
export function begun(frames) {
  const last = frames[frames.length - 1];
  return last?.kind === "start" ? frames.slice(0, -1) : frames;
}

/**
 * What ``frame`` says.
 * @param {FrameView} frame
 * @param {Words} words
 * @returns {FrameText}
 */
export function frameText(frame, { t, num }) {
  const side = frame.side ? t(`side.${frame.side}`) : "";
  const dice = frame.dice ? `${num(frame.dice[0])}-${num(frame.dice[1])}` : "";
  switch (frame.kind) {
    case "start":
      return { key: "replay.start", vars: { game: frame.game } };
    case "opening_tie":
      return { key: "replay.openingTie", vars: { die: frame.opening ? frame.opening[0] : 0 } };
    case "roll":
      if (frame.opening)
        return {
          key: "replay.opening",
          vars: { white: frame.opening[0], black: frame.opening[1] },
        };
      return { key: "replay.rolled", vars: { side, dice } };
    case "pass":
      return { key: "replay.passed", vars: { side, dice } };
    case "play":
      return { key: "replay.play", vars: { side }, notation: frame.play || "" };
    case "double":
      return { key: "replay.double", vars: { side, value: frame.cube.value * 2 } };
    case "take":
    case "beaver":
    case "drop":
      return { key: `replay.${frame.kind}`, vars: { side } };
    case "resign":
      return { key: "replay.resign", vars: { side, kind: t(`kind.${frame.resignation}`) } };
    case "result": {
      const result = frame.result;
      const winner = result ? t(`side.${result.winner}`) : side;
      return {
        key: "replay.result",
        vars: {
          side: winner,
          kind: result ? t(`kind.${result.kind}`) : "",
          count: result ? result.points : 0,
        },
      };
    }
    default:
      return { key: "", vars: {} };
  }
}

/**
 * The path of a game's frames, with the spectator token when there is one.
 * @param {string} gameId
 * @param {string | null | undefined} watch
 */
export function framesPath(gameId, watch) {
  const query = watch ? `?watch=${encodeURIComponent(watch)}` : "";
  return `/api/games/${encodeURIComponent(gameId)}/frames${query}`;
}
