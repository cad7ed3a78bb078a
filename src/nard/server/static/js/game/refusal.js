// @ts-check
// A refused action: the rule broken, the server's words, the legal play instead, the
// rule's section and a report of the refused step to copy or open.
import { api } from "../api.js";
import { el, fill } from "../dom.js";
import { lang, num, t } from "../i18n.js";
import { notation } from "../notation.js";
import { pointWord } from "../practice.js";
import { ruleHref } from "../rules.js";
import { toast } from "../ui.js";

/**
 * @typedef {object} Refusal   an ``error`` message
 * @property {string} code
 * @property {string} message
 * @property {string} message_fa
 * @property {string | null} [rule]
 * @property {number | null} [id]
 * @property {{rule: string, message_en: string, message_fa: string, legal_play: string | null, step: {from: number, to: number} | null} | null} [explanation]
 */

/**
 * The trainer's rule set with the same legal plays as the game's rules, or null.
 * @param {import("../shared/types.js").RulesView} rules
 */
export function reportRules(rules) {
  if (rules.escape_after_hit && rules.escape_scope === "home" && rules.no_home_cover_after_hit)
    return "iranian";
  if (rules.escape_after_hit && rules.escape_scope === "board" && !rules.no_home_cover_after_hit)
    return "v1-board";
  if (!rules.escape_after_hit && !rules.no_home_cover_after_hit) return "standard";
  return null;
}

/**
 * The report of a refused step (the /report page's query, the same as ``nard explain
 * --report``): the turn's Position ID, the dice, the steps tried in order (those made,
 * then the refused one) and the rule set; null when the game's rules are none of the
 * trainer's sets or the step is not known.
 * @param {import("./model.js").Model} model
 * @param {Refusal} message
 * @param {{from: number, to: number} | null} pending  the step this page sent last
 */
export function reportQuery(model, message, pending) {
  const game = model.snapshot?.state.game;
  const tried = message.explanation?.step || pending;
  const settings = model.snapshot?.settings;
  const rules = settings ? reportRules(settings.rules) : "standard";
  // A backward step is no play to report (the notation cannot even write it).
  if (!game?.turn_start_id || !game.dice || !tried || !rules || tried.to > tried.from) return null;
  const steps = [...game.steps.map((step) => [step.from, step.to]), [tried.from, tried.to]];
  const play = steps.map(([from, to]) => `${pointWord(from)}/${pointWord(to)}`).join(" ");
  return new URLSearchParams({
    position: game.turn_start_id,
    dice: `${game.dice[0]}${game.dice[1]}`,
    play,
    rules,
  });
}

/**
 * Fill the refusal ``box``.
 * @param {HTMLElement} box
 * @param {Refusal} message
 * @param {URLSearchParams | null} query  the report's, when there is one
 * @param {{close: () => void, copy: (query: URLSearchParams) => void}} on
 */
export function drawRefusal(box, message, query, on) {
  const why = message.explanation;
  let text =
    (why
      ? lang === "fa"
        ? why.message_fa
        : why.message_en
      : lang === "fa"
        ? message.message_fa
        : message.message) || "";
  const rule = why?.rule || message.rule;
  // The rule is named above the text: the text's own "(rule R5)" would say it twice.
  if (rule) text = text.replace(/\s*\((?:rule|قانون|رسم) [RV][0-9۰-۹]+\)\s*$/u, "");
  // A rule (R…) or an Iranian custom (V…), its id in the page's digits.
  const label = rule?.startsWith("V") ? "custom.label" : "rule.label";
  const parts = [];
  if (rule)
    parts.push(
      el("strong", { class: "rule-name" }, t(label, { id: num(rule), name: t(`rule.${rule}`) })),
    );
  parts.push(el("p", { class: "refusal-text" }, text));
  // The legal alternative, unless the explanation already names it.
  if (
    why?.legal_play &&
    !text.includes(why.legal_play) &&
    !text.includes(notation(why.legal_play))
  ) {
    parts.push(
      el(
        "p",
        { class: "legal" },
        t("game.legalInstead"),
        " ",
        el("bdi", { dir: "ltr", class: "notation" }, notation(why.legal_play)),
      ),
    );
  }
  if (rule) {
    const link = el(
      "a",
      { class: "rule-link", href: ruleHref(rule.toLowerCase()), target: "_blank", rel: "noopener" },
      t("trainer.readRule"),
    );
    parts.push(el("p", { class: "copy-row" }, link));
  }
  if (query) {
    const copy = el(
      "button",
      { type: "button", class: "btn small copy-report" },
      t("trainer.report.copy"),
    );
    copy.addEventListener("click", () => on.copy(query));
    const open = el(
      "a",
      { class: "report-link", href: `/report?${query}`, target: "_blank", rel: "noopener" },
      t("trainer.report.open"),
    );
    parts.push(el("p", { class: "copy-row report-row" }, copy, " ", open));
  }
  const close = el(
    "button",
    { type: "button", class: "close", "aria-label": t("dialog.close") },
    "×",
  );
  close.addEventListener("click", on.close);
  fill(box, parts, close);
  box.hidden = false;
  box.dataset.code = message.code;
}

/**
 * What the refusal box needs of its page.
 * @typedef {object} RefusedPage
 * @property {HTMLElement} root
 * @property {import("./model.js").Model} model
 * @property {WebSocket | null} socket
 * @property {() => {from: number, to: number} | null} pendingStep  the step sent last
 */

/** The page's refusal box: open with the last refusal until the next action. */
export class RefusalBox {
  /** @param {RefusedPage} page */
  constructor(page) {
    this.page = page;
    /** The refusal shown, while it is open. @type {Refusal | null} */
    this.shown = null;
  }

  get box() {
    return /** @type {HTMLElement} */ (this.page.root.querySelector(".refusal"));
  }

  /**
   * A refusal: a stale or conflicting action asks for what it missed; any other is shown.
   * @param {Refusal} message
   */
  refused(message) {
    if (message.code === "stale" || message.code === "conflict") {
      this.page.socket?.send(
        JSON.stringify({ type: "sync", since: this.page.model.snapshot?.seq }),
      );
      return;
    }
    this.shown = message;
    this.draw();
  }

  /** Draw the open refusal (again, in a new language). */
  draw() {
    const message = this.shown;
    if (!message) return;
    const query = message.explanation
      ? reportQuery(this.page.model, message, this.page.pendingStep())
      : null;
    drawRefusal(this.box, message, query, {
      close: () => this.hide(),
      copy: (asked) => copyReport(asked),
    });
  }

  hide() {
    this.box.hidden = true;
    this.shown = null;
  }
}

/**
 * Copy a refused step's report (its text from the server), or open the report page.
 * @param {URLSearchParams} query
 */
async function copyReport(query) {
  try {
    const report = await api("GET", `/api/trainer/report?${query}`);
    await navigator.clipboard.writeText(report.text[lang]);
    toast(t("trainer.report.copied"));
  } catch {
    window.open(`/report?${query}`, "_blank", "noopener"); // its text can be copied by hand there
  }
}
