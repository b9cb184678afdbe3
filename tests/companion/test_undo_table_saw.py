"""Undoing anything the whole table saw asks, the same way, in every game (issue 22):
a Maya Madness token won, a Maya quarry turned face up, a Mayan Curse boulder at the
entrance (the table has just reset the first slabs of the passage). Through the table
controller, as every Undo (a screen's button, the end screen, the undo command tag)
goes: the first Undo only asks (`pending_undo`, listeners hear "confirm"), naming
what everyone saw; No leaves everything; Yes takes the move back.

Each game gets there by its own moves; what counts as "seen by everyone" is read
here from the TABLE view, not from the game's undo hook that is under test."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from companion.rules.engine import CHANCE, TABLE
from companion.table.controller import TableController
from companion.table.session import Session


def _seat(a: Any) -> bool:
    return isinstance(a, int) and not isinstance(a, bool)


def play_until_seen(session: Session, table: TableController, seen: Callable[[dict, dict], bool],
                    rng: random.Random, limit: int = 3000) -> list[str]:
    """Random moves until a player's move makes the TABLE view show what `seen` looks
    for (before, after); that move is played through the controller. Returns the
    sentences the table read right after it (before any draw that followed)."""
    game = session.game
    for _ in range(limit):
        actor = next(a for a in sorted(session.actors(), key=str) if a != CHANCE)
        legal = session.legal_actions(actor)
        before = session.view(TABLE)
        for action in legal:
            after = game.view(game.apply(session.state, action), TABLE)
            if seen(before, after):
                assert table.play(action), table.message
                return [e["sentence"] for e in after["events"] if e["sentence"]]
        assert table.play(rng.choice(legal)), table.message
        assert session.result() is None, "the game ended before the table saw it"
    raise AssertionError("never reached")


def players(session: Session) -> int:
    """Player moves in effect (a confirmed undo may add the game's own draws)."""
    return sum(1 for a in session.actions if _seat(a["actor"]))


def token_won(before: dict, after: dict) -> bool:
    return any(e["kind"] == "win_token" for e in after["events"])


def quarry_turned(before: dict, after: dict) -> bool:
    def shown(v: dict) -> int:
        return sum(1 for q in v["quarries"] for c in q["cards"] if c.get("value") is not None)
    return shown(after) > shown(before)


def boulder_at_entrance(before: dict, after: dict) -> bool:
    return after["boulders_at_entrance"] > before["boulders_at_entrance"]


def curse_to_the_entrance(session: Session, table: TableController, rng: random.Random) -> list[str]:
    """Ana reaches the temple board (every trigger token comes off), both end their
    turns, and the first boulder tumbles to the entrance."""
    table.play({"type": "reach_temple_board"})
    table.play({"type": "end_turn"})
    table.play({"type": "end_turn"})
    assert session.view(TABLE)["phase"] == "boulders"
    return play_until_seen(session, table, boulder_at_entrance, rng)


CASES = {
    "maya-madness": ({}, lambda s, t, rng: play_until_seen(s, t, token_won, rng)),
    "maya": ({}, lambda s, t, rng: play_until_seen(s, t, quarry_turned, rng)),
    "mayan-curse": ({}, curse_to_the_entrance),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_undoing_what_the_whole_table_saw_asks_first_in_every_game(journal, name):
    options, reach = CASES[name]
    session = Session.create(journal, name, ["Ana", "Ben"] if name != "maya" else ["Ana", "Ben", "Cy"],
                             options=options, seed=4)
    table = TableController(session)
    heard: list[str] = []
    table.subscribe(lambda t, what: heard.append(what))
    seen = reach(session, table, random.Random(4))
    mover = table.name(next(a["actor"] for a in reversed(session.actions) if _seat(a["actor"])))
    after, moves, played = session.state, len(session.actions), players(session)

    assert not table.undo(), f"{name}: the undo went through without a question"
    assert session.state == after and len(session.actions) == moves
    assert heard[-1] == "confirm"
    question = table.pending_undo or ""
    assert question.startswith(f"Undo {mover}'s last move? Everyone has seen this:"), question
    assert "It stays known." in question and any(s.rstrip(".") in question for s in seen), (question, seen)
    table.cancel_undo()
    assert table.pending_undo is None and session.state == after, "No leaves everything"
    assert not table.undo() and table.confirm_undo(), "Yes takes it back"
    assert players(session) == played - 1 and table.notice == f"Took back {mover}'s last move."
