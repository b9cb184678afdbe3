"""The box-setup screen: every number the rulebooks do not print, for Maya and
Mayan Curse, with its value, where it comes from and how to change it."""
from __future__ import annotations

import tomllib

from companion.components import override_path, unconfirmed
from companion.games.maya import components as maya
from companion.games.mayan_curse import components as curse
from kivy_ui.screens.box_setup import place_name


def open_box_setup(d, shot_name=None):
    d.tap(d.screen().ids.new_game)
    button = d.screen().ids.box_setup
    if shot_name:  # the button among the options, as the table sees it after scrolling
        d.tap_text("Maya", widget=d.screen().ids.game_choice, exact=True)
        button.parent.parent.parent.scroll_to(button, animate=False)
        d.frames(2)
        assert d.cut_off() == []
        d.screenshot(shot_name, d.shots)
    d.tap(button)
    assert d.screen().name == "box_setup"
    return d.screen()


def shipped(path):
    with open(path, "rb") as f:
        return tomllib.load(f)


def test_every_unconfirmed_number_is_listed_with_its_value_and_source(ui):
    d = ui
    screen = open_box_setup(d, shot_name="maya-09-new-game-box-setup-button")
    text = "\n".join(d.texts(screen))
    for game, path in (("Maya", maya.DEFAULT_PATH), ("Mayan Curse", curse.DEFAULT_PATH)):
        assert f"{game} — shipped default" in text
        for key in unconfirmed(shipped(path)):
            assert f"[b]{place_name(key.rpartition('.')[0])}[/b]" in text, key
    assert "[b]3-player tile, quarry 1[/b]: blocks won by place 3 · 1; most worker cards 3; marker pool_block" in text
    assert "[b]Tikal, level 2[/b]: spaces 7; gold (most · second) 4 · 2" in text
    assert "[b]Brown stelae[/b]: tokens per value 1 7, 2 7, 3 6, 4 5" in text
    assert f"copy {maya.DEFAULT_PATH} to {override_path('maya')}" in text
    d.frames(2)
    assert d.cut_off() == []
    d.screenshot("maya-08-box-setup", d.shots)
    d.tap(screen.ids.back)
    assert d.screen().name == "new_game", "Back returns to where the table came from"
    d.tap(d.screen().ids.back)


def test_the_users_box_file_is_shown_in_force_and_a_broken_one_says_why(ui):
    d = ui
    path = override_path("maya")
    path.parent.mkdir(parents=True, exist_ok=True)
    own = maya.DEFAULT_PATH.read_text().replace(
        '{ blocks = [3, 1], max_cards = 3, marker = "pool_block"',
        '{ blocks = [2, 1], max_cards = 3, marker = "pool_block"', 1)
    try:
        path.write_text(own)
        screen = open_box_setup(d)
        text = "\n".join(d.texts(screen))
        assert "Maya — your box file" in text and "Mayan Curse — shipped default" in text
        assert "[b]3-player tile, quarry 1[/b]: blocks won by place 2 · 1" in text
        path.write_text(own.replace("max_cards = 3,", "max_cards = 0,", 1))
        screen.refresh()
        text = "\n".join(d.texts(screen))
        assert ("This file does not work: In the Maya box file, tiles.3.quarries[0].max_cards must be "
                "a whole number of at least 1, not 0.") in text
        assert "A new game of Maya cannot start until it is fixed or removed." in text
    finally:
        path.unlink(missing_ok=True)
    d.tap(screen.ids.back)
    d.tap(d.screen().ids.back)
