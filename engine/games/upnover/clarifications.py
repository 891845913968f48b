"""Where the Hidden Rules and Up 'N Over texts leave a case open, the choice hrdeck made.

Each choice is enforced by the engine, pinned by a test that names its key, and printed in
the rulebook's clarifications section.
"""

from __future__ import annotations

from engine.games.base import Clarification

CLARIFICATIONS: tuple[Clarification, ...] = (
    Clarification(
        "deal-order", "Dealing",
        "Cards are dealt one at a time, starting with the player on the dealer's left and "
        "going clockwise. With the fewer-cards variant, four players get four cards each and "
        "five players three."),
    Clarification(
        "first-trick", "The first trick",
        "The dealer turns up the top card of the deck; the player on the dealer's left plays "
        "first. After that, whoever took the last trick turns up the next card."),
    Clarification(
        "turned-up-card", "The turned-up card",
        "The card that opens a trick is not a play: it cannot be taken back and no secret "
        "rule is broken by turning it. An ace turned up counts 11 if the turner says so, "
        "otherwise 1; no other card can be declared 11."),
    Clarification(
        "two-players", "Two players",
        "With two players, the player on your right is your opponent: going over 21 gives "
        "them the trick."),
    Clarification(
        "refill-order", "Refilling hands",
        "After a trick is gathered, hands are drawn back up to full one card at a time, "
        "starting with the player who took it and going clockwise."),
    Clarification(
        "reshuffle", "Running out of cards",
        "When the deck holds fewer cards than the hands need, every taken trick (the one just "
        "gathered included) is shuffled into a new deck placed beneath the cards still in the "
        "deck. The same happens when a card must be turned up or drawn from an empty deck. "
        "Unless rules have made players draw, this always fills every hand. When drawn cards "
        "have swollen some hands, there may still be too few: hands are then filled in the "
        "usual order until one card is left, which the taker turns up to open the next "
        "trick, and a hand left short fills up at a later refill."),
    Clarification(
        "empty-hand", "An empty hand",
        "A player whose hand is empty when their turn comes draws one card from the deck "
        "and plays it. If drawn cards have left none in the deck or the taken tricks, that "
        "player is passed over and the next player who holds a card plays."),
    Clarification(
        "round", "What a round is",
        "A round is one trick. It ends when the player who took the trick gathers it into "
        "their pile, before the hands are drawn back up and before the next card is turned "
        "up. Points won or lost while the trick was on the table count for that round, and "
        "the scores are looked at then."),
    Clarification(
        "winning", "Winning and ties",
        "At the end of a round, the player with the highest score wins if that score is at "
        "least the target (3 unless agreed otherwise). If two or more share the highest "
        "score, play goes on until a round ends with a single leader at or above the target."),
    Clarification(
        "take-back", "Taking a card back",
        "A rule enforced on the latest card played sends that card back to its player's "
        "hand and takes it off the sum; if that card had taken the trick, nobody has taken "
        "it and the point goes away. Once another card has been played or turned up, an "
        "enforcement costs the point alone and the play stands."),
    Clarification(
        "late-enforcement", "Enforcing a little later",
        "A rule may be enforced on a card after others have been played on it, as long as "
        "its trick is still on the table. If the player has played more than one card since "
        "the rule could last be enforced on them, the enforcer says which card broke it; only "
        "that card can come back, and only while it is still the latest card played."),
    Clarification(
        "turn-ends", "Your turn ends",
        "A player penalised while it is their turn to play loses the rest of that turn: the "
        "player on their left plays next."),
    Clarification(
        "self-enforcement", "Enforcing on yourself",
        "You may enforce a rule on yourself when you break it, your own or one you have seen "
        "enforced; the penalty is the usual one, and nobody can challenge it. If you let your "
        "own rule slide, another player who has seen it enforced may enforce it on you."),
    Clarification(
        "illegal-plays", "Out of turn, and the five seconds",
        "Playing out of turn and taking more than five seconds to play are illegal. Any "
        "player may call either, as they would enforce a rule everybody knows: the offender "
        "loses a point, a card played out of turn goes back to their hand without counting, "
        "and a player too slow on their own turn loses the rest of it. No card needs showing, "
        "so such a call cannot be challenged; if the table thinks it wrong, it is undone."),
    Clarification(
        "who-challenges", "Who may challenge, and when",
        "Only the player who was penalised may challenge the enforcement, and only before the "
        "next card is played or turned up. Nothing else happens until the challenge is ruled. "
        "The rule card is shown to the challenger alone; the table learns who was right and "
        "the points that follow."),
    Clarification(
        "rules-kept-first", "Keeping a secret rule",
        "Every player keeps their trigger and action before the first card is turned up, and "
        "a kept rule cannot be swapped once play has begun."),
    Clarification(
        "challenge-result", "After a challenge",
        "Winning a challenge does not return the card or undo the point lost to the "
        "enforcement: the point gained from the challenge makes up for it."),
    Clarification(
        "holder-challenges", "When the holder is also the challenger",
        "If someone enforces your own rule on you and you challenge, you are both the "
        "challenger and the holder, and both of those score changes apply to you."),
    Clarification(
        "drawing", "Drawing cards",
        "When a rule's action makes you draw, you take the cards from the deck (shuffling "
        "the taken tricks into it if it runs out). Your hand may then hold more than five "
        "cards; refilling only ever draws a hand up to full, never takes cards away."),
    Clarification(
        "floor", "The lowest score",
        "No score goes below -10; a penalty that would take it lower leaves it at -10."),
    Clarification(
        "set-aside", "Rule cards nobody keeps",
        "The trigger and action cards that were not dealt, and those each player did not "
        "keep, stay face down and out of play for the whole game; nobody looks at them."),
    Clarification(
        "variant-hands", "Hand size with the fewer-cards variant",
        "The variant is agreed before the deal and holds for the whole game: a full hand is "
        "then the smaller number, and hands are only ever drawn back up to it."),
    Clarification(
        "naming-the-holder", "Enforcing a rule that is not yours",
        "Whoever enforces a rule that is not their own says, as they enforce it, whose rule "
        "they believe it is. If the penalised player challenges, that player is the one who "
        "must show the rule."),
    Clarification(
        "holder-shows-enforcer", "When the holder challenges",
        "A holder who challenges an enforcement of their own rule shows the rule to the "
        "enforcer alone, since showing it to themselves would prove nothing."),
    Clarification(
        "taker-timing", "Actions for the player who takes the trick",
        "Some triggers call on whoever takes the trick rather than on the player whose card "
        "set them off; the card list says which. For those triggers only, an action due "
        "\"as you play\" is done as the taker turns up the card that starts the next trick, "
        "and an action due before or after the sum goes with the sum of exactly 21 the taker "
        "announced with their own card; a player handed the trick because the next player "
        "went over 21 announces no sum, so a deck may not pair such a trigger with such an "
        "action. Such a trigger fires only on a play that takes a trick. A trigger that "
        "calls on the player who has just played is met as that player plays, even when "
        "their card takes the trick."),
)


def clarification(key: str) -> Clarification:
    for item in CLARIFICATIONS:
        if item.key == key:
            return item
    raise KeyError(key)
