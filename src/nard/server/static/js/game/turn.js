// @ts-check
// The player's turn on the game page: steps from the board, undo back to a free choice,
// and the steps and confirmations the page makes by itself (a forced step, auto-confirm).
import { SPEED_MS, settings } from "../settings.js";
import { ownOf } from "../shared/locations.js";
import { actingSide, canDo, viewSide } from "./model.js";

/**
 * What the turn needs of its page.
 * @typedef {object} PlayingPage
 * @property {import("./model.js").Model} model
 * @property {(type: string, extra?: Record<string, unknown>) => void} send
 * @property {() => void} render
 */

/** @typedef {import("../shared/types.js").EventView} EventView */

const pause = () => SPEED_MS[/** @type {keyof typeof SPEED_MS} */ (settings.speed)] ?? 250;

export class Turn {
  /** @param {PlayingPage} page */
  constructor(page) {
    this.page = page;
    /** Steps of this turn the page played by itself (forced), by index. @type {Set<number>} */
    this.auto = new Set();
    /** Undos still to send to reach the step the player chose to take back. */
    this.undos = 0;
    /** After an undo the page makes no forced step until the player moves again. */
    this.hold = false;
    /** The step sent last. @type {{from: number, to: number} | null} */
    this.sent = null;
  }

  /**
   * A step made on the board (its locations), sent as the acting side's own points.
   * @param {string} fromLoc
   * @param {string} toLoc
   */
  step(fromLoc, toLoc) {
    const model = this.page.model;
    const side = actingSide(model);
    if (!side || model.busy) return;
    const view = viewSide(model, Boolean(settings.turnBoard));
    this.sent = { from: ownOf(side, fromLoc, view), to: ownOf(side, toLoc, view) };
    this.hold = false;
    this.page.send("step", this.sent);
    this.page.render();
  }

  /**
   * Undo back to a free choice: the steps the page played by itself (forced) go back
   * together with the player's step before them, and are not replayed until the player
   * moves again (a forced step left at the start of the turn is then theirs to make).
   */
  undo() {
    const model = this.page.model;
    if (!canDo(model, "undo")) return;
    const made = model.snapshot?.state.game.steps.length ?? 0;
    let count = 0;
    while (count < made && this.auto.has(made - 1 - count)) {
      this.auto.delete(made - 1 - count);
      count += 1;
    }
    if (count < made) count += 1;
    this.hold = true;
    this.undos = count - 1;
    this.page.send("undo");
    this.page.render();
  }

  /** A new roll: a new turn. */
  rolled() {
    this.auto.clear();
    this.hold = false;
  }

  /** The server refused an action: the undos still to send are off. */
  refused() {
    this.undos = 0;
  }

  /**
   * After an update's events: the next undo of a chain, or what the page does by itself.
   * @param {EventView[]} events
   */
  next(events) {
    const model = this.page.model;
    if (!model.snapshot?.state.game.steps.length) this.auto.clear();
    if (
      this.undos > 0 &&
      events.some((event) => event.type === "step_undone") &&
      canDo(model, "undo")
    ) {
      this.undos -= 1;
      this.page.send("undo");
      return;
    }
    this.automate();
  }

  /** Auto-confirm a finished play; auto-play a step that is the only one possible. */
  automate() {
    const model = this.page.model;
    const snap = model.snapshot;
    const guide = snap?.state.guide;
    if (
      !actingSide(model) ||
      snap?.state.game.phase !== "playing" ||
      !guide ||
      model.busy ||
      settings.teaching ||
      this.undos
    )
      return;
    const sources = Object.entries(guide.destinations);
    if (!sources.length && guide.can_confirm && settings.autoConfirm) {
      setTimeout(() => this.page.send("confirm"), 150);
      return;
    }
    if (
      settings.autoForced &&
      !this.hold &&
      sources.length === 1 &&
      sources[0][1].length === 1 &&
      !guide.can_confirm
    ) {
      const [from, [to]] = sources[0];
      setTimeout(() => {
        const now = this.page.model;
        if (now.busy || this.hold || now.snapshot?.state.guide !== guide) return;
        this.auto.add(now.snapshot.state.game.steps.length);
        this.page.send("step", { from: Number(from), to });
      }, pause() + 200);
    }
  }
}
