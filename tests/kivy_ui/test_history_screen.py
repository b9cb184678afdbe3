"""Past games, a game's detail and the statistics screen (issue 15), driven by
touch at 800x480 with screenshots: paging and filters that read one page from
the journal, every row opening its game (ranking with colours, tie-break, the
log in sentences, a move-by-move step-through of the table view, the score by
round), Export to a USB stick or the data folder saying where, and the plots."""
from __future__ import annotations

import os
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from history_fill import assert_readable, open_past_games


@pytest.fixture
def past(ui):
    return open_past_games(ui)


def test_past_games_page_through_and_filter_by_game_and_player(past):
    d = past
    s = d.screen()
    rows = [w for w in s.ids.games.children if "won" in w.text]
    assert len(rows) == 6 and s.total >= 9
    assert s.ids.page_label.text.startswith("1 / ")
    assert_readable(d, s)
    d.shot("15-past-games")
    d.tap(s.ids.next)
    assert s.ids.page_label.text.startswith("2 / ")
    d.tap(s.ids.game_filter)
    shown = s.ids.game_filter.text.split(": ")[1]
    assert all(shown in w.text for w in s.ids.games.children)
    while s.ids.player_filter.text != "Player: Dev":
        d.tap(s.ids.player_filter)
    assert all("Dev" in w.text for w in s.ids.games.children if "won" in w.text)
    d.shot("15-past-games-filtered")


def test_a_row_opens_the_game_with_its_log_steps_and_plot(past):
    d = past
    s = d.screen()
    while s.game_filter != "maya":
        d.tap(s.ids.game_filter)
    first = next(w for w in reversed(s.ids.games.children) if "won" in w.text)
    d.tap(first)
    detail = d.screen()
    assert detail.name == "game_detail"
    g = detail.detail
    assert g["title"] in detail.ids.title.text
    ranking = [w for w in detail.ids.results.children if w.font_size >= 24]
    assert len(ranking) == len(g["players"])
    winner = g["players"][g["winners"][0]]
    assert any(winner in w.text and w.bold for w in ranking)
    assert_readable(d, detail, ranking)
    log = detail.ids.pane.children[0]
    assert len(log.data) == len(g["log"]) > 10
    d.shot("15-game-detail-log")
    d.tap(detail.ids.tab_step)
    pane = detail.ids.pane.children[0]
    d.tap(pane.ids.back)
    assert pane.ids.where.text == f"Move {len(g['log']) - 1} of {len(g['log'])}"
    for _ in range(3):
        d.tap(pane.ids.back)
    assert pane.ids.said.text == " ".join(g["log"][len(g["log"]) - 5]["sentences"])
    assert "gold" in pane.ids.table.text
    d.shot("15-game-detail-step")
    d.tap(detail.ids.tab_plot)
    plot = detail.ids.pane.children[0]
    assert plot.series and len(plot.series) == len(g["players"])
    d.shot("15-game-detail-plot")


def test_export_goes_to_a_usb_stick_when_one_is_mounted_and_says_where(past, tmp_path, monkeypatch):
    from companion import export

    d = past
    s = d.screen()
    stick = tmp_path / "media" / "pi" / "STICK"
    stick.mkdir(parents=True)
    monkeypatch.setattr(export, "MOUNT_GLOBS", (str(tmp_path / "media" / "*" / "*"),))
    real_ismount = os.path.ismount
    monkeypatch.setattr(os.path, "ismount", lambda p: str(p) == str(stick) or real_ismount(p))
    d.tap(s.ids.export)
    assert "USB stick STICK" in s.ids.notice.text
    assert sorted(p.suffix for p in stick.iterdir()) == [".bgsplay", ".csv"]
    d.shot("15-past-games-exported")
    stick.rename(tmp_path / "gone")
    d.tap(s.ids.export)
    assert "data folder" in s.ids.notice.text


def test_a_mayan_curse_game_opens_with_its_log_and_table_views(past):
    import random

    from history_fill import _steps

    d = past
    s = _steps().play_session(d.app.journal, "mayan-curse", ["Ana", "Ben", "Cleo"], random.Random(4),
                              meta={"colours": ["Red", "Blue", "Green"]})
    screen = d.app.show("game_detail")
    screen.show_game(s.id)
    d.frames(2)
    assert screen.detail["title"] == "Mayan Curse" and screen.detail["log"]
    assert_readable(d, screen)
    d.shot("15-game-detail-curse")
    d.tap(screen.ids.tab_step)
    pane = screen.ids.pane.children[0]
    d.tap(pane.ids.back)
    assert pane.ids.table.text
    d.shot("15-game-detail-curse-step")
