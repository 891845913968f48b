"""Fixtures of the real-browser tests: the shared headless Chromium (skipped, saying why,
where chromium, chromedriver or selenium is missing), its pages, and referee processes."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser.pages import PHONE, Page, start_chromium
from tests.web.referee_process import Referee, free_port


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One browser for every test of this worker: starting one costs a second."""
    yield from start_chromium()


@pytest.fixture
def open_page(chromium: Any) -> Iterator[Callable[..., Page]]:
    """Open a page in a window of its own (a phone's size unless told); every window
    opened is closed after the test."""
    first = chromium.window_handles[0]
    opened: list[Page] = []

    def open_one(url: str, size: tuple[int, int] = PHONE) -> Page:
        page = Page(chromium, url, size)
        opened.append(page)
        return page

    yield open_one
    for page in opened:
        if page.handle in chromium.window_handles:
            page.close()
    chromium.switch_to.window(first)
    chromium.hrdeck_front = first


@pytest.fixture
def referee(tmp_path: Path) -> Iterator[Callable[..., Referee]]:
    """Start `hrdeck referee ARGS --web --port N` (N free, or the one given) on a database
    of this test's own; every process started is stopped after the test."""
    started: list[Referee] = []

    def start(*args: str, port: int | None = None) -> Referee:
        process = Referee(list(args), tmp_path / "referee.sqlite3", port or free_port())
        started.append(process)
        return process

    yield start
    for process in started:
        process.stop()
