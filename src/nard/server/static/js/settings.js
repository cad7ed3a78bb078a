// @ts-check
// Board and play settings, remembered in localStorage.
const KEY = "nard.settings";
const DEFAULTS = {
  teaching: false,
  autoConfirm: false,
  autoForced: true,
  homeRight: true,
  // At one screen: the board turns to the side on roll.
  turnBoard: true,
  speed: "normal",
  autoRoll: true,
  chatOff: false,
  turnSound: false,
  turnNotify: false,
};

export const SPEED_MS = { off: 0, fast: 120, normal: 280, slow: 600 };

export const settings = { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };

export function saveSettings() {
  localStorage.setItem(KEY, JSON.stringify(settings));
}
