"""The swap gate: nothing reaches the screen, the LEDs or the speaker before the
move it shows is on disk (issue 23; docs/journal.md, "Durability").

The app's journal runs in deferred mode: a move's commit returns once it is in
the WAL, and a worker thread fsyncs the WAL while Kivy prepares and draws the
frame. `SwapGate` wraps `Window.flip` (an instance attribute, so Kivy's
`on_flip` default handler calls it): the buffer swap waits for
`journal.wait_synced()` (after a `glFlush()` when the fsync is still running,
so the GPU draws the frame during the wait), then swaps, then runs the frame's effects (the LEDs and
the sound queued by the app with `after_swap`). A frame with no commit behind it
does not wait. If no frame is drawn, the effects run after FALLBACK_S, still
only once the fsync returned.

A stalled disk (an SD card busy for seconds, a worn one) does not freeze the
app: the swap waits at most STALL_S, then that frame is skipped (the screen keeps
the last frame whose move is on disk) and the gate is `stalled`: touches and
device events are ignored (a finger on the old picture must not act on the new
state), the clock, the watchdog and the phones' server keep running, and the
gate asks for a frame every POLL_S until the fsync returns; that frame shows
the move, and its effects follow.

A failed fsync skips that frame's swap (the player never sees the move), drops
its effects, and has the session take the moves back
(`Session.take_back_unsaved`): the controller publishes a frame with the
sentence, the screens re-render it, and the next frame shows the game as it is
on disk. A quiet second after a move, the journal checkpoints (`Journal.idle`),
so SQLite's own checkpoint does not land inside a move.

    gate = SwapGate.install(app)          # in MayaApp.build
    gate.after_swap(lambda: leds.on("seat1"))
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.graphics.opengl import glFlush

from companion.errors import JournalError

from .i18n import _

#: Seconds after which queued effects run although no frame was drawn.
FALLBACK_S = 0.05
#: Seconds without a commit before the journal checkpoints (Journal.idle).
CHECKPOINT_AFTER = 1.0
#: Seconds a swap waits for its fsync before the frame is skipped (the disk stalls).
STALL_S = 0.25
#: Seconds between two looks at a stalled disk.
POLL_S = 0.05


class SwapGate:
    """Holds the buffer swap of `window` until `app.journal` has the move on disk."""

    def __init__(self, app: Any, window: Any = None):
        self.app = app
        self.window = window if window is not None else Window
        self.swap = self.window.flip  # the real swap (the class's flip, bound)
        self._effects: list[Callable[[], Any]] = []
        self._fallback = Clock.create_trigger(self._without_frame, FALLBACK_S)
        self._last_commit = 0.0
        self._checkpoint_due = False
        self.stalled = False  # a swap gave up waiting for its fsync: input is ignored
        self._poll = Clock.create_trigger(self._look_again, POLL_S)
        bind = getattr(self.window, "bind", None)
        if bind is not None:  # first in line: a stalled gate stops a touch before any widget sees it
            for name in ("on_touch_down", "on_touch_move", "on_touch_up"):
                bind(**{name: self._hold_input})

    @classmethod
    def install(cls, app: Any, window: Any = None) -> SwapGate:
        """Wrap the window's flip (once per window: a second app re-uses the gate)."""
        window = window if window is not None else Window
        gate = getattr(window, "_swap_gate", None)
        if isinstance(gate, cls):
            gate.app = app
            gate._effects.clear()
            return gate
        gate = cls(app, window)
        window._swap_gate = gate
        window.flip = gate.flip
        return gate

    # --- effects --------------------------------------------------------------
    def after_swap(self, fn: Callable[[], Any]) -> None:
        """Run fn after the next swap (its fsync returned), or after FALLBACK_S."""
        self._effects.append(fn)
        self._fallback()

    def _run_effects(self) -> None:
        effects, self._effects = self._effects, []
        for fn in effects:
            fn()

    # --- the swap ---------------------------------------------------------------
    def flip(self) -> None:
        if not self.settle():
            return  # the move is not on disk: this frame is never shown
        self.swap()
        self._run_effects()

    def settle(self) -> bool:
        """Wait for the journal's fsync; False (the move taken back) if it failed."""
        journal = getattr(self.app, "journal", None)
        if journal is None or not journal.pending:
            return True
        self._last_commit = time.monotonic()
        if not self._checkpoint_due:
            self._checkpoint_due = True
            Clock.schedule_once(self._checkpoint, CHECKPOINT_AFTER)
        try:
            if not self.stalled and not journal.wait_synced(0):
                glFlush()  # the GPU (Mesa's threads here) draws the frame while the disk writes
            if journal.wait_synced(0 if self.stalled else STALL_S):  # stalled: no second wait
                self.stalled = False
                return True
            self.stalled = True  # this frame is not shown; a later one is, once on disk
            self._poll()
            return False
        except JournalError as e:
            self.stalled = False
            self._effects.clear()
            self.take_back(journal, e)
            return False

    def take_back(self, journal: Any, error: JournalError) -> None:
        """The table shows the game as it is on disk again, with the sentence."""
        table = getattr(self.app, "table", None)
        if table is not None:
            table.take_back_unsaved(error)
            return
        try:  # no game open (a game just started and left): the journal alone
            journal.take_back_unsaved()
        except JournalError:
            pass
        self.app.notice = _("{problem} It was taken back.", problem=error)

    def _hold_input(self, *_: Any) -> bool:
        """True (the touch stops here) while the disk has not kept what is drawn."""
        return self.stalled

    def holds_input(self) -> bool:
        """Device events wait too (MayaApp.on_device_event asks)."""
        return self.stalled

    def _look_again(self, _dt: float) -> None:
        if not self.stalled:
            return
        journal = getattr(self.app, "journal", None)
        try:
            done = journal is None or journal.wait_synced(0)
        except JournalError as e:
            self.stalled = False
            self._effects.clear()
            self.take_back(journal, e)
            return
        if done:
            self.stalled = False
            canvas = getattr(self.window, "canvas", None)
            if canvas is not None:
                canvas.ask_update()  # the frame that shows it (its flip finds nothing pending)
            if self._effects:
                self._fallback()
        else:
            self._poll()

    def _without_frame(self, _dt: float) -> None:
        if self._effects and self.settle():
            self._run_effects()

    def _checkpoint(self, _dt: float) -> None:
        quiet = time.monotonic() - self._last_commit
        if quiet < CHECKPOINT_AFTER:
            Clock.schedule_once(self._checkpoint, CHECKPOINT_AFTER - quiet)
            return
        self._checkpoint_due = False
        journal = getattr(self.app, "journal", None)
        if journal is not None:
            journal.idle()


__all__ = ["CHECKPOINT_AFTER", "FALLBACK_S", "POLL_S", "STALL_S", "SwapGate"]
