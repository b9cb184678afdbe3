"""The statistics screen (issue 15): per game and player figures, and each plot
(scores over time, wins by seat, spread of scores), readable at 800x480, with
screenshots; the plot widget's axes always frame every value."""
from __future__ import annotations

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from history_fill import assert_readable, open_past_games, tap_until


@pytest.fixture
def past(ui):
    return open_past_games(ui)


def test_ticks_frame_every_value():
    from kivy_ui.widgets.plot import nice_ticks

    for lo, hi in ((0, 42), (0, 5), (0, 1), (3, 3), (-7, 250), (0, 0.4)):
        ticks = nice_ticks(lo, hi)
        assert ticks[0] <= lo and ticks[-1] >= hi and len(ticks) <= 8


def test_statistics_show_figures_and_each_plot(past):
    d = past
    d.tap(d.screen().ids.stats)
    st = d.screen()
    assert st.name == "stats"
    tap_until(d, st.ids.game_button, lambda: st.game == "maya")
    texts = " ".join(w.text for w in st.ids.figures.children)
    assert "plays" in texts and " win" in texts and "average" in texts
    import re

    for n, word in re.findall(r"\b(\d+) (plays?|wins?)\b", texts):  # "1 play", "2 plays" (issue 22 §4)
        assert word.endswith("s") == (n != "1"), f"{n} {word}"
    assert_readable(d, st)
    d.shot("15-stats-scores")
    for kind in ("seats", "spread"):
        d.tap(st.ids[f"tab_{kind}"])
        plot = st.ids.plot.children[0]
        assert sum(plot.values) > 0
        assert_readable(d, st)
        d.shot(f"15-stats-{kind}")
    tap_until(d, st.ids.player_button, lambda: st.player == "Ana", most=30)
    d.tap(st.ids.tab_scores)
    assert [name for name, _c, _v in st.ids.plot.children[0].series] == ["● Ana"] or len(
        st.ids.plot.children[0].series) == 1
    d.shot("15-stats-one-player")
