"""The checks of a deck's look: the layout file read and checked, then every card side
drawn from it, before anything is printed (generator.layout.checks runs them).

Each problem is an issue naming the card and the element, at the place in the layout file
where that element is written.
"""

from __future__ import annotations

from generator.card_faces import faces_for
from generator.deck import LoadedDeck
from generator.issues import Severity, make_issue
from generator.printing.shop import SHOP_PROFILES
from generator.printing.sizes import CARD_SIZES, DEFAULT_BLEED_MM, find_size

from .check_art import check_art
from .check_backs import back_leaks
from .check_contrast import check_contrast
from .check_fit import check_fit
from .check_icons import check_layout_icons, check_side_icons
from .check_reads import check_reads
from .check_sides import drawn_sides
from .check_text_icons import check_text_icons
from .check_zones import check_zones
from .deck_look import deck_look
from .findings import Findings

# Sides are drawn with the widest bleed any print target asks for: a background that
# reaches it reaches every target's.
BLEED_MM = max(DEFAULT_BLEED_MM, *(profile.bleed_mm for profile in SHOP_PROFILES.values()))


def check_look(deck: LoadedDeck) -> None:
    """Read the deck's layout (its problems become the deck's issues), check what its
    templates read against the deck's cards, then draw every side and check each."""
    look = deck_look(deck)
    check_text_icons(deck, look)
    if look is None:
        return
    fronts, backs = faces_for(deck)
    check_reads(deck, look, fronts)
    check_layout_icons(deck, look)
    files = {str(path) for path in look.files}
    if any(issue.severity is Severity.ERROR and issue.path in files for issue in deck.issues):
        return  # a layout that cannot be read right is not drawn: its errors say why
    name = deck.info.card_size.lower() if deck.info is not None else "poker"
    if name not in CARD_SIZES:
        return  # unknown-size says so
    size = find_size(name)
    findings = Findings()
    for side in drawn_sides(look, fronts, backs, size, BLEED_MM, deck.issues):
        check_fit(side, look, findings)
        check_zones(side, findings)
        check_contrast(side, findings)
        check_art(side, findings)
        check_side_icons(side, look, findings)
    deck.issues.extend(findings.issues())
    leaked = {issue.location for issue in deck.issues if issue.code == "back-leaks"}
    for leak in back_leaks(look, fronts, backs, size, BLEED_MM):
        issue = make_issue(
            "back-leaks", f'The element "{leak.element.name}" of the template '
            f'"{leak.template}" draws the back of "{leak.first}" and the back of '
            f'"{leak.second}" differently: players could tell the {leak.section} apart from '
            "behind. A back may show only what is the same on every card of a kind (label, "
            "kind, section, accent, deck).", *leak.element.origin,
            data={"cards": f"{leak.first}, {leak.second}", "element": leak.element.name})
        if issue.location not in leaked:
            deck.issues.append(issue)
