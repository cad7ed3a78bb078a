// @ts-check
// The board's measures and where each thing lies on it, seen from ``viewSide``: its
// checkers move 24 -> 1 and its home board is at the bottom, on the right (or the left
// when ``homeRight`` is false). Locations: "p1".."p24" (the viewer's point numbers),
// "bar-white"/"bar-black", "off-white"/"off-black".
import { other } from "../shared/locations.js";

/** @typedef {import("../shared/types.js").Side} Side */
/** @typedef {import("../shared/types.js").BoardView} BoardView */
/** @typedef {{from: string, to: string}} Arrow  locations */

/**
 * What the board draws.
 * @typedef {object} BoardModel
 * @property {BoardView} board
 * @property {Side} viewSide
 * @property {boolean} [homeRight]
 * @property {readonly number[] | null} [dice]
 * @property {number[]} [diceUsed]
 * @property {Side | null} [diceSide]
 * @property {boolean} [diceLast]      the last turn's dice, kept until the next roll
 * @property {{value: number, owner: Side | null} | null} [cube]
 * @property {Set<string>} [sources]  locations a checker may leave
 * @property {Map<string, Set<string>>} [targets]  where each source's checker may go
 * @property {((loc: string) => string | null) | null} [autoTarget]  a double-click's destination
 * @property {Arrow[]} [arrows]       a suggested play
 * @property {Arrow[]} [lastMove]     the last play made
 */

/**
 * @typedef {object} Measures
 * @property {number} MX
 * @property {number} MY
 * @property {number} PW
 * @property {number} BW
 * @property {number} TW
 * @property {number} PH
 * @property {number} GAP
 * @property {number} R
 * @property {number} BR
 * @property {number} OFF
 * @property {boolean} narrow
 */

/**
 * The board's measures in SVG units, with the whole width and height they make.
 * @param {Measures} measures
 */
function geometry(measures) {
  const { MX, MY, PW, BW, TW, PH, GAP } = measures;
  const tray = TW ? MX + TW : 0;
  return { ...measures, WIDTH: MX + 12 * PW + BW + tray + MX, HEIGHT: 2 * MY + 2 * PH + GAP };
}

// MX: frame left/right; MY: frame top/bottom (room for point numbers); PW: point width;
// BW: bar width; TW: tray width (borne-off checkers and the cube); PH: point height;
// GAP: between the two rows; R: checker radius; BR: a checker's radius on the bar; OFF:
// the thickness of a borne-off checker, seen edge on.
export const WIDE = geometry({
  MX: 14,
  MY: 36,
  PW: 60,
  BW: 56,
  TW: 66,
  PH: 236,
  GAP: 84,
  R: 27,
  BR: 27,
  OFF: 12,
  narrow: false,
});
// A phone held upright: no tray (the cube goes on the bar, and the borne-off checkers,
// thin, from the bar's ends) and thin margins, so that a point is a thumb wide (30 px at
// 390 px) and its checkers as big as it allows. A bar as wide as those checkers would
// take that width from the points, so checkers on the bar are smaller: inside it, a tap
// on one is a tap on the bar.
export const NARROW = geometry({
  MX: 2,
  MY: 36,
  PW: 60,
  BW: 48,
  TW: 0,
  PH: 236,
  GAP: 84,
  R: 29,
  BR: 24,
  OFF: 6,
  narrow: true,
});
export const PHONE = "(max-width: 600px)";
/** @type {Side[]} */
export const SIDES = ["white", "black"];

/**
 * Checkers of each side at a location: {side, count}.
 * @param {BoardView} board
 * @param {string} loc
 * @param {Side} viewSide
 * @returns {{side: Side, count: number}}
 */
export function occupant(board, loc, viewSide) {
  if (loc.startsWith("bar-") || loc.startsWith("off-")) {
    const side = /** @type {Side} */ (loc.slice(4));
    return { side, count: board[side][loc.startsWith("bar") ? 25 : 0] };
  }
  const view = Number(loc.slice(1));
  const mine = board[viewSide][view];
  if (mine > 0) return { side: viewSide, count: mine };
  const theirs = board[other(viewSide)][25 - view];
  return { side: other(viewSide), count: theirs };
}

/**
 * A copy of ``board`` after ``side`` moves one checker from ``from`` to ``to`` (own
 * points), to draw a step under way: an animation, an arrow after another. The server
 * says which steps are legal; this only moves the drawn checkers.
 * @param {BoardView} board
 * @param {Side} side
 * @param {number} from
 * @param {number} to
 */
export function moveChecker(board, side, from, to) {
  const next = { white: [...board.white], black: [...board.black] };
  const opp = other(side);
  next[side][from] -= 1;
  next[side][to] += 1;
  if (to >= 1 && to <= 24 && next[opp][25 - to] === 1) {
    next[opp][25 - to] = 0;
    next[opp][25] += 1;
  }
  return next;
}

/** Where things lie on the board: ``g`` its measures, ``model`` what it shows. */
export class BoardGeometry {
  constructor() {
    this.phone = window.matchMedia(PHONE);
    /** @type {ReturnType<typeof geometry>} */
    this.g = this.phone.matches ? NARROW : WIDE;
    /** Set by render() before anything is drawn. @type {BoardModel} */
    this.model = /** @type {any} */ (null);
  }

  // -- geometry ------------------------------------------------------------------------

  get homeRight() {
    return this.model?.homeRight !== false;
  }

  boardX0() {
    return this.homeRight || this.g.narrow ? this.g.MX : this.g.MX + this.g.TW + this.g.MX;
  }

  /** Where borne-off checkers lie: the tray, or on a phone the bar. */
  trayX() {
    if (this.g.narrow) return this.barX();
    return this.homeRight ? this.g.MX + 12 * this.g.PW + this.g.BW + this.g.MX : this.g.MX;
  }

  trayW() {
    return this.g.narrow ? this.g.BW : this.g.TW;
  }

  barX() {
    return this.boardX0() + 6 * this.g.PW;
  }

  /**
   * Column (0..11 from the left) and row of a viewer point.
   * @param {number} view
   */
  column(view) {
    let col = view <= 12 ? 12 - view : view - 13;
    if (!this.homeRight) col = 11 - col;
    return { col, top: view > 12 };
  }

  /** @param {number} view */
  pointX(view) {
    const { col } = this.column(view);
    return this.boardX0() + col * this.g.PW + (col >= 6 ? this.g.BW : 0);
  }

  /**
   * Centre of the ``index``-th checker (0 at the edge) of a stack of ``count`` at ``loc``
   * on ``board`` (which says, on a phone, how far the borne-off checkers reach up the bar).
   * @param {string} loc
   * @param {number} index
   * @param {number} count
   * @param {BoardView} [board]
   */
  checkerXY(loc, index, count, board = this.model.board) {
    if (loc.startsWith("bar-")) {
      const side = /** @type {Side} */ (loc.slice(4));
      const sign = side === this.model.viewSide ? 1 : -1;
      const first = this.g.GAP / 2 + this.g.BR + 6;
      // On a phone a side hit after bearing off has both on its half of the bar: its bar
      // stack closes up short of its borne-off checkers (its count on the top one).
      const last = this.g.narrow
        ? this.g.HEIGHT / 2 - this.g.MY - board[side][0] * this.g.OFF - 4 - this.g.BR
        : first + this.g.PH - this.g.BR - 20;
      const step = count > 1 ? Math.min(2 * this.g.BR, (last - first) / (count - 1)) : 0;
      return {
        x: this.barX() + this.g.BW / 2,
        y: this.g.HEIGHT / 2 + sign * (first + index * step),
      };
    }
    if (loc.startsWith("off-")) {
      const mine = loc.slice(4) === this.model.viewSide;
      const away = this.g.OFF / 2 + index * this.g.OFF;
      const y = mine ? this.g.HEIGHT - this.g.MY - away : this.g.MY + away;
      return { x: this.trayX() + this.trayW() / 2, y };
    }
    const view = Number(loc.slice(1));
    const { top } = this.column(view);
    // From five checkers on a stack closes up, so the dice between the rows stay clear.
    const step = count > 4 ? (this.g.PH - 2 * this.g.R) / (count - 1) : 2 * this.g.R;
    const x = this.pointX(view) + this.g.PW / 2;
    const y = top
      ? this.g.MY + this.g.R + index * step
      : this.g.HEIGHT - this.g.MY - this.g.R - index * step;
    return { x, y };
  }

  /**
   * Where a checker moving to/from ``loc`` sits: the top of its stack.
   * @param {string} loc
   * @param {BoardView} board
   * @param {number} [extra]  checkers to count above it
   */
  topXY(loc, board, extra = 0) {
    const { count } = occupant(board, loc, this.model.viewSide);
    const n = Math.max(0, count - 1 + extra);
    return this.checkerXY(loc, n, Math.max(count + extra, 1), board);
  }
}
