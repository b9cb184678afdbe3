"""The private view works with the player (issue 10, point 3): it stays open while
used (every touch restarts its timer), the time left shows only in its last 3
seconds, and a half-entered choice stays as that seat's draft when the view
times out and is offered again when that seat opens it next."""
from __future__ import annotations

import pytest

from .test_app import dismiss_celebrations, new_game, pad


@pytest.fixture
def fake_time(ui):
    """The table's clock, moved by the test (a gate's 12 s need not be waited for)."""
    now = [0.0]

    def install(table):
        now[0] = table.clock() + 100
        real = table.clock
        table.clock = lambda: now[0]
        return real

    yield now, install


def private(d):
    return next((w for w in d.window_widgets() if type(w).__name__ == "PrivateOverlay"), None)


def open_view(d, table, seat):
    dismiss_celebrations(d)  # a token won on the way here: its banner is tapped away first
    screen = d.screen()
    d.tap_text(table.name(seat), widget=screen.ids.seats)
    d.tap(screen.gate_view.overlay.ids_show)
    assert table.gate is not None and table.gate.seat == seat
    return private(d)


def test_the_countdown_shows_only_in_the_last_three_seconds_and_a_touch_restarts_it(ui, fake_time):
    d = ui
    now, install = fake_time
    table = new_game(d, names=("Ana", "Ben"))
    pad(d, "+1")
    real = install(table)
    try:
        overlay = open_view(d, table, 0)
        d.wait(0.4)
        assert overlay.countdown.text == "", "no countdown while there is time"
        now[0] += table.timeout - 2.5
        d.wait(0.4)
        assert overlay.countdown.text == "hides in 3 s"
        d.shot("gate-01-last-seconds")
        d.tap(overlay.content.number)  # the player is still reading: a touch anywhere on the view
        d.wait(0.4)
        assert overlay.countdown.text == "" and table.gate is not None
        now[0] += table.timeout - 1
        d.wait(0.4)
        assert table.gate is not None, "the touch gave the whole time again"
        now[0] += 2
        d.wait(0.6)
        assert table.gate is None and private(d) is None, "then it hides by itself"
    finally:
        table.clock = real


def test_a_wild_chosen_in_the_hand_stays_as_a_draft_when_the_view_times_out(ui, fake_time):
    """Full deck: Ana taps the Wild in her hand (its value is next) and the view times
    out; when she opens it again the Wild's values are offered again."""
    d = ui
    now, install = fake_time
    table = new_game(d, names=("Ana", "Ben"), options={"deck": "full"})
    if table.public_view()["phase"] == "start_count":
        pad(d, "+1")
    session = table.session
    # Plays (never a Wild) until the player at turn holds a Wild.
    for _ in range(80):
        seat = table.public_view()["turn"]
        hand = session.view(seat)["you"]["hand"]
        if "wild" in hand:
            break
        table.play({"type": "play", "card": hand[0]})
    else:
        pytest.skip("no Wild dealt in 80 turns")
    real = install(table)
    try:
        overlay = open_view(d, table, seat)
        panel = overlay.content
        d.tap(next(b for b in panel.slots if getattr(b, "payload", None) == "play:wild"))
        assert panel.wild_open and panel.wilds.parent is panel
        now[0] += table.timeout + 1
        d.wait(0.6)
        assert private(d) is None and d.screen().drafts == {seat: "play:wild"}
        assert table.public_view()["turn"] == seat, "nothing was played"
        overlay = open_view(d, table, seat)
        assert overlay.content.wild_open, "the half-entered Wild is offered again"
        assert d.screen().drafts == {}
        d.shot("gate-02-draft-offered")
        d.tap_text("+2", widget=overlay.content.wilds, exact=True)
        # the Wild, as +2 (then maybe the companion's draws: a card, a token won and redrawn)
        assert any(a.get("card") == "wild" and a.get("value") == 2 for a in session.actions[-3:])
    finally:
        table.clock = real
