"""Maya benchmarks: a full 5-player advanced game with greedy bots through
the session and its journal.

    python tests/bench/run.py maya

- maya_session: games per second through Session (apply, one SQLite commit
  per action, the dealer's draws), and the p99 latency of one player action
  (session.act plus the table view), against a bare SQLite insert-and-commit
  of the same payload on the same kind of file (WAL, synchronous=FULL, same
  directory), interleaved in the same run. Target: p99 at most 3x the bare p99.
- maya_engine: games per second with greedy bots and the engine alone, the
  baseline for the rules' own cost.
"""
from __future__ import annotations

import pathlib
import random
import shutil
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import BareCommits, ms, pct  # noqa: E402
from companion.bots import get_bot  # noqa: E402
from companion.cli import simulate  # noqa: E402
from companion.engine import TABLE  # noqa: E402
from companion.journal import Journal, dumps  # noqa: E402
from companion.session import Session  # noqa: E402

GAME = "maya"
PLAYERS = ["Ana", "Ben", "Cy", "Dee", "Eli"]
OPTIONS = {"advanced": True}
GAMES = 4


def bench_session(workdir: pathlib.Path) -> dict:
    journal = Journal.open(workdir / "journal.sqlite3")
    bare = BareCommits(workdir / "bare.sqlite3")
    bot = get_bot(GAME, "greedy")
    act_times, bare_times, game_times = [], [], []
    actions = 0
    for g in range(GAMES):
        rng = random.Random(f"bench-maya:{g}")
        start = time.perf_counter()
        bot_time = 0.0  # time spent outside the session: the bots' choices, the bare commits
        s = Session.create(journal, GAME, PLAYERS, options=OPTIONS, seed=g)
        while not s.is_over():
            now = s.actors()
            seat = next(iter(now)) if len(now) == 1 else rng.choice(sorted(now, key=str))
            t0 = time.perf_counter()
            action = bot.choose(s.game, s.state, seat, rng)
            t1 = time.perf_counter()
            s.act(action)
            s.view(TABLE)
            t2 = time.perf_counter()
            bot_time += t1 - t0
            act_times.append(t2 - t1)
            actions += 1
            # the same payload, bare: one insert, one commit, on the same kind of file
            bare_times.append(bare.commit(dumps(action)))
            bot_time += bare_times[-1]  # not part of the game's own time either
        game_times.append(time.perf_counter() - start - bot_time)
        assert s.result() is not None
    journal.close()
    bare.close()
    p99, bare_p99 = pct(act_times, 0.99), pct(bare_times, 0.99)
    ratio = p99 / bare_p99
    return {
        "bench": "maya_session", "game": GAME, "players": len(PLAYERS), "options": OPTIONS, "bot": "greedy",
        "games": GAMES, "actions": actions,
        "games_per_second": round(GAMES / sum(game_times), 3),
        "p50_ms": ms(pct(act_times, 0.5)), "p99_ms": ms(p99),
        "bare_commit_p50_ms": ms(pct(bare_times, 0.5)), "bare_commit_p99_ms": ms(bare_p99),
        "ratio_p99": round(ratio, 2), "target": "ratio_p99 <= 3", "ok": ratio <= 3,
    }


def bench_engine() -> dict:
    summary = simulate(GAME, 5, 40, seed=1, bot_kind="greedy", options=OPTIONS)
    return {
        "bench": "maya_engine", "game": GAME, "players": 5, "options": OPTIONS, "bot": "greedy", "games": 40,
        "games_per_second": summary["games_per_second"], "mean_actions": summary["mean_actions"],
        "target": "baseline (reported, no target)",
    }


def run() -> list[dict]:
    workdir = pathlib.Path(tempfile.mkdtemp(prefix="bench-maya-"))
    try:
        return [bench_session(workdir), bench_engine()]
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    import json

    for line in run():
        print(json.dumps(line))
