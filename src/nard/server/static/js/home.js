// @ts-check
// The home page: play the computer, invite a friend, play at one screen, continue.
import { api } from "./api.js";
import { el, fill, find, findAll } from "./dom.js";
import { fromGame, gameLine } from "./gamelist.js";
import { onLangChange, t, translate } from "./i18n.js";
import { toast } from "./ui.js";

/**
 * @typedef {import("./types/wire.js").GameCreate} GameCreate
 * @typedef {import("./types/wire.js").GamePublic} GamePublic
 */

const OPTIONS = `
  <label><span data-i18n="home.length"></span>
    <select name="length">
      <option value="1" data-num="1"></option><option value="3" data-num="3"></option>
      <option value="5" data-num="5" selected></option><option value="7" data-num="7"></option>
      <option value="11" data-num="11"></option><option value="money" data-i18n="home.money"></option>
    </select></label>
  <label><span data-i18n="home.rules"></span>
    <select name="preset">
      <option value="standard" data-i18n="rules.standard"></option>
      <option value="iranian" data-i18n="rules.iranian"></option>
    </select></label>
  <label class="check"><input type="checkbox" name="cube" checked> <span data-i18n="home.cube"></span></label>
  <label class="check match-only"><input type="checkbox" name="crawford" checked> <span data-i18n="home.crawford"></span></label>
  <fieldset class="money-only" hidden><legend data-i18n="home.moneyOnly"></legend>
    <label class="check"><input type="checkbox" name="jacoby"> <span data-i18n="home.jacoby"></span></label>
    <label class="check"><input type="checkbox" name="beavers"> <span data-i18n="home.beavers"></span></label>
  </fieldset>`;

const TEMPLATE = `
<section class="home">
  <p class="lead" data-i18n="home.lead"></p>
  <div class="cards">
    <form class="card" id="play-bot">
      <h2 data-i18n="home.bot"></h2>
      <label><span data-i18n="home.level"></span>
        <select name="level">
          <option value="beginner" data-i18n="level.beginner"></option>
          <option value="casual" data-i18n="level.casual"></option>
          <option value="intermediate" data-i18n="level.intermediate" selected></option>
          <option value="advanced" data-i18n="level.advanced"></option>
          <option value="expert" data-i18n="level.expert"></option>
          <option value="world_class" data-i18n="level.world_class"></option>
        </select></label>
      ${OPTIONS}
      <button class="btn primary" type="submit" data-i18n="home.start"></button>
    </form>
    <form class="card" id="play-friend">
      <h2 data-i18n="home.friend"></h2>
      ${OPTIONS}
      <label><span data-i18n="clock.choose"></span>
        <select name="clock">
          <option value="none" data-i18n="clock.none" selected></option>
          <option value="blitz" data-i18n="clock.blitz"></option>
          <option value="rapid" data-i18n="clock.rapid"></option>
          <option value="classical" data-i18n="clock.classical"></option>
        </select></label>
      <button class="btn primary" type="submit" data-i18n="home.invite"></button>
      <div class="invite-result" hidden>
        <p data-i18n="home.inviteReady"></p>
        <div class="copy-row"><input class="invite-link" readonly><button type="button" class="btn" data-copy="link" data-i18n="home.copy"></button></div>
        <textarea class="share-text" readonly rows="3"></textarea>
        <div class="copy-row"><button type="button" class="btn" data-copy="text" data-i18n="home.copyText"></button>
        <button type="button" class="btn" data-share data-i18n="home.share" hidden></button>
        <a class="btn primary go-game" data-i18n="home.goToGame"></a></div>
      </div>
    </form>
    <form class="card" id="play-hotseat">
      <h2 data-i18n="home.hotseat"></h2>
      <p class="hint-text" data-i18n="home.hotseatHelp"></p>
      ${OPTIONS}
      <button class="btn primary" type="submit" data-i18n="home.start"></button>
    </form>
  </div>
  <section class="card continue">
    <h2 data-i18n="home.continue"></h2>
    <ul class="game-list"></ul>
  </section>
</section>`;

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
  root.innerHTML = TEMPLATE;
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
