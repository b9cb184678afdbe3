"""The undo rule, once for every game (issue 22 §1): undoing anything the whole
table saw asks, the same way, in every game. What the table saw is data the game
declares (`Game.table_saw`: kinds of TABLE-view events); the generic layer
(companion/table/undo.py) names no game.

A property over random games of each of the three games, through the table
controller as every Undo button goes: after each move, when what it (and the
draws after it) showed the table has an event of a declared kind, Undo only asks,
in the same words in every game, and No leaves everything; when nothing the table
saw and no secret is in it, Undo goes through without a question."""
from __future__ import annotations

import random
from typing import Any

import pytest

from companion.games import get_game
from companion.rules.engine import CHANCE, TABLE
from companion.table.controller import TableController
from companion.table.session import Session

GAMES = {"maya": ["Ana", "Ben", "Cy"], "maya-madness": ["Ana", "Ben"], "mayan-curse": ["Ana", "Ben", "Cy"]}


def _seat(actor: Any) -> bool:
    return isinstance(actor, int) and not isinstance(actor, bool)


def last_player_move(session: Session) -> int:
    return max(i for i, a in enumerate(session.actions) if _seat(a.get("actor")))


def saw(session: Session, table: TableController) -> set[str]:
    """The declared kinds among the events the table read since the last player move."""
    game = session.game
    log = table.log()
    return {str(ev.get("kind")) for e in log[last_player_move(session):] for ev in e.events
            if ev.get("kind") in game.table_saw}


def secret_shown(session: Session) -> bool:
    """The game's own hook: a move that showed a secret (it too asks; not under test here)."""
    game, states, actions = session.game, session._states, session.actions
    i = last_player_move(session)
    return any(not game.undoable(states[j], actions[j], states[j + 1]) for j in range(i, len(actions)))


def test_every_game_declares_what_the_table_saw_as_event_kinds():
    for name in GAMES:
        kinds = get_game(name).table_saw
        assert kinds and all(isinstance(k, str) and k for k in kinds), name


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_undo_asks_exactly_for_what_the_table_saw_in_random_games(journal, name, seed):
    session = Session.create(journal, name, GAMES[name], seed=seed)
    table = TableController(session)
    rng = random.Random(seed)
    asked = quiet = 0
    for step in range(250):
        if session.result() is not None:
            break
        actor = rng.choice(sorted((a for a in session.actors() if a != CHANCE), key=str))
        legal = session.legal_actions(actor)
        assert table.play(rng.choice(legal)), table.message
        seen = saw(session, table)
        frame = table.frame()
        mover = table.name(session.actions[last_player_move(session)]["actor"])
        if seen:
            asked += 1
            assert not frame.undo.can and frame.undo.live, (name, step, seen, frame.undo)
            before, moves = session.state, len(session.actions)
            outcome = table.undo()
            assert not outcome.ok and outcome.ask == table.pending_undo, (name, step, seen)
            assert outcome.ask.startswith(f"Undo {mover}'s last move? Everyone has seen this:"), outcome.ask
            assert outcome.ask.endswith("It stays known."), outcome.ask
            table.cancel_undo()
            assert session.state == before and len(session.actions) == moves, "No leaves everything"
            if step % 5 == 0:  # Yes, now and then: the move goes, the game goes on from before it
                players = sum(1 for a in session.actions if _seat(a.get("actor")))
                assert not table.undo().ok and table.confirm_undo().ok
                assert sum(1 for a in session.actions if _seat(a.get("actor"))) == players - 1
        elif not secret_shown(session):
            quiet += 1
            assert frame.undo.can and frame.undo.live, (name, step, frame.undo)
            if step % 7 == 0:  # no question: it goes back and comes back the same
                after = session.state
                assert table.undo().ok and table.pending_undo is None
                assert table.redo().ok and session.state == after
        assert session.view(TABLE) is not None
    assert asked, f"{name}: the table never saw anything the game declares"
    assert quiet, f"{name}: no move the table could take back quietly"
