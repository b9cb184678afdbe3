""""What can I do now?" (issue 25 §1) on every table screen: one tap on Help opens
the phase, what each choice does and why a move often tried is not allowed now, read
from across the table (24 px at 800x480), nothing cut off or drawn over; one tap on
Close shuts it. Behind the privacy gate, Help tells that seat its own options and
goes when the view closes. Screenshots: artifacts/screenshots/help-*.png."""
from __future__ import annotations

import random

from companion.i18n import PSEUDO
from companion.rules.engine import TABLE

from .sizes_chrome import GAMES, close_overlays, overlay, play, start


def _moved(n: int):
    return lambda _frame, session: len(session.actions) > n


def _one_line(button) -> bool:
    """A chrome word on one line (the button's text box never wraps it)."""
    return bool(button.texture_size[1] < button.font_size * 1.7)


def _readable(d, help_overlay, name: str) -> None:
    d.frames(2)
    d.screenshot(name, d.shots)
    assert d.cut_off(help_overlay) == [], (name, d.cut_off(help_overlay))
    assert d.overlaps(help_overlay) == [], (name, d.overlaps(help_overlay))
    small = [w.text[:40] for w in help_overlay.lines.children if w.font_size < 24 - 0.01]
    assert small == [], (name, small)
    assert help_overlay.title.font_size >= 24 - 0.01


def test_help_is_one_tap_away_and_one_tap_closes_it_on_every_table_screen(ui):
    d = ui
    for game, names, options in GAMES:
        session = start(d, game, names, options)
        assert play(d, session, random.Random(5), _moved(14)), game
        close_overlays(d)
        screen = d.screen()
        d.screenshot(f"help-{game}-table", d.shots)  # the bar with its Help button
        for name in ("help", "log", "undo", "redo", "home"):
            assert d.cut_off(screen.ids[name]) == [] and d.small_text(screen.ids[name]) == [], (game, name)
            assert _one_line(screen.ids[name]), (game, name, screen.ids[name].texture_size)
        assert screen.ids.help.height >= 48 and screen.ids.help.width >= 48  # a finger's target
        before = d.touches
        d.tap(screen.ids.help)
        shown = overlay(d, "HelpOverlay")
        assert d.touches - before == 1 and shown is not None, game
        texts = " ".join(shown.texts())
        phase = str(session.view(TABLE).get("phase"))
        assert shown.help.phase and shown.help.summary and shown.help.phase in texts, (game, phase)
        assert all(line.label in texts for line in shown.help.choices)
        _readable(d, shown, f"help-{game}")
        before = d.touches
        d.tap(shown.close_button)
        assert d.touches - before == 1 and overlay(d, "HelpOverlay") is None, game


def test_behind_the_gate_help_tells_the_seat_its_own_options_and_goes_with_the_view(ui):
    d = ui
    game, names, options = GAMES[1]  # Maya: quarrying, a seat lays its cards behind the gate
    session = start(d, game, names, options)
    table = d.app.table
    assert play(d, session, random.Random(2),
                lambda frame, s: frame.view.get("phase") == "quarrying" and len(frame.acting) == 1), game
    close_overlays(d)
    seat = table.frame().acting[0]
    table.open_gate(seat, "fob")
    d.frames(3)
    private = overlay(d, "PrivateOverlay")
    assert private is not None
    d.tap(private.help_button)
    shown = overlay(d, "HelpOverlay")
    assert shown is not None and shown.help.title == f"What can {names[seat]} do now?"
    cards = session.view(seat)["you"]["cards"]
    assert cards and shown.help.choices  # its own cards to lay, there only
    _readable(d, shown, "help-maya-private")
    table.close_gate()
    d.frames(3)
    assert overlay(d, "HelpOverlay") is None  # nothing of the seat's outlives its gate
    assert overlay(d, "PrivateOverlay") is None


def test_help_in_the_pseudo_locale_and_german_fits(ui):
    d = ui
    try:
        for game, names, options in GAMES:
            session = start(d, game, names, options)
            assert play(d, session, random.Random(1), _moved(6)), game
            close_overlays(d)
            for code in (PSEUDO, "de"):
                d.app.set_language(code, remember=False)
                d.frames(2)
                screen = d.screen()
                d.screenshot(f"help-{game}-{code}-table", d.shots)
                for name in ("home", "help", "log", "undo", "redo"):
                    assert d.cut_off(screen.ids[name]) == [] and _one_line(screen.ids[name]), (game, code, name)
                d.tap(screen.ids.help)
                shown = overlay(d, "HelpOverlay")
                assert shown is not None
                _readable(d, shown, f"help-{game}-{code}")
                d.tap(shown.close_button)
            d.app.set_language("en", remember=False)
    finally:
        d.app.set_language("en", remember=False)
