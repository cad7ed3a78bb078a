// @ts-check
// The board on a page: drawn from a model (board/drawing.js), moved by pointer (press a
// checker then its target, drag it, or double-click for the farthest destination), and
// animated. The acting side's own numbering (bar 25, off 0) is what the server speaks;
// shared/locations.js converts it to the board's locations.
import { BoardDrawing } from "./board/drawing.js";
import { moveChecker, occupant } from "./board/geometry.js";
import { locOf, other, ownOf } from "./shared/locations.js";
import { svg as el } from "./shared/svg.js";

export { locOf, other, ownOf };

/** @typedef {import("./board/geometry.js").BoardModel} BoardModel */
/** @typedef {import("./shared/types.js").Side} Side */

export class Board extends BoardDrawing {
  /**
   * @param {HTMLElement} container
   * @param {{onStep?: (from: string, to: string) => void}} [handlers]  locations
   */
  constructor(container, handlers = {}) {
    super();
    this.handlers = handlers;
    container.appendChild(this.svg);
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
      const end = this.topXY(
        toLoc,
        board,
        toLoc.startsWith("p") && occupant(board, toLoc, viewSide).side === side ? 1 : 0,
      );
      this.draw(lifted);
      const ghost = el(
        "circle",
        { cx: 0, cy: 0, r: this.g.R - 1, class: `checker checker-${side} moving` },
        this.svg,
      );
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
