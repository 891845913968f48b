"""Where the What the Rule?! text leaves a case open, the choice hrdeck made.

Each choice is carried out by the engine, pinned by a test or scenario naming its key
(tests/test_what_the_rule.py, tests/fixtures/scenarios/what-the-rule/), and printed in the
game's rulebook.
"""

from __future__ import annotations

from engine.games.base import Clarification

CLARIFICATIONS: tuple[Clarification, ...] = (
    Clarification(
        "master", "The game master",
        "The player who leads a round is its game master: they hold the secret rule, judge "
        "every card and guess, and play no cards. Leading a round and being its master are one "
        "role, held by one person."),
    Clarification(
        "first-master", "Who leads",
        "The table chooses who leads the first round (whoever thinks of a rule first) when "
        "the game is set up; after each round the lead passes clockwise, to the left."),
    Clarification(
        "deal", "Cards",
        "All 144 cards are shuffled before every round. Ten go to each player but the "
        "master, ten at a time, starting on the master's left; the rest is the draw pile. "
        "The player on the master's left plays first, and play goes clockwise."),
    Clarification(
        "first-card", "The first card of a row",
        "\"Alternate\" and \"follow\" rules let any card start the row."),
    Clarification(
        "first-card-language", "The first card, in the rule language",
        "A rule written in the rule language says what the first card of the row does: "
        "before the row holds them, the cards before the card offered are \"no card\" (no "
        "shape, fill or colour, and a count of 0), `first` is true and `position` is 1. "
        "\"Alternate\" and \"follow\" rules start `first or ...`.", for_software=True),
    Clarification(
        "row-start", "Where the row starts",
        "The original rules start the row of accepted cards beside a discard pile, yet "
        "nothing in the game is ever discarded: refused cards lie below the row and revealed "
        "hands go under the draw pile. So the first card that fits is laid beside the draw "
        "pile, and the row grows from there to the right."),
    Clarification(
        "guess-answer", "Answering a guess",
        "The master answers a guess with \"right\" or \"wrong\" and nothing more: not which "
        "part is wrong, nor how close it came. Any further help comes only as hints, once "
        "the whole table has agreed to them."),
    Clarification(
        "guess-window", "When to guess",
        "A player may guess straight after their card that fits, or after revealing a hand "
        "with no card that fits, and at no other time. Anything else happening first (the "
        "next player's move, hints agreed) means they let the chance go. A player who has "
        "just played their last card guesses or says they pass before anything else "
        "happens, since the round ends with their turn."),
    Clarification(
        "reveal", "Revealing a hand",
        "A hand with no card that fits goes under the draw pile in the order it was held; "
        "its player then draws one card fewer than they held (their own cards come back if "
        "the pile was that short), and may guess. A player who reveals a single card draws "
        "none and is out of cards. When a card does fit, the master places it in the row "
        "(it counts as a card played), the player draws one card and may not guess."),
    Clarification(
        "reveal-count", "Counting a revealed hand",
        "A master who judges in person needs no list of the cards shown: the table may give "
        "how many were laid open with the master's verdict. That number must be the one "
        "hrdeck has counted; if the table's count differs, the table corrects hrdeck's "
        "count first. When the referee judges, every card shown is typed.", for_software=True),
    Clarification(
        "reveal-choice", "The referee as master",
        "When the referee is the master and several cards of a revealed hand fit, it places "
        "the one the player has held longest.", for_software=True),
    Clarification(
        "machine-master", "Rules the referee judges",
        "A master may give their rule to the referee, in plain words or in the rule language: "
        "the referee then judges every card, every revealed hand and every guess. A guess is "
        "then said in plain words or written in the rule language too, and it is right when "
        "it is the same rule however it is put: it accepts exactly the same cards in every "
        "situation a round can reach (\"white cards only\" is \"no black cards\"). A rule "
        "that is only part of the secret rule is wrong.", for_software=True),
    Clarification(
        "machine-seat", "Playing against the machine master",
        "In a game played against the machine (hrdeck play what-the-rule), the machine sits "
        "at the table as a seat of its own and is the game master of every round: it draws "
        "the round's rule from the rule cards, shuffles and deals, judges every card, hand "
        "and guess, holds no cards and says its rule once the round is over. Its points are "
        "kept as a master's are (the best player's score of the round, halved in the same "
        "three cases), so the table sees how well it hid its rules. The machine is no player: "
        "it never offers a card nor guesses, so it does not rank, and the players with the "
        "highest total win. One player alone plays without points, as two players do.",
        for_software=True),
    Clarification(
        "plain-words", "Rules in plain words",
        "hrdeck reads a rule or a guess said in plain words only when the whole of it fits a "
        "sentence shape it knows, with one meaning; it says back what it understood before it "
        "judges. Anything else it turns down with the closest phrasings it knows, and never "
        "guesses what was meant: an unknown word, a count no card has, a question, a phrase "
        "that two rules would fit, or a rule no card could ever start.", for_software=True),
    Clarification(
        "plain-words-first", "The first card, in plain words",
        "A part of a rule that speaks of the card before (or two before) says nothing about "
        "a card that has none so far back: \"the same colour as the card before\" and \"no "
        "two whites in a row\" let any card start the row, and \"as many shapes as the card "
        "two back\" leaves the first two free. Only words about the start itself (\"start "
        "with a triangle\") bind the first card. \"Than the card before\" is understood "
        "where a comparison leaves it out (\"white cards fewer\")."),
    Clarification(
        "plain-words-turns", "Taking turns and going round",
        "\"Black and white take turns\", \"circle then triangle then square\" and \"two "
        "blacks then two whites\" go round in the order named, again and again, but any of "
        "the cards named may start the row; cards of any other kind never fit. A description "
        "alone (\"black cards\", \"2, 3 or 5\") means those cards only."),
    Clarification(
        "plain-words-counting", "Counting up and down",
        "\"One more shape each time\" and \"counting up\" mean exactly one more than the "
        "card before, and after a six nothing fits unless the words go round (\"and start "
        "over\", \"after six comes one\"); \"ascending from 1 to 6\" counts one at a time. "
        "\"Going up\" and \"more shapes than the card before\" mean any larger number."),
    Clarification(
        "human-master", "A master who judges",
        "A master who keeps their rule to themselves judges at the table, and hrdeck keeps "
        "the score from their verdicts: a card fits or not, the card they place from a "
        "revealed hand, a guess right or wrong. hrdeck takes their word; a mistake noticed "
        "later is put right by undoing back to it, as the table decides.", for_software=True),
    Clarification(
        "round-end", "The end of a round",
        "A round ends at once on a right guess. Otherwise it ends at the end of a turn (after "
        "the guess, if one is made) that leaves its player without cards or the draw pile "
        "empty: the turn that draws the last card ends the round."),
    Clarification(
        "hints", "Hints",
        "Hints are agreed once per round, between turns, and only when every person at the "
        "table says yes, the master included. A single no keeps hints off. Once agreed, a right "
        "guess is worth 2 points instead of 5 for the rest of the round, whether or not a "
        "hint is then given."),
    Clarification(
        "hint-objection", "Announcing a hint",
        "Every hint is announced before it is given, and any player may object: one "
        "objection and that hint is not given (a master who announced a hint and changes "
        "their mind just keeps it). A hint announced but neither given nor objected to "
        "lapses when the next card is played or hand shown. Hints given in words are "
        "recorded in words."),
    Clarification(
        "counterexample-hint", "The referee's hints",
        "When the referee is the master, it gives one kind of hint: after a wrong guess, a "
        "card that, played next on the row as it lies on the table, the secret rule and the "
        "guess judge differently, and which of the two takes it. Without hints, a wrong "
        "guess is simply called wrong. Once hints are agreed the referee announces such a "
        "hint after each wrong guess, and the table may ask for one later about the latest "
        "wrong guess. If no card played next tells the two apart, it says so and no hint "
        "is spent. Of the cards that would do, it names one the rule takes where it can, "
        "and one that is not already on the table twice. When the referee judges the round, "
        "it counts as agreeing to hints, so the table alone decides.", for_software=True),
    Clarification(
        "corrections", "Correcting the counts",
        "At a real table hrdeck counts the hands and the draw pile from what is typed. When "
        "the table counts otherwise, its count replaces hrdeck's, and later draws count "
        "from it; a hand holds 0 to 10 cards. A correction is not a move: no turn passes "
        "and a chance to guess stays open. If it leaves a player without cards or the draw "
        "pile empty, the round ends then, or once the player who may still guess has "
        "guessed or passed.", for_software=True),
    Clarification(
        "negative-points", "Points below zero",
        "A round never costs points: a hand never holds more than ten cards (a card refused "
        "or placed from a revealed hand is replaced by the one drawn), so a player scores 0 "
        "to 10, and 2 or 5 more for the guess. Totals have no floor."),
    Clarification(
        "halving", "Halving the master's points",
        "The master's points are halved once, however many of the three cases hold, and "
        "rounded down (7 halves to 3). \"Before each player has had two turns\": some "
        "player other than the master has played a card or revealed their hand fewer than "
        "two times, the guessing turn included."),
    Clarification(
        "cards-played", "Ten cards played",
        "\"Ten cards played\" counts every card laid on the table in the round: into the row "
        "or below it, and a card the master places from a revealed hand. The cards of a hand "
        "revealed with none that fits go under the draw pile and do not count."),
    Clarification(
        "game-end", "The end of the game",
        "The game ends when everyone has led one round, or after the number of rounds the "
        "table chose. The highest total wins; a tie shares the win."),
    Clarification(
        "two-players", "Without points",
        "Two players always play without points (the master's points would only copy the "
        "one player's); a larger group may choose to. The rounds are played as usual and "
        "nobody wins."),
    Clarification(
        "any-copies", "The same rule",
        "A guess is the same rule as the secret one when the two accept exactly the same "
        "cards in every row the game can reach."),
    Clarification(
        "any-copies-check", "The same rule, at the referee",
        "hrdeck decides whether a guess is the same rule as the secret one card by card, "
        "without sampling; in doing so it lets a design come back as often as the rules "
        "allow, though the game holds two of each.", for_software=True),
    Clarification(
        "too-complex", "A guess the referee cannot judge",
        "hrdeck compares a guess with the secret rule within a fixed amount of work, the "
        "same on every machine. Rules that would need more (reading much of the last three "
        "cards, or the place in the row, together) are not judged by the machine: the "
        "referee says so and the master judges the guess, as at a table without hrdeck. "
        "The checker refuses a rule card that needs more.", for_software=True),
    Clarification(
        "rule-levels", "How hard a rule card is",
        "A rule card's level is measured, not guessed: a simple learner offers random cards "
        "and strikes out every rule that would have judged one otherwise, always guessing "
        "the simplest rule left. Found within 6 offers (the median of many games) is easy, "
        "within 8.5 medium, later hard."),
)
