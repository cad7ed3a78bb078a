// @ts-check
// Names the server makes up ("Bot (expert)", "Guest 1234") in the page's language; a
// name a person chose is shown as it is.
import { t } from "./i18n.js";

const BOT = /^Bot \((\w+)\)$/;
const GUEST = /^Guest (\d+)$/;

/**
 * @template {string | null | undefined} N
 * @param {N} name
 * @returns {N | string}
 */
export function playerName(name) {
  if (!name) return name;
  const bot = name.match(BOT);
  if (bot) return t("name.bot", { level: t(`level.${bot[1]}`) });
  const guest = name.match(GUEST);
  if (guest) return t("name.guest", { number: Number(guest[1]) });
  return name;
}
