// @ts-check
// One game in a list of games (the home page's, the history's, a profile's recent
// matches): the opponent, the match, the rules, the score, the result and when, written
// the same way on every page. Names go in as text, never as markup.
import { el } from "./dom.js";
import { lang, num, t } from "./i18n.js";
import { playerName } from "./names.js";

/**
 * What a list shows of a game.
 * @typedef {object} GameFacts
 * @property {{ name: string, id: number | null }} opponent
 * @property {number | null} length
 * @property {string} rules
 * @property {number[]} score
 * @property {boolean | null} won null while undecided
 * @property {string} date
 * @property {string | null} ending how the match ended (OutcomeView.ending)
 * @property {string | null} endingKind the last game's result when it ended in play
 * @property {boolean} mine the score is the viewer's first ("yours"), else the player's
 */

/**
 * A moment as every list writes it: the day and the time, in the page's language.
 * @param {string} value an ISO date
 */
export function dateText(value) {
  const when = new Date(value);
  if (Number.isNaN(when.getTime())) return "";
  return new Intl.DateTimeFormat(lang === "fa" ? "fa-IR" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(when);
}

/** @param {string} value */
function timeEl(value) {
  const text = dateText(value);
  return text ? el("time", { datetime: value }, text) : null;
}

/**
 * What a list shows of a game, from a game of ``GET /api/games``: ``opponent`` ({name,
 * id}), ``length``, ``rules``, ``score``, ``won`` (true, false, or null while undecided),
 * ``date``.
 * @param {import("./types/wire.js").GameSummary} game
 * @returns {GameFacts}
 */
export function fromGame(game) {
  const opponent = game.seats.find((seat) => !game.you.includes(seat.side));
  const name =
    game.mode === "hotseat"
      ? t("home.hotseat")
      : playerName(opponent?.name) ||
        (opponent?.is_bot ? t("game.computer") : t("game.waitingFriend"));
  const winner = game.result?.winner;
  // The viewer's score first (White's first when both seats are the viewer's).
  const score =
    game.you[0] === "black" && game.you.length === 1 ? [...game.score].reverse() : game.score;
  return {
    opponent: { name, id: null },
    length: game.length,
    rules: game.rules,
    score,
    won: winner ? game.you.includes(winner) : null,
    date: game.updated_at,
    ending: game.result?.ending ?? null,
    endingKind: game.result?.kind ?? null,
    mine: true,
  };
}

/**
 * The same from a profile's recent match (``GET /api/players/{id}/profile``).
 * @param {import("./types/wire.js").RecentMatch} match
 * @returns {GameFacts}
 */
export function fromMatch(match) {
  const name = match.bot_level
    ? t("name.bot", { level: t(`level.${match.bot_level}`) })
    : (playerName(match.opponent) ?? t("profile.unknownOpponent"));
  return {
    opponent: { name, id: match.bot_level ? null : match.opponent_id },
    length: match.length,
    rules: match.rules,
    score: match.score,
    won: match.won,
    date: match.date,
    ending: match.ending ?? null,
    endingKind: match.ending_kind ?? null,
    mine: false,
  };
}

/** @param {GameFacts} facts */
function opponentEl(facts) {
  const { name, id } = facts.opponent;
  return id
    ? el("a", { href: `/player/${id}`, class: "opponent player-name" }, name)
    : el("span", { class: "opponent" }, name);
}

/** @param {GameFacts} facts */
const lengthText = (facts) =>
  facts.length ? t("game.matchLength", { length: facts.length }) : t("game.money");
/** @param {GameFacts} facts */
const rulesText = (facts) =>
  facts.rules === "custom" ? t("lobby.customRules") : t(`rules.${facts.rules}`);
/** @param {GameFacts} facts */
const scoreText = (facts) => `${num(facts.score[0])}–${num(facts.score[1])}`;
/** @param {GameFacts} facts the score, labelled: whose comes first */
const scoreLabel = (facts) =>
  t(facts.mine ? "list.score" : "list.scorePlayer", {
    mine: num(facts.score[0]),
    theirs: num(facts.score[1]),
  });

/**
 * How the match ended, as a whole sentence ("Lost on time: the clock ran out."), or "".
 * @param {GameFacts} facts
 */
export function endingText(facts) {
  if (facts.won === null || facts.won === undefined || !facts.ending) return "";
  const kind = facts.endingKind ? t(`kindWin.${facts.endingKind}`) : "";
  return t(`ending.${facts.won ? "won" : "lost"}.${facts.ending}`, { kind });
}

/**
 * "Won 1–0", "Lost 0–1", or "Ended 0–0" for a match that ended undecided.
 * @param {GameFacts} facts
 */
export function resultText(facts) {
  const score = scoreText(facts);
  if (facts.won === null || facts.won === undefined) return t("profile.unfinished", { score });
  return t(facts.won ? "profile.won" : "profile.lost", { score });
}

/**
 * A game as a line of a list: opponent · length · rules · score · date (nodes).
 * @param {GameFacts} facts
 */
export function gameLine(facts) {
  const parts = [
    opponentEl(facts),
    lengthText(facts),
    rulesText(facts),
    el("bdi", {}, scoreLabel(facts)),
    timeEl(facts.date),
  ];
  return parts.filter((part) => part !== null).flatMap((part, i) => (i ? [" · ", part] : [part]));
}

/**
 * A game as the cells of a table row: date, opponent, length, rules, result.
 * @param {GameFacts} facts
 */
export function gameCells(facts) {
  return [
    el("td", {}, timeEl(facts.date)),
    el("td", {}, opponentEl(facts)),
    el("td", {}, lengthText(facts)),
    el("td", {}, rulesText(facts)),
    el(
      "td",
      { class: facts.won ? "won" : "lost" },
      el("bdi", {}, resultText(facts)),
      " ",
      el("span", { class: "ending" }, endingText(facts)),
    ),
  ];
}
