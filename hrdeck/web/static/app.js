// hrdeck's pages: the table page and each player's own. Everything shown comes from this
// page's own view (GET view, then the event stream); every change is a POST. Text is always
// set as text, never parsed as HTML.
"use strict";

const key = location.pathname.split("/")[2];
const base = "/p/" + key;
const $ = (id) => document.getElementById(id);
let current = null;

function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function show(id, on) { const node = $(id); if (node) node.hidden = !on; }

async function post(path, data) {
  try {
    const response = await fetch(base + "/" + path, {
      method: "POST", headers: {"content-type": "application/json"},
      body: JSON.stringify(data || {}), cache: "no-store", credentials: "omit"});
    if (!response.ok) { showReply({error: "The referee did not answer (" + response.status + ")."}); return null; }
    const reply = await response.json();
    showReply(reply);
    return reply;
  } catch (error) {
    showReply({error: "No connection to the referee: try again in a moment."});
    return null;
  }
}

function send(line) { return post("send", {line: line}); }

function showReply(reply) {
  const box = $("reply");
  if (!box) return;
  const words = reply.error ? reply.error : (reply.said || reply.confirm || "");
  const said = (reply.lines || []).map((line) => line.text).join("\n");
  $("reply-text").textContent = words || said;
  $("reply-text").className = reply.error ? "error" : "";
  const view = $("reply-view");
  view.hidden = !reply.text;
  view.textContent = reply.text || "";
  const choices = $("reply-choices");
  choices.replaceChildren();
  (reply.choice || []).forEach((label, index) => {
    const button = el("button", label);
    button.dataset.choice = String(index + 1);
    button.addEventListener("click", () => post("choose", {number: index + 1}));
    choices.append(button);
  });
  show("reply-confirm", Boolean(reply.confirm));
  box.hidden = !(words || said || reply.text || (reply.choice || []).length);
}

function renderBoard(board) {
  const box = $("board");
  box.replaceChildren();
  const table = el("table");
  const head = el("tr");
  const columns = ["", "player"];
  if (board.scored) columns.push("score");
  board.columns.forEach((name) => columns.push(name));
  const rules = board.rows.some((row) => row.has_rule !== null);
  if (rules) columns.push("rule");
  columns.forEach((name) => head.append(el("th", name)));
  table.append(head);
  board.rows.forEach((row) => {
    const tr = el("tr", null, row.to_act ? "acting" : "");
    tr.append(el("td", row.to_act ? "▶" : ""));
    tr.append(el("td", row.name));
    if (board.scored) tr.append(el("td", String(row.score), "number"));
    row.counts.forEach((count) => tr.append(el("td", String(count), "number")));
    if (rules) tr.append(el("td", row.has_rule ? "kept" : "to pick"));
    table.append(tr);
  });
  const title = el("p", board.session + " · " + (board.scored ? "round " + board.round + " · " : "")
    + (board.goal || ("first to " + board.target)), "dim");
  box.append(title, table);
  if (board.table_line) box.append(el("p", board.table_line, "table-line"));
}

function renderLog(log) {
  const list = $("log");
  list.replaceChildren();
  log.slice(-15).reverse().forEach((line) => {
    const text = line.entry !== null ? "[" + line.entry + "] " + line.text : line.text;
    list.append(el("li", text, "line " + line.kind));
  });
}

function renderNotes(notes) {
  const box = $("notes");
  if (!box) return;
  box.replaceChildren();
  notes.forEach((note) => {
    const panel = el("div", null, "panel private note");
    panel.dataset.note = String(note.id);
    panel.append(el("h2", note.title), el("pre", note.text));
    const hide = el("button", "Hide", "quiet hide");
    hide.addEventListener("click", () => post("dismiss", {note: note.id}));
    panel.append(hide);
    box.append(panel);
  });
}

function renderPick(pick, seat) {
  show("pick", Boolean(pick));
  if (!pick) return;
  const form = $("pick-form");
  if (form.dataset.for === JSON.stringify(pick)) return;  // keep what is being chosen
  form.dataset.for = JSON.stringify(pick);
  [["pick-triggers", "trigger", pick.triggers], ["pick-actions", "action", pick.actions]]
    .forEach(([id, name, cards]) => {
      const box = $(id);
      box.querySelectorAll("label").forEach((label) => label.remove());
      cards.forEach((card, index) => {
        const label = el("label", null, "choice-card");
        const input = el("input");
        input.type = "radio"; input.name = name; input.value = card.id; input.required = true;
        input.checked = index === 0;
        label.append(input, el("span", card.text));
        box.append(label);
      });
    });
}

function renderSecrets(secrets) {
  const box = $("secrets");
  if (!box) return;
  box.hidden = !secrets || !secrets.length;
  const list = $("secrets-list");
  list.replaceChildren();
  (secrets || []).forEach((secret) => list.append(el("h3", secret.title), el("p", secret.text)));
}

function renderHand(hand) {
  const box = $("hand");
  if (!box) return;
  box.hidden = !hand || !hand.length;
  box.replaceChildren();
  (hand || []).forEach((card) => {
    const button = el("button", null, "card");
    button.dataset.code = card.code;
    button.title = card.name;
    const image = el("img");
    image.src = card.picture; image.alt = card.name;
    button.append(image);
    button.addEventListener("click", () => send(card.line));
    box.append(button);
  });
}

function renderButtons(buttons) {
  const box = $("buttons");
  if (!box) return;
  box.replaceChildren();
  (buttons || []).forEach((item) => {
    const button = el("button", item.label, "move");
    button.dataset.line = item.line;
    button.addEventListener("click", () => {
      if (item.confirm && !window.confirm(item.confirm)) return;
      send(item.line);
    });
    box.append(button);
  });
}

async function renderCodes() {
  const box = $("codes");
  if (!box || box.dataset.done) return;
  const response = await fetch(base + "/links", {cache: "no-store"});
  if (!response.ok) return;
  box.dataset.done = "1";
  (await response.json()).forEach((link) => {
    const figure = el("figure", null, "code");
    figure.dataset.seat = String(link.seat);
    const image = el("img");
    image.src = base + "/qr/" + link.seat + ".svg"; image.alt = "code for " + link.name;
    figure.append(image, el("figcaption", link.name));
    box.append(figure);
  });
}

function render(view) {
  current = view;
  const seat = view.seat;
  document.title = (seat ? seat.name + " · " : "") + view.title;
  if (seat) {
    $("who").textContent = seat.name;
    $("game").textContent = view.title + " · " + view.session;
  } else {
    $("game").textContent = view.title;
    $("who").textContent = view.session + " · the table";
    document.querySelectorAll("#codes figure").forEach((figure) => {
      figure.classList.toggle("joined", view.joined.includes(Number(figure.dataset.seat)));
    });
  }
  renderBoard(view.board);
  renderLog(view.log);
  $("next-step").textContent = view.board.next_step;
  const question = view.question;
  const ruling = Boolean(seat && view.rules_here);
  show("ruling", ruling);
  show("question", Boolean(question) && !ruling && !(question && question.viewer));
  if (question) $("question-text").textContent = question.text;
  show("reveal", Boolean(view.reveal));
  if (view.reveal) $("reveal-text").textContent = view.reveal;
  if (seat) {
    renderNotes(view.notes);
    renderPick(view.pick, seat);
    renderSecrets(view.secrets);
    renderHand(view.hand);
    renderButtons(view.buttons);
    show("ask", Boolean(view.ask));
    if (view.ask) $("ask-question").textContent = view.ask.question;
  }
}

async function refresh() {
  try {
    const response = await fetch(base + "/view", {cache: "no-store"});
    if (response.ok) render(await response.json());
  } catch (error) { /* the stream reconnects by itself */ }
}

function listen() {
  const stream = new EventSource(base + "/events");
  stream.addEventListener("view", (event) => { $("live").className = "live on"; render(JSON.parse(event.data)); });
  stream.addEventListener("error", () => { $("live").className = "live off"; });
  stream.addEventListener("open", () => { $("live").className = "live on"; });
}

document.addEventListener("DOMContentLoaded", () => {
  $("command-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("command");
    const line = input.value.trim();
    if (!line) return;
    send(line).then((reply) => { if (reply && !reply.error) input.value = ""; });
  });
  document.querySelectorAll("button[data-line]").forEach((button) => {
    button.addEventListener("click", () => send(button.dataset.line));
  });
  $("confirm-yes").addEventListener("click", () => post("confirm"));
  $("confirm-no").addEventListener("click", () => post("cancel"));
  if ($("ask-form")) {
    $("ask-form").addEventListener("submit", (event) => {
      event.preventDefault();
      post("answer", {text: $("ask-text").value}).then((reply) => {
        if (reply && !reply.error) $("ask-text").value = "";
      });
    });
    $("ask-leave").addEventListener("click", () => { $("ask-text").value = ""; post("answer", {text: ""}); });
  }
  if ($("pick-form")) {
    $("pick-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const form = new FormData($("pick-form"));
      send("keep " + current.seat.name + " " + form.get("trigger") + " " + form.get("action"));
    });
  }
  if ($("record")) $("record").href = base + "/record";
  renderCodes();
  refresh();
  listen();
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
});
