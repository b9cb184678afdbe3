"""States for test_sizes.py (issue 22 §3): the Mayan Curse table screen with the
digital and the real purse, 2, 4 and 6 players, a picker open, the boulder cue, a
private view (stones and stela values; the real purse's entry of three stones),
the look-away step and the round's summary. Games are made straight in the app's
journal (the New game screen has its own states) and moved with the table's
choices, as the screen's buttons send them."""
from __future__ import annotations

COLOURS = ["Red", "Blue", "Green", "Yellow", "Purple", "White"]
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]


def game(d, players: int, options: dict | None = None, seed: int = 7):
    from companion.table.session import Session

    session = Session.create(d.app.journal, "mayan-curse", NAMES[:players], options=options or {}, seed=seed,
                             meta={"colours": COLOURS[:players], "fobs": [None] * players})
    d.app._attach(session)
    d.frames(3)
    return d.app.table, d.screen()


def clear(d) -> None:
    from kivy.uix.modalview import ModalView

    for w in d.window_widgets():
        if isinstance(w, ModalView):
            w.dismiss(animation=False)
    if d.app.table is not None:
        d.app.table.close_gate()
        d.app.table.cancel_peek()
    d.frames(2)


def states(d):
    # Two players, the digital purse: a stela discovered, a stone played.
    table, screen = game(d, 2)
    table.choose("stela", {"colour": "gray"})
    stone = table.session.view(0)["you"]["stones"][0]
    table.choose("play_stone", {"stone": stone}, seat=0)
    d.frames(2)
    yield "curse-2p"
    screen.act(("choice", "stela"))  # the colour picker, each with what is left in the passage
    yield "curse-2p-stela-picker"
    screen.act(("cancel", None))
    table.open_gate(0, "fob")  # stones and stela values, behind the gate
    d.frames(3)
    yield "curse-private-view"
    clear(d)
    table.request_peek(1)  # the look-away step
    d.frames(2)
    yield "curse-look-away"
    clear(d)

    # Four players, then six (the most the box holds).
    for n in (4, 6):
        table, screen = game(d, n, seed=n)
        table.choose("temple_board")
        yield f"curse-{n}p"
        clear(d)

    # The real purse: everyone drew three at the table.
    table, screen = game(d, 2, {"purse": "real", "stelae": "physical"})
    yield "curse-real-purse-drawn"
    table.open_gate(0, "fob")
    d.frames(3)
    yield "curse-real-purse-entry"
    clear(d)

    # Three players; the temple board takes every trigger token: the boulders tumble.
    table, screen = game(d, 3, seed=3)
    table.choose("temple_board")
    for _ in range(3):
        table.choose("end_turn")
    d.frames(2)
    yield "curse-boulder-cue"
    table.choose("stop:row:3")
    d.frames(2)
    screen.act(("choice", "stop:row:3"))  # another boulder lies on row 3: left or right of it?
    yield "curse-boulder-place"
    screen.act(("cancel", None))
    for key in ("stop:row:4", "stop:row:5"):
        table.choose(key)
    d.frames(3)
    yield "curse-round-end"
    clear(d)
