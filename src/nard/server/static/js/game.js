// The game page: the board, dice, cube, score and the controls, over the game's WebSocket.
import { api, socketUrl } from "./api.js";
import { Board, locOf, other, ownOf, pipCount } from "./board.js";
import { lang, num, onLangChange, signed, t, translate, tWho } from "./i18n.js";
import { parsePlay } from "./analysis.js";
import { playerName } from "./names.js";
import { diceText, notation } from "./notation.js";
import { framesOf } from "./replay.js";
import { describeRules } from "./rules.js";
import { settings, saveSettings, SPEED_MS } from "./settings.js";
import { dialog, escapeHtml, toast } from "./ui.js";
import { GameExtras } from "./extras.js";
import { pointWord, ruleHref } from "./trainer.js";

/** The trainer's rule set with the same legal plays as the game's rules, or null. */
function reportRules(rules) {
  if (rules.escape_after_hit && rules.escape_scope === "home" && rules.no_home_cover_after_hit) return "iranian";
  if (rules.escape_after_hit && rules.escape_scope === "board" && !rules.no_home_cover_after_hit) return "v1-board";
  if (!rules.escape_after_hit && !rules.no_home_cover_after_hit) return "standard";
  return null;
}

const TEMPLATE = `
<section class="game-page">
  <div class="seat seat-top"></div>
  <div class="rules-banner" hidden></div>
  <div class="board-wrap"></div>
  <div class="seat seat-bottom"></div>
  <p class="status" role="status" aria-live="polite"></p>
  <div class="refusal" role="alert" hidden></div>
  <div class="hint-panel" hidden></div>
  <div class="controls">
    <button type="button" class="btn primary" data-action="roll" data-i18n="game.roll" aria-keyshortcuts="R"></button>
    <button type="button" class="btn" data-action="undo" data-i18n="game.undo" aria-keyshortcuts="U"></button>
    <button type="button" class="btn primary" data-action="confirm" data-i18n="game.confirm" aria-keyshortcuts="C"></button>
    <button type="button" class="btn" data-action="double" data-i18n="game.double" aria-keyshortcuts="D"></button>
    <button type="button" class="btn" data-action="hint" data-i18n="game.hint" aria-keyshortcuts="H" hidden></button>
    <button type="button" class="btn" data-action="cubeHint" data-i18n="game.cubeHint" hidden></button>
    <button type="button" class="btn" data-action="resign" data-i18n="game.resign"></button>
    <button type="button" class="btn" data-action="claim" data-i18n="game.claim" hidden></button>
    <span class="claim-wait" hidden></span>
  </div>
  <div class="invite-box" hidden>
    <p data-i18n="game.waiting"></p>
    <div class="copy-row"><input class="invite-link" readonly><button type="button" class="btn" data-copy data-i18n="home.copy"></button></div>
  </div>
  <details class="settings-panel">
    <summary data-i18n="settings.title"></summary>
    <label><input type="checkbox" name="teaching"> <span data-i18n="settings.teaching"></span></label>
    <label><input type="checkbox" name="autoConfirm"> <span data-i18n="settings.autoConfirm"></span></label>
    <label><input type="checkbox" name="autoForced"> <span data-i18n="settings.autoForced"></span></label>
    <label><input type="checkbox" name="homeRight"> <span data-i18n="settings.homeRight"></span></label>
    <label class="hotseat-only"><input type="checkbox" name="turnBoard"> <span data-i18n="settings.turnBoard"></span></label>
    <label><span data-i18n="settings.speed"></span>
      <select name="speed">
        <option value="off" data-i18n="settings.speed.off"></option>
        <option value="fast" data-i18n="settings.speed.fast"></option>
        <option value="normal" data-i18n="settings.speed.normal"></option>
        <option value="slow" data-i18n="settings.speed.slow"></option>
      </select></label>
    <p class="hint-text" data-i18n="settings.dblclick"></p>
    <p class="hint-text" data-i18n="settings.keys"></p>
  </details>
  <section class="card moves" hidden>
    <h3 data-i18n="game.moves"></h3>
    <ol class="move-list game-moves"></ol>
  </section>
  <p class="game-links"><a class="record-link" data-i18n="game.download"></a> · <a class="replay-link" data-i18n="game.replay"></a>
    <span class="watch-part" hidden> · <button type="button" class="link" data-copy-watch data-i18n="game.copyWatch"></button></span></p>
</section>`;

export async function gamePage(root, gameId, watch) {
  root.innerHTML = TEMPLATE;
  translate(root);
  const page = new GamePage(root, gameId, watch);
  await page.start();
  return page;
}

class GamePage {
  constructor(root, gameId, watch) {
    this.root = root;
    this.gameId = gameId;
    this.watch = watch;
    this.you = [];
    this.snapshot = null;
    this.record = null;
    this.messageId = 0;
    this.busy = false;
    this.queue = Promise.resolve();
    this.notice = null;
    this.closed = false;
    this.retry = 0;
    this.shownOver = new Set();
    // What the last roll and play were (kept on the board until the next roll).
    this.lastRoll = null;
    this.lastPlay = null;
    // Steps of this turn the page played by itself (forced), by index; Undo takes them
    // back together with the player's step before them.
    this.autoSteps = new Set();
    this.pendingUndos = 0;
    this.holdAuto = false;
    this.claimAt = null;
    this.board = new Board(root.querySelector(".board-wrap"), {
      onStep: (from, to) => this.step(from, to),
    });
    this.board.svg.setAttribute("aria-label", t("game.boardLabel"));
    this.keys = (event) => this.shortcut(event);
    document.addEventListener("keydown", this.keys);
    root.querySelectorAll("[data-action]").forEach((button) =>
      button.addEventListener("click", () => this.control(button.dataset.action)),
    );
    root.querySelector("[data-copy]").addEventListener("click", () => copyInvite(root));
    const panel = root.querySelector(".settings-panel");
    for (const input of panel.querySelectorAll("input, select")) {
      if (input.type === "checkbox") input.checked = Boolean(settings[input.name]);
      else input.value = settings[input.name];
      input.addEventListener("change", () => {
        settings[input.name] = input.type === "checkbox" ? input.checked : input.value;
        saveSettings();
        this.render();
      });
    }
    const watchQuery = watch ? `?watch=${encodeURIComponent(watch)}` : "";
    root.querySelector(".record-link").href = `/api/games/${gameId}/record.mat${watchQuery}`;
    root.querySelector(".replay-link").href = `/replay/${gameId}`;
    this.extras = new GameExtras(this);
    onLangChange(() => {
      this.board.svg.setAttribute("aria-label", t("game.boardLabel"));
      this.drawRefusal();
      if (this.cubeHintShown) this.drawCubeHint();
      this.render();
      this.renderMoves();
    });
  }

  async start() {
    try {
      const query = this.watch ? `?watch=${encodeURIComponent(this.watch)}` : "";
      const game = await api("GET", `/api/games/${this.gameId}${query}`);
      this.you = game.you;
      this.inviteUrl = game.invite_url;
      if (game.watch_url) {
        const part = this.root.querySelector(".watch-part");
        part.hidden = false;
        part.querySelector("button").addEventListener("click", () =>
          navigator.clipboard?.writeText(absolute(game.watch_url)).then(() => toast(t("home.copied"))),
        );
      }
      this.snapshot = game;
      this.root.querySelector(".game-page").dataset.mode = game.mode;
      this.noteClaim();
      this.render();
      this.loadRecord();
    } catch (error) {
      if (error.status !== 404) throw error;
      this.closed = true;
      document.removeEventListener("keydown", this.keys);
      this.board.destroy();
      this.root.innerHTML = notFoundHtml();
      return;
    }
    this.connect();
  }

  /** The record (rules, moves so far): the move list and, on a reload, the last roll and play. */
  async loadRecord() {
    // Only the newest answer counts: an older one may arrive after it.
    const asked = (this.recordAsked = (this.recordAsked || 0) + 1);
    let record;
    try {
      const query = this.watch ? `?watch=${encodeURIComponent(this.watch)}` : "";
      record = await api("GET", `/api/games/${this.gameId}/record.json${query}`);
    } catch {
      return;
    }
    if (asked !== this.recordAsked) return;
    this.record = record;
    this.frames = framesOf(this.record);
    if (!this.lastRoll) {
      const last = [...this.frames].reverse().find((frame) => frame.kind === "play" || frame.kind === "pass");
      if (last && last.game === this.snapshot.state.match.game_number) {
        this.lastRoll = { side: last.side, dice: last.dice };
        this.lastPlay = { side: last.side, steps: last.play || [] };
      }
    }
    if (this.snapshot.status === "finished") this.finalFrame = this.frames[this.frames.length - 1];
    this.render();
    this.renderMoves();
    if (this.snapshot.status === "finished") this.finishedOnLoad();
  }

  /** Read the record again soon (a burst of updates asks once). */
  refreshRecord() {
    clearTimeout(this.recordTimer);
    this.recordTimer = setTimeout(() => this.loadRecord(), 150);
  }

  /** The game's moves so far: each turn's dice and play in gnubg notation, cube actions, results. */
  renderMoves() {
    const list = this.root.querySelector(".game-moves");
    if (!list || !this.frames) return;
    const games = new Set(this.frames.map((frame) => frame.game)).size;
    const items = [];
    for (const frame of this.frames) {
      const side = t(`side.${frame.side}`);
      if (frame.kind === "play") {
        const play = frame.text.notation || "";
        items.push(`<li class="move" data-side="${frame.side}">${escapeHtml(t("moves.play", { side, dice: diceText(frame.dice) }))} <bdi dir="ltr" class="notation">${escapeHtml(notation(play))}</bdi></li>`);
      } else if (frame.kind === "pass") {
        items.push(`<li class="move" data-side="${frame.side}">${escapeHtml(t("moves.pass", { side, dice: diceText(frame.dice) }))}</li>`);
      } else if (["double", "take", "resign", "result"].includes(frame.kind)) {
        items.push(`<li>${escapeHtml(t(frame.text.key, frame.text.vars))}</li>`);
      } else if (frame.kind === "start" && games > 1) {
        items.push(`<li class="game-start">${escapeHtml(t(frame.text.key, frame.text.vars))}</li>`);
      }
    }
    list.innerHTML = items.join("");
    list.closest(".moves").hidden = !items.length;
    list.scrollTop = list.scrollHeight;
  }

  // -- connection ----------------------------------------------------------------------

  connect() {
    // Every connection starts with a full ``state``: no catch-up needed after a drop.
    const socket = new WebSocket(socketUrl(this.gameId, this.watch));
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
    });
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      if (this.closed) return;
      this.busy = false;
      this.retry = Math.min(this.retry + 1, 6);
      setTimeout(() => this.connect(), 300 * 2 ** this.retry);
    });
  }

  receive(message) {
    switch (message.type) {
      case "welcome":
        this.you = message.you;
        this.addClientSeed();
        break;
      case "state":
        this.enqueue(() => this.apply(message.game, []));
        break;
      case "update":
        // Catch-up updates (after a sync) come without the game; the state after them has it.
        if (message.game && message.seq > (this.snapshot?.seq ?? -1)) {
          this.enqueue(() => this.apply(message.game, message.events));
        }
        break;
      case "presence":
        if (this.snapshot) {
          this.snapshot = { ...this.snapshot, seats: message.seats };
          this.noteClaim();
          this.render();
        }
        break;
      case "ack":
        break;
      case "cube_hint":
        this.showCubeHint(message);
        break;
      case "error":
        if (message.id !== undefined && message.id === this.cubeHintAsked?.id) {
          const target = this.cubeHintTarget();
          this.cubeHintAsked = null;
          // The position moved on: the question lapsed, and nothing else was refused (the
          // busy flag and the undos may belong to another action still in flight).
          if (["stale", "conflict"].includes(message.code)) {
            target.hidden = true;
            target.replaceChildren();
            break;
          }
          // Said where the hint was asked for: in the take-or-pass dialog the page behind is covered.
          target.hidden = false;
          target.textContent = lang === "fa" ? message.message_fa : message.message;
          break;
        }
        this.busy = false;
        this.pendingUndos = 0;
        if (message.code !== "seeds_fixed") this.refused(message);
        break;
      default:
        this.extras.receive(message);
        break;
    }
  }

  /**
   * Mix this browser's own random seed into the fair dice (docs/protocol.md), once,
   * before the first roll: then not even the server alone chose the dice.
   */
  addClientSeed() {
    const snap = this.snapshot;
    if (this.seeded || !snap?.fair_dice || !this.you.length) return;
    const { match, game } = snap.state;
    if (match.game_number !== 1 || game.phase !== "opening" || snap.seq > 0) return;
    this.seeded = true;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const seed = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    this.socket.send(JSON.stringify({ type: "client_seed", id: (this.messageId += 1), seed }));
  }

  enqueue(work) {
    this.queue = this.queue.then(work).catch((error) => console.error(error));
  }

  send(type, extra = {}) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    const message = { type, id: (this.messageId += 1), seq: this.snapshot.seq, ...extra };
    if (this.you.length > 1) {
      const side = this.actingSide();
      if (side) message.side = side;
    }
    this.busy = true;
    this.hideRefusal();
    this.socket.send(JSON.stringify(message));
  }

  // -- state ---------------------------------------------------------------------------

  async apply(game, events) {
    const before = this.snapshot;
    if (game && before && game.seq < before.seq) return;
    this.busy = false;
    const ms = SPEED_MS[settings.speed] ?? 250;
    const controlled = new Set(this.you);
    for (const event of events) {
      if (event.type === "play_made" && before) {
        const prior = before.state.game;
        const shown = prior.phase === "playing" && prior.steps.length > 0;
        if (!shown && event.play.length) {
          await this.board.animate(event.side, event.play, ms);
        }
      } else if (event.type === "step_made" && !controlled.has(event.side)) {
        await this.board.animate(event.side, [event.step], ms);
      }
    }
    const priorGame = before?.state.game;
    if (game) this.snapshot = { ...this.snapshot, ...game };
    if (game && !events.length && game.seats) this.noteClaim();
    if (events.length) this.clearHint();
    // After a game ends the state already holds the next game: keep the final
    // position and cube on the board until someone rolls again.
    if (events.some((event) => event.type === "game_over")) {
      this.finalBoard = this.board.model?.board;
      this.finalCube = priorGame?.cube;
    }
    let rolled = false;
    for (const event of events) {
      if (event.type === "dice_rolled" || event.type === "opening_rolled") {
        rolled = true;
        this.finalBoard = null;
        this.finalCube = null;
        this.lastPlay = null;
        this.autoSteps.clear();
        this.holdAuto = false;
      }
      this.remember(event);
      this.announce(event);
    }
    if (events.some((event) => MOVES.has(event.type))) this.refreshRecord();
    if (!game?.state.game.steps.length) this.autoSteps.clear();
    this.render();
    if (rolled) this.board.rollDice(ms);
    for (const event of events) {
      if (event.type === "game_over") this.gameOver(event);
    }
    if (this.snapshot.status === "finished" && !events.length && this.frames) this.finishedOnLoad();
    if (this.pendingUndos > 0 && events.some((event) => event.type === "step_undone") && this.canDo("undo")) {
      this.pendingUndos -= 1;
      this.send("undo");
      return;
    }
    this.automate();
  }

  /** The last roll and play, shown until the next roll. */
  remember(event) {
    switch (event.type) {
      case "opening_rolled":
        if (event.starter) {
          this.lastRoll = { side: event.starter, dice: [Math.max(event.white, event.black), Math.min(event.white, event.black)] };
        }
        break;
      case "dice_rolled":
        this.lastRoll = { side: event.side, dice: event.roll };
        break;
      case "turn_passed":
        this.lastRoll = { side: event.side, dice: event.roll };
        this.lastPlay = { side: event.side, steps: [] };
        break;
      case "play_made":
        this.lastRoll = { side: event.side, dice: event.roll };
        this.lastPlay = { side: event.side, steps: event.play };
        break;
      default:
        break;
    }
  }

  /** Whether ``side`` is the reader's own (and only) seat: messages then say "you". */
  isYou(side) {
    return this.you.length === 1 && side === this.you[0];
  }

  announce(event) {
    const name = this.sideName(event.side);
    const you = this.isYou(event.side);
    switch (event.type) {
      case "turn_passed":
        this.say(tWho("game.noPlay", you, { name, dice: diceText(event.roll) }));
        break;
      case "opening_rolled":
        this.say(event.starter
          ? tWho("game.openingRolled", this.isYou(event.starter), {
              white: event.white,
              black: event.black,
              name: this.sideName(event.starter),
            })
          : t("game.openingTie", { die: event.white }));
        break;
      case "cube_offered":
        this.say(tWho("game.cubeOffered", you, { name, value: event.value }));
        break;
      case "cube_taken":
        this.say(tWho("game.cubeTaken", you, { name, value: event.value }));
        break;
      case "cube_dropped":
        this.say(tWho("game.cubeDropped", you, { name }));
        break;
      case "beavered":
        this.say(tWho("game.beavered", you, { name, value: event.value }));
        break;
      case "resign_refused":
        this.say(t("game.resignRefused"));
        break;
      case "dice_rolled":
        // A notice belongs to the turn it was said in: a later roll ends it (after a
        // few seconds at least, even when the bot answers at once).
        if (this.notice) this.endNotice(this.notice);
        break;
      default:
        break;
    }
  }

  /** Show ``text`` by the status line until a later turn (a few seconds at least). */
  say(text) {
    const notice = { text, until: Date.now() + 3500 };
    this.notice = notice;
    setTimeout(() => this.endNotice(notice), 15000);
  }

  endNotice(notice) {
    const left = notice.until - Date.now();
    if (left > 0) {
      setTimeout(() => this.endNotice(notice), left);
      return;
    }
    if (this.notice === notice) {
      this.notice = null;
      this.render();
    }
  }

  actingSide() {
    const game = this.snapshot?.state.game;
    if (!game || this.snapshot.status === "finished" || this.snapshot.status === "waiting") {
      return null;
    }
    if (game.to_act && this.you.includes(game.to_act)) return game.to_act;
    if (game.phase === "opening") {
      return this.you.find((side) => (game.actions[side] || []).includes("roll")) ?? null;
    }
    return null;
  }

  /** Whose side is at the bottom: your own; at one screen, the side on roll if so set. */
  viewSide() {
    if (this.you.length === 1) return this.you[0];
    const game = this.snapshot?.state.game;
    if (this.you.length > 1 && settings.turnBoard && game && this.snapshot.status !== "finished") {
      return game.to_act || game.turn || "white";
    }
    return "white";
  }

  sideName(side) {
    const seat = this.snapshot?.seats.find((item) => item.side === side);
    if (this.isYou(side)) return t("game.you");
    if (this.you.length > 1) return t(`side.${side}`);
    if (seat?.is_bot) return t("game.computer");
    return playerName(seat?.name) || t(`side.${side}`);
  }

  canDo(action) {
    const side = this.actingSide();
    const game = this.snapshot?.state.game;
    return Boolean(side && game && (game.actions[side] || []).includes(action));
  }

  // -- drawing -------------------------------------------------------------------------

  render() {
    const snap = this.snapshot;
    if (!snap) return;
    const { state } = snap;
    const game = state.game;
    const guide = state.guide;
    const viewSide = this.viewSide();
    const acting = this.actingSide();
    const sources = new Set();
    const targets = new Map();
    let autoTarget = null;
    if (acting && game.phase === "playing" && !this.busy) {
      if (settings.teaching) {
        const all = [];
        for (let view = 1; view <= 24; view += 1) all.push(`p${view}`);
        all.push(`off-${acting}`);
        for (let own = 1; own <= 25; own += 1) {
          if (game.board[acting][own] > 0) {
            const loc = locOf(acting, own, viewSide);
            sources.add(loc);
            targets.set(loc, new Set(all.filter((item) => item !== loc)));
          }
        }
      } else if (guide) {
        for (const [from, tos] of Object.entries(guide.destinations)) {
          const loc = locOf(acting, Number(from), viewSide);
          sources.add(loc);
          targets.set(loc, new Set(tos.map((to) => locOf(acting, to, viewSide))));
        }
        autoTarget = (loc) => {
          const from = ownOf(acting, loc, viewSide);
          const tos = guide.destinations[String(from)];
          if (!tos || !tos.length) return null;
          const far = tos.reduce((best, to) => (from - to > from - best ? to : best));
          return locOf(acting, far, viewSide);
        };
      }
    }
    // A finished game shows its last position and cube, from the record once it is read.
    const final = snap.status === "finished" && this.finalFrame ? this.finalFrame : null;
    const frozen = final?.board || (this.finalBoard && game.phase === "opening" ? this.finalBoard : null);
    const cube = final?.cube || (frozen && this.finalCube) || game.cube;
    // Until the next roll the last roll stays on the board (the opponent's, most often).
    const last = !game.dice && !final && game.phase !== "opening" ? this.lastRoll : null;
    const shownPlay = last && this.lastPlay?.side === last.side ? this.lastPlay : null;
    this.board.render({
      board: frozen || game.board,
      viewSide,
      homeRight: settings.homeRight,
      dice: game.dice || last?.dice || null,
      diceUsed: game.dice ? game.steps.map((step) => step.die) : [],
      diceSide: game.dice ? game.turn : last?.side || null,
      diceLast: Boolean(last),
      cube: this.cubeInPlay() ? cube : null,
      sources,
      targets,
      autoTarget,
      arrows: this.hintArrows || [],
      lastMove: shownPlay
        ? shownPlay.steps.map(({ from, to }) => ({ from: locOf(shownPlay.side, from, viewSide), to: locOf(shownPlay.side, to, viewSide) }))
        : [],
    });
    this.renderSeats(viewSide, frozen || game.board);
    this.renderStatus(acting);
    this.renderControls(acting);
    this.renderRules();
    const box = this.root.querySelector(".invite-box");
    box.hidden = snap.status !== "waiting";
    if (!box.hidden && this.inviteUrl) {
      box.querySelector(".invite-link").value = absolute(this.inviteUrl);
    }
    this.extras.render();
  }

  /** Whether this game has a cube: not in a 1-point match, nor under rules without one
   * (unknown until the record is read, so nothing cube-related shows before it). */
  cubeInPlay() {
    if (this.snapshot?.state.match.length === 1) return false;
    return this.record ? this.record.rules.cube !== false : false;
  }

  renderSeats(viewSide, board) {
    const snap = this.snapshot;
    const { match, game } = snap.state;
    const scoreIndex = { white: 0, black: 1 };
    for (const [selector, side] of [
      [".seat-bottom", viewSide],
      [".seat-top", other(viewSide)],
    ]) {
      const seat = snap.seats.find((item) => item.side === side) || {};
      const turn = game.to_act === side && snap.status !== "finished";
      const pips = pipCount(board[side]);
      const score = match.score[scoreIndex[side]];
      // Away: gone after joining (a seat never taken yet is just waiting for its friend).
      const away = !seat.connected && !seat.is_bot && snap.mode === "friend" && snap.status === "active";
      this.root.querySelector(selector).innerHTML = `
        <span class="swatch swatch-${side}"></span>
        <strong class="seat-name">${escapeHtml(this.sideName(side))}</strong>
        ${turn ? `<span class="turn-badge">${escapeHtml(t("game.toPlay"))}</span>` : ""}
        ${away ? `<span class="away">${escapeHtml(t("game.away"))}</span>` : ""}
        <span class="pips" data-side="${side}">${escapeHtml(t("game.pips", { pips }))}</span>
        <span class="score" data-side="${side}">${escapeHtml(t("game.points", { count: score }))}</span>`;
      this.root.querySelector(selector).classList.toggle("on-turn", turn);
    }
  }

  renderStatus(acting) {
    const snap = this.snapshot;
    const { match, game, guide } = snap.state;
    const status = this.root.querySelector(".status");
    const length = match.length
      ? t("game.matchTo", { length: match.length, game: match.game_number })
      : t("game.money");
    // Crawford matters only where the cube does: a match longer than one point, with the cube.
    const crawford = match.crawford && match.length > 1 && this.cubeInPlay() ? ` · ${t("game.crawford")}` : "";
    const cube = this.cubeInPlay() && game.cube.value > 1 ? ` · ${t("game.cube", { value: game.cube.value })}` : "";
    let line;
    if (snap.status === "waiting") line = t("game.waitingShort");
    else if (snap.status === "finished" || match.over) line = t("game.matchOver");
    else if (acting) {
      if (game.phase === "opening") line = t("game.openingYou");
      else if (game.phase === "rolling") line = t(this.canDo("double") ? "game.rollOrDouble" : "game.rollNow");
      else if (game.phase === "playing") {
        const dice = diceText(game.dice);
        if (guide && !Object.keys(guide.destinations).length && guide.can_confirm) {
          line = t("game.confirmNow", { dice });
        } else line = t(settings.teaching ? "game.moveTeaching" : "game.moveNow", { dice });
      } else if (game.phase === "cube_offered") line = t("game.answerCube");
      else if (game.phase === "resignation_offered") line = t("game.answerResign");
    } else if (this.you.length === 0) line = t("game.watching");
    else {
      const waitingFor = game.to_act || game.turn;
      const seat = snap.seats.find((item) => item.side === waitingFor);
      line = seat?.is_bot ? t("game.botThinking") : t("game.opponentTurn", { name: this.sideName(waitingFor) });
      if (game.phase === "opening") line = t("game.openingWait");
    }
    if (this.you.length > 1 && acting) line = t("game.sidePrompt", { side: this.sideName(acting), prompt: line });
    status.innerHTML = `<span class="match-line">${escapeHtml(length + crawford + cube)}</span>
      ${this.notice ? `<span class="notice">${escapeHtml(this.notice.text)}</span>` : ""}
      <span class="prompt">${escapeHtml(line || "")}</span>`;
  }

  renderControls(acting) {
    const game = this.snapshot.state.game;
    const guide = this.snapshot.state.guide;
    const show = (action, visible, enabled = true) => {
      const button = this.root.querySelector(`[data-action="${action}"]`);
      button.hidden = !visible;
      button.disabled = !enabled || this.busy;
    };
    const playing = acting && game.phase === "playing";
    show("roll", this.canDo("roll"));
    show("undo", playing, Boolean(guide?.can_undo));
    show("confirm", playing, Boolean(guide?.can_confirm));
    show("double", this.canDo("double") && this.cubeInPlay());
    show("resign", this.canDo("resign"));
    show("hint", Boolean(playing && this.snapshot.mode === "bot" && !guide?.can_undo));
    const mayDouble = acting && game.phase === "rolling" && this.canDo("double") && this.cubeInPlay();
    show("cubeHint", Boolean(mayDouble && this.snapshot.mode === "bot"));
    this.renderClaim();
    if (acting && game.phase === "cube_offered") this.cubeDialog();
    if (acting && game.phase === "resignation_offered") this.resignationDialog();
  }

  /** When the friend has left: the claim button once the server allows it, a countdown before. */
  renderClaim() {
    const button = this.root.querySelector('[data-action="claim"]');
    const wait = this.root.querySelector(".claim-wait");
    const left = this.claimAt === null || this.snapshot.status !== "active" ? null : Math.ceil((this.claimAt - Date.now()) / 1000);
    button.hidden = left === null || left > 0;
    wait.hidden = left === null || left <= 0;
    if (!wait.hidden) wait.textContent = t("game.claimIn", { count: left });
    clearTimeout(this.claimTimer);
    if (left !== null && left > 0) this.claimTimer = setTimeout(() => this.renderClaim(), 1000);
  }

  /** Read from the seats when the opponent's seat may be claimed (``claim_in`` seconds). */
  noteClaim() {
    const opponent = this.you.length === 1 ? other(this.you[0]) : null;
    const seat = this.snapshot.seats.find((item) => item.side === opponent);
    const seconds = seat && !seat.connected ? seat.claim_in : null;
    this.claimAt = seconds === null || seconds === undefined ? null : Date.now() + seconds * 1000;
  }

  renderRules() {
    const banner = this.root.querySelector(".rules-banner");
    if (!this.record) {
      banner.hidden = true;
      return;
    }
    const { match, game } = this.snapshot.state;
    const first = match.game_number === 1 && game.phase === "opening";
    banner.hidden = false;
    banner.classList.toggle("prominent", first);
    banner.innerHTML = describeRules(this.record);
  }

  // -- actions -------------------------------------------------------------------------

  step(fromLoc, toLoc) {
    const side = this.actingSide();
    if (!side || this.busy) return;
    const viewSide = this.viewSide();
    this.pendingStep = { from: ownOf(side, fromLoc, viewSide), to: ownOf(side, toLoc, viewSide) };
    this.holdAuto = false;
    this.send("step", this.pendingStep);
    this.render();
  }

  control(action) {
    switch (action) {
      case "roll":
      case "confirm":
      case "double":
        this.send(action);
        this.render();
        break;
      case "undo":
        this.undo();
        break;
      case "resign":
        this.resignChoice();
        break;
      case "claim":
        this.send("claim");
        break;
      case "hint":
        this.hint();
        break;
      case "cubeHint":
        this.cubeHint();
        break;
      default:
        break;
    }
  }

  /**
   * Undo back to a free choice: the steps the page played by itself (forced) go back
   * together with the player's step before them, and are not replayed until the player
   * moves again (a forced step left at the start of the turn is then theirs to make).
   */
  undo() {
    if (!this.canDo("undo")) return;
    const made = this.snapshot.state.game.steps.length;
    let count = 0;
    while (count < made && this.autoSteps.has(made - 1 - count)) {
      this.autoSteps.delete(made - 1 - count);
      count += 1;
    }
    if (count < made) count += 1;
    this.holdAuto = true;
    this.pendingUndos = count - 1;
    this.send("undo");
    this.render();
  }

  /** Keyboard: R roll, C confirm, U undo, D double, H hint (by key position, any layout). */
  shortcut(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
    if (event.target.closest?.("input, select, textarea, dialog")) return;
    if (document.querySelector("dialog[open]")) return;
    const action = { KeyR: "roll", KeyC: "confirm", KeyU: "undo", KeyD: "double", KeyH: "hint" }[event.code];
    const button = action && this.root.querySelector(`[data-action="${action}"]`);
    if (!button || button.hidden || button.disabled) return;
    event.preventDefault();
    this.control(action);
  }

  /**
   * The best plays of the roll from the server (POST /api/games/{id}/hint, see
   * docs/webapp-needs.md): listed with equities, the chosen one drawn as arrows.
   */
  async hint() {
    const panel = this.root.querySelector(".hint-panel");
    const side = this.actingSide();
    let answer;
    try {
      answer = await api("POST", `/api/games/${this.gameId}/hint`, { seq: this.snapshot.seq });
    } catch (error) {
      panel.hidden = false;
      panel.textContent = error.status === 404 || error.status === 501 ? t("game.hintUnavailable") : error.message;
      return;
    }
    const plays = (answer.plays || []).slice(0, 5);
    const draw = (chosen) => {
      const viewSide = this.viewSide();
      this.hintArrows = parsePlay(plays[chosen].play).map(({ from, to }) => ({
        from: locOf(side, from, viewSide),
        to: locOf(side, to, viewSide),
      }));
      panel.querySelectorAll("li").forEach((item, i) => item.classList.toggle("current", i === chosen));
      this.render();
    };
    panel.innerHTML = `<strong>${escapeHtml(t("game.hintTitle"))}</strong><ol>${plays
      .map(
        (item, i) =>
          `<li><button type="button" class="link" data-play="${i}"><bdi dir="ltr" class="notation">${escapeHtml(notation(item.play))}</bdi></button> <span class="equity">${escapeHtml(signed(item.equity))}</span>${item.loss > 0 ? ` <span class="loss">(${escapeHtml(signed(-item.loss))})</span>` : ""}</li>`,
      )
      .join("")}</ol>`;
    panel.hidden = !plays.length;
    panel.querySelectorAll("[data-play]").forEach((button) =>
      button.addEventListener("click", () => draw(Number(button.dataset.play))),
    );
    if (plays.length) draw(0);
  }

  /**
   * Ask for the engine's cube decision (the ``cube_hint`` message, docs/protocol.md):
   * before rolling, double or not; doubled, take or pass. The answer comes on the socket.
   */
  cubeHint() {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return;
    const asked = { type: "cube_hint", id: (this.messageId += 1), seq: this.snapshot.seq };
    this.cubeHintAsked = asked;
    this.socket.send(JSON.stringify(asked));
    const target = this.cubeHintTarget();
    target.hidden = false;
    target.textContent = t("cubeHint.asking");
  }

  showCubeHint(message) {
    // An answer to an earlier question: the latest one's answer is still to come.
    if (message.id !== this.cubeHintAsked?.id) return;
    this.cubeHintAsked = null;
    if (message.seq !== this.snapshot.seq) {
      // The answer is for a position already left: take "asking…" away rather than show it.
      const target = this.cubeHintTarget();
      target.hidden = true;
      target.replaceChildren();
      return;
    }
    this.cubeHintShown = message.hint;
    this.drawCubeHint();
  }

  /** Where a cube hint goes: into the open take-or-pass dialog, else the hint panel. */
  cubeHintTarget() {
    const box = document.querySelector("dialog.cube-answer[open]");
    if (!box) return this.root.querySelector(".hint-panel");
    let target = box.querySelector(".cube-hint-box");
    if (!target) {
      target = document.createElement("div");
      target.className = "cube-hint-box hint-panel";
      box.querySelector(".dialog-buttons").before(target);
    }
    return target;
  }

  drawCubeHint() {
    const target = this.cubeHintTarget();
    target.innerHTML = cubeHintHtml(this.cubeHintShown);
    target.hidden = false;
  }

  clearHint() {
    this.hintArrows = null;
    this.cubeHintShown = null;
    this.cubeHintAsked = null;
    const panel = this.root.querySelector(".hint-panel");
    panel.hidden = true;
    panel.replaceChildren();
  }

  /** Auto-confirm a finished play; auto-play a step that is the only one possible. */
  automate() {
    const acting = this.actingSide();
    const { game, guide } = this.snapshot.state;
    if (!acting || game.phase !== "playing" || !guide || this.busy || settings.teaching || this.pendingUndos) return;
    const sources = Object.entries(guide.destinations);
    if (!sources.length && guide.can_confirm && settings.autoConfirm) {
      setTimeout(() => this.send("confirm"), 150);
      return;
    }
    if (settings.autoForced && !this.holdAuto && sources.length === 1 && sources[0][1].length === 1 && !guide.can_confirm) {
      const [from, [to]] = sources[0];
      setTimeout(() => {
        if (this.busy || this.holdAuto || this.snapshot.state.guide !== guide) return;
        this.autoSteps.add(this.snapshot.state.game.steps.length);
        this.send("step", { from: Number(from), to });
      }, SPEED_MS[settings.speed] + 200);
    }
  }

  refused(message) {
    if (message.code === "stale" || message.code === "conflict") {
      this.socket.send(JSON.stringify({ type: "sync", since: this.snapshot.seq }));
      return;
    }
    this.lastRefusal = message;
    this.refusalOpen = true;
    this.drawRefusal();
    this.render();
  }

  drawRefusal() {
    const message = this.lastRefusal;
    const box = this.root.querySelector(".refusal");
    if (!message || !this.refusalOpen) return;
    const why = message.explanation;
    let text = why ? (lang === "fa" ? why.message_fa : why.message_en) : lang === "fa" ? message.message_fa : message.message;
    const rule = (why && why.rule) || message.rule;
    // The rule is named above the text: the text's own "(rule R5)" would say it twice.
    if (rule) text = (text || "").replace(/\s*\((?:rule|قانون|رسم) [RV][0-9۰-۹]+\)\s*$/u, "");
    let html = "";
    // A rule (R…) or an Iranian custom (V…), its id in the page's digits.
    const label = rule?.startsWith("V") ? "custom.label" : "rule.label";
    if (rule) html += `<strong class="rule-name">${escapeHtml(t(label, { id: num(rule), name: t(`rule.${rule}`) }))}</strong>`;
    html += `<p class="refusal-text">${escapeHtml(text || "")}</p>`;
    // The legal alternative, unless the explanation already names it.
    if (why && why.legal_play && !text.includes(why.legal_play) && !text.includes(notation(why.legal_play))) {
      html += `<p class="legal">${escapeHtml(t("game.legalInstead"))} <bdi dir="ltr" class="notation">${escapeHtml(notation(why.legal_play))}</bdi></p>`;
    }
    // The rule's section on the rules page, and a report of the refused step to copy or open.
    if (rule) {
      html += `<p class="copy-row"><a class="rule-link" href="${ruleHref(rule.toLowerCase())}" target="_blank" rel="noopener">${escapeHtml(t("trainer.readRule"))}</a></p>`;
    }
    const query = why ? this.reportQuery(message) : null;
    if (query) {
      html += `<p class="copy-row report-row"><button type="button" class="btn small copy-report">${escapeHtml(t("trainer.report.copy"))}</button>
        <a class="report-link" href="/report?${escapeHtml(query.toString())}" target="_blank" rel="noopener">${escapeHtml(t("trainer.report.open"))}</a></p>`;
    }
    box.innerHTML = `${html}<button type="button" class="close" aria-label="${escapeHtml(t("dialog.close"))}">×</button>`;
    box.hidden = false;
    box.dataset.code = message.code;
    box.querySelector(".close").addEventListener("click", () => this.hideRefusal());
    box.querySelector(".copy-report")?.addEventListener("click", () => this.copyReport(query));
  }

  /**
   * The report of a refused step (the /report page's query, the same as ``nard explain
   * --report``): the turn's Position ID, the dice, the steps tried in order (those made,
   * then the refused one) and the rule set; null when the game's rules are none of the
   * trainer's sets or the step is not known.
   */
  reportQuery(message) {
    const game = this.snapshot?.state?.game;
    const tried = message.explanation?.step || this.pendingStep;
    const rules = this.record ? reportRules(this.record.rules) : "standard";
    // A backward step is no play to report (the notation cannot even write it).
    if (!game?.turn_start_id || !game.dice || !tried || !rules || tried.to > tried.from) return null;
    const steps = [...game.steps.map((step) => [step.from, step.to]), [tried.from, tried.to]];
    const play = steps.map(([from, to]) => `${pointWord(from)}/${pointWord(to)}`).join(" ");
    return new URLSearchParams({ position: game.turn_start_id, dice: `${game.dice[0]}${game.dice[1]}`, play, rules });
  }

  async copyReport(query) {
    try {
      const report = await api("GET", `/api/trainer/report?${query}`);
      await navigator.clipboard.writeText(report.text[lang]);
      toast(t("trainer.report.copied"));
    } catch {
      window.open(`/report?${query}`, "_blank", "noopener"); // its text can be copied by hand there
    }
  }

  hideRefusal() {
    const box = this.root.querySelector(".refusal");
    box.hidden = true;
    this.refusalOpen = false;
  }

  // -- dialogs -------------------------------------------------------------------------

  cubeDialog() {
    if (this.openDialog === "cube") return;
    this.openDialog = "cube";
    const game = this.snapshot.state.game;
    const value = game.cube.value * 2;
    const buttons = [
      { label: t("game.take", { value }), value: "take", primary: true },
      { label: t("game.drop"), value: "drop" },
    ];
    if (this.canDo("beaver")) buttons.push({ label: t("game.beaver"), value: "beaver" });
    if (this.snapshot.mode === "bot") buttons.push({ label: t("game.cubeHint"), keep: () => this.cubeHint() });
    const title = t("game.cubeQuestion", { name: this.sideName(other(this.actingSide())), value });
    dialog(title, t("game.cubeExplain", { value, count: game.cube.value }), buttons, "cube-answer").then((choice) => {
      this.openDialog = null;
      if (choice) this.send(choice);
    });
  }

  resignationDialog() {
    if (this.openDialog === "resignation") return;
    this.openDialog = "resignation";
    const offer = this.snapshot.state.game.resignation;
    dialog(t("game.resignOffered", { name: this.sideName(offer.side), kind: t(`kind.${offer.kind}`) }), "", [
      { label: t("game.accept"), value: "accept_resignation", primary: true },
      { label: t("game.refuse"), value: "refuse_resignation" },
    ]).then((choice) => {
      this.openDialog = null;
      if (choice) this.send(choice);
    });
  }

  resignChoice() {
    dialog(t("game.resignTitle"), t("game.resignExplain"), [
      { label: t("game.resignSingle"), value: "single" },
      { label: t("game.resignGammon"), value: "gammon" },
      { label: t("game.resignBackgammon"), value: "backgammon" },
      { label: t("dialog.cancel"), value: null },
    ]).then((kind) => {
      if (kind) this.send("resign", { kind });
    });
  }

  gameOver(event) {
    const key = `${this.snapshot.state.match.game_number}-${event.winner}-${this.snapshot.seq}`;
    if (this.shownOver.has(key) || this.shownOver.size && event.onLoad) return;
    this.shownOver.add(key);
    const { match } = this.snapshot.state;
    const you = this.isYou(event.winner);
    const name = this.sideName(event.winner);
    const score = t("game.scoreLine", { white: this.sideName("white"), black: this.sideName("black"), a: match.score[0], b: match.score[1] });
    const over = match.over || this.snapshot.status === "finished";
    const title = this.you.length === 1 ? t(you ? "game.youWon" : "game.youLost") : t("game.won", { name });
    let how = "";
    if (event.reason === "claimed") how = tWho("game.byForfeit", you, { name });
    else if (event.kind) how = tWho("game.overHow", you, { name, kind: t(`kind.${event.kind}`), count: event.points });
    const body = [how, score, over ? t("game.matchOver") : ""].filter(Boolean).join("\n");
    const buttons = over
      ? [
          { label: t("game.rematch"), value: "rematch", primary: true },
          { label: t("game.analyse"), value: "replay" },
          { label: t("nav.home"), value: "home" },
        ]
      : [
          { label: t("game.nextGame"), value: null, primary: true },
          { label: t("game.analyse"), value: "replay" },
        ];
    dialog(title, body, buttons, "game-over").then((choice) => {
      if (choice === "replay") location.href = `/replay/${this.gameId}`;
      else if (choice === "home") location.href = "/";
      else if (choice === "rematch") this.rematch();
    });
  }

  /** A finished game opened later: how it ended, from the record's last result. */
  finishedOnLoad() {
    const result = this.snapshot.result;
    if (!result?.winner) return;
    const last = [...(this.frames || [])].reverse().find((frame) => frame.kind === "result");
    const ended = result.reason === "claimed" ? { reason: "claimed" } : last ? { kind: last.result.kind, points: last.result.points } : {};
    this.gameOver({ winner: result.winner, onLoad: true, ...ended });
  }

  async rematch() {
    const stored = JSON.parse(localStorage.getItem(`nard.game.${this.gameId}`) || "null");
    const body = stored || { mode: this.snapshot.mode, length: this.snapshot.state.match.length };
    try {
      const game = await api("POST", "/api/games", body);
      localStorage.setItem(`nard.game.${game.id}`, JSON.stringify(body));
      location.href = `/game/${game.id}`;
    } catch (error) {
      toast(error.message);
    }
  }
}

/** The events that add to the move list. */
const MOVES = new Set(["play_made", "turn_passed", "cube_offered", "cube_taken", "cube_dropped", "beavered", "resign_accepted", "game_over"]);

function notFoundHtml() {
  return `<section class="card not-found"><h2>${escapeHtml(t("notFound.gameTitle"))}</h2>
    <p>${escapeHtml(t("game.notFound"))}</p><p><a class="btn primary" href="/">${escapeHtml(t("notFound.home"))}</a></p></section>`;
}

function absolute(url) {
  return url.startsWith("http") ? url : `${location.origin}${url}`;
}

function copyInvite(root) {
  const input = root.querySelector(".invite-link");
  navigator.clipboard?.writeText(input.value).then(
    () => toast(t("home.copied")),
    () => input.select(),
  );
}

/**
 * A cube hint as a list of equities, the best marked, and the proper action. Before
 * rolling: the three equities of the doubler (the player). Doubled: the player's own
 * equity after taking and after passing (the doubler's, negated).
 */
function cubeHintHtml(hint) {
  const doubling = hint.decision === "double";
  const rows = doubling
    ? [
        ["cubeHint.noDouble", hint.no_double, !hint.proper.startsWith("double")],
        ["cubeHint.doubleTake", hint.double_take, hint.proper.startsWith("double") && hint.answer !== "pass"],
        ["cubeHint.doublePass", hint.double_pass, hint.proper === "double_pass"],
      ]
    : [
        [hint.answer === "beaver" ? "cubeHint.beaver" : "cubeHint.take", -hint.double_take, hint.answer !== "pass"],
        ["cubeHint.pass", -hint.double_pass, hint.answer === "pass"],
      ];
  const items = rows
    .map(([key, equity, best]) => `<li${best ? ' class="best"' : ""}>${escapeHtml(t(key))} <span class="equity">${escapeHtml(signed(equity))}</span></li>`)
    .join("");
  const proper = doubling
    ? t("cubeHint.proper", { action: t(`cubeHint.action.${hint.proper}`) })
    : t("cubeHint.answer", { action: t(`cubeHint.${hint.answer}`) });
  return `<strong>${escapeHtml(t(doubling ? "cubeHint.title" : "cubeHint.titleTake"))}</strong><ul class="cube-hint">${items}</ul><p class="cube-proper">${escapeHtml(proper)}</p>`;
}
