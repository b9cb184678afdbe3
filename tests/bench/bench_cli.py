"""The command line (issue 13): `maya-companion games` against a bare `python -c pass`,
and `simulate --jobs 2` against `--jobs 1`, each measured in the same run,
interleaved and repeated; medians with their spread (min, max).

    python tests/bench/run.py cli

Figures (JSON lines): games_vs_bare_python (target <= 2x), simulate_jobs2_vs_jobs1
(target >= 1.8x on 2 cores, and the same results for both), beside the machine's own
two-process speedup for a pure-Python loop measured in the same run (the ceiling).
"""
from __future__ import annotations

import os
import pathlib
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from common import ROOT, ms  # noqa: E402

REPS = int(os.environ.get("BENCH_CLI_REPS", "21"))


def _command() -> list[str]:
    script = pathlib.Path(sys.executable).with_name("maya-companion")
    if script.exists():
        return [str(script), "games"]
    return [sys.executable, "-m", "companion", "games"]


_CPU: list[float] = []  # CPU seconds (user + system) of each child, beside its wall time


def _wall(argv: list[str]) -> float:
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, cwd=ROOT)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    _CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall


def games_figure() -> dict:
    bare, games = [], []
    command = _command()
    _wall(command)  # warm the file cache (.pyc) for both
    _wall([sys.executable, "-c", "pass"])
    bare_cpu, games_cpu = [], []
    for _ in range(REPS):
        bare.append(_wall([sys.executable, "-c", "pass"]))
        bare_cpu.append(_CPU[-1])
        games.append(_wall(command))
        games_cpu.append(_CPU[-1])
    ratios = [g / b for g, b in zip(games, bare)]
    ratio = statistics.median(games) / statistics.median(bare)
    return {"bench": "cli", "figure": "games_vs_bare_python", "reps": REPS,
            "bare_ms": {"median": ms(statistics.median(bare)), "min": ms(min(bare)), "max": ms(max(bare))},
            "games_ms": {"median": ms(statistics.median(games)), "min": ms(min(games)), "max": ms(max(games))},
            "ratio": round(ratio, 2),
            "ratio_spread": [round(min(ratios), 2), round(max(ratios), 2)],
            "cpu_ratio": round(statistics.median(games_cpu) / statistics.median(bare_cpu), 2),
            "load_1min": round(os.getloadavg()[0], 2), "target": "<= 2.0", "ok": ratio <= 2.0}


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def _ceiling_once(n: int) -> float:
    """What this machine gives two processes: a pure-Python loop run twice one after
    the other, against the same two at once in two forked processes (as simulate's)."""
    import multiprocessing

    t0 = time.perf_counter()
    _spin(n)
    _spin(n)
    serial = time.perf_counter() - t0
    context = multiprocessing.get_context("fork")  # forked: nothing is pickled
    workers = [context.Process(target=_spin, args=(n,)) for _ in range(2)]
    t0 = time.perf_counter()
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return serial / (time.perf_counter() - t0)


def simulate_figure(game: str = "maya-madness", players: int = 4, games: int = 120, reps: int = 3) -> dict:
    from companion.cli.main import simulate

    speed: dict[int, list[float]] = {1: [], 2: []}
    results = {}
    ceiling = []
    for _ in range(reps):
        ceiling.append(_ceiling_once(6_000_000))
        for jobs in (1, 2):
            out = simulate(game, players, games, seed=1, bot_kind="greedy", jobs=jobs)
            speed[jobs].append(games / out["seconds"])
            results[jobs] = {k: v for k, v in out.items() if k not in ("seconds", "games_per_second", "jobs")}
    ratios = [b / a for a, b in zip(speed[1], speed[2])]
    ratio = statistics.median(speed[2]) / statistics.median(speed[1])
    machine = statistics.median(ceiling)
    return {"bench": "cli", "figure": "simulate_jobs2_vs_jobs1", "game": game, "players": players,
            "games": games, "reps": reps, "cpus": os.cpu_count(),
            "jobs1_games_per_s": round(statistics.median(speed[1]), 1),
            "jobs2_games_per_s": round(statistics.median(speed[2]), 1),
            "ratio": round(ratio, 2), "ratio_spread": [round(min(ratios), 2), round(max(ratios), 2)],
            # the anchor that says what 2 processes can gain here at all: a shared VM's two
            # vCPUs do not give twice one (seen: 1.45-1.5x for a pure loop)
            "machine_two_process_speedup": round(machine, 2), "machine_spread": [round(min(ceiling), 2),
                                                                                 round(max(ceiling), 2)],
            "share_of_machine": round(ratio / machine, 2),
            "same_results": results[1] == results[2], "load_1min": round(os.getloadavg()[0], 2), "target": ">= 1.8",
            "ok": ratio >= 1.8 and results[1] == results[2],
            "ok_for_this_machine": ratio >= 0.9 * machine and results[1] == results[2]}


def run():
    yield games_figure()
    yield simulate_figure()


if __name__ == "__main__":
    import json

    for line in run():
        print(json.dumps(line))
