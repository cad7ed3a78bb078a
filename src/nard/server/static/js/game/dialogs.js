// @ts-check
// The game page's questions: take or pass, accept a resignation, how much to resign, and
// the end of a game (the next game, the analysis, a rematch).
import { api } from "../api.js";
import { t, tWho } from "../i18n.js";
import { diceText } from "../notation.js";
import { other } from "../shared/locations.js";
import { dialog, toast } from "../ui.js";
import { actingSide, canDo, isYou } from "./model.js";
import { sideName } from "./views.js";

/** @typedef {import("./model.js").Model} Model */
/** @typedef {import("../shared/types.js").EventView} EventView */
/** @typedef {(choice: string) => void} Send */

/**
 * Doubled: take, drop, beaver, or (against the computer) ask for a cube hint.
 * @param {Model} model
 * @param {() => void} cubeHint
 * @returns {Promise<string | null>}
 */
export function askCube(model, cubeHint) {
  const snap = /** @type {NonNullable<Model["snapshot"]>} */ (model.snapshot);
  const value = snap.state.game.cube.value * 2;
  /** @type {{label: string, value?: string, primary?: boolean, keep?: () => void}[]} */
  const buttons = [
    { label: t("game.take", { value }), value: "take", primary: true },
    { label: t("game.drop"), value: "drop" },
  ];
  if (canDo(model, "beaver")) buttons.push({ label: t("game.beaver"), value: "beaver" });
  if (snap.mode === "bot") buttons.push({ label: t("game.cubeHint"), keep: cubeHint });
  const acting = actingSide(model);
  const title = t("game.cubeQuestion", {
    name: sideName(model, acting ? other(acting) : null),
    value,
  });
  return dialog(
    title,
    t("game.cubeExplain", { value, count: snap.state.game.cube.value }),
    buttons,
    "cube-answer",
  );
}

/**
 * The opponent offers to resign: accept or refuse.
 * @param {Model} model
 * @returns {Promise<string | null>}
 */
export function askResignation(model) {
  const offer = model.snapshot?.state.game.resignation;
  if (!offer) return Promise.resolve(null);
  return dialog(
    t("game.resignOffered", { name: sideName(model, offer.side), kind: t(`kind.${offer.kind}`) }),
    "",
    [
      { label: t("game.accept"), value: "accept_resignation", primary: true },
      { label: t("game.refuse"), value: "refuse_resignation" },
    ],
  );
}

/**
 * How much to resign (single, gammon, backgammon), or null.
 * @returns {Promise<string | null>}
 */
export function askResignKind() {
  return dialog(t("game.resignTitle"), t("game.resignExplain"), [
    { label: t("game.resignSingle"), value: "single" },
    { label: t("game.resignGammon"), value: "gammon" },
    { label: t("game.resignBackgammon"), value: "backgammon" },
    { label: t("dialog.cancel"), value: null },
  ]);
}

/**
 * What a game-changing event says by the status line, or null.
 * @param {Model} model
 * @param {EventView} event
 * @returns {string | null}
 */
export function announcement(model, event) {
  const name = sideName(model, event.side);
  const you = isYou(model, event.side);
  switch (event.type) {
    case "turn_passed":
      return tWho("game.noPlay", you, { name, dice: diceText(event.roll) });
    case "opening_rolled":
      return event.starter
        ? tWho("game.openingRolled", isYou(model, event.starter), {
            white: event.white,
            black: event.black,
            name: sideName(model, event.starter),
          })
        : t("game.openingTie", { die: event.white });
    case "cube_offered":
      return tWho("game.cubeOffered", you, { name, value: event.value });
    case "cube_taken":
      return tWho("game.cubeTaken", you, { name, value: event.value });
    case "cube_dropped":
      return tWho("game.cubeDropped", you, { name });
    case "beavered":
      return tWho("game.beavered", you, { name, value: event.value });
    case "resign_refused":
      return t("game.resignRefused");
    default:
      return null;
  }
}

/**
 * A game is over: who won, how, the score; then the next game, the analysis, or (the
 * match over) a rematch or home.
 * @param {Model} model
 * @param {string} gameId
 * @param {{winner: import("../shared/types.js").Side, reason?: string, kind?: string, points?: number}} ended
 */
export function showGameOver(model, gameId, ended) {
  const snap = /** @type {NonNullable<Model["snapshot"]>} */ (model.snapshot);
  const { match } = snap.state;
  const you = isYou(model, ended.winner);
  const name = sideName(model, ended.winner);
  const score = t("game.scoreLine", {
    white: sideName(model, "white"),
    black: sideName(model, "black"),
    a: match.score[0],
    b: match.score[1],
  });
  const over = match.over || snap.status === "finished";
  const title =
    model.you.length === 1 ? t(you ? "game.youWon" : "game.youLost") : t("game.won", { name });
  const loser = sideName(model, other(ended.winner));
  // Who is told: the winner ("won"), the loser ("lost"), or a spectator or both seats ("other").
  const who = model.you.length === 1 ? (you ? "won" : "lost") : "other";
  const kind = ended.kind ? t(`kindWin.${ended.kind}`) : "";
  /** @type {string[]} */
  const how = [];
  if (ended.reason === "claimed")
    how.push(who === "lost" ? t("game.byForfeit.lost") : tWho("game.byForfeit", you, { name }));
  else if (ended.reason === "time") how.push(t(`game.byTime.${who}`, { name, loser }));
  else {
    if (ended.reason === "resigned") how.push(t(`game.byResign.${who}`, { loser, kind }));
    if (ended.reason === "dropped") how.push(t(`game.byDrop.${who}`, { loser }));
    if (ended.kind) how.push(tWho("game.overHow", you, { name, kind, count: ended.points ?? 0 }));
  }
  const body = [...how, score, over ? t("game.matchOver") : ""].filter(Boolean).join("\n");
  const buttons = over
    ? [
        { label: t("game.rematch"), value: "rematch", primary: true },
        { label: t("game.analyse"), value: "replay" },
        { label: t("nav.home"), value: "home" },
      ]
    : [
        { label: t("game.nextGame"), value: null, primary: true },
        { label: t("game.analyse"), value: "replay" },
      ];
  dialog(title, body, buttons, "game-over").then((choice) => {
    if (choice === "replay") location.href = `/replay/${gameId}`;
    else if (choice === "home") location.href = "/";
    else if (choice === "rematch") rematch(model, gameId);
  });
}

/**
 * A new game with this one's settings (as this browser made it, else its mode and length).
 * @param {Model} model
 * @param {string} gameId
 */
async function rematch(model, gameId) {
  const stored = JSON.parse(localStorage.getItem(`nard.game.${gameId}`) || "null");
  const snap = /** @type {NonNullable<Model["snapshot"]>} */ (model.snapshot);
  const body = stored || { mode: snap.mode, length: snap.state.match.length };
  try {
    const game = await api("POST", "/api/games", body);
    localStorage.setItem(`nard.game.${game.id}`, JSON.stringify(body));
    location.href = `/game/${game.id}`;
  } catch (error) {
    toast(/** @type {Error} */ (error).message);
  }
}
