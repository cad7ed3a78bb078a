// The board as SVG (sharp at any size). Seen from ``viewSide``: its checkers move
// 24 -> 1 and its home board is at the bottom, on the right (or the left when
// ``homeRight`` is false). Points are labelled from the viewer's side.
//
// Locations: "p1".."p24" (the viewer's point numbers), "bar-white"/"bar-black",
// "off-white"/"off-black". The acting side's own numbering (bar 25, off 0) is
// what the server speaks; shared/locations.js converts.
// @ts-check
import { num } from "./i18n.js";
import { drawCube, drawDice } from "./board/pieces.js";
import { locOf, other, ownOf } from "./shared/locations.js";
import { svg as el } from "./shared/svg.js";

export { locOf, other, ownOf };

/** @typedef {import("./shared/types.js").Side} Side */
/** @typedef {import("./shared/types.js").BoardView} BoardView */
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
const WIDE = geometry({ MX: 14, MY: 36, PW: 60, BW: 56, TW: 66, PH: 236, GAP: 84, R: 27, BR: 27, OFF: 12, narrow: false });
// A phone held upright: no tray (the cube goes on the bar, and the borne-off checkers,
// thin, from the bar's ends) and thin margins, so that a point is a thumb wide (30 px at
// 390 px) and its checkers as big as it allows. A bar as wide as those checkers would
// take that width from the points, so checkers on the bar are smaller: inside it, a tap
// on one is a tap on the bar.
const NARROW = geometry({ MX: 2, MY: 36, PW: 60, BW: 48, TW: 0, PH: 236, GAP: 84, R: 29, BR: 24, OFF: 6, narrow: true });
const PHONE = "(max-width: 600px)";
/** @type {Side[]} */
const SIDES = ["white", "black"];

/**
 * Checkers of each side at a location: {side, count}.
 * @param {BoardView} board
 * @param {string} loc
 * @param {Side} viewSide
 * @returns {{side: Side, count: number}}
 */
function occupant(board, loc, viewSide) {
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

export class Board {
  /**
   * @param {HTMLElement} container
   * @param {{onStep?: (from: string, to: string) => void}} [handlers]  locations
   */
  constructor(container, handlers = {}) {
    this.handlers = handlers;
    this.phone = window.matchMedia(PHONE);
    this.g = this.phone.matches ? NARROW : WIDE;
    this.svg = el("svg", {
      viewBox: `0 0 ${this.g.WIDTH} ${this.g.HEIGHT}`,
      class: "board",
      role: "img",
      "aria-label": "board",
    });
    container.appendChild(this.svg);
    /** Set by render() before anything is drawn. @type {BoardModel} */
    this.model = /** @type {any} */ (null);
    /** @type {string | null} */
    this.selected = null;
    /** @type {{from: string, start: {x: number, y: number}, moved: boolean, ghost: SVGElement | null} | null} */
    this.drag = null;
    /** @type {{loc: string, at: number} | null} */
    this.lastPress = null;
    this.svg.addEventListener("pointerdown", (event) => this.pointerDown(event));
    this.svg.addEventListener("pointermove", (event) => this.pointerMove(event));
    this.svg.addEventListener("pointerup", (event) => this.pointerUp(event));
    // Turning the phone redraws the board; one its page has dropped without destroy()
    // is let go at the first turn rather than drawn (and kept) for ever.
    this.onTurn = () => {
      if (!this.svg.isConnected) this.destroy();
      else if (this.model) this.draw(this.model.board);
    };
    this.phone.addEventListener("change", this.onTurn);
  }

  /** Take the board off its page, for good: the page replaces it. */
  destroy() {
    this.phone.removeEventListener("change", this.onTurn);
    this.drag = null;
    this.svg.remove();
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
      const last = this.g.narrow ? this.g.HEIGHT / 2 - this.g.MY - board[side][0] * this.g.OFF - 4 - this.g.BR : first + this.g.PH - this.g.BR - 20;
      const step = count > 1 ? Math.min(2 * this.g.BR, (last - first) / (count - 1)) : 0;
      return { x: this.barX() + this.g.BW / 2, y: this.g.HEIGHT / 2 + sign * (first + index * step) };
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
    const y = top ? this.g.MY + this.g.R + index * step : this.g.HEIGHT - this.g.MY - this.g.R - index * step;
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

  // -- drawing -------------------------------------------------------------------------

  /** @param {BoardModel} model */
  render(model) {
    this.model = model;
    if (this.selected && !model.targets?.has(this.selected)) this.selected = null;
    this.draw(model.board);
  }

  /** @param {BoardView} board */
  draw(board) {
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    this.g = this.phone.matches ? NARROW : WIDE;
    svg.setAttribute("viewBox", `0 0 ${this.g.WIDTH} ${this.g.HEIGHT}`);
    svg.classList.toggle("narrow", this.g.narrow);
    const model = this.model;
    el("rect", { x: 0, y: 0, width: this.g.WIDTH, height: this.g.HEIGHT, rx: 14, class: "frame" }, svg);
    const x0 = this.boardX0();
    el("rect", { x: x0, y: this.g.MY, width: 6 * this.g.PW, height: this.g.HEIGHT - 2 * this.g.MY, class: "felt" }, svg);
    el(
      "rect",
      { x: x0 + 6 * this.g.PW + this.g.BW, y: this.g.MY, width: 6 * this.g.PW, height: this.g.HEIGHT - 2 * this.g.MY, class: "felt" },
      svg,
    );
    el("rect", { x: this.barX(), y: this.g.MY, width: this.g.BW, height: this.g.HEIGHT - 2 * this.g.MY, class: "bar" }, svg);
    if (!this.g.narrow) {
      el("rect", { x: this.trayX(), y: this.g.MY, width: this.g.TW, height: this.g.HEIGHT - 2 * this.g.MY, class: "tray" }, svg);
      el("line", { x1: this.trayX() + 6, x2: this.trayX() + this.g.TW - 6, y1: this.g.HEIGHT / 2, y2: this.g.HEIGHT / 2, class: "tray-line" }, svg);
    }

    const targets = this.selected ? model.targets?.get(this.selected) || new Set() : new Set();
    for (let view = 1; view <= 24; view += 1) {
      const { col, top } = this.column(view);
      const x = this.pointX(view);
      const base = top ? this.g.MY : this.g.HEIGHT - this.g.MY;
      const tip = top ? this.g.MY + this.g.PH : this.g.HEIGHT - this.g.MY - this.g.PH;
      const shade = (col + (top ? 0 : 1)) % 2 === 0 ? "point-a" : "point-b";
      const loc = `p${view}`;
      let cls = `point ${shade}`;
      if (targets.has(loc)) cls += " target";
      el(
        "polygon",
        { points: `${x + 2},${base} ${x + this.g.PW - 2},${base} ${x + this.g.PW / 2},${tip}`, class: cls },
        svg,
      );
      const label = el(
        "text",
        { x: x + this.g.PW / 2, y: top ? this.g.MY - 9 : this.g.HEIGHT - this.g.MY + 26, class: "point-number" },
        svg,
      );
      label.textContent = num(view);
    }

    // Checkers.
    const locations = [];
    for (let view = 1; view <= 24; view += 1) locations.push(`p${view}`);
    for (const side of ["white", "black"]) locations.push(`bar-${side}`, `off-${side}`);
    for (const loc of locations) {
      const { side, count } = occupant(board, loc, model.viewSide);
      if (!count) continue;
      for (let i = 0; i < count; i += 1) {
        const { x, y } = this.checkerXY(loc, i, count, board);
        if (loc.startsWith("off-")) {
          el(
            "rect",
            { x: x - this.trayW() / 2 + 9, y: y - this.g.OFF / 2 + 1, width: this.trayW() - 18, height: this.g.OFF - 2, rx: this.g.OFF / 4, class: `off checker-${side}` },
            svg,
          );
          continue;
        }
        const isTop = i === count - 1;
        let cls = `checker checker-${side}`;
        if (loc.startsWith("bar")) cls += " on-bar"; // drawn smaller: the bar is narrower than a point
        if (isTop && model.sources?.has(loc)) cls += " movable";
        if (isTop && this.selected === loc) cls += " selected";
        const radius = loc.startsWith("bar") ? this.g.BR : this.g.R;
        el("circle", { cx: x, cy: y, r: radius - 1, class: cls }, svg);
        el("circle", { cx: x, cy: y, r: radius - 9, class: `checker-rim checker-${side}` }, svg);
        const stackLimit = loc.startsWith("bar") ? 1 : 5;
        if (isTop && count > stackLimit) {
          const label = el("text", { x, y: y + 6, class: `checker-count on-${side}` }, svg);
          label.textContent = num(count);
        }
      }
    }
    // Off targets: the tray half of the side bearing off.
    for (const side of SIDES) {
      const loc = `off-${side}`;
      if (targets.has(loc)) {
        const mine = side === model.viewSide;
        el(
          "rect",
          {
            x: this.trayX() + 3,
            y: mine ? this.g.HEIGHT / 2 + 4 : this.g.MY + 3,
            width: this.trayW() - 6,
            height: this.g.HEIGHT / 2 - this.g.MY - 7,
            rx: 6,
            class: "off-target",
          },
          svg,
        );
      }
    }
    for (const loc of targets) {
      if (!loc.startsWith("p")) continue;
      const { x, y } = this.topXY(loc, board, 1);
      el("circle", { cx: x, cy: y, r: 9, class: "target-dot" }, svg);
    }

    this.drawLastMove(svg, board);
    drawCube(this, svg);
    drawDice(this, svg);
    this.drawArrows(svg, board);
    this.drawHits(svg, board);
  }

  /**
   * Arrows for a suggested play (hint, or the better play in a replay).
   * @param {SVGElement} svg
   * @param {BoardView} board
   */
  drawArrows(svg, board) {
    const arrows = this.model.arrows || [];
    if (!arrows.length) return;
    const defs = el("defs", {}, svg);
    const marker = el(
      "marker",
      { id: "arrow-head", viewBox: "0 0 10 10", refX: 6, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto" },
      defs,
    );
    el("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" }, marker);
    let shown = board;
    for (const { from, to } of arrows) {
      const start = this.topXY(from, shown);
      const side = occupant(shown, from, this.model.viewSide).side;
      const end = !to.startsWith("p") ? this.checkerXY(to, 0, 1) : this.topXY(to, shown, occupant(shown, to, this.model.viewSide).side === side ? 1 : 0);
      el("line", { x1: start.x, y1: start.y, x2: end.x, y2: end.y, class: "arrow", "marker-end": "url(#arrow-head)" }, svg);
      el("circle", { cx: end.x, cy: end.y, r: this.g.R - 4, class: "arrow-end" }, svg);
      const viewSide = this.model.viewSide;
      shown = moveChecker(shown, side, ownOf(side, from, viewSide), ownOf(side, to, viewSide));
    }
  }

  /**
   * The last play made: a ring where each checker left from and one on where it landed.
   * @param {SVGElement} svg
   * @param {BoardView} board
   */
  drawLastMove(svg, board) {
    for (const { from, to } of this.model.lastMove || []) {
      /** @type {[string, boolean][]} */
      const ends = [
        [from, false],
        [to, true],
      ];
      for (const [loc, end] of ends) {
        if (!loc.startsWith("p")) continue;
        const { count } = occupant(board, loc, this.model.viewSide);
        const spot = end ? this.topXY(loc, board) : this.topXY(loc, board, 1);
        el("circle", { cx: spot.x, cy: spot.y, r: end ? this.g.R + 2 : this.g.R - 6, class: `last-move ${end && count ? "last-end" : "last-start"}` }, svg);
      }
    }
  }

  /**
   * Transparent hit areas over points, bars and trays, on top of everything. A point's
   * is its whole column, its number included; on a phone a side's bar half is its tray
   * once it has no checker on the bar (it cannot bear off before).
   * @param {SVGElement} svg
   * @param {BoardView} board
   */
  drawHits(svg, board) {
    const { sources = new Set(), viewSide } = this.model;
    const targets = this.selected ? this.model.targets?.get(this.selected) || new Set() : new Set();
    /** @type {(loc: string, x: number, y: number, width: number, height: number) => void} */
    const add = (loc, x, y, width, height) => {
      let cls = "hit";
      if (sources.has(loc)) cls += " source";
      if (targets.has(loc)) cls += " dest";
      if (this.selected === loc) cls += " chosen";
      el("rect", { x, y, width, height, class: cls, "data-loc": loc }, svg);
    };
    for (let view = 1; view <= 24; view += 1) {
      const { top } = this.column(view);
      add(`p${view}`, this.pointX(view), top ? 0 : this.g.HEIGHT / 2, this.g.PW, this.g.HEIGHT / 2);
    }
    for (const side of SIDES) {
      const mine = side === viewSide;
      const onBar = board[side][25] > 0;
      if (!this.g.narrow || onBar) add(`bar-${side}`, this.barX(), mine ? this.g.HEIGHT / 2 : this.g.MY, this.g.BW, this.g.HEIGHT / 2 - this.g.MY);
      if (!this.g.narrow || !onBar) add(`off-${side}`, this.trayX(), mine ? this.g.HEIGHT / 2 : this.g.MY, this.trayW(), this.g.HEIGHT / 2 - this.g.MY);
    }
  }

  // -- input ---------------------------------------------------------------------------

  /** @param {PointerEvent} event */
  locAt(event) {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const hit = /** @type {SVGElement | null | undefined} */ (target?.closest?.("[data-loc]"));
    return hit?.dataset.loc ?? null;
  }

  /** @param {PointerEvent} event */
  svgPoint(event) {
    const matrix = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (this.svg)).getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  }

  /**
   * @param {string} from
   * @param {string} to
   */
  isTarget(from, to) {
    return Boolean(this.model?.targets?.get(from)?.has(to));
  }

  /**
   * @param {string} from
   * @param {string} to
   */
  step(from, to) {
    this.selected = null;
    this.lastPress = null;
    this.drag = null;
    this.draw(this.model.board);
    this.handlers.onStep?.(from, to);
  }

  /** @param {PointerEvent} event */
  pointerDown(event) {
    if (!this.model) return;
    const loc = /** @type {SVGElement | null} */ (event.target)?.dataset?.loc ?? null;
    if (!loc) return;
    if (this.selected && this.isTarget(this.selected, loc)) {
      this.step(this.selected, loc);
      return;
    }
    // A second press on the same checker soon after the first: a double-click. (The
    // board is redrawn on each press, so the browser's own dblclick never fires.)
    const now = performance.now();
    const double = this.lastPress && this.lastPress.loc === loc && now - this.lastPress.at < 450;
    this.lastPress = { loc, at: now };
    if (double && this.model.autoTarget) {
      const to = this.model.autoTarget(loc);
      this.lastPress = null;
      if (to) {
        this.step(loc, to);
        return;
      }
    }
    if (this.model.sources?.has(loc)) {
      this.selected = loc;
      const start = this.svgPoint(event);
      this.drag = { from: loc, start, moved: false, ghost: null };
      this.svg.setPointerCapture?.(event.pointerId);
      this.draw(this.model.board);
      return;
    }
    if (this.selected) {
      this.selected = null;
      this.draw(this.model.board);
    }
  }

  /** @param {PointerEvent} event */
  pointerMove(event) {
    const drag = this.drag;
    if (!drag) return;
    const point = this.svgPoint(event);
    if (!drag.moved && Math.hypot(point.x - drag.start.x, point.y - drag.start.y) < 8) return;
    if (!drag.moved) {
      drag.moved = true;
      const side = occupant(this.model.board, drag.from, this.model.viewSide).side;
      drag.ghost = el("circle", { r: this.g.R, class: `checker checker-${side} ghost` }, this.svg);
    }
    drag.ghost?.setAttribute("cx", String(point.x));
    drag.ghost?.setAttribute("cy", String(point.y));
  }

  /** @param {PointerEvent} event */
  pointerUp(event) {
    const drag = this.drag;
    this.drag = null;
    if (!drag || !drag.moved) return;
    drag.ghost?.remove();
    const loc = this.locAt(event);
    if (loc && loc !== drag.from && this.isTarget(drag.from, loc)) this.step(drag.from, loc);
  }

  // -- animation -----------------------------------------------------------------------

  /**
   * Show ``side`` moving ``steps`` (own points) one by one, then resolve.
   * @param {Side} side
   * @param {{from: number, to: number}[]} steps
   * @param {number} ms  each step's time
   */
  async animate(side, steps, ms) {
    if (!this.model || ms <= 0) return;
    let board = this.model.board;
    const viewSide = this.model.viewSide;
    for (const { from, to } of steps) {
      const fromLoc = locOf(side, from, viewSide);
      const toLoc = locOf(side, to, viewSide);
      const start = this.topXY(fromLoc, board);
      const lifted = moveChecker(board, side, from, 25);
      lifted[side][25] -= 1; // the moving checker is drawn apart
      const end = this.topXY(toLoc, board, toLoc.startsWith("p") && occupant(board, toLoc, viewSide).side === side ? 1 : 0);
      this.draw(lifted);
      const ghost = el("circle", { cx: 0, cy: 0, r: this.g.R - 1, class: `checker checker-${side} moving` }, this.svg);
      const frames = [
        { transform: `translate(${start.x}px, ${start.y}px)` },
        { transform: `translate(${end.x}px, ${end.y}px)` },
      ];
      await ghost.animate(frames, { duration: ms, easing: "ease-in-out" }).finished.catch(() => {});
      board = moveChecker(board, side, from, to);
      this.model = { ...this.model, board };
      this.draw(board);
    }
  }

  /**
   * A short tumble of the dice.
   * @param {number} ms
   */
  rollDice(ms) {
    if (ms <= 0) return;
    this.svg.querySelectorAll(".die").forEach((die, index) => {
      die.animate(
        [
          { transform: "rotate(-25deg) scale(0.6)", opacity: 0.2 },
          { transform: "rotate(10deg) scale(1.08)", opacity: 1, offset: 0.7 },
          { transform: "rotate(0) scale(1)", opacity: 1 },
        ],
        { duration: ms * 1.5 + index * 60, easing: "ease-out" },
      );
    });
  }
}
