// @ts-check
// Plays and dice in the page's language. The server writes plays in gnubg notation
// ("24/18 13/11*", "bar/22", "6/off", "8/5(2)"); the page only translates them.
import { lang, num, t } from "./i18n.js";

/**
 * gnubg notation in the page's language: Persian digits and words for bar and off.
 * @param {string} text
 */
export function notation(text) {
  if (lang !== "fa") return text;
  return num(text.replace(/bar/g, t("word.bar")).replace(/off/g, t("word.off")));
}

/**
 * Dice as "6-4" in the page's digits, kept left to right.
 * @param {readonly number[] | null | undefined} dice
 */
export function diceText(dice) {
  return dice ? `\u2066${num(dice[0])}-${num(dice[1])}\u2069` : "";
}
