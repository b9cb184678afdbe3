"""The Phones screen: off until turned on, a QR code per seat that opens that
seat's page, who is connected (never what they see), a new link in one tap."""
from __future__ import annotations

import urllib.error
import urllib.request

from companion.table.session import Session


def test_phones_turn_on_show_a_code_per_seat_and_who_is_connected(ui):
    d = ui
    app = d.app
    session = Session.create(app.journal, "maya-madness", ["Ana", "Ben", "Cy"], options={"deck": "full"},
                             meta={"colours": ["Red", "Blue", "Green"]}, seed=2)
    app._attach(session)
    d.frames(2)
    screen = app.show("phones")
    d.frames(2)
    assert not screen.on and len(screen.ids.seats.children) == 0  # off until the table says so
    d.shot("phones_off")
    d.tap_text("Turn on")
    d.frames(3)
    svc = app.phones
    try:
        assert svc.on and svc.address.startswith("http://")
        seats = list(reversed(screen.ids.seats.children))
        assert [s.seat_name for s in seats] == ["● Ana", "■ Ben", "▲ Cy"]
        assert all(s.ids.qr.texture is not None for s in seats)
        # Ben's link opens a page; Ben's phone connects and the screen says so.
        local = svc.url(1).replace(svc.address.split("//")[1].split(":")[0], "127.0.0.1", 1)
        with urllib.request.urlopen(local, timeout=5) as r:
            assert r.status == 200
        svc.hub.gateway().connected(1)
        assert d.until(lambda: [s.connected for s in reversed(screen.ids.seats.children)] == [False, True, False])
        d.shot("phones_on")
        assert not d.cut_off()
        # A lost phone: one tap gives a new link; the old one is dead at once.
        d.tap(list(reversed(screen.ids.seats.children))[1].ids.revoke)
        d.frames(2)
        try:
            urllib.request.urlopen(local, timeout=5)
            raise AssertionError("the old link still opens the seat")
        except urllib.error.HTTPError as e:
            assert e.code == 404
    finally:
        svc.stop()
        app.leave_game()


def test_phones_are_one_tap_from_the_log_and_back_returns_to_the_game(ui):
    d = ui
    app = d.app
    session = Session.create(app.journal, "maya-madness", ["Ana", "Ben"], seed=5)
    app._attach(session)
    d.frames(2)
    d.tap_text("Log", exact=True)
    d.frames(2)
    d.tap_text("Phones", exact=True)
    d.frames(2)
    assert app.sm.current == "phones"
    d.tap_text("Back", exact=True)
    d.frames(2)
    assert app.sm.current == "maya-madness"
    app.leave_game()


def test_the_draws_are_sealed_on_the_table_before_anyone_moves_and_the_seed_shown_at_the_end(ui):
    """Issue 15, fairness: a short fingerprint of the seed before the table sees a
    draw; the seed itself on the end screen."""
    from companion.history.fairness import short_fingerprint
    from companion.rules.engine import CHANCE

    d = ui
    app = d.app
    session = Session.create(app.journal, "maya-madness", ["Ana", "Ben"], options={"tokens_to_win": 3}, seed=77)
    app._attach(session)
    d.frames(2)
    screen = app.screen("maya-madness")
    assert f"Draws sealed: {short_fingerprint(77)}" in screen.newest
    assert str(77) not in screen.newest.replace(short_fingerprint(77), "")
    d.shot("table-draws-sealed")
    import random

    rng = random.Random(1)
    while not session.is_over():
        seat = next(a for a in session.actors() if a != CHANCE)
        app.table.play(rng.choice(session.legal_actions(seat)))
    d.frames(3)
    assert app.sm.current == "end"
    assert any("Seed 77" in t for t in d.texts(app.screen("end")))
    d.shot("end-seed-revealed")
    app.leave_game()
