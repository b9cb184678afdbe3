"""The text atlas (kivy_ui/text_atlas.py, issue 13): a table screen draws its text
and its shapes from one texture, looks exactly as it did with Kivy's own
textures, and the atlas's slots are given back and reused over a long game."""
from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kivy_ui.text_atlas import Packer

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = ("maya-madness", "maya", "mayan-curse")


# --- the packer (no Kivy) ----------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(1, 300), st.integers(1, 96)), max_size=200))
def test_slots_never_overlap_stay_in_the_page_and_all_come_back(ops):
    """Random text coming and going: no two live slots share a pixel, every slot lies
    in the page, and once every label is gone the page is empty again."""
    packer = Packer(512, 512)
    live: list[tuple[int, int, int, int]] = []
    for grow, w, h in ops:
        if grow or not live:
            spot = packer.alloc(w, h)
            if spot is None:
                continue
            x, y = spot
            assert x >= 0 and x + w <= 512 and y >= 0 and y + h <= 512
            for (x2, y2, w2, h2) in live:
                assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y, "two slots overlap"
            live.append((x, y, w, h))
        else:
            x, y, w, _h = live.pop(len(live) // 2)
            packer.free(x, y, w)
    for x, y, w, _h in live:
        packer.free(x, y, w)
    assert packer.top == 0 and packer.shelves == []


def test_a_freed_slot_is_reused_rather_than_the_page_filling_up():
    packer = Packer(256, 64)
    for _ in range(1000):  # a label whose text changes a thousand times
        x, y = packer.alloc(120, 30)
        packer.free(x, y, 120)
    assert packer.alloc(256, 32) is not None  # the page is still all there
    assert packer.alloc(300, 10) is None  # wider than the page: Kivy's own texture


# --- the table screens --------------------------------------------------------------
def _shot(game: str, folder: pathlib.Path, display: dict, atlas: str) -> dict:
    env = dict(display, MAYA_COMPANION_ATLAS=atlas, MAYA_COMPANION_DATA=str(folder / f"data-{atlas}"),
               KIVY_HOME=str(folder / f"kivy-{atlas}"))
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "kivy_ui" / "app_child.py"), "shot", game,
                          str(folder / atlas)], env=env, capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("game", GAMES)
def test_a_table_screen_looks_the_same_and_draws_from_far_fewer_textures(game, display, tmp_path):
    """The same deal and moves, drawn with Kivy's own textures and from the atlas:
    the 800x480 screenshots agree, and the frame changes texture far less often
    (each change is what a software renderer charges for).

    "Agree": at most 0.3 % of the pixels differ. Kivy's SDL2 text provider can
    measure a word with the metrics of the last style it rendered (one word here
    comes out 81 px wide bold, 82 px plain, depending on which label rendered
    first), and the atlas renders a label when its text changes where Kivy renders
    at its first draw, so one word may sit a pixel apart. A shape or a label drawn
    wrongly or not at all differs by far more."""
    from PIL import Image, ImageChops

    own = _shot(game, tmp_path, display, "0")
    atlas = _shot(game, tmp_path, display, "1")
    a, b = (Image.open(tmp_path / kind / f"{game}.png").convert("RGB") for kind in ("0", "1"))
    assert a.size == b.size == (800, 480)
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 8 else 0)
    differing = diff.histogram()[255]
    assert differing <= 0.003 * 800 * 480, f"{differing} pixels differ, within {diff.getbbox()}"
    assert atlas["draws"] == own["draws"]
    assert atlas["switches"] * 3 <= own["switches"], (own, atlas)


def test_the_atlas_gives_slots_back_over_a_long_evening(ui):
    """Games of Maya Madness played through the table screen, move after move (the
    count, the prompt and the last move change each time): the atlas neither grows
    a page nor keeps the old texts' slots."""
    import gc
    import random

    from companion.bots import get_bot
    from kivy_ui.text_atlas import ATLAS

    d = ui
    app, rng, bot = d.app, random.Random(5), get_bot("maya-madness", "random")

    def live_slots():
        gc.collect()  # widgets a screen dropped go with Kivy's reference cycles
        return sum(shelf[3] for page in ATLAS.pages for shelf in page.packer.shelves)

    def play(games):
        """Move after move until `games` games have ended and the next has begun."""
        ended = 0
        for _ in range(3000):
            if app.table is None or app.session.result() is not None:
                if app.table is not None:
                    d.frames(2)  # the end screen, with its rows
                    ended += 1
                if ended == games and app.table is not None:
                    return
                app.start_game("maya-madness", ["Ana", "Ben", "Cy"], {}, {})
            acting = app.table.acting()
            if acting:
                session = app.session
                app.table.play(bot.choose(session.game, session.view(acting[0]),
                                          session.legal_actions(acting[0]), rng))
            d.frames(1)
        raise AssertionError("the games never ended")

    play(1)  # the end screen has made its rows once
    pages, slots = len(ATLAS.pages), live_slots()
    play(4)
    assert len(ATLAS.pages) == pages
    assert live_slots() <= slots + 4  # a text a little longer; a leak would keep a game's dozens
    app.leave_game()
