"""Where the Mao text leaves a case open or lists variants, the choice hrdeck made.

Each choice is carried out by the engine, pinned by a test or scenario naming its key
(tests/test_mao.py, tests/fixtures/scenarios/mao/), and printed in the game's rulebook.
"""

from __future__ import annotations

from engine.games.base import Clarification

CLARIFICATIONS: tuple[Clarification, ...] = (
    Clarification(
        "packs", "Cards",
        "One pack of 54 cards, both jokers in, for every three players or part of three. "
        "Everyone is dealt five; the dealer turns the next card up to start the pile, and "
        "the player on the dealer's left goes first."),
    Clarification(
        "first-card", "The first card",
        "The card turned up to start the pile does nothing: no skip, no turn of the order, "
        "no 7 to answer, and a jack turned up keeps its own suit."),
    Clarification(
        "joker-badger", "Jokers",
        "A joker is the nine of diamonds in every way: it goes on a diamond or a nine, "
        "anything that fits a nine of diamonds goes on it, and its player says \"that's the "
        "badger\"."),
    Clarification(
        "jack-suit", "Jacks",
        "The first suit named after a jack, by anyone, is the suit that must follow; until "
        "one is named the jack's own suit holds. Another jack always fits. The named suit "
        "lasts until the next card is played."),
    Clarification(
        "seven-chain", "Sevens",
        "The player a 7 is aimed at either plays a 7 of their own (the next player then "
        "faces one more card and one more \"very\") or takes one card for each 7 in the "
        "chain, saying \"penalty card\", and then plays their turn as usual. Nothing else "
        "is taken from the stack until the chain's cards are. The \"thank you\" answer is a "
        "setting."),
    Clarification(
        "phrases", "Saying things",
        "Phrases may come in any order, but \"Mao\" must be the last thing said. Words "
        "count whatever their case or punctuation, and numbers may be said as digits: "
        "\"9 of spades\" is \"nine of spades\". A phrase forgotten but said before anyone "
        "calls it is forgiven; one nobody calls is forgotten once the next move is made (a card "
        "played or taken); one that was called stays owed until it is said, and each further "
        "call is a \"continued failure\"."),
    Clarification(
        "last-card", "Last card",
        "A player left with one card says \"last card\" before the next player moves: with "
        "the card, or just after it. A call before the next player has moved is a bad call."),
    Clarification(
        "winning", "Winning",
        "A player wins by saying \"Mao\" last as they play their last card in turn, when "
        "the card fits and every phrase it asks for was said. One who plays out rightly "
        "but forgets \"Mao\" may still say it while their hand stays empty. A Mao said at "
        "any other time costs three cards when it is called. The winner leaves the order "
        "of play and may come back with five cards and a new secret rule."),
    Clarification(
        "session", "When the game ends",
        "A game of Mao has no end of its own, so hrdeck ends it when one player has won a "
        "set number of Maos (three unless the table chooses otherwise)."),
    Clarification(
        "bad-card", "A bad card",
        "A card that does not fit stays on the pile, with everything it does, until it is "
        "called or the next move is made. Called in time, it goes back to its player's hand "
        "with a penalty card, everything it changed is undone, and that player's turn goes "
        "on."),
    Clarification(
        "out-of-turn", "Playing out of turn",
        "A card played out of turn stays, and play goes on from its player, unless it is "
        "called before the next move: then it goes back with a penalty card and the turn "
        "is where it was. Only cards go down out of turn; taking a card is always in turn."),
    Clarification(
        "bad-call", "Bad calls",
        "A call about something that did not happen is a bad call: the caller takes the "
        "card (three for a wrong call of Mao). Offences the referee cannot see (talking, "
        "touching cards in a point of order, explaining the rules, taking too long) are "
        "taken on the caller's word; taking too long cannot be called in a point of "
        "order or on a player whose turn it is not, and talking only when the table "
        "plays the no-talking rule."),
    Clarification(
        "calls", "Who calls",
        "In the democratic game anyone at the table calls a penalty; in the dictatorial "
        "game only the Mao master does, and the master plays a hand like everyone else. A "
        "player who is out after a Mao neither calls nor is called."),
    Clarification(
        "point-of-order", "Points of order",
        "Anyone may call a point of order and anyone may end it. While it lasts nobody "
        "plays or takes a card; saying \"point of order\" again can be called."),
    Clarification(
        "two-players", "Two players",
        "With two players an ace gives its player another turn, and an 8 changes nothing "
        "you can see."),
    Clarification(
        "stack-runs-out", "An empty stack",
        "When the stack runs out, the pile under its top card is shuffled into a new stack. "
        "While the top card can still be called back, the card under it stays too. If even "
        "that leaves too few cards, a player takes what there is."),
    Clarification(
        "variants", "Variants",
        "Where Mao is played in several ways, hrdeck plays the first by default and offers "
        "the others as settings: democratic calls (or dictatorial, with a Mao master), "
        "\"penalty card\" when taking a 7's cards (or \"thank you\", with one more \"very\" "
        "for each 7 after the first), talking allowed (or penalised), and ten seconds to "
        "begin a turn (or any other number)."),
    Clarification(
        "new-rule", "Secret rules",
        "A winner's rule drawn from the rule cards is known to the referee, which judges it "
        "like the standard rules. A rule typed in words only its holder knows is judged by "
        "its holder: their call of a bad card or of a failure to say something about it is "
        "taken at their word."),
    Clarification(
        "rule-order", "Rules that disagree",
        "When one rule makes a card fit whatever lies on the pile and another says it does "
        "not fit, the card does not fit. The checker refuses a deck in which two rules can "
        "disagree like that on one card."),
)
