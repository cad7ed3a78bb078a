// Sign in, register and profile. Guests can do everything; an account keeps the games.
import { api, me } from "./api.js";
import { lang, t, translate } from "./i18n.js";
import { playerName } from "./names.js";
import { escapeHtml, toast } from "./ui.js";

export async function accountPage(root) {
  root.innerHTML = `
  <section class="account">
    <div class="card profile">
      <h2 data-i18n="account.profile"></h2>
      <p class="who"></p>
      <form id="rename"><label><span data-i18n="account.displayName"></span><input name="display_name" required maxlength="40"></label>
        <button class="btn" type="submit" data-i18n="account.save"></button></form>
      <button class="btn" type="button" id="logout" data-i18n="account.logout" hidden></button>
    </div>
    <form class="card" id="register">
      <h2 data-i18n="account.register"></h2>
      <p class="hint-text" data-i18n="account.registerHelp"></p>
      <label><span data-i18n="account.username"></span><input name="username" dir="ltr" required pattern="[A-Za-z0-9_.\\-]{3,40}" autocomplete="username"></label>
      <label><span data-i18n="account.password"></span><input name="password" dir="ltr" type="password" required minlength="8" autocomplete="new-password"></label>
      <label><span data-i18n="account.displayName"></span><input name="display_name" maxlength="40"></label>
      <button class="btn primary" type="submit" data-i18n="account.register"></button>
    </form>
    <form class="card" id="login">
      <h2 data-i18n="account.login"></h2>
      <label><span data-i18n="account.username"></span><input name="username" dir="ltr" required autocomplete="username"></label>
      <label><span data-i18n="account.password"></span><input name="password" dir="ltr" type="password" required autocomplete="current-password"></label>
      <button class="btn primary" type="submit" data-i18n="account.login"></button>
    </form>
  </section>`;
  translate(root);
  const refresh = async () => {
    const player = await me();
    const who = root.querySelector(".who");
    if (!player) who.textContent = t("account.nobody");
    else {
      const kind = player.is_guest ? t("account.guest") : t("account.member", { username: player.username });
      who.innerHTML = `<strong>${escapeHtml(playerName(player.display_name))}</strong> · ${escapeHtml(kind)}`;
      root.querySelector("#rename [name=display_name]").value = player.display_name;
    }
    root.querySelector("#logout").hidden = !player || player.is_guest;
    root.querySelector("#register").hidden = Boolean(player && !player.is_guest);
  };
  const submit = (id, handler) =>
    root.querySelector(id).addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = Object.fromEntries(new FormData(event.target));
      for (const key of Object.keys(data)) if (data[key] === "") delete data[key];
      try {
        await handler(data);
        toast(t("account.done"));
        await refresh();
      } catch (error) {
        toast(errorText(error));
      }
    });
  submit("#rename", async (data) => {
    const player = await me();
    if (player) await api("PATCH", "/api/players/me", data);
    else await api("POST", "/api/players/guest", data);
  });
  submit("#register", (data) => api("POST", "/api/accounts", data));
  submit("#login", (data) => api("POST", "/api/accounts/login", data));
  root.querySelector("#logout").addEventListener("click", async () => {
    await api("POST", "/api/accounts/logout");
    await refresh();
  });
  await refresh();
}

/** A refusal in the page's language; a form the server could not read gets a hint. */
function errorText(error) {
  if (error.status === 422) return t("account.invalid");
  if (lang === "fa" && error.body?.message_fa) return error.body.message_fa;
  return error.body?.message || error.message;
}
