// @ts-check
// The lobby: open challenges, quick match, who is online, games to watch, the computer.
// Live over /ws/lobby (the same event bus as games); actions go over HTTP.
import { TurnAlerts } from "./alerts.js";
import { ApiError, api, me } from "./api.js";
import { el, fill, find, findAll } from "./dom.js";
import { num, onLangChange, t, translate } from "./i18n.js";
import { playerName } from "./names.js";
import { toast } from "./ui.js";

/**
 * @typedef {import("./types/wire.js").ChallengeView} ChallengeView
 * @typedef {import("./types/wire.js").LobbyMessage} LobbyMessage
 * @typedef {import("./types/wire.js").LobbyServerMessage} LobbyServerMessage
 * @typedef {import("./types/wire.js").LobbyPlayerView} LobbyPlayerView
 * @typedef {import("./types/wire.js").PlayerPublic} PlayerPublic
 * @typedef {(offer: ChallengeView, mine: boolean) => void} Act
 */

const TEMPLATE = `
<section class="lobby">
  <form class="card guest-name" hidden>
    <h2 data-i18n="lobby.nameTitle"></h2>
    <p data-i18n="lobby.nameHelp"></p>
    <div class="copy-row"><input name="display_name" maxlength="40" required data-i18n-placeholder="lobby.namePlaceholder">
    <button class="btn primary" type="submit" data-i18n="lobby.nameSave"></button>
    <button class="btn" type="button" data-skip data-i18n="lobby.nameSkip"></button></div>
  </form>
  <div class="cards">
    <form class="card" id="quick">
      <h2 data-i18n="lobby.quick"></h2>
      <p class="hint-text" data-i18n="lobby.quickHelp"></p>
      <label><span data-i18n="lobby.length"></span><select name="length"></select></label>
      <label><span data-i18n="lobby.rules"></span><select name="preset">
        <option value="standard" data-i18n="rules.standard"></option>
        <option value="iranian" data-i18n="rules.iranian"></option></select></label>
      <button class="btn primary" type="submit" data-i18n="lobby.playNow"></button>
      <p class="seeking" hidden><span data-i18n="lobby.seeking"></span>
        <button class="btn" type="button" data-stop data-i18n="lobby.stopSeeking"></button></p>
    </form>
    <form class="card" id="challenge">
      <h2 data-i18n="lobby.create"></h2>
      <label><span data-i18n="lobby.length"></span><select name="length"></select></label>
      <label><span data-i18n="lobby.rules"></span><select name="preset">
        <option value="standard" data-i18n="rules.standard"></option>
        <option value="iranian" data-i18n="rules.iranian"></option></select></label>
      <details class="switches"><summary data-i18n="lobby.switches"></summary>
        <label class="check"><input type="checkbox" name="escape_after_hit"> <span data-i18n="lobby.escape"></span></label>
        <label><span data-i18n="lobby.escapeScope"></span><select name="escape_scope">
          <option value="home" data-i18n="scope.home"></option>
          <option value="board" data-i18n="scope.board"></option></select></label>
        <label class="check"><input type="checkbox" name="no_home_cover_after_hit"> <span data-i18n="lobby.noHomeCover"></span></label>
        <label class="check"><input type="checkbox" name="gammon_wins_match"> <span data-i18n="lobby.gammonWins"></span></label>
        <label class="check"><input type="checkbox" name="no_backgammon"> <span data-i18n="lobby.noBackgammon"></span></label>
      </details>
      <label class="check"><input type="checkbox" name="cube" checked> <span data-i18n="lobby.cube"></span></label>
      <label><span data-i18n="lobby.clock"></span><select name="clock">
        <option value="none" data-i18n="lobby.clock.none"></option>
        <option value="blitz" data-i18n="lobby.clock.blitz"></option>
        <option value="rapid" data-i18n="lobby.clock.rapid"></option>
        <option value="classical" data-i18n="lobby.clock.classical"></option></select></label>
      <label class="check"><input type="checkbox" name="rated" checked> <span data-i18n="lobby.rated"></span></label>
      <label><span data-i18n="lobby.minRating"></span><input name="min_rating" type="number" min="0" max="5000" step="1"></label>
      <label><span data-i18n="lobby.maxRating"></span><input name="max_rating" type="number" min="0" max="5000" step="1"></label>
      <button class="btn primary" type="submit" data-i18n="lobby.offer"></button>
    </form>
    <form class="card" id="computer">
      <h2 data-i18n="lobby.computer"></h2>
      <p class="hint-text" data-i18n="lobby.computerHelp"></p>
      <label><span data-i18n="lobby.length"></span><select name="length"></select></label>
      <button class="btn primary" type="submit" data-i18n="lobby.playComputer"></button>
    </form>
  </div>
  <section class="card"><h2 data-i18n="lobby.challenges"></h2><ul class="challenges"></ul></section>
  <div class="cards">
    <section class="card"><h2 class="online-title"></h2><ul class="online"></ul></section>
    <section class="card"><h2 data-i18n="lobby.watch"></h2><ul class="watch"></ul></section>
  </div>
</section>`;

/** Every match length the server takes (schemas: 1 to 25 points), shortest first. */
const LENGTHS = Array.from({ length: 25 }, (_, i) => i + 1);

/** The custom switches (V1-V4) and the cube as each preset has them (nard.core.rules). */
// Every field of the challenge form's rules, as each preset has it (nard.core.rules).
/** @type {Record<string, Record<string, boolean | string>>} */
const PRESETS = {
  standard: {
    escape_after_hit: false,
    escape_scope: "home",
    no_home_cover_after_hit: false,
    gammon_wins_match: false,
    no_backgammon: false,
    cube: true,
  },
  iranian: {
    escape_after_hit: true,
    escape_scope: "home",
    no_home_cover_after_hit: true,
    gammon_wins_match: false,
    no_backgammon: false,
    cube: false,
  },
};
const SWITCHES = [
  "escape_after_hit",
  "no_home_cover_after_hit",
  "gammon_wins_match",
  "no_backgammon",
];

/**
 * A refusal as the server wrote it in the page's language (refusals.py's TEXT).
 * @param {unknown} error
 */
function refusalText(error) {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  return error.body?.message_fa && document.documentElement.lang === "fa"
    ? error.body.message_fa
    : error.message;
}

/** @param {string} name */
function rulesText(name) {
  return name === "custom" ? t("lobby.customRules") : t(`rules.${name}`);
}

/** @param {number | null} length */
function lengthText(length) {
  return length ? t("game.matchLength", { length }) : t("game.money");
}

/** @param {number} rating */
function ratingText(rating) {
  return num(Math.round(rating));
}

/** @param {LobbyPlayerView} player */
function playerLink(player) {
  return el(
    "a",
    { href: `/player/${player.id}`, class: "player-name" },
    playerName(player.display_name),
  );
}

/**
 * One challenge: who offers what, and the button to take it (or withdraw one's own).
 * @param {ChallengeView} offer
 * @param {boolean} mine
 * @param {Act} act
 */
function challengeItem(offer, mine, act) {
  const terms = [
    lengthText(offer.length),
    rulesText(offer.rules),
    t(offer.cube ? "lobby.withCube" : "lobby.noCube"),
    t(`lobby.clock.${offer.clock}`),
    t(offer.rated ? "lobby.ratedShort" : "lobby.unrated"),
  ];
  if (offer.min_rating !== null || offer.max_rating !== null) {
    terms.push(
      t("lobby.range", {
        low: offer.min_rating === null ? "…" : ratingText(offer.min_rating),
        high: offer.max_rating === null ? "…" : ratingText(offer.max_rating),
      }),
    );
  }
  const button = el(
    "button",
    { type: "button", class: `btn${mine ? "" : " primary"}`, dataset: { challenge: offer.id } },
    t(mine ? "lobby.cancel" : "lobby.accept"),
  );
  button.addEventListener("click", () => act(offer, mine));
  return el(
    "li",
    { class: "challenge", dataset: { id: offer.id } },
    playerLink(offer.creator),
    el("bdi", { class: "rating" }, ` (${ratingText(offer.creator.rating)})`),
    el("span", { class: "terms" }, ` · ${terms.join(" · ")} `),
    button,
  );
}

/** @param {HTMLElement} root */
export async function lobbyPage(root) {
  root.innerHTML = TEMPLATE;
  for (const select of findAll(root, 'select[name="length"]')) {
    const money = select.closest("#challenge") ? [null] : [];
    for (const length of [...LENGTHS, ...money]) {
      const option = el("option", { value: length ?? "money" }, lengthText(length));
      option.selected =
        length === (select.closest("#quick") ? 5 : select.closest("#computer") ? 5 : 1);
      select.append(option);
    }
  }
  translate(root);
  let player = await me();
  /** @type {LobbyMessage | null} */
  let lobby = null;
  /** @type {WebSocket | null} */
  let socket = null;

  const draw = () => {
    if (!lobby) return;
    const mineId = player?.id;
    /**
     * @param {ChallengeView} offer
     * @param {boolean} mine
     */
    const act = async (offer, mine) => {
      try {
        if (mine) await api("DELETE", `/api/lobby/challenges/${encodeURIComponent(offer.id)}`);
        else
          location.assign(
            `/game/${(await api("POST", `/api/lobby/challenges/${encodeURIComponent(offer.id)}/accept`)).game}`,
          );
      } catch (error) {
        toast(refusalText(error));
      }
    };
    fill(
      find(root, ".challenges"),
      lobby.challenges.length
        ? lobby.challenges.map((offer) => challengeItem(offer, offer.creator.id === mineId, act))
        : [el("li", { class: "empty" }, t("lobby.noChallenges"))],
    );
    find(root, ".online-title").textContent = t("lobby.online", { count: lobby.online_count });
    fill(
      find(root, ".online"),
      lobby.online.map((who) =>
        el(
          "li",
          {},
          playerLink(who),
          el("bdi", { class: "rating" }, ` (${ratingText(who.rating)})`),
        ),
      ),
    );
    fill(
      find(root, ".watch"),
      lobby.games.length
        ? lobby.games.map((game) =>
            el(
              "li",
              {},
              el(
                "a",
                { href: game.watch_url, class: "watch-link" },
                t("lobby.gameLine", {
                  white: playerName(game.white) ?? "?",
                  black: playerName(game.black) ?? "?",
                  length: lengthText(game.length),
                }),
              ),
            ),
          )
        : [el("li", { class: "empty" }, t("lobby.noGames"))],
    );
  };
  onLangChange(draw);

  const seeking = find(root, ".seeking");
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const mine = new WebSocket(`${scheme}://${location.host}/ws/lobby`);
    socket = mine;
    mine.addEventListener("message", (event) => {
      /** @type {LobbyServerMessage} */
      const message = JSON.parse(event.data);
      if (message.type === "lobby") {
        lobby = message;
        draw();
        document.body.dataset.lobby = "live";
      } else if (message.type === "matched") {
        const go = () => location.assign(`/game/${encodeURIComponent(message.game)}`);
        if (document.hidden) {
          // A player waiting in another tab hears the chime and gets the notification first.
          new TurnAlerts().announce(t("lobby.matched"));
          setTimeout(go, 600);
        } else {
          go();
        }
      }
    });
    mine.addEventListener("close", () => {
      if (mine === socket) setTimeout(connect, 2000);
    });
  };
  connect();
  askNameOnce(root, player, (named) => {
    // Come back under the new name (a newcomer's socket had no player yet).
    player = named;
    const old = socket;
    connect();
    old?.close();
  });

  /** @type {HTMLFormElement} */
  const quick = find(root, "#quick");
  quick.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(quick);
    try {
      const answer = await api("POST", "/api/lobby/quick", {
        length: Number(data.get("length")),
        preset: data.get("preset"),
      });
      if (answer.game) location.assign(`/game/${encodeURIComponent(answer.game)}`);
      seeking.hidden = !answer.seeking;
    } catch (error) {
      toast(refusalText(error));
    }
  });
  find(root, "[data-stop]").addEventListener("click", async () => {
    try {
      await api("DELETE", "/api/lobby/quick");
      seeking.hidden = true;
    } catch (error) {
      toast(refusalText(error));
    }
  });
  /** @type {HTMLFormElement} */
  const challenge = find(root, "#challenge");
  /** @type {HTMLSelectElement} */
  const preset = find(challenge, "select[name=preset]");
  // A preset sets every switch, the escape scope and the cube as it has them; people may change them after.
  preset.addEventListener("change", () => {
    for (const [name, value] of Object.entries(PRESETS[preset.value])) {
      /** @type {HTMLInputElement | HTMLSelectElement} */
      const field = find(challenge, `[name=${name}]`);
      if (field instanceof HTMLInputElement && field.type === "checkbox")
        field.checked = Boolean(value);
      else field.value = String(value);
    }
  });
  challenge.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(challenge);
    const length = data.get("length");
    /** @param {string} name */
    const rating = (name) => (data.get(name) === "" ? null : Number(data.get(name)));
    try {
      await api("POST", "/api/lobby/challenges", {
        length: length === "money" ? null : Number(length),
        rules: {
          preset: data.get("preset"),
          ...Object.fromEntries(SWITCHES.map((name) => [name, data.get(name) === "on"])),
          escape_scope: data.get("escape_scope"),
        },
        cube: data.get("cube") === "on",
        clock: data.get("clock"),
        rated: data.get("rated") === "on" && length !== "money" && !(player?.is_guest ?? true),
        min_rating: rating("min_rating"),
        max_rating: rating("max_rating"),
      });
      player = player ?? (await me());
    } catch (error) {
      toast(refusalText(error));
    }
  });
  /** @type {HTMLFormElement} */
  const computer = find(root, "#computer");
  computer.addEventListener("submit", async (event) => {
    event.preventDefault();
    const length = Number(new FormData(computer).get("length"));
    const game = await api("POST", "/api/games", { mode: "bot", length });
    location.assign(`/game/${encodeURIComponent(game.id)}`);
  });
}

/**
 * A guest (or a newcomer) is asked once for the name others will see.
 * @param {HTMLElement} root
 * @param {PlayerPublic | null} player
 * @param {(player: PlayerPublic) => void} named
 */
function askNameOnce(root, player, named) {
  if ((player && !player.is_guest) || localStorage.getItem("nard.named")) return;
  /** @type {HTMLFormElement} */
  const form = find(root, ".guest-name");
  form.hidden = false;
  const done = () => {
    localStorage.setItem("nard.named", "1");
    form.hidden = true;
  };
  find(form, "[data-skip]").addEventListener("click", done);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const display_name = new FormData(form).get("display_name");
    const saved = player
      ? await api("PATCH", "/api/players/me", { display_name })
      : await api("POST", "/api/players/guest", { display_name });
    named(saved);
    done();
  });
}
