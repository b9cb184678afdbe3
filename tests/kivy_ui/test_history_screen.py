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
from history_fill import assert_readable, open_past_games, tap_until


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
    tap_until(d, s.ids.player_filter, lambda: s.ids.player_filter.text == "Player: Dev", most=30)
    assert all("Dev" in w.text for w in s.ids.games.children if "won" in w.text)
    d.shot("15-past-games-filtered")


def test_a_row_opens_the_game_with_its_log_steps_and_plot(past):
    d = past
    s = d.screen()
    tap_until(d, s.ids.game_filter, lambda: s.game_filter == "maya")
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
    from companion.history import files as export_files

    d = past
    s = d.screen()
    stick = tmp_path / "media" / "pi" / "STICK"
    stick.mkdir(parents=True)
    monkeypatch.setattr(export_files, "MOUNT_GLOBS", (str(tmp_path / "media" / "*" / "*"),))
    real_ismount = os.path.ismount
    monkeypatch.setattr(os.path, "ismount", lambda p: str(p) == str(stick) or real_ismount(p))
    d.tap(s.ids.export)
    assert "USB stick STICK" in s.ids.notice.text
    assert sorted(p.suffix for p in stick.iterdir()) == [".bgsplay", ".csv"]
    d.shot("15-past-games-exported")
    assert "No USB stick" not in s.ids.notice.text
    stick.rename(tmp_path / "gone")
    d.tap(s.ids.export)
    assert "data folder" in s.ids.notice.text
    # A kiosk's players cannot open the data folder: the screen says why no stick
    # took the files and how to get them.
    assert "No USB stick was found (FAT or exFAT): plug one in and export again" in s.ids.notice.text
    assert d.cut_off() == []


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
    # Only the options that applied to a table of three, in the rulebook's words (issue 22 §4).
    said = " ".join(w.text for w in screen.ids.results.children)
    assert "Sacred stones: drawn by the companion" in said and "First player token:" in said
    for solo_only in ("difficulty", "Difficulty", "scenario", "stelae strict", "_"):
        assert solo_only not in said, solo_only
    assert_readable(d, screen)
    d.shot("15-game-detail-curse")
    d.tap(screen.ids.tab_step)
    pane = screen.ids.pane.children[0]
    d.tap(pane.ids.back)
    assert pane.ids.table.text
    d.shot("15-game-detail-curse-step")


def _mode(path):
    import stat

    return stat.S_IMODE(path.stat().st_mode)


def test_save_game_then_export_both_land_in_the_data_folder_owner_only(past, tmp_path, monkeypatch):
    """Issue 20: Save game wrote the record as one file named `exports` (0644), and
    Export then failed "(File exists)"."""
    from companion.history import files as export_files

    d = past
    s = d.screen()
    data = tmp_path / "data"
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(data))
    monkeypatch.setattr(export_files, "MOUNT_GLOBS", ())
    first = next(w for w in reversed(s.ids.games.children) if "won" in w.text)
    d.tap(first)
    detail = d.screen()
    d.tap(detail.ids.export)
    assert detail.ids.notice.text.startswith("Saved maya-game-")
    assert detail.ids.notice.text.endswith(export_files.NO_STICK)
    d.tap(detail.ids.back)
    d.tap(s.ids.export)
    assert "data folder" in s.ids.notice.text and "Exported" in s.ids.notice.text, s.ids.notice.text
    folder = data / "exports"
    assert folder.is_dir() and _mode(folder) == 0o700
    files = sorted(folder.iterdir())
    assert sorted(p.suffix for p in files) == [".bgsplay", ".csv", ".jsonl"]
    assert [_mode(p) for p in files] == [0o600] * 3


def test_an_export_the_stick_cannot_finish_leaves_nothing_and_says_so(past, tmp_path, monkeypatch):
    """export_half_pair.py: the screen said nothing was written, yet the .bgsplay stayed."""
    import time

    from companion.history import files as export_files

    d = past
    s = d.screen()
    stick = tmp_path / "media" / "pi" / "STICK"
    now = time.time()
    for t in (now, now + 60):  # the CSV cannot take its name: a folder is in the way
        (stick / f"maya-plays-{time.strftime('%Y%m%d-%H%M', time.localtime(t))}.csv").mkdir(parents=True)
    monkeypatch.setattr(export_files, "MOUNT_GLOBS", (str(tmp_path / "media" / "*" / "*"),))
    real_ismount = os.path.ismount
    monkeypatch.setattr(os.path, "ismount", lambda p: str(p) == str(stick) or real_ismount(p))
    d.tap(s.ids.export)
    assert "Nothing was written to the USB stick STICK" in s.ids.notice.text, s.ids.notice.text
    assert not [p for p in stick.iterdir() if p.suffix == ".bgsplay" or p.name.startswith(".")]


def test_a_game_of_six_long_names_is_listed_whole(ui, tmp_path, monkeypatch):
    """A name may have 40 letters and Mayan Curse seats six: the row was 60 px high
    whatever its text, and the players' line ran out of it, cut off."""
    import random

    from history_fill import _steps

    from companion.store.journal import Journal

    d = ui
    monkeypatch.setattr(d.app, "journal", Journal.open(str(tmp_path / "journal.sqlite3")))
    names = [f"{c} Bartholomew-Maximilian von Habsburg-L"[:40] for c in "ABCDEF"]
    _steps().play_session(d.app.journal, "mayan-curse", names, random.Random(4))
    s = d.app.screen("history")
    s.game_filter = s.player_filter = ""  # an earlier test may have left a filter on
    s.page = 0
    d.app.show("history")
    d.frames(3)
    assert d.screen() is s
    row = next(w for w in s.ids.games.children if "won" in w.text)
    assert all(n in row.text for n in names)
    d.shot("20-past-games-long-names")  # asserts that no text is cut off
