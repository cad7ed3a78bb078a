// @ts-check
// The engine's advice on the game page: the best plays of the roll (drawn as arrows) and
// the cube decision, asked for by the player and answered by the server.
import { api } from "../api.js";
import { lang, t } from "../i18n.js";
import { settings } from "../settings.js";
import { locOf } from "../shared/locations.js";
import { drawCubeHint, drawHintPlays, markHintPlay } from "./hints.js";
import { viewSide } from "./model.js";

/** @typedef {import("./hints.js").CubeHint} CubeHint */

/**
 * What advice needs of its page.
 * @typedef {object} AdvisedPage
 * @property {HTMLElement} root
 * @property {string} gameId
 * @property {import("./model.js").Model} model
 * @property {WebSocket | null} socket
 * @property {() => number} nextId
 * @property {() => import("../shared/types.js").Side | null} actingSide
 * @property {() => void} render
 */

export class Advice {
  /** @param {AdvisedPage} page */
  constructor(page) {
    this.page = page;
    /** The chosen hint play as board arrows. @type {{from: string, to: string}[] | null} */
    this.arrows = null;
    /** @type {CubeHint | null} */
    this.cube = null;
    /** The cube question in flight. @type {{id: number} | null} */
    this.asked = null;
  }

  get panel() {
    return /** @type {HTMLElement} */ (this.page.root.querySelector(".hint-panel"));
  }

  /**
   * The best plays of the roll from the server (POST /api/games/{id}/hint, see
   * docs/webapp-needs.md): listed with equities, the chosen one drawn as arrows.
   */
  async hint() {
    const page = this.page;
    const panel = this.panel;
    const side = page.actingSide();
    if (!side) return;
    let answer;
    try {
      answer = await api("POST", `/api/games/${page.gameId}/hint`, {
        seq: page.model.snapshot?.seq,
      });
    } catch (error) {
      const failed = /** @type {{status?: number, message: string}} */ (error);
      panel.hidden = false;
      panel.textContent =
        failed.status === 404 || failed.status === 501 ? t("game.hintUnavailable") : failed.message;
      return;
    }
    /** @type {import("./hints.js").HintPlay[]} */
    const plays = (answer.plays || []).slice(0, 5);
    const choose = (/** @type {number} */ chosen) => {
      const view = viewSide(page.model, Boolean(settings.turnBoard));
      this.arrows = plays[chosen].steps.map(({ from, to }) => ({
        from: locOf(side, from, view),
        to: locOf(side, to, view),
      }));
      markHintPlay(panel, chosen);
      page.render();
    };
    drawHintPlays(panel, plays, choose);
    if (plays.length) choose(0);
  }

  /**
   * Ask for the engine's cube decision (the ``cube_hint`` message, docs/protocol.md):
   * before rolling, double or not; doubled, take or pass. The answer comes on the socket.
   */
  askCube() {
    const page = this.page;
    const snap = page.model.snapshot;
    if (!snap || !page.socket || page.socket.readyState !== WebSocket.OPEN) return;
    const asked = { type: "cube_hint", id: page.nextId(), seq: snap.seq };
    this.asked = asked;
    page.socket.send(JSON.stringify(asked));
    const target = this.target();
    target.hidden = false;
    target.textContent = t("cubeHint.asking");
  }

  /** @param {{id: number, seq: number, hint: CubeHint}} message */
  answered(message) {
    // An answer to an earlier question: the latest one's answer is still to come.
    if (message.id !== this.asked?.id) return;
    this.asked = null;
    const target = this.target();
    if (message.seq !== this.page.model.snapshot?.seq) {
      // The answer is for a position already left: take "asking…" away rather than show it.
      target.hidden = true;
      target.replaceChildren();
      return;
    }
    this.cube = message.hint;
    drawCubeHint(target, message.hint);
  }

  /**
   * An ``error`` answering the cube question; false when it answers something else.
   * @param {import("./refusal.js").Refusal} message
   */
  refused(message) {
    if (message.id === undefined || message.id !== this.asked?.id) return false;
    const target = this.target();
    this.asked = null;
    // The position moved on: the question lapsed, and nothing else was refused (the
    // busy flag and the undos may belong to another action still in flight).
    if (["stale", "conflict"].includes(message.code)) {
      target.hidden = true;
      target.replaceChildren();
      return true;
    }
    // Said where the hint was asked for: in the take-or-pass dialog the page behind is covered.
    target.hidden = false;
    target.textContent = lang === "fa" ? message.message_fa : message.message;
    return true;
  }

  /** Where a cube hint goes: into the open take-or-pass dialog, else the hint panel. */
  target() {
    const box = document.querySelector("dialog.cube-answer[open]");
    if (!box) return this.panel;
    let target = /** @type {HTMLElement | null} */ (box.querySelector(".cube-hint-box"));
    if (!target) {
      target = document.createElement("div");
      target.className = "cube-hint-box hint-panel";
      box.querySelector(".dialog-buttons")?.before(target);
    }
    return target;
  }

  /** The cube hint again, in a new language. */
  redraw() {
    if (this.cube) drawCubeHint(this.target(), this.cube);
  }

  clear() {
    this.arrows = null;
    this.cube = null;
    this.asked = null;
    this.panel.hidden = true;
    this.panel.replaceChildren();
  }
}
