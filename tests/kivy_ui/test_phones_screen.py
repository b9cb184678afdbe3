"""The Phones screen: off until turned on, a QR code per seat that opens that
seat's page, who is connected (never what they see), a new link in one tap."""
from __future__ import annotations

import urllib.error
import urllib.request

from companion.table.session import Session


def problems(d) -> list:
    """What a player could not read on the screen now: text too small, cut off, or over other text."""
    return [*d.small_text(), *d.cut_off(), *d.overlaps()]


def card(screen, seat: int):
    return next(w for w in screen.ids.seats.children if w.seat == seat)


def row(screen, seat: int):
    return next(w for w in screen.ids.joined.children if w.seat == seat)


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
        assert d.until(lambda: screen.joined_shown() == [1])
        d.shot("phones_on")
        assert problems(d) == []
        # A lost phone: one tap gives a new link; the old one is dead at once.
        d.tap(row(screen, 1).ids.revoke)
        d.frames(2)
        try:
            urllib.request.urlopen(local, timeout=5)
            raise AssertionError("the old link still opens the seat")
        except urllib.error.HTTPError as e:
            assert e.code == 404
    finally:
        svc.stop()
        app.leave_game()


def test_a_seats_code_leaves_the_screen_once_its_phone_joined_and_one_tap_shows_it_again(ui):
    """Issue 22: every seat's QR code stayed on the Phones screen after its phone
    joined, so nobody could tell who was still to scan. Now only the seats still to
    join show a code; a joined seat is listed by name, and Show code brings its code
    back (a second phone, a page closed by mistake) until Hide code."""
    d = ui
    app = d.app
    session = Session.create(app.journal, "mayan-curse", ["Ana", "Ben", "Cy", "Dee"], seed=3)
    app._attach(session)
    d.frames(2)
    screen = app.show("phones")
    d.frames(2)
    d.tap_text("Turn on")
    d.frames(3)
    svc = app.phones
    try:
        gw = svc.hub.gateway()
        assert screen.codes_shown() == [0, 1, 2, 3] and screen.joined_shown() == []
        gw.connected(0)
        gw.connected(2)
        assert d.until(lambda: screen.joined_shown() == [0, 2])
        assert screen.codes_shown() == [1, 3]  # Ana's and Cy's codes are gone
        assert [w.seat_name for w in reversed(screen.ids.joined.children)] == ["● Ana", "▲ Cy"]
        assert problems(d) == []
        d.shot("phones_two_joined")
        # Show code: one tap, and Cy's code is back (saying Cy's phone joined).
        d.wait(0.5)  # the joins' refreshes (after a frame and the disk, from the server's thread), all in
        d.frames(4)
        d.touches = 0
        d.tap(row(screen, 2).ids.show)
        assert d.touches == 1 and d.until(lambda: screen.codes_shown() == [1, 2, 3], 2), screen.codes_shown()
        again = card(screen, 2)
        assert again.connected and again.again and again.ids.qr.texture is not None
        assert row(screen, 2).ids.show.text == "Hide code"
        assert problems(d) == []
        d.shot("phones_code_shown_again")
        d.tap(again.ids.hide)
        assert screen.codes_shown() == [1, 3]
        # A move on the table rebuilds nothing here (the same widgets stay).
        before = list(screen.ids.seats.children)
        seat = next(a for a in sorted(session.actors(), key=str) if isinstance(a, int))
        assert app.table.play(next(a for a in session.legal_actions(seat) if a["type"] != "escape"))
        d.frames(2)
        assert list(screen.ids.seats.children) == before
        # Everyone joined: no code left, and the screen says so.
        gw.connected(1)
        gw.connected(3)
        assert d.until(lambda: screen.codes_shown() == [] and screen.joined_all)
        assert "Every seat's phone has joined." in " ".join(d.texts(screen))
        assert problems(d) == []
        d.shot("phones_all_joined")
        # A joined phone that leaves shows its code again by itself.
        gw.disconnected(3)
        assert d.until(lambda: screen.codes_shown() == [3])
    finally:
        svc.stop()
        app.leave_game()


def test_phones_are_one_tap_from_the_log_and_back_returns_to_the_log_it_was_opened_from(ui):
    """Back returns where you came from (issue 22 §1): the Log over the game, so the
    next tap, aimed at the Log's Back, does not land on the table's Undo."""
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
    logs = [w for w in d.window_widgets() if type(w).__name__ == "LogOverlay"]
    assert logs, "Back from Phones closed the Log it was opened from"
    d.tap(d.find("Back", widget=logs[0], exact=True))
    assert not [w for w in d.window_widgets() if type(w).__name__ == "LogOverlay"]
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


def test_a_move_reaches_the_phones_after_the_tables_frame_and_off_its_main_thread(ui):
    """Phones off the table's path (issue 23): the table's screen shows a move first;
    the phones' messages are made and sent on the phone server's thread after that
    frame, never on the app's main thread."""
    import threading
    import time

    from kivy.core.window import Window

    d = ui
    app = d.app
    session = Session.create(app.journal, "maya-madness", ["Ana", "Ben", "Cy"], options={"deck": "full"}, seed=4)
    app._attach(session)
    d.frames(2)
    flips: list[float] = []  # when each buffer swap began: the frame is drawn by then
    inner = Window.flip

    def flip(*a, **k):
        flips.append(time.perf_counter())
        return inner(*a, **k)

    Window.flip = flip  # over the phone service's own wrapper when an earlier test made it
    from kivy_ui.phones import service

    svc = service()
    sent: list[tuple[float, str]] = []
    try:
        assert svc.start()
        real = svc.server.send

        def send(seat, message):
            sent.append((time.perf_counter(), threading.current_thread().name))
            real(seat, message)

        svc.server.send = send
        svc.hub.gateway().connected(0)
        assert d.until(lambda: sent)
        seat = next(a for a in sorted(session.actors(), key=str) if isinstance(a, int))
        before = len(sent)
        t0 = time.perf_counter()
        assert app.table.play(session.legal_actions(seat)[0])
        assert d.until(lambda: len(sent) > before)
        shown = next(f for f in flips if f > t0)
        assert all(t > shown for t, _name in sent[before:]), "a phone was told before the table showed the move"
        assert {name for _t, name in sent} == {"phones"}  # the server's thread, not the main thread
    finally:
        svc.stop()
