// @ts-check
// Clocks, chat and your-turn alerts for the game page, kept apart from game.js.
import { TurnAlerts, askNotifications } from "./alerts.js";
import { ChatPanel } from "./chat.js";
import { ClockPanel } from "./clock.js";
import { el, find, tr } from "./dom.js";
import { translate } from "./i18n.js";
import { saveSettings, settings } from "./settings.js";

/**
 * @typedef {import("./types/wire.js").GameSnapshot} GameSnapshot
 * @typedef {"white" | "black"} Side
 */

/**
 * What the clocks, the chat and the alerts need of the game page.
 * @typedef {object} GameView
 * @property {HTMLElement} root the page's element (with .settings-panel and .game-links)
 * @property {string} gameId
 * @property {string | null} watch a spectator link's token
 * @property {GameSnapshot | null} snapshot the game as last received
 * @property {Side[]} you the seats this browser plays
 * @property {boolean} busy an action is on its way
 * @property {WebSocket | null | undefined} socket
 * @property {number} messageId the last client message's id
 * @property {() => Side | null | undefined} actingSide who may act now, when it is this browser
 * @property {(action: string) => void} control sends an action (``roll``)
 */

/** @type {Record<string, string>} the settings offered here, with their labels */
const OPTIONS = {
  autoRoll: "clock.autoRoll",
  chatOff: "chat.off",
  turnSound: "clock.turnSound",
  turnNotify: "clock.turnNotify",
};

export class GameExtras {
  /** @param {GameView} page */
  constructor(page) {
    this.page = page;
    this.clock = new ClockPanel(page.root);
    this.chat = new ChatPanel(page.root, page);
    this.alerts = new TurnAlerts();
    this.autoRolledAt = -1;
    /** @type {GameSnapshot["clock"] | undefined} the clock last shown */
    this.shownClock = undefined;
    const panel = find(page.root, ".settings-panel");
    /** @type {Record<string, unknown>} */
    const saved = settings;
    for (const [name, labelKey] of Object.entries(OPTIONS)) {
      const input = el("input", { type: "checkbox", name, checked: Boolean(saved[name]) });
      input.addEventListener("change", () => {
        saved[name] = input.checked;
        saveSettings();
        if (name === "turnNotify" && input.checked) askNotifications();
        // Lines said while the chat was off were not kept: read them again.
        if (name === "chatOff" && !input.checked) this.chat.load();
        this.render();
      });
      find(panel, ".hint-text").before(el("label", {}, input, " ", tr("span", labelKey)));
    }
    translate(page.root);
    this.chat.load();
  }

  /** @param {import("./types/wire.js").ServerMessage} message */
  receive(message) {
    if (message.type === "chat" && !this.chat.off) this.chat.add(message.line);
  }

  render() {
    const page = this.page;
    const snap = page.snapshot;
    if (!snap) return;
    if (snap.clock !== this.shownClock) {
      this.shownClock = snap.clock;
      this.clock.show(snap.clock ?? null);
    }
    this.chat.render(snap);
    const acting = page.actingSide();
    this.alerts.update(Boolean(acting) && page.you.length === 1, snap.seq);
    this.autoRoll(acting, snap);
  }

  /**
   * Roll for the player when rolling is all they can do (clocked games; an option).
   * @param {Side | null | undefined} acting
   * @param {GameSnapshot} snap
   */
  autoRoll(acting, snap) {
    if (!acting || !snap.clock || !settings.autoRoll || this.page.busy) return;
    const game = snap.state.game;
    const actions = (game.actions[acting] || []).filter((name) => name !== "resign");
    if (actions.length !== 1 || actions[0] !== "roll" || game.phase !== "rolling") return;
    if (this.autoRolledAt === snap.seq) return;
    this.autoRolledAt = snap.seq;
    this.page.control("roll");
  }
}
