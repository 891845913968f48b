"""The pages players hold are plain files that a strict Content-Security-Policy ('self')
allows: no inline script or style, nothing fetched from elsewhere, text never parsed as
HTML; and they keep the element ids the browser tests rely on. The line a move's form builds
in the page is the one `hrdeck.web.buttons.fill` builds."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from hrdeck.web.buttons import CHOICE, TEXT, Button, Field, card_field, fill, words_field

STATIC = Path(__file__).resolve().parents[2] / "hrdeck" / "web" / "static"
PAGES = ("seat.html", "table.html")
SEAT_IDS = {"command", "send", "reply", "reply-text", "reply-choices", "confirm-yes",
            "confirm-no", "ask", "ask-text", "ask-send", "ask-leave", "pick", "keep", "ruling",
            "rule-upheld", "rule-overturned", "question", "notes", "secrets", "board", "log",
            "next-step", "hand", "buttons", "live", "move", "move-send", "offline", "extras"}
TABLE_IDS = {"command", "send", "reply", "reply-text", "question", "board", "log", "next-step",
             "live", "codes", "join", "reveal-text", "offline", "extras"}


class Page(HTMLParser):
    """What a page holds that the policy cares about."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.inline: list[str] = []        # inline script, style or handlers
        self.addresses: list[str] = []     # every src and href
        self._tag = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._tag = tag
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(found["id"])
        if tag == "style" or "style" in found:
            self.inline.append(f"<{tag}> style")
        if tag == "script" and not found.get("src"):
            self.inline.append("<script> without src")
        self.inline += [f"<{tag} {name}>" for name in found if name.startswith("on")]
        self.addresses += [value for name, value in attrs if name in ("src", "href") and value]

    def handle_data(self, data: str) -> None:
        if self._tag == "script" and data.strip():
            self.inline.append("script text")


def read(name: str) -> Page:
    page = Page()
    page.feed((STATIC / name).read_text(encoding="utf-8"))
    return page


@pytest.mark.parametrize("name", PAGES)
def test_no_inline_script_or_style(name: str) -> None:
    assert read(name).inline == []


@pytest.mark.parametrize("name", PAGES)
def test_pages_reference_only_their_own_static_files(name: str) -> None:
    addresses = read(name).addresses
    assert addresses
    for address in addresses:
        assert address == "#" or address.startswith("/static/"), address
        if address.startswith("/static/"):
            assert (STATIC / address.removeprefix("/static/")).is_file(), address


def test_scripts_and_styles_fetch_nothing_from_elsewhere_and_never_parse_html() -> None:
    for path in STATIC.iterdir():
        if path.suffix not in (".js", ".css", ".html"):
            continue  # an SVG names its namespace by URL, and fetches nothing
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://|//cdn|@import", text), path.name
        if path.suffix == ".js":
            assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|"
                                 r"\beval\(|new Function", text), path.name


def test_the_pages_keep_the_ids_the_browser_tests_use() -> None:
    assert read("seat.html").ids >= SEAT_IDS
    assert read("table.html").ids >= TABLE_IDS


BUTTONS = [
    (Button("Enforce", 'enforce Ann on {player}{words}',
            fields=(Field("player", "player", "On whom", ("Ben",)),
                    words_field("Hint", wrap=' "{}"'))),
     [{"player": "Ben", "words": 'he said "nemo"'}, {"player": "Ben"}]),
    (Button("Play", "play Ben {card}{words}",
            fields=(card_field(("ranks",)), words_field("Said", wrap=": {}", many=True))),
     [{"card": "7s", "words": "*; have a nice day"}, {"card": "7s", "words": "  "}]),
    (Button("Draw", "lead Ann draw{level}",
            fields=(Field("level", CHOICE, "Level", ("easy",), optional=True, wrap=" {}"),)),
     [{}, {"level": "easy"}]),
    (Button("Guess", "guess Ben {verdict} {guess}",
            fields=(Field("verdict", CHOICE, "Says", ("right",)),
                    Field("guess", TEXT, "Guess", ()))),
     [{"verdict": "right", "guess": "only white"}]),
]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_page_builds_the_line_the_referee_reads() -> None:
    script = (STATIC / "moves.js").read_text(encoding="utf-8")
    build = re.search(r"^function buildLine\(.*?^}", script, re.S | re.M)
    assert build is not None
    cases = [(dataclasses.asdict(button), values) for button, values in BUTTONS
             for values in values]
    program = (build.group(0) + "\nconst cases = " + json.dumps(cases) + ";\n"
               "console.log(JSON.stringify(cases.map(([item, values]) => "
               "buildLine(item, values))));")
    done = subprocess.run(["node", "-e", program], capture_output=True, text=True, timeout=30,
                          check=True)
    expected = [fill(button, values) for button, values in BUTTONS for values in values]
    assert json.loads(done.stdout) == expected
