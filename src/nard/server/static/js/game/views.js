// @ts-check
// The game page's views: the seats, the status line, the controls, the rules banner and
// the move list, each drawn from the model (and the page's settings) as it stands.
import { el, fill } from "../dom.js";
import { num, t } from "../i18n.js";
import { playerName } from "../names.js";
import { diceText, notation } from "../notation.js";
import { frameText } from "../shared/frames.js";
import { other } from "../shared/locations.js";
import { showRules } from "../shared/record.js";
import { actingSide, canDo, cubeInPlay, isYou, listedFrames } from "./model.js";

/** @typedef {import("./model.js").Model} Model */
/** @typedef {import("./model.js").Scene} Scene */
/** @typedef {import("../shared/types.js").Side} Side */

const WORDS = { t, num };

/**
 * A side's name as this reader says it: "you", the colour at one screen, the computer,
 * or the player's name.
 * @param {Model} model
 * @param {Side | null | undefined} side
 */
export function sideName(model, side) {
  const seat = model.snapshot?.seats.find((item) => item.side === side);
  if (isYou(model, side)) return t("game.you");
  if (model.you.length > 1) return t(`side.${side}`);
  if (seat?.is_bot) return t("game.computer");
  return playerName(seat?.name ?? null) || t(`side.${side}`);
}

/**
 * Both seats: name, whose turn, away, pips and points.
 * @param {HTMLElement} root
 * @param {Model} model
 * @param {Side} viewSide
 * @param {Scene} shown
 */
export function renderSeats(root, model, viewSide, shown) {
  const snap = model.snapshot;
  if (!snap) return;
  const { match, game } = snap.state;
  /** @type {[string, Side][]} */
  const places = [
    [".seat-bottom", viewSide],
    [".seat-top", other(viewSide)],
  ];
  for (const [selector, side] of places) {
    const seat = snap.seats.find((item) => item.side === side);
    const turn = game.to_act === side && snap.status !== "finished";
    const pips = shown.pips ? shown.pips[side] : null;
    // Away: gone after joining (a seat never taken yet is just waiting for its friend).
    const away =
      seat && !seat.connected && !seat.is_bot && snap.mode === "friend" && snap.status === "active";
    const box = /** @type {HTMLElement} */ (root.querySelector(selector));
    const parts = [
      el("span", { class: `swatch swatch-${side}` }),
      el("strong", { class: "seat-name" }, sideName(model, side)),
      turn ? el("span", { class: "turn-badge" }, t("game.toPlay")) : null,
      away ? el("span", { class: "away" }, t("game.away")) : null,
      el(
        "span",
        { class: "pips", dataset: { side } },
        pips === null ? "" : t("game.pips", { pips }),
      ),
      el(
        "span",
        { class: "score", dataset: { side } },
        t("game.points", { count: match.score[side === "white" ? 0 : 1] }),
      ),
    ];
    // Spaces between the parts, as text flows (a screen reader reads them apart).
    fill(
      box,
      parts.filter(Boolean).flatMap((part, i) => (i ? [" ", part] : [part])),
    );
    box.classList.toggle("on-turn", turn);
  }
}

/**
 * The match line, a notice and the prompt: what this reader is to do, or waits for.
 * @param {HTMLElement} root
 * @param {Model} model
 * @param {{text: string} | null} notice
 * @param {boolean} teaching
 */
export function renderStatus(root, model, notice, teaching) {
  const snap = model.snapshot;
  if (!snap) return;
  const { match, game, guide } = snap.state;
  const acting = actingSide(model);
  const length = match.length
    ? t("game.matchTo", { length: match.length, game: match.game_number })
    : t("game.money");
  // Crawford matters only where the cube does: a match longer than one point, with the cube.
  const crawford =
    match.crawford && (match.length ?? 0) > 1 && cubeInPlay(model)
      ? ` · ${t("game.crawford")}`
      : "";
  const cube =
    cubeInPlay(model) && game.cube.value > 1
      ? ` · ${t("game.cube", { value: game.cube.value })}`
      : "";
  let line = "";
  if (snap.status === "waiting") line = t("game.waitingShort");
  else if (snap.status === "finished" || match.over) line = t("game.matchOver");
  else if (acting) {
    if (game.phase === "opening") line = t("game.openingYou");
    else if (game.phase === "rolling")
      line = t(canDo(model, "double") ? "game.rollOrDouble" : "game.rollNow");
    else if (game.phase === "playing") {
      const dice = diceText(/** @type {import("../shared/types.js").Dice | null} */ (game.dice));
      if (guide && !Object.keys(guide.destinations).length && guide.can_confirm)
        line = t("game.confirmNow", { dice });
      else line = t(teaching ? "game.moveTeaching" : "game.moveNow", { dice });
    } else if (game.phase === "cube_offered") line = t("game.answerCube");
    else if (game.phase === "resignation_offered") line = t("game.answerResign");
  } else if (model.you.length === 0) line = t("game.watching");
  else {
    const waitingFor = game.to_act || game.turn;
    const seat = snap.seats.find((item) => item.side === waitingFor);
    line = seat?.is_bot
      ? t("game.botThinking")
      : t("game.opponentTurn", { name: sideName(model, waitingFor) });
    if (game.phase === "opening") line = t("game.openingWait");
  }
  if (model.you.length > 1 && acting)
    line = t("game.sidePrompt", { side: sideName(model, acting), prompt: line });
  fill(
    /** @type {HTMLElement} */ (root.querySelector(".status")),
    el("span", { class: "match-line" }, length + crawford + cube),
    " ",
    notice ? el("span", { class: "notice" }, notice.text) : null,
    " ",
    el("span", { class: "prompt" }, line),
  );
}

/**
 * Which controls show, and which may be pressed (none while an action is in flight).
 * @param {HTMLElement} root
 * @param {Model} model
 */
export function renderControls(root, model) {
  const snap = model.snapshot;
  if (!snap) return;
  const { game, guide } = snap.state;
  const acting = actingSide(model);
  /** @type {(action: string, visible: boolean, enabled?: boolean) => void} */
  const show = (action, visible, enabled = true) => {
    const button = /** @type {HTMLButtonElement} */ (
      root.querySelector(`[data-action="${action}"]`)
    );
    button.hidden = !visible;
    button.disabled = !enabled || model.busy;
  };
  const playing = Boolean(acting && game.phase === "playing");
  show("roll", canDo(model, "roll"));
  show("undo", playing, Boolean(guide?.can_undo));
  show("confirm", playing, Boolean(guide?.can_confirm));
  show("double", canDo(model, "double") && cubeInPlay(model));
  show("resign", canDo(model, "resign"));
  show("hint", Boolean(playing && snap.mode === "bot" && !guide?.can_undo));
  const mayDouble = Boolean(
    acting && game.phase === "rolling" && canDo(model, "double") && cubeInPlay(model),
  );
  show("cubeHint", mayDouble && snap.mode === "bot");
}

/**
 * The rules of the game, prominent before its first roll.
 * @param {HTMLElement} root
 * @param {Model} model
 */
export function renderRules(root, model) {
  const banner = /** @type {HTMLElement} */ (root.querySelector(".rules-banner"));
  const snap = model.snapshot;
  if (!snap?.settings) {
    banner.hidden = true;
    return;
  }
  const { match, game } = snap.state;
  banner.hidden = false;
  banner.classList.toggle("prominent", match.game_number === 1 && game.phase === "opening");
  // The match line above says the match's length (or a money game): said once.
  showRules(banner, snap.settings, { length: false });
}

/**
 * The game's moves so far: each made turn's dice and play in gnubg notation, the cube,
 * resignations, results, and each game's start in a longer match.
 * @param {HTMLElement} root
 * @param {Model} model
 */
export function renderMoves(root, model) {
  const list = /** @type {HTMLElement | null} */ (root.querySelector(".game-moves"));
  if (!list) return;
  const items = listedFrames(model.frames).map((frame) => {
    const side = frame.side ? t(`side.${frame.side}`) : "";
    if (frame.kind === "play") {
      return el(
        "li",
        { class: "move", dataset: { side: frame.side ?? "" } },
        t("moves.play", { side, dice: diceText(frame.dice) }),
        " ",
        el("bdi", { dir: "ltr", class: "notation" }, notation(frame.play || "")),
      );
    }
    if (frame.kind === "pass") {
      return el(
        "li",
        { class: "move", dataset: { side: frame.side ?? "" } },
        t("moves.pass", { side, dice: diceText(frame.dice) }),
      );
    }
    const text = frameText(frame, WORDS);
    return el(
      "li",
      { class: frame.kind === "start" ? "game-start" : null },
      t(text.key, text.vars),
    );
  });
  fill(list, items);
  /** @type {HTMLElement} */ (list.closest(".moves")).hidden = !items.length;
  list.scrollTop = list.scrollHeight;
}
