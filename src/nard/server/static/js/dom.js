// @ts-check
// Building page parts from data, the one way pages render: every player-written string
// goes in as a text node, never as HTML.

/**
 * @typedef {string | number | boolean | null | undefined | Record<string, string>
 *   | ((event: any) => void)} AttrValue
 * @typedef {Record<string, AttrValue>} Attrs
 * @typedef {Node | string | null | undefined | false} Child
 * @typedef {Child | Child[]} Children
 */

/**
 * An element: ``attrs`` are attributes (``dataset``, ``class``, and ``onclick``-style
 * listeners included; null, undefined and false ones are left out), ``children`` strings
 * (set as text nodes) or nodes; null and false children are skipped.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs} [attrs]
 * @param {...Children} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (typeof value === "object") Object.assign(node.dataset, value);
    else if (name === "class") node.className = String(value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  node.append(...nodes(children));
  return node;
}

/**
 * The nodes of ``children`` (strings as text), without the null and false ones.
 * @param {Children[]} children
 * @returns {(Node | string)[]}
 */
function nodes(children) {
  /** @type {(Node | string)[]} */
  const out = [];
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) out.push(child);
  }
  return out;
}

/**
 * Replace a container's children.
 * @param {Element} container
 * @param {...Children} children
 */
export function fill(container, ...children) {
  container.replaceChildren(...nodes(children));
}

/**
 * The element ``selector`` finds in ``root`` (of class ``type`` when given); a missing one
 * is a bug in the page, so it throws rather than return null.
 * @template {Element} [E=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => E} [type]
 * @returns {E}
 */
export function find(root, selector, type) {
  const node = root.querySelector(selector);
  if (!node) throw new Error(`no ${selector} on the page`);
  if (type && !(node instanceof type)) throw new Error(`${selector} is no ${type.name}`);
  return /** @type {E} */ (node);
}

/**
 * Every element ``selector`` finds in ``root`` (of class ``type`` when given).
 * @template {Element} [E=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @param {new (...args: any[]) => E} [type]
 * @returns {E[]}
 */
export function findAll(root, selector, type) {
  const nodes = [...root.querySelectorAll(selector)];
  return /** @type {E[]} */ (type ? nodes.filter((node) => node instanceof type) : nodes);
}

/**
 * A text to be translated: an element whose text ``translate()`` fills from ``key``.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} key
 * @param {Attrs} [attrs]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function tr(tag, key, attrs = {}) {
  return el(tag, { ...attrs, "data-i18n": key });
}
