// The game page: the board, dice, cube, score and the controls, over the game's WebSocket.
import { api, socketUrl } from "./api.js";
import { Board, locOf, other, ownOf, pipCount } from "./board.js";
import { lang, num, onLangChange, t, translate } from "./i18n.js";
import { parsePlay } from "./analysis.js";
import { describeRules, notation } from "./rules.js";
import { settings, saveSettings, SPEED_MS } from "./settings.js";
import { dialog, escapeHtml, toast } from "./ui.js";

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
    <button type="button" class="btn primary" data-action="roll" data-i18n="game.roll"></button>
    <button type="button" class="btn" data-action="undo" data-i18n="game.undo"></button>
    <button type="button" class="btn primary" data-action="confirm" data-i18n="game.confirm"></button>
    <button type="button" class="btn" data-action="double" data-i18n="game.double"></button>
    <button type="button" class="btn" data-action="hint" data-i18n="game.hint" hidden></button>
    <button type="button" class="btn" data-action="resign" data-i18n="game.resign"></button>
    <button type="button" class="btn" data-action="claim" data-i18n="game.claim" hidden></button>
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
    <label><span data-i18n="settings.speed"></span>
      <select name="speed">
        <option value="off" data-i18n="settings.speed.off"></option>
        <option value="fast" data-i18n="settings.speed.fast"></option>
        <option value="normal" data-i18n="settings.speed.normal"></option>
        <option value="slow" data-i18n="settings.speed.slow"></option>
      </select></label>
    <p class="hint-text" data-i18n="settings.dblclick"></p>
  </details>
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
    this.board = new Board(root.querySelector(".board-wrap"), {
      onStep: (from, to) => this.step(from, to),
    });
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
    onLangChange(() => {
      this.drawRefusal();
      this.render();
    });
  }

  async start() {
    this.hintAvailable = await hintOffered();
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
      this.render();
      this.loadRecord();
    } catch (error) {
      this.root.querySelector(".status").textContent = t("game.notFound");
      return;
    }
    this.connect();
  }

  async loadRecord() {
    try {
      const query = this.watch ? `?watch=${encodeURIComponent(this.watch)}` : "";
      this.record = await api("GET", `/api/games/${this.gameId}/record.json${query}`);
      this.render();
    } catch {
      this.record = null;
    }
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
          this.render();
        }
        break;
      case "ack":
        break;
      case "error":
        this.busy = false;
        if (message.code !== "seeds_fixed") this.refused(message);
        break;
      default:
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
    if (game) this.snapshot = { ...this.snapshot, ...game };
    if (events.length) this.clearHint();
    // After a game ends the state already holds the next game: keep the final
    // position on the board until someone rolls again.
    if (events.some((event) => event.type === "game_over")) this.finalBoard = this.board.model?.board;
    if (events.some((event) => event.type === "opening_rolled" || event.type === "dice_rolled")) {
      this.finalBoard = null;
    }
    let rolled = false;
    for (const event of events) {
      if (event.type === "dice_rolled") rolled = true;
      this.announce(event);
    }
    this.render();
    if (rolled) this.board.rollDice(ms);
    for (const event of events) {
      if (event.type === "game_over") this.gameOver(event);
    }
    if (this.snapshot.status === "finished" && !events.length) this.finishedOnLoad();
    this.automate();
  }

  announce(event) {
    const name = (side) => this.sideName(side);
    switch (event.type) {
      case "turn_passed":
        this.say(this.you.length === 1 && event.side === this.you[0]
            ? t("game.noPlayYou", { dice: diceText(event.roll) })
            : t("game.noPlay", { name: name(event.side), dice: diceText(event.roll) }));
        break;
      case "opening_rolled":
        this.say(event.starter
          ? t(this.you.length === 1 && event.starter === this.you[0] ? "game.openingYouStart" : "game.openingRolled", {
              white: event.white,
              black: event.black,
              name: name(event.starter),
            })
          : t("game.openingTie", { die: event.white }));
        break;
      case "cube_offered":
        this.say(t("game.cubeOffered", { name: name(event.side), value: event.value }));
        break;
      case "cube_taken":
        this.say(t("game.cubeTaken", { name: name(event.side), value: event.value }));
        break;
      case "cube_dropped":
        this.say(t("game.cubeDropped", { name: name(event.side) }));
        break;
      case "resign_refused":
        this.say(t("game.resignRefused"));
        break;
      case "dice_rolled":
      case "play_made":
      case "game_over":
        // A notice stays a few seconds even when the bot answers at once.
        if (this.notice && Date.now() > this.notice.until) this.notice = null;
        break;
      default:
        break;
    }
  }

  /** Show ``text`` by the status line for a few seconds at least. */
  say(text) {
    const notice = { text, until: Date.now() + 3500 };
    this.notice = notice;
    setTimeout(() => {
      if (this.notice === notice) {
        this.notice = null;
        this.render();
      }
    }, 12000);
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

  viewSide() {
    return this.you.length === 1 ? this.you[0] : "white";
  }

  sideName(side) {
    const seat = this.snapshot?.seats.find((item) => item.side === side);
    if (this.you.length === 1 && side === this.you[0]) return t("game.you");
    if (this.you.length > 1) return t(`side.${side}`);
    if (seat?.is_bot) return t("game.computer");
    return seat?.name || t(`side.${side}`);
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
    const diceSide = game.dice ? game.turn : null;
    const frozen = this.finalBoard && game.phase === "opening" ? this.finalBoard : null;
    this.board.render({
      board: frozen || game.board,
      viewSide,
      homeRight: settings.homeRight,
      dice: game.dice,
      diceUsed: game.steps.map((step) => step.die),
      diceSide,
      cube: this.cubeInPlay() ? game.cube : null,
      sources,
      targets,
      autoTarget,
      arrows: this.hintArrows || [],
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
  }

  cubeInPlay() {
    return this.record ? this.record.rules.cube !== false : true;
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
      const away = !seat.connected && !seat.is_bot && snap.mode === "friend";
      this.root.querySelector(selector).innerHTML = `
        <span class="swatch swatch-${side}"></span>
        <strong class="seat-name">${escapeHtml(this.sideName(side))}</strong>
        ${turn ? `<span class="turn-badge">${escapeHtml(t("game.toPlay"))}</span>` : ""}
        ${away ? `<span class="away">${escapeHtml(t("game.away"))}</span>` : ""}
        <span class="pips" data-side="${side}">${escapeHtml(t("game.pips", { pips }))}</span>
        <span class="score" data-side="${side}">${escapeHtml(t("game.points", { points: score }))}</span>`;
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
    const crawford = match.crawford ? ` · ${t("game.crawford")}` : "";
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
    if (this.you.length > 1 && acting) line = `${this.sideName(acting)}: ${line}`;
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
    show(
      "hint",
      Boolean(this.hintAvailable && playing && this.snapshot.mode === "bot" && !guide?.can_undo),
    );
    const opponent = this.you.length === 1 ? other(this.you[0]) : null;
    const seat = this.snapshot.seats.find((item) => item.side === opponent);
    const away = seat && !seat.connected && !seat.is_bot && this.snapshot.status === "active";
    show("claim", Boolean(away));
    if (acting && game.phase === "cube_offered") this.cubeDialog();
    if (acting && game.phase === "resignation_offered") this.resignationDialog();
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
    this.send("step", this.pendingStep);
    this.render();
  }

  control(action) {
    switch (action) {
      case "roll":
      case "undo":
      case "confirm":
      case "double":
        this.send(action);
        this.render();
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
      default:
        break;
    }
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
    const equity = (value) => num((value >= 0 ? "+" : "") + value.toFixed(3));
    panel.innerHTML = `<strong>${escapeHtml(t("game.hintTitle"))}</strong><ol>${plays
      .map(
        (item, i) =>
          `<li><button type="button" class="link" data-play="${i}"><bdi dir="ltr" class="notation">${escapeHtml(notation(item.play))}</bdi></button> <span class="equity">${escapeHtml(equity(item.equity))}</span>${item.loss > 0 ? ` <span class="loss">(${escapeHtml(num((-item.loss).toFixed(3)))})</span>` : ""}</li>`,
      )
      .join("")}</ol>`;
    panel.hidden = !plays.length;
    panel.querySelectorAll("[data-play]").forEach((button) =>
      button.addEventListener("click", () => draw(Number(button.dataset.play))),
    );
    if (plays.length) draw(0);
  }

  clearHint() {
    this.hintArrows = null;
    const panel = this.root.querySelector(".hint-panel");
    panel.hidden = true;
    panel.replaceChildren();
  }

  /** Auto-confirm a finished play; auto-play a step that is the only one possible. */
  automate() {
    const acting = this.actingSide();
    const { game, guide } = this.snapshot.state;
    if (!acting || game.phase !== "playing" || !guide || this.busy || settings.teaching) return;
    const sources = Object.entries(guide.destinations);
    if (!sources.length && guide.can_confirm && settings.autoConfirm) {
      setTimeout(() => this.send("confirm"), 150);
      return;
    }
    if (settings.autoForced && sources.length === 1 && sources[0][1].length === 1 && !guide.can_confirm) {
      const [from, [to]] = sources[0];
      setTimeout(() => {
        if (!this.busy && this.snapshot.state.guide === guide) this.send("step", { from: Number(from), to });
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
    const text = why ? (lang === "fa" ? why.message_fa : why.message_en) : lang === "fa" ? message.message_fa : message.message;
    const rule = (why && why.rule) || message.rule;
    let html = "";
    if (rule) html += `<strong class="rule-name">${escapeHtml(t("rule.label", { id: rule, name: t(`rule.${rule}`) }))}</strong>`;
    html += `<p class="refusal-text">${escapeHtml(text || "")}</p>`;
    // The legal alternative, unless the explanation already names it.
    if (why && why.legal_play && !text.includes(why.legal_play) && !text.includes(notation(why.legal_play))) {
      html += `<p class="legal">${escapeHtml(t("game.legalInstead"))} <bdi dir="ltr" class="notation">${escapeHtml(notation(why.legal_play))}</bdi></p>`;
    }
    box.innerHTML = `${html}<button type="button" class="close" aria-label="${escapeHtml(t("dialog.close"))}">×</button>`;
    box.hidden = false;
    box.dataset.code = message.code;
    box.querySelector(".close").addEventListener("click", () => this.hideRefusal());
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
    dialog(t("game.cubeQuestion", { name: this.sideName(other(this.actingSide())), value }), t("game.cubeExplain", { value, points: game.cube.value }), buttons).then((choice) => {
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
    if (this.shownOver.has(key)) return;
    this.shownOver.add(key);
    const { match } = this.snapshot.state;
    const winner = this.sideName(event.winner);
    const kind = t(`kind.${event.kind}`);
    const score = t("game.scoreLine", { white: this.sideName("white"), black: this.sideName("black"), a: match.score[0], b: match.score[1] });
    const over = match.over || this.snapshot.status === "finished";
    const title = this.you.length === 1 ? t(event.winner === this.you[0] ? "game.youWon" : "game.youLost") : t("game.won", { name: winner });
    const how = event.kind ? `${t("game.overHow", { name: winner, kind, points: event.points })}\n` : "";
    const body = `${how}${score}${over ? `\n${t("game.matchOver")}` : ""}`;
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

  finishedOnLoad() {
    // The state may already hold the next (unplayed) game: then the match result says who won.
    const last = this.snapshot.state.game.result || this.snapshot.result;
    if (last?.winner && !this.shownOver.size) {
      this.gameOver({ winner: last.winner, kind: last.kind, points: last.points });
    }
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

/** Whether the server offers hints: its OpenAPI description lists the endpoint. */
async function hintOffered() {
  try {
    const spec = await api("GET", "/openapi.json");
    return Boolean(spec?.paths?.["/api/games/{public_id}/hint"]);
  } catch {
    return false;
  }
}

function diceText(dice) {
  return dice ? `${num(dice[0])}-${num(dice[1])}` : "";
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
