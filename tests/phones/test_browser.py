"""Real browsers as phones: headless Chromium (Debian's chromium + chromium-driver,
driven by Selenium; no browser download) plays through seat pages while the
touchscreen (here: the main thread) plays too. Screenshots at a phone's size go to
artifacts/screenshots/phone_*.png."""
from __future__ import annotations

import random
from typing import Any

import pytest

from companion.phones.hub import private_lines
from companion.rules.engine import CHANCE
from companion.table.session import Session

from .browser import SHOTS, Main, buttons, needs_chromium, phone, shown, table, unreadable, wait_until

pytestmark = needs_chromium
__all__ = ["table"]  # the fixture


def tap_through(d: Any, button: Any, rng: random.Random) -> None:
    """Tap a choice and answer what it asks: a picker's parts (any value it offers),
    then its question (Yes)."""
    button.click()
    for _ in range(20):
        if shown(d, "ask"):
            next(b for b in d.find_elements("css selector", "#ask button") if b.text == "Yes").click()
            return
        if not shown(d, "picker"):
            return
        rng.choice(d.find_elements("css selector", "#picker button.option")).click()


def no_other_secret(d: Any, session: Session, main: Main, seat: int) -> None:
    page = d.find_element("tag name", "body").text
    mine = set(main.call(lambda: private_lines(session.game, session.view(seat))))
    for other in range(len(session.players)):
        if other == seat:
            continue
        for line in main.call(lambda o=other: private_lines(session.game, session.view(o))):
            if line not in mine and ":" in line:
                assert line not in page, f"seat {seat}'s phone shows seat {other}'s {line!r}"


def test_a_whole_maya_madness_game_with_two_phones_and_the_touchscreen(table):
    s, hub, server, main = table("maya-madness", ["Ana", "Ben"], deck="full", tokens_to_win=3)
    phones = [phone(f"http://127.0.0.1:{server.port}/s/{hub.token(seat)}") for seat in (0, 1)]
    try:
        rng = random.Random(1)
        for d in phones:
            wait_until(lambda d=d: "live" in d.find_element("id", "status").text)
        SHOTS.mkdir(parents=True, exist_ok=True)
        phones[0].save_screenshot(str(SHOTS / "phone_madness_seat_ana.png"))
        assert unreadable(phones[0]) == []
        turns = 0
        while not main.call(s.is_over) and turns < 400:
            seat = main.call(lambda: next(a for a in s.actors() if a != CHANCE))
            before = main.call(lambda: len(s.actions))
            if turns % 3 == 2:  # the touchscreen plays some turns itself
                main.call(lambda seat=seat: hub.table.play(rng.choice(s.legal_actions(seat))))
            else:
                d = phones[seat]
                wait_until(lambda d=d: buttons(d))
                tap_through(d, rng.choice(buttons(d)), rng)
            wait_until(lambda before=before: main.call(lambda: len(s.actions)) > before or main.call(s.is_over))
            if turns % 10 == 0:
                for seat_, d in enumerate(phones):
                    no_other_secret(d, s, main, seat_)
            turns += 1
        assert main.call(s.is_over), "the game did not end"
        for seat, d in enumerate(phones):
            wait_until(lambda d=d: "over" in d.find_element("id", "turn").text.lower()
                       or "win" in d.find_element("id", "turn").text.lower())
            d.save_screenshot(str(SHOTS / f"phone_madness_end_seat{seat}.png"))
    finally:
        for d in phones:
            d.quit()


def test_a_maya_sealed_auction_on_three_phones(table):
    s, hub, server, main = table("maya", ["Ana", "Ben", "Cy"], advanced=True)
    # Play (from the touchscreen) until the sealed bids are asked for.
    rng = random.Random(2)
    for _ in range(400):
        actors = main.call(lambda: sorted(a for a in s.actors() if a != CHANCE))
        if len(actors) == 3 and any(a.get("type") == "bid" for a in main.call(lambda: s.legal_actions(0))):
            break
        main.call(lambda a=actors: hub.table.play(rng.choice(s.legal_actions(a[0]))))
    else:
        pytest.fail("no auction")
    main.call(hub.refresh)
    phones = [phone(f"http://127.0.0.1:{server.port}/s/{hub.token(seat)}") for seat in range(3)]
    try:
        for seat, d in enumerate(phones):
            wait_until(lambda d=d: buttons(d))
            d.save_screenshot(str(SHOTS / f"phone_maya_bid_seat{seat}.png"))
            assert unreadable(d) == []
        for seat, d in enumerate(phones):
            bids = [b for b in buttons(d)]
            tap_through(d, bids[min(seat + 1, len(bids) - 1)], rng)
            try:
                wait_until(lambda seat=seat: not any(a.get("type") == "bid" for a in main.call(
                    lambda: s.legal_actions(seat))), 10)
            except AssertionError:
                raise AssertionError(d.find_element("tag name", "body").text) from None
            table_view = main.call(lambda: s.view())
            assert "bid" not in str(table_view.get("you", ""))
        wait_until(lambda: not any(a.get("type") == "bid" for a in main.call(lambda: s.legal_actions(0))))
        for seat, d in enumerate(phones):
            no_other_secret(d, s, main, seat)
    finally:
        for d in phones:
            d.quit()


def test_a_page_of_an_abandoned_game_says_so_and_a_reload_says_it_again(table):
    """Issue 20: after Home -> Abandon the old page kept showing the hand. Now it
    closes with the sentence, and the link opened again reads the same."""
    _s, hub, server, main = table("maya-madness", ["Ana", "Ben"], deck="full")
    url = f"http://127.0.0.1:{server.port}/s/{hub.token(0)}"
    d = phone(url)
    try:
        wait_until(lambda: "live" in d.find_element("id", "status").text)
        assert d.find_elements("css selector", "#secrets li")
        main.call(lambda: hub.end("This game was abandoned at the table."))
        wait_until(lambda: "abandoned at the table" in d.find_element("id", "turn").text)
        assert not d.find_elements("css selector", "#secrets li") and not buttons(d)
        d.get(url)
        wait_until(lambda: "This game was abandoned at the table." in d.find_element("tag name", "body").text)
        d.save_screenshot(str(SHOTS / "phone_abandoned.png"))
    finally:
        d.quit()


def test_the_table_stops_showing_a_phone_connected_once_its_browser_quits(table):
    _s, hub, server, main = table("maya-madness", ["Ana", "Ben"], deck="full")
    d = phone(f"http://127.0.0.1:{server.port}/s/{hub.token(1)}")
    try:
        wait_until(lambda: main.call(hub.connected) == [1])
    finally:
        d.quit()
    wait_until(lambda: main.call(hub.connected) == [], 20)  # the socket closed, or the heartbeat found it gone


def test_a_card_is_laid_through_the_phones_picker_and_its_question(table):
    """Issue 21: a choice with parts is one button and a picker on the phone (a card,
    then a quarry: only values still possible), its question asked on the phone; the
    action played is the one picked."""
    from companion.rules.choices import options_for

    from . import picker_game

    picker_game.register()
    try:
        s, hub, server, main = table(picker_game.NAME, ["Ana", "Ben", "Cy"])
        rng = random.Random(3)
        for _ in range(200):
            seat = main.call(lambda: next(a for a in sorted(s.actors(), key=str) if a != CHANCE))
            if any(a["type"] == "place_worker" for a in main.call(lambda seat=seat: s.legal_actions(seat))):
                break
            main.call(lambda seat=seat: hub.table.play(rng.choice(s.legal_actions(seat))))
        else:
            pytest.fail("no card to lay")
        choice = main.call(lambda: next(c for c in s.game.menu(s.state, seat) if c.key == picker_game.LAY))
        d = phone(f"http://127.0.0.1:{server.port}/s/{hub.token(seat)}")
        try:
            lay = wait_until(lambda: [b for b in buttons(d) if b.get_attribute("data-key") == picker_game.LAY])[0]
            assert lay.text == "Lay a card"
            assert not [b for b in buttons(d) if "place_worker" in (b.get_attribute("data-key") or "")]
            greyed = d.find_element("css selector", '#choices button[data-key="second"]')
            assert not greyed.is_enabled() and greyed.text == f"Lay a second card\n{picker_game.WHY}"
            assert unreadable(d) == []  # the reason under a greyed choice was 14 px (issue 22)
            lay.click()
            assert shown(d, "picker") and not shown(d, "choices")
            prompt = d.find_element("css selector", "#picker .prompt")
            options = lambda: [b.text for b in d.find_elements("css selector", "#picker button.option")]  # noqa: E731
            assert prompt.text == "Which card"
            assert options() == [o.label for o in options_for(choice, {})]
            card = options_for(choice, {})[-1]
            next(b for b in d.find_elements("css selector", "#picker button.option") if b.text == card.label).click()
            assert d.find_element("css selector", "#picker .prompt").text == "At which quarry"
            quarries = options_for(choice, {"card": card.value})
            assert options() == [o.label for o in quarries]
            next(b for b in d.find_elements("css selector", "#picker button") if b.text == "Back").click()
            assert d.find_element("css selector", "#picker .prompt").text == "Which card"  # Back: the card again
            next(b for b in d.find_elements("css selector", "#picker button.option") if b.text == card.label).click()
            d.save_screenshot(str(SHOTS / "phone_picker_quarry.png"))
            assert unreadable(d) == []
            quarry = quarries[0]
            before = main.call(lambda: len(s.actions))
            next(b for b in d.find_elements("css selector", "#picker button.option") if b.text == quarry.label).click()
            assert shown(d, "ask") and d.find_element("css selector", "#ask .question").text == picker_game.QUESTION
            assert main.call(lambda: len(s.actions)) == before  # nothing played before Yes
            d.save_screenshot(str(SHOTS / "phone_picker_question.png"))
            assert unreadable(d) == []
            next(b for b in d.find_elements("css selector", "#ask button") if b.text == "Yes").click()
            wait_until(lambda: main.call(lambda: len(s.actions)) > before)
            assert main.call(lambda: s.actions[before]) == {"actor": seat, "type": "place_worker",
                                                            "card": card.value, "quarry": quarry.value}
            wait_until(lambda: "good" in (d.find_element("id", "said").get_attribute("class") or ""))
        finally:
            d.quit()
    finally:
        picker_game.unregister()
