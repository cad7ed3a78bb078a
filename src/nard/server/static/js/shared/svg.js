// @ts-check
// Building SVG from data, element by element (no markup strings): the board, the graph.

const NS = "http://www.w3.org/2000/svg";

/**
 * An SVG element with ``attrs`` (numbers written as they are), appended to ``parent``.
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {Element | null} [parent]
 * @returns {SVGElement}
 */
export function svg(name, attrs = {}, parent = null) {
  const node = /** @type {SVGElement} */ (document.createElementNS(NS, name));
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}
