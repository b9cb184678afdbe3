"""The turn clock's "then the turn ends" option (issue 25 §1: the clock "never ends
a turn by itself unless the table chose that"), on a fake monotonic clock: the seat
whose time ran out is named once at zero, never while paused, and only for a game
that declares its end-turn action (companion/rules/turn_end.py)."""
from __future__ import annotations

from companion.games import get_game
from companion.rules.turn_end import EndsTurn, ends_turn_of
from companion.table.clock import CHESS, OFFERED, TIMER, Setting, TurnClock, for_session, offered_for

from .test_turn_clock import Fake, _commit


def test_the_end_is_asked_exactly_once_at_zero():
    fake = Fake()
    clock = TurnClock(Setting(TIMER, 30, end=True), seats=2, now=fake, acting=[0])
    fake.wait(29.5)
    assert clock.due() == []
    fake.wait(0.5)
    assert clock.due() == [0]
    fake.wait(5)
    assert clock.due() == []  # asked once: a refusal leaves the turn to the players
    _commit(clock, True, [1])  # the turn ended; the next seat's own 30 s
    fake.wait(30)
    assert clock.due() == [1]
    _commit(clock, True, [0])
    fake.wait(31)
    assert clock.due() == [0]  # a new turn of the same seat is asked again


def test_the_end_is_never_asked_while_paused_and_paused_time_does_not_count():
    fake = Fake()
    clock = TurnClock(Setting(TIMER, 30, end=True), seats=2, now=fake, acting=[0])
    fake.wait(20)
    clock.pause()  # the privacy gate, Home
    fake.wait(100)
    assert clock.due() == []
    clock.resume()
    assert clock.due() == []  # 20 s run, not 120
    fake.wait(10)
    clock.pause()
    assert clock.due() == []  # at zero, but paused: nothing until the table is back
    clock.resume()
    assert clock.due() == [0]


def test_without_the_option_a_timer_or_a_chess_bank_never_ends_a_turn():
    for setting in (Setting(TIMER, 30), Setting(CHESS, 600)):
        fake = Fake()
        clock = TurnClock(setting, seats=2, now=fake, acting=[0])
        fake.wait(10_000)
        assert clock.due() == []


def test_the_option_is_kept_in_the_meta_and_offered_only_for_a_game_that_declares_it():
    end = Setting(TIMER, 60, end=True)
    assert Setting.from_meta({"clock": end.to_meta()}) == end
    assert Setting.from_meta({"clock": {"mode": "chess", "seconds": 600, "end": True}}) == Setting(CHESS, 600)
    assert Setting(TIMER, 60).to_meta() == {"mode": "timer", "seconds": 60}  # older meta unchanged
    assert offered_for(False) == tuple(Setting(*o) for o in OFFERED)
    with_end = offered_for(True)
    assert with_end[with_end.index(Setting(TIMER, 30)) + 1] == Setting(TIMER, 30, end=True)
    assert sum(s.end for s in with_end) == sum(m == TIMER for m, _ in OFFERED)
    s, seen = Setting(), []
    for _ in with_end:
        seen.append(s)
        s = s.following(ends=True)
    assert tuple(seen) == with_end and s == Setting()
    assert end.label() == "Turn clock: 60 s, then the turn ends"
    assert end.for_game(False) == Setting(TIMER, 60) and end.for_game(True) == end


def test_mayan_curse_declares_its_end_turn_and_the_other_games_do_not():
    # Mayan Curse step 2c (mayan-curse.txt line 156): "At the end of your turn, you must discard all 3".
    assert ends_turn_of(get_game("mayan-curse")) == EndsTurn("end_turn")
    assert EndsTurn("end_turn").action(2) == {"actor": 2, "type": "end_turn"}
    # Maya Madness's turn is a card played; Maya has no single move that ends a turn.
    assert ends_turn_of(get_game("maya-madness")) is None
    assert ends_turn_of(get_game("maya")) is None


class _Session:
    def __init__(self, game: str, meta: dict):
        self.game, self.meta, self.players = get_game(game), meta, ["Ana", "Ben"]
        self.clock_record = None

    def actors(self):
        return frozenset({0})


def test_a_game_that_declares_no_end_turn_runs_the_plain_timer():
    meta = {"clock": Setting(TIMER, 30, end=True).to_meta()}
    plain = for_session(_Session("maya-madness", meta))
    assert plain is not None and plain.setting == Setting(TIMER, 30)
    ends = for_session(_Session("mayan-curse", meta))
    assert ends is not None and ends.setting.end


def test_the_tables_own_end_of_a_turn_is_a_move_like_a_tap_and_a_refusal_says_nothing(tmp_path):
    from companion.store.journal import Journal
    from companion.table.controller import TableController
    from companion.table.session import Session

    journal = Journal.open(tmp_path / "j.sqlite3")
    try:
        s = Session.create(journal, "mayan-curse", ["Ana", "Ben"], seed=3)
        table = TableController(s, settle=0)
        frames = []
        table.subscribe_frames(frames.append)
        seat = table.acting()[0]
        ends = ends_turn_of(s.game)
        assert ends is not None
        refused = table.play(ends.action(1 - seat), notice=lambda: "time ran out")  # not that seat's turn
        assert not refused.ok and table.message is None and frames == []  # nothing said, nothing published
        played = table.play(ends.action(seat), notice=lambda: "time ran out")
        assert played.ok and frames[-1].kind == "move" and frames[-1].notice == "time ran out"
        # journaled as the seat's own End turn (a draw for the next seat may follow it)
        assert any(a == {"actor": seat, "type": "end_turn"} for a in s.actions)
        assert table.acting() != [seat]
    finally:
        journal.close()
