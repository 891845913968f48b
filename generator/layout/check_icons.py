"""Icons no one has in a layout (`icon-unknown`): `:name:` in a template's text, and an icon
element's icon, must be one of the layout's `icons:` or hrdeck's own set (the deck's own
text: generator.layout.check_text_icons).
"""

from __future__ import annotations

from generator.deck import LoadedDeck
from generator.issues import make_issue

from .check_sides import DrawnSide
from .check_text_icons import ICON_MARK, icon_choices, known_icons
from .fields import card_view, condition_fields, fill_in, holds
from .findings import Finding, Findings
from .look import Look


def check_layout_icons(deck: LoadedDeck, look: Look) -> None:
    """`:name:` written in a template's text, and an icon element's icon when it names no
    field (checked once, at the element)."""
    known = known_icons(look)
    seen: set[tuple[object, ...]] = set()  # an inherited element is in several templates
    for template, elements in look.templates.items():
        for element in elements:
            spec = element.spec
            names = ICON_MARK.findall(spec.text or "")
            if spec.type == "icon" and spec.icon and "{" not in spec.icon:
                names.append(spec.icon.strip(":"))
            for name in dict.fromkeys(names):
                if name not in known and (element.origin, name) not in seen:
                    seen.add((element.origin, name))
                    deck.issues.append(make_issue(
                        "icon-unknown", f'The element "{element.name}" of the template '
                        f'"{template}": there is no icon "{name}": '
                        f"{icon_choices(name, known, look)}", *element.origin,
                        data={"icon": name}))


def check_side_icons(side: DrawnSide, look: Look, findings: Findings) -> None:
    """An icon element whose icon is a {field}: the icon each card names."""
    known = known_icons(look)
    for element in side.elements:
        spec = element.spec
        if spec.type != "icon" or not spec.icon or "{" not in spec.icon:
            continue
        key = condition_fields(side.fields)
        if spec.when and not holds(spec.when, card_view(side.fields, key), key):
            continue
        name = fill_in(spec.icon, side.fields).strip().strip(":")
        if name and name not in known:
            findings.add(Finding("icon-unknown", element, side.template,
                                 f'there is no icon "{name}": '
                                 f"{icon_choices(name, known, look)}", data={"icon": name},
                                 group=name), side.who)


__all__ = ["check_layout_icons", "check_side_icons"]
