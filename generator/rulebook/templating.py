"""Render a game's rulebook templates (templates/rulebook/<game>/) into one XML document.

The environment is sandboxed, escapes every value for XML (autoescape is on for all our
templates, which are all markup) and refuses undefined names. Deck text therefore reaches the
document only as escaped character data: a card reading `<b>x</b>` is text, not an element.
"""

from __future__ import annotations

import functools
from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from .books import RULEBOOK_TEMPLATES, BookData
from .words import number, signed

MAIN_TEMPLATE = "rulebook.xml.j2"


@functools.cache
def environment(folder: str | Path) -> SandboxedEnvironment:
    """The jinja2 environment of one game's rulebook templates (a folder under
    templates/rulebook/, or a full path): sandboxed, autoescaping, strict."""
    env = SandboxedEnvironment(
        loader=FileSystemLoader(str(RULEBOOK_TEMPLATES / folder)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.filters["signed"] = signed
    env.filters["number"] = number
    return env


def render_document(book: BookData, folder: str | Path, *, template: str = MAIN_TEMPLATE,
                    appendix: bool = False) -> str:
    """The rulebook as rulebook markup (see templates/rulebook/README.md); with `appendix`,
    the players' book followed by its appendix for designers and referees (everything about
    hrdeck's referee, checker and rule language, which the players' book leaves out)."""
    return environment(folder).get_template(template).render(book=book, appendix=appendix)
