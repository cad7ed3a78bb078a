// @ts-check
// A small SVG line chart (ratings over matches, error rates over time), drawn here: no library.
import { num } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

/**
 * An SVG element with ``attrs`` and, when given, ``text``.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string | number | undefined>} attrs
 * @param {string} [text]
 * @returns {SVGElementTagNameMap[K]}
 */
function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined) node.setAttribute(name, String(value));
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A line through ``values`` (numbers, oldest first), with the lowest and highest value on
 * the axis and a dot on each point whose tooltip is ``labels[i]``, a link to ``links[i]``
 * where there is one (the point's match). ``title`` names it for screen readers.
 * @param {number[]} values
 * @param {{ title: string, labels?: string[], links?: (string | null)[], width?: number,
 *   height?: number, digits?: number }} options
 */
export function lineChart(
  values,
  { title, labels = [], links = [], width = 520, height = 180, digits = 0 },
) {
  const pad = { left: 48, right: 12, top: 12, bottom: 16 };
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`,
    class: "line-chart",
    role: "img",
    "aria-label": title,
  });
  chart.append(svg("title", {}, title));
  if (!values.length) return chart;
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high - low < 1e-9) {
    low -= 1;
    high += 1;
  }
  const innerW = width - pad.left - pad.right;
  const innerH = height - pad.top - pad.bottom;
  /** @param {number} i */
  const x = (i) =>
    pad.left + (values.length === 1 ? innerW / 2 : (innerW * i) / (values.length - 1));
  /** @param {number} v */
  const y = (v) => pad.top + innerH - ((v - low) / (high - low)) * innerH;
  chart.append(
    svg("line", { x1: pad.left, y1: pad.top, x2: pad.left, y2: pad.top + innerH, class: "axis" }),
    svg("line", {
      x1: pad.left,
      y1: pad.top + innerH,
      x2: width - pad.right,
      y2: pad.top + innerH,
      class: "axis",
    }),
    svg(
      "text",
      { x: pad.left - 6, y: pad.top + 4, class: "tick", "text-anchor": "end" },
      num(high.toFixed(digits)),
    ),
    svg(
      "text",
      { x: pad.left - 6, y: pad.top + innerH, class: "tick", "text-anchor": "end" },
      num(low.toFixed(digits)),
    ),
  );
  const line = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  chart.append(svg("polyline", { points: line, class: "line", fill: "none" }));
  for (const [i, v] of values.entries()) {
    const dot = svg("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3.5, class: "dot" });
    const label = labels[i] ?? num(v.toFixed(digits));
    dot.append(svg("title", {}, label));
    if (links[i]) {
      const link = svg("a", { href: links[i], class: "point-link", "aria-label": label });
      link.append(dot);
      chart.append(link);
    } else {
      chart.append(dot);
    }
  }
  return chart;
}
