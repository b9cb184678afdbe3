"""States for test_sizes.py: the Phones screen (issue 22 §5) with the most seats a
game has (a six-player Mayan Curse: six codes) — off, every code to scan, another network's
address, two phones joined, a joined seat's code shown again, every phone joined. The phones' server
listens on loopback here, so the states do not depend on the machine's network."""
from __future__ import annotations


def states(d):
    from companion.table.session import Session
    from kivy_ui.i18n import _
    from kivy_ui.phones import WORDS, service

    app = d.app
    session = Session.create(app.journal, "mayan-curse", ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"], seed=3)
    app._attach(session)
    d.frames(2)
    screen = app.show("phones")
    d.frames(2)
    svc = service()
    svc.host = "127.0.0.1"
    try:
        yield "phones-off"
        d.tap_text(_(WORDS["turn_on"]), exact=True)  # in the table's language
        d.frames(3)
        assert svc.on, svc.problem
        assert screen.codes_shown() == [0, 1, 2, 3, 4, 5]
        yield "phones-to-join"
        svc.addresses.append("198.51.100.7")  # this machine on a second network too
        screen.refresh()
        assert screen.others
        yield "phones-other-network"
        gw = svc.hub.gateway()
        gw.connected(0)
        gw.connected(2)
        assert d.until(lambda: screen.joined_shown() == [0, 2])
        yield "phones-two-joined"
        d.tap(next(w for w in screen.ids.joined.children if w.seat == 2).ids.show)
        assert screen.codes_shown() == [1, 2, 3, 4, 5]
        yield "phones-code-again"
        d.tap(next(w for w in screen.ids.seats.children if w.seat == 2).ids.hide)
        for seat in (1, 3, 4, 5):
            gw.connected(seat)
        assert d.until(lambda: screen.joined_all and screen.codes_shown() == [])
        yield "phones-all-joined"
    finally:
        svc.stop()
        app.leave_game()
