"""Issue 24 for the devices: their sentences are English until a translator is handed in
(hardware imports no companion), then in the language current where they are made; the
command line hands the devices their own catalog without naming them."""
from __future__ import annotations

import pathlib
import sys

import pytest

from hardware import check, events, i18n
from hardware.config import BadConfig, parse
from hardware.events import ButtonEvent, DeviceStatus

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from i18n_check import plain_english


@pytest.fixture
def translated():
    from companion.i18n import Words

    i18n.use(Words("hardware", "hardware"))
    try:
        yield
    finally:
        i18n.use(None)


def test_without_a_translator_the_devices_speak_english():
    i18n.use(None)
    with pytest.raises(BadConfig, match="must be a BCM pin number 0-27"):
        parse({"buttons": [{"pin": 99}]})


def test_a_config_mistake_reads_german_with_the_translator(translated):
    from companion.i18n import language

    with language("de"), pytest.raises(BadConfig, match="muss eine BCM-Pinnummer von 0 bis 27 sein, nicht 99"):
        parse({"buttons": [{"pin": 99}]})
    with language("de"), pytest.raises(BadConfig, match="meintest du pin"):
        parse({"buttons": [{"pni": 5}]})


def test_the_device_checks_lines_read_german(translated):
    from companion.i18n import language

    with language("de"):
        assert check.describe_event(ButtonEvent("seat1", "press")) == "Taste seat1: gedrückt"
        assert check.describe_event(DeviceStatus("rfid reader", "connected", "")) == "Leser reader: verbunden"


def test_the_device_checks_lines_have_no_plain_english_under_the_pseudo_locale(translated):
    from companion.i18n import PSEUDO, language

    with language(PSEUDO):
        lines = [check.describe_event(ButtonEvent("seat1", kind)) for kind in ("press", "hold", "release")]
        lines += [check.describe_event(DeviceStatus("rfid reader", s, "x")) for s in events.WORDS]
    assert all(plain_english(line, names=["seat1", "reader"]) == [] for line in lines), lines


def test_the_command_line_hands_the_devices_their_catalog(tmp_path, monkeypatch, capsys):
    """`maya-companion devices` at a German table: the check speaks German, and
    companion/cli never names hardware (it looks for the package's i18n.use)."""
    from companion.cli import main as cli

    config = tmp_path / "config.toml"
    config.write_text('[app]\nlanguage = "de"\n', encoding="utf-8")
    monkeypatch.setenv("MAYA_COMPANION_CONFIG", str(config))
    try:
        code = cli.main(["devices", "--sim", "--seconds", "0", "--config", str(config)])
    finally:
        i18n.use(None)
    out = capsys.readouterr().out
    assert code == 0
    assert "Simulierte Geräte, wie gewünscht." in out and "Taste seat1" in out
    assert "Drück jede Taste" in out
    code_text = pathlib.Path(cli.__file__).read_text(encoding="utf-8")
    assert "import hardware" not in code_text and '"hardware' not in code_text


def test_hand_words_passes_a_packages_own_catalog(monkeypatch):
    from companion.cli.main import hand_words

    got = []
    monkeypatch.setattr(i18n, "use", got.append)
    hand_words("hardware.check:main")
    assert len(got) == 1 and got[0].domain == "hardware" and got[0].locale_dir.parent.name == "hardware"
    hand_words("json.decoder:JSONDecoder")  # a package without i18n: nothing to hand
    assert len(got) == 1
