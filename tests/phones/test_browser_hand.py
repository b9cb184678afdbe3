"""Issue 22 §5 in a real browser at a phone's size (390 x 844 CSS px): three real
stones entered on the phone in 4 taps through its picker, sections titled in words,
short buttons, no name to tap, and every text and button big enough for a phone.
Screenshots: artifacts/screenshots/phone_curse_*.png."""
from __future__ import annotations

from typing import Any

from companion.rules.engine import CHANCE

from .browser import SHOTS, Taps, buttons, needs_chromium, phone, shown, table, unreadable, wait_until

pytestmark = needs_chromium
__all__ = ["table"]  # the fixture


def titles(d: Any) -> list[str]:
    return [h.text for h in d.find_elements("css selector", "#choices .group h3")]


def readable(d: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(SHOTS / f"phone_curse_{name}.png"))
    assert unreadable(d) == [], name


def test_three_real_stones_are_entered_on_the_phone_in_four_taps_and_a_stone_played_in_two(table):
    """Issue 22: a scroll through 88 sentence buttons under the title "enter stones",
    and a prompt saying "(tap your name)". Now: "Enter stones", then a stone a tap."""
    s, hub, server, main = table("mayan-curse", ["Ana", "Ben", "Cy"], purse="real")
    (seat,) = main.call(lambda: [a for a in s.actors() if a != CHANCE])
    d = phone(f"http://127.0.0.1:{server.port}/s/{hub.token(seat)}")
    try:
        taps = Taps(d)
        enter = wait_until(lambda: [b for b in buttons(d) if b.get_attribute("data-key") == "enter_stones"])[0]
        assert enter.text == "Enter stones" and len(buttons(d)) <= 2
        assert titles(d) == ["Your stones"]
        turn = d.find_element("id", "turn").text
        assert "tap your name" not in turn and "enter the 3 stones you drew" in turn
        readable(d, "enter")
        before = main.call(lambda: len(s.actions))
        taps.tap(enter)
        picked = []
        while shown(d, "picker"):
            options = d.find_elements("css selector", "#picker button.option")
            assert 1 <= len(options) <= 8 and all(len(o.text) <= 16 for o in options)
            if not picked:
                assert d.find_element("css selector", "#picker .prompt").text == "Tap the 3 stones you drew:"
                readable(d, "picker")
            picked.append(options[0].text)
            taps.tap(options[0])
        if shown(d, "ask"):
            taps.text("#ask button", "Yes")
        wait_until(lambda: main.call(lambda: len(s.actions)) > before)
        assert taps.count <= 4, f"entering three stones took {taps.count} taps"
        action = main.call(lambda: s.actions[before])
        assert action["type"] == "enter_stones" and action["actor"] == seat and len(action["stones"]) == 3
        # The hand is on the phone now, and a stone is played in two taps.
        play = wait_until(lambda: [b for b in buttons(d) if b.get_attribute("data-key") == "play_stone"])[0]
        assert play.text == "Play a stone" and titles(d) == ["Your stones"]
        assert "tap your name" not in d.find_element("tag name", "body").text
        readable(d, "hand")
        taps.count, before = 0, main.call(lambda: len(s.actions))
        taps.tap(play)
        stone = d.find_elements("css selector", "#picker button.option")[0]
        taps.tap(stone)
        if shown(d, "ask"):
            taps.text("#ask button", "Yes")
        wait_until(lambda: main.call(lambda: len(s.actions)) > before)
        assert taps.count <= 2 and main.call(lambda: s.actions[before])["type"] == "play_stone"
        readable(d, "played")
    finally:
        d.quit()
