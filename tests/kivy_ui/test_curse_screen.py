"""The Mayan Curse table screen driven like a table drives it: New game, the
player's reports with big buttons, peeks through each kind of gate, boulders
tumbling with their cue, escapes, the end. Few, thin, end to end."""
from __future__ import annotations

from companion.games.mayan_curse.actions import stone_name as stone_label


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
    for box in (screen.ids.actions, screen.ids.cue_buttons):
        for b in box.children:
            if b.text == text:
                assert b.height >= 48, f"{text!r} is a touch target"
                d.tap(b)
                return
    raise LookupError(f"No button {text!r}; texts: {d.texts(screen)}")


def confirm(d, answer=True):
    """The game's question before an irreversible choice: Yes (or No)."""
    ask = next((w for w in d.window_widgets() if type(w).__name__ == "ConfirmChoice"), None)
    assert ask is not None, d.texts()
    question = ask.question.text
    d.tap(ask.yes if answer else ask.no)
    return question


def asking(d):
    return any(type(w).__name__ == "ConfirmChoice" for w in d.window_widgets())


def overlay_texts(d):
    overlay = d.screen().gate_view.overlay
    return " ".join(d.texts(overlay)) if overlay is not None else ""


def shows_stones_of(d, table, seat):
    you = table.session.view(seat)["you"]
    texts = overlay_texts(d)
    return f"Only {table.name(seat)} looks" in texts and all(stone_label(k) in texts for k in you["stones"])


def look(d):
    """The look-away step: the player who asked confirms the others look away."""
    overlay = d.screen().gate_view.overlay
    assert overlay is not None and "look away" in overlay_texts(d), overlay_texts(d)
    d.tap(overlay.ids_show)


def dismiss_cues(d):
    for w in d.window_widgets():
        if type(w).__name__ == "RoundEndCue":
            d.tap(w)


def round_end(d):
    cues = [w for w in d.window_widgets() if type(w).__name__ == "RoundEndCue"]
    return " ".join(d.texts(cues[0])) if cues else ""


def readable(d):
    """Issue 10: glance text >= 24 px, nothing public < 16 px, nothing cut off."""
    d.frames(2)
    assert d.small_text(d.screen()) == [] and d.cut_off() == []


def test_three_players_peek_discover_tumble_escape_to_the_end(ui, monkeypatch):
    d = ui
    sounds = []
    monkeypatch.setattr(d.app, "play_sound", lambda name: sounds.append(name))
    table = curse_game(d, ("Ana", "Ben", "Cy"), fobs={0: "q"})
    screen = d.screen()
    assert screen.prompt.startswith("Ana's turn")
    assert [r.stones_text for r in reversed(screen.ids.seats.children)] == ["3 held"] * 3
    readable(d)

    # Ana taps her fob: her three stones, as symbols with their names, only behind the gate.
    d.tap_fob("q")
    assert d.until(lambda: shows_stones_of(d, table, 0), 3)
    d.shot("curse-02-private-stones")
    d.tap_fob("q")  # a second tap hides again
    assert d.until(lambda: screen.gate_view.overlay is None, 3)
    # Ben holds his seat button.
    d.key("2", up=False)
    assert d.until(lambda: shows_stones_of(d, table, 1), 3)
    d.key("2", down=False)
    assert d.until(lambda: screen.gate_view.overlay is None, 3)
    # Cy has no hardware and it is not his turn: he taps his name and the others look away.
    d.tap_text("Cy", widget=screen.ids.seats)
    assert "look away" in overlay_texts(d) and not shows_stones_of(d, table, 2)
    d.tap(screen.gate_view.overlay.ids_show)
    assert shows_stones_of(d, table, 2)
    d.tap(screen.gate_view.overlay.hide_button)

    # Ana discovers a gray stela: it lies face down in front of her, and a trigger token comes off.
    press(d, "Stela …")
    press(d, "Gray (8 left)")
    v = table.public_view()
    assert v["players"][0]["stelae"] == ["gray"] and v["boulders"][0]["tokens"] == 1
    assert "purse 11" in screen.ids.info.text, "nine stones are in hand"
    assert "■gy" in screen.ids.seats.children[-1].stelae_text
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
    press(d, "Temple board")
    assert all(b["tokens"] == 0 for b in table.public_view()["boulders"])
    press(d, "End turn")
    press(d, "End turn")  # Cy

    # The boulders tumble, left to right from the boulders' board: a cue and a sound for each.
    assert screen.cue_title == "The LEFT boulder tumbles!" and sounds.count("rumble") == 1
    assert "Then: centre, right." in screen.cue_detail and d.cut_off() == []
    readable(d)
    d.shot("curse-03-boulder-cue")
    press(d, "Row 3")
    assert screen.cue_title == "The CENTRE boulder tumbles!" and sounds.count("rumble") == 2
    press(d, "Crushed brown")
    assert table.public_view()["crushed"]["brown"] == 1
    press(d, "Entrance")  # irreversible: the first tap only asks
    assert table.public_view()["tumbling"]["now"] == "centre"
    assert confirm(d) == "Did the centre boulder reach the entrance? The table resets the first 7 slabs."
    press(d, "Row 3 …")  # the left boulder lies on row 3: left or right of it?
    d.shot("curse-13-boulder-place")
    press(d, "Left of left")
    v = table.public_view()
    assert v["round"] == 2 and v["first_player"] == 1 and screen.ids.left.children[0] is not screen.ids.cue
    assert [b["column"] for b in v["boulders"] if b["row"] == 3] == [1, 0]
    # The round's summary stays until tapped: the order, what each crushed, the reset cue.
    summary = round_end(d)
    assert ("The left boulder tumbled from its board to row 3. The centre boulder tumbled from its board "
            "to the entrance. It crushed a brown stela.") in summary.replace("\n", " ")
    assert "reset the first 7 slabs" in summary and "The right boulder tumbled from its board to row 3." in summary
    d.wait(1.0)
    assert round_end(d), "it stays until tapped"
    d.screenshot("curse-04-round-end", d.shots)
    assert d.small_text(next(w for w in d.window_widgets() if type(w).__name__ == "RoundEndCue")) == []
    dismiss_cues(d)
    assert not round_end(d)
    # The passage shows each boulder where the last report put it.
    passage = screen.ids.passage
    for b, lab in zip(v["boulders"], passage.boulder_labels):
        index = {"entrance": 0, "start": passage.rows + 1}.get(b["where"], b["row"])
        x, w = passage.strip(index)
        assert x <= lab.center_x <= x + w, b
    readable(d)
    d.shot("curse-14-passage")

    # Round 2, Ben first: he climbs to the top, claims a camera and escapes; Cy escapes; Ana stays.
    press(d, "Camera")
    press(d, "Escaped")
    assert table.public_view()["escaped"] == [], "one tap on Escaped only asks"
    assert confirm(d) == "Did Ben leave the passage? Ben takes no more turns this game."
    press(d, "Escaped")
    confirm(d)
    assert [r.stones_text for r in reversed(screen.ids.seats.children)][1:] == ["escaped", "escaped"]
    press(d, "End turn")  # Ana
    # Both on row 3: the right boulder was reported left of the left one, so it tumbles first
    # (Step 3: "from left to right", as they lie, not by name).
    assert screen.cue_title == "The RIGHT boulder tumbles!"
    press(d, "Entrance")
    confirm(d)
    press(d, "Entrance")
    assert confirm(d).endswith("All 3 boulders then block it: the entrance is sealed and the game ends.")
    # left: the entrance is sealed, Ana is trapped
    assert d.until(lambda: d.app.sm.current == "end", 3)
    end = d.screen()
    texts = d.texts(end)
    assert end.ids.headline.text == "Ben wins!"
    assert "Ben: no stelae, camera 15, backpack unused 2 = 17 knowledge (0 stelae)" in texts
    assert "Ana did not escape: their knowledge does not count." in texts
    assert "The entrance was sealed by all 3 boulders." in texts
    d.shot("curse-05-end")


def test_a_turn_with_nothing_to_report_is_one_touch_and_the_player_at_turn_looks_through_the_gate(ui):
    """Issue 22: a touch on the screen is anyone's finger, so the player at turn asks
    for their stones like anyone else (the others look away first); a turn with nothing
    to report is one touch on the table, or a fob and "End my turn" in the private view."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"))
    screen = d.screen()
    for ask in (lambda: d.tap_text("Ana", widget=screen.ids.seats),):
        d.touches = 0
        ask()
        assert "look away" in overlay_texts(d) and not shows_stones_of(d, table, 0)
        look(d)
        assert shows_stones_of(d, table, 0) and d.touches == 2
        d.tap(screen.gate_view.overlay.hide_button)
    d.touches = 0
    press(d, "End turn")
    assert d.touches == 1 and table.public_view()["current"] == 1
    # with a fob: it opens at once (only its owner holds it), and the turn ends from the view
    d.touches = 0
    table.open_gate(1, "fob")
    d.frames(2)
    d.tap_text("End turn", widget=screen.gate_view.overlay, exact=True)
    assert d.touches == 1 and table.public_view()["round"] == 2


def test_a_stone_played_from_the_private_view_is_shown_to_the_table(ui):
    """Step 1: stones are secret "until you play them": the played stone's symbol shows on
    the player's row and in the table line; the others stay hidden."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"))
    screen = d.screen()
    hand = table.session.view(0)["you"]["stones"]
    d.tap_text("Ana", widget=screen.ids.seats)
    look(d)
    d.tap_text(stone_label(hand[0]), widget=screen.gate_view.overlay)
    assert shows_stones_of(d, table, 0), "the view stays open: the stones are needed all turn"
    assert "(played)" in overlay_texts(d)
    d.tap(screen.gate_view.overlay.hide_button)
    d.frames(2)
    row = screen.ids.seats.children[-1]
    assert row.stones_text.startswith("2 held") and "[color=" in row.stones_text
    assert screen.summary == f"Ana plays the {stone_label(hand[0])} stone."
    readable(d)
    d.shot("curse-15-stone-played")


def test_the_real_purse_and_real_stela_tokens_from_new_game(ui):
    """Issue 11: New game offers the real purse and the real stela tokens. With the real purse
    the player at turn enters the three stones they drew behind the gate, then sees them as
    symbols; with the real tokens nobody is asked for a value until scoring needs it."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"), options={"purse": "real", "stelae": "physical"},
                       shot_name="curse-16-new-game-real-components")
    screen = d.screen()
    assert screen.prompt.startswith("Ana's turn: enter your stones")
    d.tap_text("Ana", widget=screen.ids.seats)
    look(d)
    assert "Tap the 3 stones you drew" in overlay_texts(d)
    readable(d)
    d.shot("curse-17-enter-real-purse")
    for stone in ("Dog", "Bird", "Dog / Jaguar"):
        d.tap(next(w for w in d.walk(screen.gate_view.overlay)
                   if getattr(w, "text", "").endswith("[/color] " + stone)))
    assert table.session.view(0)["you"]["stones"] == ["dog", "bird", "dog/jaguar"]
    assert shows_stones_of(d, table, 0), "the view shows the stones just entered"
    d.tap(screen.gate_view.overlay.hide_button)
    assert screen.summary == "Ana entered the stones they drew."
    press(d, "Stela …")
    press(d, "Gray (6 left)")
    assert screen.gate_view.overlay is None and screen.prompt.startswith("Ana's turn")
    press(d, "End turn")
    assert table.public_view()["current"] == 1


def test_a_solo_game_with_a_scenario_ends_with_its_sentence(ui):
    d = ui
    table = curse_game(d, ("Ana",), options={"scenario": 5})
    screen = d.screen()
    assert "scenario 5" in screen.ids.info.text
    press(d, "Backpack …")
    press(d, "Elixir: +1 slide")
    assert "elixir" in screen.ids.seats.children[0].marks
    d.tap(screen.ids.undo)  # the wrong item: take it back
    assert "bag ✓" in screen.ids.seats.children[0].marks
    assert screen.summary == "Took back Ana's last move." and not screen.ids.redo.disabled
    d.frames(2)
    assert d.cut_off() == [], "the prompt still reads whole beside Undo and Redo"
    press(d, "Backpack …")
    press(d, "Elixir: +1 slide")
    press(d, "End turn")  # solo: a trigger token comes off at the end of each turn
    assert table.public_view()["boulders"][0]["tokens"] == 1
    press(d, "Temple board")
    press(d, "Camera")
    readable(d)
    d.shot("curse-06-solo")
    press(d, "Escaped")
    assert confirm(d).endswith("The game then ends and every escaped player's stelae are revealed.")
    assert d.until(lambda: d.app.sm.current == "end", 3)
    end = d.screen()
    assert end.ids.headline.text == "Ana wins!"
    assert end.ids.detail.text.startswith("Scenario 5 won (Escape with a camera but NO stelae)")
    d.shot("curse-07-solo-end")


def test_physical_stelae_an_escaped_player_enters_the_value_at_the_end(ui):
    """Physical stelae not entered during play are entered behind the gate once the
    game ends (End of the Game: escaped players reveal their stelae)."""
    d = ui
    curse_game(d, ("Ana",), options={"stelae": "physical", "scenario": 1})
    screen = d.screen()
    press(d, "Stela …")
    press(d, "Beige (3 left)")
    press(d, "Escaped")
    confirm(d)
    assert d.app.sm.current == "mayan-curse", "the values come first"
    assert screen.prompt == "Ana: enter the values of your stelae."
    press(d, "Ana")
    d.tap(screen.gate_view.overlay.ids_show)
    assert "Beige stela: not entered yet" in overlay_texts(d)
    d.tap_text("6", widget=screen.gate_view.overlay, exact=True)
    assert confirm(d).startswith("This is the last value to enter: the game ends")
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
        press(d, "Stela …")
        press(d, f"Brown ({14 - seat} left)")
        d.tap_text(names[seat], widget=screen.ids.seats)  # the player at turn: their own view,
        look(d)  # once the others look away
        readable(d)
        assert d.cut_off() == [], "the question beside the value buttons reads whole"
        d.tap_text("3", widget=screen.gate_view.overlay, exact=True)
        assert table.session.view(seat)["you"]["stelae"][0]["value"] == 3
        assert "Brown stela: 3 knowledge" in overlay_texts(d)
        d.tap(screen.gate_view.overlay.hide_button)
        press(d, "End turn")
    press(d, "Stela …")
    readable(d)
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
    from companion.table.session import Session

    d = ui
    app = d.app
    app._attach(Session.create(app.journal, "mayan-curse", ["Ana", "Ben"], randomness="physical",
                               meta={"colours": ["Red", "Blue"], "fobs": [None, None]}))
    assert d.until(lambda: d.screen().name == "mayan-curse", 3)
    screen, table = d.screen(), app.table
    for seat, hand in ((0, ("Dog", "Dog", "Jaguar")), (1, ("Bird", "Serpent / Bird", "Dog"))):
        press(d, table.name(seat))
        d.tap(screen.gate_view.overlay.ids_show)
        if seat == 0:
            d.shot("curse-09-enter-stones")
        for stone in hand:  # each stone button: its symbols, then its name
            d.tap(next(w for w in d.walk(screen.gate_view.overlay)
                       if getattr(w, "text", "").endswith("[/color] " + stone)))
        assert screen.gate_view.overlay is None, "the entry closes the view"
    assert table.session.view(0)["you"]["stones"] == ["dog", "dog", "jaguar"]
    assert sorted(table.session.view(1)["you"]["stones"]) == ["bird", "dog", "serpent/bird"]
    assert screen.prompt.startswith("Ana's turn")
    press(d, "Stela …")
    press(d, "Gray (6 left)")
    press(d, "Ana")
    d.tap(screen.gate_view.overlay.ids_show)
    d.frames(2)
    assert d.cut_off() == [], "the question beside the value buttons reads whole"
    d.tap_text("4", widget=screen.gate_view.overlay, exact=True)
    assert table.session.view(0)["you"]["stelae"] == [{"colour": "gray", "place": "passage", "value": 4}]
    assert screen.prompt.startswith("Ana's turn")


def test_two_tables_differing_only_in_secrets_see_the_same_public_screen(ui):
    """The same reports with other stones in the purse and other stela values drawn
    (digital randomness, another seed) leave every text of the table screen unchanged."""
    from companion.rules.engine import CHANCE
    from companion.table.session import Session

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

    def asked():  # the options' labels, in the rulebook's words (issue 22 §4)
        return [t.split(":")[0] for t in d.texts(screen.ids.option_rows) if t.endswith(tuple("0123456789)")) or (
            ":" in t and len(t.split(":")[0]) < 40 and "." not in t.split(":")[0])]

    solo = {"Difficulty level", "Solo scenario"}
    assert solo <= set(asked()) and "A stela crushed by a boulder" not in asked()
    assert "First player token" not in asked(), "one player has no one to pass the first-player token to"
    d.tap(d.find("Difficulty level:", widget=screen.ids.option_rows))
    assert screen.options["difficulty"] != "normal"
    for _ in range(5):
        more = next(w for w in d.find("Solo scenario:", widget=screen.ids.option_rows).parent.children
                    if w.text == "+")
        d.tap(more)
    assert screen.options["scenario"] == 5 and "Difficulty level" not in asked(), "a scenario sets its own goal"
    d.tap(screen.ids.more)
    d.tap(screen.ids.more)
    assert not (solo | {"A stela crushed by a boulder"}) & set(asked())
    assert "First player token" in asked()
    assert screen.options["scenario"] == 0 and screen.options["difficulty"] == "normal"
    assert d.cut_off() == []
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "mayan-curse", 3), screen.ids.notice.text
    assert "solo" not in d.app.table.public_view()


def test_a_long_knowledge_sum_on_the_end_screen_wraps_and_is_read_whole(ui):
    """Eight stelae, a camera and an unused backpack: the line is longer than the
    screen is wide, so it takes two lines instead of running off its row."""
    from companion.table.session import Session

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


def test_undo_of_a_boulder_at_the_entrance_asks_the_table_first(ui):
    """Issue 22: the table has reset the first slabs; Undo asks as it does in every game."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"))
    screen = d.screen()
    press(d, "Temple board")
    press(d, "End turn")
    press(d, "End turn")
    press(d, "Entrance")
    confirm(d)
    dismiss_cues(d)
    assert table.public_view()["boulders_at_entrance"] == 1
    d.tap(screen.ids.undo)
    ask = next((w for w in d.window_widgets() if type(w).__name__ == "ConfirmUndo"), None)
    assert ask is not None and "reached the entrance" in ask.question.text, d.texts()
    d.shot("curse-18-undo-entrance-asks")
    d.tap(ask.keep)
    assert table.public_view()["boulders_at_entrance"] == 1, "Keep it keeps it"
    d.tap(screen.ids.undo)
    d.tap(ask.undo)
    assert table.public_view()["boulders_at_entrance"] == 0


def test_in_portrait_every_seat_row_still_shows_the_players_name(ui):
    """Touch Display 2 stands 720x1280 in portrait: the passage kept its 372dp beside
    the seats, and each row's fixed columns left the name a few pixels, drawn as ".",
    so nothing on the table said whose row was whose. In portrait the passage goes
    under the seats and the rows get the width."""
    from kivy.core.window import Window

    d = ui
    curse_game(d, ("Ana", "Ben", "Cy", "Dee"))
    screen = d.screen()

    def name_widths():
        return [next(w for w in r.children if getattr(w, "text", None) == r.name_text).width
                for r in screen.ids.seats.children]

    landscape = name_widths()
    try:
        Window.size = (720, 1280)
        d.frames(6)
        for row in screen.ids.seats.children:
            name = next(w for w in row.children if getattr(w, "text", None) == row.name_text)
            name.texture_update()
            assert name.width >= dp_px(110), (row.name_text, name.width)
        assert screen.ids.passage.width > 0 and screen.ids.passage.height > 0
    finally:
        Window.size = (800, 480)
        d.frames(6)
    assert name_widths() == landscape, "landscape keeps the passage beside the seats"
    d.app.leave_game()


def dp_px(value):
    from kivy.metrics import dp

    return dp(value)
