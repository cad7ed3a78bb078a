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
/** @typedef {[number, number]} Dice */

/**
 * The whole game (a ``state`` message's ``game``); GET /api/games/{id} adds ``you`` and links.
 * @typedef {import("../types/wire").GameSnapshot & Partial<Pick<import("../types/wire").GamePublic, "you" | "invite_url" | "watch_url">>} GameSnapshot
 */

/** One visible moment of a match. @typedef {import("../types/wire").FrameView} FrameView */
/** @typedef {import("../types/wire").FramesPublic} FramesPublic */

/** An event, read by its ``type``. @typedef {{type?: string, side?: Side, [field: string]: any}} EventView */
/** An ``update`` (the frames it made are always sent). @typedef {{type?: "update", seq: number, events: EventView[], game?: GameChanges | null, frames?: FrameView[]}} UpdateMessage */

export {};
