"""Buttons: what a player gets from a tap, a long press and a bouncing contact.

Debounce is tested with edge bursts of our own through gpiozero MockFactory pins
(SimFactory), with the edge timestamps on a manual clock so the timing is exact;
the threaded tests drive pins from background threads, as gpiozero does on a Pi.
"""
import queue
import threading
import time

import pytest

from hardware.buttons import ButtonLogic, Buttons
from hardware.config import ButtonConfig
from hardware.events import ButtonEvent
from hardware.sim import SimButton, SimFactory
from hardware.timers import Timers


class ManualClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t

    def sleep(self, dt):
        self.t += dt


@pytest.fixture
def timers():
    t = Timers()
    yield t
    t.close()


def rig(timers, clock=None, debounce=0.02, hold_time=5.0, names=("seat1",), sink=None):
    """Buttons on SimFactory pins; returns (events list or sink, {name: SimButton}, Buttons)."""
    factory = SimFactory(clock, clock.sleep) if clock else SimFactory()
    configs = [ButtonConfig(n, 5 + i, debounce=debounce, hold_time=hold_time) for i, n in enumerate(names)]
    events = [] if sink is None else None
    buttons = Buttons(configs, sink or events.append, timers, pin_factory=factory)
    sims = {c.name: SimButton(c.name, buttons[c.name].pin, c, factory) for c in configs}
    return events, sims, buttons


def kinds(events, name="seat1"):
    return [e.kind for e in events if e.button == name]


def wait_for(predicate, timeout=2.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


def test_a_short_press_gives_press_then_release_when_let_go(timers):
    clock = ManualClock()
    events, sim, _buttons = rig(timers, clock)
    sim["seat1"].press()
    assert events == []  # nothing yet: it might still become a hold
    clock.sleep(0.15)
    sim["seat1"].release()
    assert events == [ButtonEvent("seat1", "press"), ButtonEvent("seat1", "release")]


def test_a_long_press_gives_hold_and_release_but_no_press(timers):
    events, sim, _buttons = rig(timers, debounce=0.01, hold_time=0.1)
    sim["seat1"].press()
    assert wait_for(lambda: kinds(events) == ["hold"])
    sim["seat1"].release()
    assert kinds(events) == ["hold", "release"]


def test_a_bouncing_press_and_release_give_one_press(timers):
    clock = ManualClock()
    events, sim, _buttons = rig(timers, clock)
    sim["seat1"].bounce(edges=9, gap=0.0007)  # a contact closing, chattering for 5.6 ms
    clock.sleep(0.12)
    sim["seat1"].bounce(edges=7, gap=0.001)  # and opening again
    # the settle timer looks once more after the debounce window
    assert wait_for(lambda: len(events) >= 2)
    time.sleep(0.03)
    assert kinds(events) == ["press", "release"]


def test_presses_further_apart_than_the_debounce_time_all_count(timers):
    clock = ManualClock()
    events, sim, _buttons = rig(timers, clock, debounce=0.02)
    for _ in range(3):
        sim["seat1"].press()
        clock.sleep(0.03)
        sim["seat1"].release()
        clock.sleep(0.03)
    assert kinds(events) == ["press", "release"] * 3


def test_edges_inside_the_debounce_window_are_ignored(timers):
    clock = ManualClock()
    events, sim, _buttons = rig(timers, clock, debounce=0.02)
    sim["seat1"].press()
    clock.sleep(0.019)
    sim["seat1"].release()  # 19 ms later: bounce, not a release
    clock.sleep(0.0005)
    sim["seat1"].press()
    assert kinds(events) == []
    time.sleep(0.05)
    assert kinds(events) == []  # the contact ended closed: still one press going on


def test_a_tap_shorter_than_the_debounce_window_is_not_lost(timers):
    clock = ManualClock()
    events, sim, _buttons = rig(timers, clock, debounce=0.02)
    sim["seat1"].press()
    clock.sleep(0.004)
    sim["seat1"].release()  # inside the window: ignored as an edge ...
    assert kinds(events) == []
    assert wait_for(lambda: kinds(events) == ["press", "release"])  # ... but the settle sees it


def test_a_pull_down_button_is_pressed_when_the_pin_goes_high(timers):
    factory = SimFactory()
    events = []
    config = ButtonConfig("ok", 17, pull_up=False, debounce=0.01, hold_time=5)
    buttons = Buttons([config], events.append, timers, pin_factory=factory)
    pin = buttons["ok"].pin
    pin.drive_high()
    time.sleep(0.02)
    pin.drive_low()
    assert kinds(events, "ok") == ["press", "release"]


def test_callbacks_from_background_threads_reach_a_thread_safe_sink(timers):
    """As on a Pi: edges arrive on other threads (and timers on the timer thread)."""
    q = queue.Queue()
    threads_seen = set()

    def sink(event):
        threads_seen.add(threading.current_thread().name)
        q.put(event)

    names = [f"seat{i}" for i in range(1, 6)]
    # a generous debounce: five threads share the GIL, so a burst can stretch by milliseconds
    _, sims, _buttons = rig(timers, debounce=0.04, hold_time=0.25, names=names, sink=sink)

    def player(sim, taps):
        for _ in range(taps):
            sim.bounce(edges=5, gap=0.0002)
            time.sleep(0.08)
            sim.bounce(edges=5, gap=0.0002)
            time.sleep(0.08)
        sim.press()
        time.sleep(0.6)
        sim.release()

    workers = [threading.Thread(target=player, args=(sims[n], 4), name=f"gpio-{n}") for n in names]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    time.sleep(0.05)
    events = []
    while not q.empty():
        events.append(q.get())
    for n in names:
        assert kinds(events, n) == ["press", "release"] * 4 + ["hold", "release"], n
    assert threading.current_thread().name not in threads_seen
    assert "hardware-timers" in threads_seen


def test_a_hold_timer_for_an_earlier_press_does_not_fire_on_a_later_one():
    logic = ButtonLogic(debounce=0.01, hold_time=1.0)
    logic.edge(0.0, True)
    first = logic.press_id
    logic.edge(0.5, False)
    logic.edge(0.6, True)
    assert logic.hold(first) == []
    assert logic.hold(logic.press_id) == ["hold"]


def test_a_stale_settle_changes_nothing():
    logic = ButtonLogic(debounce=0.01, hold_time=1.0)
    logic.edge(0.0, True)
    old = logic.accept_id
    logic.edge(0.5, False)
    assert logic.settle(old, True) == ([], False)
    assert logic.pressed is False


def test_closing_the_buttons_frees_their_pins(timers):
    factory = SimFactory()
    b = Buttons([ButtonConfig("seat1", 5)], lambda e: None, timers, pin_factory=factory)
    b.close()
    Buttons([ButtonConfig("seat1", 5)], lambda e: None, timers, pin_factory=factory).close()


def test_the_twin_tap_and_hold_give_what_a_player_would_get(timers):
    events, sim, _buttons = rig(timers, debounce=0.01, hold_time=0.1)
    sim["seat1"].tap()
    assert wait_for(lambda: kinds(events) == ["press", "release"])
    sim["seat1"].hold()
    assert wait_for(lambda: kinds(events) == ["press", "release", "hold", "release"])
