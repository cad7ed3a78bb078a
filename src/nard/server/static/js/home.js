// The home page: play the computer, invite a friend, play at one screen, continue.
import { api } from "./api.js";
import { el, fill } from "./dom.js";
import { fromGame, gameLine } from "./gamelist.js";
import { onLangChange, t, translate } from "./i18n.js";
import { toast } from "./ui.js";

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

function body(form, mode) {
  const data = new FormData(form);
  const length = data.get("length");
  const money = length === "money";
  const cube = data.get("cube") === "on";
  const request = {
    mode,
    length: money ? null : Number(length),
    rules: { preset: data.get("preset"), cube },
    // The Crawford rule is for matches, the Jacoby rule and beavers for money play (R19).
    crawford: money || data.get("crawford") === "on",
  };
  if (money && cube) request.options = { jacoby: data.get("jacoby") === "on", beavers: data.get("beavers") === "on" };
  if (mode === "bot") request.bot_level = data.get("level");
  if (mode === "friend") request.clock = data.get("clock") || "none";
  return request;
}

async function create(request) {
  const game = await api("POST", "/api/games", request);
  localStorage.setItem(`nard.game.${game.id}`, JSON.stringify(request));
  return game;
}

/** Show the cube options that apply to the form's game: Crawford in a match, Jacoby and beavers in money play. */
function showCubeOptions(form) {
  // (form.elements.length is the number of fields: ask by name.)
  const money = form.querySelector("[name=length]").value === "money";
  const cube = form.querySelector("[name=cube]").checked;
  form.querySelector(".match-only").hidden = money || !cube;
  form.querySelector(".money-only").hidden = !money || !cube;
}

export async function homePage(root) {
  root.innerHTML = TEMPLATE;
  translate(root);
  // The Iranian preset plays without the cube: follow it, but let people change it.
  root.querySelectorAll("select[name=preset]").forEach((select) =>
    select.addEventListener("change", () => {
      select.form.querySelector("input[name=cube]").checked = select.value !== "iranian";
      showCubeOptions(select.form);
    }),
  );
  root.querySelectorAll("form.card").forEach((form) => {
    for (const name of ["length", "cube"]) {
      form.querySelector(`[name=${name}]`).addEventListener("change", () => showCubeOptions(form));
    }
    showCubeOptions(form);
  });
  root.querySelector("#play-bot").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const game = await create(body(event.target, "bot"));
      location.href = `/game/${game.id}`;
    } catch (error) {
      toast(error.message);
    }
  });
  root.querySelector("#play-hotseat").addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const game = await create(body(event.target, "hotseat"));
      location.href = `/game/${game.id}`;
    } catch (error) {
      toast(error.message);
    }
  });
  const friend = root.querySelector("#play-friend");
  let invite = null;
  const shareText = () => (invite ? t("home.shareText", { url: invite.url }) : "");
  friend.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const request = body(friend, "friend");
      const game = await create(request);
      invite = { url: new URL(game.invite_url, location.origin).href, id: game.id };
      const result = friend.querySelector(".invite-result");
      result.hidden = false;
      result.querySelector(".invite-link").value = invite.url;
      result.querySelector(".share-text").value = shareText();
      result.querySelector(".go-game").href = `/game/${game.id}`;
      result.querySelector("[data-share]").hidden = !navigator.share;
    } catch (error) {
      toast(error.message);
    }
  });
  friend.querySelectorAll("[data-copy]").forEach((button) =>
    button.addEventListener("click", async () => {
      const text = button.dataset.copy === "link" ? invite?.url : shareText();
      try {
        await navigator.clipboard.writeText(text);
        toast(t("home.copied"));
      } catch {
        friend.querySelector(button.dataset.copy === "link" ? ".invite-link" : ".share-text").select();
      }
    }),
  );
  friend.querySelector("[data-share]").addEventListener("click", () => {
    navigator.share?.({ title: t("app.title"), text: shareText(), url: invite?.url }).catch(() => {});
  });
  onLangChange(() => {
    const area = friend.querySelector(".share-text");
    if (invite) area.value = shareText();
    listGames(root);
  });
  await listGames(root);
}

async function listGames(root) {
  const list = root.querySelector(".game-list");
  let games = [];
  try {
    games = (await api("GET", "/api/games?finished=false")).data;
  } catch {
    games = [];
  }
  fill(
    list,
    games.length
      ? games.map((game) => el("li", {}, el("a", { href: `/game/${encodeURIComponent(game.id)}`, class: "game-link" }, gameLine(fromGame(game)))))
      : el("li", { class: "empty" }, t("home.noGames")),
  );
}
