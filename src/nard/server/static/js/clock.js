// Both clocks of a clocked game, counted down between the server's figures.
import { num, t } from "./i18n.js";

const WARN_MS = 10_000;

function clockText(ms) {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  const minutes = Math.floor(seconds / 60);
  return num(`${minutes}:${String(seconds % 60).padStart(2, "0")}`);
}

export class ClockPanel {
  constructor(root) {
    this.box = document.createElement("div");
    this.box.className = "clock-panel";
    this.box.hidden = true;
    this.faces = {};
    for (const side of ["white", "black"]) {
      const face = document.createElement("div");
      face.className = "clock";
      face.dataset.side = side;
      const name = document.createElement("span");
      name.className = "clock-name";
      const time = document.createElement("span");
      time.className = "clock-time";
      const delay = document.createElement("span");
      delay.className = "clock-delay";
      face.append(name, time, delay);
      this.box.append(face);
      this.faces[side] = { face, name, time, delay };
    }
    root.querySelector(".status").before(this.box);
    this.clock = null;
    this.timer = null;
  }

  /** The server's figures, true as they arrive (the page's own time avoids clock skew). */
  show(clock) {
    this.clock = clock;
    this.receivedAt = performance.now();
    this.box.hidden = !clock;
    clearInterval(this.timer);
    this.timer = clock?.running ? setInterval(() => this.draw(), 100) : null;
    this.draw();
  }

  /** What each side has left now: ``{ reserve, delay }`` in milliseconds. */
  left(side) {
    const clock = this.clock;
    const index = side === "white" ? 0 : 1;
    if (clock.running !== side) return { reserve: clock.reserve_ms[index], delay: 0 };
    const spent = performance.now() - this.receivedAt;
    const delay = Math.max(0, clock.delay_left_ms - spent);
    const over = Math.max(0, spent - clock.delay_left_ms);
    return { reserve: Math.max(0, clock.reserve_ms[index] - over), delay };
  }

  draw() {
    if (!this.clock) return;
    for (const side of ["white", "black"]) {
      const { face, name, time, delay } = this.faces[side];
      const left = this.left(side);
      name.textContent = t(`side.${side}`);
      time.textContent = clockText(left.reserve);
      delay.textContent = left.delay > 0 ? t("clock.delay", { seconds: Math.ceil(left.delay / 1000) }) : "";
      face.classList.toggle("running", this.clock.running === side);
      face.classList.toggle("warning", left.reserve + left.delay <= WARN_MS);
      face.classList.toggle("flagged", this.clock.flagged === side);
    }
  }
}
