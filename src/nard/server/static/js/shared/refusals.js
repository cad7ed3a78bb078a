// @ts-check
// A refused HTTP request's reason in the page's language.
import { lang, t } from "../i18n.js";

/**
 * The refusal's text (the server's ``message``/``message_fa``), or a general failure.
 * @param {unknown} error  an ``ApiError`` (or anything thrown)
 */
export function refusalText(error) {
  const body = /** @type {{body?: {message?: string, message_fa?: string}} | null} */ (error)?.body;
  if (!body) return t("mistakes.failed");
  return (lang === "fa" ? body.message_fa : body.message) || t("mistakes.failed");
}
