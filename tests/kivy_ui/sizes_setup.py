"""States for test_sizes.py (issue 22 §3): the setup and history screens — New game
with its options and the on-screen keyboard, Past games, a game's detail (log,
step-through, plot), Statistics (each plot), Tags and Box setup (each game's box)."""
from __future__ import annotations

import os


def _finished_games(d):
    """A few finished games to list (two Maya, one Maya Madness) and a Mayan Curse one."""
    import random

    from history_fill import _steps, fill

    fill(d.app.journal, count=3)
    curse = _steps().play_session(d.app.journal, "mayan-curse", ["Ana", "Ben", "Cleo"], random.Random(4),
                                  meta={"colours": ["Red", "Blue", "Green"]})
    return curse.id


def _new_game(d):
    from kivy_ui.screens.home import game_title

    s = d.fill_new_game(game_title("mayan-curse"), ["Ana"])
    s.ids.scroll.scroll_y = 0  # the options, below the players
    d.frames(3)
    yield "new_game-curse-solo-options"
    d.app.show("home")
    d.frames(2)
    old = os.environ.get("MAYA_COMPANION_KEYBOARD")
    os.environ["MAYA_COMPANION_KEYBOARD"] = "screen"
    try:
        s = d.fill_new_game(game_title("maya-madness"), ["Ana", "Ben", "Cy", "Dee"])
        d.tap(s.rows()[3].ids.name)
        d.frames(3)
        yield "new_game-keyboard"
        s.hide_keyboard()
    finally:
        if old is None:
            os.environ.pop("MAYA_COMPANION_KEYBOARD", None)
        else:
            os.environ["MAYA_COMPANION_KEYBOARD"] = old


def _history(d, curse_id):
    d.app.show("home")
    d.frames(2)
    d.tap(d.screen().ids.history)
    s = d.screen()
    yield "history"
    first = next(w for w in reversed(s.ids.games.children) if getattr(w, "text", "") and w is not s._none)
    d.tap(first)
    detail = d.screen()
    yield "game_detail-log"
    d.tap(detail.ids.tab_step)
    d.tap(detail.ids.pane.children[0].ids.back)
    yield "game_detail-step"
    d.tap(detail.ids.tab_plot)
    yield "game_detail-plot"
    detail = d.app.show("game_detail")
    detail.show_game(curse_id)
    d.frames(3)
    yield "game_detail-curse"
    d.app.show("history")
    d.frames(2)
    d.tap(d.screen().ids.stats)
    st = d.screen()
    for _ in range(6):
        if st.game == "maya":
            break
        d.tap(st.ids.game_button)
    yield "stats-scores"
    for kind in ("seats", "spread"):
        d.tap(st.ids[f"tab_{kind}"])
        yield f"stats-{kind}"


def _tags_and_box(d):
    from companion.games import get_game

    d.app.show("home")
    d.frames(2)
    d.tap(d.screen().ids.tags)
    yield "tags"
    box = d.app.show("box_setup")
    d.frames(3)
    for game in list(box.sections):
        box.choose(game)
        d.frames(3)
        yield f"box_setup-{game}"
    assert all(get_game(g).box_spec() is not None for g in box.sections)


def states(d):
    curse_id = _finished_games(d)
    yield from _new_game(d)
    yield from _history(d, curse_id)
    yield from _tags_and_box(d)
