// What the Rule?! against the machine master: the row and the cards below it as pictures
// (every page), and the guess box (the page of the player who may guess now). Drawn from
// the page's own view, after app.js has drawn the rest; text is always set as text.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);

  function make(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function picture(card) {
    const image = make("img", "wtr-card");
    image.src = card.picture; image.alt = card.name; image.title = card.name;
    image.dataset.code = card.code;
    return image;
  }

  function place() {
    let box = $("wtr-row");
    if (box) return box;
    box = make("section", "panel wtr-row");
    box.id = "wtr-row";
    box.hidden = true;
    const anchor = $("hand") || $("board");
    anchor.parentNode.insertBefore(box, $("hand") ? anchor : anchor.nextSibling);
    const form = make("form", "panel private wtr-guess");
    form.id = "guess-form";
    form.hidden = true;
    const label = make("label", "", "Your guess, in plain words:");
    label.htmlFor = "guess-text";
    const input = make("input");
    input.id = "guess-text"; input.autocomplete = "off"; input.spellcheck = false;
    input.placeholder = "e.g. just black ones";
    input.setAttribute("enterkeyhint", "send");
    const send = make("button", "", "Guess");
    send.id = "guess-send"; send.type = "submit";
    form.append(label, input, send);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const words = input.value.trim();
      if (!words) return;
      window.send("guess " + words).then((reply) => { if (reply && !reply.error) input.value = ""; });
    });
    if ($("hand")) $("hand").parentNode.insertBefore(form, $("hand"));
    return box;
  }

  function drawRow(row) {
    const box = place();
    box.hidden = !row;
    if (!row) return;
    box.replaceChildren();
    const title = "Round " + row.round + " · the row (" + row.cards.length + ") · draw pile "
      + row.pile;
    box.append(make("h2", "", title));
    if (row.over && row.rule) box.append(make("p", "wtr-rule", "The machine's rule was: " + row.rule));
    const table = make("div", "wtr-table");
    const columns = Math.max(row.cards.length, ...row.below.map((card) => card.spot + 1), 0);
    for (let spot = 0; spot < columns; spot += 1) {
      const column = make("div", "wtr-column");
      const top = row.cards[spot];
      column.append(top ? picture(top) : make("div", "wtr-card wtr-empty"));
      row.below.filter((card) => card.spot === spot).forEach((card) => {
        const under = picture(card);
        under.classList.add("wtr-below");
        column.append(under);
      });
      table.append(column);
    }
    if (!columns) table.append(make("p", "dim", "No card on the table yet."));
    box.append(table);
    table.scrollLeft = table.scrollWidth;
  }

  function drawGuess(view) {
    const form = $("guess-form");
    if (form) form.hidden = !view.guess;
  }

  function style() {
    const link = document.createElement("link");
    link.rel = "stylesheet"; link.href = "/static/wtr.css";
    document.head.append(link);
  }

  const drawn = window.render;
  if (typeof drawn !== "function") return;
  let styled = false;
  window.render = function (view) {
    drawn(view);
    if (!("row" in view)) return;  // another game: nothing of ours to draw
    if (!styled) { style(); styled = true; }
    drawRow(view.row);
    drawGuess(view);
  };
})();
