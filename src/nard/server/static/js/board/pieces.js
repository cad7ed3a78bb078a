// @ts-check
// The board's cube and dice, drawn into its SVG where the board's geometry puts them.
import { num } from "../i18n.js";
import { svg as el } from "../shared/svg.js";

/** @typedef {import("./drawing.js").BoardDrawing} Board */

/** The pips of each face, as offsets from its centre. @type {Record<number, [number, number][]>} */
const PIPS = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/**
 * The cube: in the middle while nobody owns it, else nearer its owner; on a phone on the bar.
 * @param {Board} board
 * @param {SVGElement} svg
 */
export function drawCube(board, svg) {
  const cube = board.model.cube;
  if (!cube) return;
  const g = board.g;
  const size = g.narrow ? 36 : 44;
  const away = g.narrow ? 4 : 40;
  const x = board.trayX() + (board.trayW() - size) / 2;
  let y = g.HEIGHT / 2 - size / 2;
  if (cube.owner === board.model.viewSide) y = g.HEIGHT / 2 + away;
  else if (cube.owner) y = g.HEIGHT / 2 - away - size;
  const group = el("g", { class: "cube", "data-cube": cube.value }, svg);
  el("rect", { x, y, width: size, height: size, rx: 7, class: "cube-face" }, group);
  const label = el("text", { x: x + size / 2, y: y + size / 2 + 8, class: "cube-text" }, group);
  label.textContent = num(cube.owner ? cube.value : 64);
}

/**
 * The dice (four of a double), the used ones dimmed, in the roller's right half.
 * @param {Board} board
 * @param {SVGElement} svg
 */
export function drawDice(board, svg) {
  const { dice, diceUsed = [], diceSide, viewSide } = board.model;
  if (!dice) return;
  const g = board.g;
  const faces = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [...dice];
  const used = [...diceUsed];
  const size = 50;
  const gap = 12;
  // The roller's dice lie in the roller's right half (as at a real table).
  const rightHalf = diceSide === viewSide || !diceSide;
  const halfX = rightHalf === board.homeRight ? board.barX() + g.BW : board.boardX0();
  const total = faces.length * size + (faces.length - 1) * gap;
  let x = halfX + (6 * g.PW - total) / 2;
  const y = g.HEIGHT / 2 - size / 2;
  const group = el(
    "g",
    {
      class: `dice dice-${diceSide || "none"}${board.model.diceLast ? " last-roll" : ""}`,
      "data-side": diceSide || "",
    },
    svg,
  );
  for (const face of faces) {
    const spent = used.indexOf(face);
    const isUsed = spent >= 0;
    if (isUsed) used.splice(spent, 1);
    const die = el("g", { class: `die${isUsed ? " used" : ""}`, "data-face": face }, group);
    el("rect", { x, y, width: size, height: size, rx: 9, class: `die-face die-${diceSide}` }, die);
    for (const [dx, dy] of PIPS[face]) {
      el(
        "circle",
        {
          cx: x + size / 2 + dx * 14,
          cy: y + size / 2 + dy * 14,
          r: 5,
          class: `pip pip-${diceSide}`,
        },
        die,
      );
    }
    x += size + gap;
  }
}
