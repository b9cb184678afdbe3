"""The swap gate: nothing reaches the screen, the LEDs or the speaker before the
move it shows is on disk (issue 23; docs/journal.md, "Durability").

The app's journal runs in deferred mode: a move's commit returns once it is in
the WAL, and a worker thread fsyncs the WAL while Kivy prepares and draws the
frame. `SwapGate` wraps `Window.flip` (an instance attribute, so Kivy's
`on_flip` default handler calls it): the buffer swap waits for
`journal.wait_synced()`, then swaps, then runs the frame's effects (the LEDs and
the sound queued by the app with `after_swap`). A frame with no commit behind it
does not wait. If no frame is drawn, the effects run after FALLBACK_S, still
only once the fsync returned.

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

from companion.errors import JournalError

from .i18n import _

#: Seconds after which queued effects run although no frame was drawn.
FALLBACK_S = 0.05
#: Seconds without a commit before the journal checkpoints (Journal.idle).
CHECKPOINT_AFTER = 1.0


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
            journal.wait_synced()
            return True
        except JournalError as e:
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


__all__ = ["CHECKPOINT_AFTER", "FALLBACK_S", "SwapGate"]
