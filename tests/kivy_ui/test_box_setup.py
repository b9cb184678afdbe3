"""The Box setup screen (issue 11, "Box numbers on the screen"): every game with a box
file has its numbers as rows a player steps with − and +, within the allowed range,
the rulebook source beside each, "not printed" where the rulebooks do not give it,
and a button back to the shipped value. Save writes the table's own box file only
when the game's validator accepts it whole; a bad value is a sentence and nothing
is saved. Driven with the test-only fourth game (tests/companion/fourth_game), which
the screen handles without naming it; the real games appear once they declare
their box (Game.box_spec)."""
from __future__ import annotations

import importlib.util
import pathlib
import sys
import tomllib

import pytest

from companion.games import available, get_game

FOURTH = pathlib.Path(__file__).resolve().parents[1] / "companion" / "fourth.py"


@pytest.fixture
def charms():
    if "fourth" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth", FOURTH)
        sys.modules["fourth"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    fourth = sys.modules["fourth"]
    game = fourth.register()
    yield game
    game.box_spec().override().unlink(missing_ok=True)
    fourth.unregister()


def open_box_setup(d, shot_name=None):
    d.tap(d.screen().ids.new_game)
    button = d.screen().ids.box_setup
    button.parent.parent.parent.scroll_to(button, animate=False)
    d.frames(2)
    if shot_name:  # the button among the options, as the table sees it after scrolling
        d.shot(shot_name)
    d.tap(button)
    screen = d.screen()
    assert screen.name == "box_setup"
    if len(screen.sections) > 1 and "charms" in screen.sections:  # one box at a time: the fourth game's
        d.tap_text("Charm hunt", widget=screen.ids.games, exact=True)
    return screen


def rows(d, screen, title=None):
    """key -> row, for the number rows of one game's section (all when title is None)."""
    return {w.box_key: w for w in d.walk(screen.ids.rows) if hasattr(w, "box_key")}


def save_button(d, screen, game):
    return next(w for w in d.walk(screen.ids.rows) if getattr(w, "box_game", None) == game)


def scroll_to(d, screen, widget):
    screen.ids.scroll.scroll_to(widget, animate=False)
    d.frames(2)


def test_a_games_box_numbers_are_rows_with_range_source_and_the_shipped_value(ui, charms):
    d = ui
    screen = open_box_setup(d, shot_name="box-setup-00-new-game-button")
    text = "\n".join(d.texts(screen))
    assert "Charm hunt" in text and "In use: the numbers shipped with the companion." in text
    found = rows(d, screen)
    count, target = found["charms.count"], found["charms.target"]
    assert count.ids.label.text == "Charms in the bag" and count.ids.value.text == "5"
    assert "2 to 9" in count.ids.source.text and "not printed" in count.ids.source.text
    assert "Not printed: the bag we had held five." in count.ids.source.text
    assert target.ids.label.text == "Score to win" and "not printed" not in target.ids.source.text
    assert "Rulebook, page 1" in target.ids.source.text
    assert "charms.count" not in text, "no internal key names as text"
    for button in (count.ids.minus, count.ids.plus, count.ids.reset):
        assert button.height >= 48 and button.width >= 48, "a finger-sized stepper"
    scroll_to(d, screen, count)
    d.shot("box-setup-01-charm-hunt")
    d.tap(screen.ids.back)
    d.tap(d.screen().ids.back)


def test_text_a_player_reads_is_at_least_16_px_and_titles_24(ui, charms):
    from kivy.uix.label import Label

    d = ui
    screen = open_box_setup(d)
    for w in d.walk(screen):
        if isinstance(w, Label) and w.text.strip():
            assert w.font_size >= 16, (w.text, w.font_size)
    headings = [w for w in d.walk(screen) if type(w).__name__ == "Heading" and w.text in ("Box setup", "Charm hunt")]
    assert len(headings) == 2 and all(w.font_size >= 24 for w in headings)
    d.tap(screen.ids.back)
    d.tap(d.screen().ids.back)


def test_a_value_the_game_refuses_is_a_sentence_and_nothing_is_saved(ui, charms):
    d = ui
    spec = charms.box_spec()
    screen = open_box_setup(d)
    count = rows(d, screen)["charms.count"]
    scroll_to(d, screen, count)
    d.tap(count.ids.plus)
    count = rows(d, screen)["charms.count"]
    d.tap(count.ids.plus)
    assert rows(d, screen)["charms.count"].ids.value.text == "7"
    d.tap(save_button(d, screen, "charms"))
    text = "\n".join(d.texts(screen))
    assert ("Not saved: “Score to win” must be at least twice the number of charms (14), not 12. "
            "Nothing was changed.") in text
    assert not spec.override().exists(), "nothing saved"
    scroll_to(d, screen, save_button(d, screen, "charms"))
    d.shot("box-setup-02-refused")
    d.tap(screen.ids.back)
    d.tap(d.screen().ids.back)


def test_saved_numbers_are_the_next_games_and_reset_goes_back_to_the_shipped_value(ui, charms):
    d = ui
    spec = charms.box_spec()
    screen = open_box_setup(d)
    for key, taps in (("charms.count", 2), ("charms.target", 2)):
        for _ in range(taps):
            row = rows(d, screen)[key]
            scroll_to(d, screen, row)
            d.tap(row.ids.plus)
    d.tap(save_button(d, screen, "charms"))
    with open(spec.override(), "rb") as f:
        saved = tomllib.load(f)
    assert saved["charms"]["count"] == 7 and saved["charms"]["target"] == 14
    assert saved["charms"]["unconfirmed"] == ["count"], "the rest of the file is kept"
    state = charms.setup(["Ana", "Ben"])
    assert (state.box.count, state.box.target) == (7, 14), "a new game uses the saved box"
    text = "\n".join(d.texts(screen))
    assert "Saved. A new game of Charm hunt uses these numbers." in text
    assert "In use: your own box numbers." in text
    scroll_to(d, screen, rows(d, screen)["charms.count"])
    d.shot("box-setup-03-saved")
    row = rows(d, screen)["charms.count"]
    assert row.ids.reset.text == "Shipped: 5"
    d.tap(row.ids.reset)
    assert rows(d, screen)["charms.count"].ids.value.text == "5"
    d.tap(save_button(d, screen, "charms"))
    with open(spec.override(), "rb") as f:
        assert tomllib.load(f)["charms"]["count"] == 5
    d.tap(screen.ids.back)
    d.tap(d.screen().ids.back)


def test_a_broken_box_file_is_said_and_the_shipped_numbers_can_be_saved_over_it(ui, charms):
    d = ui
    spec = charms.box_spec()
    spec.override().parent.mkdir(parents=True, exist_ok=True)
    spec.override().write_text("[charms]\ncount = 'many'\ntarget = 12\n")
    screen = open_box_setup(d)
    text = "\n".join(d.texts(screen))
    assert "Your box file does not work, so the shipped numbers are shown:" in text
    assert "“Charms in the bag” must be a whole number from 2 to 9, not 'many'." in text
    assert rows(d, screen)["charms.count"].ids.value.text == "5"
    row = rows(d, screen)["charms.target"]
    scroll_to(d, screen, row)
    d.tap(row.ids.plus)
    d.tap(save_button(d, screen, "charms"))
    with open(spec.override(), "rb") as f:
        assert tomllib.load(f)["charms"] == {"count": 5, "target": 13, "unconfirmed": ["count"]}
    d.tap(screen.ids.back)
    d.tap(d.screen().ids.back)


def test_every_installed_game_with_a_box_has_its_section(ui):
    """The real games, each once it declares its box: a button chooses it and every one
    of its numbers is a row; nothing in the screen names them."""
    d = ui
    with_box = [get_game(n) for n in available() if get_game(n).box_spec() is not None]
    screen = open_box_setup(d)
    for game in with_box:
        spec = game.box_spec()
        d.tap_text(spec.title, widget=screen.ids.games, exact=True)
        assert screen.current == game.name
        labels = [r.ids.label.text for r in rows(d, screen).values()]
        shipped = spec.shipped_data()
        assert labels == [n.label for n in spec.numbers(shipped, shipped)]
        first = rows(d, screen)[spec.numbers(shipped, shipped)[0].key]
        scroll_to(d, screen, first)
        d.shot(f"box-setup-04-{game.name}")
    d.tap(screen.ids.back)
    d.tap(d.screen().ids.back)
