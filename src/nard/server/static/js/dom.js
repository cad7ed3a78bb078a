// Building page parts from data: every player-written string goes in as text, never as HTML.

/**
 * An element: ``attrs`` are attributes (``dataset``/``class`` included), ``children`` strings
 * (set as text nodes) or nodes; null and false children are skipped.
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "dataset") Object.assign(node.dataset, value);
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Replace a container's children. */
export function fill(container, ...children) {
  container.replaceChildren(...children.flat().filter((child) => child !== null && child !== false));
}
