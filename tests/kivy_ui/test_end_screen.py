"""The end screen offers BG Stats' own "add a play" link as a QR code (issue 20,
section 4), so a phone with BG Stats records the play without a stick. The QR holds
the link companion.history.export.play_link makes, with this game's public result only."""
from __future__ import annotations

import json
import random
import urllib.parse

from companion.rules.engine import CHANCE
from companion.table.session import Session


def _finish(d, seed=5, names=("Ana", "Ben")):
    app = d.app
    session = Session.create(app.journal, "maya-madness", list(names), options={"tokens_to_win": 3}, seed=seed)
    app._attach(session)
    d.frames(2)
    rng = random.Random(seed)
    while not session.is_over():
        seat = next(a for a in session.actors() if a != CHANCE)
        app.table.play(rng.choice(session.legal_actions(seat)))
    d.frames(3)
    assert app.sm.current == "end"
    return session


def test_the_end_screen_shows_the_bg_stats_add_a_play_link_as_a_qr_code(ui):
    from kivy_ui.screens.end import qr_texture

    d = ui
    session = _finish(d)
    screen = d.app.screen("end")
    link = screen.bgstats_link
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    data = json.loads(urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["data"][0])
    result = session.result()
    assert [p["name"] for p in data["players"]] == ["Ana", "Ben"]
    assert [p["score"] for p in data["players"]] == list(result.scores)
    assert [p["winner"] for p in data["players"]] == [i in result.winners for i in range(2)]
    assert data["game"]["name"] == "Maya Madness" and data["sourceName"] == "Maya table companion"
    # The code on the screen is that link's, drawn whole and visible.
    qr = screen.ids.bgstats_qr
    assert qr.texture is not None and qr.texture.pixels == qr_texture(link).pixels
    assert screen.ids.bgstats.opacity == 1 and qr.width >= 150 and qr.height >= 150
    assert any("BG Stats" in t for t in d.texts(screen))
    d.shot("20-end-bgstats-qr")
    d.app.leave_game()


def test_the_qr_code_holds_no_hidden_information(ui):
    """Only the finished game's result: no seed, no draw, no option, no move."""
    d = ui
    session = _finish(d, seed=424242)
    link = d.app.screen("end").bgstats_link
    text = urllib.parse.unquote(link)
    assert "424242" not in text
    data = json.loads(text.split("?data=", 1)[1])
    assert set(data) == {"board", "durationMin", "comments", "game", "location", "playDate", "players",
                         "sourceName", "sourcePlayId"}
    assert all(set(p) == {"startPlayer", "name", "rank", "role", "score", "sourcePlayerId", "winner"}
               for p in data["players"])
    tokens = {a.get("token") for a in session.actions if a.get("actor") == CHANCE}
    assert not [p for p in data["players"] if "token" in p]
    assert tokens  # the game had secret draws; none of them is in the link
    d.app.leave_game()


def _rect(w):
    x, y = w.to_window(w.x, w.y)
    return x, y, x + w.width, y + w.height


def _overlap(a, b):
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def test_the_qr_code_has_whole_pixels_per_module_and_covers_no_text(ui):
    """A phone reads the code off the panel only when every module is drawn the
    same size: a whole number of screen pixels each (222 px for 115 modules drew
    them 1 or 2 px wide), at least 2. And the code lies over nothing the table
    reads: at 800x480 it overflowed its column and hid the end of the sentence
    that says why the game ended."""
    import segno

    d = ui
    for seed, names in ((5, ["Ana", "Ben"]), (6, ["Ana", "Benedikta", "Cyrus", "Dee"])):
        app = d.app
        _finish(d, seed, names)
        screen = app.screen("end")
        qr = screen.ids.bgstats_qr
        modules = segno.make(screen.bgstats_link, error="l").symbol_size(border=3)[0]
        side_w, side_h = qr.norm_image_size
        assert side_w == side_h
        per_module = side_w / modules
        assert per_module == int(per_module) and per_module >= 2, (len(names), side_w, modules)
        cx, cy = qr.to_window(*qr.center)
        code = (cx - side_w / 2, cy - side_h / 2, cx + side_w / 2, cy + side_h / 2)
        covered = [w.text for w in d.public_labels(screen) if _overlap(code, _rect(w))]
        assert covered == [], covered
        d.shot(f"20-end-qr-{len(names)}-players")
        app.leave_game()


def test_a_result_too_long_for_any_qr_code_ends_the_game_without_one(ui, tmp_path, monkeypatch):
    """Six players named with 40 emoji each (a name may have 40 letters): the link
    is longer than a QR code can hold (2,953 bytes), and segno's DataOverflowError
    escaped the end screen, so the app fell over at the end of the game."""
    from companion.store.journal import Journal

    d = ui
    app = d.app
    # A journal of its own: the other UI tests' Past games need not show these names.
    monkeypatch.setattr(app, "journal", Journal.open(str(tmp_path / "journal.sqlite3")))
    names = [("😀" * 39) + c for c in "ABCDEF"]
    session = Session.create(app.journal, "mayan-curse", names, seed=3)
    app._attach(session)
    d.frames(2)
    rng = random.Random(1)
    while not session.is_over():
        seat = min(a for a in session.actors() if a != CHANCE)
        app.table.play(rng.choice(session.legal_actions(seat)))
    d.frames(3)
    assert app.sm.current == "end"
    screen = app.screen("end")
    assert screen.bgstats_link == "" and screen.ids.bgstats.opacity == 0
    assert screen.ids.headline.text and screen.ids.ranking.children
    app.leave_game()


def _finish_curse(d, names=("Ana", "Ben", "Cy", "Dee"), seed=7):
    app = d.app
    session = Session.create(app.journal, "mayan-curse", list(names), seed=seed)
    app._attach(session)
    d.frames(2)
    rng = random.Random(3)
    while not session.is_over():
        seat = rng.choice(sorted((a for a in session.actors() if a != CHANCE), key=str))
        app.table.play(rng.choice(session.legal_actions(seat)))
    d.frames(3)
    assert app.sm.current == "end"
    assert [type(w).__name__ for w in d.window_widgets() if w is not app.root_widget] == [], \
        "the table screen's overlays (a round's cue) go when the end screen takes over"
    return session


def test_every_line_of_a_four_player_curse_end_is_readable_and_the_seed_line_whole(ui):
    """Issue 22 §3: with four Mayan Curse players the knowledge lines and the seed line
    do not fit: they scroll, with a bar in sight, and none is cut off or too small
    (the seed's check code used to run off the side)."""
    d = ui
    _finish_curse(d)
    screen = d.app.screen("end")
    lines = [w.text for w in screen.ids.ranking.children[::-1]]
    assert any(t.startswith("Seed") for t in lines), lines
    assert d.cut_off(screen) == [] and d.small_text(screen) == [], (d.cut_off(screen), d.small_text(screen))
    scroll = screen.ids.scroll
    assert screen.ids.ranking.height > scroll.height, "more lines than fit: the list scrolls"
    assert scroll.bar_width >= 8 and scroll.bar_inactive_color[3] >= 0.5, "a scroll bar a finger sees"
    d.shot("end-01-curse-four-players")
    scroll.scroll_y = 0
    d.frames(2)
    seed = next(w for w in screen.ids.ranking.children if w.text.startswith("Seed"))
    top = seed.to_window(seed.x, seed.top)[1]
    bottom = seed.to_window(seed.x, seed.y)[1]
    sy = scroll.to_window(scroll.x, scroll.y)[1]
    assert sy - 1 <= bottom and top <= sy + scroll.height + 1, "scrolled down, the seed line is in sight"
    d.shot("end-02-curse-scrolled-to-the-seed")


def test_undo_on_the_end_screen_asks_the_table_first_with_yes_away_from_the_finger(ui):
    """The end of a game revealed what everyone saw: Undo there asks, as in every game,
    and "Keep it" (where the finger was) keeps the end."""
    from kivy.tests.common import UnitTestTouch

    d = ui
    session = _finish_curse(d, names=("Ana", "Ben"))
    screen = d.app.screen("end")
    undo = screen.ids.undo
    where = undo.to_window(*undo.center)
    touch = UnitTestTouch(*where)
    touch.touch_down()
    d.frames(1)
    touch.touch_up()
    d.frames(3)
    ask = next((w for w in d.window_widgets() if type(w).__name__ == "ConfirmUndo" and w.parent is not None), None)
    assert ask is not None, "Undo at the end went through without a question"
    assert not ask.yes.collide_point(*ask.yes.to_widget(*where))
    d.shot("end-03-undo-asks")
    d.tap(ask.keep)
    assert session.is_over() and d.app.sm.current == "end"
    d.app.leave_game()
