"""The rulebook's prose agrees with the engine's clarifications, read back from the PDF.

Each ruling of issue 8 is pinned where a player reads it (setup, enforcing, challenging,
someone else's rule, playing out of turn, the example, the quick reference), and the audit
table at the end pins every ruling the prose makes to the clarification that states it.
"""

from __future__ import annotations

import pytest

from engine.games.upnover.clarifications import CLARIFICATIONS, clarification
from generator.rulebook.words import typeset

from .conftest import Built
from .text import body, section


def says(text: str, *phrases: str) -> None:
    for phrase in phrases:
        assert phrase in text, f"{phrase!r} is not in: {text[:200]}…"


def never_says(text: str, *phrases: str) -> None:
    for phrase in phrases:
        assert phrase not in text, phrase


def test_you_may_enforce_a_rule_on_yourself(book: Built) -> None:
    """Clarification self-enforcement."""
    says(section(book, "enforcing"),
         "You may enforce a rule on yourself when you break it, your own rule or one you have "
         "seen enforced: say so, and take the same penalty as anyone else. Nobody can "
         "challenge it.",
         "If you let your own rule slide instead, another player who has seen it enforced may "
         "enforce it on you.")
    says(section(book, "secret-rules"), "You may even enforce a rule on yourself when you "
                                        "break it.")
    says(section(book, "challenging"), "A rule you enforced on yourself cannot be challenged")
    says(section(book, "others-rules"),
         "if the holder breaks their rule and lets it slide, anyone who has seen it enforced "
         "may enforce it on them.")
    says(section(book, "example"), "She could own up and enforce her rule on herself")
    says(section(book, "quick-reference"), "On yourself: allowed, same penalty, never "
                                           "challenged.")
    says(section(book, "scoring"), "A rule is enforced on you (by anyone, you included) — −1 —")
    never_says(body(book), "cannot enforce your own rule on yourself", "Never on yourself",
               "cannot enforce her rule on herself")


def test_playing_out_of_turn_or_too_slowly_costs_a_point(book: Built) -> None:
    """Clarification illegal-plays."""
    text = section(book, "out-of-turn")
    says(text, "Playing out of turn and taking longer are both against the rules, and any "
               "player may call either",
         "Out of turn: you lose 1 point, and your card goes back to your hand without counting",
         "Too slow: you lose 1 point and the rest of your turn: the player on your left plays "
         "next.",
         "such a call cannot be challenged. If the table thinks a call was wrong, it is undone")
    never_says(body(book), "costs no point", "goes straight back")
    says(section(book, "scoring"), "You play out of turn or too slowly, and someone calls it "
                                   "— −1 —")
    says(section(book, "quick-reference"),
         "Out of turn, or slower than five seconds: anyone may call it. −1; a card played out "
         "of turn goes back, a slow player’s turn ends. No challenge; undone if the table "
         "thinks the call wrong.")


def test_hands_may_be_kept_secret_and_rules_should_be(book: Built) -> None:
    """The seed: you may keep your hand secret; you should keep your rule secret."""
    text = section(book, "setup")
    says(text, "You may keep your hand hidden from the others, but you don’t have to.",
         "keep it secret: show it to nobody and tell nobody what it says.")
    never_says(body(book), "keep them to yourself")


def test_a_challenge_is_settled_in_private(book: Built) -> None:
    """Clarification who-challenges (the card is shown to the challenger alone)."""
    says(section(book, "challenging"),
         "The enforcer then shows their trigger and action to you alone",
         "The rest of the table learns only who was right and the points that follow")
    says(section(book, "others-rules"), "must show it to the challenger alone")
    says(section(book, "example"), "Cleo shows her two cards to Ana alone. Ben and Dev only "
                                   "hear who was right.")
    says(section(book, "quick-reference"), "The rule’s holder shows it to the challenger "
                                           "alone; the table hears only who was right.")


def test_a_rule_may_be_enforced_a_little_later(book: Built) -> None:
    """Clarification late-enforcement."""
    says(section(book, "enforcing"),
         "A rule may be enforced on a card even after other cards have been played on it, as "
         "long as its trick is still on the table.",
         "If the player has played more than one card in the meantime, say which card broke "
         "the rule: only that card can come back to their hand, and only while it is still "
         "the latest card played.")
    says(section(book, "quick-reference"), "Later is fine while the trick is on the table "
                                           "(name the card if they played several since).")


def test_every_rule_is_kept_before_play_and_never_swapped(book: Built) -> None:
    """Clarification rules-kept-first."""
    says(section(book, "setup"),
         "Everyone keeps a rule before the first card is turned up, and once play has begun a "
         "kept rule cannot be swapped for another.",
         "Once everyone has kept a rule, the dealer starts the first trick")


def test_unkept_rule_cards_stay_face_down(book: Built) -> None:
    """Clarification set-aside."""
    says(section(book, "setup"), "Put the undealt cards aside, still face down: they are out "
                                 "of this game.", "Put the other two face down with the cards "
                                                  "set aside.")


def test_the_variant_hand_size_holds_all_game(book: Built) -> None:
    """Clarification variant-hands."""
    says(section(book, "setup"), "Agree on it before you deal; hands are then drawn back up "
                                 "to that size all game.")


def test_whoever_enforces_anothers_rule_names_its_holder(book: Built) -> None:
    """Clarification naming-the-holder."""
    says(section(book, "others-rules"), "say whose rule you are enforcing",
         "the player whose rule you named must show it")


def test_a_holder_who_challenges_shows_the_enforcer(book: Built) -> None:
    """Clarification holder-shows-enforcer."""
    says(section(book, "others-rules"), "you show your rule to the enforcer alone")
    says(section(book, "example"), "would show her rule to Dev alone")


# Every ruling the prose makes, by the clarification that states it: the section it is in
# and the words that make it. A ruling written in the prose needs its clarification here.
PROSE_RULINGS: dict[str, tuple[str, str]] = {
    "deal-order": ("setup", "one at a time, starting with the player on the dealer’s left"),
    "first-trick": ("tricks", "The dealer starts the first trick"),
    "turned-up-card": ("tricks", "A turned-up ace counts 1, or 11 if you say so"),
    "two-players": ("tricks", "In a two-player game, that is your opponent."),
    "refill-order": ("tricks", "one card at a time, the taker first and then clockwise"),
    "reshuffle": ("tricks", "slide it under what is left of the deck"),
    "empty-hand": ("tricks", "draw one card from the deck and play it"),
    "round": ("winning", "A round is one trick."),
    "winning": ("winning", "play on until a round ends with a single leader"),
    "take-back": ("enforcing", "the trick is open again and whoever took it loses that point"),
    "late-enforcement": ("enforcing", "as long as its trick is still on the table"),
    "turn-ends": ("enforcing", "if it was their turn to play, the player on their left plays "
                               "next"),
    "self-enforcement": ("enforcing", "You may enforce a rule on yourself"),
    "illegal-plays": ("out-of-turn", "any player may call either"),
    "who-challenges": ("challenging", "Only the player who was penalised may challenge"),
    "rules-kept-first": ("setup", "Everyone keeps a rule before the first card is turned up"),
    "challenge-result": ("challenging", "the point it cost you is not given back"),
    "holder-challenges": ("others-rules", "both changes apply to you"),
    "floor": ("scoring", "A penalty that would take a player lower leaves them at −10."),
    "set-aside": ("setup", "still face down: they are out of this game"),
    "variant-hands": ("setup", "hands are then drawn back up to that size all game"),
    "naming-the-holder": ("others-rules", "say whose rule you are enforcing"),
    "holder-shows-enforcer": ("others-rules", "you show your rule to the enforcer alone"),
}


@pytest.mark.parametrize("key", sorted(PROSE_RULINGS))
def test_each_ruling_in_the_prose_is_on_the_clarifications_page(book: Built, key: str) -> None:
    where, words = PROSE_RULINGS[key]
    says(section(book, where), words)
    item = clarification(key)
    says(section(book, "clarifications"), f"{typeset(item.topic)}.",
         " ".join(typeset(item.ruling).split()))


def test_the_audit_table_covers_every_clarification() -> None:
    """Only "drawing" (the deck's draw effects) and "taker-timing" (its triggers for the
    taker) are the deck's business, not the rules' prose."""
    assert {item.key for item in CLARIFICATIONS} - set(PROSE_RULINGS) == {"drawing",
                                                                            "taker-timing"}


def test_the_taker_acts_around_the_card_they_turn_up(book: Built, base_book: Built) -> None:
    """Clarification taker-timing: said where the deck has triggers for the taker."""
    says(section(book, "secret-rules"),
         "The player who takes a trick acts around the card they turn up to start the next one")
    item = clarification("taker-timing")
    says(section(book, "clarifications"), " ".join(typeset(item.ruling).split()))
    never_says(section(base_book, "secret-rules"), "The player who takes a trick acts")
