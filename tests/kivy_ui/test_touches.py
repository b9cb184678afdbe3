"""Few taps (issue 10, point 5), counted through the touch layer: every tap, hold
and key press the driver makes (a key on the simulated panel is a fob tap or a
seat button, as on the real hardware) is one touch.

Maya Madness, physical deck: a peek is 1 touch (1 fob tap, or 1 seat-button
hold) and a normal turn (a card played) is 1 touch; with the full deck a turn is
a peek and a card from the hand: 2.
"""
from __future__ import annotations

from .test_app import hand_button, harmless, label_of, new_game, pad


def fob_key(table, seat):
    """The simulated panel's key for the fob bound to `seat` at this table."""
    from kivy_ui.devices import SIM_FOBS
    from kivy_ui.widgets.sim_panel import FOB_KEYS

    uid = next((u for u, s in table.fobs.items() if s == seat), None)
    assert uid is not None, (seat, table.fobs, table.players)
    return FOB_KEYS[SIM_FOBS.index(uid)]


def counted(d, act):
    before = d.touches
    act()
    return d.touches - before


def test_maya_madness_a_peek_is_one_touch_and_a_turn_is_one_touch(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"), fobs={0: "q"})
    pad(d, "+2")  # Ben deals
    d.wait(1.5)  # the fob was just bound on New game: a reader takes a tag held again at once as the same read
    # Ana peeks with her fob: one tap, and her view is open.
    assert counted(d, lambda: d.key(fob_key(table, 0))) == 1
    assert d.until(lambda: table.gate is not None and table.gate.seat == 0, 3)
    assert d.until(lambda: d.screen().gate_view.overlay is not None, 3)
    # The same fob again, once she has read it, hides it (no touch on the screen needed).
    d.wait(1.5)  # a reader takes one tag held for a moment as one read
    d.key(fob_key(table, 0))
    assert d.until(lambda: table.gate is None, 3)
    # Ana plays her card: one touch on the pad.
    card = harmless(table)
    assert counted(d, lambda: pad(d, card)) == 1
    assert table.public_view()["turn"] == 1
    # Ben holds his seat button to peek: one touch (held), closed on release.
    assert counted(d, lambda: d.key("2", up=False)) == 1
    assert d.until(lambda: table.gate is not None and table.gate.seat == 1, 3)
    d.key("2", down=False)
    assert d.until(lambda: table.gate is None, 3)
    assert counted(d, lambda: pad(d, harmless(table))) == 1
    assert table.public_view()["turn"] == 0


def test_maya_madness_full_deck_turn_is_a_peek_and_a_card(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"), options={"deck": "full"}, fobs={0: "e", 1: "r"})
    if table.public_view()["phase"] == "start_count":
        pad(d, "+1")
    seat = table.public_view()["turn"]
    key = fob_key(table, seat)
    d.wait(1.5)  # as above: not the same read as the binding tap

    def turn():
        d.key(key)
        assert d.until(lambda: d.screen().gate_view.overlay is not None, 3)
        d.frames(2)  # the hand laid out, as it is long before a finger reaches it
        panel = d.screen().gate_view.overlay.content
        # a card that ends the turn (with two players a Skip or a Temple of Zero plays again)
        held = table.session.view(seat)["you"]["hand"]
        card = next(c for c in held if c not in ("wild", "skip", "temple"))
        d.tap(hand_button(panel, card))

    assert counted(d, turn) == 2
    assert table.public_view()["turn"] != seat and table.gate is None, table.message


def wild_value_label(table):
    """A value for a Wild that does not win the player at turn a token."""
    v = table.public_view()
    need = table.session.view(v["turn"])["you"]["secret"] - v["count"]
    return label_of(next(k for k in (1, -1, 2, -2) if k != need))


def test_maya_madness_a_turn_with_a_wild_is_two_touches_the_card_and_its_value(ui):
    """Issue 21: a Wild is one choice with its value as a picker, not ten buttons."""
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    pad(d, "+2")  # Ben deals
    value = wild_value_label(table)
    assert counted(d, lambda: (pad(d, "Wild"), pad(d, value))) == 2
    assert table.public_view()["turn"] == 1 and table.public_view()["discard_top"] == "wild"


def test_maya_madness_full_deck_a_turn_with_a_wild_is_a_peek_the_card_and_its_value(ui):
    from companion.table.session import Session
    from kivy_ui.devices import SIM_FOBS
    from kivy_ui.widgets.sim_panel import FOB_KEYS

    d = ui
    for seed in range(200):  # a deal that gives the first player a Wild
        session = Session.create(d.app.journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"},
                                 seed=seed, meta={"colours": ["Red", "Blue"], "fobs": list(SIM_FOBS[:2])})
        seat = session.view("table")["turn"]
        if "wild" in session.view(seat)["you"]["hand"] and session.view("table")["phase"] == "play":
            break
    d.app._attach(session)
    d.frames(3)
    table = d.app.table

    def turn():
        d.key(FOB_KEYS[seat])
        assert d.until(lambda: d.screen().gate_view.overlay is not None, 3)
        d.frames(2)
        panel = d.screen().gate_view.overlay.content
        d.tap(hand_button(panel, "wild"))
        value = next(b for b in panel.values if b.text == wild_value_label(table))
        d.tap(value)

    assert counted(d, turn) == 3
    assert table.public_view()["turn"] != seat and table.gate is None, table.message
    assert table.public_view()["discard_top"] == "wild"
