// Public dice statistics: every finished game's dice, and your own games'.
import { api } from "./api.js";
import { lang, num, t } from "./i18n.js";

function cell(text, tag = "td") {
  const item = document.createElement(tag);
  item.textContent = text;
  return item;
}

function fixed(value, digits) {
  const text = num(value.toFixed(digits));
  return lang === "fa" ? text.replace(".", "٫") : text;
}

function fitText(fit) {
  if (!fit) return t("dice.noRolls");
  return t("dice.fit", {
    statistic: fixed(fit.statistic, 2),
    df: fit.degrees_of_freedom,
    p: fixed(fit.p_value, 3),
  });
}

function tallyCard(titleKey, tally) {
  const card = document.createElement("section");
  card.className = "card dice-card";
  const title = cell(t(titleKey), "h2");
  const rolls = cell(t("dice.rolls", { rolls: tally.rolls }), "p");
  rolls.className = "dice-rolls";
  const table = document.createElement("table");
  table.className = "dice-table";
  const head = document.createElement("tr");
  head.append(cell(t("dice.face"), "th"), cell(t("dice.count"), "th"), cell(t("dice.expected"), "th"));
  table.append(head);
  tally.faces.forEach((count, index) => {
    const row = document.createElement("tr");
    row.dataset.face = String(index + 1);
    row.append(cell(num(index + 1)), cell(num(count)), cell(fixed(tally.expected_face_count, 1)));
    table.append(row);
  });
  const doubles = document.createElement("tr");
  doubles.className = "dice-doubles";
  doubles.append(cell(t("dice.doubles")), cell(num(tally.doubles)), cell(fixed(tally.expected_doubles, 1)));
  table.append(doubles);
  const faces = cell(`${t("dice.facesFit")} ${fitText(tally.faces_fit)}`, "p");
  const fitDoubles = cell(`${t("dice.doublesFit")} ${fitText(tally.doubles_fit)}`, "p");
  card.append(title, rolls, table, faces, fitDoubles);
  return card;
}

export async function dicePage(root) {
  const page = document.createElement("section");
  page.className = "dice-page";
  const title = cell(t("dice.title"), "h1");
  const lead = cell(t("dice.lead"), "p");
  page.append(title, lead);
  root.replaceChildren(page);
  const stats = await api("GET", "/api/dice-stats");
  page.append(tallyCard("dice.all", stats.all));
  if (stats.mine) page.append(tallyCard("dice.mine", stats.mine));
}
