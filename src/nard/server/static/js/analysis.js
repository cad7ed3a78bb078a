// @ts-check
// A match analysis (nard.ai.analysis MatchAnalysis.to_dict()) on the replay: decisions on
// their frames, the equity graph, and each player's error rate and luck.
import { el } from "./dom.js";
import { num, signed, t } from "./i18n.js";
import { notation } from "./notation.js";
import { svg } from "./shared/svg.js";

/**
 * @typedef {object} Decision
 * @property {"play" | "double" | "take"} kind
 * @property {"white" | "black"} side
 * @property {number} move
 * @property {string} chosen
 * @property {string} best
 * @property {{from: number, to: number}[]} [chosen_steps]  the played play's steps (mover's numbering)
 * @property {{from: number, to: number}[]} [best_steps]  the best play's steps (older analyses lack them)
 * @property {number} equity
 * @property {number} best_equity
 * @property {number} loss
 * @property {number | null} [luck]
 * @property {string} mark
 */

/** The frames a decision belongs to, by its kind (a cube answer: the take, beaver or drop). */
const KINDS = {
  play: ["roll"],
  take: ["take", "beaver", "drop"],
  double: ["double"],
  noDouble: ["roll"],
};

/**
 * Put each decision of ``analysis`` on the frame where it was taken (``frame.decision``).
 * @param {{game: number, move: number, side: string | null, kind: string, decision?: Decision | null}[]} frames
 * @param {{games: {number: number, decisions: Decision[]}[]}} analysis
 */
export function attachAnalysis(frames, analysis) {
  for (const frame of frames) frame.decision = null;
  for (const game of analysis.games) {
    for (const decision of game.decisions) {
      const kinds =
        decision.kind === "play"
          ? KINDS.play
          : decision.kind === "take"
            ? KINDS.take
            : decision.chosen === "double"
              ? KINDS.double
              : KINDS.noDouble;
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

/** @type {Record<string, string>} */
const MARK_CLASS = { doubtful: "mark-doubtful", bad: "mark-bad", "very bad": "mark-very-bad" };

/**
 * "?!", "?", "??" as gnubg writes the marks.
 * @param {string} mark
 */
export function markSymbol(mark) {
  return (
    /** @type {Record<string, string>} */ ({ doubtful: "?!", bad: "?", "very bad": "??" })[mark] ||
    ""
  );
}

/** @param {string} mark */
export function markClass(mark) {
  return MARK_CLASS[mark] || "";
}

/** @type {Record<string, string>} */
const CUBE_CHOICES = {
  "no double": "noDouble",
  double: "double",
  take: "take",
  drop: "drop",
  beaver: "beaver",
};

/**
 * A decision's choice in the page's language: a cube action in words, a play in notation.
 * @param {string} choice
 */
export function choiceText(choice) {
  const cube = CUBE_CHOICES[choice];
  return cube ? t(`cubeChoice.${cube}`) : notation(choice);
}

/**
 * A choice: a play kept left to right, a cube action in the page's direction.
 * @param {string} choice
 */
function choiceNode(choice) {
  return el(
    "bdi",
    { dir: CUBE_CHOICES[choice] ? "auto" : "ltr", class: "notation" },
    choiceText(choice),
  );
}

/**
 * The text under the board for a frame's decision.
 * @param {Decision} decision
 * @returns {(Node | string)[]}
 */
export function decisionNodes(decision) {
  /** @type {(Node | string)[]} */
  const parts = [el("strong", {}, t(`decision.${decision.kind}`))];
  if (decision.mark !== "none") {
    parts.push(
      " ",
      el(
        "span",
        { class: `mark ${markClass(decision.mark)}` },
        `${t(`mark.${decision.mark}`)} ${markSymbol(decision.mark)}`,
      ),
    );
  }
  parts.push(
    el("br"),
    `${t("analysis.played")} `,
    choiceNode(decision.chosen),
    ` (${signed(decision.equity)})`,
  );
  if (decision.loss > 0.0005) {
    parts.push(
      ` · ${t("analysis.best")} `,
      choiceNode(decision.best),
      ` (${signed(decision.best_equity)}) · ${t("analysis.loss", { loss: num(decision.loss.toFixed(3)) })}`,
    );
  } else parts.push(` · ${t("analysis.bestPlayed")}`);
  if (decision.luck !== null && decision.luck !== undefined && decision.kind === "play") {
    parts.push(` · ${t("analysis.rollLuck", { luck: signed(decision.luck) })}`);
  }
  return parts;
}

/**
 * @typedef {object} PlayerStats
 * @property {number} error_rate
 * @property {number} pr
 * @property {string | null} rating
 * @property {number} decisions
 * @property {Record<string, number>} marks
 * @property {number} luck
 * @property {number} luck_per_roll
 */

/**
 * Each player's summary: error rate, PR, rating, marks, luck, as a table.
 * @param {{stats: PlayerStats[]}} analysis
 * @param {{white: string, black: string}} names
 */
export function statsTable(analysis, names) {
  /** @type {[string, (s: PlayerStats) => string][]} */
  const rows = [
    ["analysis.errorRate", (s) => num(s.error_rate.toFixed(1))],
    ["analysis.pr", (s) => num(s.pr.toFixed(1))],
    ["analysis.rating", (s) => (s.rating ? t(`rating.${s.rating}`) : "–")],
    ["analysis.decisions", (s) => num(s.decisions)],
    [
      "analysis.marks",
      (s) => num(`${s.marks.doubtful || 0} / ${s.marks.bad || 0} / ${s.marks["very bad"] || 0}`),
    ],
    ["analysis.luck", (s) => signed(s.luck)],
    ["analysis.luckPerRoll", (s) => signed(s.luck_per_roll)],
  ];
  const [white, black] = analysis.stats;
  const head = el("tr", {}, el("th"), el("th", {}, names.white), el("th", {}, names.black));
  const body = rows.map(([key, cell]) =>
    el(
      "tr",
      {},
      el("th", { scope: "row" }, t(key)),
      el("td", {}, cell(white)),
      el("td", {}, cell(black)),
    ),
  );
  return el("table", { class: "stats" }, head, body);
}

/**
 * White's winning chances move by move (one game) as an SVG line, with the marked
 * mistakes as dots and ``current`` (a move number) as a vertical line.
 * @param {{graph: {move: number, win: number}[], decisions: Decision[]}} game
 * @param {number | null} current
 * @param {(move: number) => void} [onPick]
 */
export function graphSvg(game, current, onPick) {
  const points = game.graph;
  const width = 600;
  const height = 160;
  const pad = 24;
  const last = Math.max(1, points[points.length - 1]?.move || 1);
  const x = (/** @type {number} */ move) => pad + ((width - 2 * pad) * move) / last;
  const y = (/** @type {number} */ win) => pad / 2 + (height - pad) * (1 - win);
  const graph = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "equity-graph",
    role: "img",
    "aria-label": t("analysis.graph"),
  });
  svg(
    "rect",
    { x: pad, y: pad / 2, width: width - 2 * pad, height: height - pad, class: "graph-bg" },
    graph,
  );
  svg("line", { x1: pad, x2: width - pad, y1: y(0.5), y2: y(0.5), class: "graph-mid" }, graph);
  svg(
    "text",
    { x: pad - 4, y: y(1) + 10, class: "graph-label", "text-anchor": "end" },
    graph,
  ).textContent = num(100);
  svg(
    "text",
    { x: pad - 4, y: y(0), class: "graph-label", "text-anchor": "end" },
    graph,
  ).textContent = num(0);
  if (current !== null)
    svg(
      "line",
      { x1: x(current), x2: x(current), y1: pad / 2, y2: height - pad / 2, class: "graph-now" },
      graph,
    );
  const line = points.map((p) => `${x(p.move).toFixed(1)},${y(p.win).toFixed(1)}`).join(" ");
  svg("polyline", { points: line, class: "graph-line" }, graph);
  for (const decision of game.decisions.filter((d) => d.mark !== "none")) {
    const point = points.find((p) => p.move === decision.move) || points[points.length - 1];
    const dot = svg(
      "circle",
      {
        class: `graph-mark ${markClass(decision.mark)}`,
        "data-move": decision.move,
        cx: x(decision.move),
        cy: y(point.win),
        r: 5,
      },
      graph,
    );
    svg("title", {}, dot).textContent =
      `${t(`side.${decision.side}`)}: ${choiceText(decision.chosen)} → ${choiceText(decision.best)}`;
    dot.addEventListener("click", () => onPick?.(decision.move));
  }
  return graph;
}
