"""The seed text's calls at the real referee: the dealer may name the game before the first
move, a call that says "Mao" costs its caller three cards however it is worded, and a winner
who is out can still be called for explaining the rules (and for nothing else)."""

from __future__ import annotations

from pathlib import Path

from tests.referee.test_mao_calls import referee

# Ann deals: Ben goes first, and with his aces skipping Cat he plays out while Ann passes.
PLAY_OUT = """b ah
a passes
b ac
a passes
b as: ace of spades
a passes
b ad: last card
a passes
b 5d: mao
"""


def test_the_dealer_names_the_game_and_a_winner_is_still_bound_not_to_explain(
        tmp_path: Path) -> None:
    screen, hands = referee(tmp_path, "say ann mao\n"
                                      "call cat on ann in vain\n"
                                      "call cat on ann failure to say mao\n"
                                      + PLAY_OUT +
                                      "call cat on ben forgetting to say mao\n"
                                      "call ann on ben explaining the rules\n"
                                      "call ann on ben talking\n"
                                      "call ben on ann explaining the rules\n"
                                      "back ben no rule\n", failing=2)
    assert ("Cat calls taking the name of the great Chinese leader in vain on Ann\n"
            "    Bad call: Cat takes 3 cards.") in screen
    assert ("Cat calls 'failure to say mao' on Ann\n    Cat takes 3 cards: taking the name of "
            "the great Chinese leader in vain.") in screen
    assert "Mao! Ben wins a Mao" in screen
    assert ("Ann calls explaining the rules on Ben\n    Ben takes a card: explaining the "
            "rules.") in screen
    assert "the only call on them is explaining the rules" in screen
    assert "Ben is out after a Mao: they make no call until they come back" in screen
    assert ("Cat calls 'forgetting to say mao' on Ben\n    Cat takes 3 cards: taking the "
            "name of the great Chinese leader in vain.") in screen
    assert hands == [9, 6, 14]  # Ann passed four times; Ben's card waited for his five
