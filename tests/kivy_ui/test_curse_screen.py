"""The Mayan Curse table screen driven like a table drives it: New game, the
player's reports with big buttons, peeks through each kind of gate, boulders
tumbling with their cue, escapes, the end. Few, thin, end to end."""
from __future__ import annotations

from kivy_ui.screens.mayan_curse import stone_label


def curse_game(d, names, options=None, fobs=None, shot_name=None):
    """Home -> New game -> Mayan Curse, names, fobs, options -> Start."""
    screen = d.fill_new_game("Mayan Curse", names, options, fobs)
    if shot_name:
        d.shot(shot_name)
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "mayan-curse", 3), d.texts(d.screen())
    return d.app.table


def press(d, text):
    """Tap one of the screen's big report buttons by its exact label."""
    screen = d.screen()
    for box in (screen.ids.actions, screen.ids.cue_buttons, screen.ids.crush_buttons):
        for b in box.children:
            if b.text == text:
                assert b.height >= 48, f"{text!r} is a touch target"
                d.tap(b)
                return
    raise LookupError(f"No button {text!r}; texts: {d.texts(screen)}")


def overlay_texts(d):
    overlay = d.screen().gate_view.overlay
    return " ".join(d.texts(overlay)) if overlay is not None else ""


def shows_stones_of(d, table, seat):
    you = table.session.view(seat)["you"]
    texts = overlay_texts(d)
    return f"Only {table.name(seat)} looks" in texts and all(stone_label(k) in texts for k in you["stones"])


def dismiss_cues(d):
    for w in d.window_widgets():
        if type(w).__name__ == "BoulderCue":
            d.tap(w)


def test_three_players_peek_discover_tumble_escape_to_the_end(ui, monkeypatch):
    d = ui
    sounds = []
    monkeypatch.setattr(d.app, "play_sound", lambda name: sounds.append(name))
    table = curse_game(d, ("Ana", "Ben", "Cy"), fobs={0: "q"})
    screen = d.screen()
    assert screen.prompt.startswith("Ana's turn")
    assert [r.stones_text for r in reversed(screen.ids.seats.children)] == ["3 stones"] * 3

    # Ana taps her fob: her three stones, named, only behind the gate.
    d.wait(0.7)
    d.key("q")
    assert d.until(lambda: shows_stones_of(d, table, 0), 3)
    d.shot("curse-02-private-stones")
    d.wait(0.7)  # the reader takes a tag back within its "unseen" time as the same presentation
    d.key("q")  # a second tap hides again
    assert d.until(lambda: screen.gate_view.overlay is None, 3)
    # Ben holds his seat button.
    d.key("2", up=False)
    assert d.until(lambda: shows_stones_of(d, table, 1), 3)
    d.key("2", down=False)
    assert d.until(lambda: screen.gate_view.overlay is None, 3)
    # Cy has no hardware: he taps his name and the others look away.
    d.tap_text("Cy", widget=screen.ids.seats)
    assert "look away" in overlay_texts(d) and not shows_stones_of(d, table, 2)
    d.tap(screen.gate_view.overlay.ids_show)
    assert shows_stones_of(d, table, 2)
    d.tap(screen.gate_view.overlay.hide_button)

    # Ana discovers a gray stela: it lies face down in front of her, and a trigger token comes off.
    press(d, "Found a stela…")
    press(d, "Gray (8 left)")
    v = table.public_view()
    assert v["players"][0]["stelae"] == ["gray"] and v["boulders"][0]["tokens"] == 1
    assert "Left: 1▲ · on its board" in screen.ids.boulders.text
    assert "Purse: 11 stones" in screen.ids.info.text, "nine stones are in hand"
    assert "■gr×1" in screen.ids.seats.children[-1].stelae_text
    d.shot("curse-01-table")
    table.open_gate(0, "touch")
    d.frames(2)
    value = table.session.view(0)["you"]["stelae"][0]["value"]
    assert f"Gray stela: {value} knowledge" in overlay_texts(d)
    d.shot("curse-11-private-stelae")
    table.close_gate()
    press(d, "End turn")
    leds = d.app.devices.leds
    assert [leds.is_lit(f"seat{i}") for i in (1, 2, 3)] == [False, True, False], "Ben's seat button lights up"
    # Ben reaches the temple board first: every trigger token comes off.
    press(d, "Reached the temple board")
    assert all(b["tokens"] == 0 for b in table.public_view()["boulders"])
    press(d, "End turn")
    press(d, "End turn")  # Cy

    # The boulders tumble, left to right from the boulders' board: a cue and a sound for each.
    assert screen.cue_title == "The LEFT boulder tumbles!" and sounds.count("boulder") == 1
    assert "Next: centre, then right." in screen.cue_detail
    d.shot("curse-03-boulder-cue")
    press(d, "Row 3")
    assert screen.cue_title == "The CENTRE boulder tumbles!" and sounds.count("boulder") == 2
    press(d, "Crushed a brown stela")
    assert table.public_view()["crushed"]["brown"] == 1
    press(d, "Entrance")
    cue = [w for w in d.window_widgets() if type(w).__name__ == "BoulderCue"]
    assert cue and "Reset the first 7 slabs" in " ".join(d.texts(cue[0]))
    d.screenshot("curse-04-entrance-cue", d.shots)
    dismiss_cues(d)
    press(d, "Row 2")  # right
    v = table.public_view()
    assert v["round"] == 2 and v["first_player"] == 1 and screen.ids.middle.children[0] is not screen.ids.cue

    # Round 2, Ben first: he climbs to the top, claims a camera and escapes; Cy escapes; Ana stays.
    press(d, "Top: claim a camera")
    press(d, "Escaped!")
    press(d, "Escaped!")
    assert [r.stones_text for r in reversed(screen.ids.seats.children)][1:] == ["escaped", "escaped"]
    press(d, "End turn")  # Ana
    # Right (row 2) is closer to the entrance than left (row 3): it tumbles first.
    assert screen.cue_title == "The RIGHT boulder tumbles!"
    press(d, "Entrance")
    dismiss_cues(d)
    press(d, "Entrance")  # left: the entrance is sealed, Ana is trapped
    assert d.until(lambda: d.app.sm.current == "end", 3)
    end = d.screen()
    texts = d.texts(end)
    assert end.ids.headline.text == "Ben wins!"
    assert "Ben: no stelae, camera 15, backpack unused 2 = 17 knowledge (0 stelae)" in texts
    assert "Ana did not escape: their knowledge does not count." in texts
    assert "The entrance was sealed by all 3 boulders." in texts
    d.shot("curse-05-end")


def test_a_solo_game_with_a_scenario_ends_with_its_sentence(ui):
    d = ui
    table = curse_game(d, ("Ana",), options={"scenario": 5})
    screen = d.screen()
    assert "Scenario 5: Escape with a camera but NO stelae" in screen.ids.info.text
    press(d, "Backpack…")
    press(d, "Elixir\n+1 slide")
    assert "used elixir" in screen.ids.seats.children[0].status_text
    d.tap(screen.ids.undo)  # the wrong item: take it back
    assert "backpack ✓" in screen.ids.seats.children[0].status_text
    assert screen.summary == "Took back Ana's last move." and screen.ids.redo.opacity == 1
    d.frames(2)
    assert d.cut_off() == [], "the prompt still reads whole beside Undo and Redo"
    press(d, "Backpack…")
    press(d, "Elixir\n+1 slide")
    press(d, "End turn")  # solo: a trigger token comes off at the end of each turn
    assert table.public_view()["boulders"][0]["tokens"] == 1
    press(d, "Reached the temple board")
    press(d, "Top: claim a camera")
    d.shot("curse-06-solo")
    press(d, "Escaped!")
    assert d.until(lambda: d.app.sm.current == "end", 3)
    end = d.screen()
    assert end.ids.headline.text == "Ana wins!"
    assert end.ids.detail.text.startswith("Scenario 5 won (Escape with a camera but NO stelae)")
    d.shot("curse-07-solo-end")


def test_physical_stelae_an_escaped_player_enters_the_value_at_the_end(ui):
    """Physical stelae not entered during play are entered behind the gate once the
    game ends (End of the Game: escaped players reveal their stelae)."""
    d = ui
    table = curse_game(d, ("Ana",), options={"stelae": "physical", "scenario": 1})
    screen = d.screen()
    press(d, "Found a stela…")
    press(d, "Beige (3 left)")
    press(d, "Escaped!")
    assert d.app.sm.current == "mayan-curse", "the values come first"
    assert screen.prompt == "Ana: enter the values of your stelae."
    press(d, "Ana: enter my stela values")
    d.tap(screen.gate_view.overlay.ids_show)
    assert "Beige stela: not entered yet" in overlay_texts(d)
    d.tap_text("6", widget=screen.gate_view.overlay, exact=True)
    assert d.until(lambda: d.app.sm.current == "end", 3)
    end = d.screen()
    assert end.ids.headline.text == "Nobody wins."
    assert end.ids.detail.text == "Escaped with 8 knowledge; scenario 1 needs 22."
    assert "Ana: stelae 6, backpack unused 2 = 8 knowledge (1 stela)" in d.texts(end)


def test_six_players_the_public_screen_never_shows_a_stone_or_a_stela_value(ui):
    """Physical stelae: each player enters the real token's value behind the gate;
    the table screen's texts stay the same whoever's view is open, and name no stone."""
    d = ui
    names = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")
    table = curse_game(d, names, options={"stelae": "physical"}, shot_name="curse-00-new-game")
    screen = d.screen()
    assert len(screen.ids.seats.children) == 6
    d.shot("curse-08-six-players")
    for seat in range(3):
        press(d, "Found a stela…")
        press(d, "Brown (14 left)" if seat == 0 else f"Brown ({14 - seat} left)")
        press(d, "Enter stela value")
        d.tap(screen.gate_view.overlay.ids_show)
        assert d.cut_off() == [], "the question beside the value buttons reads whole"
        d.tap_text("3", widget=screen.gate_view.overlay, exact=True)
        assert table.session.view(seat)["you"]["stelae"][0]["value"] == 3
        assert "Brown stela: 3 knowledge" in overlay_texts(d)
        d.tap(screen.gate_view.overlay.hide_button)
        press(d, "End turn")
    press(d, "Found a stela…")
    d.shot("curse-10-stela-choice")
    press(d, "Cancel")
    before = sorted(d.texts(screen))
    kinds = {stone_label(k) for k in table.session.game.setup(["x"]).box.kinds} | set(
        table.session.game.setup(["x"]).box.kinds)
    for seat in range(6):
        table.open_gate(seat, "touch")
        d.frames(2)
        overlay = screen.gate_view.overlay
        assert overlay is not None and overlay not in list(d.walk(screen))
        public = sorted(d.texts(screen))
        assert public == before
        assert not any(k in t for t in public for k in kinds), "a stone in hand on the public screen"
        assert not any("knowledge" in t for t in public), "a stela value on the public screen"
        table.close_gate()
        d.frames(1)


def test_physical_randomness_each_player_enters_their_own_draw_behind_the_gate(ui):
    """A table drawing real stones from the real purse enters each hand privately,
    and the value of each real stela token too."""
    from companion.session import Session

    d = ui
    app = d.app
    app._attach(Session.create(app.journal, "mayan-curse", ["Ana", "Ben"], randomness="physical",
                               meta={"colours": ["Red", "Blue"], "fobs": [None, None]}))
    assert d.until(lambda: d.screen().name == "mayan-curse", 3)
    screen, table = d.screen(), app.table
    for seat, hand in ((0, ("Dog", "Dog", "Jaguar")), (1, ("Bird", "Serpent / Bird", "Dog"))):
        press(d, f"{table.name(seat)}: enter my stones")
        d.tap(screen.gate_view.overlay.ids_show)
        if seat == 0:
            d.shot("curse-09-enter-stones")
        for stone in hand:
            d.tap_text(stone, widget=screen.gate_view.overlay, exact=True)
        assert screen.gate_view.overlay is None, "the entry closes the view"
    assert table.session.view(0)["you"]["stones"] == ["dog", "dog", "jaguar"]
    assert sorted(table.session.view(1)["you"]["stones"]) == ["bird", "dog", "serpent/bird"]
    assert screen.prompt.startswith("Ana's turn")
    press(d, "Found a stela…")
    press(d, "Gray (6 left)")
    press(d, "Ana: enter my stela value")
    d.tap(screen.gate_view.overlay.ids_show)
    d.frames(2)
    assert d.cut_off() == [], "the question beside the value buttons reads whole"
    d.tap_text("4", widget=screen.gate_view.overlay, exact=True)
    assert table.session.view(0)["you"]["stelae"] == [{"colour": "gray", "place": "passage", "value": 4}]
    assert screen.prompt.startswith("Ana's turn")


def test_two_tables_differing_only_in_secrets_see_the_same_public_screen(ui):
    """The same reports with other stones in the purse and other stela values drawn
    (digital randomness, another seed) leave every text of the table screen unchanged."""
    from companion.engine import CHANCE
    from companion.session import Session

    d = ui
    app = d.app
    meta = {"colours": ["Red", "Blue", "Green"], "fobs": [None] * 3}
    reports = [{"actor": 0, "type": "discover_stela", "colour": "gray", "place": "passage"},
               {"actor": 0, "type": "use_backpack", "item": "map"},
               {"actor": 0, "type": "end_turn"},
               {"actor": 1, "type": "discover_stela", "colour": "beige", "place": "passage"},
               {"actor": 1, "type": "discover_stela", "colour": "brown", "place": "passage"}]
    screens, secrets = [], []
    for seed in (1, 2):
        session = Session.create(app.journal, "mayan-curse", ["Ana", "Ben", "Cy"], seed=seed, meta=meta)
        for action in reports:
            session.act(action)
        app._attach(session)
        d.frames(2)
        screens.append(sorted(d.texts(d.screen())))
        secrets.append([session.view(s)["you"] for s in range(3)])
        assert not any(a["actor"] == CHANCE for a in reports)
    assert secrets[0] != secrets[1], "the two seeds dealt other stones or values"
    assert screens[0] == screens[1]


def test_solo_options_are_asked_only_of_a_solo_table_and_reset_when_hidden(ui):
    """Difficulty, scenario and the "all stelae" reading are solo rules: a table of
    three is not asked, and a scenario picked for one player does not follow the
    table to three (the engine refuses scenarios for more than one player)."""
    d = ui
    d.tap(d.screen().ids.new_game)
    screen = d.screen()
    d.tap_text("Mayan Curse", widget=screen.ids.game_choice)
    while screen.players > 1:
        d.tap(screen.ids.fewer)

    def asked():
        return [t.split(":")[0] for t in d.texts(screen.ids.option_rows) if ":" in t and not t.startswith("solo")]

    assert {"difficulty", "scenario", "all stelae"} <= set(asked())
    assert "token skips escaped" not in asked(), "one player has no one to pass the first-player token to"
    more = next(w for w in d.find("scenario:", widget=screen.ids.option_rows).parent.children if w.text == "+")
    for _ in range(5):
        d.tap(more)
    d.tap(d.find("difficulty:", widget=screen.ids.option_rows))
    assert screen.options["scenario"] == 5 and screen.options["difficulty"] != "normal"
    d.tap(screen.ids.more)
    d.tap(screen.ids.more)
    assert not {"difficulty", "scenario", "all stelae"} & set(asked())
    assert "token skips escaped" in asked()
    assert screen.options["scenario"] == 0 and screen.options["difficulty"] == "normal"
    assert d.cut_off() == []
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "mayan-curse", 3), screen.ids.notice.text
    assert "solo" not in d.app.table.public_view()


def test_a_long_knowledge_sum_on_the_end_screen_wraps_and_is_read_whole(ui):
    """Eight stelae, a camera and an unused backpack: the line is longer than the
    screen is wide, so it takes two lines instead of running off its row."""
    from companion.session import Session

    d = ui
    app = d.app
    session = Session.create(app.journal, "mayan-curse", ["Ana", "Ben"], seed=2,
                             meta={"colours": ["Red", "Blue"], "fobs": [None, None]})
    for colour in ["brown"] * 4 + ["gray"] * 4:
        session.act({"actor": 0, "type": "discover_stela", "colour": colour, "place": "passage"})
    for kind in ("reach_temple_board", "claim_camera", "escape"):
        session.act({"actor": 0, "type": kind})
    session.act({"actor": 1, "type": "escape"})
    app._attach(session)
    assert d.until(lambda: d.app.sm.current == "end", 3)
    line = d.find("Ana: stelae ", widget=d.screen())
    assert line.text.endswith("= 40 knowledge (8 stelae)")
    d.frames(3)
    assert d.cut_off() == []
    d.screenshot("curse-12-end-eight-stelae", d.shots)
