"""The first-game guide (issue 25 §1) on the table screen: New game's "First game:
explain each phase" by touches, the first card shown as the table opens, dismissed
with one tap, a later phase's card when that phase comes up, never again; a card waits
while a private view is open; every card of every game fits at 800x480 in German and
in the pseudo locale. Also the Help leftovers: the Log's first line names who the draw
chose, and an open Help follows the moves. Screenshots: artifacts/screenshots/teach-*.png."""
from __future__ import annotations

import random

from companion.i18n import PSEUDO
from companion.rules.engine import TABLE
from companion.table.first import drawn_line, drawn_seat
from companion.table.teach import SETUP, TEACH, game_teach
from kivy_ui.i18n import _

from .sizes_chrome import GAMES, close_overlays, overlay, play, start


def _readable(d, card_overlay, name: str) -> None:
    d.frames(2)
    d.screenshot(name, d.shots)
    assert d.cut_off(card_overlay) == [], (name, d.cut_off(card_overlay))
    assert d.overlaps(card_overlay) == [], (name, d.overlaps(card_overlay))
    small = [w.text[:40] for w in card_overlay.lines.children if w.font_size < 24 - 0.01]
    assert small == [] and card_overlay.title.font_size >= 24 - 0.01, (name, small)
    assert card_overlay.top <= d.app.root_window.height + 0.5 and card_overlay.y >= -0.5


def _tap_away(d, card_overlay) -> None:
    before = d.touches
    d.tap(card_overlay.lines)  # anywhere on it
    assert d.touches - before == 1


def test_new_game_with_the_guide_shows_each_phase_once_and_one_tap_dismisses(ui):
    d = ui
    d.app.show("home")
    d.frames(2)
    s = d.fill_new_game("Maya", ["Ana", "Ben", "Cleo"])
    d.tap_text(_("First game: explain each phase"), widget=s.ids.option_rows, exact=True)
    assert s.teach
    d.shot("teach-new-game")
    d.tap(s.ids.start)
    try:
        game = d.screen()
        assert game.name != "new_game", s.ids.notice.text
        session = d.app.session
        assert session.meta.get(TEACH) is True and not s.teach  # the next New game starts without it
        assert d.until(lambda: overlay(d, "TeachOverlay") is not None, 3), "the first card never showed"
        card = overlay(d, "TeachOverlay")
        assert card.card.key == SETUP and card.texts()[0] == card.card.title
        _readable(d, card, "teach-maya-setup")
        _tap_away(d, card)
        assert d.until(lambda: overlay(d, "TeachOverlay") is None, 2)
        table, rng = d.app.table, random.Random(3)
        assert play(d, session, rng, lambda f, _s: f.view.get("phase") == "quarrying")
        assert d.until(lambda: overlay(d, "TeachOverlay") is not None, 2), "the quarrying card never showed"
        card = overlay(d, "TeachOverlay")
        assert card.card.key == "quarrying"
        _readable(d, card, "teach-maya-quarrying")
        # a private view opened now: the card goes from the screen and waits for the gate to close
        card.close()
        seat = table.frame().acting[0]
        table.open_gate(seat, "fob")
        d.frames(3)
        assert overlay(d, "PrivateOverlay") is not None
        game.teach()
        assert overlay(d, "TeachOverlay") is None, "a card over a private view"
        table.close_gate()
        assert d.until(lambda: overlay(d, "TeachOverlay") is not None, 2), "the card did not come back"
        _tap_away(d, overlay(d, "TeachOverlay"))
        assert d.until(lambda: overlay(d, "TeachOverlay") is None, 2)
        keys = ["quarrying"]
        for _step in range(40):  # on through the round: each new phase once, quarrying never again
            moved = len(session.actions)
            if not play(d, session, rng, lambda _f, s, n=moved: len(s.actions) > n):
                break
            d.frames(2)
            shown = overlay(d, "TeachOverlay")
            if shown is not None:
                keys.append(shown.card.key)
                if shown.card.key == "building":
                    _readable(d, shown, "teach-maya-building")
                _tap_away(d, shown)
        assert keys[:3] == ["quarrying", "distribution", "building"] and len(keys) == len(set(keys)), keys
    finally:
        close_overlays(d)
        d.app.leave_game()
        d.frames(2)


def test_every_card_fits_at_800x480_in_german_and_the_pseudo_locale(ui):
    from companion.table.teach import Card
    from kivy_ui.widgets.teach_overlay import TeachOverlay

    d = ui
    card_overlay = TeachOverlay()
    try:
        for game_name, names, options in GAMES:
            session = start(d, game_name, names, options)
            module = game_teach(session.game)
            view = session.game.view(session.state, TABLE)
            for code in (PSEUDO, "de"):
                d.app.set_language(code, remember=False)
                for key in module.CARDS:
                    title, lines = module.teach_card(key, view)
                    card_overlay.show(Card(key, title, tuple(lines)))
                    _readable(d, card_overlay, f"teach-{game_name}-{key}-{code}")
                    card_overlay.close()
            d.app.set_language("en", remember=False)
            d.app.leave_game()
            d.frames(2)
    finally:
        card_overlay.close()
        d.app.set_language("en", remember=False)


def test_the_log_opens_with_who_the_draw_chose(ui):
    d = ui
    d.app.show("home")
    d.frames(2)
    s = d.fill_new_game("Maya Madness", ["Ana", "Ben"])
    was = s.draw_first
    if not s.draw_first:
        d.tap_text(_("Draw the first player"), widget=s.ids.option_rows, exact=True)
    d.tap(s.ids.start)
    try:
        game = d.screen()
        seat = drawn_seat(d.app.session)
        assert seat is not None
        d.tap(game.ids.log)
        log = overlay(d, "LogOverlay")
        assert log is not None
        first = log.lines.children[-1].text  # the top line
        assert first == drawn_line(d.app.session.players, seat) and first, first
        d.shot("teach-log-draw")
    finally:
        close_overlays(d)
        if s.draw_first != was:
            s.toggle_draw()  # New game as this test found it
        d.app.leave_game()
        d.frames(2)


def test_an_open_help_follows_the_moves(ui):
    d = ui
    game_name, names, options = GAMES[0]
    session = start(d, game_name, names, options)
    try:
        assert play(d, session, random.Random(4), lambda _f, s: len(s.actions) > 4)
        close_overlays(d)
        d.tap(d.screen().ids.help)
        shown = overlay(d, "HelpOverlay")
        assert shown is not None
        before = shown.help
        n = len(session.actions)
        assert play(d, session, random.Random(5), lambda _f, s: len(s.actions) > n and
                    s.view(TABLE)["waiting_for"]["sentence"] != before.waiting)
        d.frames(2)
        assert overlay(d, "HelpOverlay") is shown and shown.help != before
        assert shown.help.waiting == session.view(TABLE)["waiting_for"]["sentence"]
        assert shown.help.waiting in " ".join(shown.texts())
    finally:
        close_overlays(d)
        w = overlay(d, "HelpOverlay")
        if w is not None:
            w.dismiss(animation=False)
        d.app.leave_game()
        d.frames(2)


def test_a_card_the_table_moved_past_goes_and_does_not_come_back(ui):
    """A seat button or a phone may play while a card is up: the card goes with its
    state, counted as shown, and a resumed game does not bring it back."""
    d = ui
    from companion.table.session import Session

    game_name, names, options = GAMES[1]  # Maya: its setting-up card, then the starting blocks
    again = Session.create(d.app.journal, game_name, list(names), options=options, seed=7,
                           meta={"colours": ["Red", "Blue", "Green"], "fobs": [None] * 3, TEACH: True})
    try:
        d.app._attach(again)
        d.frames(3)
        assert d.until(lambda: overlay(d, "TeachOverlay") is not None, 3)
        assert overlay(d, "TeachOverlay").card.key == SETUP
        seat = sorted(a for a in again.actors() if isinstance(a, int))[0]
        d.app.table.play(again.legal_actions(seat)[0])
        assert d.until(lambda: overlay(d, "TeachOverlay") is None, 2), "a card of a state the table left"
        d.app.leave_game()  # and a restart: the game resumed from its journal
        d.frames(2)
        d.app._attach(Session.resume(d.app.journal, again.id))
        d.frames(3)
        assert d.screen().guide is not None and overlay(d, "TeachOverlay") is None
    finally:
        close_overlays(d)
        d.app.leave_game()
        d.frames(2)
