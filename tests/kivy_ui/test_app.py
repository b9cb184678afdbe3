"""The app driven like a table drives it: touches on the real widgets and
simulated device events through the hardware twins. Few, thin, end to end."""
from __future__ import annotations

# --- helpers: what a table does -------------------------------------------------

def new_game(d, names=("Ana", "Ben"), options=None, fobs=None, shot_name=None):
    """Home -> New game -> Maya Madness, names, fobs (tapped on the sim reader), options -> Start."""
    # New game remembers the last table's choices: every option is set, not only those asked for
    options = {"deck": "physical", "advanced": False, "tokens_to_win": 5, **(options or {})}
    screen = d.fill_new_game("Maya Madness", names, options, fobs)
    assert screen.game == "maya-madness"
    if shot_name:
        d.shot(shot_name)
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "maya-madness", 3), d.texts(d.screen())
    return d.app.table


def pad(d, label):
    """Tap a card-pad button by its exact label (after closing a celebration, as a player would)."""
    dismiss_celebrations(d)
    screen = d.screen()
    for grid in (screen.ids.pad_top, screen.ids.pad_bottom):
        for b in grid.children:
            if b.text == label:
                d.tap(b)
                return
    raise LookupError(f"No pad button {label!r}")


def yes(d):
    """Answer Yes to the game's question (a guess asks first: its answer cannot be hidden again)."""
    d.frames(1)
    ask = next(w for w in d.window_widgets() if type(w).__name__ == "ConfirmChoice")
    d.tap(ask.yes)


def hand_button(panel, card):
    """The button of `card` in a seat's hand behind the gate (its place is the card's slot)."""
    return next(b for b in panel.slots if b.payload == f"play:{card}")


def dismiss_celebrations(d):
    for w in d.window_widgets():
        if type(w).__name__ == "Celebration":
            d.tap(w)


def label_of(v: int) -> str:
    return "0" if v == 0 else (f"+{v}" if v > 0 else f"−{-v}")


def secret_of(table, seat):
    return table.session.view(seat)["you"]["secret"]


def play_towards_win(d, table, seat):
    """Seat `seat` plays the card that makes the count its secret, or heads there;
    the others play a card that wins them nothing. Uses each seat's own view, as that player would."""
    v = table.public_view()
    turn = v["turn"]
    need = secret_of(table, turn) - v["count"]
    if turn != seat:
        pad(d, label_of(next(k for k in (0, 1, -1) if k != need)))  # and never wins a token
    elif -5 <= need <= 5:
        pad(d, label_of(need))
    elif 1 <= secret_of(table, turn) <= 5:
        pad(d, "Temple of 0")
        pad(d, label_of(secret_of(table, turn)))
    else:
        pad(d, "+5" if need > 0 else "−5")


def harmless(table):
    """A number card that does not win the player at turn a token (so it can be undone)."""
    v = table.public_view()
    need = secret_of(table, v["turn"]) - v["count"]
    return next(label_of(k) for k in (1, -1, 2, -2) if k != need)


def public_texts(d):
    return sorted(d.texts(d.screen()))


# --- the tests -----------------------------------------------------------------------

def test_start_a_game_and_play_turns_with_the_card_pad(ui):
    d = ui
    d.shot("01-home")
    table = new_game(d, names=("Ana", "Ben", "Cy"), shot_name="02-new-game")
    screen = d.screen()
    # Cy deals: the starting card is a Wild, so Cy chooses the starting count.
    pad(d, "Wild")
    assert "chooses the count" in screen.prompt
    pad(d, "+3")
    assert screen.ids.count.text == "3"
    pad(d, "+4")  # Ana
    pad(d, "−2")  # Ben
    assert screen.ids.count.text == "5" and screen.ids.numeral.value == 5
    pad(d, "Reverse")  # Cy: the count flips and play turns back
    assert screen.ids.count.text == "−5" and screen.ids.numeral.value == -5
    assert "counterclockwise" in screen.ids.direction.text
    assert table.public_view()["turn"] == 1, "after Cy's Reverse, Ben plays"
    leds = d.app.devices.leds
    assert [leds.is_lit(f"seat{i}") for i in (1, 2, 3)] == [False, True, False], "Ben's seat button lights up"
    pad(d, "Wild")
    pad(d, "−1")
    assert screen.ids.count.text == "−6"
    d.shot("03-table-maya-madness")


def test_new_game_starts_the_game_tapped_whatever_was_chosen_before(ui):
    d = ui
    d.tap(d.screen().ids.new_game)
    d.tap_text("Mayan Curse", widget=d.screen().ids.game_choice, exact=True)
    d.tap(d.screen().ids.back)
    table = new_game(d, names=("Ana", "Ben"))
    assert table.session.game_name == "maya-madness"


def test_peek_through_each_kind_of_gate(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"), fobs={0: "q"})
    pad(d, "+2")
    screen = d.screen()

    def overlay():
        return screen.gate_view.overlay

    def overlay_shows_secret_of(seat):
        return overlay() is not None and str(secret_of(table, seat)) in d.texts(overlay()) \
            and any(f"Only {table.name(seat)} looks" in t for t in d.texts(overlay()))

    # 1. Ana taps her fob on the (simulated) reader.
    d.tap_fob("q")
    assert d.until(lambda: overlay_shows_secret_of(0), 3)
    d.shot("04-private-overlay")
    d.tap(overlay().hide_button)
    assert overlay() is None and table.gate is None

    # 2. Ben holds his seat button (the twin's pin stays down past the hold time), then lets go.
    sim_button = d.app.sim_panel.seat_buttons["seat2"]
    from kivy.tests.common import UnitTestTouch

    touch = UnitTestTouch(*sim_button.to_window(*sim_button.center))
    touch.touch_down()
    assert d.until(lambda: overlay_shows_secret_of(1), 3)
    touch.touch_up()
    assert d.until(lambda: overlay() is None, 3)

    # 3. No hardware: Ana taps her name and confirms the others look away.
    d.tap_text("Ana", widget=screen.ids.seats)
    assert overlay() is not None and "look away" in " ".join(d.texts(overlay()))
    assert str(secret_of(table, 0)) not in d.texts(overlay()), "nothing is shown before confirming"
    d.shot("05-look-away")
    d.tap(overlay().ids_show)
    assert overlay_shows_secret_of(0)
    # Ben asks (holds his button) while Ana's view is open: hers closes first.
    d.key("2", up=False)
    assert d.until(lambda: overlay_shows_secret_of(1), 3)
    d.key("2", down=False)
    assert d.until(lambda: overlay() is None, 3)


def test_the_public_screen_never_shows_a_secret(ui):
    """The table screen renders the same text whether a private view is open or not,
    and the private content is never part of the table screen's widget tree."""
    d = ui
    table = new_game(d, names=("Ana", "Ben", "Cy"))
    pad(d, "+1")
    screen = d.screen()
    before = public_texts(d)
    for seat in range(3):
        table.open_gate(seat, "touch")
        d.frames(2)
        overlay = screen.gate_view.overlay
        assert overlay is not None and overlay.parent is not None
        assert overlay not in list(d.walk(screen))
        assert public_texts(d) == before
        assert not any("secret number" in t for t in d.texts(screen))
        table.close_gate()
        d.frames(1)


def test_win_a_token_then_undo_says_why_it_cannot(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    pad(d, "0")  # Ben deals a 0
    pad(d, harmless(table))  # Ana
    screen = d.screen()
    # An ordinary card can be taken back.
    count = screen.ids.count.text
    pad(d, harmless(table))  # Ben
    assert screen.ids.count.text != count
    d.tap(screen.ids.undo)
    assert screen.ids.count.text == count and not table.message, table.public_view()["events"]
    for _ in range(40):
        play_towards_win(d, table, seat=0)
        if table.public_view()["players"][0]["tokens"]:
            break
    assert table.public_view()["players"][0]["tokens"] == 1
    celebration = [w for w in d.window_widgets() if type(w).__name__ == "Celebration"]
    assert celebration and "wins the secret token" in " ".join(d.texts(celebration[0]))
    d.shot("06-token-won")
    d.tap(celebration[0])
    d.tap(screen.ids.undo)
    # Everyone saw the token: the table is asked first, and keeping it is the highlighted answer.
    ask = next(w for w in d.window_widgets() if type(w).__name__ == "ConfirmUndo")
    assert ask.question.text and type(ask.keep).__name__ == "AccentButton"
    d.shot("06b-undo-a-token-asks")
    d.tap(ask.keep)
    assert table.public_view()["players"][0]["tokens"] == 1 and table.pending_undo is None


def test_undo_says_whose_move_it_took_back_and_redo_puts_it_back(ui):
    d = ui
    new_game(d, names=("Ana", "Ben", "Cy"))
    d.app.leave_game()
    d.frames(2)  # home lays out its list of games again
    table = new_game(d, names=("Ana", "Ben"))
    screen = d.screen()
    assert [r.name_text for r in reversed(screen.ids.seats.children)] == ["Ana", "Ben (dealer)"], \
        "a two-player game after a three-player one shows two players"
    pad(d, "+2")  # Ben deals
    pad(d, harmless(table))  # Ana
    after = screen.ids.count.text
    assert screen.ids.redo.disabled and screen.ids.redo.width >= 48, "no Redo before an Undo: greyed, in its place"
    d.tap(screen.ids.undo)
    assert screen.ids.count.text == "2"
    assert screen.ids.summary.text == "Took back Ana's last move."
    assert not screen.ids.redo.disabled and screen.ids.redo.width >= 48
    d.shot("03b-after-undo")
    d.tap(screen.ids.redo)
    assert screen.ids.count.text == after and screen.ids.summary.text == "Put back Ana's move."
    d.frames(2)
    assert screen.ids.redo.disabled and screen.ids.redo.width >= 48
    pad(d, harmless(table))  # Ben
    assert "Put back" not in screen.ids.summary.text


def test_a_double_tap_on_the_pad_enters_one_card(ui):
    """The app's guard (off in the other tests, whose taps come milliseconds apart):
    a bouncing finger enters Ana's card once, not Ben's as well."""
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    pad(d, "+2")  # Ben deals
    table.settle = d.app.double_tap_guard = 0.35
    # The table's own clock, so a slow frame on a busy machine does not turn the
    # bounce into a second, deliberate touch.
    real_clock = table.clock
    now = [real_clock() + 10]  # Ana takes her time after the deal
    table.clock = lambda: now[0]
    try:
        screen = d.screen()
        pad(d, harmless(table))  # Ana
        count = screen.ids.count.text
        now[0] += 0.05
        pad(d, harmless(table))  # the same finger, 50 ms later
        assert screen.ids.count.text == count and table.public_view()["turn"] == 1
        assert not table.message
        now[0] += 1.0
        pad(d, harmless(table))  # Ben's own card, a second later
        assert table.public_view()["turn"] == 0
    finally:
        table.settle = d.app.double_tap_guard = 0.0
        table.clock = real_clock


def test_a_card_on_the_pad_renders_the_table_screen_once(ui, monkeypatch):
    """Issue 13: a move's frame refills the screen once (through the table's notice),
    not a second time from the pad's own handler; a refused card still shows why."""
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    pad(d, "+2")  # Ben deals
    screen = d.screen()
    renders = []
    real = type(screen).render
    monkeypatch.setattr(type(screen), "render", lambda self: renders.append(1) or real(self))
    count = screen.ids.count.text
    pad(d, harmless(table))
    assert screen.ids.count.text != count
    assert len(renders) == 1
    monkeypatch.setattr(table, "acting", lambda: [])  # nobody can act: the card is refused
    renders.clear()
    pad(d, harmless(table))
    assert table.message == "That cannot be done now." and len(renders) >= 1


def test_finish_a_game_shows_the_ranking(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"), options={"tokens_to_win": 3})
    pad(d, "+1")
    for _ in range(300):
        if d.app.sm.current == "end":
            break
        for w in d.window_widgets():
            if type(w).__name__ == "Celebration":
                w.dismiss(animation=False)
        play_towards_win(d, table, seat=0)
    assert d.app.sm.current == "end"
    end = d.screen()
    assert end.ids.headline.text == "Ana wins!"
    ranking = [w.text for w in reversed(end.ids.ranking.children)]
    assert ranking[0].startswith("1.") and "Ana" in ranking[0] and ranking[0].endswith("3")
    d.frames(3)
    d.shot("07-end")
    d.tap(end.ids.home)
    in_progress = d.app.journal.in_progress()
    assert d.app.session.id not in [g["id"] for g in in_progress], "a finished game is not offered to resume"
    assert len(d.screen().ids.resume_list.children) == min(3, len(in_progress)) > 0
    d.shot("01b-home-games-in-progress")
    d.tap(d.screen().ids.history)
    assert any("Ana 3" in t for t in d.texts(d.screen()))
    d.shot("08-history")


def test_advanced_play_guess_flow_and_a_second_guess_at_the_same_token_is_not_offered(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"), options={"advanced": True})
    screen = d.screen()
    pad(d, "+1")  # Ben deals
    # Ana guesses Ben's number right (she read his plays well).
    d.tap(screen.ids.extra)
    assert screen.ids.pad_hint.text == "Whose secret number?"
    pad(d, "Ben")
    pad(d, str(secret_of(table, 1)))
    assert table.public_view()["players"][0]["tokens"] == 0, "a guess is played only on Yes"
    yes(d)
    assert table.public_view()["players"][0]["tokens"] == 1
    assert "right!" in screen.ids.summary.text
    for w in d.window_widgets():
        if type(w).__name__ == "Celebration":
            d.tap(w)
    # Ben guesses Ana's number wrong: Ana takes Ben's token.
    wrong = next(k for k in range(1, 11) if k != secret_of(table, 0))
    d.tap(screen.ids.extra)
    pad(d, "Ana")
    pad(d, str(wrong))
    yes(d)
    assert table.public_view()["players"][0]["tokens"] == 2 and "wrong" in screen.ids.summary.text
    assert not [w for w in d.window_widgets() if type(w).__name__ == "Celebration"], "a wrong guess is no party"
    pad(d, harmless(table))  # Ana
    before = table.public_view()
    # Ben would try Ana's same token again: one guess per token, and Ana is his only opponent
    assert screen.ids.extra.text == "Guess" and screen.ids.extra.disabled, "no guess the rules refuse is offered"
    d.tap(screen.ids.extra)
    assert table.public_view() == before and screen.ids.pad_hint.text == "Card played"


def test_full_deck_the_player_plays_from_their_hand_in_the_private_view(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben"), options={"deck": "full"})
    screen = d.screen()
    if table.public_view()["phase"] == "start_count":
        pad(d, "+1")  # the shuffled deck turned up a Wild: the dealer picks the count on the pad
    keys = [b for b in screen.ids.pad_top.children + screen.ids.pad_bottom.children if b.opacity and b.text]
    assert [b.text for b in keys] == ["Ana's hand"], "the hands are secret: no public card keys"
    assert screen.ids.pad_hint.text == "Play a card from your hand"
    assert not any("hand" in t.lower() and "+" in t for t in d.texts(screen))
    d.tap(keys[0])  # the pad's way to the hand goes through the gate, as tapping the name does
    d.tap(screen.gate_view.overlay.ids_show)
    overlay = screen.gate_view.overlay
    hand = table.session.view(0)["you"]["hand"]
    card = next(c for c in hand if c != "wild")
    d.tap(hand_button(overlay.content, card))
    assert screen.gate_view.overlay is None, "playing a card hides the hand"
    played = [a for a in table.session.actions if a.get("actor") == 0]
    assert played and played[-1]["type"] == "play" and played[-1]["card"] == card


def test_device_events_from_another_thread_reach_widgets_on_the_main_thread(ui):
    import threading

    from hardware.events import ButtonEvent

    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    pad(d, "+1")
    seen = []
    handle = table.handle
    table.handle = lambda event: (seen.append(threading.current_thread()), handle(event))
    poster = threading.Thread(target=d.app.device_sink, args=(ButtonEvent("seat1", "hold"),))
    poster.start()
    poster.join()
    assert d.until(lambda: d.screen().gate_view.overlay is not None, 3)
    assert seen == [threading.main_thread()]
    d.app.device_sink(ButtonEvent("seat1", "release"))
    assert d.until(lambda: d.screen().gate_view.overlay is None, 3)


def test_sounds_can_be_turned_off_and_the_choice_is_remembered(ui):
    d = ui
    before = d.app.sounds_on
    d.tap(d.screen().ids.sounds)
    assert d.app.sounds_on is (not before)
    assert d.app._load_prefs()["sounds"] is (not before)
    assert ("off" in d.screen().ids.sounds.text) is before
    d.tap(d.screen().ids.sounds)
    assert d.app.sounds_on is before


def test_a_refused_setup_is_a_sentence_on_the_new_game_screen(ui):
    d = ui
    d.tap(d.screen().ids.new_game)
    screen = d.screen()
    while screen.players > 2:
        d.tap(screen.ids.fewer)
    for row in screen.rows():
        row.ids.name.text = "Ana"
    d.tap(screen.ids.start)
    assert d.screen().name == "new_game"
    assert screen.ids.notice.text == "Two players have the same name; give each a different one."
    d.tap(screen.ids.back)


def test_an_unplugged_reader_is_reported_at_the_table_and_cleared_when_it_is_back(ui):
    d = ui
    new_game(d, names=("Ana", "Ben"))
    pad(d, "+1")
    screen = d.screen()
    reader = d.app.devices.sim.reader
    reader.unplug()
    try:
        said = screen.ids.summary
        assert d.until(lambda: "disconnected" in said.text or "reconnecting" in said.text, 5), said.text
        assert d.cut_off(screen) == []
    finally:
        reader.replug()
    assert d.until(lambda: not d.app.table.device_problems, 10)
    assert "reader" not in screen.ids.summary.text


def test_full_deck_advanced_play_shows_how_to_play_a_card_not_an_open_guess(ui):
    """Issue 22: with the full deck in advanced play the guess's picker opened by itself
    ("Whose secret number?", no Cancel) and nothing said how to play a card. The pad
    shows the way to the hand, and the guess as a button, with no picker open."""
    d = ui
    table = new_game(d, names=("Ana", "Ben"), options={"deck": "full", "advanced": True})
    screen = d.screen()
    if table.public_view()["phase"] == "start_count":
        pad(d, "+1")
    who = table.name(table.public_view()["turn"])
    assert screen.ids.pad_hint.text == "Play a card from your hand"
    assert f"{who}'s hand" in d.texts(screen.ids.pad_top)
    assert screen.ids.extra.text == "Guess" and not screen.ids.extra.disabled
    assert not any(name in d.texts(screen.ids.pad) for name in table.players), "no guess picker open"
    d.shot("12-full-deck-advanced-table")


def test_full_deck_advanced_play_offers_the_guess_beside_the_hand_with_the_count(ui):
    """Issue 10: with the full deck the private view shows the count and direction
    beside the hand, and in advanced play it offers the guess (there was no Guess at all)."""
    d = ui
    table = new_game(d, names=("Ana", "Ben", "Cy"), options={"deck": "full", "advanced": True})
    screen = d.screen()
    if table.public_view()["phase"] == "start_count":
        pad(d, "+1")
    seat = table.public_view()["turn"]
    d.tap_text(table.name(seat), widget=screen.ids.seats)
    d.tap(screen.gate_view.overlay.ids_show)
    panel = screen.gate_view.overlay.content
    v = table.public_view()
    assert panel.status.text.startswith(f"Count {v['count_label']}") and "clockwise" in panel.status.text
    d.shot("12-full-deck-advanced-hand")
    d.tap(panel.guess)
    assert table.gate is None and screen.ids.pad_hint.text == "Whose secret number?"
    assert screen.ids.pad.opacity == 1
    target = next(p for p in v["players"] if p["seat"] != seat)
    pad(d, target["name"])
    pad(d, "3")
    yes(d)
    assert "guesses" in screen.ids.summary.text


def test_back_home_after_a_game_the_freed_memory_is_handed_back(ui, monkeypatch):
    """Issue 13: an evening of games in one app process stays flat. Home, after a
    game, asks the C allocator to return what that game's objects freed (glibc's
    malloc_trim), once Home's frame is on screen."""
    import kivy_ui.app as app_module

    d = ui
    new_game(d, names=("Ana", "Ben"))
    d.wait(app_module.RELEASE_AFTER + 0.2)  # Home's own earlier requests: skipped, a game is on screen
    asked = []
    real = app_module.release_memory
    monkeypatch.setattr(app_module, "release_memory", lambda *a: asked.append(real(*a)))
    d.app.leave_game()
    d.frames(3)
    assert d.app.sm.current == "home" and asked == []  # Home's frames are not held back by it
    d.wait(app_module.RELEASE_AFTER + 0.2)
    assert asked == [True]
    new_game(d, names=("Ana", "Ben"))  # passes through Home itself
    d.wait(app_module.RELEASE_AFTER + 0.2)
    asked.clear()
    d.app.leave_game()
    d.frames(2)
    d.app.show("new_game")  # a player who goes on at once is not held up by it
    d.wait(app_module.RELEASE_AFTER + 0.2)
    assert asked == []


def test_at_start_up_home_does_not_collect_before_its_first_frame(ui, monkeypatch):
    """Home at start-up (no game opened yet) asks nothing of the allocator: Kivy's
    first tick comes after the window's creation and ran the collection before the
    first frame (24 ms of start-up)."""
    import kivy_ui.app as app_module

    d = ui
    d.wait(app_module.RELEASE_AFTER + 0.2)  # what the fixture's own return home asked for
    asked = []
    monkeypatch.setattr(app_module, "release_memory", lambda *a: asked.append(1))
    monkeypatch.setattr(d.app, "session", None)
    monkeypatch.setattr(d.app, "table", None)  # the app knows a game by its table
    d.app.show("home")
    d.wait(app_module.RELEASE_AFTER + 0.2)
    assert asked == []
