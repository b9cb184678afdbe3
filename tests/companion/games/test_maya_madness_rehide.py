"""Issue 10: an undo of a token won can be made after the table agrees, and the token
everybody saw does not go back into hiding: it returns to the pool and its seat draws
again, so nobody gains from the undo."""
from __future__ import annotations

import random

from companion.rules.engine import CHANCE, TABLE
from companion.table.log import game_log
from companion.table.session import Session


def until_a_token_is_won(journal, seed: int) -> tuple[Session, int, int]:
    """A full-deck game played until someone wins a token: (session, loser, its value)."""
    s = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"], options={"deck": "full"}, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        seat = next(a for a in s.actors() if a != CHANCE)
        before = [s.state.secrets[k] for k in range(3)]
        s.act(rng.choice(s.legal_actions(seat)))
        won = [e for e in s.view(TABLE)["events"] if e["kind"] == "win_token"]
        if won:
            value = won[0]["token"]
            loser = before.index(value)
            return s, loser, value
    raise AssertionError("no token won")


def test_undoing_a_win_returns_the_seen_token_to_the_pool_and_its_seat_draws_again(journal):
    for seed in range(1, 12):
        s, loser, value = until_a_token_is_won(journal, seed)
        ok, why = s.can_undo()
        assert not ok and "agrees" in why  # a reveal: the table is asked first
        question = s.undo_needs_confirm()
        assert question and "stays known" in question
        pool_before = sum(s.state.pool)
        s.undo(confirm=True)
        # The winner's move is taken back, and the loser no longer holds the token everybody saw
        # (unless the fresh draw happens to give the same value: the token went back all the same).
        assert all(len(w) == len(s.state.won[k]) for k, w in enumerate(s.state.won))
        assert {"actor": CHANCE, "type": "return_token", "seat": loser} in s.actions
        log = game_log(s.game, s.players, s.options, s.actions)
        events = [t for e in log[-3:] for t in e["sentences"]]
        assert any("goes back into the pool" in t for t in events), events
        assert s.state.secrets[loser] is not None  # drawn again at once (digital)
        assert sum(s.state.pool) == pool_before  # one back, one drawn
        assert str(value) not in " ".join(events)  # the sentence never names the new token
        if s.state.secrets[loser] != value:
            return
    raise AssertionError("every redraw gave the same value: the token is not drawn again")


def test_the_rehide_survives_a_restart_and_cannot_be_redone(journal):
    s, _loser, _value = until_a_token_is_won(journal, 3)
    s.undo(confirm=True)
    after = s.state
    assert not s.can_redo()[0]
    again = Session.resume(journal, s.id)
    assert again.state == after
