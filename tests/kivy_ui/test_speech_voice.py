"""The spoken cues' voice, rendered to a file and measured, not listened to: espeak-ng
(the command the app runs, kivy_ui/speech.py `command`) writes the sentence to a WAV
file with -w, and sox's `stat` says how long it is and how loud. A sentence is speech
when it lasts about as long as its words take to say (espeak-ng speaks ~175 words a
minute) and is not silent; a lower volume is quieter. Skipped, saying why, where
espeak-ng or sox is not installed (apt install espeak-ng sox)."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from kivy_ui.speech import command

pytestmark = pytest.mark.skipif(
    shutil.which("espeak-ng") is None or shutil.which("sox") is None,
    reason="missing tool: espeak-ng and sox render and measure the spoken cues (apt install espeak-ng sox)")

#: Seconds per word at espeak-ng's default rate, with room for pauses and long words.
PER_WORD = (0.2, 0.8)


def render(tmp_path, text: str, language: str, volume: int = 50) -> dict[str, float]:
    wav = tmp_path / f"{language}-{volume}.wav"
    subprocess.run(command(text, language, volume, wav=str(wav)), check=True, timeout=60,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out = subprocess.run(["sox", str(wav), "-n", "stat"], capture_output=True, text=True, timeout=60).stderr
    stat = {k.strip(): float(v) for k, v in re.findall(r"^([^:\n]+):\s+(-?[\d.]+)\s*$", out, re.M)}
    return {"seconds": stat["Length (seconds)"], "rms": stat["RMS     amplitude"]}


@pytest.mark.parametrize("language, text", [
    ("en", "Ana's turn: play a card."),
    ("en", "The LEFT boulder tumbles! From its board. Then: centre, right. Ben: where did it stop?"),
    ("de", "Ana ist am Zug: Spiel eine Karte."),
    ("de", "Runde 2 gewertet. Cy gewinnt!"),
])
def test_a_cue_is_speech_as_long_as_its_words(tmp_path, language, text):
    words = len(text.split())
    got = render(tmp_path, text, language)
    assert words * PER_WORD[0] <= got["seconds"] <= words * PER_WORD[1] + 0.5, (words, got)
    assert got["rms"] > 0.01, f"silent: {got}"


def test_a_lower_volume_is_quieter_and_a_symbol_is_not_read(tmp_path):
    loud = render(tmp_path, "Ben's turn: play a card.", "en", 100)
    quiet = render(tmp_path, "Ben's turn: play a card.", "en", 20)
    assert quiet["rms"] < loud["rms"] / 3 and quiet["rms"] > 0.001
    # ● beside a colour's name is the screen's, not the voice's: the same length without it
    marked = render(tmp_path, "● Ben's turn: play a card.", "en", 100)
    assert abs(marked["seconds"] - loud["seconds"]) < 0.05


def test_a_sentence_starting_with_a_minus_is_said_not_taken_for_an_option(tmp_path):
    got = render(tmp_path, "-3 for Ana.", "en")
    assert got["seconds"] > 0.6 and got["rms"] > 0.01
