// Plays in gnubg notation, as nard.core.notation.format_play writes them, and in the
// page's language: "24/18 13/11*", "bar/22", "6/off", "8/5(2)", "24/18*/13".
import { lang, num, t } from "./i18n.js";

const word = (point) => (point === 25 ? "bar" : point === 0 ? "off" : String(point));

/** ``steps`` ([{from, to, hit}], the mover's own points) in gnubg's canonical notation. */
export function formatPlay(steps) {
  if (!steps.length) return "";
  const hits = new Set(steps.filter((step) => step.hit && step.to !== 0).map((step) => step.to));
  // gnubg's order: starting point, then landing point, both highest first.
  const ordered = [...steps].sort((a, b) => b.from - a.from || b.to - a.to);
  const paths = ordered.map((step) => [step.from, step.to]);
  const alive = paths.map(() => true);
  paths.forEach((path, i) => {
    if (!alive[i]) return;
    for (let j = i + 1; j < paths.length; j += 1) {
      if (alive[j] && path[path.length - 1] === paths[j][0]) {
        // A checker that moves on: one path, keeping the point where it hit.
        if (hits.has(path[path.length - 1])) path.push(paths[j][1]);
        else path[path.length - 1] = paths[j][1];
        alive[j] = false;
      }
    }
  });
  const counted = [];
  paths.forEach((path, i) => {
    if (!alive[i]) return;
    const seen = counted.find((item) => item.path.join("/") === path.join("/"));
    if (seen) seen.count += 1;
    else counted.push({ path, count: 1 });
  });
  const starred = new Set();
  return counted
    .map(({ path, count }) => {
      const parts = [word(path[0])];
      for (const point of path.slice(1, -1)) {
        parts.push(`${word(point)}*`);
        starred.add(point);
      }
      const end = path[path.length - 1];
      let last = word(end);
      if (hits.has(end) && !starred.has(end)) {
        last += "*";
        starred.add(end);
      }
      parts.push(last);
      const text = parts.join("/");
      return count > 1 ? `${text}(${count})` : text;
    })
    .join(" ");
}

/** gnubg notation in the page's language: Persian digits and words for bar and off. */
export function notation(text) {
  if (lang !== "fa") return text;
  return num(text.replace(/bar/g, t("word.bar")).replace(/off/g, t("word.off")));
}

/** Dice as "6-4" in the page's digits, kept left to right. */
export function diceText(dice) {
  return dice ? `\u2066${num(dice[0])}-${num(dice[1])}\u2069` : "";
}
