"""The app's side of the turn clock (issue 25; the clock itself is
companion/table/clock.py): it attaches the clock a game chose to its session (so
its seconds ride every commit), feeds it whose turn it is from each frame,
pauses it while the privacy gate shows a private view, while the first-game
guide's card is read, and while the table's screen is not shown (Home, Past
games …), and once a second sets only the seat tiles' clock labels
(`screen.seat_clocks`, kivy_ui/widgets/seat_clock.py).

At the warning moment (10 s left) it plays the soft "clock" sound (prepared with
the others, kivy_ui/sounds.py) and, when speech is on, says so. At zero the tile
shows overtime, and the turn goes on, unless the table chose "then the turn ends"
(a game that declares its end-turn action, companion/rules/turn_end.py): then,
once the gate is closed and nothing is half entered on the table's screen, that
action is played through the table controller like a tap, and the table line (and
speech) says the time ran out; a game that refuses it now leaves the turn as it is.

When the clock pauses or resumes, the phones are told (kivy_ui/phones.py
`clock_changed`: a copy of a few numbers here; their messages are built on the
phone server's loop), so a seat's page stops or goes on counting its own time.
"""
from __future__ import annotations

from typing import Any

from kivy.clock import Clock

from companion.errors import CompanionError
from companion.rules.turn_end import ends_turn_of
from companion.table.clock import TurnClock, for_session

from .i18n import _

TICK_S = 1.0  # the labels are set once a second (only a text that changed is drawn again)


class ClockTicker:
    def __init__(self, app: Any):
        self.app = app
        self.clock: TurnClock | None = None
        self._event: Any = None
        self._gate_open = False
        self._over = False
        self._save: Any = None
        self._ends: Any = None

    def attach(self, session: Any) -> None:
        """A game opened: the clock its New game chose (None when off), going on from its record."""
        self.clock = for_session(session)
        session.clock = self.clock
        self._save = session.save_clock  # Home keeps the seconds since the last move
        self._ends = ends_turn_of(session.game)  # the game's end-turn action, if it declares one
        for screen in self.app.sm.screens:  # the last game's times leave the tiles (an untimed game shows none)
            for label in (getattr(screen, "seat_clocks", None) or {}).values():
                label.show("", False, False)
        self._gate_open = self._over = False
        if self._event is not None:
            self._event.cancel()
            self._event = None
        if self.clock is not None:
            self._event = Clock.schedule_interval(self.tick, TICK_S)

    def on_frame(self, frame: Any) -> None:
        if self.clock is None:
            return
        self._over = bool(frame.over)
        self.clock.observe(() if frame.over else frame.acting)
        self._gate_open = frame.gate.open  # a private view shows: nobody's time runs
        self.tick(act=False)  # inside the frame's publishing: no move is made from here

    def _table_shown(self) -> bool:
        table = self.app.table
        return table is not None and self.app.sm.current == table.frame().game

    def tick(self, *_args: Any, act: bool = True) -> None:
        clock = self.clock
        if clock is None:
            return
        shown = self._table_shown()
        was = clock.paused
        if shown and not self._gate_open and not self._over and not self._teaching():
            clock.resume()
        else:
            clock.pause()
        if clock.paused != was:
            self._tell_phones()
        if not shown:
            return
        screen = self.app.screen(self.app.sm.current)
        labels = getattr(screen, "seat_clocks", None) or {}
        for seat, label in labels.items():
            if 0 <= seat < clock.seats:
                st = clock.seat_time(seat)
                label.show(st.text, st.running, st.warning or st.over)
        for seat in clock.warnings():
            self.app.play_sound("clock", now=True)
            self.app.speak(_("{name}: ten seconds left.", name=self.app.table.name(seat)), now=True)
        if act and clock.setting.end and not self._entering(screen):
            for seat in clock.due():
                self._end_turn(seat)

    def _teaching(self) -> bool:
        """The first-game guide's card is up: the table reads it, nobody's time runs."""
        overlay = getattr(self.app.screen(self.app.sm.current), "_teach_overlay", None)
        return overlay is not None and overlay.card is not None

    def _entering(self, screen: Any) -> bool:
        """Something is half entered on the table (the gate open or asked for, a choice
        being picked, a question waiting): a turn is not ended under a player's finger."""
        frame = self.app.table.frame()
        if frame.gate.open or frame.gate.asking is not None or frame.pending_undo:
            return True
        entering = getattr(screen, "entering", None)
        return bool(entering()) if entering is not None else False

    def _end_turn(self, seat: int) -> None:
        """Seat's time ran out and the table chose that the turn then ends: the game's
        end-turn action, through the controller like a tap (journaled, in the log)."""
        table = self.app.table
        ends = self._ends
        if ends is None or seat not in table.acting():
            return
        name = table.name(seat)

        def said() -> str:  # made when shown (the table line follows a language change)
            return _("{name}'s time ran out: the turn ended.", name=name)

        if table.play(ends.action(seat), notice=said).ok:
            self.app.speak(said(), now=True)

    def home(self) -> None:
        """The table leaves its screen (Home): the clock stops, and its seconds since the
        last move are kept (one small commit of the session attached, off the move path)."""
        if self.clock is None or self._save is None:
            return
        was = self.clock.paused
        self.clock.pause()
        if not was:
            self._tell_phones()
        try:
            self._save()
        except CompanionError:  # a clock's few seconds never stop the table going Home
            pass

    def _tell_phones(self) -> None:
        phones = getattr(self.app, "phones", None)
        if phones is not None:
            phones.clock_changed()

    def detach(self) -> None:
        self._save = None
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self.clock = None
