// @ts-check
// The shapes of the server's messages that the game page and the replay read
// (nard.server.protocol: views.py, frames.py, server.py), as JSDoc types for tsc.

/** @typedef {"white" | "black"} Side */
/** @typedef {{white: number[], black: number[]}} BoardView */
/** @typedef {{value: number, owner: Side | null}} CubeView */
/** @typedef {{from: number, to: number, die: number, hit: boolean}} StepView */
/** @typedef {{winner: Side, kind: string, points: number, reason: string}} GameResultView */

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

/**
 * @typedef {object} GameStateView
 * @property {"opening" | "rolling" | "playing" | "cube_offered" | "resignation_offered" | "over"} phase
 * @property {Side | null} turn
 * @property {Side | null} to_act
 * @property {BoardView} board
 * @property {string} position_id
 * @property {string | null} turn_start_id
 * @property {[number, number] | null} dice
 * @property {StepView[]} steps
 * @property {CubeView} cube
 * @property {boolean} crawford
 * @property {{side: Side, kind: string} | null} resignation
 * @property {GameResultView | null} result
 * @property {{white: string[], black: string[]}} actions
 */

/** @typedef {{length: number | null, score: [number, number], game_number: number, crawford: boolean, over: boolean, winner: Side | null}} MatchInfoView */
/** @typedef {{destinations: Record<string, number[]>, can_confirm: boolean, can_undo: boolean, dice_used: number}} GuideView */
/** @typedef {{match: MatchInfoView, game: GameStateView, guide: GuideView | null}} StateView */
/** @typedef {{side: Side, name: string | null, is_bot: boolean, connected: boolean, claim_in?: number | null}} SeatView */

/**
 * @typedef {object} RulesView
 * @property {boolean} escape_after_hit
 * @property {"home" | "board"} escape_scope
 * @property {boolean} no_home_cover_after_hit
 * @property {boolean} gammon_wins_match
 * @property {boolean} no_backgammon
 * @property {boolean} cube
 */

/** @typedef {{rules: RulesView, length: number | null, crawford: boolean, options: Record<string, unknown>, bot_level: string | null, clock?: string}} SettingsView */
/** @typedef {{winner: Side | null, reason: "match_over" | "claimed" | "time", score: [number, number]}} OutcomeView */
/** @typedef {{preset: string, delay_ms: number, reserve_ms: [number, number], running: Side | null, delay_left_ms: number, flagged: Side | null, server_time: number}} ClockView */

/**
 * What an action can change (an update's ``game``).
 * @typedef {object} GameChanges
 * @property {string} id
 * @property {"waiting" | "active" | "finished"} status
 * @property {number} seq
 * @property {OutcomeView | null} result
 * @property {StateView} state
 * @property {{commitment: string, client_seeds: string[], server_seed: string | null} | null} [fair_dice]
 * @property {ClockView | null} [clock]
 */

/**
 * The whole game (a ``state`` message's ``game``; GET /api/games/{id} adds ``you`` and links).
 * @typedef {GameChanges & {mode: "bot" | "friend" | "hotseat", settings: SettingsView, seats: SeatView[], you?: Side[], invite_url?: string | null, watch_url?: string | null}} GameSnapshot
 */

/** @typedef {{type: string, side?: Side, [field: string]: any}} EventView */
/** @typedef {{type: "update", seq: number, events: EventView[], game?: GameChanges, frames?: FrameView[]}} UpdateMessage */

export {};
