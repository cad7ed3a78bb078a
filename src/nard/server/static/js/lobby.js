// @ts-check
// The lobby: open challenges, quick match, who is online, games to watch, the computer.
// Live over /ws/lobby (the same event bus as games); actions go over HTTP.
import { TurnAlerts } from "./alerts.js";
import { ApiError, api, me } from "./api.js";
import { el, fill, find, findAll, tr } from "./dom.js";
import { checkbox, choice, labelled, nameInput } from "./forms.js";
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

const PRESET_CHOICES = /** @type {[string, string][]} */ ([
  ["standard", "rules.standard"],
  ["iranian", "rules.iranian"],
]);

/**
 * A rating bound of a challenge.
 * @param {string} name
 * @param {string} key
 */
const ratingField = (name, key) =>
  labelled(key, el("input", { name, type: "number", min: 0, max: 5000, step: 1 }));

/** The page's forms and lists, their texts filled by translate(). */
function skeleton() {
  const lengthChoice = () => labelled("lobby.length", el("select", { name: "length" }));
  const rulesChoice = () => labelled("lobby.rules", choice("preset", PRESET_CHOICES));
  const clocks = ["none", "blitz", "rapid", "classical"];
  const guestName = nameInput({
    required: true,
    "data-i18n-placeholder": "lobby.namePlaceholder",
  });
  return el(
    "section",
    { class: "lobby" },
    el(
      "form",
      { class: "card guest-name", hidden: true },
      tr("h2", "lobby.nameTitle"),
      tr("p", "lobby.nameHelp"),
      el(
        "div",
        { class: "copy-row" },
        guestName.input,
        " ",
        tr("button", "lobby.nameSave", { class: "btn primary", type: "submit" }),
        " ",
        tr("button", "lobby.nameSkip", { class: "btn", type: "button", "data-skip": true }),
      ),
      guestName.hint,
    ),
    el(
      "div",
      { class: "cards" },
      el(
        "form",
        { class: "card", id: "quick" },
        tr("h2", "lobby.quick"),
        tr("p", "lobby.quickHelp", { class: "hint-text" }),
        lengthChoice(),
        rulesChoice(),
        tr("button", "lobby.playNow", { class: "btn primary", type: "submit" }),
        el(
          "p",
          { class: "seeking", hidden: true },
          tr("span", "lobby.seeking"),
          " ",
          tr("button", "lobby.stopSeeking", { class: "btn", type: "button", "data-stop": true }),
        ),
      ),
      el(
        "form",
        { class: "card", id: "challenge" },
        tr("h2", "lobby.create"),
        lengthChoice(),
        rulesChoice(),
        el(
          "details",
          { class: "switches" },
          tr("summary", "lobby.switches"),
          checkbox("escape_after_hit", "lobby.escape"),
          labelled(
            "lobby.escapeScope",
            choice("escape_scope", [
              ["home", "scope.home"],
              ["board", "scope.board"],
            ]),
          ),
          checkbox("no_home_cover_after_hit", "lobby.noHomeCover"),
          checkbox("gammon_wins_match", "lobby.gammonWins"),
          checkbox("no_backgammon", "lobby.noBackgammon"),
        ),
        checkbox("cube", "lobby.cube", { checked: true }),
        labelled(
          "lobby.clock",
          choice(
            "clock",
            clocks.map((clock) => [clock, `lobby.clock.${clock}`]),
          ),
        ),
        checkbox("rated", "lobby.rated", { checked: true }),
        ratingField("min_rating", "lobby.minRating"),
        ratingField("max_rating", "lobby.maxRating"),
        tr("button", "lobby.offer", { class: "btn primary", type: "submit" }),
      ),
      el(
        "form",
        { class: "card", id: "computer" },
        tr("h2", "lobby.computer"),
        tr("p", "lobby.computerHelp", { class: "hint-text" }),
        lengthChoice(),
        tr("button", "lobby.playComputer", { class: "btn primary", type: "submit" }),
      ),
    ),
    el(
      "section",
      { class: "card" },
      tr("h2", "lobby.challenges"),
      el("ul", { class: "challenges" }),
    ),
    el(
      "div",
      { class: "cards" },
      el(
        "section",
        { class: "card" },
        el("h2", { class: "online-title" }),
        el("ul", { class: "online" }),
      ),
      el("section", { class: "card" }, tr("h2", "lobby.watch"), el("ul", { class: "watch" })),
    ),
  );
}

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
    el("bdi", {}, playerName(player.display_name)),
  );
}

/**
 * A rating after a name, "(۱۵۰۰)": the space before it stays outside, the figure and its
 * brackets isolated, so that neither glues to the name in Persian.
 * @param {number} rating
 */
function ratingTag(rating) {
  return el("bdi", { class: "rating", dir: "ltr" }, `(${ratingText(rating)})`);
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
    " ",
    ratingTag(offer.creator.rating),
    el("span", { class: "terms" }, ` · ${terms.join(" · ")} `),
    button,
  );
}

/** @param {HTMLElement} root */
export async function lobbyPage(root) {
  fill(root, skeleton());
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
      lobby.online.map((who) => el("li", {}, playerLink(who), " ", ratingTag(who.rating))),
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
