"""Maya numerals and the generated sounds, without driving the whole app."""
import wave

import pytest

from kivy_ui.widgets.maya_numeral import glyph_parts, maya_levels


@pytest.mark.parametrize("value, levels", [
    (38, [1, 18]),  # rulebook "About the Maya": 38 = one 20 and 18 ones
    (403, [1, 0, 3]),  # 403 = one 400, no 20s (the shell), three ones
    (3416, [8, 10, 16]),  # 3,416 = eight 400s, ten 20s, sixteen ones
    (310, [15, 10]),  # the addition example: 247 + 63 = 310
    (0, [0]),
    (19, [19]),
    (20, [1, 0]),
])
def test_maya_levels_follow_the_rulebooks_vigesimal_examples(value, levels):
    """Rulebook, "About the Maya": a column of levels worth 1, 20, 400, 8,000."""
    assert maya_levels(value) == levels


def test_a_level_is_dots_over_bars_and_zero_is_the_shell():
    """Rulebook, "About the Maya": a dot is one, a bar five, the shell zero."""
    assert glyph_parts(18) == (3, 3)
    assert glyph_parts(5) == (0, 1)
    assert glyph_parts(4) == (4, 0)
    assert glyph_parts(0) == (0, 0)


def test_negative_count_is_drawn_with_a_minus_mark_and_the_same_glyphs(display):
    from kivy.graphics import Ellipse, Rectangle, RoundedRectangle

    from kivy_ui.widgets.maya_numeral import MayaNumeral

    def shapes(value):
        w = MayaNumeral(value=value, size=(100, 150), pos=(0, 0))
        kinds = [type(i) for i in w.canvas.children]
        return kinds.count(Ellipse), kinds.count(RoundedRectangle), kinds.count(Rectangle)

    assert shapes(7) == (2, 1, 0)  # two dots over one bar
    assert shapes(-7) == (2, 1, 1)  # the same, plus the minus bar
    assert shapes(0)[0] == 0  # the shell is drawn with lines, no dots


def test_sounds_are_short_valid_wav_files(tmp_path, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(tmp_path))
    from kivy_ui.sounds import sound_files

    files = sound_files()
    assert {"token", "reveal", "error", "rumble"} <= set(files)
    for path in files.values():
        with wave.open(str(path)) as w:
            seconds = w.getnframes() / w.getframerate()
        assert 0.05 < seconds < 1.0


def test_no_sound_device_means_silence_without_mixer_errors(tmp_path):
    """Issue 10: the terminal stays clean. With no sound card and no sound server,
    playing every sound prints no ALSA or mixer error (it used to print ten lines)."""
    import os
    import pathlib
    import subprocess
    import sys

    from kivy_ui.sounds import audio_device

    cards = tmp_path / "cards"
    cards.write_text("--- no soundcards ---\n")
    assert not audio_device(cards, {"XDG_RUNTIME_DIR": str(tmp_path)})
    (tmp_path / "pulse").mkdir()
    (tmp_path / "pulse" / "native").touch()
    assert audio_device(cards, {"XDG_RUNTIME_DIR": str(tmp_path)}), "a sound server plays without a card"
    real = pathlib.Path("/proc/asound/cards")
    if audio_device(real, {"XDG_RUNTIME_DIR": str(tmp_path / "none")}):
        pytest.skip("this machine has a sound card")
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env.update(MAYA_COMPANION_DATA=str(tmp_path / "data"), KIVY_NO_ARGS="1", XDG_RUNTIME_DIR=str(tmp_path / "none"))
    code = ("from kivy_ui.sounds import Sounds\n"
            "s = Sounds()\n"
            "[s.play(n) for n in ('token', 'reveal', 'error', 'boulder', 'token')]\n"
            "import kivy.core.audio\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    noise = [line for line in (out.stdout + out.stderr).splitlines() if "ALSA" in line or "mixer" in line.lower()
             or "Unable to load" in line]
    assert noise == []


def test_a_symbol_label_renders_without_looking_for_its_font_again(ui, monkeypatch):
    """Issue 13: the symbol font (players' ● ■ ▲, the Maya numerals) is found once
    at start. Kivy caches a font it had to search for under another name, so an
    unregistered one was searched for (several stat() calls) on every render of
    every label using it: every move's frame paid for it."""
    import kivy.core.text as text
    from kivy.uix.label import Label

    from kivy_ui import theme

    looked: list[str] = []
    real = text.resource_find
    monkeypatch.setattr(text, "resource_find", lambda name, *a, **k: looked.append(name) or real(name, *a, **k))
    label = Label(text="● Ana ■ Ben", font_name=theme.SYMBOL_FONT)
    label.texture_update()
    assert label.texture is not None and label.texture.width > 0
    assert looked == []
