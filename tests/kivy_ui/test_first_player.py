"""A fair first player (issue 25 §1): New game's "Draw the first player" lets the
companion draw who starts from the game's sealed seed; the table line lights the
names in turn, then names the one drawn, without holding up a touch."""
from __future__ import annotations

from companion.table.first import drawn_seat


def test_new_game_draws_the_first_player_and_the_table_shows_who_starts(ui):
    d = ui
    d.app.show("home")
    d.frames(2)
    s = d.fill_new_game("Maya", ["Ana", "Ben", "Cleo"])
    d.tap_text("Draw the first player", widget=s.ids.option_rows, exact=True)
    assert s.draw_first
    labels = [getattr(w, "text", "") for w in d.walk(s.ids.option_rows)]
    assert "Who starts: drawn by the companion" in labels
    assert not any(t.startswith("First player:") for t in labels), "a drawn first player is not chosen"
    d.shot("first-player-new-game")
    d.tap(s.ids.start)
    game = d.screen()
    assert game.name != "new_game", s.ids.notice.text
    seat = drawn_seat(d.app.session)
    assert seat is not None and d.app.session.state.turn == seat
    assert d.until(lambda: game.newest.startswith("▶"), 1)
    d.shot("first-player-drawing")
    assert d.until(lambda: game.drawing is None, 3), "the names are lit for about 1.5 s, no longer"
    assert f"The draw chose {d.app.session.players[seat]} to start." in game.newest
    d.frames(3)
    d.shot("first-player-table")
    d.app.leave_game()
    d.frames(2)
    s.draw_first = False  # New game remembers the switch; the next test's table chooses
