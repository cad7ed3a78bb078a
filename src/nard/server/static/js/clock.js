// @ts-check
// Both clocks of a clocked game, counted down between the server's figures.
import { num, t } from "./i18n.js";

/** @typedef {import("./shared/types.js").ClockView} ClockView */
/** @typedef {import("./shared/types.js").Side} Side */
/** @typedef {{face: HTMLElement, name: HTMLElement, time: HTMLElement, delay: HTMLElement}} Face */

const WARN_MS = 10_000;
/** @type {Side[]} */
const SIDES = ["white", "black"];

/** @param {number} ms */
function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(seconds / 60);
  return num(`${minutes}:${String(seconds % 60).padStart(2, "0")}`);
}

/**
 * A span of ``cls``.
 * @param {string} cls
 */
function span(cls) {
  const node = document.createElement("span");
  node.className = cls;
  return node;
}

export class ClockPanel {
  /** @param {HTMLElement} root  the game page (the clocks go above its status line) */
  constructor(root) {
    this.box = document.createElement("div");
    this.box.className = "clock-panel";
    this.box.hidden = true;
    /** @type {Record<Side, Face>} */
    this.faces = /** @type {any} */ ({});
    for (const side of SIDES) {
      const face = document.createElement("div");
      face.className = "clock";
      face.dataset.side = side;
      const parts = {
        face,
        name: span("clock-name"),
        time: span("clock-time"),
        delay: span("clock-delay"),
      };
      face.append(parts.name, parts.time, parts.delay);
      this.box.append(face);
      this.faces[side] = parts;
    }
    root.querySelector(".status")?.before(this.box);
    /** @type {ClockView | null} */
    this.clock = null;
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.timer = undefined;
    this.receivedAt = 0;
  }

  /**
   * The server's figures, true as they arrive (the page's own time avoids clock skew).
   * @param {ClockView | null} clock
   */
  show(clock) {
    this.clock = clock;
    this.receivedAt = performance.now();
    this.box.hidden = !clock;
    this.box.classList.remove("frozen");
    clearInterval(this.timer);
    this.timer = clock?.running ? setInterval(() => this.draw(), 100) : undefined;
    this.draw();
  }

  /** The connection is down: the clocks stop where they are, greyed, till the server's figures. */
  freeze() {
    if (!this.clock) return;
    this.draw();
    clearInterval(this.timer);
    this.timer = undefined;
    this.clock = null;
    this.box.classList.add("frozen");
  }

  /**
   * What ``side`` has left now: ``{ reserve, delay }`` in milliseconds.
   * @param {ClockView} clock
   * @param {Side} side
   */
  left(clock, side) {
    const reserve = /** @type {[number, number]} */ (clock.reserve_ms)[side === "white" ? 0 : 1];
    if (clock.running !== side) return { reserve, delay: 0 };
    const spent = performance.now() - this.receivedAt;
    const delay = Math.max(0, clock.delay_left_ms - spent);
    const over = Math.max(0, spent - clock.delay_left_ms);
    return { reserve: Math.max(0, reserve - over), delay };
  }

  draw() {
    const clock = this.clock;
    if (!clock) return;
    for (const side of SIDES) {
      const { face, name, time, delay } = this.faces[side];
      const left = this.left(clock, side);
      name.textContent = t(`side.${side}`);
      time.textContent = clockText(left.reserve);
      delay.textContent =
        left.delay > 0 ? t("clock.delay", { seconds: Math.ceil(left.delay / 1000) }) : "";
      face.classList.toggle("running", clock.running === side);
      face.classList.toggle("warning", left.reserve + left.delay <= WARN_MS);
      face.classList.toggle("flagged", clock.flagged === side);
    }
  }
}
