// @ts-check
// Entry point: texts, the language switch, and the page for this path.
import { api, me } from "./api.js";
import { el, fill, find } from "./dom.js";
import { lang, loadTexts, setLang, t, translate } from "./i18n.js";

async function main() {
  await loadTexts();
  translate();
  const switcher = find(document, "#lang-switch");
  const rules = find(document, "#nav-rules", HTMLAnchorElement);
  const label = () => {
    rules.href = `/static/rules/rules.${lang}.html`;
    switcher.textContent = lang === "fa" ? "English" : "فارسی";
    switcher.lang = lang === "fa" ? "en" : "fa";
  };
  label();
  switcher.addEventListener("click", () => {
    setLang(lang === "fa" ? "en" : "fa");
    label();
  });
  // "My profile" once this browser is a player (a first visit has none yet).
  me()
    .then((player) => {
      if (!player) return;
      const profile = find(document, "#nav-profile", HTMLAnchorElement);
      profile.href = `/player/${player.id}`;
      profile.hidden = false;
    })
    .catch(() => {});
  const root = find(document, "#page");
  const path = location.pathname;
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  document.body.dataset.page = parts[0] || "home";
  if (parts[0] === "game" && parts[1]) {
    const { gamePage } = await import("./game.js");
    await gamePage(root, parts[1], null);
  } else if (parts[0] === "watch" && parts[1]) {
    const { gamePage } = await import("./game.js");
    await gamePage(root, parts[1], new URLSearchParams(location.search).get("token"));
  } else if (parts[0] === "invite" && parts[1]) {
    try {
      const game = await api("POST", `/api/invites/${encodeURIComponent(parts[1])}`);
      location.replace(`/game/${game.id}`);
    } catch {
      fill(root, el("p", { class: "card" }, t("invite.failed")));
    }
  } else if (parts[0] === "history") {
    const { historyPage } = await import("./replay.js");
    await historyPage(root);
  } else if (parts[0] === "replay" && parts[1]) {
    const { replayPage } = await import("./replay.js");
    await replayPage(root, parts[1]);
  } else if (parts[0] === "trainer") {
    const { trainerPage } = await import("./trainer.js");
    await trainerPage(root);
  } else if (parts[0] === "mistakes") {
    const { mistakesPage } = await import("./mistakes.js");
    await mistakesPage(root);
  } else if (parts[0] === "report") {
    const { reportPage } = await import("./report.js");
    await reportPage(root);
  } else if (parts[0] === "lobby") {
    const { lobbyPage } = await import("./lobby.js");
    await lobbyPage(root);
  } else if (parts[0] === "player" && parts[1]) {
    const { profilePage } = await import("./profile.js");
    await profilePage(root, parts[1]);
  } else if (parts[0] === "leaderboard") {
    const { leaderboardPage } = await import("./profile.js");
    await leaderboardPage(root);
  } else if (parts[0] === "dice") {
    const { dicePage } = await import("./dice.js");
    await dicePage(root);
  } else if (parts[0] === "account") {
    const { accountPage } = await import("./account.js");
    await accountPage(root);
  } else if (!parts.length) {
    const { homePage } = await import("./home.js");
    await homePage(root);
  } else {
    fill(
      root,
      el(
        "section",
        { class: "card not-found" },
        el("h2", {}, t("notFound.title")),
        el("p", {}, t("notFound.text")),
        el("p", {}, el("a", { class: "btn primary", href: "/" }, t("notFound.home"))),
      ),
    );
  }
  document.body.dataset.ready = "true";
}

main();
