// @ts-check
// "Your turn" in another tab: the title and favicon change, an optional beep, a notification.
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { settings } from "./settings.js";

/** @param {string} color */
function favicon(color) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${color}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const CALM = favicon("#8a5a2b");
const CALLING = favicon("#d62828");

/** @returns {HTMLLinkElement} */
function iconLink() {
  const found = document.querySelector("link[rel='icon']");
  if (found instanceof HTMLLinkElement) return found;
  const link = el("link", { rel: "icon" });
  document.head.append(link);
  return link;
}

/** A short two-note chime made in the page (WebAudio): no sound file to ship. */
function chime() {
  // Safari before 14.1 names it webkitAudioContext.
  const Context =
    window.AudioContext ||
    /** @type {{ webkitAudioContext?: typeof AudioContext }} */ (window).webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  for (const [index, pitch] of [660, 880].entries()) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    const start = audio.currentTime + index * 0.12;
    tone.frequency.value = pitch;
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.25);
  }
  setTimeout(() => audio.close(), 800);
}

export class TurnAlerts {
  constructor() {
    this.calling = false;
    this.baseTitle = document.title;
    /** @type {unknown} the turn called for */
    this.key = null;
  }

  /**
   * Call when whose turn it is may have changed; ``key`` names the turn (its seq).
   * @param {boolean} yourTurn
   * @param {unknown} key
   */
  update(yourTurn, key) {
    if (!yourTurn) {
      if (this.calling) {
        document.title = this.baseTitle;
        iconLink().href = CALM;
      }
      this.calling = false;
      return;
    }
    if (this.calling && this.key === key) return;
    if (!this.calling) this.baseTitle = document.title;
    this.calling = true;
    this.key = key;
    this.announce(t("clock.yourTurn"));
  }

  /**
   * Also for "your challenge was accepted" (the lobby's).
   * @param {string} text
   */
  announce(text) {
    document.title = `● ${text} · ${this.baseTitle}`;
    iconLink().href = CALLING;
    if (settings.turnSound) chime();
    if (document.hidden && settings.turnNotify && window.Notification?.permission === "granted") {
      new Notification(text, { tag: "nard-turn" });
    }
  }
}

/** Ask for notifications when the player turns them on (a click: browsers require one). */
export function askNotifications() {
  if (window.Notification && Notification.permission === "default")
    Notification.requestPermission();
}
