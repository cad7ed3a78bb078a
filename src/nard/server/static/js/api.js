// @ts-check
// The server's HTTP API (same origin; the player's cookie travels by itself).
import { lang, t } from "./i18n.js";

/** @typedef {import("./types/wire.js").PlayerPublic} PlayerPublic */

/** A refused request: the HTTP status and the server's JSON body. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {any} body
   */
  constructor(status, body) {
    super(body?.detail || body?.message || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

/**
 * The JSON answer of a request (``body`` sent as JSON). It is ``any`` here: each caller
 * names what it reads with the generated types (static/js/types/wire.d.ts) on the
 * variable it assigns the answer to.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "same-origin",
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { detail: text };
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

/**
 * The current player, or null when this browser has none yet.
 * @returns {Promise<PlayerPublic | null>}
 */
export async function me() {
  // The session answers 200 before a first game too: no 401 in the console.
  /** @type {import("./types/wire.js").SessionView} */
  const session = await api("GET", "/api/session");
  return session.player;
}

/**
 * A refusal's text in the page's language (``fallback`` when the server gave none).
 * @param {unknown} error
 * @param {string} [fallback]
 */
export function refusalText(error, fallback = t("mistakes.failed")) {
  const body = error instanceof ApiError ? error.body : null;
  if (!body) return fallback;
  return (lang === "fa" ? body.message_fa : body.message) || fallback;
}

/**
 * The WebSocket URL of a game (``watch``: a spectator link's token).
 * @param {string} gameId
 * @param {string | null} [watch]
 * @param {number | null} [since]
 */
export function socketUrl(gameId, watch, since) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams();
  if (watch) query.set("watch", watch);
  if (since !== undefined && since !== null) query.set("since", String(since));
  const tail = query.toString() ? `?${query}` : "";
  return `${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}${tail}`;
}
