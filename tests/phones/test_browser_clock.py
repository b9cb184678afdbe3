"""The seat's turn clock in a real browser at a phone's size (issue 25 §1): the
page counts its own time down between messages (none is sent a second), and stops,
saying so, when the table's clock pauses. Screenshot: artifacts/screenshots/phone_clock.png."""
from __future__ import annotations

import re
import time

from companion.rules.engine import CHANCE
from companion.table.clock import TIMER, Setting, TurnClock

from .browser import SHOTS, needs_chromium, phone, shown, table, unreadable, wait_until

pytestmark = needs_chromium
__all__ = ["table"]  # the fixture


def seconds(text: str) -> int:
    m, s = re.match(r"(\d+):(\d\d)", text).groups()  # type: ignore[union-attr]
    return int(m) * 60 + int(s)


def test_the_phone_counts_its_seats_time_down_and_stops_when_the_table_pauses(table):
    s, hub, server, main = table("mayan-curse", ["Ana", "Ben"])
    (seat,) = main.call(lambda: [a for a in s.actors() if a != CHANCE])
    d = phone(f"http://127.0.0.1:{server.port}/s/{hub.token(seat)}")
    try:
        wait_until(lambda: "live" in d.find_element("id", "status").text)
        sent = []
        real_send = server.send
        server.send = lambda seat_, msg: (sent.append(msg), real_send(seat_, msg))  # type: ignore[method-assign]

        def attach() -> None:
            s.clock = TurnClock(Setting(TIMER, 60), len(s.players), acting=s.actors())
            hub.clock_changed()

        main.call(attach)
        clock = d.find_element("id", "clock")
        wait_until(lambda: shown(d, "clock") and re.match(r"(1:00|0:5\d)$", clock.text))
        first = seconds(clock.text)
        time.sleep(2.2)
        later = seconds(clock.text)
        assert first - later >= 2, (first, later)  # counted on the page
        assert len(sent) == 1  # ... from one message
        SHOTS.mkdir(parents=True, exist_ok=True)
        d.save_screenshot(str(SHOTS / "phone_clock.png"))
        assert unreadable(d) == []

        def pause() -> None:
            s.clock.pause()  # the privacy gate opened on the table
            hub.clock_changed()

        main.call(pause)
        wait_until(lambda: "paused" in clock.text)
        stopped = clock.text
        time.sleep(1.5)
        assert clock.text == stopped
        d.save_screenshot(str(SHOTS / "phone_clock_paused.png"))
    finally:
        d.quit()
