"""The optional turn clock (issue 25): a gentle per-turn timer, or a chess clock per seat.

Off by default. The table chooses it at New game; the choice is kept in the
session's meta (`clock`, like `first_drawn`), so a resumed game runs the same
clock. Whose time runs comes from what the game waits for (the frame's
`waiting_for.actors`): every seat in it runs its own time (a sealed bid runs
several at once); CHANCE is nobody's.

    clock = TurnClock(Setting("timer", 60), seats=3, now=time.monotonic)
    clock.observe(frame.acting)        # whose time runs
    clock.time(0).text                 # "0:42"; "+0:05" is overtime
    clock.pause(); clock.resume()      # the privacy gate, Home

The clock never acts by itself: at zero a timer shows overtime (and a chess
bank goes below zero). Only when the table chose "then the turn ends" (a timer
with `end`, offered for a game that declares its end-turn action,
companion/rules/turn_end.py) does `due()` name the seat whose time ran out,
once a turn, for the app to play that action through the table controller.

What is kept, and when. The session writes the clock's record (`Spent`) into
the game's summary with every commit (companion/table/session.py `_write`), so
it is in the SAME transaction as the move that ends a turn: no extra write per
move. A chess bank on resume is its bank minus the recorded seconds. The
seconds since the last commit are lost in a power cut (nothing else is written
for them); going Home saves them (`Session.save_clock`, one small commit off
the move path).

Undo refunds nothing: time already spent stays spent (a chess bank does not
grow back), and the seat that acts again after an undo starts a fresh turn. A
turn counts for the averages when the seat's own move ends it; a turn ended by
an undo or redo counts its seconds in the bank only.
"""
from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.rules.seats import is_seat_number
from companion.rules.turn_end import ends_turn_of
from companion.words import _, ngettext

OFF, TIMER, CHESS = "off", "timer", "chess"
MODES = (OFF, TIMER, CHESS)
#: the session meta's key for the table's choice
META = "clock"
#: the summary's key for the record
RECORD = "clock"
#: seconds left at which the warning sounds
WARN_AT = 10.0
#: what New game offers, in the order its row cycles
OFFERED: tuple[tuple[str, int], ...] = (
    (OFF, 0), (TIMER, 30), (TIMER, 60), (TIMER, 90), (TIMER, 120), (TIMER, 180),
    (CHESS, 600), (CHESS, 1200), (CHESS, 1800),
)
_LONGEST = 24 * 3600  # a limit or bank beyond a day is not a clock a table runs


@dataclasses.dataclass(frozen=True)
class Setting:
    """The table's choice: off, a timer of `seconds` per turn, or a chess bank of `seconds` per seat."""

    mode: str = OFF
    seconds: int = 0
    end: bool = False  # a timer only: at zero the turn ends (the game's end-turn action is played)

    @property
    def on(self) -> bool:
        return self.mode != OFF

    def to_meta(self) -> dict[str, Any]:
        meta: dict[str, Any] = {"mode": self.mode, "seconds": self.seconds}
        if self.end:
            meta["end"] = True
        return meta

    @classmethod
    def from_meta(cls, meta: Mapping[str, Any] | None) -> Setting:
        """The choice kept in a session's meta; anything unreadable is off (a clock is a nicety)."""
        got = (meta or {}).get(META) if isinstance(meta, Mapping) else None
        if not isinstance(got, Mapping):
            return cls()
        mode, seconds = got.get("mode"), got.get("seconds")
        if mode not in (TIMER, CHESS) or not is_seat_number(seconds) or not 0 < seconds <= _LONGEST:
            return cls()
        return cls(str(mode), int(seconds), mode == TIMER and got.get("end") is True)

    def label(self) -> str:
        """New game's row: "Turn clock: off", "Turn clock: 60 s per turn", "Turn clock: chess, 20 min each"."""
        if self.mode == TIMER and self.end:
            return _("Turn clock: {seconds} s, then the turn ends", seconds=self.seconds)
        if self.mode == TIMER:
            return _("Turn clock: {seconds} s per turn", seconds=self.seconds)
        if self.mode == CHESS:
            return _("Turn clock: chess, {minutes} min each", minutes=self.seconds // 60)
        return _("Turn clock: off")

    def following(self, ends: bool = False) -> Setting:
        """The next choice New game's row offers (after the last: off); ends: the game
        declares its end-turn action, so each timer is followed by its "then the turn
        ends" variant."""
        offered = offered_for(ends)
        i = offered.index(self) if self in offered else -1
        return offered[(i + 1) % len(offered)]

    def for_game(self, ends: bool) -> Setting:
        """This choice for a game that declares an end-turn action (ends) or not: a game
        that cannot end a turn by itself runs the plain timer."""
        return self if ends or not self.end else Setting(self.mode, self.seconds)


def offered_for(ends: bool) -> tuple[Setting, ...]:
    """New game's clock row, in order: OFFERED, each timer followed by its end variant when `ends`."""
    out: list[Setting] = []
    for mode, seconds in OFFERED:
        out.append(Setting(mode, seconds))
        if ends and mode == TIMER:
            out.append(Setting(mode, seconds, True))
    return tuple(out)


@dataclasses.dataclass(frozen=True)
class Spent:
    """What the journal keeps of the clock, per seat: every second its time ran
    (`total`, what a chess bank lost), its finished turns and their seconds (the
    averages), and the seconds so far of its turn under way (`run`)."""

    total: tuple[float, ...]
    turns: tuple[int, ...]
    turn_s: tuple[float, ...]
    run: tuple[float, ...]

    @classmethod
    def none(cls, seats: int) -> Spent:
        return cls((0.0,) * seats, (0,) * seats, (0.0,) * seats, (0.0,) * seats)

    def to_json(self) -> dict[str, Any]:
        return {k: [round(x, 2) if isinstance(x, float) else x for x in getattr(self, k)]
                for k in ("total", "turns", "turn_s", "run")}

    @classmethod
    def from_json(cls, data: Any, seats: int) -> Spent:
        """The record from a summary; a missing or damaged one is a clock that has not run."""
        if not isinstance(data, Mapping):
            return cls.none(seats)
        try:
            parts = [tuple(data[k]) for k in ("total", "turns", "turn_s", "run")]
        except (KeyError, TypeError):
            return cls.none(seats)
        if any(len(p) != seats or not all(_finite(x) for x in p) for p in parts):
            return cls.none(seats)
        total, turns, turn_s, run = parts
        return cls(tuple(map(float, total)), tuple(int(x) for x in turns), tuple(map(float, turn_s)),
                   tuple(map(float, run)))


def _finite(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and x >= 0


@dataclasses.dataclass(frozen=True)
class SeatTime:
    """What a seat's tile shows: `text` ("1:05", "+0:12" overtime, "" nothing), whether
    its time runs now, and whether it is in the warning moment or past zero."""

    seat: int
    left: float | None  # seconds left (negative: overtime); None when nothing is shown
    running: bool
    warning: bool
    over: bool

    @property
    def text(self) -> str:
        return clock_text(self.left) if self.left is not None else ""


def clock_text(left: float) -> str:
    """m:ss of the seconds left, rounded up (a timer shows 0:00 only when time is up);
    overtime as +m:ss, rounded down."""
    if left > 0:
        s = math.ceil(left - 1e-9)
        return f"{s // 60}:{s % 60:02d}"
    s = int(-left)
    return f"+{s // 60}:{s % 60:02d}"


class TurnClock:
    """A table's turn clock. `now` is a monotonic time source (tests pass a fake one).
    Pure bookkeeping: it never acts, never writes; the session writes `settle()`'s
    record with each commit and hands it back with `settled()`."""

    def __init__(self, setting: Setting, seats: int, now: Callable[[], float] = time.monotonic,
                 spent: Spent | None = None, acting: Iterable[Any] = ()):
        self.setting = setting
        self.seats = seats
        self.now = now
        self.spent = spent or Spent.none(seats)
        self.paused = False
        self._extra = [0.0] * seats  # seconds run since the last record, per seat
        self._since: dict[int, float] = {}  # running seat -> when its live stretch began (not while paused)
        self._running: set[int] = set()
        self._warned: set[int] = set()
        self._ended: set[int] = set()  # seats whose running out was named by due() this turn
        self._settle_t: float | None = None
        self.observe(acting)

    # --- feeding ----------------------------------------------------------------
    def observe(self, actors: Iterable[Any]) -> None:
        """Whose time runs: the seats among `actors` (a frame's acting seats, or the
        game's actors; CHANCE is nobody)."""
        seats = {a for a in actors if is_seat_number(a) and a < self.seats}
        if seats == self._running:
            return
        t = self.now()
        for seat in self._running - seats:
            self._fold(seat, t)
            self._since.pop(seat, None)
        for seat in seats - self._running:
            if not self.paused:
                self._since[seat] = t
        self._running = seats

    def pause(self) -> None:
        """Stop every running time (a private view open, Home)."""
        if self.paused:
            return
        t = self.now()
        for seat in list(self._since):
            self._fold(seat, t)
        self._since.clear()
        self.paused = True

    def resume(self) -> None:
        if not self.paused:
            return
        t = self.now()
        self._since = {seat: t for seat in self._running}
        self.paused = False

    def _fold(self, seat: int, t: float) -> None:
        start = self._since.get(seat)
        if start is not None:
            self._extra[seat] += max(0.0, t - start)
            self._since[seat] = t

    # --- the record, with each commit --------------------------------------------
    def settle(self, moved: bool, actors_after: Iterable[Any]) -> Spent:
        """The record as it stands once this commit is made (nothing changes here): every
        second run so far counted, and the turns this commit ends closed. A seat whose
        time ran and that no longer acts after it ends its turn: a finished turn when
        the commit is a move (`moved`), else (undo, redo) its seconds count only in its
        total. A failed commit changes nothing: call `settled` only once it is made."""
        after = {a for a in actors_after if is_seat_number(a)}
        t = self.now()
        total, turn_s, run = list(self.spent.total), list(self.spent.turn_s), list(self.spent.run)
        turns = list(self.spent.turns)
        for seat in range(self.seats):
            extra = self._extra[seat] + (t - self._since[seat] if seat in self._since else 0.0)
            total[seat] += extra
            run[seat] += extra
            if seat in self._running and seat not in after:
                if moved:
                    turns[seat] += 1
                    turn_s[seat] += run[seat]
                run[seat] = 0.0
        self._settle_t = t
        return Spent(tuple(total), tuple(turns), tuple(turn_s), tuple(run))

    def settled(self, spent: Spent, actors_after: Iterable[Any]) -> None:
        """The commit carrying `spent` was made: take it as the record, and run the seats
        that act after it."""
        t = self._settle_t if self._settle_t is not None else self.now()
        after = set(actors_after)
        self.spent = spent
        self._extra = [0.0] * self.seats
        self._since = {seat: t for seat in self._since}
        if self.setting.mode != CHESS:  # a timer warns once a turn; a bank once a game
            self._warned -= {s for s in self._running if s not in after}
        self._ended -= {s for s in self._running if s not in after}
        self.observe(actors_after)

    def restore(self, spent: Spent, actors: Iterable[Any]) -> None:
        """The journal's record again (a commit the disk did not keep was taken back)."""
        self.spent = spent
        self._extra = [0.0] * self.seats
        self._running = set()
        self._since.clear()
        self.observe(actors)

    # --- reading --------------------------------------------------------------------
    @property
    def acting(self) -> frozenset[int]:
        """The seats whose turn it is (their time runs unless paused)."""
        return frozenset(self._running)

    def _live(self, seat: int) -> float:
        start = self._since.get(seat)
        return self._extra[seat] + (self.now() - start if start is not None else 0.0)

    def used(self, seat: int) -> float:
        """Every second this seat's time has run in this game."""
        return self.spent.total[seat] + self._live(seat)

    def this_turn(self, seat: int) -> float:
        """The seconds of this seat's turn under way (0 when it does not act)."""
        return self.spent.run[seat] + self._live(seat) if seat in self._running else 0.0

    def seat_time(self, seat: int) -> SeatTime:
        mode = self.setting.mode
        running = seat in self._running
        if mode == CHESS:
            left: float | None = self.setting.seconds - self.used(seat)
        elif mode == TIMER and running:
            left = self.setting.seconds - self.this_turn(seat)
        else:
            left = None
        live = running and not self.paused
        return SeatTime(seat, left, live, left is not None and 0 < left <= WARN_AT, left is not None and left <= 0)

    def times(self) -> tuple[SeatTime, ...]:
        return tuple(self.seat_time(seat) for seat in range(self.seats))

    def warnings(self) -> list[int]:
        """The running seats that reached the warning moment since this was last asked
        (once per turn for a timer, once per game for a chess bank): the sound's cue."""
        out = []
        for seat in sorted(self._running):
            st = self.seat_time(seat)
            if st.left is not None and st.left <= WARN_AT and seat not in self._warned:
                self._warned.add(seat)
                if st.left > 0:
                    out.append(seat)
        return out

    def due(self) -> list[int]:
        """The running seats whose per-turn time ran out, each once a turn, when the table
        chose "then the turn ends" (none while paused: behind the gate, on Home); the
        caller asks the game to end that seat's turn, and asks nothing again this turn
        (a refusal leaves the turn to the players)."""
        if self.paused or self.setting.mode != TIMER or not self.setting.end:
            return []
        out = [seat for seat in sorted(self._running)
               if seat not in self._ended and self.setting.seconds - self.this_turn(seat) <= 0]
        self._ended.update(out)
        return out

    def averages(self) -> list[tuple[int, float] | None]:
        """Per seat (number of finished turns, average seconds), None for a seat with none."""
        return average_turns(self.spent)


def turn_average(turns: int, average_s: float) -> str:
    """"12 timed turns, 0:42 a turn on average" (Past games, Statistics, the CLI)."""
    return ngettext("{n} timed turn, {time} a turn on average", "{n} timed turns, {time} a turn on average", turns,
                    time=clock_text(max(average_s, 0.001)))


def average_turns(spent: Spent) -> list[tuple[int, float] | None]:
    return [(n, s / n) if n else None for n, s in zip(spent.turns, spent.turn_s)]


def for_session(session: Any, now: Callable[[], float] = time.monotonic) -> TurnClock | None:
    """The clock a session's table runs (its meta's choice, its record so far), or None when off."""
    setting = Setting.from_meta(getattr(session, "meta", None))
    setting = setting.for_game(ends_turn_of(getattr(session, "game", None)) is not None)
    if not setting.on:
        return None
    seats = len(session.players)
    spent = Spent.from_json(getattr(session, "clock_record", None), seats)
    return TurnClock(setting, seats, now, spent, session.actors())


def record_of(summary: Any, seats: int) -> Spent | None:
    """A finished game's record from its journal summary, None when it ran no clock."""
    data = summary.get(RECORD) if isinstance(summary, Mapping) else None
    if data is None:
        return None
    spent = Spent.from_json(data, seats)
    return spent if any(spent.turns) or any(spent.total) else None


__all__ = [
    "CHESS",
    "META",
    "MODES",
    "OFF",
    "OFFERED",
    "RECORD",
    "TIMER",
    "WARN_AT",
    "SeatTime",
    "Setting",
    "Spent",
    "TurnClock",
    "average_turns",
    "clock_text",
    "for_session",
    "offered_for",
    "record_of",
    "turn_average",
]
