"""What the Mao rulebook templates see: the engine's numbers and words, and the deck's rules.

Every number the book quotes (players, the packs per table, the five cards, what a penalty
costs, the seconds a turn may take, the Maos that end a session) and every word a player
must say (last card, penalty card, point of order…) comes from the engine's `mao` modules
here, so the printed book cannot drift from what the referee enforces. The penalty calls are
`offences.REASONS`, in order; the clarifications are the engine's, typeset like the
templates' prose. The deck gives its standard rules, printed as the cards print them; its
secret rules are only counted, never printed: the book is no place for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import CARDS, JOKERS
from engine.games.mao import offences, speech
from engine.games.mao.game import DEFAULT_MAOS
from engine.games.mao.settings import (
    DEMOCRATIC,
    DICTATORIAL,
    PENALTY_CARD_ANSWER,
    THANK_YOU_ANSWER,
    MaoSettings,
)
from engine.games.mao.table import HAND, MAX_PLAYERS, MIN_PLAYERS, PLAYERS_PER_PACK, packs_for
from engine.games.registry import find_game
from generator.card_kinds import load_kinds
from generator.deck import LoadedDeck
from generator.mao.cards import RuleCard
from generator.rulebook.books import (
    ClarificationRow,
    DeckView,
    clarification_rows,
    deck_details,
    deck_view,
)
from generator.rulebook.mao.example import WorkedExample, worked_example
from generator.rulebook.words import (
    number_range,
    prose,
    spelled,
    typeset,
)

GAME = "mao"
RULES_SECTION = "rules"
RULE_ACCENT = "#7a1f2b"  # the rule cards' own colour, should the rules kind not be registered
CHAIN_ROWS = 4           # 7s in a chain shown in the book's table (one pack holds four)




@dataclass(frozen=True, slots=True, kw_only=True)
class PackRow:
    players: str   # "2 to 3", or "12" for a group of one
    packs: int
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChainRow:
    """A chain of 7s as it grows: what the player of its last 7 wishes the next player, and
    what that player takes and says if they have no 7 to add."""

    sevens: int
    wish: str      # "have a very nice day"
    cards: int     # cards taken, one for each 7
    answer: str    # "penalty card"
    thanks: str    # the "thank you" setting's answer: "thank you very much"


@dataclass(frozen=True, slots=True, kw_only=True)
class CallRow:
    key: str        # the reason's key, as the referee names it
    words: str      # the call as said: "bad card"
    cards: int      # what it costs
    on_word: bool   # the referee cannot see the offence: the caller is taken at their word


@dataclass(frozen=True, slots=True, kw_only=True)
class Phrases:
    """The words the rules make players say, as the book prints them."""

    last_card: str
    mao: str
    penalty_card: str
    thank_you: str
    badger: str
    point_of_order: str
    end_point_of_order: str
    new_rule: str
    re_entering: str     # a winner coming back
    introducing: str     # ... with a new rule


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """The variants a table chooses before the deal, and their defaults."""

    democratic: str
    dictatorial: str
    calls: str             # the default
    penalty_card: str      # the sevens' answers
    thank_you: str
    sevens: str            # the default
    talking_penalised: bool
    seconds: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """The engine's numbers, as the book quotes them."""

    min_players: int
    max_players: int
    hand: int
    hand_words: str
    players_per_pack: int
    players_per_pack_words: str
    pack: int                 # 54
    standard_cards: int       # 52
    jokers: int
    jokers_words: str
    packs: tuple[PackRow, ...]
    most_packs: int
    penalty: int              # cards a penalty costs
    penalty_words: str
    mao_cost: int             # cards a Mao out of place costs
    mao_cost_words: str
    maos: int                 # Maos that end a session
    maos_words: str
    chain: tuple[ChainRow, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleRow:
    number: int
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Book:
    """Everything the templates may read."""

    deck: DeckView
    title: str                            # the game's title, typeset: Mao
    rules: Rules
    phrases: Phrases
    settings: Settings
    calls: tuple[CallRow, ...]
    standard: tuple[RuleRow, ...]         # the deck's standard rules, by number
    secret_count: int                     # the deck's secret rules: counted, never printed
    secret_numbers: str                   # their card numbers, e.g. "10 to 41"
    clarifications: tuple[ClarificationRow, ...]
    example: WorkedExample
    triggers: tuple[()] = ()              # Mao's rules are whole-rule cards, not pairs
    actions: tuple[()] = ()
    example_own_cards: bool = False       # the example is a deal of playing cards

    @property
    def players(self) -> tuple[int, int]:
        return self.rules.min_players, self.rules.max_players

    @property
    def call_words(self) -> dict[str, str]:
        """Each call's words by its key, for prose that names one: "bad card"."""
        return {call.key: call.words for call in self.calls}


def _pack_rows() -> tuple[PackRow, ...]:
    """The packs shuffled together, for each group of player counts that needs as many.

    >>> _pack_rows()[:2]  # doctest: +NORMALIZE_WHITESPACE
    (PackRow(players='2 to 3', packs=1, cards=54), PackRow(players='4 to 6', packs=2, cards=108))
    """
    groups: dict[int, list[int]] = {}
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        groups.setdefault(packs_for(players), []).append(players)
    return tuple(PackRow(players=f"{seats[0]} to {seats[-1]}" if len(seats) > 1
                         else str(seats[0]), packs=packs, cards=packs * len(CARDS))
                 for packs, seats in groups.items())


def _chain() -> tuple[ChainRow, ...]:
    return tuple(ChainRow(sevens=sevens, wish=speech.nice_day(sevens - 1), cards=sevens,
                          answer=speech.PENALTY_CARD, thanks=speech.thanks(sevens - 1))
                 for sevens in range(1, CHAIN_ROWS + 1))


def game_rules() -> Rules:
    penalty = offences.cost(offences.BAD_CARD)
    mao_cost = offences.cost(offences.SAYING_MAO)
    packs = _pack_rows()
    return Rules(
        min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, hand=HAND, hand_words=spelled(HAND),
        players_per_pack=PLAYERS_PER_PACK, players_per_pack_words=spelled(PLAYERS_PER_PACK),
        pack=len(CARDS), standard_cards=len(CARDS) - len(JOKERS), jokers=len(JOKERS),
        jokers_words=spelled(len(JOKERS)), packs=packs, most_packs=packs[-1].packs,
        penalty=penalty, penalty_words=spelled(penalty), mao_cost=mao_cost,
        mao_cost_words=spelled(mao_cost), maos=DEFAULT_MAOS, maos_words=spelled(DEFAULT_MAOS),
        chain=_chain(),
    )


def phrases() -> Phrases:
    return Phrases(last_card=speech.LAST_CARD, mao=speech.MAO.capitalize(),
                   penalty_card=speech.PENALTY_CARD, thank_you=speech.THANK_YOU,
                   badger=typeset(speech.BADGER), point_of_order=speech.POINT_OF_ORDER,
                   end_point_of_order=speech.END_POINT_OF_ORDER, new_rule=speech.NEW_RULE,
                   re_entering=speech.RE_ENTERING, introducing=speech.INTRODUCING)


def settings() -> Settings:
    default = MaoSettings()
    return Settings(democratic=DEMOCRATIC, dictatorial=DICTATORIAL, calls=default.calls,
                    penalty_card=PENALTY_CARD_ANSWER, thank_you=THANK_YOU_ANSWER,
                    sevens=default.sevens, talking_penalised=default.talking_penalised,
                    seconds=default.seconds)


def calls() -> tuple[CallRow, ...]:
    """Every penalty call to make, in the engine's order (a call that says "Mao" is not
    one: the penalties section tells what it costs)."""
    return tuple(CallRow(key=key, words=offences.REASONS[key], cards=offences.cost(key),
                         on_word=key in offences.UNSEEN)
                 for key in offences.PROPER)


def _rule_cards(deck: LoadedDeck) -> list[RuleCard]:
    return sorted((card for _, card in deck.cards_of(RULES_SECTION)
                   if isinstance(card, RuleCard)), key=lambda card: card.number)


def book_for(deck: LoadedDeck) -> Book:
    """The templates' data for `deck`, or a PrintError saying why no rulebook can be made."""
    info = deck_details(deck)
    game = find_game(GAME)
    kind = load_kinds(GAME).get(RULES_SECTION)
    cards = _rule_cards(deck)
    secret = [card.number for card in cards if not card.standard]
    return Book(
        deck=deck_view(info, game.title,
                       accent=kind.accent_in(info.style) if kind is not None else RULE_ACCENT,
                       second=info.style.action_colour),
        title=typeset(game.title),
        rules=game_rules(),
        phrases=phrases(),
        settings=settings(),
        calls=calls(),
        standard=tuple(RuleRow(number=card.number, text=prose(card.text))
                       for card in cards if card.standard),
        secret_count=len(secret),
        secret_numbers=number_range(secret) if secret else "",
        clarifications=clarification_rows(game.clarifications),
        example=worked_example(),
    )
