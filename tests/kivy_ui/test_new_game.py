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


# --- the on-screen keyboard by touch (issue 22 §4) ------------------------------------
@pytest.fixture
def table_language(monkeypatch):
    """The system's locale, as the Pi's LANG sets it (the [app] keyboard setting is "auto")."""
    def set_lang(lang):
        for k in ("LC_ALL", "LC_MESSAGES"):
            monkeypatch.delenv(k, raising=False)
        monkeypatch.setenv("LANG", lang)
    return set_lang


def type_keys(d, kb, text):
    """Each character a tap on its key (Shift is the keyboard's own business)."""
    for ch in text:
        code = "spacebar" if ch == " " else ch.lower()
        where = kb.key_at(code)
        if where is None:  # on the second page: its key, the letter, and back
            d.tap_at(*kb.key_at("page"))
            where = kb.key_at(code)
            assert where is not None, f"no key for {ch!r}"
            d.tap_at(*where)
            d.tap_at(*kb.key_at("page"))
        else:
            d.tap_at(*where)


def four_seats(d):
    s = open_new_game(d)
    d.tap_text("Maya Madness", widget=s.ids.game_choice, exact=True)
    while s.players < 4:
        d.tap(s.ids.more)
    for r in s.rows():
        r.ids.name.text = ""
    return s


def test_four_names_take_four_taps_plus_the_letters_and_start_with_a_capital(ui, no_keyboard, table_language):
    table_language("de_DE.UTF-8")
    d = ui
    s = four_seats(d)
    names = ["Ana", "Ben", "Jörg", "Dee"]
    before = d.touches
    d.tap(s.rows()[0].ids.name)
    kb = s.keyboard
    assert kb.language == "de" and kb.key_at("ö") and kb.key_at("ß"), "a German table's keyboard has ö and ß"
    for i, name in enumerate(names):
        type_keys(d, kb, name.lower())  # no Shift tapped: the first letter is a capital by itself
        if i < len(names) - 1:
            d.tap_at(*kb.key_at("enter"))  # on to the next name
            assert s.rows()[i + 1].ids.name.focus
    letters = sum(len(n) for n in names)
    assert d.touches - before <= 4 + letters, d.touches - before
    assert [r.ids.name.text for r in s.rows()] == names
    d.shot("10-new-game-keyboard-de")
    d.tap_at(*kb.key_at("enter"))  # Enter on the last name puts the keyboard away
    assert not s.keyboard_shown and s.ids.keyboard_dock.height == 0
    d.tap(s.ids.start)
    assert d.app.session.players == names
    d.app.leave_game()
    d.frames(2)


def test_shift_works_with_one_finger_and_accents_reach_the_field(ui, no_keyboard, table_language):
    table_language("en_GB.UTF-8")
    d = ui
    s = four_seats(d)
    field = s.rows()[0].ids.name
    d.tap(field)
    kb = s.keyboard
    assert kb.language == "en" and kb.key_at("ö") is None
    type_keys(d, kb, "mc")
    d.tap_at(*kb.key_at("shift"))  # one finger: Shift, lifted, then the letter
    type_keys(d, kb, "kay zoé")
    assert field.text == "McKay Zoé", "Shift made one capital; a new word starts with one by itself"
    d.tap_at(*kb.key_at("backspace"))
    d.tap_at(*kb.key_at("backspace"))
    d.tap_at(*kb.key_at("backspace"))
    d.tap_at(*kb.key_at("shift"))  # Shift tapped again: off, so this word stays lower case
    type_keys(d, kb, "o")
    assert field.text == "McKay o"
    d.tap_at(*kb.key_at("escape"))
    assert not s.keyboard_shown


def test_the_keyboard_setting_overrides_the_system_language(ui, no_keyboard, table_language, monkeypatch):
    table_language("en_US.UTF-8")
    d = ui
    monkeypatch.setitem(d.app.settings, "keyboard", "fr")
    s = four_seats(d)
    d.tap(s.rows()[0].ids.name)
    kb = s.keyboard
    assert kb.language == "fr" and kb.key_at("é") and kb.key_at("ç")
    type_keys(d, kb, "zoé")
    assert s.rows()[0].ids.name.text == "Zoé"
    d.tap_at(*kb.key_at("escape"))


def test_enter_on_a_physical_keyboard_goes_to_the_next_name(ui, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_KEYBOARD", "physical")
    d = ui
    s = four_seats(d)
    first, second = s.rows()[0].ids.name, s.rows()[1].ids.name
    d.tap(first)
    first.dispatch("on_text_validate")
    d.frames(2)
    assert second.focus
    second.focus = False


# --- the options in the rulebook's words, only where they apply (issue 22 §4) ---------
def option_texts(s):
    from kivy.uix.label import Label

    return [w.text for w in s.ids.option_rows.walk(restrict=True) if isinstance(w, Label) and w.text]


def test_options_read_as_the_rulebook_and_hide_where_they_do_not_apply(ui):
    d = ui
    s = open_new_game(d)
    d.tap_text("Maya Madness", widget=s.ids.game_choice, exact=True)
    texts = " ".join(option_texts(s))
    assert "Cards: real cards in the players' hands" in texts and "Dealer: the last player" in texts
    for internal in ("deck:", "physical", "-1", "seat", "tokens_to_win", "Tokens to win"):
        assert internal not in texts, internal
    d.tap_text("Mayan Curse", widget=s.ids.game_choice, exact=True)
    while s.players < 4:
        d.tap(s.ids.more)
    texts = " ".join(option_texts(s))
    assert "Sacred stones:" in texts and "First player token:" in texts
    assert "Difficulty" not in texts and "scenario" not in texts.lower(), "solo options hidden at four"
    while s.players > 1:
        d.tap(s.ids.fewer)
    texts = " ".join(option_texts(s))
    assert "Difficulty level: Normal (25 knowledge)" in texts and "Solo scenario: none" in texts
    assert "First player token" not in texts and "crushed" not in texts
    for _ in range(9):  # the + stays in its place as the options below it change
        scenario = d.find("Solo scenario:", widget=s.ids.option_rows)
        plus = next(w for w in scenario.parent.children if getattr(w, "text", "") == "+")
        s.ids.scroll.scroll_to(plus, padding=10, animate=False)  # as a finger scrolls to it first
        d.frames(2)
        where = plus.to_window(*plus.center)
        d.tap(plus)
    d.wait(0.3)  # a person's pace before the next tap: the form has settled (its keeping runs to 0.15 s)
    plus = next(w for w in d.find("Solo scenario:", widget=s.ids.option_rows).parent.children
                if getattr(w, "text", "") == "+")
    assert plus.to_window(*plus.center) == pytest.approx(where, abs=1)
    texts = " ".join(option_texts(s))
    assert "Solo scenario: 9" in texts and "A stela crushed by a boulder:" in texts
    assert "Brown stelae laid in the passage:" in texts, "scenario 9 asks how many the table laid"
    assert "Difficulty" not in texts, "a scenario sets its own goal"
    assert set(s.applied_options()) == {"purse", "stelae", "scenario", "all_stelae", "laid_brown_passage"}
    d.shot("10-new-game-curse-solo-options")
    d.tap_text("Maya", widget=s.ids.game_choice, exact=True)
    texts = " ".join(option_texts(s))
    assert "Variation for advanced players: no" in texts and "lowest bid" not in texts
    d.tap(d.find("Variation for advanced players:", widget=s.ids.option_rows))
    assert "Tie for the lowest bid:" in " ".join(option_texts(s)), "the auction's tie only in the advanced game"
    d.tap(d.find("Variation for advanced players:", widget=s.ids.option_rows))


def test_the_smallest_text_on_new_game_is_18_sp(ui):
    from kivy.metrics import sp
    from kivy.uix.label import Label

    d = ui
    s = open_new_game(d)
    d.tap_text("Mayan Curse", widget=s.ids.game_choice, exact=True)
    small = [(w.text[:20], w.font_size) for w in d.walk(s)
             if isinstance(w, Label) and w.text and d.visible(w) and w.font_size < sp(18) - 0.01]
    assert small == []
