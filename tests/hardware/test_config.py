"""The hardware config: defaults for everything, and a bad value names its key."""
import pytest

from hardware import config
from hardware.config import BadConfig, load, parse


def write(tmp_path, text):
    p = tmp_path / "config.toml"
    p.write_text(text)
    return p


def test_no_file_gives_five_seat_buttons_five_leds_and_one_rdm6300(tmp_path):
    c = load(tmp_path / "missing.toml")
    assert [b.name for b in c.buttons] == ["seat1", "seat2", "seat3", "seat4", "seat5"]
    assert len(c.leds) == 5 and c.readers[0].protocol == "rdm6300" and c.readers[0].port == "/dev/rfid"
    assert not c.from_file


def test_a_full_file_is_read(tmp_path):
    c = load(write(tmp_path, """
[gpio]
pin_factory = "lgpio"
[button_defaults]
hold_time = 1.2
[[buttons]]
name = "seat1"
pin = 5
[[buttons]]
name = "undo"
pin = 22
debounce = 0.05
[[leds]]
name = "seat1"
pin = 12
[[readers]]
port = "/dev/ttyUSB0"
protocol = "pn532"
unseen = 0.8
"""))
    assert c.from_file and c.pin_factory == "lgpio"
    assert [(b.name, b.pin, b.hold_time, b.debounce) for b in c.buttons] == [
        ("seat1", 5, 1.2, 0.02), ("undo", 22, 1.2, 0.05)]
    r = c.readers[0]
    assert (r.name, r.port, r.protocol, r.baud, r.unseen) == ("reader", "/dev/ttyUSB0", "pn532", 115200, 0.8)


def test_buttons_without_leds_means_no_leds(tmp_path):
    c = load(write(tmp_path, "[[buttons]]\npin = 12\n"))
    assert c.leds == () and c.buttons[0].name == "button1"


@pytest.mark.parametrize("text, message", [
    ("[[buttons]]\npin = 5\n[[buttons]]\npin = 6\n[[buttons]]\npin = 'x'\n",
     "config.toml: buttons[2].pin must be a BCM pin number 0-27, not 'x'."),
    ("[[buttons]]\npin = 40\n", "buttons[0].pin must be a BCM pin number 0-27, not 40."),
    ("[[buttons]]\nname = 'a'\n", "buttons[0].pin is missing"),
    ("[[buttons]]\npin = 5\npull_up = 'yes'\n", "buttons[0].pull_up must be true or false, not 'yes'."),
    ("[button_defaults]\nhold_time = 0\n", "button_defaults.hold_time must be a number of seconds from 0.05 to 30"),
    ("[[readers]]\nprotocol = 'rc522'\n", "readers[0].protocol must be one of rdm6300, id12, pn532, not 'rc522'."),
    ("[[readers]]\nbaud = 'fast'\n", "readers[0].baud must be a whole number"),
    ("[[readers]]\nunseen = -1\n", "readers[0].unseen must be a number of seconds"),
    ("[gpio]\npin_factory = 'RPi'\n", "gpio.pin_factory must be one of auto, lgpio"),
    ("[[buttons]]\nname = 'a'\npin = 5\n[[leds]]\npin = 5\n", "leds[0].pin 5 is already used by buttons[0]."),
    ("[[buttons]]\nname = 'a'\npin = 5\n[[buttons]]\nname = 'a'\npin = 6\n",
     "buttons[1].name 'a' is already used by buttons[0]."),
    ("buttons = 3\n", "buttons must be an array of tables ([[buttons]])"),
    ("[[readers]]\nport = ''\n", "readers[0].port must be a port path or URL"),
])
def test_a_bad_value_is_a_sentence_naming_the_key(tmp_path, text, message):
    with pytest.raises(BadConfig) as e:
        load(write(tmp_path, text))
    assert message in str(e.value)
    assert isinstance(e.value, ValueError)


def test_a_file_that_is_not_toml_says_so(tmp_path):
    with pytest.raises(BadConfig, match="config.toml: is not valid TOML"):
        load(write(tmp_path, "[[buttons]\n"))


def test_the_devices_command_finds_the_same_file_as_the_app(tmp_path, monkeypatch):
    from companion.store.paths import config_path
    assert config.default_path() == config_path()
    monkeypatch.delenv("MAYA_COMPANION_CONFIG")
    assert config.default_path() == config_path() == tmp_path / "xdg-config" / "maya-companion" / "config.toml"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert config.default_path() == config_path()


def test_the_sample_config_in_deploy_is_valid():
    import pathlib
    sample = pathlib.Path(__file__).resolve().parents[2] / "deploy" / "config.toml"
    c = load(sample)
    assert c.from_file and c.buttons and c.readers


def test_parse_of_an_empty_table_is_the_defaults():
    assert parse({}) == config.defaults()
