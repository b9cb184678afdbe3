"""Issue 13: gpiozero's mock pins kept every LED change forever in the hardware-free
app (a blinking LED: two entries a second for as long as the app ran)."""
from __future__ import annotations

from hardware.config import LedConfig
from hardware.leds import Leds
from hardware.sim import SimFactory


def test_a_simulated_led_switched_many_times_keeps_a_bounded_history():
    factory = SimFactory()
    leds = Leds([LedConfig("seat1", 12)], pin_factory=factory)
    try:
        for _ in range(5_000):
            leds.on("seat1")
            leds.off("seat1")
        pin = factory.pin(12)
        assert len(pin.states) <= 256
        assert [s.state for s in list(pin.states)[-2:]] == [True, False]  # the latest changes are kept
    finally:
        leds.close()
        factory.close()
