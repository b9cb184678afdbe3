"""The optional turn clock (issue 25 §1) in the app: chosen at New game by touches,
shown in each seat's tile, paused behind the privacy gate and on Home, and its
seconds kept in the journal. The clock reads a fake time here, so nothing waits
for real seconds."""
from __future__ import annotations

import pytest

from companion.table.clock import CHESS, TIMER, Setting
from kivy_ui import theme


class Fake:
    def __init__(self):
        self.t = 10_000.0

    def __call__(self):
        return self.t


def _choose_clock(d, screen, wanted: Setting) -> None:
    """Tap New game's turn clock row round to `wanted` (at most once round)."""
    for _ in range(12):
        if screen.clock_setting == wanted:
            break
        screen.ids.scroll.scroll_to(screen.clock_button, padding=10, animate=False)  # as a finger scrolls to it
        d.frames(1)
        d.tap(screen.clock_button)
    assert screen.clock_setting == wanted
    assert screen.clock_button.text == wanted.label()


def _reset(d, screen) -> None:
    screen.clock_setting = Setting()  # New game remembers the choice: the other tests' games run no clock


def _timed_game(d, setting: Setting, title: str, names, options=None):
    """Home -> New game -> the game with `setting` chosen on the clock row by touches ->
    its table screen; New game's clock row is put back to off for the next tests."""
    d.app.show("home")
    d.frames(2)
    s = d.fill_new_game(title, names, options)
    _choose_clock(d, s, setting)
    d.tap(s.ids.start)
    assert d.until(lambda: d.screen().name not in ("new_game", "home"), 3), s.ids.notice.text
    _reset(d, s)
    return s


def _fake_time(d) -> Fake:
    fake = Fake()
    clock = d.app.turn_clock.clock
    clock.pause()  # hand the clock to the fake time between two readings
    clock.now = fake
    clock.resume()
    return fake


def test_a_chess_clock_chosen_at_new_game_runs_in_the_maya_tiles_and_pauses_on_home(ui):
    d = ui
    d.app.show("home")
    d.frames(2)
    s = d.fill_new_game("Maya", ["Ana", "Ben", "Cleo", "Dan", "Eve"])
    _choose_clock(d, s, Setting(CHESS, 1200))
    d.shot("clock-new-game")
    d.tap(s.ids.start)
    assert d.until(lambda: d.screen().name == "maya", 3), s.ids.notice.text
    _reset(d, s)
    game = d.screen()
    session = d.app.session
    assert session.meta["clock"] == {"mode": "chess", "seconds": 1200}
    fake = _fake_time(d)
    seat = d.app.table.acting()[0]
    fake.t += 65
    d.app.turn_clock.tick()
    assert game.seat_clocks[seat].text == "18:55"
    others = [game.seat_clocks[s].text for s in range(5) if s != seat]
    assert others == ["20:00"] * 4
    assert game.seat_clocks[seat].font_size >= 24  # the running seat's time, read across the table
    d.shot("clock-maya-5p")
    d.app.leave_game()  # Home: the clock stops, and its seconds are saved
    d.frames(2)
    fake.t += 600
    d.app.turn_clock.tick()
    assert d.app.turn_clock.clock.paused
    assert session.clock_record["total"][seat] == pytest.approx(65.0, abs=0.1)
    assert d.app.journal.session(session.id)["summary"]["clock"]["total"][seat] == pytest.approx(65.0, abs=0.1)
    d.app.show(game.name)  # back to the table (as Home's Resume does): the clock goes on
    d.frames(2)
    d.app.turn_clock.tick()
    fake.t += 5
    d.app.turn_clock.tick()
    assert game.seat_clocks[seat].text == "18:50"
    _abandon(d)


def test_a_timer_shows_in_the_turns_tile_stops_behind_the_gate_and_shows_overtime(ui):
    d = ui
    _timed_game(d, Setting(TIMER, 30), "Maya Madness", ["Ana", "Ben"],
                {"deck": "full", "advanced": False, "tokens_to_win": 5})
    table = d.app.table
    game = d.screen()
    fake = _fake_time(d)
    seat = table.acting()[0]
    fake.t += 12
    d.app.turn_clock.tick()
    assert game.seat_clocks[seat].text == "0:18"
    assert [game.seat_clocks[x].text for x in game.seat_clocks if x != seat] == [""]  # a timer: the turn's seat only
    d.shot("clock-madness-timer")
    table.request_peek(seat)
    table.confirm_peek()
    assert d.until(lambda: table.frame().gate.open, 2)
    fake.t += 100  # a player reads their secret: their time stands still
    d.app.turn_clock.tick()
    assert not d.app.turn_clock.clock.seat_time(seat).running
    table.close_gate()
    d.frames(2)
    d.app.turn_clock.tick()
    assert game.seat_clocks[seat].text == "0:18"
    fake.t += 25
    d.app.turn_clock.tick()
    assert game.seat_clocks[seat].text == "+0:07"  # overtime is shown; the turn goes on
    assert table.acting() == [seat]
    d.shot("clock-madness-overtime")
    _abandon(d)


def test_nobody_s_time_runs_while_the_first_game_guide_is_read(ui):
    """A teaching table reads the guide's card before it plays: the timer waits for
    the one tap that dismisses it."""
    d = ui
    d.app.show("home")
    d.frames(2)
    s = d.fill_new_game("Maya Madness", ["Ana", "Ben"], {"deck": "full", "advanced": False, "tokens_to_win": 5})
    _choose_clock(d, s, Setting(TIMER, 30))
    s.ids.scroll.scroll_to(s.teach_button, padding=10, animate=False)
    d.frames(1)
    d.tap(s.teach_button)
    d.tap(s.ids.start)
    assert d.until(lambda: d.screen().name == "maya-madness", 3), s.ids.notice.text
    _reset(d, s)
    game = d.screen()
    overlay = game._teach_overlay
    assert d.until(lambda: overlay.card is not None, 3), "the guide's first card did not open"
    fake = _fake_time(d)
    d.app.turn_clock.tick()  # the clock looks at the table: a card is up
    seat = d.app.table.acting()[0]
    fake.t += 40  # the table reads the card
    d.app.turn_clock.tick()
    assert d.app.turn_clock.clock.paused and game.seat_clocks[seat].text == "0:30"
    d.tap(overlay)
    while overlay.card is not None:  # each phase's card the game opens with, one tap each
        d.tap(overlay)
    d.app.turn_clock.tick()
    fake.t += 5
    d.app.turn_clock.tick()
    assert game.seat_clocks[d.app.table.acting()[0]].text == "0:25"
    _abandon(d)


def _abandon(d) -> None:
    """Leave the shared app on Home, with no game of these tests left to resume."""
    d.app.leave_game()
    d.frames(2)
    sid = d.app.session.id
    d.app.journal.abandon(sid)
    d.app.drop_game(sid)
    d.app.show("home")
    d.frames(2)


def test_six_curse_rows_show_the_running_seats_bank_without_cutting_a_name(ui):
    d = ui
    _timed_game(d, Setting(CHESS, 600), "Mayan Curse", ["Ana", "Ben", "Cleo", "Dan", "Eve", "Finn"])
    game = d.screen()
    fake = _fake_time(d)
    seat = d.app.table.acting()[0]
    fake.t += 3
    d.app.turn_clock.tick()
    assert sorted(game.seat_clocks) == list(range(6))
    assert game.seat_clocks[seat].text == "9:57"
    assert all(game.seat_clocks[x].text == "10:00" for x in range(6) if x != seat)
    # half the screen's width for a row: the running seat's time takes its name's place
    # (its colour and symbol stay at the left, the prompt names it), the waiting banks wait
    assert not game.seat_clocks[seat].hidden
    assert all(game.seat_clocks[x].hidden for x in range(6) if x != seat)
    d.shot("clock-curse-6p")
    _abandon(d)


def test_three_maya_tiles_hold_a_name_and_a_timer_side_by_side(ui):
    d = ui
    _timed_game(d, Setting(TIMER, 90), "Maya", ["Ana", "Ben", "Cleo"])
    game = d.screen()
    fake = _fake_time(d)
    seat = d.app.table.acting()[0]
    fake.t += 80.5
    d.app.turn_clock.tick()
    d.frames(2)
    tile = game._tiles[seat]
    assert game.seat_clocks[seat].text == "0:10" and not game.seat_clocks[seat].hidden
    assert d.app.session.players[seat] in tile.name.text  # the name stays beside its time
    assert tuple(game.seat_clocks[seat].color) == tuple(theme.DANGER)  # its last ten seconds
    d.shot("clock-maya-3p-warning")
    _abandon(d)


def test_past_games_and_statistics_show_a_timed_games_average_turn(ui):
    """A finished timed game: its detail and Statistics say each player's timed turns and
    average turn time (an untimed game says nothing of it)."""
    import random

    from companion.bots import RandomBot
    from companion.rules.engine import CHANCE
    from companion.table.clock import for_session, turn_average
    from companion.table.session import Session

    d = ui
    fake, rng = Fake(), random.Random(3)
    s = Session.create(d.app.journal, "maya-madness", ["Tia", "Uma"], options={"deck": "full"}, seed=11,
                       meta={"clock": Setting(TIMER, 60).to_meta()})
    s.clock = for_session(s, fake)
    while not s.is_over():
        fake.t += 6
        seat = min(a for a in s.actors() if a != CHANCE)
        s.act(RandomBot().choose(s.game, s.state, seat, rng))
    d.app.journal.wait_synced()
    spent = s.clock.spent
    d.app.show("history").open_game(s.id)
    d.frames(2)
    detail = d.screen()
    texts = [w.text for w in d.walk(detail.ids.results) if hasattr(w, "text")]
    tia = turn_average(spent.turns[0], spent.turn_s[0] / spent.turns[0])
    assert any(f"Tia: {tia}" in t for t in texts), texts
    d.shot("clock-game-detail")
    st = d.app.show("stats")
    for _ in range(len(st.games)):
        if st.game == "maya-madness":
            break
        d.tap(st.ids.game_button)
    while st.player != "Tia":
        d.tap(st.ids.player_button)
    lines = [w.text for w in d.walk(st.ids.figures) if hasattr(w, "text")]
    from companion.history import stats

    figures = stats.player_stats(st.plays, "Tia", "maya-madness")
    assert any(turn_average(figures["turns"], figures["average_turn_s"]) in t for t in lines), lines
    d.shot("clock-statistics")
    d.app.show("home")
    d.frames(2)
