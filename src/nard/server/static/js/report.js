// @ts-check
// A rules problem report (/report?position=...&dice=...&play=...): the position with the
// play drawn, the engine's verdict, and the text to paste into an issue.
import { api } from "./api.js";
import { Board } from "./board.js";
import { el, fill, tr } from "./dom.js";
import { lang, onLangChange, t, translate } from "./i18n.js";
import { boardModel, explanation } from "./practice.js";
import { toast } from "./ui.js";

/**
 * A step of the report's play ("13/7*") as [from, to]; "bar" is 25, "off" 0.
 * @param {string} text
 */
const stepOf = (text) =>
  text.split("/").map((p) => (p === "bar" ? 25 : p === "off" ? 0 : Number(p.replace("*", ""))));

/** @param {HTMLElement} root */
export async function reportPage(root) {
  const params = new URLSearchParams(location.search);
  const boardWrap = el("div", { class: "board-wrap" });
  const verdict = el("div", { class: "report-verdict" });
  const text = el("textarea", {
    class: "share-text report-text",
    rows: 12,
    readonly: true,
    dir: "auto",
    "aria-labelledby": "report-title",
  });
  const copy = tr("button", "trainer.report.copy", {
    type: "button",
    class: "btn primary copy-report",
  });
  fill(
    root,
    el(
      "section",
      { class: "card report" },
      tr("h2", "trainer.report.title", { id: "report-title" }),
      boardWrap,
      verdict,
      text,
      el("p", { class: "copy-row" }, copy),
    ),
  );
  translate(root);
  /** @type {import("./types/wire.js").RulesReportView} */
  let report;
  try {
    report = await api("GET", `/api/trainer/report?${params}`);
  } catch {
    verdict.textContent = t("trainer.report.failed");
    return;
  }
  const board = new Board(boardWrap);
  /** @param {number[][]} steps */
  const draw = (steps) => board.render(boardModel(report.board, report.dice, steps));
  const show = () => {
    draw(report.steps.map(stepOf).filter((s) => s.length === 2 && s.every(Number.isFinite)));
    fill(
      verdict,
      report.explanation
        ? explanation(report.explanation, { showLegal: draw })
        : el("p", {}, t("trainer.report.legal")),
    );
    text.value = lang === "fa" ? report.text.fa : report.text.en;
  };
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text.value);
      toast(t("trainer.report.copied"));
    } catch {
      text.select();
    }
  });
  onLangChange(show);
  show();
}
