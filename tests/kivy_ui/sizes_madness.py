"""States for test_sizes.py (issue 22 §3): the Maya Madness table screen with 2 and
4 players (the most it seats) — the deal (the starting card), the starting count, a turn, a Wild's
value, the guess pad, a full-deck hand behind the gate, a token won (the
celebration) — and the generic table screen, playing the test-only fourth game.
Moves are made with touches on the screen, as the table makes them."""
from __future__ import annotations

import pathlib
import sys
import tempfile

NAMES = ("Ana", "Ben")
#: A full table (Maya Madness seats 2 to 4), with long names.
FULL = ("Annabelle", "Benedikt", "Cyrille", "Dominique")


def start(d, names, **options):
    """New game -> Maya Madness -> Start, with touches; the table."""
    options = {"deck": "physical", "advanced": False, "tokens_to_win": 5, **options}
    screen = d.fill_new_game("Maya Madness", names, options)
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "maya-madness", 5)
    d.frames(3)
    return d.app.table


def pad(d, label):
    """Tap a pad button by its label (a celebration closed first, as a player would)."""
    for w in d.window_widgets():
        if type(w).__name__ == "Celebration":
            d.tap(w)
    from companion.games.maya_madness.i18n import _, pgettext

    screen = d.screen()
    # a card's or a button's word in the table's language ("Wild", "Joker", "[Ŵîļd~~]")
    shown = {label, _(label), pgettext("button", label)}
    for b in [*screen.ids.pad_top.children, *screen.ids.pad_bottom.children, screen.ids.extra]:
        if b.text in shown and b.opacity > 0 and not b.disabled:
            d.tap(b)
            return
    raise LookupError(f"no pad button {label!r}: {d.texts(screen.ids.pad)}")


def label_of(v: int) -> str:
    return "0" if v == 0 else (f"+{v}" if v > 0 else f"−{-v}")


def need(table):
    v = table.public_view()
    return table.session.view(v["turn"])["you"]["secret"] - v["count"]


def harmless(table):
    return next(label_of(k) for k in (1, -1, 2, -2) if k != need(table))


def madness(d, names, tag):
    table = start(d, names)
    yield f"madness-{tag}-deal"
    pad(d, "Wild")  # the starting card is a Wild: the dealer names the count
    d.frames(2)
    yield f"madness-{tag}-starting-count"
    pad(d, "+2")
    yield f"madness-{tag}-turn"
    before = d.touches
    pad(d, harmless(table))
    assert d.touches - before == 1, "a Maya Madness turn is one touch (issue 22 §6), at every size"
    pad(d, "Wild")
    yield f"madness-{tag}-wild-value"
    pad(d, next(label_of(k) for k in (1, -1, 2, -2) if k != need(table)))
    # a token won: the player at turn makes the count their secret
    for _ in range(12):
        n = need(table)
        if -5 <= n <= 5:
            pad(d, label_of(n))
            break
        pad(d, "+5" if n > 0 else "−5")
    d.frames(3)
    yield f"madness-{tag}-token-won"
    d.app.show("home")
    d.frames(2)


def advanced(d, names, tag):
    table = start(d, names, advanced=True)
    pad(d, "+1")
    pad(d, harmless(table))
    pad(d, "Guess")
    yield f"madness-{tag}-guess-whose"
    pad(d, names[(table.public_view()["turn"] + 1) % len(names)])
    yield f"madness-{tag}-guess-number"
    d.app.show("home")
    d.frames(2)


def full_deck(d, names, tag):
    table = start(d, names, deck="full", advanced=True)
    if table.public_view()["phase"] == "start_count":
        pad(d, "+1")
    yield f"madness-{tag}-full-deck-table"
    seat = table.public_view()["turn"]
    before = d.touches
    look = next(b for b in d.screen().ids.pad_top.children if b.text == table.public_view()["look_label"])
    d.tap(look)  # the pad's way to the hand: the gate asks the others to look away
    ask = next(w for w in d.window_widgets() if type(w).__name__ == "ConfirmPeek")
    d.tap(ask.ids_show)
    assert d.until(lambda: d.screen().gate_view.overlay is not None, 3)
    d.frames(3)
    yield f"madness-{tag}-full-deck-hand"
    panel = d.screen().gate_view.overlay.content
    held = table.session.view(seat)["you"]["hand"]
    card = next(c for c in held if c not in ("wild", "skip", "temple"))
    d.tap(next(b for b in panel.slots if b.payload == f"play:{card}"))
    assert d.touches - before == 3, "a full-deck turn by touch: the hand, Show, the card"
    assert table.public_view()["turn"] != seat
    d.frames(2)
    d.app.show("home")
    d.frames(2)


def generic(d):
    here = pathlib.Path(__file__).resolve().parents[1] / "companion"
    sys.path.insert(0, str(here))
    try:
        import fourth
    finally:
        sys.path.remove(str(here))
    with tempfile.TemporaryDirectory() as folder, fourth.installed(pathlib.Path(folder) / "site"):
        screen = d.fill_new_game("Charm hunt", ("Ana", "Ben"))
        d.tap(screen.ids.start)
        assert d.until(lambda: d.screen().name == "charms", 5)
        d.frames(5)
        yield "generic-table"
        s = d.screen()
        d.tap(next(w for w in d.walk(s.ids.choices) if getattr(w, "text", None) == "Hop"))
        yield "generic-picker"  # a choice of two parts: its picker
        picker = s.ids.choices.picker
        d.tap_text("3", widget=picker, exact=True)
        d.tap_text("1", widget=picker, exact=True)
        d.tap(s.board.rows[1])
        d.tap(s.gate_view._confirm.ids_show)
        assert d.until(lambda: d.app.table.gate is not None, 3)
        d.frames(3)
        yield "generic-private"  # Ben's own view behind the gate
        d.tap(s.gate_view._private.hide_button)
        d.app.show("home")
        d.frames(2)


def long_names(d):
    """Names as long as New game takes them wrap onto a second line; rows that no longer
    fit scroll, the player at turn kept in view."""
    start(d, ("Maximiliane Annabelle-Sophie", "Benedikt", "Cyrille Dominique Evangeline", "Dominique"))
    for _ in range(3):
        pad(d, "+1")
    yield "madness-4-long-names"
    d.app.show("home")
    d.frames(2)


def states(d):
    yield from madness(d, NAMES, "2")
    yield from madness(d, FULL, "4")
    yield from advanced(d, NAMES, "2")
    yield from advanced(d, FULL, "4")
    yield from full_deck(d, NAMES, "2")
    yield from full_deck(d, FULL, "4")
    yield from long_names(d)
    yield from generic(d)
