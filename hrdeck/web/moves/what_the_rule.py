"""What the Rule?! with real cards on a player's phone. The next master leads: their rule
typed in private on their own page, a rule card drawn, or judging in person. In a round:
play a card (a design tapped on the card keyboard; in a round the master judges, with their
verdict), show the hand when nothing in it fits, guess in plain words or let the guess go;
agree to hints, announce and give one (the master), object to one."""

from __future__ import annotations

from engine.games.what_the_rule.game import WhatTheRuleGame
from engine.games.what_the_rule.round import Round
from hrdeck.referee.session import Session
from hrdeck.referee.tables.what_the_rule.command_lines import LEVELS
from hrdeck.web.buttons import CHOICE, DESIGNS, MAIN, Button, Field, card_field, words_field

SCORE = "score"           # the mode in which every master judges in person
MACHINE_DEALT = "shuffled"  # the mode of a game the machine deals and judges (`hrdeck play`)


def buttons(session: Session, seat: int) -> list[Button]:
    game = session.game
    if not isinstance(game, WhatTheRuleGame) or game.over:
        return []
    if game.setup.mode == MACHINE_DEALT:  # its cards are in the player's hand on the page
        from hrdeck.web.what_the_rule.play_buttons import buttons as machine_buttons

        return machine_buttons(session, seat)
    name = session.names[seat]
    round_ = game.under_way
    if round_ is None:
        return _lead(session, game, seat) if seat == game.next_master else []
    found: list[Button] = []
    if round_.guesser == seat:
        found += _guess(name, round_)
    if round_.turn == seat and not round_.waiting and round_.guesser != seat:
        found += _play(name, round_, seat)
    return found + _hints(game, round_, name, seat)


def _lead(session: Session, game: WhatTheRuleGame, seat: int) -> list[Button]:
    name = session.names[seat]
    if game.setup.mode == SCORE:
        return [Button("Lead the round (you judge)", f"lead {name}", kind=MAIN)]
    found = [Button("Lead: type my rule in private", f"lead {name}", kind=MAIN)]
    deck = session.deck
    if deck is not None and deck.masters:
        found.append(Button("Lead: draw a rule card", f"lead {name} draw{{level}}",
                            fields=(Field("level", CHOICE, "Level (any if none)", LEVELS,
                                          optional=True, wrap=" {}"),)))
    found.append(Button("Lead: I judge the cards myself", f"lead {name} judge"))
    return found


def _play(name: str, round_: Round, seat: int) -> list[Button]:
    design = card_field((DESIGNS,))
    if round_.rule is not None:  # the referee judges by the master's rule
        return [Button("Play a card", f"play {name} {{card}}", kind=MAIN, fields=(design,)),
                Button("Show my hand (nothing fits)", f"show {name} {{cards}}",
                       fields=(card_field((DESIGNS,), "Every card in your hand", name="cards",
                                          many=True),))]
    held = len(round_.hands[seat])
    return [
        Button("Play a card", f"play {name} {{card}} {{verdict}}", kind=MAIN,
               fields=(design, Field("verdict", CHOICE, "The master says", ("fits", "no")))),
        Button("Show my hand: nothing fits", f"show {name} {held} none"),
        Button("Show my hand: the master places a card", f"show {name} {held} place {{card}}",
               fields=(card_field((DESIGNS,), "The card placed"),)),
    ]


def _guess(name: str, round_: Round) -> list[Button]:
    words = words_field("Your guess, in plain words", name="guess", optional=False)
    guess = (Button("Guess the rule", f"guess {name} {{guess}}", kind=MAIN, fields=(words,))
             if round_.rule is not None else
             Button("Guess the rule", f"guess {name} {{verdict}} {{guess}}", kind=MAIN,
                    fields=(Field("verdict", CHOICE, "The master says", ("right", "wrong")),
                            words)))
    return [guess, Button("Let the guess go", f"pass {name}")]


def _hints(game: WhatTheRuleGame, round_: Round, name: str, seat: int) -> list[Button]:
    found: list[Button] = []
    if game.can_agree_hints():
        found.append(Button("Everyone agrees to hints", "hints",
                            confirm="Has everyone at the table, the master too, said yes to "
                                    "hints? A right guess then scores 2 points, not 5."))
    if seat == round_.master and game.can_announce_hint():
        found.append(Button("Announce a hint", "hint"))
    if round_.offer is not None:
        if game.can_object_hint(seat):
            found.append(Button("Object to the hint", f"object {name}"))
        if seat == round_.master:
            found.append(Button("Give the hint", "hint" if round_.rule is not None
                                else "hint {words}",
                                fields=() if round_.rule is not None else (
                                    words_field("The hint", optional=False),)))
    return found
