"""The Hardware facade the app uses, and the `maya-companion devices` check."""
import queue
import time

import pytest

import hardware
from hardware import check, facade
from hardware.events import ButtonEvent, DeviceStatus, TagEvent


def collect(q, predicate, timeout=3.0):
    end = time.monotonic() + timeout
    seen = []
    while time.monotonic() < end:
        try:
            e = q.get(timeout=0.05)
        except queue.Empty:
            continue
        seen.append(e)
        if predicate(e):
            return seen
    pytest.fail(f"not seen; got {seen}")


@pytest.fixture
def off_a_pi(monkeypatch):
    monkeypatch.setattr(facade, "raspberry_pi_model", lambda: None)


@pytest.fixture
def on_a_pi(monkeypatch):
    monkeypatch.setattr(facade, "raspberry_pi_model", lambda: "Raspberry Pi 5 Model B Rev 1.0")


def test_with_no_config_and_no_pi_the_devices_are_simulated_and_it_says_so(off_a_pi):
    q = queue.Queue()
    hw = hardware.start(None, q.put)
    try:
        assert hw.simulated
        first = q.get(timeout=1)
        assert first == DeviceStatus("hardware", "simulated",
                                     "This is not a Raspberry Pi, so the buttons and RFID readers are simulated.")
        hw.sim.buttons["seat2"].press()
        time.sleep(0.05)
        hw.sim.buttons["seat2"].release()
        collect(q, lambda e: e == ButtonEvent("seat2", "release"))
        hw.sim.reader.present("62E3086CED")
        collect(q, lambda e: e == TagEvent("62E3086CED", "reader"))
    finally:
        hw.close()


def test_describe_lists_every_device_with_its_status(off_a_pi):
    q = queue.Queue()
    hw = hardware.start(None, q.put, simulate=True)
    try:
        collect(q, lambda e: isinstance(e, DeviceStatus) and e.status == "connected")
        rows = {r["device"]: r for r in hw.describe()}
        assert rows["button seat1"]["where"].startswith("BCM 5 (pull-up")
        assert rows["led seat5"]["status"] == "simulated"
        assert rows["rfid reader"]["status"] == "connected"
        assert "/dev/rfid (rdm6300, 9600 baud), simulated at" in rows["rfid reader"]["where"]
    finally:
        hw.close()


def test_the_sim_leds_answer_on_off_blink(off_a_pi):
    hw = hardware.start(None, None)
    try:
        hw.leds.on("seat1")
        hw.leds.blink("seat2")
        assert (hw.leds.state("seat1"), hw.leds.state("seat2"), hw.leds.state("seat3")) == ("on", "blinking", "off")
    finally:
        hw.close()


def test_on_a_pi_with_a_config_file_the_real_devices_are_used(on_a_pi, tmp_path):
    path = tmp_path / "config.toml"
    path.write_text('[gpio]\npin_factory = "mock"\n[[buttons]]\nname = "seat1"\npin = 5\n'
                    '[[readers]]\nport = "loop://"\n')
    q = queue.Queue()
    hw = hardware.start(path, q.put)
    try:
        assert not hw.simulated and hw.sim is None
        assert q.get(timeout=1).detail == "Using the real devices on this Raspberry Pi 5 Model B Rev 1.0."
        collect(q, lambda e: isinstance(e, DeviceStatus) and e.status == "connected")
        pin = hw.buttons["seat1"].pin
        pin.drive_low()
        time.sleep(0.05)
        pin.drive_high()
        collect(q, lambda e: e == ButtonEvent("seat1", "press"))
    finally:
        hw.close()


def test_on_a_pi_without_a_config_file_the_devices_are_simulated(on_a_pi):
    hw = hardware.start(None, None)
    try:
        assert hw.simulated and hw.why.startswith("There is no config file")
    finally:
        hw.close()


def test_gpio_that_cannot_be_opened_is_reported_and_the_reader_still_works(off_a_pi):
    cfg = hardware.config.parse({"gpio": {"pin_factory": "lgpio"}, "readers": [{"port": "loop://"}]})
    q = queue.Queue()
    # With or without lgpio installed (the dev group installs its wheel), this
    # machine has no GPIO chip to open.
    hw = hardware.start(cfg, q.put, simulate=False)
    try:
        seen = collect(q, lambda e: isinstance(e, DeviceStatus) and e.device == "gpio")
        assert seen[-1].status == "error" and seen[-1].detail.startswith("The buttons and LEDs could not be opened")
        collect(q, lambda e: isinstance(e, DeviceStatus) and e.status == "connected")
        assert hw.describe()[0]["status"] == "error"
    finally:
        hw.close()


def test_a_bad_config_file_is_a_sentence_naming_the_key(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text("[[buttons]]\npin = 'x'\n")
    with pytest.raises(hardware.BadConfig, match=r"buttons\[0\].pin must be a BCM pin number 0-27, not 'x'"):
        hardware.start(path, None)


def test_the_devices_check_lists_the_devices_then_prints_events(off_a_pi, capsys):
    assert check.main(["--sim", "--demo", "--seconds", "1.2"]) == 0
    out = capsys.readouterr().out
    assert "button seat1     simulated     BCM 5" in out
    assert "rfid reader      connected" in out
    assert "button seat1: press" in out and "button seat1: release" in out


def test_the_devices_check_reports_a_bad_config_and_exits_2(tmp_path, capsys, monkeypatch):
    path = tmp_path / "bad.toml"
    path.write_text("[[readers]]\nprotocol = 'rc522'\n")
    assert check.main(["--config", str(path), "--seconds", "0"]) == 2
    assert "readers[0].protocol must be one of rdm6300, id12, pn532" in capsys.readouterr().err


def test_a_sink_that_raises_does_not_stop_the_devices(off_a_pi):
    got = []

    def fussy_sink(event):
        got.append(event)
        if isinstance(event, TagEvent):
            raise RuntimeError("the app had a bad moment")

    hw = hardware.start(None, fussy_sink, simulate=True)
    try:
        time.sleep(0.3)
        hw.sim.reader.present("62E3086CED")
        time.sleep(0.3)
        hw.sim.reader.present("0102030405")
        end = time.monotonic() + 3
        while time.monotonic() < end and TagEvent("0102030405", "reader") not in got:
            time.sleep(0.02)
        assert TagEvent("0102030405", "reader") in got  # the reader thread lived on
    finally:
        hw.close()
