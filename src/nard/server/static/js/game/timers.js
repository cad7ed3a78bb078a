// @ts-check
// The game page's two timed things: a notice by the status line (a few seconds at least,
// until a later turn) and the countdown before an absent friend's seat may be claimed.
import { t } from "../i18n.js";
import { other } from "../shared/locations.js";

/** @typedef {{text: string, until: number}} Notice */

export class Notices {
  /** @param {() => void} changed  called when the notice shown goes */
  constructor(changed) {
    this.changed = changed;
    /** @type {Notice | null} */
    this.shown = null;
  }

  /**
   * Show ``text`` until a later turn (a few seconds at least, at most 15).
   * @param {string} text
   */
  say(text) {
    const notice = { text, until: Date.now() + 3500 };
    this.shown = notice;
    setTimeout(() => this.end(notice), 15000);
  }

  /** A new turn: the notice goes (once it has been read for a few seconds). */
  turnEnded() {
    if (this.shown) this.end(this.shown);
  }

  /** @param {Notice} notice */
  end(notice) {
    const left = notice.until - Date.now();
    if (left > 0) {
      setTimeout(() => this.end(notice), left);
      return;
    }
    if (this.shown === notice) {
      this.shown = null;
      this.changed();
    }
  }
}

export class ClaimCountdown {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.button = /** @type {HTMLElement} */ (root.querySelector('[data-action="claim"]'));
    this.wait = /** @type {HTMLElement} */ (root.querySelector(".claim-wait"));
    /** When the opponent's seat may be claimed (the page's clock), or null. @type {number | null} */
    this.at = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
  }

  /**
   * Read from the seats when the opponent's seat may be claimed (``claim_in`` seconds).
   * @param {import("./model.js").Model} model
   */
  note(model) {
    const opponent = model.you.length === 1 ? other(model.you[0]) : null;
    const seat = model.snapshot?.seats.find((item) => item.side === opponent);
    const seconds = seat && !seat.connected ? seat.claim_in : null;
    this.at = seconds === null || seconds === undefined ? null : Date.now() + seconds * 1000;
  }

  /**
   * When the friend has left: the claim button once the server allows it, a countdown before.
   * @param {boolean} active  the game is under way
   */
  render(active) {
    const left = this.at === null || !active ? null : Math.ceil((this.at - Date.now()) / 1000);
    this.button.hidden = left === null || left > 0;
    this.wait.hidden = left === null || left <= 0;
    clearTimeout(this.timer);
    if (left !== null && left > 0) {
      this.wait.textContent = t("game.claimIn", { count: left });
      this.timer = setTimeout(() => this.render(active), 1000);
    }
  }
}
