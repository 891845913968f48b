"""Where the Joker's Secret text leaves a case open, the choice hrdeck made.

Each choice is enforced by the engine, pinned by a test naming its key (tests/
test_jokers_secret.py and the scenario files), and printed in the game's rulebook.
"""

from __future__ import annotations

from engine.games.base import Clarification
from engine.rules_layer import DEFAULT_TARGET

CLARIFICATIONS: tuple[Clarification, ...] = (
    Clarification(
        "ace-high", "Aces",
        "Aces are high. From lowest to highest: 3, 4, 5, 6, 7, 8, 9, jack, queen, king, ace. "
        "A 2 and a 10 go on anything, and anything goes on a 2."),
    Clarification(
        "ladder-steps", "Counting ranks",
        "Where a secret rule counts how far one rank lies above another, it counts steps up "
        "that same ladder: 3, 4, 5, 6, 7, 8, 9, jack, queen, king, ace. The 2 and the 10 stand "
        "on no step, so a jack is one step above a 9, a 6 to a jack is four steps and a 5 to "
        "a jack is five."),
    Clarification(
        "start-card", "Who starts",
        "A player holds the 3 of clubs if it is in their hand or face up in front of them; a "
        "face-down card is nobody's to claim. If nobody holds it, the 4 of clubs starts, and "
        "so on up the clubs to the ace, then the 2. If not one club is held (all of them lie "
        "in the draw pile or face down), the diamonds are searched the same way, then the "
        "hearts, then the spades. The starter may open with any card they could play, not "
        "only the one that made them start."),
    Clarification(
        "start-asked", "Finding the starter",
        "Before the first play the start cards are called out in that order, and for each "
        "the table says who holds it in hand or face up, or that nobody does; the first card "
        "someone holds names the starter, and nobody else may open. A card lying face up "
        "answers for itself. A swap keeps a card with the same player, so the answer is the "
        "same before the swaps and after them."),
    Clarification(
        "swap-before-play", "Swapping before play",
        "Any player may swap cards between hand and face-up row, one pair at a time and as "
        "often as they like, until the first card of the game is played."),
    Clarification(
        "one-place", "Where a play comes from",
        "A play comes from one place: the hand while it holds cards, then the face-up row "
        "once the hand and the draw pile are empty. Hand and face-up cards are never played "
        "together, and a face-up card waits while the draw pile lasts."),
    Clarification(
        "same-rank-together", "Several cards at once",
        "Cards played together are all of one rank. Two 2s together reset the pile once; two "
        "10s together burn it once."),
    Clarification(
        "skip-once", "Skips",
        "Matching the rank on top of the pile skips one player, however many cards were "
        "played. A 2 on a 2 both resets the pile and skips. With two players, a skip gives "
        "the player who made it another turn."),
    Clarification(
        "burn-before-skip", "Burns",
        "A burn (a 10, or the fourth card of a rank in a row) goes before a skip: the player "
        "who burned goes again on the empty pile, and nobody is skipped. Four 2s in a row "
        "burn like any other four. If the burning player has no cards left, they have won."),
    Clarification(
        "four-in-a-row", "Four in a row",
        "The four cards of one rank must lie together on top of the pile, played by anyone in "
        "any number of turns; a joker never touches the pile, so it does not break the run."),
    Clarification(
        "pick-up", "Picking up",
        "A player picks up the pile only when no card they may play now (and no joker) can go "
        "on it. After a pick-up, as after any turn, the hand refills to three while the draw "
        "pile lasts."),
    Clarification(
        "joker-turn", "When a joker is played",
        "A joker is played on your own turn, alone, instead of any other play, even when a "
        "card could go on the pile. Jokers in a row are simply turns in a row; the pile under "
        "them stays as it was. A joker counts as a card played for the rule of three."),
    Clarification(
        "joker-peek", "The joker's secret",
        "Only a joker from the hand gives the peek: the hand refills first, then its player "
        "may look at one of their face-down cards and may swap it with a hand card. A joker "
        "in the face-up row is played like a face-up card, with no peek."),
    Clarification(
        "blind-flips", "Blind flips",
        "A face-down card is turned over and played as it falls. A joker goes to the scrap "
        "pile and the turn ends. A card that cannot go on the pile joins it, and its player "
        "takes the whole pile into their hand, to be played out before the next flip."),
    Clarification(
        "plain-game", "The plain game",
        "Without secret-rule cards there are no points, no rounds and no target: nothing is "
        "enforced, called or challenged, and a burn scores nothing. The game ends only when "
        "a player has no cards left in hand, face up or face down, and that player wins."),
    Clarification(
        "hidden-rules", "Hidden Rules on top",
        "Secret-rule cards are played only when the table chooses a deck of them. Then each "
        "burn ends a round and gives the player who burned the pile a point; as in any game "
        "of Hidden Rules, a round that ends with one player alone on the highest score, at or "
        f"above the target ({DEFAULT_TARGET} points unless the table agrees on another "
        "before the deal), "
        "makes them the winner, and at no other moment do points end the game. Whoever first "
        "has no cards left wins at once, whatever the scores; a burn with their last cards "
        "gives no point. A penalty (a rule enforced, an illegal play called) costs a point as "
        "usual, never below the lowest score, but here a play made in turn stands: no card "
        "goes back and no turn is lost. Once the next turn is taken, the enforcements before "
        "it can no longer be challenged."),
    Clarification(
        "play-stands", "Why the play stands",
        "Hidden Rules as first written has a player who breaks a rule take back the card and "
        "lose the rest of the turn. Here the play stands instead. A table may agree before "
        "the deal to play the stricter way: the card comes back only if it still lies on top "
        "of the pile, and the turn ends. Then a player who broke a rule with a 10 that burned "
        "the pile loses the extra turn the burn gave, though the burned cards stay out of the "
        "game, and a card taken back no longer skips anyone or resets the pile."),
    Clarification(
        "illegal-plays", "Out of turn, and the five seconds",
        "With secret rules, laying a card out of turn and taking more than five seconds over "
        "a play are illegal. Anyone may call either, like a rule the whole table knows: the "
        "offender loses a point. A card laid out of turn never counts and goes back to its "
        "player's hand; a player who was too slow still plays, as the play stands after any "
        "penalty. Nothing needs showing, so such a call cannot be challenged."),
)
