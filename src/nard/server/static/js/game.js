// @ts-check
// The game page: the board, dice, cube, score and the controls, over the game's WebSocket.
// game/model.js says what the page knows, game/views.js and friends draw it, and
// game/controller.js owns the socket and the timers.
import { GamePage } from "./game/controller.js";
import { gameTemplate } from "./game/template.js";
import { translate } from "./i18n.js";

/**
 * Open game ``gameId`` in ``root`` (``watch``: a spectator link's token).
 * @param {HTMLElement} root
 * @param {string} gameId
 * @param {string | null} watch
 */
export async function gamePage(root, gameId, watch) {
  root.replaceChildren(gameTemplate());
  translate(root);
  const page = new GamePage(root, gameId, watch);
  await page.start();
  return page;
}
