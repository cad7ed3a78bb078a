// The server's HTTP API (same origin; the player's cookie travels by itself).
export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.detail || body.message)) || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

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

/** The current player, or null when this browser has none yet. */
export async function me() {
  try {
    return await api("GET", "/api/players/me");
  } catch (error) {
    if (error.status === 401) return null;
    throw error;
  }
}

/** The WebSocket URL of a game (``watch``: a spectator link's token). */
export function socketUrl(gameId, watch, since) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = new URLSearchParams();
  if (watch) query.set("watch", watch);
  if (since !== undefined && since !== null) query.set("since", String(since));
  const tail = query.toString() ? `?${query}` : "";
  return `${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}${tail}`;
}
