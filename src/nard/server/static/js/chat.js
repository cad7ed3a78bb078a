// The game's chat panel: free text and stock phrases; every line is shown as text.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { playerName } from "./names.js";
import { settings } from "./settings.js";

export const PHRASES = ["hello", "good_luck", "good_game", "gg", "thanks", "well_played"];

/** One chat line as list item: the name and the words, both as text (never markup). */
export function chatLine(line) {
  const item = document.createElement("li");
  item.className = `chat-line ${line.room}`;
  const name = document.createElement("b");
  const who = playerName(line.name);
  name.textContent = line.room === "spectators" ? `${who} (${t("chat.spectator")})` : who;
  const text = document.createElement("span");
  text.textContent = line.text ?? t(`chat.phrase.${line.phrase}`);
  item.append(name, ": ", text);
  return item;
}

/** The chat of a finished game under its replay (players only: the server checks). */
export async function replayChat(root, gameId) {
  let history;
  try {
    history = await api("GET", `/api/games/${encodeURIComponent(gameId)}/chat`);
  } catch {
    return;
  }
  if (!history.count) return;
  const box = document.createElement("section");
  box.className = "card chat-panel replay-chat";
  const title = document.createElement("h3");
  title.textContent = t("chat.title");
  const list = document.createElement("ul");
  list.className = "chat-lines";
  list.append(...history.data.map(chatLine));
  box.append(title, list);
  root.append(box);
}

export class ChatPanel {
  constructor(root, page) {
    this.page = page;
    this.box = document.createElement("details");
    this.box.className = "chat-panel";
    this.box.open = true;
    const summary = document.createElement("summary");
    summary.dataset.i18n = "chat.title";
    this.list = document.createElement("ul");
    this.list.className = "chat-lines";
    const phrases = document.createElement("div");
    phrases.className = "chat-phrases";
    for (const phrase of PHRASES) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "btn small";
      button.dataset.phrase = phrase;
      button.dataset.i18n = `chat.phrase.${phrase}`;
      button.addEventListener("click", () => this.send({ phrase }));
      phrases.append(button);
    }
    const form = document.createElement("form");
    form.className = "chat-form";
    this.input = document.createElement("input");
    this.input.name = "chat";
    this.input.maxLength = 300;
    this.input.dataset.i18nPlaceholder = "chat.placeholder";
    this.input.dataset.i18nTitle = "chat.placeholder";
    const submit = document.createElement("button");
    submit.className = "btn";
    submit.dataset.i18n = "chat.send";
    form.append(this.input, submit);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (text) this.send({ text });
      this.input.value = "";
    });
    const mute = document.createElement("label");
    this.mute = document.createElement("input");
    this.mute.type = "checkbox";
    this.mute.name = "muteOpponent";
    const muteText = document.createElement("span");
    muteText.dataset.i18n = "chat.mute";
    mute.append(this.mute, " ", muteText);
    // Muting is for this game and survives a reload of its page.
    this.muteKey = `nard.chat.mute.${page.gameId}`;
    this.mute.checked = localStorage.getItem(this.muteKey) === "1";
    this.mute.addEventListener("change", () => {
      if (this.mute.checked) localStorage.setItem(this.muteKey, "1");
      else localStorage.removeItem(this.muteKey);
      this.draw();
    });
    this.box.append(summary, this.list, phrases, form, mute);
    root.querySelector(".game-links").before(this.box);
    this.lines = [];
    this.loadedOver = false;
  }

  get off() {
    return Boolean(settings.chatOff);
  }

  send(line) {
    const socket = this.page.socket;
    if (this.off || !socket || socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify({ type: "chat", id: (this.page.messageId += 1), ...line }));
  }

  async load() {
    const query = this.page.watch ? `?watch=${encodeURIComponent(this.page.watch)}` : "";
    try {
      const history = await api("GET", `/api/games/${this.page.gameId}/chat${query}`);
      this.lines = history.data;
      this.draw();
    } catch {
      // The chat is an extra: the game goes on without it.
    }
  }

  add(line) {
    this.lines.push(line);
    this.draw();
  }

  /** Show or hide the panel; once the match is over, fetch the spectators' lines too. */
  render(snapshot) {
    this.box.hidden = this.off;
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

  shown(line) {
    const you = this.page.you;
    if (!this.mute.checked || !you.length) return true;
    return line.room !== "players" || you.includes(line.side);
  }

  draw() {
    this.list.replaceChildren(
      ...this.lines.filter((line) => this.shown(line)).map(chatLine),
    );
    this.list.scrollTop = this.list.scrollHeight;
  }
}
