"""What the Rule?!'s verbs at the referee's table: each command with its help, how its line
is parsed (`command_lines`) and what it records (`moves`). Hints and the table's corrected
counts are in `talk`.
"""

from __future__ import annotations

from hrdeck.referee.commands import Spec
from hrdeck.referee.tables import Verb
from hrdeck.referee.tables.what_the_rule.command_lines import DRAW as DRAW
from hrdeck.referee.tables.what_the_rule.command_lines import (
    Guess,
    Pass,
    Play,
    Show,
    learn_words,
    parse_guess,
    parse_lead,
    parse_pass,
    parse_play,
    parse_show,
)
from hrdeck.referee.tables.what_the_rule.command_lines import Lead as Lead
from hrdeck.referee.tables.what_the_rule.command_lines import parse_bare as parse_bare
from hrdeck.referee.tables.what_the_rule.moves import guess, lead, pass_guess, play, show

VERBS = (
    Verb(Spec("lead", ("master",), "lead [: RULE | N | draw [LEVEL] | judge]",
              "the next master begins a round: the rule typed in private, in plain words or "
              "the rule language (in a script on the line), a rule card's number, draw (the "
              "referee draws a rule card: starter, easy, medium or hard), or judge (the "
              "master judges the cards in person)",
              "players"), parse_lead, Lead, lead),
    Verb(Spec("play", ("p",), "play [WHO] CARD [fits|no]",
              "a card offered (w2ft, or 2 white filled triangles); in a round the master "
              "judges, their verdict after it; a card alone is whoever's turn it is",
              "players"), parse_play, Play, play),
    Verb(Spec("show", ("open", "hand"), "show [WHO] CARDS | [N] none | [N] place CARD",
              "the player to act reveals their hand, saying none of it fits: every card "
              "typed when the referee judges (show w1fc b2us …); in a round the master "
              "judges, the number of cards shown (it must be the referee's count) and the "
              "verdict: show 10 none (none fits) or show 10 place CARD (the card placed)",
              "players"), parse_show, Show, show),
    Verb(Spec("guess", ("g",), "guess [WHO] RULE | right|wrong [WORDS]",
              "the rule guessed, in plain words (guess just white ones) or the rule language "
              "(guess card.colour == \"white\"); the referee says how it read it; in a "
              "round the master judges, or for a guess too complex for the referee, the "
              "master's verdict and the words", "players"),
         parse_guess, Guess, guess),
    Verb(Spec("pass", ("skip",), "pass [WHO]",
              "the player who may guess lets the chance go", "players"),
         parse_pass, Pass, pass_guess),
)


learn_words(VERBS)
