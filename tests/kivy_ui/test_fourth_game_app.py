"""Issue 21, "Done when": the test-only fourth game (tests/companion/fourth_game),
found through an entry point alone, is playable in the app with touches — New
game (its options for the table's size), the generic table screen (the choices
bar, the picker of a two-part hop), its private view through the privacy gate
(its own choice, with its confirmation), Undo and Redo, the log, the end screen,
Past games and export — with no file outside its package touched."""
from __future__ import annotations

import importlib.util
import pathlib
import sys

import pytest

FOURTH = pathlib.Path(__file__).resolve().parents[1] / "companion" / "fourth.py"


def _fourth():
    if "fourth" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth", FOURTH)
        sys.modules["fourth"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules["fourth"]


@pytest.fixture
def installed(ui, tmp_path):
    with _fourth().installed(tmp_path / "site"):
        yield ui


@pytest.fixture
def with_board(ui, tmp_path):
    with _fourth().installed(tmp_path / "site", board=True):
        yield ui


def _place(w):
    """Where a widget is on screen, to the pixel."""
    return tuple(round(v) for v in (*w.to_window(*w.pos), *w.size))


def _bar(s):
    """Where Home, Log, Undo and Redo are on screen."""
    return [_place(w) for w in (s.ids.home, s.log_button, s.ids.undo, s.ids.redo)]


def _choice_button(d, label):
    return next(w for w in d.walk(d.screen().ids.choices) if getattr(w, "text", None) == label)


def _texts(d):
    return " | ".join(d.texts())


def test_the_fourth_game_is_played_from_new_game_to_export_through_its_entry_point(installed, tmp_path,
                                                                                     monkeypatch):
    from companion import games
    from companion.history import files as export_files

    d = installed
    assert "charms" in games.available() and "charms" not in games._MODULES  # the entry point alone
    screen = d.fill_new_game("Charm hunt", ("Ana", "Ben", "Cy"))
    def asked():
        return any(t.lower().startswith("quick:") for t in d.texts(screen.ids.option_rows))

    assert not asked()  # its game.toml: a two-player table only
    d.tap(screen.ids.fewer)
    assert asked()
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "charms", 5)
    table = d.app.table
    s = d.screen()
    assert type(s).__name__ == "TableScreen"  # no screen of its own: the generic one
    assert s.ids.prompt.text == "Ana steps or shows their charm."
    charm = table.session.view(0)["you"]["charm"]  # the test peeks; the screen must not
    assert "Show your" not in _texts(d)  # a seat-only choice never reaches the public bar
    assert d.cut_off() == [] and d.small_text(s) == [], d.small_text(s)
    d.frames(5)  # the screen's transition and the choices' scroll view settle
    bar = _bar(s)
    step_place = _place(_choice_button(d, "Step"))

    # A choice with two parts: the picker asks one at a time, offering only what is still legal.
    d.tap(_choice_button(d, "Hop"))
    picker = s.ids.choices.picker
    assert picker is not None and picker.parent is not None
    d.tap_text("3", widget=picker, exact=True)
    offered = [w.text for w in d.walk(picker) if w.__class__.__name__ == "BigButton" and w.text != "Cancel"]
    assert offered == ["1"], offered  # 3 + 2 would go past 4
    d.tap_text("1", widget=picker, exact=True)
    assert table.public_view()["players"][0]["score"] == 4
    assert "score 4" in s.board.rows[0].text
    assert s.ids.prompt.text == "Ben steps or shows their charm."
    d.frames(5)
    assert _bar(s) == bar  # the top bar never moves
    assert _place(_choice_button(d, "Step")) == step_place  # nor a choice from player to player

    # Undo and Redo in their fixed places.
    d.tap(s.ids.undo)
    assert table.public_view()["players"][0]["score"] == 0
    d.tap(s.ids.redo)
    assert table.public_view()["players"][0]["score"] == 4

    # Ben's private view, through the gate: his charm in the game's words and his own choice.
    ben_charm = table.session.view(1)["you"]["charm"]
    d.tap(s.board.rows[1])
    assert d.until(lambda: table.pending_peek == 1, 3)
    d.tap(s.gate_view._confirm.ids_show)
    assert d.until(lambda: table.gate is not None, 3)
    overlay = s.gate_view._private
    assert any(str(ben_charm) in t for t in d.texts(overlay))
    show = d.find(f"Show your {ben_charm}", widget=overlay, exact=True)
    assert show is not None
    d.tap(show)
    d.tap_text("Yes", exact=True)  # the game's confirmation: a reveal cannot be taken back
    assert table.public_view()["players"][1]["score"] == ben_charm
    d.tap(overlay.hide_button)
    assert table.gate is None

    # The log, in the game's sentences.
    d.tap(s.log_button)
    assert d.find("Ana hops 3 and 1 to 4.") is not None
    s._log_overlay.dismiss(animation=False)
    d.frames(2)

    # Step to the end.
    for _ in range(60):
        if d.screen().name != "charms":
            break
        d.tap(_choice_button(d, "Step"))
    assert d.until(lambda: d.screen().name == "end", 5)
    assert "wins" in d.screen().ids.headline.text
    assert charm in (1, 2, 3, 4, 5, 6, 7, 8, 9)

    # Past games names it by its title, and export carries it.
    d.app.show("history")
    assert d.until(lambda: any("Charm hunt" in t for t in d.texts(d.screen().ids.games)), 5)
    monkeypatch.setattr(export_files, "MOUNT_GLOBS", ())
    monkeypatch.setattr(export_files, "data_dir", lambda: tmp_path)
    d.tap(d.screen().ids.export)
    written = sorted((tmp_path / "exports").iterdir())
    assert any("Charm hunt" in p.read_text(encoding="utf-8") for p in written if p.suffix == ".csv")


def test_a_game_brings_its_own_board_through_its_screen_entry_point(with_board):
    d = with_board
    screen = d.fill_new_game("Charm hunt", ("Ana", "Ben"))
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "charms", 5)
    s = d.screen()
    assert type(s).__name__ == "TableScreen" and type(s.board).__name__ == "CharmBoard"
    target = d.app.table.public_view()["target"]
    assert s.board.tracks[0].text == "Ana: " + "·" * target
    d.tap(_choice_button(d, "Step"))
    assert s.board.tracks[0].text == "Ana: ●" + "·" * (target - 1)
    d.app.leave_game()


def test_a_game_without_a_screen_of_its_own_gets_the_generic_one(installed):
    from kivy_ui.screens import GAME_SCREENS, GENERIC, screen_class

    assert GAME_SCREENS["charms"] == GENERIC
    assert GAME_SCREENS["maya"] == "kivy_ui.screens.maya:MayaScreen"  # its own, from pyproject.toml
    assert screen_class(GAME_SCREENS["charms"]).__name__ == "TableScreen"
    assert "charms" in GAME_SCREENS and "nonsense" not in GAME_SCREENS
