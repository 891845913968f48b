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
        "chain, saying \"penalty card\", and then plays their turn as usual. Whatever else "
        "they do stands until it is called: a pass (its card is not a penalty card), a card "
        "other than a 7, or too few cards taken can be called as a failure to take a penalty "
        "card, which costs the cards not taken and one more; the answer not said is a "
        "failure to say it. The \"thank you\" answer is a variant."),
    Clarification(
        "phrases", "Saying things",
        "A phrase a card asks for is said once the card is down: with the move or just "
        "after it. Phrases may come in any order, but \"Mao\" must be the last thing "
        "said. Words count whatever their case or punctuation, and numbers may be said as "
        "digits: \"9 of spades\" is \"nine of spades\". A phrase forgotten but said before anyone "
        "calls it is forgiven; one nobody calls can be called until its player's next turn "
        "(see late calls); one that was called stays owed until it is said, and each further "
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
        "any other time, but for the game master's introduction, costs three cards when it "
        "is called, as \"taking the name of the great Chinese leader in vain\". A Mao "
        "forgotten is no offence to call. The winner leaves the order of play and may come "
        "back with five cards and a new secret rule."),
    Clarification(
        "introduction", "Naming the game",
        "The game master may open the game by naming it (\"we are playing Mao\"). Until "
        "the first card is laid or taken, the name said by the game master (the dealer, or "
        "the Mao master) is not in vain; said by anyone else, or by anyone after the first "
        "move, it is."),
    Clarification(
        "coming-back", "Coming back",
        "To return, a winner draws five cards from the stack with the words \"re-entering "
        "the game\", and \"introducing new rule\" when they bring one. The words tell the "
        "table; leaving them out is no offence, since no call is made for it."),
    Clarification(
        "session", "When the game ends",
        "A game of Mao has no end of its own, so play stops when one player has won a "
        "set number of Maos (three unless the table chooses otherwise)."),
    Clarification(
        "bad-card", "A bad card",
        "A card that does not fit stays on the pile, with everything it does, until it is "
        "called. Called before the next move, it goes back to its player's hand with a "
        "penalty card, everything it changed is undone, and that player's turn goes on. "
        "Called later, but in time (see late calls), it stays where it is and only the "
        "penalty card is given."),
    Clarification(
        "out-of-turn", "Playing out of turn",
        "A card played out of turn stays, and play goes on from its player. Called before "
        "the next move, it goes back with a penalty card and the turn is where it was; "
        "called later, but in time, it stays and only the penalty card is given. A card "
        "taken from the stack out of turn changes nothing but the hand it goes to, and can "
        "be called the same way; cards taken as penalty cards are never out of turn."),
    Clarification(
        "bad-call", "Bad calls",
        "A call about something that did not happen is a bad call: the caller takes the "
        "card (three for a wrong call of taking the name in vain). Taking too long cannot "
        "be called in a point of order or on a player whose turn it is not, and talking "
        "only when the table plays the no-talking rule."),
    Clarification(
        "too-slow", "Taking too long",
        "A player who has not begun their turn within the set seconds can be called, and "
        "called again for each further stretch of as many seconds in which they still have "
        "not played: each call is one more card."),
    Clarification(
        "calls", "Who calls",
        "In the democratic game anyone at the table calls a penalty; in the dictatorial "
        "game only the Mao master does, and the master plays a hand like everyone else. The "
        "Mao master is the dealer unless the table names another player before the deal. A "
        "player who is out after a Mao makes no call. Out of the game they are free of every "
        "rule but one: they still may not explain the rules, and can be called for it. The "
        "card waits in their hand, and comes back with them on top of the five they take."),
    Clarification(
        "point-of-order", "Points of order",
        "Anyone may call a point of order and anyone may end it. While it lasts nobody "
        "plays or takes a card; saying \"point of order\" again can be called. \"End of "
        "point of order\" said when none is under way is only words."),
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
        "Where Mao is played in several ways, the first is the usual one and the others "
        "are choices a table may make: democratic calls (or dictatorial, with a Mao master), "
        "\"penalty card\" when taking a 7's cards (or \"thank you\", with one more \"very\" "
        "for each 7 after the first), talking allowed (or penalised), and ten seconds to "
        "begin a turn (or any other number)."),
    Clarification(
        "new-rule", "Secret rules",
        "A secret rule is judged by its holder: their call of a bad card or of a failure "
        "to say something under it is taken at their word. The player called on may answer "
        "\"bad call\" before the next move, and the card goes back to the holder; the holder "
        "answers \"new rule\", and the card goes back to that player and stays. Answering "
        "\"bad call\" to any other call is itself a bad call."),
    Clarification(
        "new-rule-referee", "Secret rules at the referee",
        "A winner's rule drawn from the rule cards is known to the referee, which judges it "
        "like the standard rules: a call under it is right or a bad call, and \"new rule\" "
        "changes nothing. A rule typed in words only its holder knows is judged by its "
        "holder, whose call is taken at their word when the referee sees no offence. Anyone "
        "else's call under such a rule is judged by what the referee knows.",
        for_software=True),
    Clarification(
        "late-calls", "Late calls",
        "An offence can be called until its player's next turn: until they move again (play "
        "a card, pass or take cards) after someone else has moved; moves a player makes with "
        "nobody moving between them are one turn. A true call in that time holds, however "
        "many cards went down since. After it, the call is too late: nobody takes a card, "
        "the caller included. Whoever sees that they missed a call may say so in a point of "
        "order; that gives nobody a card, and is not explaining the rules as long as the rule "
        "itself is not told."),
    Clarification(
        "mao-in-a-call", "Calling a Mao said out of place",
        "The call is \"taking the name of the great Chinese leader in vain\" (\"in vain\" "
        "for short). A call that says the name itself, such as \"saying Mao\" or "
        "\"failure to say Mao\" (for a Mao said wrongly or forgotten), says it out of place: "
        "its caller takes three cards at once, "
        "and the call does nothing else, so the player it named can still be called in the "
        "proper words."),
    Clarification(
        "game-master", "What the referee tells",
        "hrdeck's referee shows the table only what happened: each card, what was said, each "
        "call and its result, the cards taken, a Mao. It never says whose turn it is or why "
        "anything happened, so every move names its player. What it knows of the rules is "
        "for the game master alone, in private: the dealer, or in a dictatorial game the Mao "
        "master.", for_software=True),
    Clarification(
        "rule-order", "Rules that disagree",
        "When one rule makes a card fit whatever lies on the pile and another says it does "
        "not fit, the card does not fit."),
    Clarification(
        "rule-order-check", "Rules that disagree",
        "The checker refuses a deck in which one rule can make a card fit whatever lies on "
        "the pile while another says that card does not fit.",
        for_software=True),
)
