// @ts-check
// The home page: play the computer, invite a friend, play at one screen, continue.
import { api } from "./api.js";
import { el, fill, find, findAll, tr } from "./dom.js";
import { checkbox, choice, labelled } from "./forms.js";
import { fromGame, gameLine } from "./gamelist.js";
import { onLangChange, t, translate } from "./i18n.js";
import { toast } from "./ui.js";

/**
 * @typedef {import("./types/wire.js").GameCreate} GameCreate
 * @typedef {import("./types/wire.js").GamePublic} GamePublic
 */

/** A match's length, rules and cube (each form on the page has them). */
function gameOptions() {
  const lengths = ["1", "3", "5", "7", "11"].map((value) =>
    el("option", { value, "data-num": value, selected: value === "5" }),
  );
  return [
    labelled(
      "home.length",
      el("select", { name: "length" }, lengths, tr("option", "home.money", { value: "money" })),
    ),
    labelled(
      "home.rules",
      choice("preset", [
        ["standard", "rules.standard"],
        ["iranian", "rules.iranian"],
      ]),
    ),
    checkbox("cube", "home.cube", { checked: true }),
    checkbox("crawford", "home.crawford", { checked: true, class: "match-only" }),
    el(
      "fieldset",
      { class: "money-only", hidden: true },
      tr("legend", "home.moneyOnly"),
      checkbox("jacoby", "home.jacoby"),
      checkbox("beavers", "home.beavers"),
    ),
  ];
}

/** @param {string} key */
const startButton = (key) => tr("button", key, { class: "btn primary", type: "submit" });

/** @param {string} key */
const copyButton = (key, /** @type {import("./dom.js").Attrs} */ attrs) =>
  tr("button", key, { type: "button", class: "btn", ...attrs });

/** The page's forms and lists, their texts filled by translate(). */
function skeleton() {
  const levels = ["beginner", "casual", "intermediate", "advanced", "expert", "world_class"];
  const clocks = ["none", "blitz", "rapid", "classical"];
  const invite = el(
    "div",
    { class: "invite-result", hidden: true },
    tr("p", "home.inviteReady"),
    el(
      "div",
      { class: "copy-row" },
      el("input", { class: "invite-link", readonly: true }),
      copyButton("home.copy", { "data-copy": "link" }),
    ),
    el("textarea", { class: "share-text", readonly: true, rows: 3 }),
    el(
      "div",
      { class: "copy-row" },
      copyButton("home.copyText", { "data-copy": "text" }),
      " ",
      copyButton("home.share", { "data-share": true, hidden: true }),
      " ",
      tr("a", "home.goToGame", { class: "btn primary go-game" }),
    ),
  );
  return el(
    "section",
    { class: "home" },
    tr("p", "home.lead", { class: "lead" }),
    el(
      "div",
      { class: "cards" },
      el(
        "form",
        { class: "card", id: "play-bot" },
        tr("h2", "home.bot"),
        labelled(
          "home.level",
          choice(
            "level",
            levels.map((level) => [level, `level.${level}`]),
            "intermediate",
          ),
        ),
        gameOptions(),
        startButton("home.start"),
      ),
      el(
        "form",
        { class: "card", id: "play-friend" },
        tr("h2", "home.friend"),
        gameOptions(),
        labelled(
          "clock.choose",
          choice(
            "clock",
            clocks.map((clock) => [clock, `clock.${clock}`]),
            "none",
          ),
        ),
        startButton("home.invite"),
        invite,
      ),
      el(
        "form",
        { class: "card", id: "play-hotseat" },
        tr("h2", "home.hotseat"),
        tr("p", "home.hotseatHelp", { class: "hint-text" }),
        gameOptions(),
        startButton("home.start"),
      ),
    ),
    el(
      "section",
      { class: "card continue" },
      tr("h2", "home.continue"),
      el("ul", { class: "game-list" }),
    ),
  );
}

/**
 * The new game a home form asks for.
 * @param {HTMLFormElement} form
 * @param {GameCreate["mode"]} mode
 * @returns {GameCreate}
 */
function body(form, mode) {
  const data = new FormData(form);
  const length = data.get("length");
  const money = length === "money";
  const cube = data.get("cube") === "on";
  /** @type {GameCreate} */
  const request = {
    mode,
    length: money ? null : Number(length),
    rules: { preset: /** @type {"standard" | "iranian"} */ (data.get("preset")), cube },
    // The Crawford rule is for matches, the Jacoby rule and beavers for money play (R19).
    crawford: money || data.get("crawford") === "on",
  };
  if (money && cube)
    request.options = {
      jacoby: data.get("jacoby") === "on",
      beavers: data.get("beavers") === "on",
    };
  if (mode === "bot")
    request.bot_level = /** @type {GameCreate["bot_level"]} */ (data.get("level"));
  if (mode === "friend")
    request.clock = /** @type {GameCreate["clock"]} */ (data.get("clock") || "none");
  return request;
}

/**
 * @param {GameCreate} request
 * @returns {Promise<GamePublic>}
 */
async function create(request) {
  /** @type {GamePublic} */
  const game = await api("POST", "/api/games", request);
  localStorage.setItem(`nard.game.${game.id}`, JSON.stringify(request));
  return game;
}

/**
 * Show the cube options that apply to the form's game: Crawford in a match, Jacoby and
 * beavers in money play.
 * @param {HTMLFormElement} form
 */
function showCubeOptions(form) {
  // (form.elements.length is the number of fields: ask by name.)
  const money = find(form, "[name=length]", HTMLSelectElement).value === "money";
  const cube = find(form, "[name=cube]", HTMLInputElement).checked;
  find(form, ".match-only").hidden = money || !cube;
  find(form, ".money-only").hidden = !money || !cube;
}

/** @param {unknown} error */
const errorText = (error) => (error instanceof Error ? error.message : String(error));

/** @param {HTMLElement} root */
export async function homePage(root) {
  fill(root, skeleton());
  translate(root);
  // The Iranian preset plays without the cube: follow it, but let people change it.
  for (const select of findAll(root, "select[name=preset]", HTMLSelectElement)) {
    const form = select.form;
    if (!form) continue;
    select.addEventListener("change", () => {
      find(form, "input[name=cube]", HTMLInputElement).checked = select.value !== "iranian";
      showCubeOptions(form);
    });
  }
  for (const form of findAll(root, "form.card", HTMLFormElement)) {
    for (const name of ["length", "cube"]) {
      find(form, `[name=${name}]`).addEventListener("change", () => showCubeOptions(form));
    }
    showCubeOptions(form);
  }
  /**
   * A form that starts a game and goes to it.
   * @param {string} selector
   * @param {GameCreate["mode"]} mode
   */
  const startOn = (selector, mode) => {
    const form = find(root, selector, HTMLFormElement);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      try {
        const game = await create(body(form, mode));
        location.href = `/game/${game.id}`;
      } catch (error) {
        toast(errorText(error));
      }
    });
  };
  startOn("#play-bot", "bot");
  startOn("#play-hotseat", "hotseat");
  const friend = find(root, "#play-friend", HTMLFormElement);
  const result = find(friend, ".invite-result");
  const link = find(friend, ".invite-link", HTMLInputElement);
  const area = find(friend, ".share-text", HTMLTextAreaElement);
  const share = find(friend, "[data-share]", HTMLButtonElement);
  /** @type {{ url: string, id: string } | null} */
  let invite = null;
  const shareText = () => (invite ? t("home.shareText", { url: invite.url }) : "");
  friend.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const request = body(friend, "friend");
      const game = await create(request);
      invite = { url: new URL(game.invite_url ?? "", location.origin).href, id: game.id };
      result.hidden = false;
      link.value = invite.url;
      area.value = shareText();
      find(result, ".go-game", HTMLAnchorElement).href = `/game/${game.id}`;
      share.hidden = !("share" in navigator);
    } catch (error) {
      toast(errorText(error));
    }
  });
  for (const button of findAll(friend, "[data-copy]")) {
    button.addEventListener("click", async () => {
      const text = button.dataset.copy === "link" ? invite?.url : shareText();
      try {
        await navigator.clipboard.writeText(text ?? "");
        toast(t("home.copied"));
      } catch {
        (button.dataset.copy === "link" ? link : area).select();
      }
    });
  }
  share.addEventListener("click", () => {
    navigator
      .share?.({ title: t("app.title"), text: shareText(), url: invite?.url })
      .catch(() => {});
  });
  onLangChange(() => {
    if (invite) area.value = shareText();
    listGames(root);
  });
  await listGames(root);
}

/** @param {HTMLElement} root */
async function listGames(root) {
  const list = find(root, ".game-list");
  /** @type {import("./types/wire.js").GameSummary[]} */
  let games = [];
  try {
    /** @type {import("./types/wire.js").GamesPublic} */
    const answer = await api("GET", "/api/games?finished=false");
    games = answer.data;
  } catch {
    games = [];
  }
  fill(
    list,
    games.length
      ? games.map((game) =>
          el(
            "li",
            {},
            el(
              "a",
              { href: `/game/${encodeURIComponent(game.id)}`, class: "game-link" },
              gameLine(fromGame(game)),
            ),
          ),
        )
      : el("li", { class: "empty" }, t("home.noGames")),
  );
}
