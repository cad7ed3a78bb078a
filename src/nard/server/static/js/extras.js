// Clocks, chat and your-turn alerts for the game page, kept apart from game.js.
import { TurnAlerts, askNotifications } from "./alerts.js";
import { ChatPanel } from "./chat.js";
import { ClockPanel } from "./clock.js";
import { translate } from "./i18n.js";
import { saveSettings, settings } from "./settings.js";

const OPTIONS = {
  autoRoll: "clock.autoRoll",
  chatOff: "chat.off",
  turnSound: "clock.turnSound",
  turnNotify: "clock.turnNotify",
};

export class GameExtras {
  constructor(page) {
    this.page = page;
    this.clock = new ClockPanel(page.root);
    this.chat = new ChatPanel(page.root, page);
    this.alerts = new TurnAlerts();
    this.autoRolledAt = -1;
    const panel = page.root.querySelector(".settings-panel");
    for (const [name, labelKey] of Object.entries(OPTIONS)) {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.name = name;
      input.checked = Boolean(settings[name]);
      input.addEventListener("change", () => {
        settings[name] = input.checked;
        saveSettings();
        if (name === "turnNotify" && input.checked) askNotifications();
        // Lines said while the chat was off were not kept: read them again.
        if (name === "chatOff" && !input.checked) this.chat.load();
        this.render();
      });
      const text = document.createElement("span");
      text.dataset.i18n = labelKey;
      label.append(input, " ", text);
      panel.querySelector(".hint-text").before(label);
    }
    translate(page.root);
    this.chat.load();
  }

  receive(message) {
    if (message.type === "chat" && !this.chat.off) this.chat.add(message.line);
  }

  render() {
    const page = this.page;
    const snap = page.snapshot;
    if (!snap) return;
    if (snap.clock !== this.shownClock) {
      this.shownClock = snap.clock;
      this.clock.show(snap.clock ?? null);
    }
    this.chat.render(snap);
    const acting = page.actingSide();
    this.alerts.update(Boolean(acting) && page.you.length === 1, snap.seq);
    this.autoRoll(acting, snap);
  }

  /** Roll for the player when rolling is all they can do (clocked games; an option). */
  autoRoll(acting, snap) {
    if (!acting || !snap.clock || !settings.autoRoll || this.page.busy) return;
    const actions = (snap.state.game.actions[acting] || []).filter((name) => name !== "resign");
    if (actions.length !== 1 || actions[0] !== "roll" || snap.state.game.phase !== "rolling") return;
    if (this.autoRolledAt === snap.seq) return;
    this.autoRolledAt = snap.seq;
    this.page.control("roll");
  }
}
