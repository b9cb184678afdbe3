"""Maya through the touch layer (issue 22 §1 and §6), counted in d.touches: a card
laid in 2 touches with a fob, 3 by name; a block in 1; a double move in 3. Every
choice keeps its place on the screen for every player and turn of random games, and
a double tap on any choice that costs something (it asks first) never plays it."""
from __future__ import annotations

import random

from companion.bots import get_bot
from companion.rules.engine import CHANCE

from .test_maya_screen import route
from .test_maya_table import attach
from .test_maya_table import play_until as table_play_until

BOT = get_bot("maya", "greedy")


def bot_move(d, session, rng) -> None:
    actor = rng.choice([a for a in sorted(session.actors(), key=str) if a != CHANCE])
    d.app.table.play(BOT.choose(session.game, session.view(actor), session.legal_actions(actor), rng))
    d.frames(1)


def close_summary(d) -> None:
    summary = getattr(d.screen(), "_summary", None)
    if summary is not None and summary.shown:
        summary.close()
        d.frames(1)


def play_until(d, session, rng, done, limit=500) -> bool:
    return table_play_until(d, session, rng, done, limit, each=close_summary, move=bot_move)


def spot(button) -> tuple[int, int]:
    x, y = button.to_window(*button.center)
    return round(x), round(y)


def test_a_card_takes_two_touches_with_a_fob_and_three_by_name(ui):
    d = ui
    screen = d.fill_new_game("Maya", ("Ana", "Ben", "Cy"), fobs={0: "q"})
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "maya", 3)
    session, rng, game = d.app.table.session, random.Random(2), d.screen()

    def lay_turn(seat):
        return lambda: session.state.phase == "quarrying" and not session.state.pending \
            and session.state.turn == seat and any(a["type"] == "place_worker" for a in session.legal_actions(seat))

    try:
        # by name: the seat's button, "I am Ben: show me", the card under its quarry
        assert play_until(d, session, rng, lay_turn(1))
        before, moves = d.touches, len(session.actions)
        d.tap(next(b for b in game.choice_buttons() if b.choice == ("peek", 1)))
        assert game.gate_view.overlay is not None, (game.message, [b.text for b in game.choice_buttons()])
        d.tap(game.gate_view.overlay.ids_show)
        card, quarry = next((a["card"], a["quarry"]) for a in session.legal_actions(1) if a["type"] == "place_worker")
        d.tap(game._private.picks[quarry].buttons[card])
        assert session.actions[moves] == {"actor": 1, "type": "place_worker", "card": card, "quarry": quarry}
        assert d.touches - before <= 3, d.touches - before
        # with a fob: Ana's fob on the reader, the card under its quarry
        assert play_until(d, session, rng, lay_turn(0))
        before, moves = d.touches, len(session.actions)
        d.tap_fob("q")
        assert d.until(lambda: game.gate_view.overlay is not None and game._private.seat == 0, 3)
        card, quarry = next((a["card"], a["quarry"]) for a in session.legal_actions(0) if a["type"] == "place_worker")
        d.tap(game._private.picks[quarry].buttons[card])
        assert session.actions[moves] == {"actor": 0, "type": "place_worker", "card": card, "quarry": quarry}
        assert d.touches - before <= 2, d.touches - before
    finally:
        d.app.leave_game()


def tap_choice(d, action) -> None:
    """The taps a player makes for `action`: its button, then each pick."""
    screen = d.screen()
    choice, picks = route(screen.frame.choices, action)
    d.tap(next(b for b in screen.choice_buttons() if getattr(b.choice, "key", None) == choice.key))
    for value in picks:
        d.tap(next(b for b in screen.choice_buttons() if b.choice == ("pick", value) and not b.disabled))
    if choice.confirm and not choice.parts:
        d.tap(screen._confirm_choice.yes)


def test_a_block_takes_one_touch_and_a_double_move_three(ui):
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy"), seed=4)
    rng, screen = random.Random(4), d.screen()

    def offered(key):
        return lambda: session.state.phase == "building" and not session.state.pending and any(
            c.key == key and c.enabled for c in screen.frame.choices)

    try:
        assert play_until(d, session, rng, offered("double"))
        double = next(c for c in screen.frame.choices if c.key == "double")
        a, b = double.legal[0]["pyramids"]
        action = {"actor": session.state.turn, "type": "double_move", "pyramids": [a, b], "free": False}
        before = d.touches
        tap_choice(d, action)
        assert session.actions[-1] == action and d.touches - before <= 3, d.touches - before
        assert play_until(d, session, rng, lambda: session.state.phase == "building" and any(
            c.key.startswith("build:") and c.enabled for c in screen.frame.choices))
        build = next(c for c in screen.frame.choices if c.key.startswith("build:") and c.enabled)
        before = d.touches
        tap_choice(d, dict(build.action))
        assert session.actions[-1] == dict(build.action) and d.touches - before == 1
    finally:
        d.app.leave_game()
        d.app.journal.abandon(session.id)


def test_every_choice_keeps_its_place_and_a_double_tap_never_plays_a_costly_one(ui):
    """Random games of 3 and 5 players: at every turn of every player each choice key
    is where it was the first time it showed; a double tap on a choice that asks first
    (a pass, a paid double move, a free pass…) plays nothing."""
    d = ui
    for names, seed in ((("Ana", "Ben", "Cy"), 21), (("Ana", "Ben", "Cy", "Dee", "Eve"), 22)):
        session = attach(d, names, {"advanced": len(names) == 5}, seed=seed)
        rng, screen = random.Random(seed), d.screen()
        where: dict = {}
        tried: set = set()
        try:
            for _ in range(260):
                close_summary(d)
                if session.result() is not None:
                    break
                d.frames(1)
                for b in screen.choice_buttons():
                    key = b.choice if isinstance(b.choice, tuple) else b.choice.key
                    assert where.setdefault(key, spot(b)) == spot(b), (key, b.text, session.state.phase)
                for b in screen.choice_buttons():
                    c = b.choice
                    if isinstance(c, tuple) or not c.enabled or c.confirm is None or c.key in tried:
                        continue
                    tried.add(c.key)
                    moves = len(session.actions)
                    d.tap(b, frames=1)
                    d.tap_at(*spot(b))
                    assert len(session.actions) == moves, f"a double tap on {c.label} played it"
                    ask = getattr(screen, "_confirm_choice", None)
                    if ask is not None and ask.parent is not None:
                        ask.dismiss(animation=False)
                    screen.reset_input()
                    screen.render()
                    d.frames(1)
                    break
                bot_move(d, session, rng)
            assert {"double", "pass"} <= tried, tried
            assert any(str(k).startswith("build:") for k in where) and any(isinstance(k, tuple) for k in where)
        finally:
            d.app.leave_game()
            if session.result() is None:
                d.app.journal.abandon(session.id)
