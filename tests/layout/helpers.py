"""Writing a small deck with a layout file beside it, for the layout tests."""

from __future__ import annotations

from pathlib import Path

DECK = """\
deck:
  name: Pirate Omens
  base_game: up-n-over
  layout: layout.yaml
triggers:
  - {id: seven, number: 1, text: "When you play a seven…", when: 'card.rank == "7"',
     flavour: "Sevens are bad luck at sea."}
  - {id: jack, number: 2, text: "When you play a jack…", when: 'card.rank == "J"'}
  - {id: queen, number: 3, text: "When you play a queen…", when: 'card.rank == "Q"'}
actions:
  - {id: arr, number: 1, kind: say, phrase: arr, timing: with_card, text: "…say “arr”.",
     hints: ["Pirates say arr."]}
  - {id: clap, number: 2, kind: gesture, gesture: clap, timing: with_card, text: "…clap.",
     hints: ["A clap is due."]}
  - {id: knock, number: 3, kind: gesture, gesture: knock, timing: with_card,
     text: "…knock on the table.", hints: ["Knock first."]}
"""


def pirate_deck(folder: Path, layout: str, deck: str = DECK) -> Path:
    """A deck of three triggers and three actions whose layout file says `layout`, over the
    classic look unless it says which look it extends (these tests are about the layout
    file, not about a game's look)."""
    if not any(line.startswith("extends:") for line in layout.splitlines()):
        layout = layout.rstrip("\n") + "\nextends: classic\n"  # last: lines keep their numbers
    (folder / "layout.yaml").write_text(layout, encoding="utf-8")
    path = folder / "pirates.yaml"
    path.write_text(deck, encoding="utf-8")
    return path
