"""README.txt of the Tabletop Simulator folder: what is in it, where the saved object goes,
and how to let every player at an online table see the cards."""

from __future__ import annotations

from .tts_save import TableDeck

SAVED_OBJECTS = (
    ("Windows", r"Documents\My Games\Tabletop Simulator\Saves\Saved Objects"),
    ("macOS", "~/Library/Tabletop Simulator/Saves/Saved Objects"),
    ("Linux", "~/.local/share/Tabletop Simulator/Saves/Saved Objects"),
)


def tts_readme(*, ident: str, deck_name: str, decks: list[TableDeck], cell: tuple[int, int],
               hosted: bool) -> str:
    """The folder's README, in hrdeck's words."""
    counted = [f"{deck.nickname.rsplit(': ', 1)[-1]} ({len(deck.cards)} "
               f"card{'s' if len(deck.cards) != 1 else ''})" for deck in decks]
    listed = counted[0] if len(counted) == 1 else \
        f"{', '.join(counted[:-1])} and {counted[-1]}"
    lines = [f"{deck_name} for Tabletop Simulator", "",
             f"{ident}.json is a saved object: it lays {len(decks)} "
             f"deck{'s' if len(decks) != 1 else ''} face down on the table, side by side, "
             f"each with its own back: {listed}.",
             f"faces-…png are the fronts, up to 10 × 7 cards of {cell[0]} × {cell[1]} px to a "
             "sheet. The last cell of each sheet holds the deck's back: Tabletop Simulator "
             "shows it for a card in someone's hand, so nobody can read a card from afar.",
             "back-…png is the back every card of a deck shares.", "",
             "Play on this computer", "",
             f"  1. Copy {ident}.json into Tabletop Simulator's Saved Objects folder:"]
    lines += [f"       {system + ':':9}{place}" for system, place in SAVED_OBJECTS]
    lines += ["  2. In a game, open Objects › Saved Objects and click the deck to put it on "
              "the table.", ""]
    if hosted:
        lines += ["The saved object names the images by the web address given to the build "
                  "(--tts-url): upload every .png of this folder there, under the same "
                  "names, before you play.", ""]
    else:
        lines += ["The saved object names the images by their place on this computer "
                  "(file:/// addresses), so leave this folder where it is. Nobody else can "
                  "see pictures on your disk: to play online, give them web addresses.", ""]
    lines += ["Play online", "",
              "  Every player's copy of Tabletop Simulator downloads the images, so they need "
              "web addresses. Either:",
              "  a. Load the deck in a game, open Upload › Cloud Manager and press its upload "
              "arrow (upload all): Tabletop Simulator puts the images in your Steam Cloud and "
              "points the deck at them. Then right-click the deck, Save Object, and share "
              "that one.",
              "  b. Put every .png of this folder on any public web host (a web site, a "
              "storage bucket with public links, GitHub Pages), all in one folder, and build "
              "again with its address: hrdeck build DECK --target tts --tts-url "
              "https://example.com/mydeck/", "",
              "Each image's name ends in a fingerprint of its content: a card that changes "
              "gets a new name, so Tabletop Simulator, which keeps a copy of every image it "
              "has loaded, shows the new one. Upload the new files after each build.", ""]
    return "\n".join(lines)
