"""Each phone in its owner's language (issue 24): two phones at one game, one German
and one English, each get their own language's messages and page, and no seat's
message holds another seat's secret in either language. A hostile phone asking for
a language the companion does not ship reads the table's, never an error."""
from __future__ import annotations

import asyncio
import json
import pathlib
import random
import re
import sys
from typing import Any

import aiohttp
import pytest

from companion.games import get_game
from companion.i18n import PSEUDO, language, set_table_language, table_language
from companion.phones.hub import PhoneHub, message_for
from companion.phones.languages import COOKIE, accepted, decide
from companion.phones.messages import PAGE_WORDS, private_lines
from companion.phones.server import PhoneServer
from companion.rules.engine import CHANCE
from companion.store.journal import Journal
from companion.table.controller import TableController
from companion.table.players import Roster
from companion.table.session import Session

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from i18n_check import plain_english  # tests/, put on the path above
from phones.conftest import MainThread  # the phone tests' stand-in for Kivy's Clock

NAMES = ["Ana", "Ben", "Cy"]


class Languages:
    """A roster of remembered players' languages, in memory (name -> code)."""

    def __init__(self, known: dict[str, str] | None = None) -> None:
        self.known = dict(known or {})

    def language_of(self, name: str) -> str | None:
        return self.known.get(name)

    def remember(self, name: str, lang: str) -> bool:
        if name not in self.known:
            return False
        self.known[name] = lang
        return True


class Recorder:
    def __init__(self) -> None:
        self.sent: list[tuple[int, dict]] = []

    def send(self, seat: int, message: dict) -> None:
        self.sent.append((seat, message))

    def drop(self, seat: int, reason: str) -> None:
        pass

    def retire(self, token: str, sentence: str) -> None:
        pass

    def views(self, seat: int) -> list[dict]:
        return [m for s, m in self.sent if s == seat and m["type"] == "view"]


@pytest.fixture
def journal(tmp_path):
    j = Journal.open(tmp_path / "journal.sqlite3")
    yield j
    j.close()


def hub_on(session: Session, main: MainThread, players: Any = None) -> PhoneHub:
    table = TableController(session, settle=0)
    hub = PhoneHub(table, main.post, players=players if players is not None else Languages())
    table.subscribe(hub.changed)
    return hub


def texts(msg: dict) -> list[str]:
    """Every text a page shows of a message."""
    out = [msg.get("title", ""), msg.get("waiting", ""), msg.get("sentence", ""), msg.get("question", "")]
    out += list(msg.get("events") or []) + list(msg.get("secrets") or [])
    for group in msg.get("groups") or []:
        out.append(group["title"])
        for c in group["choices"]:
            out += [c["label"], c["why"], c["confirm"]]
            stack = [c["pick"]]
            while stack:
                node = stack.pop()
                if node:
                    out.append(node["label"])
                    for o in node["options"]:
                        out.append(o["label"])
                        stack.append(o["then"])
    return [t for t in out if t]


def secret_lines(s: Session, seat: int, lang: str) -> set[str]:
    """The secret sentences of every other seat, in `lang`, that seat's phone must never get."""
    with language(lang):
        mine = set(private_lines(s.game, s.view(seat)))
        theirs: set[str] = set()
        for other in range(len(s.players)):
            if other != seat:
                theirs |= set(private_lines(s.game, s.view(other))) - mine
    return {line for line in theirs if ":" in line}


def play_some(s: Session, hub: PhoneHub, main: MainThread, rec: Recorder, rng: random.Random, steps: int):
    """Random moves at the table; after each, what each phone was sent."""
    for _ in range(steps):
        if s.is_over():
            return
        rec.sent.clear()
        seat = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
        hub.table.play(rng.choice(s.legal_actions(seat)))
        main.run()
        yield


def test_two_phones_at_one_game_each_read_their_own_language(journal):
    main = MainThread()
    s = Session.create(journal, "maya-madness", NAMES[:2], options={"deck": "full"}, seed=3)
    hub = hub_on(s, main)
    rec = Recorder()
    hub.attach(rec)
    hub.gateway().connected(0, "de")
    hub.gateway().connected(1, "en")
    main.run()
    german, english = rec.views(0)[-1], rec.views(1)[-1]
    assert german["secrets"][0].startswith(("Deine Geheimzahl: ", "Du ziehst ein neues Plättchen."))
    assert english["secrets"][0].startswith(("Your secret number: ", "You are drawing a new token."))
    groups: dict[int, set[str]] = {0: set(), 1: set()}
    for _ in play_some(s, hub, main, rec, random.Random(4), 80):
        for seat, msg in rec.sent:
            if msg["type"] != "view":
                continue
            with language(("de", "en")[seat]):
                assert msg == message_for(s.game, hub.table.seat_frame(seat), hub.table.frame())
            groups[seat] |= {g["title"] for g in msg["groups"]}
    assert "Deine Hand" in groups[0] and "Your hand" in groups[1]
    assert "Your hand" not in groups[0] and "Deine Hand" not in groups[1]


@pytest.mark.parametrize("game", ["maya-madness", "maya", "mayan-curse"])
def test_no_phone_gets_another_seats_secret_in_any_language(journal, game):
    """The privacy property of tests/phones/test_hub.py with phones in two languages:
    every message to a seat is message_for of its own frame in its own language, its
    choices are its own, and no other seat's secret sentence, German or English, is in it."""
    g = get_game(game)
    main = MainThread()
    rng = random.Random(12)
    players = NAMES if g.min_players <= 3 <= g.max_players else NAMES[:2]
    options: dict[str, Any] = {"deck": "full"} if game == "maya-madness" else {}
    langs = {seat: ("de", "en")[seat % 2] for seat in range(len(players))}
    checked = 0
    for _ in range(2):
        s = Session.create(journal, game, players, options=options, seed=rng.randrange(10**6))
        hub = hub_on(s, main)
        rec = Recorder()
        hub.attach(rec)
        for seat, lang in langs.items():
            hub.gateway().connected(seat, lang)
        main.run()
        for _step in play_some(s, hub, main, rec, rng, 50):
            for to, msg in rec.sent:
                if msg["type"] != "view":
                    continue
                with language(langs[to]):
                    assert msg == message_for(g, hub.table.seat_frame(to), hub.table.frame())
                own = {c.key for c in g.menu(s.state, to) if c.seat == to} if to in s.actors() else set()
                assert {c["key"] for gr in msg["groups"] for c in gr["choices"]} <= own
                text = json.dumps(msg, ensure_ascii=False)
                for lang in ("de", "en"):
                    for line in secret_lines(s, to, lang):
                        assert line not in text, f"seat {to}'s phone got {line!r}"
                checked += 1
    assert checked > 20


@pytest.fixture
def pseudo_table():
    before = table_language()
    set_table_language(PSEUDO)
    try:
        yield
    finally:
        set_table_language(before)


def test_a_phones_every_word_passes_through_a_catalog(journal, pseudo_table):
    main = MainThread()
    s = Session.create(journal, "maya-madness", NAMES[:2], options={"deck": "full", "advanced": True}, seed=8)
    hub = hub_on(s, main)
    rec = Recorder()
    hub.attach(rec)
    for seat in range(2):
        hub.gateway().connected(seat, PSEUDO)
    main.run()
    seen = [m for _s, m in rec.sent]
    for _ in play_some(s, hub, main, rec, random.Random(2), 60):
        seen += [m for _s, m in rec.sent]
    hub._choose(0, 42, None, False)  # a malformed answer: the hub's own refusal
    seen += [m for _s, m in rec.sent]
    with language(PSEUDO):
        from companion.phones.messages import page_words

        words = list(page_words().values())
    left = [(t, w) for m in seen for t in texts(m) + words
            if (w := plain_english(t, names=NAMES[:2], allowed=["Maya Madness"]))]
    assert len(seen) > 20 and left == [], left[:5]


def test_a_phones_language_comes_from_its_choice_its_cookie_its_browser_or_the_table():
    assert decide("de", None, None, None) == "de"
    assert decide(None, "de", "en", "en") == "de"  # a remembered player's choice
    assert decide(None, None, "de", "en") == "de"  # an unremembered phone's cookie
    assert decide(None, None, None, "fr-CH, de;q=0.9, en;q=0.8") == "de"
    assert accepted("en;q=0.2, de;q=0.7") == "de"
    assert decide("klingon", 7, "../../etc", "x" * 5000) == table_language()  # bogus: the table's
    assert accepted("de;q=abc, fr") is None


# --- the page over the network (loopback) ------------------------------------------------------
def url(server: PhoneServer, path: str) -> str:
    return f"http://127.0.0.1:{server.port}{path}"


def page_of(text: str) -> tuple[str, dict, dict]:
    lang = re.search(r'<html lang="([^"]*)">', text)
    words = re.search(r'<script type="application/json" id="words">(.*?)</script>', text, re.S)
    chooser = re.search(r'<script type="application/json" id="chooser">(.*?)</script>', text, re.S)
    assert lang and words and chooser
    return lang.group(1), json.loads(words.group(1)), json.loads(chooser.group(1))


async def next_view(ws: aiohttp.ClientWebSocketResponse, main: MainThread, kind: str = "view") -> dict:
    for _ in range(300):
        main.run()
        try:
            msg = await ws.receive(timeout=0.02)
        except TimeoutError:
            continue
        if msg.type == aiohttp.WSMsgType.TEXT and json.loads(msg.data)["type"] == kind:
            return json.loads(msg.data)
    raise AssertionError(f"no {kind} message")


def test_two_phones_get_their_own_languages_page_and_messages(journal):
    main = MainThread()
    Roster.open().add("Ana")  # Ana is remembered; Ben is not
    s = Session.create(journal, "maya-madness", NAMES[:2], options={"deck": "full"}, seed=9)
    table = TableController(s, settle=0)
    hub = PhoneHub(table, main.post)  # the roster keeps the remembered players' languages
    table.subscribe(hub.changed)
    server = PhoneServer(hub.gateway(), "127.0.0.1", 0)
    server.start()
    hub.attach(server)
    ana, ben = hub.token(0), hub.token(1)

    async def go() -> None:
        async with aiohttp.ClientSession() as c:
            r = await c.get(url(server, f"/s/{ana}"), headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
            lang, words, chooser = page_of(await r.text())
            assert (lang, words["hide"], words["back"]) == ("de", "Verbergen", "Zurück")
            assert chooser == {"lang": "de", "languages": [["en", "English"], ["de", "Deutsch"]]}
            r = await c.get(url(server, f"/s/{ben}"))
            lang, words, _chooser = page_of(await r.text())
            assert lang == "en" and words == PAGE_WORDS  # the table's language: English, as written
            r = await c.get(url(server, f"/s/{ben}?lang=xx-evil%3Cscript%3E"))  # hostile: the table's
            assert r.status == 200 and page_of(await r.text())[0] == "en" and COOKIE not in r.cookies
            origin = url(server, "")
            de = await c.ws_connect(url(server, f"/ws/{ana}?lang=de"), origin=origin)
            en = await c.ws_connect(url(server, f"/ws/{ben}?lang=<bogus>"), origin=origin)
            german, english = await next_view(de, main), await next_view(en, main)
            assert german["secrets"][0].startswith(("Deine Geheimzahl: ", "Du ziehst ein neues Plättchen."))
            assert english["secrets"][0].startswith(("Your secret number: ", "You are drawing a new token."))
            await de.send_str(json.dumps({"type": "choose", "choice": "nothing-offered"}))
            said = await next_view(de, main, "said")
            assert said["sentence"] == "Das geht jetzt nicht von diesem Handy aus."
            await de.close()
            await en.close()
            # Ana chooses German on her phone: remembered for her next game; Ben's phone keeps it in a cookie
            r = await c.get(url(server, f"/s/{ana}?lang=de"))
            assert r.status == 200 and r.cookies[COOKIE].value == "de"
            r = await c.get(url(server, f"/s/{ben}?lang=de"))
            assert page_of(await r.text())[0] == "de" and r.cookies[COOKIE].value == "de"

    try:
        asyncio.run(go())
        main.run()
    finally:
        server.stop()
    assert Roster.open().by_name("Ana").language == "de"
    assert Roster.open().by_name("Ben") is None  # an unremembered player stays unremembered
    again = PhoneHub(TableController(s, settle=0), main.post)  # Ana's next game: German from the start
    assert again.page_language(0) == "de" and again.page_language(1) == table_language()
    assert again.page_language(1, cookie="de") == "de"


# --- two real browsers (headless Chromium), one German, one English ----------------------------
def test_two_browsers_read_their_own_language_and_the_chooser_switches(tmp_path):
    from phones.browser import CHROMIUM, DRIVER, Main, phone, wait_until

    if not (pathlib.Path(CHROMIUM).exists() and pathlib.Path(DRIVER).exists()):
        pytest.skip("missing tool: Debian's chromium and chromium-driver are not installed")
    main = Main()
    journal = main.call(lambda: Journal.open(tmp_path / "j.sqlite3"))
    s = main.call(lambda: Session.create(journal, "maya-madness", NAMES[:2], options={"deck": "full"}, seed=4))
    hub = main.call(lambda: hub_on(s, main))  # type: ignore[arg-type]
    server = PhoneServer(hub.gateway(), "127.0.0.1", 0)
    server.start()
    hub.attach(server)
    phones = []
    try:
        phones.append(phone(url(server, f"/s/{hub.token(0)}?lang=de")))
        phones.append(phone(url(server, f"/s/{hub.token(1)}")))
        de, en = phones
        wait_until(lambda: de.find_element("id", "status").text == "verbunden")
        wait_until(lambda: en.find_element("id", "status").text == "live")
        assert de.execute_script("return document.documentElement.lang") == "de"
        assert en.execute_script("return document.documentElement.lang") == "en"
        assert (de.find_element("id", "hide").text, en.find_element("id", "hide").text) == ("Verbergen", "Hide")
        wait_until(lambda: "Nur du siehst das" in de.find_element("id", "private").text)
        assert "Only you can see this" in en.find_element("id", "private").text
        de.find_element("id", "hide").click()
        assert de.find_element("id", "hide").text == "Zeigen"
        next(a for a in de.find_elements("css selector", "#languages a") if a.text == "English").click()
        wait_until(lambda: de.execute_script("return document.documentElement.lang") == "en")
        wait_until(lambda: de.find_element("id", "status").text == "live")
        assert de.find_element("id", "hide").text == "Hide"
    finally:
        for d in phones:
            d.quit()
        server.stop()
        main.alive = False
