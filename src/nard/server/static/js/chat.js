// @ts-check
// The game's chat panel: free text and stock phrases; every line is shown as text.
import { api } from "./api.js";
import { el, fill, find, tr } from "./dom.js";
import { t } from "./i18n.js";
import { playerName } from "./names.js";
import { settings } from "./settings.js";

/**
 * @typedef {import("./types/wire.js").ChatLineView} ChatLineView
 * @typedef {import("./types/wire.js").ChatPublic} ChatPublic
 * @typedef {import("./types/wire.js").GameSnapshot} GameSnapshot
 * @typedef {import("./extras.js").GameView} GameView
 */

/** @type {NonNullable<import("./types/wire.js").ChatMessage["phrase"]>[]} */
export const PHRASES = ["hello", "good_luck", "good_game", "gg", "thanks", "well_played"];

/**
 * One chat line as list item: the name and the words, both as text (never markup).
 * @param {ChatLineView} line
 */
export function chatLine(line) {
  const who = playerName(line.name);
  return el(
    "li",
    { class: `chat-line ${line.room}` },
    el("b", {}, line.room === "spectators" ? `${who} (${t("chat.spectator")})` : who),
    ": ",
    el("span", {}, line.text ?? t(`chat.phrase.${line.phrase}`)),
  );
}

/**
 * The chat of a finished game under its replay (players only: the server checks).
 * @param {Element} root
 * @param {string} gameId
 */
export async function replayChat(root, gameId) {
  /** @type {ChatPublic} */
  let history;
  try {
    history = await api("GET", `/api/games/${encodeURIComponent(gameId)}/chat`);
  } catch {
    return;
  }
  if (!history.count) return;
  root.append(
    el(
      "section",
      { class: "card chat-panel replay-chat" },
      el("h3", {}, t("chat.title")),
      el("ul", { class: "chat-lines" }, history.data.map(chatLine)),
    ),
  );
}

export class ChatPanel {
  /**
   * @param {HTMLElement} root the game page
   * @param {GameView} page
   */
  constructor(root, page) {
    this.page = page;
    this.list = el("ul", { class: "chat-lines" });
    const phrases = el(
      "div",
      { class: "chat-phrases" },
      PHRASES.map((phrase) =>
        el("button", {
          type: "button",
          class: "btn small",
          "data-phrase": phrase,
          "data-i18n": `chat.phrase.${phrase}`,
          onclick: () => this.send({ phrase }),
        }),
      ),
    );
    this.input = el("input", {
      name: "chat",
      maxlength: 300,
      "data-i18n-placeholder": "chat.placeholder",
      "data-i18n-title": "chat.placeholder",
    });
    const form = el(
      "form",
      { class: "chat-form" },
      this.input,
      tr("button", "chat.send", { class: "btn" }),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (text) this.send({ text });
      this.input.value = "";
    });
    this.mute = el("input", { type: "checkbox", name: "muteOpponent" });
    // Muting is for this game and survives a reload of its page.
    this.muteKey = `nard.chat.mute.${page.gameId}`;
    this.mute.checked = localStorage.getItem(this.muteKey) === "1";
    this.mute.addEventListener("change", () => {
      if (this.mute.checked) localStorage.setItem(this.muteKey, "1");
      else localStorage.removeItem(this.muteKey);
      this.draw();
    });
    this.box = el(
      "details",
      { class: "chat-panel", open: true },
      tr("summary", "chat.title"),
      this.list,
      phrases,
      form,
      el("label", {}, this.mute, " ", tr("span", "chat.mute")),
    );
    find(root, ".game-links").before(this.box);
    /** @type {ChatLineView[]} */
    this.lines = [];
    this.loadedOver = false;
    /** @type {string | undefined} whose seats the lines were drawn for */
    this.drawnFor = undefined;
  }

  get off() {
    return Boolean(settings.chatOff);
  }

  /** @param {Pick<import("./types/wire.js").ChatMessage, "text" | "phrase">} line */
  send(line) {
    const socket = this.page.socket;
    if (this.off || !socket || socket.readyState !== WebSocket.OPEN) return;
    /** @type {import("./types/wire.js").ChatMessage} */
    this.page.messageId += 1;
    const message = { type: "chat", id: this.page.messageId, ...line };
    socket.send(JSON.stringify(message));
  }

  async load() {
    const query = this.page.watch ? `?watch=${encodeURIComponent(this.page.watch)}` : "";
    try {
      /** @type {ChatPublic} */
      const history = await api("GET", `/api/games/${this.page.gameId}/chat${query}`);
      this.lines = history.data;
      this.draw();
    } catch {
      // The chat is an extra: the game goes on without it.
    }
  }

  /** @param {ChatLineView} line */
  add(line) {
    this.lines.push(line);
    this.draw();
  }

  /**
   * Show or hide the panel; once the match is over, fetch the spectators' lines too.
   * @param {GameSnapshot | null} snapshot
   */
  render(snapshot) {
    // A player with no one to talk to (against the computer, hot-seat) has no chat;
    // spectators of such a game still talk among themselves.
    const alone = snapshot?.mode !== "friend" && this.page.you.length > 0;
    this.box.hidden = this.off || alone;
    // Whose lines a mute hides is known once the page knows its seats.
    const you = this.page.you.join();
    if (you !== this.drawnFor) {
      this.drawnFor = you;
      this.draw();
    }
    if (snapshot?.status === "finished" && !this.loadedOver) {
      this.loadedOver = true;
      this.load();
    }
  }

  /** @param {ChatLineView} line */
  shown(line) {
    const you = this.page.you;
    if (!this.mute.checked || !you.length) return true;
    return line.room !== "players" || (line.side !== null && you.includes(line.side));
  }

  draw() {
    fill(this.list, this.lines.filter((line) => this.shown(line)).map(chatLine));
    this.list.scrollTop = this.list.scrollHeight;
  }
}
