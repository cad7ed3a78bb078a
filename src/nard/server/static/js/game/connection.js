// @ts-check
// The game page's connection as the player sees it: a banner while the socket is down
// ("Reconnecting…", then a short "Connected again"), the board greyed and refusing input
// with a word why, and the retries (short while the page is seen, see retry.js).
import { t } from "../i18n.js";
import { retryDelay } from "./retry.js";

const AGAIN_MS = 2500;

export class Connection {
  /**
   * @param {HTMLElement} root  the game page
   * @param {() => void} connect  opens a new socket
   */
  constructor(root, connect) {
    this.connect = connect;
    this.page = /** @type {HTMLElement} */ (root.querySelector(".game-page") || root);
    this.wrap = /** @type {HTMLElement} */ (root.querySelector(".board-wrap"));
    this.banner = document.createElement("div");
    this.banner.className = "connection-banner";
    this.banner.setAttribute("role", "status");
    this.banner.setAttribute("aria-live", "polite");
    this.banner.hidden = true;
    this.text = document.createElement("span");
    this.note = document.createElement("span");
    this.note.className = "connection-note";
    this.banner.append(this.text, this.note);
    this.page.prepend(this.banner);
    /** The socket is open. */
    this.up = true;
    /** It was ever open (the first connection shows no "connected again"). */
    this.opened = false;
    this.attempt = 0;
    /** What the banner says now (a key), to redraw it in another language. @type {string | null} */
    this.said = null;
    /** @type {string | null} */
    this.noted = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.hideTimer = undefined;
    this.stopped = false;
    // A press on the greyed board is refused with a word, before the board sees it.
    const refuse = (/** @type {Event} */ event) => {
      if (this.up) return;
      event.preventDefault();
      event.stopPropagation();
      this.refuse();
    };
    for (const type of ["pointerdown", "click", "keydown"])
      this.wrap.addEventListener(type, refuse, true);
    this.now = () => {
      if (!this.up && !this.stopped && document.visibilityState === "visible") this.retryNow();
    };
    window.addEventListener("online", this.now);
    document.addEventListener("visibilitychange", this.now);
  }

  /** The socket opened. */
  restored() {
    clearTimeout(this.timer);
    this.attempt = 0;
    const was = this.up;
    this.up = true;
    this.mark();
    if (!was && this.opened) this.say("connection.again");
    this.opened = true;
    if (!was) {
      clearTimeout(this.hideTimer);
      this.hideTimer = setTimeout(() => {
        if (this.up) this.hide();
      }, AGAIN_MS);
    }
  }

  /** The socket closed: show it and try again soon. */
  lost() {
    if (this.stopped) return;
    if (this.up) {
      this.up = false;
      this.noted = null;
      clearTimeout(this.hideTimer);
      this.mark();
      this.say("connection.down");
    }
    clearTimeout(this.timer);
    const wait = retryDelay(this.attempt, document.visibilityState === "visible");
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), wait);
  }

  retryNow() {
    clearTimeout(this.timer);
    this.connect();
  }

  /** Something the player did could not be sent: say so (the step is not made). */
  refuse() {
    this.noted = "connection.notNow";
    this.draw();
  }

  /**
   * A word under the banner's line, e.g. that a step sent before the drop was not made.
   * @param {string} key
   */
  tell(key) {
    this.noted = key;
    clearTimeout(this.hideTimer);
    this.draw();
    this.hideTimer = setTimeout(() => {
      if (this.up) this.hide();
    }, 8000);
  }

  /** @param {string} key */
  say(key) {
    this.said = key;
    this.draw();
  }

  hide() {
    this.said = null;
    this.noted = null;
    this.draw();
  }

  draw() {
    this.banner.hidden = !this.said && !this.noted;
    this.banner.dataset.state = this.up ? "up" : "down";
    this.text.textContent = this.said ? t(this.said) : "";
    this.note.textContent = this.noted ? t(this.noted) : "";
  }

  mark() {
    this.page.dataset.connection = this.up ? "up" : "down";
    this.wrap.classList.toggle("disconnected", !this.up);
    if (this.up) this.wrap.removeAttribute("aria-disabled");
    else this.wrap.setAttribute("aria-disabled", "true");
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener("online", this.now);
    document.removeEventListener("visibilitychange", this.now);
  }
}
