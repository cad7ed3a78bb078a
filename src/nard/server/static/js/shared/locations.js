// @ts-check
// Where a side's own point lies on the drawn board. The server speaks each side's own
// numbering (bar 25, off 0); the board draws locations "p1".."p24" numbered from the
// viewer's side, "bar-white"/"bar-black" and "off-white"/"off-black".

/** @typedef {"white" | "black"} Side */

/**
 * @param {Side} side
 * @returns {Side}
 */
export const other = (side) => (side === "white" ? "black" : "white");

/**
 * A side's own point (0..25) as a board location.
 * @param {Side} side
 * @param {number} own
 * @param {Side} viewSide
 */
export function locOf(side, own, viewSide) {
  if (own === 25) return `bar-${side}`;
  if (own === 0) return `off-${side}`;
  return `p${side === viewSide ? own : 25 - own}`;
}

/**
 * A board location as ``side``'s own point number (bar 25, off 0).
 * @param {Side} side
 * @param {string} loc
 * @param {Side} viewSide
 */
export function ownOf(side, loc, viewSide) {
  if (loc.startsWith("bar")) return 25;
  if (loc.startsWith("off")) return 0;
  const view = Number(loc.slice(1));
  return side === viewSide ? view : 25 - view;
}
