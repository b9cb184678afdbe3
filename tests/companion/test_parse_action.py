"""One way in for an action (issue 21 §3): `parse_action` checks shape, move, actor
and fields once, with one set of limits (companion/rules/limits.py); moves are data in
long form; no shipped game wraps `apply` around the framework's pipeline."""
from __future__ import annotations

import json
import random

import pytest

from companion import games
from companion.errors import IllegalAction
from companion.games.maya import actions as maya_actions
from companion.games.maya_madness import actions as madness_actions
from companion.games.mayan_curse import actions as curse_actions
from companion.rules import moves
from companion.rules.engine import CHANCE, TABLE, Game
from companion.rules.limits import MAX_INT, MAX_TEXT
from companion.rules.moves import CORRECTION, Field, Move, parse_action
from companion.table.session import Session

SHIPPED = games.available()
PLAYERS = {"maya": ["Ana", "Ben", "Cy"], "maya-madness": ["Ana", "Ben"], "mayan-curse": ["Ana", "Ben"]}


@pytest.mark.parametrize("name", SHIPPED)
def test_no_shipped_game_overrides_apply(name):
    """The framework runs the pipeline; a game only declares moves and hooks."""
    game = games.get_game(name)
    assert type(game).apply is Game.apply
    assert type(game).dispatch is Game.dispatch


@pytest.mark.parametrize("name, declared", [("maya", maya_actions.PRIVATE),
                                            ("maya-madness", madness_actions.PRIVATE),
                                            ("mayan-curse", curse_actions.PRIVATE)])
def test_what_a_phone_offers_comes_from_the_moves(name, declared):
    assert games.get_game(name).private_action_types == declared


def _random_actions(name: str, seed: int, options: dict | None = None):
    """(state before, action) for every action of one random game, to its end."""
    game = games.get_game(name)
    rng = random.Random(seed)
    state = game.setup(PLAYERS[name], options)
    for _ in range(5000):
        if game.result(state) is not None:
            return
        actor = rng.choice(sorted(game.actors(state), key=str))
        action = game.sample_chance(state, rng) if actor == CHANCE else rng.choice(game.legal_actions(state, actor))
        action = json.loads(json.dumps(action))  # as the journal gives it back
        yield state, action
        state = game.apply(state, action)
    raise AssertionError("no end")


@pytest.mark.parametrize("name, options", [("maya", {}), ("maya", {"advanced": True}),
                                           ("maya-madness", {"deck": "full", "advanced": True}),
                                           ("mayan-curse", {}), ("mayan-curse", {"stelae": "physical"})])
def test_every_legal_action_and_draw_passes_the_one_check(name, options):
    """The limits are one set (MAX_INT, MAX_TEXT): no legal move and no draw of a
    shipped game is refused by the check the session journals with."""
    game = games.get_game(name)
    for seed in range(3):
        for state, action in _random_actions(name, seed, options):
            parsed = parse_action(game, state, action, record=True)
            assert parsed.action == action and parsed.actor == action["actor"]
            assert parsed.move is not None and parsed.move is game.move_for(state, action["type"])


def test_the_session_checks_an_action_once(journal, monkeypatch):
    """Today's check was three: the journal's, the game's apply, its dispatch."""
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], randomness="physical", seed=1)
    calls = []
    real = moves.check_shape
    monkeypatch.setattr(moves, "check_shape", lambda a: calls.append(a) or real(a))
    s.act({"actor": 1, "type": "start_card", "card": "+1"})
    assert len(calls) == 1


def test_a_field_is_checked_by_its_declared_type():
    game = games.get_game("maya-madness")
    state = game.setup(["Ana", "Ben"])
    for card, said in ((7, "Card must be a short name"), ("x" * (MAX_TEXT + 1), "at most 100 characters")):
        with pytest.raises(IllegalAction, match=said):
            parse_action(game, state, {"actor": 1, "type": "start_card", "card": card})
    with pytest.raises(IllegalAction, match="far too large"):
        moves.check_field({"n": MAX_INT + 1}, "n", Field("int"))
    with pytest.raises(IllegalAction, match="needs its key"):
        moves.check_field({}, "key", Field("text", required=True))


def test_the_short_form_of_fields_is_the_long_form():
    m = Move(lambda s, a: s, ints=("seat",), texts=("card",))
    assert m.fields == {"seat": moves.INT, "card": moves.TEXT}
    assert m.undoable is True and not m.private and m.turn


def test_a_correction_is_a_base_move_of_every_game(journal):
    """{"type": "correction"} goes through Game.apply like any move (its own base
    move, not a turn), so a replay of a session's history needs no special case."""
    game = games.get_game("maya-madness")
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], seed=1)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})
    s.correct("count", 7, 0)
    fix = s.actions[-1]
    assert fix["type"] == CORRECTION
    state = s._states[len(s.actions) - 1]
    assert game.move_for(state, CORRECTION) is not None and not game.move_for(state, CORRECTION).turn
    assert game.apply(state, fix) == s.state
    with pytest.raises(IllegalAction, match="There is no seat 9 at this table"):
        game.apply(state, dict(fix, actor=9))


def test_a_token_put_back_by_an_undo_is_taken_in_any_phase_but_only_from_the_draws():
    game = games.get_game("maya-madness")
    state = game.setup(["Ana", "Ben"])
    with pytest.raises(IllegalAction, match="only when an undo takes back its reveal"):
        game.apply(state, {"actor": 0, "type": "return_token", "seat": 0})
    assert {"actor": CHANCE, "type": "return_token", "seat": 0} not in game.legal_actions(state, CHANCE)


def test_a_game_with_its_own_apply_still_gets_the_shape_checked():
    class Own(Game):
        def apply(self, state, action):
            return state + 1

    with pytest.raises(IllegalAction, match="needs an actor and a type"):
        parse_action(Own(), 0, {"type": "x"})
    assert Own().play(0, {"actor": 0, "type": "x"}) == 1


def test_the_table_view_is_the_typed_view():
    game = games.get_game("maya")
    view = game.view(game.setup(PLAYERS["maya"]), TABLE)
    assert {"game", "phase", "round", "players", "waiting_for", "events", "result"} <= set(view)
