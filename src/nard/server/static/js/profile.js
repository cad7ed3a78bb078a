// @ts-check
// A player's public profile (rating and its graph, record, recent matches, error rate)
// and the leaderboard.
import { api, me } from "./api.js";
import { lineChart } from "./chart.js";
import { el, fill } from "./dom.js";
import { dateText, fromMatch, gameCells } from "./gamelist.js";
import { decimal, num, onLangChange, t } from "./i18n.js";
import { playerName } from "./names.js";
import { puzzleCounts } from "./practice.js";

/**
 * @typedef {import("./types/wire.js").ProfilePublic} ProfilePublic
 * @typedef {import("./types/wire.js").RecentMatch} RecentMatch
 * @typedef {import("./types/wire.js").PuzzleCountsView} PuzzleCountsView
 */

/** @param {number} value */
function rating(value) {
  return decimal(value, 1);
}

/** @param {RecentMatch} match */
function matchRow(match) {
  const change =
    match.rating_change === null
      ? t("rating.unrated")
      : t(match.rating_change >= 0 ? "rating.gain" : "rating.loss", {
          change: decimal(Math.abs(match.rating_change), 2),
        });
  return el(
    "tr",
    { dataset: { game: match.id } },
    gameCells(fromMatch(match)),
    el("td", {}, el("bdi", {}, change)),
    el("td", {}, el("a", { href: match.replay_url }, t("profile.replay"))),
  );
}

/**
 * @param {HTMLElement} root
 * @param {string} playerId
 */
export async function profilePage(root, playerId) {
  fill(root);
  /** @type {ProfilePublic} */
  let profile;
  try {
    profile = await api("GET", `/api/players/${encodeURIComponent(playerId)}/profile`);
  } catch {
    fill(root, el("p", { class: "card" }, t("profile.missing")));
    return;
  }
  // Your own profile shows your practice puzzles (only you see your puzzles).
  /** @type {PuzzleCountsView | null} */
  let puzzles = null;
  try {
    const viewer = await me();
    if (viewer && viewer.id === profile.id) puzzles = await api("GET", "/api/mistakes/counts");
  } catch {
    puzzles = null;
  }
  const practice = () =>
    puzzles && [
      el("h3", {}, t("mistakes.title")),
      puzzleCounts(puzzles),
      el("p", {}, el("a", { class: "btn", href: "/mistakes" }, t("mistakes.practise"))),
    ];
  const draw = () => {
    const ratings = profile.history.map((point) => point.rating);
    const rates = profile.error_rates.map((point) => point.pr);
    fill(
      root,
      el(
        "section",
        { class: "card profile" },
        el("h2", { class: "profile-name" }, playerName(profile.display_name)),
        profile.is_guest ? el("p", { class: "hint-text" }, t("profile.guest")) : null,
        el(
          "dl",
          { class: "profile-facts" },
          el("dt", {}, t("rating.rating")),
          el("dd", { class: "rating-value" }, rating(profile.rating)),
          el("dt", {}, t("rating.experience")),
          el("dd", { class: "experience-value" }, num(profile.experience)),
          el("dt", {}, t("profile.record")),
          el(
            "dd",
            { class: "record-value" },
            t("profile.winsLosses", { wins: profile.wins, losses: profile.losses }),
          ),
        ),
        practice(),
        el("h3", {}, t("rating.graph")),
        ratings.length
          ? lineChart([1500, ...ratings], {
              title: t("rating.graph"),
              labels: [
                t("rating.start"),
                ...profile.history.map((p) =>
                  t(p.replay_url ? "rating.pointReplay" : "rating.point", {
                    date: dateText(p.at),
                    rating: rating(p.rating),
                  }),
                ),
              ],
              links: [null, ...profile.history.map((p) => p.replay_url || null)],
              digits: 0,
            })
          : el("p", { class: "empty" }, t("rating.noneYet")),
        el("h3", {}, t("profile.errorRate")),
        rates.length
          ? lineChart(rates, {
              title: t("profile.errorRate"),
              labels: profile.error_rates.map((p) =>
                t("profile.errorPointReplay", { date: dateText(p.at), pr: decimal(p.pr, 1) }),
              ),
              links: profile.error_rates.map((p) => p.replay_url),
              digits: 1,
            })
          : el("p", { class: "empty" }, t("profile.noAnalyses")),
        el("h3", {}, t("profile.recent")),
        profile.recent.length
          ? el(
              "table",
              { class: "recent" },
              el(
                "thead",
                {},
                el(
                  "tr",
                  {},
                  ["date", "opponent", "length", "rules", "result", "change", "replay"].map((key) =>
                    el("th", {}, t(`profile.col.${key}`)),
                  ),
                ),
              ),
              el("tbody", {}, profile.recent.map(matchRow)),
            )
          : el("p", { class: "empty" }, t("profile.noMatches")),
      ),
    );
  };
  onLangChange(draw);
  draw();
}

/** @param {HTMLElement} root */
export async function leaderboardPage(root) {
  /** @type {import("./types/wire.js").LeaderboardPublic} */
  const board = await api("GET", "/api/leaderboard");
  const draw = () =>
    fill(
      root,
      el(
        "section",
        { class: "card leaderboard" },
        el("h2", {}, t("rating.leaderboard")),
        el("p", { class: "hint-text" }, t("rating.active", { days: board.active_days })),
        board.data.length
          ? el(
              "ol",
              {},
              board.data.map((entry) =>
                el(
                  "li",
                  {},
                  el(
                    "a",
                    { href: `/player/${entry.id}`, class: "player-name" },
                    playerName(entry.display_name),
                  ),
                  el("bdi", { class: "rating" }, ` ${rating(entry.rating)}`),
                ),
              ),
            )
          : el("p", { class: "empty" }, t("rating.nobody")),
      ),
    );
  onLangChange(draw);
  draw();
}
