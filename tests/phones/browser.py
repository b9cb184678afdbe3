"""Real browsers as phones for the tests: headless Chromium (Debian's chromium and
chromium-driver, driven by Selenium; no browser download) at a phone's size, a
table whose main thread runs the session, and what a page shows."""
from __future__ import annotations

import pathlib
import queue
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.phones.hub import PhoneHub
from companion.phones.server import PhoneServer
from companion.table.session import Session

from .conftest import make_hub

SHOTS = pathlib.Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

needs_chromium = pytest.mark.skipif(
    not (pathlib.Path(CHROMIUM).exists() and pathlib.Path(DRIVER).exists()),
    reason="missing tool: Debian's chromium and chromium-driver are not installed (scripts/test installs them)")


class Main:
    """The app's main thread: everything that touches the session runs here."""

    def __init__(self) -> None:
        self.q: queue.Queue[Callable[[], Any]] = queue.Queue()
        self.alive = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while self.alive:
            try:
                fn = self.q.get(timeout=0.05)
            except queue.Empty:
                continue
            fn()

    def post(self, fn: Callable[[], Any]) -> None:
        self.q.put(fn)

    def call(self, fn: Callable[[], Any]) -> Any:
        done: queue.Queue[Any] = queue.Queue()
        self.q.put(lambda: done.put(fn()))
        return done.get(timeout=10)


def phone(url: str) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--window-size=390,844", f"--user-data-dir={tempfile.mkdtemp()}"):
        o.add_argument(arg)
    # A phone's screen, 390 x 844 CSS px (a desktop window is never under 500 px wide).
    o.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 1}})
    d = webdriver.Chrome(options=o, service=Service(DRIVER))
    d.get(url)
    return d


@pytest.fixture
def table(tmp_path) -> Iterator[Callable[..., tuple[Session, PhoneHub, PhoneServer, Main]]]:
    made: list[tuple[PhoneServer, Main]] = []

    def start(game: str, players: list[str], **options: Any) -> tuple[Session, PhoneHub, PhoneServer, Main]:
        from companion.store.journal import Journal

        main = Main()
        journal = main.call(lambda: Journal.open(tmp_path / f"{game}.sqlite3"))
        s = main.call(lambda: Session.create(journal, game, players, options=options, seed=4))
        hub = main.call(lambda: make_hub(s, main))  # type: ignore[arg-type]
        server = PhoneServer(hub.gateway(), "127.0.0.1", 0)
        server.start()
        hub.attach(server)
        made.append((server, main))
        return s, hub, server, main

    yield start
    for server, main in made:
        server.stop()
        main.alive = False


def wait_until(check: Callable[[], Any], seconds: float = 10.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = check()
        if got:
            return got
        time.sleep(0.05)
    raise AssertionError("timed out")


def buttons(d: Any) -> list[Any]:
    """The choices the page shows that can be tapped now."""
    return [b for b in d.find_elements("css selector", "#choices button") if b.is_enabled() and b.is_displayed()]


def shown(d: Any, panel: str) -> bool:
    return "hidden" not in (d.find_element("id", panel).get_attribute("class") or "")




#: What a page must be to read on a phone (issue 22): text at least 16 CSS px, and
#: every button at least 44 x 44 CSS px to tap.
MIN_TEXT_PX, MIN_TARGET_PX = 16, 44

_UNREADABLE = """
var minText = arguments[0], minTap = arguments[1], out = [];
document.querySelectorAll("body *").forEach(function (el) {
  var st = getComputedStyle(el), r = el.getBoundingClientRect();
  if (st.display === "none" || st.visibility === "hidden" || r.width === 0 || r.height === 0) { return; }
  var own = Array.prototype.some.call(el.childNodes, function (n) {
    return n.nodeType === 3 && n.textContent.trim(); });
  if (own && parseFloat(st.fontSize) < minText) {
    out.push(el.tagName + " '" + el.textContent.trim().slice(0, 40) + "' at " + st.fontSize); }
  if (el.tagName === "BUTTON" && (r.width < minTap || r.height < minTap)) {
    out.push("button '" + el.textContent.trim().slice(0, 40) + "' is " + Math.round(r.width) + "x" +
             Math.round(r.height)); }
});
return out;
"""


def unreadable(d: Any) -> list[str]:
    """What the page shows now that is too small to read or to tap."""
    return list(d.execute_script(_UNREADABLE, MIN_TEXT_PX, MIN_TARGET_PX))


class Taps:
    """A phone's taps, counted: every click the test makes on the page goes through it."""

    def __init__(self, d: Any):
        self.d, self.count = d, 0

    def tap(self, element: Any) -> None:
        self.count += 1
        element.click()

    def text(self, css: str, label: str) -> None:
        self.tap(next(b for b in self.d.find_elements("css selector", css) if b.text == label))
