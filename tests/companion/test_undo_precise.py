"""The precise peek barrier (issue 10, section 1): a peek blocks undoing an action
only if what that seat saw depends on it, i.e. its private view (`you`) at the
peek differs from its private view in the state the undo would return to."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion import games
from companion.errors import CannotUndo
from companion.rules.engine import CHANCE
from companion.store.journal import Journal
from companion.table.session import Session, replay

TITLES = ["maya", "maya-madness", "mayan-curse"]


def madness(journal, players=("Ana", "Ben"), seed=1):
    return Session.create(journal, "maya-madness", list(players), seed=seed)


def test_the_issues_example_a_peek_at_an_unchanged_secret_does_not_block_undo(journal):
    """Issue 10: "Ben plays +1, Ana taps her fob to look at her (unchanged) secret" -
    Undo of Ben's move is allowed."""
    s = madness(journal)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})  # Ben, the dealer, starts; tokens are dealt
    s.act({"actor": 0, "type": "play", "card": "+1"})
    before = s.state
    s.act({"actor": 1, "type": "play", "card": "+1"})
    ana = s.view(0)["you"]
    s.mark_seen(0)  # Ana looks at her secret: Ben's +1 did not change it
    assert s.can_undo() == (True, "Undo Ben's last move.")
    s.undo()
    assert s.state == before and s.view(0)["you"] == ana
    again = Session.resume(journal, s.id)  # the peek's record survives a restart
    assert again.state == before and again.can_undo() == (True, "Undo Ana's last move.")


def test_a_peek_at_a_secret_the_move_dealt_blocks_its_undo(journal):
    """Ben's start dealt Ana her token; once she has seen it, that deal stays."""
    s = madness(journal)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})
    s.mark_seen(0)
    ok, why = s.can_undo()
    assert not ok and why == "Ana has already looked at a secret since then, so Ben's last move can't be undone."
    assert s.undo_needs_confirm() is None
    with pytest.raises(CannotUndo, match="Ana has already looked"):
        s.undo(confirm=True)  # the table cannot agree its way past a private peek
    assert Session.resume(journal, s.id).can_undo() == (ok, why)


def test_an_undone_stretch_keeps_its_peeks_for_undoing_further_back(journal):
    """Ana saw her token after Ben's start; Ana's own move is undone (her token did not
    change), and the start still cannot be undone: she knows her token."""
    s = madness(journal)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})
    s.act({"actor": 0, "type": "play", "card": "+1"})
    s.mark_seen(0)
    s.undo()  # Ana's +1: her secret is the same before it
    ok, why = s.can_undo()
    assert not ok and "Ana has already looked" in why
    assert Session.resume(journal, s.id).can_undo() == (ok, why)


def test_a_peek_recorded_by_an_older_journal_without_its_digest_blocks_everything_before(journal):
    s = madness(journal)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})
    s.act({"actor": 0, "type": "play", "card": "+1"})
    journal.commit(s.id, s._seq, [("seen", json.dumps({"seat": 1}))],
                   summary={"entries": s._seq + 1, "actions": len(s.actions)})
    r = Session.resume(journal, s.id)
    assert r.can_undo() == (False, "Ben has already looked at a secret since then, so Ana's last move can't be undone.")


def _last_player_index(actions):
    i = len(actions) - 1
    while i >= 0 and actions[i].get("actor") == CHANCE:
        i -= 1
    return i


def _peek_blocks(name, players, options, actions, peeks, i):
    """The oracle, from the rule itself: some peek made while the first i actions were
    the ones in effect now, and later ones too, saw a `you` that differs from that
    seat's `you` after those i actions."""
    prefix = [json.dumps(a, sort_keys=True) for a in actions[:i]]
    target = None
    for history, seat, you in peeks:
        if len(history) > i and history[:i] == prefix:
            if target is None:
                target = replay(name, players, options, actions[:i])
            if games.get_game(name).view(target, seat)["you"] != you:
                return True
    return False


@pytest.mark.parametrize("name", TITLES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32),
       ops=st.lists(st.sampled_from(["act"] * 5 + ["peek"] * 3 + ["undo", "undo", "redo", "resume"]),
                    min_size=5, max_size=45))
@example(seed=17494, ops=["act", "peek", "act", "act", "undo"])  # Maya Madness: the undo of a won token rehides it
def test_undo_is_allowed_exactly_when_no_peek_saw_what_it_takes_back(tmp_path_factory, name, seed, ops):
    from companion.cli.main import simulation_options

    game = games.get_game(name)
    players = ["Ana", "Ben", "Cy"]
    rng = random.Random(seed)
    with Journal.open(tmp_path_factory.mktemp("j") / "journal.sqlite3") as journal:
        s = Session.create(journal, name, players, options=simulation_options(game, {}), seed=seed)
        peeks: list[tuple[list[str], int, dict]] = []
        checked = 0
        for op in ops:
            if op == "act" and not s.is_over():
                seat = rng.choice(sorted((a for a in s.actors() if a != CHANCE), key=str))
                s.act(rng.choice(s.legal_actions(seat)))
            elif op == "peek":
                seat = rng.randrange(len(players))
                s.mark_seen(seat)
                peeks.append(([json.dumps(a, sort_keys=True) for a in s.actions], seat, s.view(seat)["you"]))
            elif op == "undo":
                i = _last_player_index(s.actions)
                if i < 0:
                    continue
                expected = _peek_blocks(name, players, s.options, s.actions, peeks, i)
                ok, why = s.can_undo()
                blocked = "has already looked at a secret" in why
                assert blocked == expected, (why, i)
                assert blocked or ok or s.undo_needs_confirm() is not None
                checked += 1
                if not blocked:
                    prefix = list(s.actions[:i])
                    s.undo(confirm=True)
                    assert s.actions[:i] == prefix
                    # the state is its actions': the prefix, then any rehide actions (Maya Madness:
                    # a token everybody saw goes back to the pool and its seat draws again)
                    assert s.state == replay(name, players, s.options, s.actions)
            elif op == "redo" and s.can_redo()[0]:
                s.redo()
            elif op == "resume":
                s = Session.resume(journal, s.id)
            fresh = Session.resume(journal, s.id, deal=False)
            assert fresh.state == s.state and fresh.can_undo() == s.can_undo()
            assert fresh.undo_needs_confirm() == s.undo_needs_confirm()
