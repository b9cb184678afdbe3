"""What happened is always visible (issue 10, point 2): the game log one tap from
the table screen, in the engine's sentences from the table's view only; the
newest move on the table line (never the previous player's draw); Undo and Redo
say what they did; "Fix a number…" offers the public numbers the game lists."""
from __future__ import annotations

from companion.rules.engine import TABLE
from companion.table.log import game_log

from .test_app import harmless, new_game, pad, play_towards_win


def log_overlay(d):
    return next((w for w in d.window_widgets() if type(w).__name__ == "LogOverlay"), None)


def log_lines(d):
    return [w.text for w in log_overlay(d).lines.children][::-1]


def strip(markup: str) -> str:
    import re

    return re.sub(r"\[/?color[^\]]*\]", "", markup).split("  ", 1)[-1].strip()


def test_the_log_is_one_tap_away_and_tells_the_whole_game_in_the_tables_words(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben", "Cy"))
    screen = d.screen()
    pad(d, "+2")  # Cy deals
    for _ in range(4):
        pad(d, harmless(table))
    before = d.touches
    d.tap(screen.log_button)
    assert d.touches - before == 1 and log_overlay(d) is not None
    session = table.session
    expected = [" ".join(e["sentences"]) for e in game_log(session.game, session.players, session.options,
                                                            session.actions, TABLE)]
    assert [strip(t) for t in log_lines(d)] == expected
    assert "draws a secret token." in " ".join(expected)
    d.shot("log-01-overlay")
    d.tap(log_overlay(d).close_button)
    assert log_overlay(d) is None or log_overlay(d).parent is None


def test_undo_takes_the_entry_out_of_the_log_and_redo_says_whose_move_came_back(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    screen = d.screen()
    pad(d, "+1")  # Ben deals
    pad(d, harmless(table))  # Ana
    card = harmless(table)
    pad(d, card)  # Ben
    newest = screen.summary
    assert newest.startswith("Ben plays")
    d.tap(screen.ids.undo)
    assert screen.summary == "Took back Ben's last move."
    d.tap(screen.log_button)
    assert not any("Ben plays" in t for t in log_lines(d))
    d.tap(log_overlay(d).close_button)
    d.tap(screen.ids.redo)
    assert screen.summary == "Put back Ben's move."
    d.tap(screen.log_button)
    assert strip(log_lines(d)[-1]) == newest
    d.tap(log_overlay(d).close_button)


def test_a_turn_never_opens_with_the_last_players_draw(ui):
    """After a token won, the next player's table line is the win, not 'Ana draws a
    secret token.' (the draw is in the log)."""
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    screen = d.screen()
    pad(d, "0")
    for _ in range(40):
        play_towards_win(d, table, seat=0)
        if table.public_view()["players"][0]["tokens"]:
            break
    assert "wins the secret token" in screen.ids.summary.text
    assert "draws a secret token" not in screen.ids.summary.text
    d.shot("log-02-after-a-win")


def test_fix_a_number_offers_the_numbers_the_game_lists(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    screen = d.screen()
    pad(d, "+3")
    d.tap(screen.log_button)
    d.tap(log_overlay(d).fix_button)
    fix = next(w for w in d.window_widgets() if type(w).__name__ == "FixOverlay")
    assert [r.fix.key for r in fix.rows] == ["count"] and fix.rows[0].shown.text == "3"
    d.tap(fix.rows[0].buttons[5])
    d.tap(fix.rows[0].buttons[-1])
    assert fix.rows[0].shown.text == "7"
    d.shot("fix-01-count")
    assert fix.by_button.text.startswith("Fixed by Ana")  # the player at turn, tap for another
    d.tap(fix.by_button)
    assert fix.by_button.text.startswith("Fixed by Ben")
    d.tap(fix.save_button)
    assert table.public_view()["count"] == 7
    assert screen.ids.summary.text == "Ben fixed the count to 7."
    d.tap(screen.log_button)
    assert strip(log_lines(d)[-1]) == "Ben fixed the count to 7."
    d.tap(log_overlay(d).close_button)
