// @ts-check
// How long the game page waits before it tries its socket again: short while the page is
// seen (a player is waiting on it), longer once it is hidden.

const VISIBLE_MS = [500, 1000, 2000, 3000];
const HIDDEN_CAP_MS = 15_000;

/**
 * The wait before retry number ``attempt`` (0 for the first), in milliseconds.
 * @param {number} attempt
 * @param {boolean} visible  document.visibilityState is "visible"
 */
export function retryDelay(attempt, visible) {
  const n = Math.max(0, Math.floor(attempt));
  if (visible) return VISIBLE_MS[Math.min(n, VISIBLE_MS.length - 1)];
  return Math.min(HIDDEN_CAP_MS, 500 * 2 ** Math.min(n, 10));
}
