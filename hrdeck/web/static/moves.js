// A player's moves: their buttons (hrdeck/web/buttons.py), and the small form a move that
// needs more words opens: a card keyboard (rank and suit, jokers, or What the Rule?!
// designs), a player, a choice, words. The line it builds is the one typed at the laptop,
// shown as it is built, and can be edited as text before it is sent.
"use strict";

const RANK_KEYS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUIT_KEYS = [["s", "♠", "spades"], ["h", "♥", "hearts"], ["d", "♦", "diamonds"], ["c", "♣", "clubs"]];
const JOKER_KEYS = [["rj", "Red joker"], ["bj", "Black joker"]];
const DESIGN_PARTS = [
  ["colour", [["w", "white"], ["b", "black"]]],
  ["count", [["1", "1"], ["2", "2"], ["3", "3"], ["4", "4"], ["5", "5"], ["6", "6"]]],
  ["fill", [["f", "filled"], ["u", "unfilled"]]],
  ["shape", [["c", "circle"], ["t", "triangle"], ["s", "square"]]],
];
const SHAPE_SIGNS = {c: ["●", "○"], t: ["▲", "△"], s: ["■", "□"]};
const WORDS = {"*": "the card's name", rj: "red joker", bj: "black joker"};

let moving = null;  // the move being built: {item, values, keyboards}

function cardName(code) {
  if (WORDS[code]) return WORDS[code];
  const match = /^(10|[2-9ajqk])([shdc])( 1| 11)?$/.exec(code);
  if (!match) return code;
  const rank = match[1].toUpperCase();
  return rank + SUIT_KEYS.find((suit) => suit[0] === match[2])[1] + (match[3] ? " (counts" + match[3] + ")" : "");
}

function designName(code) {
  const match = /^([wb])([1-6])([fu])([cts])$/.exec(code);
  if (!match) return code;
  const sign = SHAPE_SIGNS[match[4]][match[3] === "f" ? 0 : 1];
  return match[2] + " " + (match[1] === "w" ? "white" : "black") + " " + sign;
}

// -- the buttons -----------------------------------------------------------------------------

function renderMoves(buttons, view) {
  const box = $("buttons");
  if (!box) return;
  box.replaceChildren();
  const main = buttons.filter((item) => item.kind === "main");
  const rest = buttons.filter((item) => item.kind !== "main");
  [...main, ...rest].forEach((item) => {
    const button = el("button", item.label, "move" + (item.kind === "main" ? " main" : " quiet"));
    button.dataset.line = item.line;
    button.type = "button";
    if (item.fields.length || item.confirm) button.setAttribute("aria-haspopup", "dialog");
    button.addEventListener("click", () => {
      if (!item.fields.length && !item.confirm) { send(item.line); closeMove(); return; }
      openMove(item);
    });
    box.append(button);
  });
  if (moving && !buttons.some((item) => item.label === moving.item.label && item.line === moving.item.line)) {
    closeMove();  // the move is no longer offered (the turn moved on)
  }
  box.hidden = !buttons.length;
}

// -- the form --------------------------------------------------------------------------------

function openMove(item) {
  moving = {item: item, values: {}, keyboards: {}};
  $("move-title").textContent = item.label;
  $("move-confirm").textContent = item.confirm || "";
  show("move-confirm", Boolean(item.confirm));
  $("move-send").textContent = item.fields.length ? "Send" : "Yes, send it";
  const fields = $("move-fields");
  fields.replaceChildren();
  item.fields.forEach((field) => fields.append(fieldBox(field)));
  show("move", true);
  updateLine();
  $("move").scrollIntoView({block: "nearest", behavior: "smooth"});
}

function closeMove() {
  moving = null;
  show("move", false);
}

function fieldBox(field) {
  const box = el("fieldset", null, "field " + field.kind);
  box.append(el("legend", field.label + (field.optional ? " (if any)" : "")));
  if (field.kind === "cards") box.append(keyboard(field));
  else if (field.kind === "text") box.append(...textBox(field));
  else box.append(choiceRow(field.options, (value) => setValue(field.name, value), field.optional, (value) => WORDS[value] || value));
  return box;
}

function setValue(name, value) {
  moving.values[name] = value;
  updateLine();
}

function choiceRow(options, pick, optional, label) {
  const row = el("div", null, "keys choice-row");
  options.forEach((value) => {
    const key = el("button", label(value), "key");
    key.type = "button";
    key.dataset.value = value;
    key.setAttribute("aria-pressed", "false");
    key.addEventListener("click", () => {
      const on = key.getAttribute("aria-pressed") !== "true";
      if (!on && !optional) return;  // a choice that must be made stays made
      row.querySelectorAll(".key").forEach((other) => other.setAttribute("aria-pressed", "false"));
      key.setAttribute("aria-pressed", on ? "true" : "false");
      pick(on ? value : "");
    });
    row.append(key);
  });
  return row;
}

function textBox(field) {
  const input = el("input");
  input.type = "text";
  input.autocomplete = "off"; input.spellcheck = false;
  input.setAttribute("autocapitalize", "off");
  input.addEventListener("input", () => setValue(field.name, input.value));
  const parts = [input];
  if (field.options.length) {
    const chips = el("div", null, "chips");
    field.options.forEach((words) => {
      const chip = el("button", WORDS[words] || words, "chip quiet");
      chip.type = "button";
      chip.addEventListener("click", () => {
        const now = input.value.trim();
        input.value = field.many && now ? now + "; " + words : words;  // words add up; a call is one
        setValue(field.name, input.value);
      });
      chips.append(chip);
    });
    parts.push(chips);
  }
  return parts;
}

// -- the card keyboard -----------------------------------------------------------------------

function keyboard(field) {
  const state = {rank: "", suits: [], ace: "", joker: "", design: {}, designs: []};
  const box = el("div", null, "keyboard");
  const shown = el("p", "", "card-shown");
  shown.setAttribute("aria-live", "polite");
  const update = () => {
    const value = cardValue(field, state);
    shown.textContent = value ? cardsShown(field, value) : "tap a card";
    shown.classList.toggle("empty", !value);
    setValue(field.name, value);
    box.querySelectorAll("[data-part]").forEach((key) => {
      const part = key.dataset.part, value = key.dataset.value;
      const on = part === "rank" ? state.rank === value : part === "suit" ? state.suits.includes(value)
        : part === "ace" ? state.ace === value : part === "joker" ? state.joker === value
        : state.design[part] === value;
      key.setAttribute("aria-pressed", on ? "true" : "false");
    });
    const ace = box.querySelector(".ace-row");
    if (ace) ace.hidden = state.rank !== "a";
  };
  box.append(shown);
  const keys = field.options;
  if (keys.includes("ranks")) {
    box.append(keyRow("rank", RANK_KEYS.map((rank) => [rank.toLowerCase(), rank]), "ranks", (value) => {
      state.rank = state.rank === value ? "" : value; state.joker = "";
      if (state.rank !== "a") state.ace = "";
    }, update));
    box.append(keyRow("suit", SUIT_KEYS.map(([code, sign, name]) => [code, sign, name]), "suits", (value) => {
      state.joker = "";
      if (field.many) state.suits = state.suits.includes(value) ? state.suits.filter((suit) => suit !== value) : [...state.suits, value];
      else state.suits = state.suits[0] === value ? [] : [value];
    }, update));
    if (keys.includes("ace-value")) {
      const row = keyRow("ace", [["1", "counts 1"], ["11", "counts 11"]], "ace-row", (value) => { state.ace = value; }, update);
      row.hidden = true;
      box.append(row);
    }
  }
  if (keys.includes("jokers")) {
    box.append(keyRow("joker", JOKER_KEYS, "jokers", (value) => {
      state.joker = state.joker === value ? "" : value; state.rank = ""; state.suits = [];
    }, update));
  }
  if (keys.includes("designs")) {
    const list = el("div", null, "chips designs-chosen");
    DESIGN_PARTS.forEach(([part, options]) => {
      box.append(keyRow(part, options.map(([code, word]) => [code, part === "shape" ? SHAPE_SIGNS[code][0] + " " + word : word]), "design " + part, (value) => {
        state.design[part] = state.design[part] === value ? undefined : value;
        const code = designCode(state.design);
        if (field.many && code) {  // a hand: each design made joins the list
          state.designs.push(code);
          state.design = {};
          drawDesigns(list, state, update);
        }
      }, update));
    });
    if (field.many) box.append(list);
  }
  const clear = el("button", "Clear", "quiet small-key");
  clear.type = "button";
  clear.addEventListener("click", () => {
    Object.assign(state, {rank: "", suits: [], ace: "", joker: "", design: {}, designs: []});
    box.querySelectorAll(".designs-chosen").forEach((list) => list.replaceChildren());
    update();
  });
  box.append(clear);
  update();
  return box;
}

function keyRow(part, options, cls, pick, update) {
  const row = el("div", null, "keys " + cls);
  options.forEach(([value, label, name]) => {
    const key = el("button", label, "key" + (value === "h" || value === "d" ? " red" : ""));
    key.type = "button";
    key.dataset.part = part;
    key.dataset.value = value;
    if (name) key.setAttribute("aria-label", name);
    key.addEventListener("click", () => { pick(value); update(); });
    row.append(key);
  });
  return row;
}

function drawDesigns(list, state, update) {
  list.replaceChildren();
  state.designs.forEach((code, index) => {
    const chip = el("button", designName(code) + " ✕", "chip quiet");
    chip.type = "button";
    chip.setAttribute("aria-label", "remove " + designName(code));
    chip.addEventListener("click", () => { state.designs.splice(index, 1); drawDesigns(list, state, update); update(); });
    list.append(chip);
  });
}

function designCode(design) {
  const parts = DESIGN_PARTS.map(([part]) => design[part]);
  return parts.every(Boolean) ? parts.join("") : "";
}

function cardValue(field, state) {
  if (state.joker) return state.joker;
  if (field.options.includes("designs")) {
    return field.many ? state.designs.join(" ") : designCode(state.design);
  }
  if (!state.rank || !state.suits.length) return "";
  if (state.rank === "a" && field.options.includes("ace-value")) {
    return state.ace ? "a" + state.suits[0] + " " + state.ace : "";
  }
  return state.suits.map((suit) => state.rank + suit).join(" ");
}

function cardsShown(field, value) {
  if (field.options.includes("designs")) return value.split(" ").map(designName).join(", ");
  if (/ 1{1,2}$/.test(value)) return cardName(value);
  return value.split(" ").map(cardName).join(" ");
}

// -- the line --------------------------------------------------------------------------------

// The line the move sends, as hrdeck/web/buttons.py `fill` builds it; null while a field
// that must be filled is empty.
function buildLine(item, values) {
  let line = item.line;
  for (const field of item.fields) {
    let value = (values[field.name] || "").trim();
    if (!value && !field.optional) return null;
    if (field.kind === "text" && field.wrap.includes('"')) value = value.replaceAll('"', "'");
    line = line.replaceAll("{" + field.name + "}", value ? field.wrap.replaceAll("{}", value) : "");
  }
  return line.split(/\s+/).filter(Boolean).join(" ");
}

function updateLine() {
  if (!moving) return;
  const line = buildLine(moving.item, moving.values);
  $("move-line").textContent = line || "(fill in the rest)";
  $("move-send").disabled = line === null;
}

document.addEventListener("DOMContentLoaded", () => {
  if (!$("move")) return;
  $("move-send").addEventListener("click", () => {
    const line = moving && buildLine(moving.item, moving.values);
    if (!line) return;
    send(line).then((reply) => { if (reply && !reply.error) closeMove(); });
  });
  $("move-edit").addEventListener("click", () => {
    if (!moving) return;
    const line = buildLine(moving.item, moving.values);
    const input = $("command");
    input.value = line || moving.item.line.replace(/\{\w+\}/g, "").replace(/\s+/g, " ").trim() + " ";
    closeMove();
    input.focus();
  });
  $("move-cancel").addEventListener("click", closeMove);
});
