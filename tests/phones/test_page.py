"""The seat page writes no sentence of its own (issue 21): every text a player
reads comes in the hub's message or in the page's words (PAGE_WORDS, served with
the page); its code and markup hold no word a player reads, not even the chrome
words, which come in the page's language with its words since issue 24."""
from __future__ import annotations

import html.parser
import json
import pathlib
import re

from companion.phones.messages import PAGE_WORDS

STATIC = pathlib.Path(__file__).resolve().parents[2] / "companion" / "phones" / "static"
CHROME = {"Back", "Yes", "No", "Cancel", "Hide", "Show"}
# A string a player could read: words (a letter) with a capital, a space or a
# letter beyond ASCII. Separators (", ", " · ") and code ("click", "#ask") are not.
READABLE = re.compile(r"[A-Z\s]|[^\x00-\x7f]")
DIRECTIVES = {"use strict"}


def readable(s: str) -> bool:
    return bool(re.search(r"[^\W\d_]", s)) and bool(READABLE.search(s)) and s not in DIRECTIVES


def js_strings(source: str) -> list[str]:
    source = re.sub(r"^\s*//.*$", "", source, flags=re.M)  # comments are for developers
    source = re.sub(r"(?<![:\"'])//[^\n\"']*$", "", source, flags=re.M)
    return [a or b for a, b in re.findall(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'', source)]


def test_the_pages_script_holds_no_word_a_player_reads():
    found = [s for s in js_strings((STATIC / "seat.js").read_text()) if readable(s)]
    assert found == [], sorted(set(found))


class _Text(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self._skip += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if data.strip() and not self._skip:
            self.texts.append(data.strip())


def test_the_pages_markup_holds_no_sentence_but_the_chrome_words():
    parser = _Text()
    parser.feed((STATIC / "seat.html").read_text())
    assert set(parser.texts) <= CHROME, parser.texts


def test_the_words_the_page_shows_before_a_message_are_served_with_it():
    import asyncio

    import aiohttp

    from companion.phones.server import PhoneServer

    class Gate:
        def seat_of(self, token: str) -> int | None:
            return 0 if token == "t" * 22 else None

        def gone(self, token: str) -> str:
            return ""

    server = PhoneServer(Gate(), "127.0.0.1", 0)  # type: ignore[arg-type]
    server.start()
    try:
        async def go() -> str:
            async with aiohttp.ClientSession() as c:
                r = await c.get(f"http://127.0.0.1:{server.port}/s/{'t' * 22}")
                return await r.text()

        page = asyncio.run(go())
    finally:
        server.stop()
    block = re.search(r'<script type="application/json" id="words">(.*?)</script>', page, re.S)
    assert block is not None and json.loads(block.group(1)) == PAGE_WORDS
