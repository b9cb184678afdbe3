"""Mayan Curse turns measured through the touch layer (issue 22 §6): every tap,
fob tap and key press counts (AppDriver.touches), from the table screen as a
turn finds it to the next player's turn."""
from __future__ import annotations

from .test_curse_screen import curse_game, look, overlay_texts, press


def tap_stone(d, screen, stone: str) -> None:
    d.tap(next(w for w in d.walk(screen.gate_view.overlay)
               if getattr(w, "text", "").endswith("[/color] " + stone) and not w.disabled))


def test_a_turn_with_nothing_to_report_is_one_touch_or_a_fob_and_end_turn(ui):
    """Nothing to report: End turn on the table (1), or the fob to look at the stones
    and End turn in the view (2); the real purse's entry never holds the turn up."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"), fobs={1: "w"})
    screen = d.screen()
    d.touches = 0
    press(d, "End turn")
    assert d.touches == 1 and table.public_view()["current"] == 1
    d.touches = 0
    d.tap_fob("w")
    assert d.until(lambda: "Only Ben looks" in overlay_texts(d), 3)
    d.tap_text("End turn", widget=screen.gate_view.overlay, exact=True)
    assert d.touches == 2 and table.public_view()["round"] == 2

    d.app.show("home")
    d.frames(2)
    table = curse_game(d, ("Ana", "Ben"), options={"purse": "real", "stelae": "digital"})
    d.touches = 0
    press(d, "End turn")  # Ana never entered her stones: nothing waits for them
    assert d.touches == 1 and table.public_view()["current"] == 1


def test_entering_three_real_stones_is_four_touches_with_a_fob_five_by_name(ui):
    """The real purse: the fob opens the view (only its owner holds it) and three taps
    enter the hand: 4. Without a fob the player taps their row and confirms the others
    look away (the gate: a touch on the screen is anyone's finger), then the three: 5."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"), options={"purse": "real", "stelae": "digital"}, fobs={0: "q"})
    screen = d.screen()
    d.touches = 0
    d.tap_fob("q")
    assert d.until(lambda: "Tap the 3 stones you drew" in overlay_texts(d), 3)
    for stone in ("Dog", "Bird", "Dog / Jaguar"):
        tap_stone(d, screen, stone)
    assert sorted(table.session.view(0)["you"]["stones"]) == ["bird", "dog", "dog/jaguar"]
    assert d.touches == 4
    d.tap(screen.gate_view.overlay.hide_button)
    press(d, "End turn")

    d.touches = 0  # Ben has no fob
    d.tap_text("Ben", widget=screen.ids.seats)
    look(d)
    for stone in ("Serpent", "Serpent", "Jaguar"):
        tap_stone(d, screen, stone)
    assert sorted(table.session.view(1)["you"]["stones"]) == ["jaguar", "serpent", "serpent"]
    assert d.touches == 5


def test_an_entry_the_bag_cannot_have_given_is_refused_behind_the_gate_only(ui):
    """Issue 22: the picker offers every kind (what the bag still holds is the others'
    secret); an entry the companion's count of the bag cannot have given is refused in
    a sentence in the seat's own view, the table's screen shows no message, and the
    picker is offered again. Physical randomness: each seat enters its own draw at the
    round start, so Ben enters after Ana's hand left the bag."""
    from companion.table.session import Session

    d = ui
    session = Session.create(d.app.journal, "mayan-curse", ["Ana", "Ben"], randomness="physical", seed=1,
                             meta={"colours": ["Red", "Blue"], "fobs": [None, None]})
    d.app._attach(session)
    d.frames(3)
    table, screen = d.app.table, d.screen()
    table.open_gate(0, "fob")
    d.frames(2)
    for stone in ("Dog / Jaguar", "Bird", "Bird"):  # the box's only dog/jaguar stone
        tap_stone(d, screen, stone)
    assert sorted(table.session.view(0)["you"]["stones"]) == ["bird", "bird", "dog/jaguar"]
    table.open_gate(1, "fob")
    d.frames(2)
    pickers = [w for w in d.walk(screen.gate_view.overlay) if "[/color] " in getattr(w, "text", "")]
    assert len(pickers) == 8 and not any(w.disabled for w in pickers), "every kind, the dual stone too"
    for stone in ("Dog / Jaguar", "Dog", "Dog"):
        tap_stone(d, screen, stone)
    said = "The bag cannot have given you a Dog / Jaguar stone now: look at the stones you drew and tap them again."
    assert said in overlay_texts(d) and table.session.view(1)["you"]["stones"] == []
    assert "Tap the 3 stones you drew:" in overlay_texts(d), "the picker again, empty"
    assert table.frame().message == "" and said not in " ".join(d.texts(screen))
    d.shot("curse-20-entry-refused")
    for stone in ("Serpent", "Dog", "Dog"):
        tap_stone(d, screen, stone)
    assert sorted(table.session.view(1)["you"]["stones"]) == ["dog", "dog", "serpent"]
    assert said not in overlay_texts(d)
