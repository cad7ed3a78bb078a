// A match analysis (nard.ai.analysis MatchAnalysis.to_dict()) on the replay: decisions on
// their frames, the equity graph, and each player's error rate and luck.
import { num, signed, t } from "./i18n.js";
import { notation } from "./notation.js";
import { escapeHtml } from "./ui.js";

/** Put each decision of ``analysis`` on the frame where it was taken (``frame.decision``). */
export function attachAnalysis(frames, analysis) {
  for (const frame of frames) frame.decision = null;
  for (const game of analysis.games) {
    for (const decision of game.decisions) {
      const kinds =
        decision.kind === "play"
          ? ["roll"]
          : decision.kind === "take"
            ? ["take"]
            : decision.chosen === "double"
              ? ["double"]
              : ["roll"];
      const frame = frames.find(
        (item) =>
          item.game === game.number &&
          item.move === decision.move &&
          item.side === decision.side &&
          kinds.includes(item.kind),
      );
      // A play and the cube decision before it share the roll frame: the play matters more.
      if (frame && (!frame.decision || decision.kind === "play")) frame.decision = decision;
    }
  }
}

const MARK_CLASS = { doubtful: "mark-doubtful", bad: "mark-bad", "very bad": "mark-very-bad" };

/** "?!", "?", "??" as gnubg writes the marks. */
export function markSymbol(mark) {
  return { doubtful: "?!", bad: "?", "very bad": "??" }[mark] || "";
}

export function markClass(mark) {
  return MARK_CLASS[mark] || "";
}

const CUBE_CHOICES = { "no double": "noDouble", double: "double", take: "take", drop: "drop", beaver: "beaver" };

/** A decision's choice in the page's language: a cube action in words, a play in notation. */
export function choiceText(choice) {
  const cube = CUBE_CHOICES[choice];
  return cube ? t(`cubeChoice.${cube}`) : notation(choice);
}

/** A choice as HTML: a play kept left to right, a cube action in the page's direction. */
function choiceHtml(choice) {
  const dir = CUBE_CHOICES[choice] ? "auto" : "ltr";
  return `<bdi dir="${dir}" class="notation">${escapeHtml(choiceText(choice))}</bdi>`;
}

/** The text under the board for a frame's decision (HTML). */
export function decisionHtml(decision) {
  if (!decision) return "";
  const equity = (value) => signed(value);
  const what = t(`decision.${decision.kind}`);
  const mark = decision.mark !== "none" ? ` <span class="mark ${markClass(decision.mark)}">${escapeHtml(t(`mark.${decision.mark}`))} ${markSymbol(decision.mark)}</span>` : "";
  const played = choiceHtml(decision.chosen);
  const best = choiceHtml(decision.best);
  let html = `<strong>${escapeHtml(what)}</strong>${mark}<br>${escapeHtml(t("analysis.played"))} ${played} (${escapeHtml(equity(decision.equity))})`;
  if (decision.loss > 0.0005) {
    html += ` · ${escapeHtml(t("analysis.best"))} ${best} (${escapeHtml(equity(decision.best_equity))}) · ${escapeHtml(t("analysis.loss", { loss: num(decision.loss.toFixed(3)) }))}`;
  } else html += ` · ${escapeHtml(t("analysis.bestPlayed"))}`;
  if (decision.luck !== null && decision.luck !== undefined && decision.kind === "play") {
    html += ` · ${escapeHtml(t("analysis.rollLuck", { luck: equity(decision.luck) }))}`;
  }
  return html;
}

/** Steps of a play in gnubg notation ("24/18 13/11*", "bar/22", "6/off", "8/5(2)", "24/18/13"). */
export function parsePlay(text) {
  const steps = [];
  for (const token of String(text).trim().split(/\s+/)) {
    const match = token.match(/^([^()]+)(?:\((\d)\))?$/);
    if (!match) continue;
    const points = match[1]
      .replace(/\*/g, "")
      .split("/")
      .map((part) => (part === "bar" ? 25 : part === "off" ? 0 : Number(part)));
    if (points.some((point) => Number.isNaN(point))) continue;
    const times = Number(match[2] || 1);
    for (let i = 0; i < times; i += 1) {
      for (let j = 0; j + 1 < points.length; j += 1) steps.push({ from: points[j], to: points[j + 1] });
    }
  }
  return steps;
}

/** Each player's summary: error rate, PR, rating, marks, luck (HTML table). */
export function statsHtml(analysis, names) {
  const rows = [
    ["analysis.errorRate", (s) => num(s.error_rate.toFixed(1))],
    ["analysis.pr", (s) => num(s.pr.toFixed(1))],
    ["analysis.rating", (s) => (s.rating ? t(`rating.${s.rating}`) : "–")],
    ["analysis.decisions", (s) => num(s.decisions)],
    ["analysis.marks", (s) => num(`${s.marks.doubtful || 0} / ${s.marks.bad || 0} / ${s.marks["very bad"] || 0}`)],
    ["analysis.luck", (s) => signed(s.luck)],
    ["analysis.luckPerRoll", (s) => signed(s.luck_per_roll)],
  ];
  const [white, black] = analysis.stats;
  const head = `<tr><th></th><th>${escapeHtml(names.white)}</th><th>${escapeHtml(names.black)}</th></tr>`;
  const body = rows
    .map(([key, cell]) => `<tr><th scope="row">${escapeHtml(t(key))}</th><td>${escapeHtml(cell(white))}</td><td>${escapeHtml(cell(black))}</td></tr>`)
    .join("");
  return `<table class="stats">${head}${body}</table>`;
}

/**
 * White's winning chances move by move (one game) as an SVG line, with the marked
 * mistakes as dots and ``current`` (a move number) as a vertical line.
 */
export function graphSvg(game, current, onPick) {
  const points = game.graph;
  const width = 600;
  const height = 160;
  const pad = 24;
  const last = Math.max(1, points[points.length - 1]?.move || 1);
  const x = (move) => pad + ((width - 2 * pad) * move) / last;
  const y = (win) => pad / 2 + (height - pad) * (1 - win);
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "equity-graph");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("analysis.graph"));
  const line = points.map((p) => `${x(p.move).toFixed(1)},${y(p.win).toFixed(1)}`).join(" ");
  const marks = game.decisions
    .filter((d) => d.mark !== "none")
    .map((d) => {
      const point = points.find((p) => p.move === d.move) || points[points.length - 1];
      return `<circle class="graph-mark ${markClass(d.mark)}" data-move="${d.move}" cx="${x(d.move)}" cy="${y(point.win)}" r="5"><title>${escapeHtml(`${t(`side.${d.side}`)}: ${choiceText(d.chosen)} → ${choiceText(d.best)}`)}</title></circle>`;
    })
    .join("");
  svg.innerHTML = `
    <rect x="${pad}" y="${pad / 2}" width="${width - 2 * pad}" height="${height - pad}" class="graph-bg"/>
    <line x1="${pad}" x2="${width - pad}" y1="${y(0.5)}" y2="${y(0.5)}" class="graph-mid"/>
    <text x="${pad - 4}" y="${y(1) + 10}" class="graph-label" text-anchor="end">${num(100)}</text>
    <text x="${pad - 4}" y="${y(0) }" class="graph-label" text-anchor="end">${num(0)}</text>
    ${current !== null ? `<line x1="${x(current)}" x2="${x(current)}" y1="${pad / 2}" y2="${height - pad / 2}" class="graph-now"/>` : ""}
    <polyline points="${line}" class="graph-line"/>
    ${marks}`;
  svg.querySelectorAll("[data-move]").forEach((dot) =>
    dot.addEventListener("click", () => onPick?.(Number(dot.dataset.move))),
  );
  return svg;
}
