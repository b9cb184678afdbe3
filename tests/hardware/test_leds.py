"""Seat LEDs: on, off, blink, and a clear error for an LED that is not configured."""
import time

import pytest

from hardware.config import LedConfig
from hardware.leds import Leds
from hardware.sim import SimFactory


@pytest.fixture
def leds():
    factory = SimFactory()
    group = Leds([LedConfig("seat1", 12), LedConfig("seat2", 16, active_high=False)], pin_factory=factory)
    yield group, factory
    group.close()


def test_on_and_off_drive_the_pin(leds):
    group, factory = leds
    group.on("seat1")
    assert factory.pin(12).state and group.is_lit("seat1") and group.state("seat1") == "on"
    group.off("seat1")
    assert not factory.pin(12).state and group.state("seat1") == "off"


def test_an_active_low_led_is_lit_by_a_low_pin(leds):
    group, factory = leds
    group.on("seat2")
    assert factory.pin(16).state == 0 and group.is_lit("seat2")


def test_blink_alternates_until_switched_off(leds):
    group, factory = leds
    group.blink("seat1", on_time=0.02, off_time=0.02)
    assert group.state("seat1") == "blinking"
    time.sleep(0.2)
    changes = len(factory.pin(12).states)
    assert changes >= 4  # lit and dark several times
    group.off("seat1")
    time.sleep(0.06)
    settled = len(factory.pin(12).states)
    time.sleep(0.06)
    assert len(factory.pin(12).states) == settled and not factory.pin(12).state


def test_an_unknown_led_names_the_ones_there_are(leds):
    group, _ = leds
    with pytest.raises(KeyError, match="seat1, seat2"):
        group.on("seat9")
