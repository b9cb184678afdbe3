"""The privacy gate: which seat's private view is open, how it was opened, and
when it closes (on timeout, on the seat button's release, a second tap of the
same fob, Hide, or when another seat asks or moves). `GateKeeper` is the
TableController's mixin; the gate's state reaches screens in `TableFrame.gate`.
"""
from __future__ import annotations

import dataclasses
from typing import Any

from companion.errors import CompanionError
from companion.rules.viewschema import View
from companion.table import words
from companion.table.frame import GateFrame
from companion.table.parts import ControllerCore, Gate

#: How a gate was opened; each kind closes in its own way as well as on timeout.
BY_FOB = "fob"  # closes on a second tap of the same fob, Hide, or timeout
BY_BUTTON = "button"  # closes on release of the seat button
BY_TOUCH = "touch"  # closes when the player taps Hide

DEFAULT_TIMEOUT = 12.0  # seconds: long enough to read a token, short enough to be forgotten safely
#: The countdown over an open view shows only when this many seconds are left.
COUNTDOWN_FROM = 3


class GateKeeper(ControllerCore):
    """The privacy gate of a TableController (mixed into it)."""

    gate: Gate | None
    pending_peek: int | None
    selected: tuple[int, Any] | None

    def private_view(self) -> tuple[int, View] | None:
        """The open seat's own view, or None when the gate is closed (or timed out)."""
        self.tick()
        if self.gate is None:
            return None
        return self.gate.seat, self.session.view(self.gate.seat)

    def _gate_frame(self) -> GateFrame:
        asking = self.pending_peek
        who = self.name(asking) if asking is not None else ""
        ask = GateFrame(asking=asking, ask_title=words.ask_title(who) if who else "",
                        ask=words.ask_away(who) if who else "", show=words.ask_show(who) if who else "")
        if self.gate is None:
            return ask
        seat = self.gate.seat
        own = self.seat_frame(seat)
        return dataclasses.replace(
            ask, seat=seat, how=self.gate.how, opened_at=self.gate.opened_at, closes_at=self.gate.closes_at,
            view=own.view, choices=own.choices, title=words.gate_title(self.name(seat)),
            selected=self.selected[1] if self.selected and self.selected[0] == seat else None)

    def seat_frame(self, seat: int) -> GateFrame:
        """One seat's own view and own choices (Choice.seat == seat), for the open gate
        or that seat's phone; the caller journals the look (open_gate, a phone's peek)."""
        state, game = self.session.state, self.session.game
        over = self.session.result() is not None
        own = tuple(c for c in game.menu(state, seat) if c.seat == seat) if not over and seat in self.choosers() else ()
        return GateFrame(seat=seat, view=self.session.view(seat), choices=own)

    def hidden(self, seat: Any) -> None:
        """After a move by `seat` behind its open view: the view closes (unpublished: the
        move's frame shows it closed) when the seat neither acts now nor has a choice of
        its own left there."""
        if self.gate is not None and self.gate.seat == seat and seat not in self.acting() \
                and not self.seat_frame(seat).choices:
            self._close_gate()

    def request_peek(self, seat: int) -> None:
        """A player tapped their name: ask them to confirm the others look away."""
        if self.gate is not None and self.gate.seat != seat:
            self._close_gate()
        self.pending_peek = seat
        self._pending_until = self.clock() + self.timeout
        self._publish("gate")

    def confirm_peek(self) -> None:
        """The others look away: open the pending seat's view."""
        seat, self.pending_peek = self.pending_peek, None
        if seat is not None:
            self.open_gate(seat, BY_TOUCH)

    def cancel_peek(self) -> None:
        if self.pending_peek is not None:
            self.pending_peek = None
            self._publish("gate")

    def open_gate(self, seat: int, how: str) -> bool:
        """Open `seat`'s private view; any other seat's view closes first.

        The peek is journaled first and the view opens only once that succeeded:
        undo must never un-see a secret, so when the journal refuses (a full disk)
        the view stays closed and `message` says why. Returns whether it opened."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.players)):
            return False
        if self.gate is not None and self.gate.seat != seat:
            self._close_gate()
        if self.pending_peek is not None and self.pending_peek != seat:
            self.pending_peek = None
        try:
            with self._quiet():
                self.session.mark_seen(seat)
        except (CompanionError, OSError) as e:
            why = e
            self._say(words.closed_view(self.name(seat), why), lambda: words.closed_view(self.name(seat), why))
            return False
        now = self.clock()
        self.gate = Gate(seat, how, now, now + self.timeout)
        self._publish("gate")
        return True

    def close_gate(self) -> None:
        if self._close_gate():
            self._publish("gate")

    def _close_gate(self) -> bool:
        """Close without publishing (a change that publishes its own frame); True
        when a view was open."""
        self.selected = None
        self._held.clear()  # tags read behind the gate are secret: a half-made entry goes with the view
        if self.gate is None:
            return False
        self.gate = None
        return True

    def keep_gate_open(self, seat: int | None = None) -> None:
        """A touch on the open view: its timer starts again (the player is using it).
        Only the time changes, so no frame is published for it."""
        gate = self.gate
        if gate is not None and (seat is None or gate.seat == seat):
            self.gate = dataclasses.replace(gate, closes_at=self.clock() + self.timeout)
            self._retime()

    def _retime(self) -> None:
        """The latest frame's gate time follows keep_gate_open (TableController)."""

    def gate_countdown(self) -> str:
        """The time left over the open view, only in its last seconds ("" before)."""
        self.tick()
        if self.gate is None:
            return ""
        left = max(0, int(self.gate.closes_at - self.clock() + 0.999))
        return words.hides_in(left) if left <= COUNTDOWN_FROM else ""

    def tick(self, now: float | None = None) -> None:
        """Close the gate (or drop an unconfirmed request) when its time is up; the app
        calls this a few times a second."""
        now = self.clock() if now is None else now
        if self.gate is not None and now >= self.gate.closes_at:
            self.close_gate()
        if self.pending_peek is not None and now >= self._pending_until:
            self.cancel_peek()  # nobody confirmed: the table gets its screen back


__all__ = ["BY_BUTTON", "BY_FOB", "BY_TOUCH", "COUNTDOWN_FROM", "DEFAULT_TIMEOUT", "Gate", "GateKeeper"]
