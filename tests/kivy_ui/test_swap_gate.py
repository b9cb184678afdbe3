"""Issue 23: the app shows a move (the buffer swap), lights its LEDs and plays its
sound only once the journal's fsync of it returned; a failed fsync takes the move
back on the screen with a sentence (kivy_ui/swap_gate.py, docs/journal.md)."""
from __future__ import annotations

import errno
import time

import pytest

from companion.rules.engine import TABLE
from companion.store import durable
from companion.table.session import Session

from .test_app import new_game, pad, play_towards_win


class Timeline:
    """When each thing happened: commits, fsyncs (start, end), swaps, LEDs, sounds."""

    def __init__(self):
        self.events: list[tuple[float, str]] = []

    def __call__(self, what: str) -> None:
        self.events.append((time.monotonic(), what))

    def effects_before_their_fsync(self) -> list[str]:
        """Every swap, LED and sound must come after an fsync that started after the
        last commit before it and returned before it."""
        wrong, last_commit, start, covered = [], None, None, True
        for t, what in self.events:
            if what == "commit":
                last_commit, covered = t, False
            elif what == "fsync start" and last_commit is not None and t >= last_commit:
                start = t
            elif what == "fsync end" and start is not None:
                covered, start = True, None
            elif what in ("swap", "led", "sound") and not covered:
                wrong.append(f"{what} at {t - last_commit:.3f} s after a commit not yet on disk")
        return wrong


@pytest.fixture
def timeline(ui, monkeypatch):
    d, line = ui, Timeline()
    real_fsync = durable.fsync
    line.delay = 0.2

    def slow(fd: int) -> None:
        line("fsync start")
        time.sleep(line.delay)
        real_fsync(fd)
        line("fsync end")

    monkeypatch.setattr(durable, "fsync", slow)
    gate = d.app.swap_gate
    real_swap = gate.swap
    monkeypatch.setattr(gate, "swap", lambda: (line("swap"), real_swap()))
    journal = d.app.journal
    assert journal.deferred, "the app's journal is in deferred mode"
    real_commit = journal.commit
    monkeypatch.setattr(journal, "commit", lambda *a, **kw: (real_commit(*a, **kw), line("commit")))
    leds = d.app.devices.leds
    for name in ("on", "off", "blink"):
        real = getattr(leds, name)
        monkeypatch.setattr(leds, name, lambda *a, _real=real, **kw: (line("led"), _real(*a, **kw)))

    class Sounds:
        def play(self, name):
            line("sound")

    monkeypatch.setattr(d.app, "sounds", Sounds())
    monkeypatch.setattr(d.app, "sounds_on", True)
    return line


def test_a_slow_fsync_holds_the_swap_and_the_leds_and_sounds_come_after_it(ui, timeline):
    d = ui
    table = new_game(d, names=("Ana", "Ben"), options={"tokens_to_win": 3})
    pad(d, "+2")  # Ben deals a 2
    timeline.events.clear()
    pad(d, "+1")
    commit = next(t for t, what in timeline.events if what == "commit")
    swap = next(t for t, what in timeline.events if what == "swap" and t > commit)
    assert swap - commit >= timeline.delay, "the move's frame was not held for its fsync"
    assert d.screen().ids.count.text == "3"
    timeline.delay = 0.02
    for _ in range(40):
        if table.session.is_over() or any(what == "sound" for _, what in timeline.events):
            break
        play_towards_win(d, table, 0)
    assert any(what == "sound" for _, what in timeline.events) and any(w == "led" for _, w in timeline.events)
    assert timeline.effects_before_their_fsync() == []


def test_a_failed_fsync_takes_the_move_back_on_the_screen_with_a_sentence(ui, monkeypatch):
    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    pad(d, "+2")
    pad(d, "+1")
    before = (d.screen().ids.count.text, table.session.view(TABLE), list(table.session.actions))
    real = durable.fsync
    swaps: list[str] = []
    gate = d.app.swap_gate
    real_swap = gate.swap
    monkeypatch.setattr(gate, "swap", lambda: (swaps.append(d.screen().ids.count.text), real_swap()))

    def failing_once(fd: int) -> None:
        monkeypatch.setattr(durable, "fsync", real)  # the take-back's own fsync works
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(durable, "fsync", failing_once)
    pad(d, "+3")  # committed, drawn, never shown: its fsync fails
    d.frames(3)
    assert before[0] == "3" and swaps and all(count == "3" for count in swaps), \
        "the frame of the move that was not saved (the count 6) must never be swapped in"
    screen = d.screen()
    assert screen.message.startswith("The move could not be saved: the storage card reported a read or write error.")
    assert screen.message.endswith("It was taken back; play it again.")
    assert (screen.ids.count.text, table.session.view(TABLE), list(table.session.actions)) == before
    fresh = Session.resume(d.app.journal, table.session.id, deal=False)
    assert (fresh.actions, fresh.view(TABLE)) == (table.session.actions, table.session.view(TABLE))
    pad(d, "+3")  # played again: the game goes on
    assert screen.ids.count.text == "6" and not screen.message
    d.app.journal.wait_synced()
    assert Session.resume(d.app.journal, table.session.id, deal=False).actions == table.session.actions


def test_effects_run_without_a_frame_too_once_the_fsync_returned(ui, monkeypatch):
    """A change that draws nothing new still lights its LEDs (the gate's fallback).
    Kivy's clock runs and nothing is drawn (Clock.tick without the event loop's draw):
    a window that happens to redraw meanwhile cannot stand in for the fallback."""
    from kivy.clock import Clock

    d = ui
    gate, swaps, ran = d.app.swap_gate, [], []
    real_swap = gate.swap
    monkeypatch.setattr(gate, "swap", lambda: (swaps.append(1), real_swap()))
    gate.after_swap(lambda: ran.append(d.app.journal.pending))
    end = time.monotonic() + 2
    while not ran and time.monotonic() < end:
        Clock.tick()
    assert (ran, swaps) == ([False], []), "the effect did not run without a frame"


def test_a_stalled_disk_keeps_the_app_alive_shows_nothing_unsaved_and_ignores_taps(ui, monkeypatch):
    """An SD card that stalls for a second: the frame of the move waits (never shown
    before its fsync returns), but the app does not freeze: its clock runs, a tap on
    the old picture does nothing, and the move appears once the card answers."""
    import threading

    from kivy.clock import Clock

    d = ui
    table = new_game(d, names=("Ana", "Ben"))
    pad(d, "+2")
    pad(d, "+1")
    d.frames(3)
    release = threading.Event()
    real = durable.fsync

    def stalled(fd: int) -> None:
        release.wait(10)
        real(fd)

    gate = d.app.swap_gate
    shown: list[str] = []
    real_swap = gate.swap
    monkeypatch.setattr(gate, "swap", lambda: (shown.append(d.screen().ids.count.text), real_swap()))
    monkeypatch.setattr(durable, "fsync", stalled)
    monkeypatch.setattr(d, "patient", False)  # the finger below taps on the old picture on purpose
    ticks: list[float] = []
    tick = Clock.schedule_interval(lambda dt: ticks.append(dt), 0.05)
    try:
        started = time.monotonic()
        pad(d, "+3")  # the count becomes 6 in memory; the disk does not answer
        moves = len(table.session.actions)
        d.wait(0.8)
        assert time.monotonic() - started < 3, "the app froze on the stalled disk"
        assert len(ticks) >= 5, "the clock stopped while the disk stalled"
        assert gate.stalled and "6" not in shown, "a move not yet on disk was shown"
        pad(d, "+1")  # a finger on the old picture
        assert len(table.session.actions) == moves, "a tap during the stall was taken"
        release.set()
        d.wait(0.5)
    finally:
        release.set()
        tick.cancel()
    assert not gate.stalled and shown and shown[-1] == "6"
    assert Session.resume(d.app.journal, table.session.id, deal=False).actions == table.session.actions
