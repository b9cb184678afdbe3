"""The [app] section of config.toml: defaults, bad values and misspelt keys are sentences."""
from __future__ import annotations

import pytest

from companion.errors import BadConfig
from kivy_ui.devices import app_settings


def test_no_section_gives_the_defaults_with_phones_on_every_interface():
    s = app_settings({})
    assert s["gate_timeout"] == 12.0 and s["sounds"] is True
    assert (s["phones_host"], s["phones_port"]) == ("0.0.0.0", 8765)


@pytest.mark.parametrize("app, says", [
    ({"sound": False}, "app.sound — did you mean sounds?"),
    ({"phone_port": 9000}, "did you mean phones_port?"),
    ({"phones_host": "kitchen"}, "app.phones_host must be this machine's address"),
    ({"phones_port": 80}, "app.phones_port must be a port number from 1024 to 65535, not 80."),
    ({"gate_timeout": True}, "app.gate_timeout must be a number of seconds"),
    ({"keyboard": "klingon"}, 'app.keyboard must be "auto" (the system\'s language) or one of'),
])
def test_a_bad_app_setting_is_a_sentence_naming_it(app, says):
    with pytest.raises(BadConfig) as e:
        app_settings({"app": app})
    assert says in str(e.value)


def test_phones_can_be_bound_to_the_tables_own_network():
    s = app_settings({"app": {"phones_host": "192.168.4.1", "phones_port": 9000}})
    assert (s["phones_host"], s["phones_port"]) == ("192.168.4.1", 9000)


def test_a_config_file_that_is_not_utf8_is_a_sentence(tmp_path):
    from kivy_ui.devices import load_config

    path = tmp_path / "config.toml"
    path.write_bytes(b'[app]\nsounds = true\n# caf\xe9\n')
    with pytest.raises(BadConfig) as e:
        load_config(path)
    assert "not UTF-8" in str(e.value) and str(path) in str(e.value)


def test_an_app_section_that_is_not_a_table_is_a_sentence():
    with pytest.raises(BadConfig) as e:
        app_settings({"app": 5})
    assert "[app] section" in str(e.value)


def test_the_keyboard_follows_the_system_language_unless_set():
    from kivy_ui.screens.new_game_keys import language

    assert app_settings({})["keyboard"] == "auto"
    assert app_settings({"app": {"keyboard": "DE"}})["keyboard"] == "de"
    assert language("auto", {"LANG": "de_AT.UTF-8"}) == "de"
    assert language("auto", {"LC_ALL": "fr_CH.UTF-8", "LANG": "de_DE.UTF-8"}) == "fr"
    assert language("auto", {"LANG": "C.UTF-8"}) == "en" and language("auto", {}) == "en"
    assert language("sv", {"LANG": "de_DE.UTF-8"}) == "sv"
