// @ts-check
// Sign in, register and profile. Guests can do everything; an account keeps the games.
import { ApiError, api, me } from "./api.js";
import { el, fill, tr } from "./dom.js";
import { nameInput } from "./forms.js";
import { lang, t, translate } from "./i18n.js";
import { playerName } from "./names.js";
import { toast } from "./ui.js";

/**
 * A labelled field.
 * @param {string} key the label's text
 * @param {import("./dom.js").Attrs} attrs the input's
 */
const field = (key, attrs) => el("label", {}, tr("span", key), el("input", attrs));

/**
 * A labelled field with its rule stated under it.
 * @param {string} key the label's text
 * @param {string} rule the rule's text
 * @param {import("./dom.js").Attrs} attrs the input's
 */
const ruledField = (key, rule, attrs) =>
  el("label", {}, tr("span", key), el("input", attrs), tr("small", rule, { class: "field-rule" }));

/** @param {HTMLElement} root */
export async function accountPage(root) {
  const who = el("p", { class: "who" });
  const { input: name, hint: nameHint, update: nameCount } = nameInput({ required: true });
  const newName = nameInput({});
  const rename = el(
    "form",
    { id: "rename" },
    el("label", {}, tr("span", "account.displayName"), name, nameHint),
    "\n",
    tr("button", "account.save", { class: "btn", type: "submit" }),
  );
  const logout = tr("button", "account.logout", {
    class: "btn",
    type: "button",
    id: "logout",
    hidden: true,
  });
  const register = el(
    "form",
    { class: "card", id: "register" },
    tr("h2", "account.register"),
    tr("p", "account.registerHelp", { class: "hint-text" }),
    ruledField("account.username", "field.usernameRule", {
      name: "username",
      dir: "ltr",
      required: true,
      pattern: "[A-Za-z0-9_.\\-]{3,40}",
      autocomplete: "username",
    }),
    ruledField("account.password", "field.passwordRule", {
      name: "password",
      dir: "ltr",
      type: "password",
      required: true,
      minlength: 8,
      autocomplete: "new-password",
    }),
    el("label", {}, tr("span", "account.displayName"), newName.input, newName.hint),
    tr("button", "account.register", { class: "btn primary", type: "submit" }),
  );
  const login = el(
    "form",
    { class: "card", id: "login" },
    tr("h2", "account.login"),
    field("account.username", {
      name: "username",
      dir: "ltr",
      required: true,
      autocomplete: "username",
    }),
    field("account.password", {
      name: "password",
      dir: "ltr",
      type: "password",
      required: true,
      autocomplete: "current-password",
    }),
    tr("button", "account.login", { class: "btn primary", type: "submit" }),
  );
  fill(
    root,
    el(
      "section",
      { class: "account" },
      el("div", { class: "card profile" }, tr("h2", "account.profile"), who, rename, logout),
      register,
      login,
    ),
  );
  translate(root);
  const refresh = async () => {
    const player = await me();
    if (!player) who.textContent = t("account.nobody");
    else {
      const kind = player.is_guest
        ? t("account.guest")
        : t("account.member", { username: player.username });
      fill(
        who,
        el("strong", {}, playerName(player.display_name)),
        ` · ${kind} · `,
        el("a", { href: `/player/${player.id}`, class: "my-profile" }, t("nav.profile")),
      );
      name.value = player.display_name;
      nameCount();
    }
    logout.hidden = !player || player.is_guest;
    register.hidden = Boolean(player && !player.is_guest);
  };
  /**
   * @param {HTMLFormElement} form
   * @param {(data: Record<string, FormDataEntryValue>) => Promise<unknown>} handler
   */
  const submit = (form, handler) =>
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const data = Object.fromEntries(new FormData(form));
      for (const key of Object.keys(data)) if (data[key] === "") delete data[key];
      try {
        await handler(data);
        toast(t("account.done"));
        await refresh();
      } catch (error) {
        toast(errorText(error));
      }
    });
  submit(rename, async (data) => {
    const player = await me();
    if (player) await api("PATCH", "/api/players/me", data);
    else await api("POST", "/api/players/guest", data);
  });
  submit(register, (data) => api("POST", "/api/accounts", data));
  submit(login, (data) => api("POST", "/api/accounts/login", data));
  logout.addEventListener("click", async () => {
    await api("POST", "/api/accounts/logout");
    await refresh();
  });
  await refresh();
}

/**
 * A refusal in the page's language; a form the server could not read gets a hint.
 * @param {unknown} error
 */
function errorText(error) {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.status === 422) return t("account.invalid");
  if (lang === "fa" && error.body?.message_fa) return error.body.message_fa;
  return error.body?.message || error.message;
}
