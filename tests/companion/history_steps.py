"""Shared steps for the history tests: a journal with finished games played by
random legal moves through real Sessions (undos and redos included), so what is
exported, verified and counted is what a table would have left behind."""
from __future__ import annotations

import random

from companion.errors import CannotUndo
from companion.rules.engine import CHANCE
from companion.table.session import Session

NAMES = ("Ana", "Ben", "Cleo", "Dev")


def play_session(journal, game_name, names, rng: random.Random, options=None, undo_rate=0.08, meta=None,
                 max_moves=5000):
    """Create a session and play it to the end with random legal moves; now and
    then undo (and sometimes redo) the last move, as a table fixing a mis-tap."""
    s = Session.create(journal, game_name, list(names), options=options, meta=meta,
                       seed=rng.getrandbits(64))
    for _ in range(max_moves):
        if s.is_over():
            return s
        if rng.random() < undo_rate and s.can_undo()[0]:
            try:
                s.undo()
                if rng.random() < 0.3 and s.can_redo()[0]:
                    s.redo()
                continue
            except CannotUndo:
                pass
        actors = sorted((a for a in s.actors() if a != CHANCE), key=str)
        actor = rng.choice(actors)
        s.act(rng.choice(s.legal_actions(actor)))
    raise AssertionError(f"{game_name} did not end")


def random_history(journal, rng: random.Random, games=("toy",), count=6, started=1_700_000_000.0):
    """`count` finished games of the given titles; returns the sessions."""
    out = []
    for i in range(count):
        g = games[i % len(games)]
        n = rng.randint(2, 4) if g == "toy" else 3
        s = play_session(journal, g, NAMES[:n], rng, meta={"colours": ["Red", "Blue", "Green", "Yellow"][:n]})
        # Spread the games over days so dates and order are meaningful.
        t0 = started + i * 86_400
        journal.conn.execute("UPDATE sessions SET started = ?, finished = ?, crc = NULL WHERE id = ?",
                             (t0, t0 + 600 + 60 * i, s.id))
        out.append(s)
    return out
