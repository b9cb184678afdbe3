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
    assert {"token", "reveal", "error", "boulder"} <= set(files)
    for path in files.values():
        with wave.open(str(path)) as w:
            seconds = w.getnframes() / w.getframerate()
        assert 0.05 < seconds < 1.0
