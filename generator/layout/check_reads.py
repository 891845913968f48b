"""What a look's templates read, checked against the deck's cards: each `when:` and
`{field}` must name a field the cards have, and a back may read only what is the same on
every card of a kind (`back-leaks`, the static half)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.errors import did_you_mean
from engine.language.parse import ExpressionError
from generator.deck import LoadedDeck
from generator.issues import make_issue
from generator.printing.faces import CardFace

from .fields import (
    BACK_FIELDS,
    FRONT_FIELDS,
    Value,
    compiled_condition,
    condition_fields,
    front_fields,
    names_in,
)
from .look import Look, Placed

TEXT_KEYS = ("text", "src", "icon", "colour", "fill", "stroke", "ink")


def check_reads(deck: LoadedDeck, look: Look, fronts: list[CardFace]) -> None:
    """Check what the look's templates read against the fields of the deck's cards."""
    sample: dict[str, Value] = {}
    for face in fronts:
        for name, value in front_fields(face, look.labels).items():
            sample.setdefault(name, value)
    _check_reads(deck, look, sample)


def _templates(look: Look) -> Iterable[tuple[str, bool, tuple[Placed, ...]]]:
    """Each template with whether it draws backs (its name is back or ends in -back)."""
    for name, elements in look.templates.items():
        yield name, name == "back" or name.endswith("-back"), elements


def _check_condition(source: str, front_key: tuple[tuple[str, Value], ...],
                     back_key: tuple[tuple[str, Value], ...] | None,
                     problem: Callable[[str, str], None]) -> None:
    """Report what is wrong with a `when:`; on a back (`back_key`), reading a field that
    differs from card to card is a leak."""
    try:
        compiled_condition(source, front_key)
    except ExpressionError as error:
        for found in error.problems:
            problem(found.code, f"when: {found.message}")
        return
    if back_key is None:
        return
    try:
        compiled_condition(source, back_key)
    except ExpressionError:
        problem("back-leaks", f"when: {source} reads what differs from card to card, so "
                "backs would differ. A back may read only "
                f"{', '.join(BACK_FIELDS)}: the same on every card of a kind.")


def _check_reads(deck: LoadedDeck, look: Look, sample: dict[str, Value]) -> None:
    front_key = condition_fields(sample)
    back_key = tuple((name, value) for name, value in front_key if name in BACK_FIELDS)
    front_names = sorted({*FRONT_FIELDS, *sample})
    seen: set[tuple[object, ...]] = set()  # an element inherited unchanged, checked once
    for template, back, elements in _templates(look):
        known = BACK_FIELDS if back else front_names
        for element in elements:
            if (element.origin, back, repr(element.spec)) in seen:
                continue
            seen.add((element.origin, back, repr(element.spec)))
            def problem(code: str, message: str, element: Placed = element,
                        template: str = template) -> None:
                deck.issues.append(make_issue(
                    code, f'The element "{element.name}" of the template "{template}": '
                    f"{message}", *element.origin))

            spec = element.spec
            if spec.when:
                _check_condition(spec.when, front_key, back_key if back else None, problem)
            for field in TEXT_KEYS:
                value = getattr(spec, field)
                for name in names_in(value or ""):
                    if name in known:
                        continue
                    if back and name in front_names:
                        problem("back-leaks", f"{{{name}}} differs from card to card: a back "
                                f"that shows it tells players which card it is. A back may "
                                f"show {', '.join(BACK_FIELDS)}.")
                    else:
                        problem("bad-value", f"no card of this deck has a field {{{name}}}."
                                f"{did_you_mean(name, known)} The fields are "
                                f"{', '.join(known)}.")

