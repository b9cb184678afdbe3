"""Core benchmarks: action latency through the session, resume time, bot throughput.

    python tests/bench/run.py core

- action_latency: one player action through the session (apply, the journal
  commit(s), the table view), p50/p99 over full simulated Maya Madness games
  with greedy bots; in the same run and interleaved with it, a bare SQLite
  insert-and-commit of the same payload on the same kind of file (WAL,
  synchronous=FULL, same directory). Target: p99 at most 3x the bare p99.
- resume: reopen the journal and rebuild a finished game of at least 400
  actions by replay through apply. Target: under 16 ms (one screen frame).
- throughput: Maya Madness games per second with greedy bots on one core
  (no journal). Reported as the baseline for later work.
"""
from __future__ import annotations

import pathlib
import random
import shutil
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from common import BareCommits, ms, pct, play_session  # noqa: E402
from companion.bots import get_bot, has_bot  # noqa: E402
from companion.cli import simulate, simulation_options  # noqa: E402
from companion.engine import TABLE  # noqa: E402
from companion.games import get_game  # noqa: E402
from companion.journal import Journal, dumps  # noqa: E402
from companion.session import Session  # noqa: E402

GAME = "maya-madness"
PLAYERS = ["Ana", "Ben", "Cy"]
LATENCY_GAMES = 4
RESUME_ACTIONS = 400
RESUME_RUNS = 25
FRAME_MS = 16.0


def _bot_kind() -> str:
    return "greedy" if has_bot(GAME, "greedy") else "random"


def bench_action_latency(workdir: pathlib.Path) -> dict:
    journal = Journal.open(workdir / "journal.sqlite3")
    bare = BareCommits(workdir / "bare.sqlite3")
    kind = _bot_kind()
    bot = get_bot(GAME, kind)
    game = get_game(GAME)
    options = simulation_options(game, {})
    session_times, bare_times, engine_times = [], [], []
    commits_per_action = []

    def on_action(session, action):
        before, entries_before = session.state, session._seq
        t0 = time.perf_counter()
        session.act(action)
        session.view(TABLE)
        t1 = time.perf_counter()
        session_times.append(t1 - t0)
        commits_per_action.append(session._seq - entries_before)
        # The same payload, bare: one insert, one commit, on the same kind of file.
        bare_times.append(bare.commit(dumps(action)))
        # What the session adds besides the commit: apply and the table view alone.
        t0 = time.perf_counter()
        game.view(game.apply(before, action), TABLE)
        engine_times.append(time.perf_counter() - t0)

    for g in range(LATENCY_GAMES):
        rng = random.Random(f"bench-latency:{g}")
        s = Session.create(journal, GAME, PLAYERS, options=options, seed=g)
        play_session(s, bot, rng, on_action)
    journal.close()
    bare.close()
    p99, bare_p99 = pct(session_times, 0.99), pct(bare_times, 0.99)
    ratio = p99 / bare_p99
    return {
        "bench": "action_latency", "game": GAME, "players": len(PLAYERS), "bot": kind, "games": LATENCY_GAMES,
        "samples": len(session_times),
        "p50_ms": ms(pct(session_times, 0.5)), "p99_ms": ms(p99),
        "bare_commit_p50_ms": ms(pct(bare_times, 0.5)), "bare_commit_p99_ms": ms(bare_p99),
        "apply_and_view_p50_ms": ms(pct(engine_times, 0.5)), "apply_and_view_p99_ms": ms(pct(engine_times, 0.99)),
        "actions_with_a_dealer_draw": sum(1 for c in commits_per_action if c > 1),
        "ratio_p99": round(ratio, 2), "target": "ratio_p99 <= 3", "ok": ratio <= 3,
    }


def _long_game(journal) -> Session:
    """A finished game of at least RESUME_ACTIONS actions: four players, ten tokens to win."""
    game = get_game(GAME)
    bot = get_bot(GAME, _bot_kind())
    options = simulation_options(game, {"tokens_to_win": 10})
    for seed in range(50):
        s = Session.create(journal, GAME, ["Ana", "Ben", "Cy", "Di"], options=options, seed=seed)
        play_session(s, bot, random.Random(f"bench-resume:{seed}"))
        if len(s.actions) >= RESUME_ACTIONS:
            return s
    raise RuntimeError(f"no game of {RESUME_ACTIONS} actions in 50 tries")


def bench_resume(workdir: pathlib.Path) -> dict:
    path = workdir / "resume.sqlite3"
    journal = Journal.open(path)
    s = _long_game(journal)
    target_view, n = s.view(TABLE), len(s.actions)
    entries = len(journal.entries(s.id))
    journal.close()
    reopen, replay_only = [], []
    for _ in range(RESUME_RUNS):
        t0 = time.perf_counter()
        j = Journal.open(path)
        r = Session.resume(j, s.id)
        t1 = time.perf_counter()
        r2 = Session.resume(j, s.id)
        t2 = time.perf_counter()
        assert r.view(TABLE) == target_view == r2.view(TABLE)
        j.close()
        reopen.append(t1 - t0)
        replay_only.append(t2 - t1)
    med = statistics.median(reopen)
    return {
        "bench": "resume", "game": GAME, "actions": n, "journal_entries": entries, "runs": RESUME_RUNS,
        "open_and_resume_median_ms": ms(med), "open_and_resume_max_ms": ms(max(reopen)),
        "resume_only_median_ms": ms(statistics.median(replay_only)),
        "target": f"open_and_resume_median_ms < {FRAME_MS}", "ok": med * 1000 < FRAME_MS,
    }


def bench_throughput() -> list[dict]:
    out = []
    for kind in dict.fromkeys([_bot_kind(), "random"]):
        games = 300 if kind == "greedy" else 600
        summary = simulate(GAME, 3, games, seed=1, bot_kind=kind)
        out.append({
            "bench": "bot_throughput", "game": GAME, "players": 3, "bot": kind, "games": games,
            "games_per_second": summary["games_per_second"], "mean_actions": summary["mean_actions"],
            "actions_per_second": round(summary["games_per_second"] * summary["mean_actions"]),
            "target": "baseline (reported, no target)",
        })
    return out


def run() -> list[dict]:
    workdir = pathlib.Path(tempfile.mkdtemp(prefix="bench-core-"))
    try:
        return [bench_action_latency(workdir), bench_resume(workdir), *bench_throughput()]
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    import json

    for line in run():
        print(json.dumps(line))
