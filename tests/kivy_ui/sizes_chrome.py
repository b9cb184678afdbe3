"""States for test_sizes.py (issue 22 §1 and §3): the chrome every game shares, at
every size — Home with games in progress and its abandon question, then for each
game the top bar's buttons on its table screen (the rest of that screen is its
game's own sizes module's), the Log overlay, Fix a number…, a move's question
(Escaped), the question an Undo of something the whole table saw asks, and the
end screen.

Checked here too, at each size: the four chrome buttons (Home, Log, Undo, Redo)
have the same size in every game and stay where they are after an Undo, a
question's Yes is never under the finger that asked for it, and Cancel on Fix a
number… goes back to the Log."""
from __future__ import annotations

import random
from typing import Any

from companion.rules.engine import CHANCE
from companion.table.session import Session

GAMES = (("maya-madness", ("Ana", "Ben", "Cy"), {"tokens_to_win": 3}),
         ("maya", ("Ana", "Ben", "Cy"), {}),
         ("mayan-curse", ("Ana", "Ben", "Cy", "Dee"), {}))
CHROME = ("home", "log", "undo", "redo")


def tag(d) -> str:
    from kivy.core.window import Window

    return f"size-{Window.width}x{Window.height}"


def overlay(d, name: str) -> Any:
    return next((w for w in d.window_widgets() if type(w).__name__ == name and w.parent is not None), None)


def places(screen) -> dict[str, tuple[float, float, float, float]]:
    """Where each chrome button is on the window, and its size."""
    out = {}
    for name in CHROME:
        w = screen.ids[name]
        x, y = w.to_window(w.x, w.y)
        out[name] = (round(x), round(y), round(w.width), round(w.height))
    return out


def tap_at(d, xy) -> None:
    """A finger down and up at a point of the window (whatever is drawn there)."""
    d.tap_at(*xy)


def asks(d, button, kind: str, what: str):
    """Tap `button` where it is: it opens the question `kind`, whose Yes is away from the finger."""
    where = centre(button)
    tap_at(d, where)
    ask = overlay(d, kind)
    assert ask is not None, f"{what} did not ask"
    yes_away(d, ask, where, what)
    return ask


def centre(w) -> tuple[float, float]:
    return w.to_window(*w.center)


def yes_away(d, ask, where, what: str) -> None:
    d.frames(2)
    yes = ask.yes
    assert not yes.collide_point(*yes.to_widget(*where)), f"{what}: Yes opened under the finger at {where}"


def start(d, game: str, names, options) -> Session:
    session = Session.create(d.app.journal, game, list(names), options=options, seed=7,
                             meta={"colours": ["Red", "Blue", "Green", "Yellow", "Purple"][:len(names)],
                                   "fobs": [None] * len(names)})
    d.app._attach(session)
    d.frames(3)
    return session


def play(d, session, rng, until, limit=3000) -> bool:
    """Random moves through the table until `until(frame, session)` (False when the game ended first)."""
    table = d.app.table
    for _ in range(limit):
        if until(table.frame(), session):
            return True
        if session.result() is not None:
            return False
        actor = rng.choice(sorted((a for a in session.actors() if a != CHANCE), key=str))
        table.play(rng.choice(session.legal_actions(actor)))
    return bool(until(table.frame(), session))


def undoable(frame, _session) -> bool:
    return bool(frame.undo.can and not frame.over)


def asks_to_undo(frame, _session) -> bool:
    """Undo of something the whole table saw: it would ask."""
    return bool(frame.undo.live and not frame.undo.can and not frame.over and frame.pending_undo is None)


def never(_frame, _session) -> bool:
    return False


def under_way(_frame, session) -> bool:
    return len(session.actions) > 12


def close_overlays(d) -> None:
    for name in ("ConfirmChoice", "ConfirmUndo", "FixOverlay", "LogOverlay", "Celebration", "RoundSummary",
                 "RoundEndCue"):
        w = overlay(d, name)
        if w is not None:
            w.dismiss(animation=False)
    d.frames(2)


def states(d):
    from kivy_ui.screens.home import HomeScreen  # noqa: F401  (the screen's classes registered)

    sizes: dict[str, dict] = {}
    for game, names, options in GAMES:
        session = start(d, game, names, options)
        rng = random.Random(3)
        screen = d.screen()
        assert play(d, session, rng, undoable), game
        close_overlays(d)
        # the table screen itself is its game's (its own sizes module): here, the chrome on it
        d.screenshot(f"{tag(d)}-chrome-{game}-table", d.shots)
        for name in CHROME:
            w = screen.ids[name]
            assert d.cut_off(w) == [] and d.small_text(w) == [], (game, name, d.cut_off(w), d.small_text(w))
        # a move that asks first (Mayan Curse's Escaped): Yes away from the finger on it
        escaped = next((b for b in getattr(screen.ids.get("actions"), "children", [])
                        if getattr(b, "text", "") == escaped_word() and not b.disabled), None)
        if escaped is not None:
            close_overlays(d)
            ask = asks(d, escaped, "ConfirmChoice", f"{game}: Escaped")
            yield f"chrome-{game}-confirm-choice"
            d.tap(ask.no)
        here = places(screen)
        sizes[game] = {k: v[2:] for k, v in here.items()}
        # Undo where the finger is, twice: nothing moves, Redo becomes available in place
        tap_at(d, centre(screen.ids.undo))
        close_overlays(d)
        assert places(screen) == here, f"{game}: a chrome button moved after Undo"
        assert not screen.ids.redo.disabled, f"{game}: Redo not available after an Undo"
        tap_at(d, centre(screen.ids.redo))
        close_overlays(d)
        # the Log, Fix a number…, and Cancel back to the Log
        d.tap(screen.log_button)
        log = overlay(d, "LogOverlay")
        assert log is not None, game
        yield f"chrome-{game}-log"
        d.tap(log.fix_button)
        fix = overlay(d, "FixOverlay")
        assert fix is not None, game
        yield f"chrome-{game}-fix"
        d.tap(fix.cancel_button)
        assert overlay(d, "FixOverlay") is None and overlay(d, "LogOverlay") is not None, \
            f"{game}: Cancel on Fix a number… did not go back to the Log"
        d.tap(log.close_button)
        # an Undo of something the whole table saw asks, with its Yes away from Undo
        if play(d, session, rng, asks_to_undo):
            close_overlays(d)
            ask = asks(d, screen.ids.undo, "ConfirmUndo", f"{game}: Undo of what the table saw")
            yield f"chrome-{game}-confirm-undo"
            d.tap(ask.keep)
        # the end
        close_overlays(d)
        play(d, session, rng, never)
        d.frames(3)
        close_overlays(d)
        if session.result() is not None:
            if d.screen().name != "end":
                d.app.show("end")
                d.frames(2)
            yield f"chrome-{game}-end"
    first = next(iter(sizes.values()))
    assert all(s == first for s in sizes.values()), f"chrome buttons differ between games: {sizes}"
    assert len({v for v in first.values()}) == 1, f"chrome buttons differ from each other: {first}"
    # Home with games in progress, and the abandon question (its "Abandon game" away from
    # the finger on "Abandon…")
    for game, names, options in GAMES:
        session = start(d, game, names, options)
        play(d, session, random.Random(5), under_way)
    close_overlays(d)
    d.app.show("home")
    d.frames(3)
    yield "chrome-home"
    home = d.screen()
    row = home.ids.resume_list.children[-1]
    where = centre(row.ids.abandon)
    tap_at(d, where)
    ask = overlay(d, "AbandonConfirm")
    assert ask is not None
    d.frames(2)
    sure = ask.ids.confirm
    assert not sure.collide_point(*sure.to_widget(*where)), "Abandon game opened under the finger"
    yield "chrome-home-abandon"
    d.tap(ask.ids.keep)


def escaped_word() -> str:
    """Mayan Curse's Escaped button in the table's language."""
    from companion.games.mayan_curse.i18n import pgettext

    return pgettext("button", "Escaped")
