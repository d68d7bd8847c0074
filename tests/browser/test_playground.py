"""The playground in a real browser: ``python -m bot --playground`` (the bot and the Discord
stand-in in one process), and Debian's Chromium driven by Selenium through Debian's
chromedriver (nothing downloaded: Selenium Manager stays offline). A person opens the page,
plays a chess game to mate by typing commands (with the bot's autocomplete) and clicking
buttons as two members, sees the board's picture, and one member's private answer never
shows while acting as another.

Skipped, saying why, where Chromium, its driver or Selenium is missing (``.ci/run`` installs
them). Every wait ends as soon as what it waits for is there; its limit only bounds a failure.
Nothing outlives the test: the playground and chromedriver (with the browser it starts) each
run in a process group of their own, killed whole whatever fails."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from devtools.standin.page import emoji_font
from tests.e2e.harness import _running, group_members, kill_group

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
STARTUP_SECONDS = 120.0  # bounds on failures: each wait ends as soon as its thing is there
STEP_SECONDS = 90.0
PHONE = (400, 860)  # a phone's viewport, in CSS pixels

webdriver: Any = None
try:
    from selenium import webdriver
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select
except ImportError:  # pragma: no cover - the test extra has it
    pass

missing = [
    what
    for what, present in (
        ("selenium (pip install -e '.[test]')", webdriver is not None),
        (f"Chromium at {CHROMIUM} (apt-get install chromium)", os.access(CHROMIUM, os.X_OK)),
        (
            f"chromedriver at {CHROMEDRIVER} (apt-get install chromium-driver)",
            os.access(CHROMEDRIVER, os.X_OK),
        ),
    )
    if not present
]
pytestmark = pytest.mark.skipif(
    bool(missing), reason=f"needs {'; '.join(missing)}: .ci/run installs them"
)

T = TypeVar("T")


def wait_until(condition: Callable[[], T], what: str, timeout: float = STEP_SECONDS) -> T:
    """``condition()``'s first true value, polled until ``timeout`` (then a failure naming
    ``what``)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = condition()
        except StaleElementReferenceException:  # the page redrew it meanwhile
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        time.sleep(0.05)


@pytest.fixture
def playground(tmp_path: Path) -> Iterator[str]:
    """``python -m bot --playground --port 0``, stopped with Ctrl-C (SIGINT) at the end;
    yields the page's address."""
    out = tmp_path / "playground.log"
    env = {
        **os.environ,
        "DISCORD_TOKEN": "",  # the playground needs none, and a real one is never read here
        "PLATEAU_RENDER_PROCESSES": "1",
        "PLATEAU_CACHE_DIR": os.environ.get("PLATEAU_CACHE_DIR") or str(tmp_path / "cache"),
    }
    with out.open("w") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "--playground", "--port", "0"],
            cwd=tmp_path,  # no developer's .env is read
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a process group of its own: killed whole
        )
    _running.add(proc.pid)
    try:

        def ready() -> str | None:
            found = re.search(r"^Ready: open (\S+)", out.read_text(), re.M)
            if found is None and proc.poll() is not None:
                raise AssertionError(f"the playground exited ({proc.returncode}):\n{tail(out)}")
            return found.group(1) if found else None

        page = wait_until(ready, "the playground to be ready", STARTUP_SECONDS)
        assert page is not None
        yield page
        proc.send_signal(signal.SIGINT)  # Ctrl-C: the bot, then the stand-in, stop cleanly
        try:
            code = proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            code = None
        assert code == 0, f"Ctrl-C did not stop the playground cleanly ({code}):\n{tail(out)}"
        assert "Traceback" not in out.read_text(), tail(out)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        kill_group(proc.pid)


def tail(path: Path, lines: int = 40) -> str:
    return "\n".join(path.read_text().splitlines()[-lines:])


@pytest.fixture
def browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Headless Chromium at a phone's width, through chromedriver in a process group of its
    own (the browser's processes are in it too), killed whole at the end."""
    monkeypatch.setenv("SE_OFFLINE", "true")  # Selenium Manager: never a download
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new",
        "--no-sandbox",  # as root in CI containers
        "--disable-dev-shm-usage",
        "--disable-gpu",
        f"--user-data-dir={tmp_path / 'chromium'}",
        f"--window-size={PHONE[0]},{PHONE[1]}",
    ):
        options.add_argument(argument)
    service = Service(CHROMEDRIVER, popen_kw={"start_new_session": True})
    driver = None
    try:
        driver = webdriver.Chrome(options=options, service=service)
        # Headless windows are at least 500 px wide: the phone's width is emulated.
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": PHONE[0], "height": PHONE[1], "deviceScaleFactor": 1, "mobile": True},
        )
        yield driver
    finally:
        pid = service.process.pid if service.process is not None else None
        if pid is not None:
            _running.add(pid)
        try:
            if driver is not None:
                driver.quit()
        finally:
            if pid is not None:
                kill_group(pid)
                wait_until(lambda: not group_members(pid), "the browser to be gone", 30)


class Page:
    """The playground's page as a person uses it."""

    def __init__(self, driver: Any) -> None:
        self.driver = driver

    def act_as(self, name: str) -> None:
        Select(self.driver.find_element(By.ID, "as")).select_by_visible_text(name)
        wait_until(
            lambda: (
                self.driver.execute_script("return document.getElementById('feed').dataset.as")
                == name
            ),
            f"the page to show what {name} sees",
        )

    def type(self, text: str, *, enter: bool = True) -> Any:
        line = self.driver.find_element(By.ID, "line")
        line.clear()
        line.send_keys(text)
        if enter:
            line.send_keys(Keys.ENTER)
        return line

    def first(self, css: str, what: str) -> Any:
        return wait_until(lambda: self.visible(css), what)[0]

    def visible(self, css: str) -> list[Any]:
        return [e for e in self.driver.find_elements(By.CSS_SELECTOR, css) if e.is_displayed()]

    def click(self, css: str, what: str) -> None:
        def clicked() -> bool:
            found = [e for e in self.visible(css) if e.is_enabled()]
            if found:
                found[0].click()
            return bool(found)

        wait_until(clicked, what)

    def feed_text(self) -> str:
        return str(self.driver.find_element(By.ID, "feed").text)

    def more_pictures(self) -> Callable[[], bool]:
        """A condition: the thread shows more loaded pictures than now."""
        now = self.pictures()
        return lambda: self.pictures() > now

    def pictures(self) -> int:
        """How many board pictures the game's thread shows, loaded."""
        return int(
            self.driver.execute_script(
                "return Array.from(document.querySelectorAll('section.thread img'))"
                ".filter((i) => i.complete && i.naturalWidth > 0).length"
            )
        )


def test_a_chess_game_to_mate_in_the_playground_page(playground: str, browser: Any) -> None:
    browser.get(playground)
    page = Page(browser)
    page.act_as("alice")
    page.type("/chess new color:white")
    page.first('button[data-custom-id$=":join:black"]', "the Join (Black) button")
    page.act_as("bob")
    page.click('button[data-custom-id$=":join:black"]', "bob's Join (Black) button")
    wait_until(lambda: "Black: @bob" in page.feed_text(), "bob seated as Black")
    page.act_as("alice")
    page.click('button[data-custom-id$=":start"]', "the Start button")
    wait_until(page.pictures, "the board's picture, loaded")
    if emoji_font() is not None:  # the stand-in serves it: the page needs no system font
        faces = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "document.fonts.load('16px PlateauEmoji', '\\u{1F916}')"
            ".then((found) => done(found.length), () => done(-1));"
        )
        assert faces > 0, "the page's emoji font did not load"
    # The line is typed in the game's thread, which the page chose when it opened.
    assert "Chess" in Select(browser.find_element(By.ID, "place")).first_selected_option.text

    # The bot's own autocomplete, as alice types her move.
    page.type("/chess move move:f", enter=False)
    page.click('#suggest button[data-line$="move:f3 "]', "f3 among the suggestions")
    line = browser.find_element(By.ID, "line")
    assert line.get_attribute("value").endswith("move:f3 ")
    more = page.more_pictures()
    line.send_keys(Keys.ENTER)
    wait_until(more, "the board after 1. f3")
    for name, move in (("bob", "e5"), ("alice", "g4"), ("bob", "Qh4#")):
        page.act_as(name)
        page.type(f"/chess move move:{move}")
        wait_until(page.more_pictures(), f"the board after {move}")
    wait_until(lambda: re.search(r"0-1|mate", page.feed_text(), re.I), "the mate announced")

    # A spectator's move after the end: a private answer, marked as carol's, only for her.
    page.act_as("carol")
    page.type("/chess move move:e4")
    private = page.first(".msg.eph", "carol's private answer")
    said = private.text
    assert "only carol (you) sees this" in said
    answer = said.split("sees this)", 1)[1].strip()
    assert answer
    for name in ("bob", "alice"):
        page.act_as(name)
        feed = page.feed_text()
        assert answer not in feed and "only carol" not in feed and "DM with carol" not in feed
    assert browser.execute_script("return document.documentElement.scrollWidth") <= PHONE[0]
    screenshots = os.environ.get("PLATEAU_TEST_SCREENSHOTS")  # a folder, to look at the page
    if screenshots:
        page.act_as("carol")
        browser.save_screenshot(str(Path(screenshots) / "playground-phone.png"))
