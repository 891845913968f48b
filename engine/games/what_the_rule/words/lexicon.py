"""The words the plain-words reader knows, and how a phrase becomes a list of them.

A phrase is lower-cased, its contractions opened ("don't" is "do not"), its punctuation
turned into commas, and each word replaced by the one word the grammar knows for it:
"dark", "blacks" and "black" are all `black`; "hollow", "empty" and "outline" are all
`unfilled`; "two" is `2`. A few fixed groups of words become one token ("in a row",
"the card before", "take turns"). Articles are dropped. A word not in the lexicon stays
as it is, so the grammar cannot use it and the phrase is refused, naming the word.

>>> tokens("Just black ones!")
['only', 'black', 'ones']
>>> tokens("No two whites in a row")
['no', '2', 'white', 'inarow']
"""

from __future__ import annotations

import re

NUMBER_WORDS = {"zero": "0", "one": "1", "two": "2", "three": "3", "four": "4",
                "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10",
                "eleven": "11", "twelve": "12"}
_PLURALS = {"cards": "card"}  # read alike before groups of words are matched
# "fives", "5s": cards showing that many shapes
COUNT_NOUNS = {**{word: f"#{n}" for word, n in (("twos", 2), ("threes", 3), ("fours", 4),
                                               ("fives", 5), ("sixes", 6))},
               **{f"{n}s": f"#{n}" for n in range(1, 7)}}
ORDINALS = {"second": "2nd", "third": "3rd", "fourth": "4th", "fifth": "5th", "sixth": "6th",
            "2nd": "2nd", "3rd": "3rd", "4th": "4th", "5th": "5th", "6th": "6th",
            "other": "other"}

SYNONYMS: dict[str, str] = {
    # colours (of the card)
    "black": "black", "blacks": "black", "dark": "black", "darks": "black",
    "white": "white", "whites": "white", "light": "white", "lights": "white",
    # fills (of the shapes)
    "filled": "filled", "solid": "filled", "solids": "filled", "full": "filled",
    "shaded": "filled", "coloured-in": "filled", "colored-in": "filled",
    "unfilled": "unfilled", "empty": "unfilled", "hollow": "unfilled", "open": "unfilled",
    "outline": "unfilled", "outlines": "unfilled", "outlined": "unfilled",
    # shapes
    "circle": "circle", "circles": "circle", "ring": "circle", "rings": "circle",
    "dot": "circle", "dots": "circle", "round": "round",
    "triangle": "triangle", "triangles": "triangle",
    "square": "square", "squares": "square", "box": "square", "boxes": "square",
    # what a card is and has
    "card": "card", "cards": "card",
    "shape": "shape", "shapes": "shape", "symbol": "shape", "symbols": "shape",
    "figure": "shape", "figures": "shape", "thing": "shape", "things": "shape",
    "colour": "colour", "colours": "colour", "color": "colour", "colors": "colour",
    "fill": "fill", "fills": "fill", "filling": "fill", "fillings": "fill",
    "number": "number", "numbers": "number", "count": "number", "counts": "number",
    "amount": "number",
    # saying what must be
    "must": "must", "should": "must", "shall": "must", "always": "must", "will": "must",
    "may": "may", "can": "may", "could": "may", "might": "may",
    "never": "not", "not": "not",
    "is": "be", "are": "be", "be": "be", "being": "be", "was": "be", "were": "be",
    "do": "do", "does": "do",
    "only": "only", "just": "only", "solely": "only", "exclusively": "only",
    "allowed": "allowed", "permitted": "allowed", "legal": "allowed", "ok": "allowed",
    "okay": "allowed", "fine": "allowed", "valid": "allowed", "accepted": "allowed",
    "acceptable": "allowed", "playable": "allowed",
    "banned": "banned", "forbidden": "banned", "illegal": "banned", "excluded": "banned",
    "prohibited": "banned", "disallowed": "banned", "taboo": "banned", "out": "banned",
    "played": "played", "laid": "played", "placed": "played", "put": "played",
    "used": "played", "play": "play", "lay": "play",
    "except": "except", "excluding": "except", "besides": "except",
    "with": "with", "showing": "with", "having": "with", "bearing": "with",
    "show": "show", "shows": "show", "has": "show", "have": "show", "hold": "show",
    "holds": "show", "carry": "show", "carries": "show", "bear": "show", "bears": "show",
    "contain": "show", "contains": "show",
    "then": "then",
    "follow": "follow", "follows": "follow", "followed": "followed",
    "come": "come", "comes": "come", "go": "come", "goes": "come",
    "after": "after", "before": "before",
    "alternate": "alternate", "alternates": "alternate", "alternating": "alternate",
    "alternately": "alternate", "alternation": "alternate",
    "change": "change", "changes": "change", "changing": "change", "switch": "change",
    "switches": "change", "swap": "change", "swaps": "change", "flip": "change",
    "flips": "change", "differ": "differ", "differs": "differ",
    "same": "same", "identical": "same", "matching": "same",
    "different": "different", "another": "different", "new": "different",
    "distinct": "different",
    "copy": "copy", "copies": "copy", "repeat": "copy", "repeats": "copy",
    "match": "match", "matches": "match", "keep": "keep", "keeps": "keep",
    "stay": "stay", "stays": "stay", "remain": "stay", "remains": "stay",
    "more": "more", "higher": "more", "bigger": "more", "larger": "more", "greater": "more",
    "fewer": "fewer", "less": "fewer", "lower": "fewer", "smaller": "fewer",
    "up": "up", "down": "down", "increase": "up", "increases": "up", "increasing": "up",
    "rise": "up", "rises": "up", "rising": "up", "ascending": "up", "ascend": "up",
    "ascends": "up", "decrease": "down", "decreases": "down", "decreasing": "down",
    "descending": "down", "descend": "down", "descends": "down", "falling": "down",
    "falls": "down", "fall": "down", "drops": "down",
    "counting": "counting", "going": "going",
    "odd": "odd", "even": "even",
    "least": "least", "most": "most", "than": "than", "between": "between", "from": "from",
    "to": "to", "and": "and", "or": "or", "nor": "nor", "neither": "neither",
    "either": "either", "both": "both", "no": "no", "nothing": "nothing", "any": "any",
    "anything": "anything", "everything": "everything", "all": "all", "every": "every",
    "each": "each", "if": "if", "when": "when", "whenever": "if", "unless": "unless",
    "but": "but", "so": "so", "as": "as", "of": "of", "on": "on", "in": "in", "it": "it",
    "its": "its", "they": "it", "them": "it", "their": "its", "those": "those",
    "ones": "ones", "one": "1", "that": "that", "which": "that", "who": "that",
    "there": "there", "row": "row", "first": "first", "start": "start", "starts": "start",
    "begin": "start", "begins": "start", "starting": "start", "beginning": "start",
    "way": "way", "everyway": "everyway", "common": "common", "share": "share",
    "shares": "share", "like": "like", "exactly": "exactly", "together": "together",
    "add": "add", "adds": "add", "sum": "sum", "total": "total", "makes": "make",
    "make": "make", "times": "times", "multiple": "multiple", "multiples": "multiple",
    "divisible": "divisible", "by": "by", "single": "single", "alone": "alone",
    "lone": "single", "over": "over", "under": "under", "above": "over", "below": "under",
    "again": "again", "turns": "turns", "turn": "turns", "pairs": "pairs", "pair": "pairs",
    "others": "others", "rest": "others", "remaining": "others",
    "place": "place", "places": "place", "position": "place", "spot": "place",
    "belong": "belong", "belongs": "belong", "else": "else", "also": "also",
    "whole": "whole", "along": "along", "throughout": "throughout", "means": "means",
    "mean": "means", "need": "need", "needs": "need", "equal": "equal",
    "kind": "kind", "whatever": "anything", "far": "far", "fit": "fit", "fits": "fit",
    "work": "fit", "works": "fit", "back": "back",
    "side": "side", "lie": "be", "lies": "be", "sit": "be", "sits": "be", "twice": "twice",
    "many": "many", "offered": "offered", "order": "order", "lying": "be", "rule": "rule",
}

# Groups of words read as one token (matched after articles are dropped).
PHRASES: tuple[tuple[str, str], ...] = (
    # the card one, two or both places back in the row
    ("card before last", "prev2"), ("card before previous one", "prev2"),
    ("card before last one", "prev2"), ("card before previous card", "prev2"),
    ("second last card", "prev2"), ("second to last card", "prev2"),
    ("last but one", "prev2"), ("card two back", "prev2"), ("one two back", "prev2"),
    ("2 cards back", "prev2"), ("2 cards before", "prev2"), ("2 cards ago", "prev2"),
    ("card 2 back", "prev2"), ("card 2 places before", "prev2"),
    ("card 2 places back", "prev2"), ("card 2 before", "prev2"), ("2 back", "prev2"),
    ("card before that", "prev2"), ("one before that", "prev2"),
    ("last 2 cards", "prevboth"), ("previous 2 cards", "prevboth"),
    ("2 cards before it", "prevboth"), ("last 2", "prevboth"), ("2 previous cards", "prevboth"),
    ("card before it", "prev"), ("card before", "prev"), ("previous card", "prev"),
    ("last card played", "prev"), ("card played before", "prev"),
    ("card played before it", "prev"), ("last card", "prev"), ("last one", "prev"),
    ("one before it", "prev"), ("one before", "prev"), ("previous one", "prev"),
    ("preceding card", "prev"), ("card in front", "prev"), ("card it follows", "prev"),
    ("last time", "prev"), ("previous", "prev"), ("card just before", "prev"),
    ("one just before", "prev"),
    # sequences
    ("in a row", "inarow"), ("in succession", "inarow"), ("consecutively", "inarow"),
    ("one after another", "inarow"), ("one after other", "inarow"),
    ("side by side", "inarow"), ("next to each other", "inarow"),
    ("back to back", "inarow"), ("running", "inarow"), ("after each other", "inarow"),
    ("each time", "eachtime"), ("every time", "eachtime"), ("every turn", "eachtime"),
    ("each turn", "eachtime"), ("from card to card", "eachtime"),
    ("from 1 card to next", "eachtime"), ("from each card to next", "eachtime"),
    ("card after card", "eachtime"), ("with every card", "eachtime"),
    ("with each card", "eachtime"), ("every single time", "eachtime"),
    ("all time", "eachtime"), ("every step", "eachtime"), ("each step", "eachtime"),
    ("take turns", "alternate"), ("taking turns", "alternate"), ("take turn", "alternate"),
    ("turn about", "alternate"), ("back and forth", "alternate"),
    ("followed by", "then"), ("and then", "then"), ("next comes", "then"),
    ("start over", "wrap"), ("start again", "wrap"), ("starting over", "wrap"),
    ("starting again", "wrap"), ("round again", "wrap"), ("around again", "wrap"),
    ("wrap around", "wrap"), ("wrapping around", "wrap"), ("wraps around", "wrap"),
    ("wrap round", "wrap"), ("begin again", "wrap"), ("over and over", "wrap"),
    ("and so on", "wrap"), ("so on", "wrap"), ("back to 1", "wrap"), ("go round", "wrap"),
    ("goes round", "wrap"), ("go around", "wrap"), ("in a loop", "wrap"),
    ("in a circle", "wrap"), ("round and round", "wrap"),
    ("count up", "countup"), ("counting up", "countup"), ("counts up", "countup"),
    ("count down", "countdown"), ("counting down", "countdown"),
    ("counts down", "countdown"),
    ("coloured in", "filled"), ("colored in", "filled"), ("filled in", "filled"),
    ("filled in a row", "filled inarow"), ("filled in succession", "filled inarow"),
    ("not filled", "unfilled"), ("filled or not", "anyfill"),
    ("up to", "upto"), ("or more", "ormore"), ("or fewer", "orfewer"), ("or less", "orfewer"),
    ("or above", "ormore"), ("or below", "orfewer"), ("or higher", "ormore"),
    ("or lower", "orfewer"), ("at least", "atleast"), ("at most", "atmost"),
    ("no more than", "atmost"), ("not more than", "atmost"), ("no fewer than", "atleast"),
    ("no less than", "atleast"), ("not fewer than", "atleast"), ("not less than", "atleast"),
    ("nothing but", "only"), ("none but", "only"), ("and nothing else", "only"),
    ("except for", "except"), ("apart from", "except"), ("other than", "except"),
    ("anything but", "anythingbut"), ("all but", "anythingbut"),
    ("everything but", "anythingbut"), ("any card but", "anythingbut"),
    ("any card except", "anythingbut"), ("anything except", "anythingbut"),
    ("everything except", "anythingbut"), ("all cards except", "anythingbut"),
    ("all except", "anythingbut"), ("every card except", "anythingbut"),
    ("if and only if", "iff"), ("exactly when", "iff"), ("just when", "iff"),
    ("only when", "iff"), ("precisely when", "iff"), ("and only then", "onlythen"),
    ("as long as", "if"), ("provided", "if"), ("in case", "if"),
    ("or else", "or"), ("or both", "orboth"), ("but not both", "notboth"),
    ("never both", "notboth"), ("not both", "notboth"), ("and never neither", "notneither"),
    ("never neither", "notneither"), ("not neither", "notneither"),
    ("in common", "common"), ("in every way", "everyway"), ("in everything", "everyway"),
    ("in all ways", "everyway"), ("in every respect", "everyway"),
    ("every way", "everyway"), ("whole row", "wholerow"), ("all along", "allalong"),
    ("all way", "allalong"), ("to a card", "onacard"), ("on a card", "onacard"),
    ("per card", "onacard"), ("on its own", "alone"), ("by itself", "alone"),
    ("on their own", "alone"), ("by themselves", "alone"),
    ("how many shapes", "number"), ("number of shapes", "number"),
    ("number of symbols", "number"), ("shape count", "number"),
)

FILLERS_AT_START = ("i think it be", "i think", "i guess it be", "i guess", "my guess be",
                    "my guess", "guess", "rule be", "rule", "it be", "maybe", "so",
                    "okay", "well")
_DROPPED = frozenset({"the", "a", "an", "please", "you", "we", "players", "player",
                      "really", "simply", "actually", "basically", "here"})
_CONTRACTIONS = (("can't", "can not"), ("cannot", "can not"), ("won't", "will not"),
                 ("shan't", "shall not"), ("n't", " not"), ("it's", "it is"),
                 ("that's", "that is"), ("they're", "they are"), ("there's", "there is"),
                 ("what's", "what is"), ("i'm", "i am"), ("let's", "let us"))
_RANGE = re.compile(r"\b([0-9]+)\s*[-–—]\s*([0-9]+)\b")
_WORD = re.compile(r"[a-z0-9#']+|,")


def tokens(text: str) -> list[str]:
    """The phrase as the grammar's tokens (see the module's docstring)."""
    plain = text.lower().replace("’", "'").replace("‘", "'").replace("“", '"')
    plain = plain.replace("”", '"').strip().strip('"').strip()
    for long, short in _CONTRACTIONS:
        plain = plain.replace(long, short)
    plain = _RANGE.sub(r"\1 to \2", plain)
    plain = plain.replace("coloured-in", "coloured in").replace("colored-in", "colored in")
    plain = re.sub(r"non-?(black|white|filled|unfilled|circles?|triangles?|squares?)\b",
                   r"not \1", plain)
    plain = re.sub(r"[.;:!?()\[\]/]+", ",", plain).replace("-", " ").replace("–", " ")
    plain = re.sub(r"'s\b", " 's", plain)
    words = _plain_words(_WORD.findall(plain))
    words = _phrases(words)
    out: list[str] = []
    for word in words:
        word = COUNT_NOUNS.get(word, word)
        if re.fullmatch(r"[0-9]+s", word):   # "7s": cards with seven shapes, none at all
            word = f"#{word[:-1]}"
        word = ORDINALS.get(word, word) if word in ORDINALS and word != "other" else word
        word = SYNONYMS.get(word, word)
        if word == "," and (not out or out[-1] == ","):
            continue
        if word == "must" and out and out[-1] == "must":
            continue
        if word == "must" and out and out[-1] == "be":   # "are always" is "must be"
            out[-1:] = ["must", "be"]
            continue
        out.append(word)
    while out and out[-1] == ",":
        out.pop()
    return _without_fillers(out)


def _phrases(words: list[str]) -> list[str]:
    """`PHRASES` replaced, longest first, left to right."""
    found: list[str] = []
    at = 0
    while at < len(words):
        for long, short in _PHRASES_BY_LENGTH:
            size = len(long)
            if words[at:at + size] == long:
                found += short.split()
                at += size
                break
        else:
            found.append(words[at])
            at += 1
    return found


def _plain_words(words: list[str]) -> list[str]:
    """Articles dropped, numbers in digits, plurals that groups of words use made singular."""
    return [_PLURALS.get(word, NUMBER_WORDS.get(word, word)) for word in words
            if word not in _DROPPED]


_PHRASES_BY_LENGTH = sorted(((_plain_words(long.split()), short) for long, short in PHRASES),
                            key=lambda pair: -len(pair[0]))


def _without_fillers(words: list[str]) -> list[str]:
    for filler in FILLERS_AT_START:
        lead = [SYNONYMS.get(word, word) for word in filler.split()]
        if words[:len(lead)] == lead and len(words) > len(lead):
            rest = words[len(lead):]
            return rest[1:] if rest and rest[0] == "," else rest
    return words


_PHRASE_WORDS = frozenset(word for long, _ in PHRASES for word in long.split())


_TOKENS = frozenset({*SYNONYMS.values(), *ORDINALS.values(), ",", "'s",
                     *(word for _, short in PHRASES for word in short.split())})


def known_token(word: str) -> bool:
    """Whether a token of `tokens` is one the grammar may use (an unknown word is not)."""
    return word in _TOKENS or word.isdigit() or (word.startswith("#") and word[1:].isdigit())


def known_word(word: str) -> bool:
    """Whether the reader knows `word` (as typed, lower-case)."""
    return (word in SYNONYMS or word in _PHRASE_WORDS or word in NUMBER_WORDS or word in COUNT_NOUNS
            or word in ORDINALS or word.isdigit() or word in _DROPPED)
