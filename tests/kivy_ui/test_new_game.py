"""Starting a game night (issue 10, section 6; issue 15, players): name fields show
hints, not text to delete; the form opens at its top; "Same table as last time"
seats the last table again; a seat's ▾ picks a remembered player; a known fob
fills in its owner's name; with no physical keyboard, Kivy's on-screen keyboard
docks below the form and never covers the field being typed in."""
from __future__ import annotations

import pytest


def open_new_game(d):
    d.app.show("home")
    d.frames(2)
    d.tap(d.screen().ids.new_game)
    s = d.screen()
    assert s.name == "new_game"
    return s


def start_and_go_home(d, s):
    d.tap(s.ids.start)
    assert d.screen().name != "new_game", s.ids.notice.text
    d.app.leave_game()
    d.frames(2)


def test_names_are_hints_and_an_empty_name_starts_as_its_hint(ui):
    d = ui
    s = open_new_game(d)
    d.tap_text("Maya Madness", widget=s.ids.game_choice, exact=True)
    while s.players > 2:
        d.tap(s.ids.fewer)
    for r in s.rows():
        r.ids.name.text = ""
    assert [(r.ids.name.text, r.ids.name.hint_text) for r in s.rows()] == [("", "Player 1"), ("", "Player 2")]
    assert s.ids.scroll.scroll_y == 1
    from kivy.uix.label import Label

    small = [(w.text[:20], w.font_size) for w in d.walk(s)
             if isinstance(w, Label) and w.text and w.opacity > 0 and w.font_size < 16]
    assert small == [], "nothing on New game is smaller than 16 px"
    d.tap(s.ids.start)
    assert d.app.session.players == ["Player 1", "Player 2"]
    d.app.leave_game()


def test_the_form_opens_at_its_top_even_after_scrolling_away(ui):
    d = ui
    s = open_new_game(d)
    s.ids.scroll.scroll_y = 0
    d.tap(s.ids.back)
    s = open_new_game(d)
    d.frames(2)
    assert s.ids.scroll.scroll_y == 1


def test_same_table_as_last_time_brings_back_game_players_colours_and_fobs(ui):
    d = ui
    s = d.fill_new_game("Maya", ["Ana", "Ben", "Cleo"], fobs={0: "q"})
    d.tap(s.rows()[1].ids.colour)  # Ben takes another colour than the default
    chosen = [r.colour_name for r in s.rows()]
    fob = s.rows()[0].fob
    start_and_go_home(d, s)
    s = open_new_game(d)
    d.tap_text("Maya Madness", widget=s.ids.game_choice, exact=True)
    assert "Ana, Ben, Cleo" in s.ids.same_table.text
    d.shot("10-new-game-same-table")
    d.tap(s.ids.same_table)
    assert s.game == "maya"
    assert [r.ids.name.text for r in s.rows()] == ["Ana", "Ben", "Cleo"]
    assert [r.colour_name for r in s.rows()] == chosen
    assert s.rows()[0].fob == fob


def test_a_known_fob_fills_in_its_owners_name(ui):
    d = ui
    s = d.fill_new_game("Maya Madness", ["Ana", "Ben"], fobs={0: "w"})
    start_and_go_home(d, s)
    s = open_new_game(d)
    d.tap_text("Maya Madness", widget=s.ids.game_choice, exact=True)
    for r in s.rows():
        r.ids.name.text = ""
        r.fob = ""
    row = s.rows()[1]
    d.tap(row.ids.fob)
    d.tap_fob("w")  # fob B again, on the simulated reader
    assert d.until(lambda: row.fob, 3)
    assert row.ids.name.text == "Ana"


def test_a_seat_picks_a_remembered_player_from_the_list(ui):
    from kivy.uix.modalview import ModalView

    d = ui
    s = d.fill_new_game("Maya Madness", ["Ana", "Dev"])
    start_and_go_home(d, s)
    s = open_new_game(d)
    d.tap_text("Maya Madness", widget=s.ids.game_choice, exact=True)
    for r in s.rows():
        r.ids.name.text = ""
    d.tap(s.rows()[0].ids.pick)
    picker = next(w for w in d.window_widgets() if isinstance(w, ModalView))
    d.shot("10-new-game-pick-player")
    d.tap(d.find("Dev", widget=picker))
    assert s.rows()[0].ids.name.text == "Dev"


@pytest.fixture
def no_keyboard(monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_KEYBOARD", "screen")


def test_with_no_keyboard_the_docked_keyboard_types_and_never_covers_the_field(ui, no_keyboard):
    d = ui
    s = open_new_game(d)
    d.tap_text("Maya Madness", widget=s.ids.game_choice, exact=True)
    while s.players < 4:
        d.tap(s.ids.more)
    field = s.rows()[3].ids.name  # the lowest seat: the one a keyboard would cover
    field.text = ""
    d.tap(field)
    d.frames(3)
    dock = s.ids.keyboard_dock
    assert s.keyboard_shown and dock.children and dock.height > 100
    kb = dock.children[0]
    field_bottom = field.to_window(field.x, field.y)[1]
    dock_top = dock.to_window(dock.x, dock.top)[1]
    assert field_bottom >= dock_top - 1, (field_bottom, dock_top)
    for ch in "Zoe":
        kb.dispatch("on_textinput", ch)
    kb.dispatch("on_key_down", "backspace", None, [])
    kb.dispatch("on_textinput", "e")
    assert field.text == "Zoe"
    d.shot("10-new-game-keyboard")
    kb.dispatch("on_key_down", "enter", None, [])
    assert not s.keyboard_shown and dock.height == 0


def test_with_a_physical_keyboard_no_keyboard_is_drawn(ui, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_KEYBOARD", "physical")
    d = ui
    s = open_new_game(d)
    d.tap(s.rows()[0].ids.name)
    assert not s.keyboard_shown and s.ids.keyboard_dock.height == 0
    s.rows()[0].ids.name.focus = False


def test_the_keyboard_goes_away_when_something_else_is_touched(ui, no_keyboard):
    d = ui
    s = open_new_game(d)
    d.tap(s.rows()[0].ids.name)
    assert s.keyboard_shown
    d.tap(s.rows()[1].ids.name)  # another name: the keyboard stays, now for that field
    assert s.keyboard_shown
    d.tap(s.ids.more)
    assert not s.keyboard_shown


def test_renaming_a_remembered_player_keeps_them_one_player(ui, no_keyboard):
    from kivy.uix.modalview import ModalView

    d = ui
    s = d.fill_new_game("Maya Madness", ["Ana", "Dev"])
    start_and_go_home(d, s)
    s = open_new_game(d)
    d.tap_text("Maya Madness", widget=s.ids.game_choice, exact=True)
    for r in s.rows():
        r.ids.name.text = ""
    d.tap(s.rows()[0].ids.pick)
    picker = next(w for w in d.window_widgets() if isinstance(w, ModalView))
    dev_line = d.find("Dev", widget=picker, exact=False).parent
    d.tap(next(w for w in dev_line.children if getattr(w, "text", "") == "Rename…"))
    picker.field.text = ""
    for ch in "Devon":
        picker.keyboard.dispatch("on_textinput", ch)
    d.shot("15-rename-player")
    d.tap(d.find("Rename", widget=picker, exact=True))
    assert d.find("Devon", widget=picker)
    roster = s.roster()
    devon = roster.by_name("Devon")
    assert devon is not None and roster.names_of(devon.id) == ["Devon", "Dev"]
    assert roster.by_name("Dev") is None
    picker.dismiss()
    d.frames(2)
