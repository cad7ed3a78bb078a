// "Your turn" in another tab: the title and favicon change, an optional beep, a notification.
import { t } from "./i18n.js";
import { settings } from "./settings.js";

function favicon(color) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${color}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const CALM = favicon("#8a5a2b");
const CALLING = favicon("#d62828");

function iconLink() {
  let link = document.querySelector("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.append(link);
  }
  return link;
}

/** A short two-note chime made in the page (WebAudio): no sound file to ship. */
function chime() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  [660, 880].forEach((pitch, index) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    const start = audio.currentTime + index * 0.12;
    tone.frequency.value = pitch;
    gain.gain.setValueAtTime(0.15, start);
    gain.gain.exponentialRampToValueAtTime(0.001, start + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.25);
  });
  setTimeout(() => audio.close(), 800);
}

export class TurnAlerts {
  constructor() {
    this.calling = false;
    this.baseTitle = document.title;
  }

  /** Call when whose turn it is may have changed; ``key`` names the turn (its seq). */
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

  /** Also for "your challenge was accepted" (the lobby's). */
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
  if (window.Notification && Notification.permission === "default") Notification.requestPermission();
}
