"""Issue 12 point 6 (config.toml): a misspelt key was silently ignored (the reader
silently stayed an RDM6300), a non-UTF-8 file raised UnicodeDecodeError and deep
nesting RecursionError. Every bad file is now a BadConfig sentence naming the file
and the key, with the nearest known key for a typo; every number is bounded."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.config import BadConfig, load


def write(tmp_path, text, name="config.toml"):
    p = tmp_path / name
    p.write_bytes(text if isinstance(text, bytes) else text.encode())
    return p


@pytest.mark.parametrize("text, message", [
    ("[[readers]]\nprotocl = 'pn532'\n", "config.toml: readers[0].protocl is not a setting; did you mean protocol?"),
    ("[[buttons]]\npin = 5\nhold_tme = 1\n", "buttons[0].hold_tme is not a setting; did you mean hold_time?"),
    ("[gpio]\npin_factroy = 'lgpio'\n", "gpio.pin_factroy is not a setting; did you mean pin_factory?"),
    ("[[reader]]\nport = '/dev/x'\n", "reader is not a setting; did you mean readers?"),
    ("protocol = 'pn532'\n",
     "protocol is not a setting at the top of the file; did you mean protocol under [[readers]]?"),
    ("[[leds]]\npin = 5\ncolour = 'red'\n",
     "leds[0].colour is not a setting; the settings of leds are: name, pin, active_high."),
    ("[[readers]]\nprotocol = 'pn523'\n",
     "readers[0].protocol must be one of rdm6300, id12, pn532, not 'pn523'; did you mean pn532?"),
])
def test_an_unknown_key_is_named_with_the_nearest_known_one(tmp_path, text, message):
    with pytest.raises(BadConfig) as e:
        load(write(tmp_path, text))
    assert message in str(e.value)


def test_a_protocol_alias_in_any_case_picks_the_family(tmp_path):
    c = load(write(tmp_path, "[[readers]]\nprotocol = 'ID-20LA'\n"))
    assert c.readers[0].protocol == "id12" and c.readers[0].baud == 9600


def test_the_app_section_is_known_and_left_to_the_app(tmp_path):
    assert load(write(tmp_path, "[app]\ngate_timeout = 20\n")).readers


@pytest.mark.parametrize("data, message", [
    (b"[gpio]\npin_factory = 'auto' # caf\xe9\n", "config.toml: is not UTF-8 text (byte 0xe9 on line 2)"),
    (b"a = " + b"[" * 50_000, "config.toml: is not valid TOML"),
    (b"# " + b"x" * (2 << 20), "config.toml: is larger than"),
    (b"[[readers]]\nbaud = 1000000000000000000\n", "readers[0].baud must be a whole number from 300 to 4000000"),
    (b"[[readers]]\nunseen = inf\n", "readers[0].unseen must be a number of seconds from 0.05 to 60"),
    (b"[[readers]]\nunseen = nan\n", "readers[0].unseen must be a number of seconds"),
    (b"[[readers]]\nname = '" + b"n" * 500 + b"'\n", "readers[0].name must be a short text (1-40 characters)"),
    (b"gpio = 5\n", "config.toml: gpio must be a table ([gpio]), not 5."),
    (b"[[readers]]\n" * 9, "readers has 9 entries; at most 8 are possible."),
])
def test_a_broken_file_or_an_absurd_number_is_a_sentence_naming_file_and_key(tmp_path, data, message):
    with pytest.raises(BadConfig) as e:
        load(write(tmp_path, data))
    assert message in str(e.value)


KEYS = ["gpio", "pin_factory", "buttons", "leds", "readers", "pin", "name", "baud", "protocol", "unseen", "poll",
        "hold_time", "debounce", "pull_up", "active_high", "port", "reconnect_min", "reconnect_max", "app", "x"]
VALUES = ["5", "-1", "1e308", "inf", "nan", "true", "'pn532'", "'\\u00e9'", "[]", "{}", "[1, 'a']", "{pin = 3}",
          "9223372036854775807", "''", "'/dev/rfid'"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(["", "[gpio]", "[button_defaults]", "[[buttons]]", "[[leds]]",
                                           "[[readers]]", "[app]"]),
                          st.sampled_from(KEYS), st.sampled_from(VALUES)), max_size=8),
       st.binary(max_size=12))
def test_no_config_file_ever_raises_anything_but_a_sentence(tmp_path, lines, junk):
    text = "\n".join(f"{section}\n{key} = {value}" for section, key, value in lines).encode() + junk
    try:
        load(write(tmp_path, text))
    except BadConfig as e:
        assert str(e).startswith("config.toml: ") and str(e).endswith((".", "?"))
