"""A finished game with a correction in it goes everywhere a game goes: its export
replays to the same result, verify accepts its draws, the statistics count it
(the fairness walk and the replays step corrections, not only moves)."""
from __future__ import annotations

import random

from companion.cli.main import replay_lines
from companion.history import export, stats
from companion.history.fairness import verify_lines
from companion.rules.engine import CHANCE
from companion.table.session import Session


def finished_with_a_fix(journal) -> Session:
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"tokens_to_win": 3}, seed=12)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})
    s.act({"actor": 0, "type": "play", "card": "+2"})
    s.correct("count", 5, 1)  # the real table says 5
    rng = random.Random(4)
    while not s.is_over():
        seat = next(a for a in s.actors() if a != CHANCE)
        s.act(rng.choice(s.legal_actions(seat)))
    return s


def test_a_game_with_a_correction_exports_replays_and_verifies(journal):
    s = finished_with_a_fix(journal)
    lines = export.jsonl(journal, s.id).splitlines()
    replayed = replay_lines(lines)
    assert replayed["result"] == s.result().to_json()
    verified = verify_lines(lines)
    assert verified.draws > 0


def test_a_game_with_a_correction_is_counted_and_its_detail_shows_the_fix(journal):
    s = finished_with_a_fix(journal)
    plays = stats.load(journal, None, game="maya-madness")
    assert [p.id for p in plays] == [s.id]
    detail = stats.game_detail(journal, s.id)
    sentences = [" ".join(e["sentences"]) for e in detail["log"]]
    assert any("fixed the count to 5" in line for line in sentences)
