// @ts-check
// The game page's controller: it owns the socket, the timers and the board's input; each
// message goes through the model's functions, then the views draw the new model.
import { api, socketUrl } from "../api.js";
import { Board } from "../board.js";
import { GameExtras } from "../extras.js";
import { lang, onLangChange, t } from "../i18n.js";
import { SPEED_MS, settings } from "../settings.js";
import { framesPath } from "../shared/frames.js";
import { locOf } from "../shared/locations.js";
import { toast } from "../ui.js";
import { Advice } from "./advice.js";
import { Connection } from "./connection.js";
import { announcement, askCube, askResignKind, askResignation, showGameOver } from "./dialogs.js";
import { shortcutAction } from "./keys.js";
import * as M from "./model.js";
import { RefusalBox } from "./refusal.js";
import { absolute, bindSettings, copyInvite, notFound } from "./template.js";
import { ClaimCountdown, Notices } from "./timers.js";
import { Turn } from "./turn.js";
import { renderControls, renderMoves, renderRules, renderSeats, renderStatus } from "./views.js";

/** @typedef {import("./model.js").Model} Model */
/** @typedef {import("./refusal.js").Refusal} Refusal */
/** @typedef {import("../shared/types.js").EventView} EventView */
/** @typedef {import("../shared/types.js").GameSnapshot} GameSnapshot */
/** @typedef {import("../shared/types.js").UpdateMessage} UpdateMessage */

export class GamePage {
  /**
   * @param {HTMLElement} root  the page, its template in place
   * @param {string} gameId
   * @param {string | null} watch  a spectator link's token
   */
  constructor(root, gameId, watch) {
    this.root = root;
    this.gameId = gameId;
    this.watch = watch;
    /** @type {Model} */
    this.model = M.emptyModel();
    /** @type {WebSocket | null} */
    this.socket = null;
    this.messageId = 0;
    /** The seq an action was sent at, until the server answers it. @type {number | null} */
    this.unanswered = null;
    /** The seq of an action sent but unanswered when the socket went down. @type {number | null} */
    this.dropped = null;
    this.closed = false;
    this.queue = Promise.resolve();
    this.notices = new Notices(() => this.render());
    this.refusal = new RefusalBox(this);
    this.advice = new Advice(this);
    this.turn = new Turn(this);
    /** @type {string | null} */
    this.openDialog = null;
    this.shownOver = new Set();
    this.framesAsked = 0;
    this.seeded = false;
    /** The frames the move list was drawn from. @type {unknown} */
    this.listed = null;
    this.board = new Board(/** @type {HTMLElement} */ (root.querySelector(".board-wrap")), {
      onStep: (from, to) => this.turn.step(from, to),
    });
    this.board.svg.setAttribute("aria-label", t("game.boardLabel"));
    this.keys = (/** @type {KeyboardEvent} */ event) => this.shortcut(event);
    document.addEventListener("keydown", this.keys);
    for (const button of root.querySelectorAll("[data-action]")) {
      const action = /** @type {HTMLElement} */ (button).dataset.action || "";
      button.addEventListener("click", () => this.control(action));
    }
    root.querySelector("[data-copy]")?.addEventListener("click", () => copyInvite(root));
    bindSettings(root, () => this.render());
    const query = watch ? `?watch=${encodeURIComponent(watch)}` : "";
    /** @type {HTMLAnchorElement} */ (root.querySelector(".record-link")).href =
      `/api/games/${gameId}/record.mat${query}`;
    /** @type {HTMLAnchorElement} */ (root.querySelector(".replay-link")).href =
      `/replay/${gameId}`;
    this.claim = new ClaimCountdown(root);
    this.extras = new GameExtras(this);
    this.connection = new Connection(root, () => this.connect());
    onLangChange(() => {
      this.connection.draw();
      this.board.svg.setAttribute("aria-label", t("game.boardLabel"));
      this.refusal.draw();
      this.advice.redraw();
      this.listed = null;
      this.render();
    });
  }

  // What the extras (clocks, chat, alerts) read.
  get snapshot() {
    return this.model.snapshot;
  }

  get you() {
    return this.model.you;
  }

  get busy() {
    return this.model.busy;
  }

  actingSide() {
    return M.actingSide(this.model);
  }

  /** A new message id (the chat panel counts on ``messageId`` too). */
  nextId() {
    this.messageId += 1;
    return this.messageId;
  }

  /** The step this page sent last (a refusal's report names it). */
  pendingStep() {
    return this.turn.sent;
  }

  async start() {
    try {
      const query = this.watch ? `?watch=${encodeURIComponent(this.watch)}` : "";
      /** @type {GameSnapshot} */
      const game = await api("GET", `/api/games/${this.gameId}${query}`);
      if (game.watch_url) {
        const url = absolute(game.watch_url);
        const part = /** @type {HTMLElement} */ (this.root.querySelector(".watch-part"));
        part.hidden = false;
        part
          .querySelector("button")
          ?.addEventListener("click", () =>
            navigator.clipboard?.writeText(url).then(() => toast(t("home.copied"))),
          );
      }
      if (game.invite_url)
        /** @type {HTMLInputElement} */ (this.root.querySelector(".invite-link")).value = absolute(
          game.invite_url,
        );
      this.model = M.withSnapshot(this.model, game);
      /** @type {HTMLElement} */ (this.root.querySelector(".game-page")).dataset.mode = game.mode;
      this.claim.note(this.model);
      this.render();
      this.loadFrames();
    } catch (error) {
      if (/** @type {{status?: number}} */ (error).status !== 404) throw error;
      this.closed = true;
      this.connection.stop();
      document.removeEventListener("keydown", this.keys);
      this.board.destroy();
      this.root.replaceChildren(notFound());
      return;
    }
    this.connect();
  }

  /** Every frame of the match so far (GET /frames); the socket's updates add to them. */
  async loadFrames() {
    // Only the newest answer counts: an older one may arrive after it.
    this.framesAsked += 1;
    const asked = this.framesAsked;
    let answer;
    try {
      answer = await api("GET", framesPath(this.gameId, this.watch));
    } catch {
      return;
    }
    if (asked !== this.framesAsked) return;
    this.framesAsked = 0;
    this.seeded = false;
    /** The frames the move list was drawn from. @type {unknown} */
    this.listed = null;
    this.model = M.withFrames(this.model, answer);
    this.render();
    if (this.model.snapshot?.status === "finished") this.finishedOnLoad();
  }

  // -- connection ----------------------------------------------------------------------

  connect() {
    // Every connection starts with a full ``state``; frames missed while away are read again.
    const socket = new WebSocket(socketUrl(this.gameId, this.watch));
    this.socket = socket;
    socket.addEventListener("open", () => this.connection.restored());
    socket.addEventListener("message", (event) => this.receive(JSON.parse(event.data)));
    socket.addEventListener("close", () => {
      if (this.closed || this.socket !== socket) return;
      // An action sent but not answered may or may not have been made: the next ``state``
      // tells (its seq moved on or not), and the player is told if it was not.
      if (this.unanswered !== null) this.dropped = this.unanswered;
      this.unanswered = null;
      this.model = M.withBusy(this.model, false);
      this.extras.clock.freeze();
      this.connection.lost();
      this.render();
    });
  }

  /**
   * A ``state`` after the socket came back: was the action sent before the drop made?
   * @param {GameSnapshot} game
   */
  settleDropped(game) {
    if (this.dropped === null) return;
    if (game.seq <= this.dropped) {
      this.turn.refused();
      this.connection.tell("connection.notMade");
    }
    this.dropped = null;
  }

  /** @param {any} message */
  receive(message) {
    switch (message.type) {
      case "welcome":
        this.model = M.withYou(this.model, message.you);
        this.addClientSeed();
        break;
      case "state":
        this.unanswered = null;
        this.settleDropped(message.game);
        this.enqueue(() =>
          this.apply(message.game, { type: "update", seq: message.game.seq, events: [] }),
        );
        break;
      case "update":
        if (this.unanswered !== null && message.seq > this.unanswered) this.unanswered = null;
        this.enqueue(() => this.apply(null, message));
        break;
      case "presence":
        if (this.model.snapshot) {
          this.model = M.withSeats(this.model, message.seats);
          this.claim.note(this.model);
          this.render();
        }
        break;
      case "ack":
        break;
      case "cube_hint":
        this.advice.answered(message);
        break;
      case "error":
        this.error(message);
        break;
      default:
        this.extras.receive(message);
        break;
    }
  }

  /** @param {Refusal} message */
  error(message) {
    if (this.advice.refused(message)) return;
    this.unanswered = null;
    this.model = M.withBusy(this.model, false);
    this.turn.refused();
    if (message.code === "seeds_fixed") return;
    this.refusal.refused(message);
    if (this.refusal.shown) this.render();
  }

  /**
   * Mix this browser's own random seed into the fair dice (docs/protocol.md), once,
   * before the first roll: then not even the server alone chose the dice.
   */
  addClientSeed() {
    const snap = this.model.snapshot;
    if (this.seeded || !snap?.fair_dice || !this.model.you.length || !this.socket) return;
    const { match, game } = snap.state;
    if (match.game_number !== 1 || game.phase !== "opening" || snap.seq > 0) return;
    this.seeded = true;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const seed = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    this.socket.send(JSON.stringify({ type: "client_seed", id: this.nextId(), seed }));
  }

  /** @param {() => Promise<void>} work */
  enqueue(work) {
    this.queue = this.queue.then(work).catch((error) => console.error(error));
  }

  /**
   * @param {string} type
   * @param {Record<string, unknown>} extra
   */
  send(type, extra = {}) {
    const snap = this.model.snapshot;
    if (!snap) return;
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
      // Never dropped silently: the player hears it was not sent.
      this.connection.refuse();
      this.render();
      return;
    }
    /** @type {Record<string, unknown>} */
    const message = { type, id: this.nextId(), seq: snap.seq, ...extra };
    if (this.model.you.length > 1) {
      const side = this.actingSide();
      if (side) message.side = side;
    }
    this.model = M.withBusy(this.model, true);
    this.refusal.hide();
    this.unanswered = snap.seq;
    this.socket.send(JSON.stringify(message));
  }

  // -- state ---------------------------------------------------------------------------

  /**
   * A ``state`` (``game`` given) or an ``update``: show its steps and plays moving, then
   * take the new model and draw it.
   * @param {GameSnapshot | null} game
   * @param {UpdateMessage} update
   */
  async apply(game, update) {
    const before = this.model;
    const current = before.snapshot;
    // Catch-up updates (after a sync) come without the game, and updates already covered
    // by a state: only their frames count.
    const live = Boolean(game || (update.game && update.seq > (current?.seq ?? -1)));
    const events = game || !live ? [] : update.events;
    if (game && current && game.seq < current.seq) return;
    const ms = SPEED_MS[/** @type {keyof typeof SPEED_MS} */ (settings.speed)] ?? 250;
    for (const event of events) {
      if (event.type === "play_made" && current) {
        const prior = current.state.game;
        const shown = prior.phase === "playing" && prior.steps.length > 0;
        if (!shown && event.side && event.play.length)
          await this.board.animate(event.side, event.play, ms);
      } else if (event.type === "step_made" && event.side && !before.you.includes(event.side)) {
        await this.board.animate(event.side, [event.step], ms);
      }
    }
    this.model = game
      ? M.withBusy(M.withSnapshot(this.model, game), false)
      : M.withUpdate(this.model, update);
    if (!live) {
      this.render();
      return;
    }
    if (game) {
      this.claim.note(this.model);
      if (M.framesBehind(this.model) && !this.framesAsked) this.loadFrames();
    }
    if (events.length) this.advice.clear();
    let rolled = false;
    for (const event of events) {
      if (event.type === "dice_rolled" || event.type === "opening_rolled") {
        rolled = true;
        this.turn.rolled();
        // A notice belongs to the turn it was said in: a later roll ends it (after a
        // few seconds at least, even when the bot answers at once).
        if (event.type === "dice_rolled") this.notices.turnEnded();
      }
      const said = announcement(this.model, event);
      if (said) this.notices.say(said);
    }
    this.render();
    if (rolled) this.board.rollDice(ms);
    for (const event of events) {
      if (event.type === "game_over")
        this.gameOver({
          winner: event.winner,
          kind: event.kind,
          points: event.points,
          reason: event.reason,
        });
    }
    if (game && this.model.snapshot?.status === "finished" && this.model.frames.length)
      this.finishedOnLoad();
    this.turn.next(events);
  }

  // -- drawing -------------------------------------------------------------------------

  render() {
    const model = this.model;
    const snap = model.snapshot;
    const shown = M.scene(model);
    if (!snap || !shown) return;
    const view = M.viewSide(model, Boolean(settings.turnBoard));
    const { sources, targets, farthest } = M.movable(model, view, Boolean(settings.teaching));
    const last = shown.lastPlay;
    this.board.render({
      board: shown.board,
      viewSide: view,
      homeRight: settings.homeRight,
      dice: shown.dice,
      diceUsed: shown.diceUsed,
      diceSide: shown.diceSide,
      diceLast: shown.diceLast,
      cube: shown.cube,
      sources,
      targets,
      autoTarget: farthest,
      arrows: this.advice.arrows || [],
      lastMove: last
        ? last.steps.map(({ from, to }) => ({
            from: locOf(last.side, from, view),
            to: locOf(last.side, to, view),
          }))
        : [],
    });
    renderSeats(this.root, model, view, shown);
    renderStatus(this.root, model, this.notices.shown, Boolean(settings.teaching));
    renderControls(this.root, model);
    this.claim.render(snap.status === "active");
    const acting = M.actingSide(model);
    if (acting && snap.state.game.phase === "cube_offered")
      this.ask("cube", () => askCube(this.model, () => this.advice.askCube()));
    if (acting && snap.state.game.phase === "resignation_offered")
      this.ask("resignation", () => askResignation(this.model));
    renderRules(this.root, model);
    if (this.listed !== model.frames) {
      this.listed = model.frames;
      renderMoves(this.root, model);
    }
    /** @type {HTMLElement} */ (this.root.querySelector(".invite-box")).hidden =
      snap.status !== "waiting";
    this.extras.render();
  }

  /**
   * Ask a question once while it is open; the answer is sent.
   * @param {string} name
   * @param {() => Promise<string | null>} question
   */
  ask(name, question) {
    if (this.openDialog === name) return;
    this.openDialog = name;
    question().then((choice) => {
      this.openDialog = null;
      if (choice) this.send(choice);
    });
  }

  // -- actions -------------------------------------------------------------------------

  /** @param {string} action */
  control(action) {
    switch (action) {
      case "roll":
      case "confirm":
      case "double":
        this.send(action);
        this.render();
        break;
      case "undo":
        this.turn.undo();
        break;
      case "resign":
        askResignKind().then((kind) => {
          if (kind) this.send("resign", { kind });
        });
        break;
      case "claim":
        this.send("claim");
        break;
      case "hint":
        this.advice.hint();
        break;
      case "cubeHint":
        this.advice.askCube();
        break;
      default:
        break;
    }
  }

  /** @param {KeyboardEvent} event */
  shortcut(event) {
    const action = shortcutAction(event, this.root);
    if (!action) return;
    event.preventDefault();
    this.control(action);
  }

  // -- the end -------------------------------------------------------------------------

  /**
   * @param {{winner: import("../shared/types.js").Side, kind?: string, points?: number, reason?: string}} ended
   * @param {boolean} onLoad  a finished match opened later
   */
  gameOver(ended, onLoad = false) {
    const snap = this.model.snapshot;
    if (!snap) return;
    const key = `${snap.state.match.game_number}-${ended.winner}-${snap.seq}`;
    if (this.shownOver.has(key) || (this.shownOver.size && onLoad)) return;
    this.shownOver.add(key);
    showGameOver(this.model, this.gameId, ended);
  }

  /** A finished game opened later: how it ended, from the last result frame. */
  finishedOnLoad() {
    const ended = M.endedOnLoad(this.model);
    if (ended) this.gameOver(ended, true);
  }
}
