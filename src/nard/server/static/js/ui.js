// Small shared pieces: escaping, dialogs, toasts.
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A modal dialog; resolves with the chosen button's value (null when dismissed). A button
 * given ``keep(box)`` calls it and leaves the dialog open.
 */
export function dialog(title, body, buttons, kind = "") {
  return new Promise((resolve) => {
    const box = document.createElement("dialog");
    box.className = `dialog ${kind}`;
    const lines = String(body || "")
      .split("\n")
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join("");
    box.innerHTML = `<h2>${escapeHtml(title)}</h2>${lines}<div class="dialog-buttons"></div>`;
    const row = box.querySelector(".dialog-buttons");
    for (const button of buttons) {
      const node = document.createElement("button");
      node.type = "button";
      node.className = `btn${button.primary ? " primary" : ""}`;
      node.textContent = button.label;
      node.dataset.value = button.value ?? "";
      node.addEventListener("click", () => {
        // A button with ``keep`` acts inside the dialog (a hint) and leaves it open.
        if (button.keep) {
          button.keep(box);
          return;
        }
        box.close();
        resolve(button.value ?? null);
      });
      row.appendChild(node);
    }
    box.addEventListener("cancel", () => resolve(null));
    box.addEventListener("close", () => box.remove());
    document.body.appendChild(box);
    box.showModal();
  });
}

export function toast(text) {
  const node = document.createElement("div");
  node.className = "toast";
  node.setAttribute("role", "status");
  node.textContent = text;
  document.body.appendChild(node);
  setTimeout(() => node.remove(), 3000);
}
