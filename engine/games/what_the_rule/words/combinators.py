"""A small parser of token lists that finds every way a grammar reads them.

A parser takes the tokens and a place and returns every (value, place after) it can read
there; the reader keeps the readings that use up the whole phrase. Every rule's results
are remembered per phrase, so the whole search stays small.

>>> greeting = seq("only", word("black", "white"), build=lambda colour: colour)
>>> complete(greeting, ["only", "black"])
['black']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Results = list[tuple[Any, int]]


class Phrase:
    """The tokens being read, and what each rule found at each place."""

    __slots__ = ("found", "tokens")

    def __init__(self, tokens: Sequence[str]) -> None:
        self.tokens = list(tokens)
        self.found: dict[tuple[int, int], Results] = {}


class Parser:
    """Reads at a place of a phrase; see the module's docstring."""

    def read(self, phrase: Phrase, at: int) -> Results:
        raise NotImplementedError

    def __call__(self, phrase: Phrase, at: int) -> Results:
        key = (id(self), at)
        found = phrase.found.get(key)
        if found is None:
            phrase.found[key] = []   # a rule that reaches itself at the same place finds nothing
            found = _unique(self.read(phrase, at))
            phrase.found[key] = found
        return found


def _unique(results: Results) -> Results:
    seen: dict[tuple[object, int], None] = {}
    kept = []
    for value, end in results:
        try:
            key = (value, end)
            if key in seen:
                continue
            seen[key] = None
        except TypeError:   # an unhashable value: kept as it is
            pass
        kept.append((value, end))
    return kept


class _Word(Parser):
    def __init__(self, options: tuple[str, ...]) -> None:
        self.options = frozenset(options)

    def read(self, phrase: Phrase, at: int) -> Results:
        if at < len(phrase.tokens) and phrase.tokens[at] in self.options:
            return [(phrase.tokens[at], at + 1)]
        return []


class _Test(Parser):
    def __init__(self, test: Callable[[str], Any]) -> None:
        self.test = test

    def read(self, phrase: Phrase, at: int) -> Results:
        if at < len(phrase.tokens):
            value = self.test(phrase.tokens[at])
            if value is not None:
                    return [(value, at + 1)]
        return []


Part = Parser | str


def _parser(part: Part) -> Parser:
    if isinstance(part, Parser):
        return part
    if part.endswith("?"):
        return opt(_parser(part[:-1]))
    return _Word(tuple(part.split("|")))


def word(*options: str) -> Parser:
    """One token among `options`; its value is the token."""
    return _Word(options)


def token(test: Callable[[str], Any]) -> Parser:
    """One token for which `test` gives a value (None: not this token)."""
    return _Test(test)


class _Seq(Parser):
    def __init__(self, parts: tuple[Part, ...], build: Callable[..., Any] | None) -> None:
        self.parts = [_parser(part) for part in parts]
        self.kept = [not isinstance(part, str) for part in parts]
        self.build = build
        if build is not None:
            _check_arity(build, sum(self.kept))

    def read(self, phrase: Phrase, at: int) -> Results:
        partial: list[tuple[tuple[Any, ...], int]] = [((), at)]
        for part, kept in zip(self.parts, self.kept, strict=True):
            grown = []
            for values, end in partial:
                for value, after in part(phrase, end):
                    grown.append(((*values, value) if kept else values, after))
            partial = grown
            if not partial:
                return []
        results: Results = []
        for values, end in partial:
            if self.build is None:
                results.append((values[0] if len(values) == 1 else values, end))
                continue
            value = self.build(*values)
            if value is not None:
                results.append((value, end))
        return results


def _check_arity(build: Callable[..., Any], given: int) -> None:
    """A grammar mistake caught as the grammar is built: a build taking other than the
    values its parts give."""
    import inspect

    try:
        found = inspect.signature(build).parameters.values()
    except (TypeError, ValueError):
        return
    if any(item.kind is item.VAR_POSITIONAL for item in found):
        return
    required = sum(item.default is item.empty for item in found)
    if not required <= given <= len(found):
        raise TypeError(f"{build.__qualname__} takes {len(found)} values; its parts give "
                        f"{given}")


def seq(*parts: Part, build: Callable[..., Any] | None = None) -> Parser:
    """The parts one after the other. Words written as text ("only", "must|may",
    "be?" optional) match but give no value; `build` gets the other parts' values (and may
    return None to refuse the reading)."""
    return _Seq(parts, build)


class _Alt(Parser):
    def __init__(self, parts: tuple[Part, ...]) -> None:
        self.parts = [_parser(part) for part in parts]

    def read(self, phrase: Phrase, at: int) -> Results:
        return [result for part in self.parts for result in part(phrase, at)]


def alt(*parts: Part) -> Parser:
    """Any of the parts (every one that reads is kept)."""
    return _Alt(parts)


class _Opt(Parser):
    def __init__(self, part: Parser, default: Any) -> None:
        self.part = part
        self.default = default

    def read(self, phrase: Phrase, at: int) -> Results:
        return [(self.default, at), *self.part(phrase, at)]


def opt(part: Part, default: Any = None) -> Parser:
    return _Opt(_parser(part), default)


class _List(Parser):
    def __init__(self, item: Parser, between: Parser, least: int) -> None:
        self.item = item
        self.between = between
        self.least = least

    def read(self, phrase: Phrase, at: int) -> Results:
        results: Results = []
        partial: list[tuple[tuple[Any, ...], int]] = [((value,), end)
                                                      for value, end in self.item(phrase, at)]
        while partial:
            results += [(values, end) for values, end in partial if len(values) >= self.least]
            grown = []
            for values, end in partial:
                for _, after in self.between(phrase, end):
                    for value, last in self.item(phrase, after):
                        grown.append(((*values, value), last))
            partial = grown
        return results


def listed(item: Part, between: Part, least: int = 1) -> Parser:
    """`least` or more items with `between` between them; the value is the items' tuple."""
    return _List(_parser(item), _parser(between), least)


class Later(Parser):
    """A rule defined further down (for rules that refer to each other)."""

    def __init__(self) -> None:
        self.inner: Parser | None = None

    def define(self, inner: Parser) -> None:
        self.inner = inner

    def read(self, phrase: Phrase, at: int) -> Results:
        assert self.inner is not None
        return self.inner(phrase, at)


def complete(parser: Parser, tokens: Sequence[str]) -> list[Any]:
    """Every reading of the whole of `tokens`."""
    return [value for value, end in parser(Phrase(tokens), 0) if end == len(tokens)]
