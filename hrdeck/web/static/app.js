// hrdeck's pages: the table page and each player's own. Everything shown comes from this
// page's own view (GET view, then the event stream); every change is a POST. Text is always
// set as text, never parsed as HTML: deck text and players' names are data.
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

// -- talking to the referee ------------------------------------------------------------------

async function post(path, data) {
  try {
    const response = await fetch(base + "/" + path, {
      method: "POST", headers: {"content-type": "application/json"},
      body: JSON.stringify(data || {}), cache: "no-store", credentials: "omit"});
    if (!response.ok) {
      const why = response.status === 429 ? "Too many at once: wait a moment and try again."
        : response.status === 404 ? "This page's link no longer works: ask for a new code."
        : "The referee did not answer (" + response.status + ").";
      showReply({error: why});
      return null;
    }
    const reply = await response.json();
    showReply(reply);
    return reply;
  } catch (error) {
    setLive(false);
    showReply({error: "No connection to the referee: nothing was sent. Try again in a moment."});
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
  box.classList.toggle("failed", Boolean(reply.error));
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

// -- the public board ------------------------------------------------------------------------

const SUITS = {s: "♠", h: "♥", d: "♦", c: "♣"};

function renderBoard(board, seat) {
  const box = $("board");
  box.replaceChildren();
  const table = el("table");
  const head = el("tr");
  const columns = ["", "player"];
  if (board.scored) columns.push("score");
  board.columns.forEach((name) => columns.push(name));
  const rules = board.rows.some((row) => row.has_rule !== null);
  if (rules) columns.push("rule");
  columns.forEach((name, index) => head.append(el("th", name,
    index >= 2 && (index < columns.length - 1 || !rules) ? "number" : "")));
  table.append(head);
  board.rows.forEach((row) => {
    const tr = el("tr", null, (row.to_act ? "acting" : "") + (seat && row.seat === seat.number ? " me" : ""));
    tr.append(el("td", row.to_act ? "▶" : "", "turn"));
    tr.append(el("td", row.name + (seat && row.seat === seat.number ? " (you)" : ""), "name"));
    if (board.scored) tr.append(el("td", String(row.score), "number"));
    row.counts.forEach((count) => tr.append(el("td", String(count), "number")));
    if (rules) tr.append(el("td", row.has_rule ? "kept" : "to pick"));
    table.append(tr);
  });
  const goal = board.goal || ("first to " + board.target);
  const title = el("p", (board.scored ? "Round " + board.round + " · " : "") + goal, "dim");
  box.append(title, table);
  if (board.table_line) box.append(el("p", board.table_line, "table-line"));
  if (board.winner) box.append(el("p", board.winner + " won.", "winner"));
}

// The newest entry first; each entry's own lines (what the referee said of it) follow it.
function renderLog(log, count) {
  const list = $("log");
  list.replaceChildren();
  const entries = [];
  log.slice(-count).forEach((line) => {
    if (line.entry !== null || !entries.length) entries.push([]);
    entries[entries.length - 1].push(line);
  });
  entries.reverse().forEach((lines) => lines.forEach((line) => {
    const text = line.entry !== null ? "[" + line.entry + "] " + line.text : line.text;
    list.append(el("li", text, "line " + line.kind));
  }));
}

// The lines of the latest entry (what was just done, and what the referee said of it).
function renderLatest(log) {
  const list = $("latest");
  if (!list) return;
  let start = log.length - 1;
  while (start > 0 && log[start].entry === null) start -= 1;
  list.replaceChildren();
  log.slice(Math.max(start, log.length - 4)).forEach((line) => list.append(el("li", line.text, "line " + line.kind)));
  list.hidden = !list.children.length;
}

// -- a player's own things -------------------------------------------------------------------

function renderNotes(notes) {
  const box = $("notes");
  if (!box) return;
  const open = new Set([...box.querySelectorAll(".note details[open]")].map(
    (details) => details.parentNode.dataset.note));
  box.replaceChildren();
  notes.forEach((note) => {
    const panel = el("div", null, "panel private note");
    panel.dataset.note = String(note.id);
    const details = el("details");
    details.open = open.has(String(note.id));
    const summary = el("summary");
    summary.append(el("span", "Private", "badge"), " " + note.title + " ",
      el("span", "· tap to show", "dim when-closed"), el("span", "· tap to hide", "dim when-open"));
    details.append(summary, el("pre", note.text));
    const hide = el("button", "Hide for good", "quiet hide");
    hide.addEventListener("click", () => post("dismiss", {note: note.id}));
    panel.append(details, hide);
    box.append(panel);
  });
  const fresh = notes.filter((note) => !seenNotes.has(note.id));
  notes.forEach((note) => seenNotes.add(note.id));
  if (fresh.length && rendered) box.scrollIntoView({block: "start", behavior: "smooth"});
}

const seenNotes = new Set();  // notes already shown: a new one is scrolled to
let rendered = false;         // a view has been drawn already

function renderPick(pick) {
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
  (secrets || []).forEach((secret) => {
    if (secret.title !== "Your secret rule" || secrets.length > 1) list.append(el("h3", secret.title));
    list.append(el("p", secret.text, "secret-text"));
  });
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

// The view keys a game adds (hrdeck/web/extras.py), each drawn by its own function here:
// add an entry for a new key. A key without one is left alone.
const EXTRAS = {
  hand: renderHand,
};

function renderExtras(view) {
  Object.keys(EXTRAS).forEach((name) => EXTRAS[name](view[name], view));
}

// -- the table page's join codes -------------------------------------------------------------

let codesFolded = false;  // folded away once, by itself, when everyone has joined

async function renderCodes() {
  const box = $("codes");
  if (!box || box.dataset.done) return;
  let links;
  try {
    const response = await fetch(base + "/links", {cache: "no-store"});
    if (!response.ok) return;
    links = await response.json();
  } catch (error) { return; }
  box.dataset.done = "1";
  links.forEach((link) => {
    const figure = el("figure", null, "code");
    figure.dataset.seat = String(link.seat);
    const caption = el("figcaption");
    caption.append(el("span", link.name, "name"), el("span", "waiting", "status"));
    figure.append(caption);
    box.append(figure);
  });
  if (current) markJoined(current);
}

function markJoined(view) {
  const figures = document.querySelectorAll("#codes figure");
  let joined = 0;
  figures.forEach((figure) => {
    const on = view.joined.includes(Number(figure.dataset.seat));
    joined += on ? 1 : 0;
    figure.classList.toggle("joined", on);
    // a joined seat's code leaves the screen (anyone could scan it); a re-issued one returns
    const image = figure.querySelector("img");
    if (on && image) image.remove();
    if (!on && !image) {
      const code = el("img");
      code.src = base + "/qr/" + figure.dataset.seat + ".svg?v=" + view.version;
      code.alt = "code for " + figure.querySelector(".name").textContent;
      figure.prepend(code);
    }
    const status = figure.querySelector(".status");
    if (status) status.textContent = on ? "✓ joined" : "waiting";
  });
  const count = $("joined-count");
  if (count) count.textContent = "· " + view.joined.length + " of " + view.players.length + " joined";
  if (figures.length && joined === figures.length && !codesFolded) {
    codesFolded = true;
    $("join").open = false;
  }
}

// -- drawing a view --------------------------------------------------------------------------

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
    markJoined(view);
  }
  renderBoard(view.board, seat);
  renderLog(view.log, seat ? 8 : 14);
  renderLatest(view.log);
  $("next-step").textContent = view.over ? "The game is over." : view.board.next_step;
  const question = view.question;
  const ruling = Boolean(seat && view.rules_here);
  const ruled = ruling && $("ruling").hidden;
  show("ruling", ruling);
  if (ruled && rendered) $("ruling").scrollIntoView({block: "start", behavior: "smooth"});
  show("question", Boolean(question) && !ruling && !(question && question.viewer));
  if (question) $("question-text").textContent = question.text;
  show("reveal", Boolean(view.reveal));
  if (view.reveal) $("reveal-text").textContent = view.reveal;
  if (seat) {
    renderNotes(view.notes);
    renderPick(view.pick);
    renderSecrets(view.secrets);
    if (typeof renderMoves === "function") renderMoves(view.buttons || [], view);
    const asked = Boolean(view.ask) && $("ask").hidden;
    show("ask", Boolean(view.ask));
    if (view.ask) $("ask-question").textContent = view.ask.question;
    if (asked && rendered) {  // a question for this player alone, just put: bring it to them
      $("ask").scrollIntoView({block: "start", behavior: "smooth"});
      $("ask-text").focus({preventScroll: true});
    }
  }
  renderExtras(view);
  rendered = true;
}

// -- staying connected: the stream reconnects by itself; a page woken looks again ------------

let stream = null;
let offlineTimer = null;
let retryTimer = null;

function setLive(on) {
  const live = $("live");
  live.className = "live " + (on ? "on" : "off");
  live.textContent = on ? "● live" : "● reconnecting";
  clearTimeout(offlineTimer);
  if (on) { show("offline", false); document.body.classList.remove("is-offline"); return; }
  offlineTimer = setTimeout(() => {  // a blink of the network is not worth a banner
    show("offline", true);
    document.body.classList.add("is-offline");
  }, 1500);
}

async function refresh() {
  try {
    const response = await fetch(base + "/view", {cache: "no-store"});
    if (response.ok) render(await response.json());
    else if (response.status === 404) gone();
  } catch (error) { setLive(false); }
}

function gone() {
  if (stream) stream.close();
  const banner = $("offline");
  banner.textContent = "This page's link no longer works (its code was renewed): scan your new code.";
  show("offline", true);
}

function listen() {
  clearTimeout(retryTimer);
  if (stream) stream.close();
  stream = new EventSource(base + "/events");
  stream.addEventListener("view", (event) => { setLive(true); render(JSON.parse(event.data)); });
  stream.addEventListener("open", () => setLive(true));
  stream.addEventListener("error", () => {
    setLive(false);
    if (stream.readyState === EventSource.CLOSED) {  // the browser gave up: try again later
      retryTimer = setTimeout(() => { refresh(); listen(); }, 3000);
    }
  });
}

function wake() {
  refresh();
  if (!stream || stream.readyState === EventSource.CLOSED) listen();
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
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {  // a secret is not left showing on a phone put down
      if ($("secrets")) $("secrets").open = false;
      document.querySelectorAll(".note details").forEach((details) => { details.open = false; });
    } else {
      wake();
    }
  });
  window.addEventListener("online", wake);
  window.addEventListener("pageshow", (event) => { if (event.persisted) wake(); });
});
