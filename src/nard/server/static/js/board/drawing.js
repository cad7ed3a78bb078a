// @ts-check
// The board drawn as SVG (sharp at any size): frame, points, checkers, targets, the last
// play, the cube and dice, arrows, and the hit areas the pointer finds.
import { num } from "../i18n.js";
import { ownOf } from "../shared/locations.js";
import { svg as el } from "../shared/svg.js";
import { BoardGeometry, NARROW, SIDES, WIDE, moveChecker, occupant } from "./geometry.js";
import { drawCube, drawDice } from "./pieces.js";

/** @typedef {import("./geometry.js").BoardModel} BoardModel */
/** @typedef {import("../shared/types.js").BoardView} BoardView */

export class BoardDrawing extends BoardGeometry {
  constructor() {
    super();
    this.svg = el("svg", {
      viewBox: `0 0 ${this.g.WIDTH} ${this.g.HEIGHT}`,
      class: "board",
      role: "img",
      "aria-label": "board",
    });
    /** The checker picked up, as its location. @type {string | null} */
    this.selected = null;
  }

  // -- drawing -------------------------------------------------------------------------

  /**
   * Draw ``model`` (its sides may come as plain strings: "white" or "black").
   * @param {Omit<BoardModel, "viewSide" | "diceSide"> & {viewSide: string, diceSide?: string | null}} model
   */
  render(model) {
    this.model = /** @type {BoardModel} */ (model);
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
    el(
      "rect",
      { x: 0, y: 0, width: this.g.WIDTH, height: this.g.HEIGHT, rx: 14, class: "frame" },
      svg,
    );
    const x0 = this.boardX0();
    el(
      "rect",
      {
        x: x0,
        y: this.g.MY,
        width: 6 * this.g.PW,
        height: this.g.HEIGHT - 2 * this.g.MY,
        class: "felt",
      },
      svg,
    );
    el(
      "rect",
      {
        x: x0 + 6 * this.g.PW + this.g.BW,
        y: this.g.MY,
        width: 6 * this.g.PW,
        height: this.g.HEIGHT - 2 * this.g.MY,
        class: "felt",
      },
      svg,
    );
    el(
      "rect",
      {
        x: this.barX(),
        y: this.g.MY,
        width: this.g.BW,
        height: this.g.HEIGHT - 2 * this.g.MY,
        class: "bar",
      },
      svg,
    );
    if (!this.g.narrow) {
      el(
        "rect",
        {
          x: this.trayX(),
          y: this.g.MY,
          width: this.g.TW,
          height: this.g.HEIGHT - 2 * this.g.MY,
          class: "tray",
        },
        svg,
      );
      el(
        "line",
        {
          x1: this.trayX() + 6,
          x2: this.trayX() + this.g.TW - 6,
          y1: this.g.HEIGHT / 2,
          y2: this.g.HEIGHT / 2,
          class: "tray-line",
        },
        svg,
      );
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
        {
          points: `${x + 2},${base} ${x + this.g.PW - 2},${base} ${x + this.g.PW / 2},${tip}`,
          class: cls,
        },
        svg,
      );
      const label = el(
        "text",
        {
          x: x + this.g.PW / 2,
          y: top ? this.g.MY - 9 : this.g.HEIGHT - this.g.MY + 26,
          class: "point-number",
        },
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
            {
              x: x - this.trayW() / 2 + 9,
              y: y - this.g.OFF / 2 + 1,
              width: this.trayW() - 18,
              height: this.g.OFF - 2,
              rx: this.g.OFF / 4,
              class: `off checker-${side}`,
            },
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
      {
        id: "arrow-head",
        viewBox: "0 0 10 10",
        refX: 6,
        refY: 5,
        markerWidth: 4,
        markerHeight: 4,
        orient: "auto",
      },
      defs,
    );
    el("path", { d: "M0,0 L10,5 L0,10 z", class: "arrow-head" }, marker);
    let shown = board;
    for (const { from, to } of arrows) {
      const start = this.topXY(from, shown);
      const side = occupant(shown, from, this.model.viewSide).side;
      const end = !to.startsWith("p")
        ? this.checkerXY(to, 0, 1)
        : this.topXY(to, shown, occupant(shown, to, this.model.viewSide).side === side ? 1 : 0);
      el(
        "line",
        {
          x1: start.x,
          y1: start.y,
          x2: end.x,
          y2: end.y,
          class: "arrow",
          "marker-end": "url(#arrow-head)",
        },
        svg,
      );
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
        el(
          "circle",
          {
            cx: spot.x,
            cy: spot.y,
            r: end ? this.g.R + 2 : this.g.R - 6,
            class: `last-move ${end && count ? "last-end" : "last-start"}`,
          },
          svg,
        );
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
      if (!this.g.narrow || onBar)
        add(
          `bar-${side}`,
          this.barX(),
          mine ? this.g.HEIGHT / 2 : this.g.MY,
          this.g.BW,
          this.g.HEIGHT / 2 - this.g.MY,
        );
      if (!this.g.narrow || !onBar)
        add(
          `off-${side}`,
          this.trayX(),
          mine ? this.g.HEIGHT / 2 : this.g.MY,
          this.trayW(),
          this.g.HEIGHT / 2 - this.g.MY,
        );
    }
  }
}
