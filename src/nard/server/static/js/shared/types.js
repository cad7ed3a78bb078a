// @ts-check
// The shapes of the server's messages that the game page and the replay read: the
// generated ones (types/wire.d.ts, from the pydantic models), and the frames'.

/** @typedef {import("../types/wire").BoardView} BoardView */
/** @typedef {import("../types/wire").CubeView} CubeView */
/** @typedef {import("../types/wire").StepView} StepView */
/** @typedef {import("../types/wire").GameResultView} GameResultView */
/** @typedef {import("../types/wire").GameStateView} GameStateView */
/** @typedef {import("../types/wire").MatchInfoView} MatchInfoView */
/** @typedef {import("../types/wire").GuideView} GuideView */
/** @typedef {import("../types/wire").StateView} StateView */
/** @typedef {import("../types/wire").SeatView} SeatView */
/** @typedef {import("../types/wire").RulesView} RulesView */
/** @typedef {import("../types/wire").SettingsView} SettingsView */
/** @typedef {import("../types/wire").OutcomeView} OutcomeView */
/** @typedef {import("../types/wire").ClockView} ClockView */
/** @typedef {import("../types/wire").GameChanges} GameChanges */
/** @typedef {"white" | "black"} Side */
/** Two dice (the generated types write a pair's items as unknown). @typedef {[number, number]} Dice */

/**
 * The whole game (a ``state`` message's ``game``); GET /api/games/{id} adds ``you`` and links.
 * @typedef {import("../types/wire").GameSnapshot & Partial<Pick<import("../types/wire").GamePublic, "you" | "invite_url" | "watch_url">>} GameSnapshot
 */

/**
 * One visible moment of a match (``FrameView``).
 * @typedef {object} FrameView
 * @property {number} game
 * @property {number} move
 * @property {"start" | "opening_tie" | "roll" | "pass" | "play" | "double" | "take" | "beaver" | "drop" | "resign" | "resign_accepted" | "resign_refused" | "result"} kind
 * @property {Side | null} side
 * @property {[number, number] | null} dice
 * @property {[number, number] | null} opening
 * @property {string | null} play
 * @property {StepView[]} steps
 * @property {CubeView} cube
 * @property {BoardView} board
 * @property {[number, number]} pips
 * @property {[number, number]} score
 * @property {GameResultView | null} result
 * @property {string | null} resignation
 * @property {number} seq
 */

/** @typedef {{seq: number, frames: FrameView[]}} FramesPublic */

/** An event, read by its ``type``. @typedef {{type?: string, side?: Side, [field: string]: any}} EventView */
/** An ``update`` (the frames it made are always sent). @typedef {{type?: "update", seq: number, events: EventView[], game?: GameChanges | null, frames?: FrameView[]}} UpdateMessage */

export {};
