"""The Maya Madness table screen as a renderer of the frame (issue 21): whole games
played by touches on the choices it draws (the pad, its pickers, the hand behind
the gate, Yes for a guess), and the screen's source building no action, naming no
action type and comparing no label (it takes only the view's TypedDicts from the game)."""
from __future__ import annotations

import ast
import pathlib
import random

import pytest

from companion.rules.choices import complete
from companion.rules.engine import CHANCE
from companion.table.session import Session

from .test_app import dismiss_celebrations, yes

SCREENS = pathlib.Path(__file__).resolve().parents[2] / "kivy_ui" / "screens"
#: The screen and its siblings (its pad's keys, the gate's content and the celebration).
SCREEN_FILES = ("maya_madness.py", "maya_madness_pad.py", "maya_madness_private.py")


@pytest.mark.parametrize("name", SCREEN_FILES)
def test_the_screen_builds_no_action_and_compares_no_label(name):
    tree = ast.parse((SCREENS / name).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            assert not keys & {"type", "actor"}, f"an action dict at line {node.lineno}"
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion.games"):
            # the view's shape, for mypy, is all it takes from the game: no action type, no rule
            assert node.module == "companion.games.maya_madness.viewtypes", f"{node.module} at line {node.lineno}"
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            texts = [s for s in sides if isinstance(s, ast.Attribute) and s.attr in ("text", "label", "group")]
            strings = [s for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)]
            assert not (texts and strings), f"a label compared with a string at line {node.lineno}"


def test_the_table_reads_how_many_tokens_win(ui):
    """Issue 22 §4: the Maya Madness table never said how many tokens win."""
    from .test_app import new_game

    table = new_game(ui, names=("Ana", "Ben"), options={"tokens_to_win": 4})
    rows = list(reversed(ui.screen().ids.seats.children))
    assert [r.tokens_text for r in rows] == ["★ 0 of 4", "★ 0 of 4"]
    assert all(ui.find("★ 0 of 4", widget=r) for r in rows) and table.public_view()["options"]["tokens_to_win"] == 4


def tap_payload(d, buttons, payload):
    button = next(b for b in buttons if getattr(b, "payload", None) == payload and not b.disabled)
    d.tap(button)


def enter(d, table, action):
    """Enter `action` as a player would: find the choice it belongs to and touch it (and
    its picker's values) where the screen draws it, behind the gate for a seat's own."""
    session = table.session
    seat = action["actor"]
    for choice in session.game.menu(session.state, seat):
        if not choice.enabled:
            continue
        for picks in ([{}] if not choice.parts else [dict(c) for c in choice.legal]):
            if complete(choice, picks) == action:
                break
        else:
            continue
        break
    else:
        raise AssertionError(f"no choice plays {action}")
    screen = d.screen()
    if choice.public:
        if not screen._pick or screen._pick.key != choice.key:
            tap_payload(d, screen._top + screen._bottom + [screen.ids.extra], choice.key)
        for part in choice.parts:
            tap_payload(d, screen._top, ("option", picks[part.key]))
        if choice.confirm:
            yes(d)
        return
    d.tap(next(r for r in screen.ids.seats.children if r.seat == seat))  # the player's row: look away…
    d.tap(screen.gate_view.overlay.ids_show)
    panel = screen.gate_view.overlay.content
    tap_payload(d, panel.slots, choice.key)
    for part in choice.parts:
        tap_payload(d, panel.values, ("value", part.key, picks[part.key]))


@pytest.mark.parametrize("options", [{"deck": "physical", "advanced": True}, {"deck": "full", "advanced": True}])
def test_a_whole_game_by_touches_on_the_choices(ui, options):
    d = ui
    session = Session.create(d.app.journal, "maya-madness", ["Ana", "Ben", "Cy"],
                             options={**options, "tokens_to_win": 3}, seed=11,
                             meta={"colours": ["Green", "Red", "Yellow"], "fobs": [None] * 3})
    d.app._attach(session)
    d.frames(3)
    rows = list(reversed(d.screen().ids.seats.children))
    assert [r.colour_name for r in rows] == ["Green", "Red", "Yellow"], "the colours chosen at New game"
    table, rng = d.app.table, random.Random(4)
    for _ in range(400):
        if session.result() is not None:
            break
        dismiss_celebrations(d)
        seat = next(a for a in session.actors() if a != CHANCE)
        moves = len(session.actions)
        enter(d, table, rng.choice(session.legal_actions(seat)))
        assert len(session.actions) > moves, (table.message, d.screen().summary)
    assert session.result() is not None
    assert d.until(lambda: d.app.sm.current == "end", 3)


def test_every_card_keeps_its_place_on_the_pad_from_player_to_player(ui):
    """A finger comes down where the card was a moment ago (issue 21: stable slots)."""
    d = ui
    session = Session.create(d.app.journal, "maya-madness", ["Ana", "Ben", "Cy"], options={"advanced": True},
                             seed=3, meta={"colours": ["Red", "Blue", "Green"], "fobs": [None] * 3})
    d.app._attach(session)
    d.frames(3)
    screen = d.screen()

    def places():
        buttons = [b for b in screen._top + screen._bottom if b.opacity and b.text]
        return {b.text: tuple(round(x) for x in b.to_window(*b.center)) for b in buttons}

    seen = places()
    assert len(seen) == 15
    for card in ("+2", "0", "skip", "-1", "+1", "reverse", "-2"):  # the dealer's card, then the players'
        dismiss_celebrations(d)
        moves = len(session.actions)
        d.tap(next(b for b in screen._top + screen._bottom if b.payload in (f"start:{card}", f"play:{card}")))
        assert len(session.actions) > moves, screen.message
        assert places() == seen, "a card moved"
