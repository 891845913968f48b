"""The pages in a real browser: one headless Chromium (Debian's, through chromedriver and
Selenium) per test worker, a window per page, each sized as the screen it stands for (a
phone 390×844, the table a laptop's screen). Everything is read and done through the
pages' DOM contract (the ids in hrdeck/web/static/*.html).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

WAIT_SECONDS = 30.0       # a bound for a busy machine, never a measure
PHONE = (390, 844)
LAPTOP = (1280, 800)
# Debian's chromium as a root-run, offline, throwaway browser (see .ci/run)
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars", "--mute-audio")
SCREENSHOTS = "HRDECK_SCREENSHOTS"   # set to 1: the README's pictures are taken again
IMAGES = Path(__file__).resolve().parents[3] / "docs" / "images"


def find_browser() -> tuple[str, str]:
    """Chromium and its driver, or the test is skipped saying what is missing."""
    pytest.importorskip("selenium", reason="selenium is not installed (pip install "
                        "'.[test]'): the real-browser tests are skipped")
    chromium = next((found for name in ("chromium", "chromium-browser", "google-chrome")
                     if (found := shutil.which(name))), None)
    driver = shutil.which("chromedriver")
    if chromium is None or driver is None:
        missing = " and ".join(name for name, path in (("chromium", chromium),
                                                       ("chromedriver", driver)) if not path)
        pytest.skip(f"{missing} not found (Debian: apt-get install chromium chromium-driver; "
                    ".ci/run installs them): the real-browser tests are skipped")
    return chromium, driver


def start_chromium() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, driver_path = find_browser()
    profile = tempfile.mkdtemp(prefix="hrdeck-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    driver.set_script_timeout(WAIT_SECONDS)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


class Page:
    """One page in its own window of the shared browser."""

    def __init__(self, driver: Any, url: str, size: tuple[int, int] = PHONE) -> None:
        self.driver, self.url = driver, url
        driver.switch_to.new_window("window")
        self.handle = driver.hrdeck_front = driver.current_window_handle
        driver.set_window_size(*size)
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        if tuple(inner) != size:  # the window's frame, taken off the page's own size
            driver.set_window_size(2 * size[0] - inner[0], 2 * size[1] - inner[1])
        self.open()

    # -- looking --------------------------------------------------------------------------

    def front(self) -> Any:
        if getattr(self.driver, "hrdeck_front", None) != self.handle:
            self.driver.switch_to.window(self.handle)
            self.driver.hrdeck_front = self.handle
        return self.driver

    def open(self) -> None:
        """Open (or reopen) the page and wait for its first view."""
        self.front().get(self.url)
        self.wait(lambda: self.js("return document.getElementById('board')"
                                  ".childElementCount > 0"), "the first view")

    def js(self, script: str, *args: Any) -> Any:
        return self.front().execute_script(script, *args)

    def text(self, selector: str) -> str:
        """What `selector` shows (empty when hidden or absent)."""
        return str(self.js("const n = document.querySelector(arguments[0]);"
                           "return n && n.offsetParent !== null ? n.innerText : ''", selector))

    def shown(self, selector: str) -> bool:
        return bool(self.js("const n = document.querySelector(arguments[0]);"
                            "return Boolean(n && n.offsetParent !== null)", selector))

    def game_shown(self) -> dict[str, str]:
        """What the page shows of the game (not the reply to its latest request)."""
        return {part: self.text(part) for part in (
            "#who", "#notes", "#ask", "#pick", "#ruling", "#question", "#hand", "#next-step",
            "#buttons", "#secrets", "#board", "#log", "#reveal")}

    def body(self) -> str:
        """Everything the page shows, and everything in its DOM (hidden or not)."""
        return str(self.js("return document.body.innerText + '\\n' + "
                           "document.documentElement.outerHTML"))

    def wait(self, done: Callable[[], Any], what: str) -> Any:
        from selenium.webdriver.support.wait import WebDriverWait

        try:
            return WebDriverWait(self.front(), WAIT_SECONDS, poll_frequency=0.05).until(
                lambda _: done())
        except Exception as error:
            raise AssertionError(f"{self.url}: never showed {what}; it shows:\n"
                                 f"{self.text('main')}") from error

    def wait_text(self, selector: str, wanted: str) -> str:
        return str(self.wait(lambda: wanted in (shown := self.text(selector)) and shown,
                             f"{wanted!r} in {selector}"))

    def read_note(self, wanted: str) -> str:
        """A note for this player's eyes: each folded one is tapped open, as its player
        would, until one shows `wanted`."""
        def opened() -> str | bool:
            self.js("document.querySelectorAll('#notes .note details:not([open]) summary')"
                    ".forEach((summary) => summary.click())")
            return wanted in (shown := self.text("#notes")) and shown
        return str(self.wait(opened, f"{wanted!r} in a note"))

    # -- doing ----------------------------------------------------------------------------

    def click(self, selector: str) -> None:
        from selenium.webdriver.common.by import By

        self.front().find_element(By.CSS_SELECTOR, selector).click()

    def fill(self, selector: str, text: str) -> None:
        from selenium.webdriver.common.by import By

        field = self.front().find_element(By.CSS_SELECTOR, selector)
        field.clear()
        field.send_keys(text)

    def _replied(self, act: Callable[[], None], until: str = "") -> str:
        """Do `act`, wait for the referee's reply on this page (or for `until` to show,
        when the answer is a panel of its own), and return the reply."""
        self.js("document.getElementById('reply').hidden = true;"
                "document.getElementById('reply-text').textContent = '';")
        act()
        return str(self.wait(lambda: self.text("#reply-text") or (until and self.shown(until)
                                                                   and " "),
                             f"a reply{f' or {until}' if until else ''}")).strip()

    def send(self, line: str, until: str = "") -> str:
        """Type `line` in the command field and send it; the reply."""
        def act() -> None:
            self.fill("#command", line)
            self.click("#send")
        return self._replied(act, until)

    def press(self, selector: str) -> str:
        """Tap a button; the reply it gets."""
        return self._replied(lambda: self.click(selector))

    def answer(self, text: str) -> str:
        """Answer the question put to this player alone (`#ask`)."""
        self.wait(lambda: self.shown("#ask"), "a question for this player alone")

        def act() -> None:
            self.fill("#ask-text", text)
            self.click("#ask-send")
        return self._replied(act)

    def sleep_and_wake(self, meanwhile: Callable[[], None]) -> None:
        """The phone sleeps (its page and event stream gone), the game goes on, it wakes
        (back to the page)."""
        self.front().get("about:blank")
        meanwhile()
        self.front().back()
        self.wait(lambda: self.js("return document.getElementById('board')"
                                  ".childElementCount > 0"), "a view after waking")

    def close(self) -> None:
        self.front().close()
        self.driver.hrdeck_front = None

    # -- a phone's layout -----------------------------------------------------------------

    def layout_problems(self) -> list[str]:
        """What makes the page hard to use on this phone: a horizontal scroll, or a visible
        button shorter than 44 CSS pixels (the smallest comfortable tap)."""
        width, scroll = self.js("return [window.innerWidth, "
                                "document.documentElement.scrollWidth]")
        assert width <= PHONE[0], f"a {width}-pixel-wide page is no phone's"
        problems = [] if scroll <= width else [f"scrolls sideways: {scroll} > {width} px"]
        small = self.js("""return [...document.querySelectorAll('button')]
            .filter((b) => b.offsetParent !== null && b.getBoundingClientRect().height < 44)
            .map((b) => (b.id || b.textContent.trim()) + ' ' +
                        Math.round(b.getBoundingClientRect().height) + 'px')""")
        problems += [f"button too small to tap: {button}" for button in small]
        return problems

    def screenshot(self, name: str, scale: float = 1, whole: bool = False) -> None:
        """Save what the screen shows (`whole`: the whole page) as docs/images/NAME, at
        `scale` device pixels per CSS pixel, when HRDECK_SCREENSHOTS=1."""
        if os.environ.get(SCREENSHOTS) != "1":
            return
        import base64

        width, height = self.js("return [window.innerWidth, " + (
            "document.documentElement.scrollHeight]" if whole else "window.innerHeight]"))
        clip = {"x": 0, "y": 0, "width": width, "height": height, "scale": scale}
        shot = self.front().execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": whole, "clip": clip})
        IMAGES.mkdir(parents=True, exist_ok=True)
        (IMAGES / name).write_bytes(base64.b64decode(shot["data"]))
