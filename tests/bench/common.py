"""What the benchmarks share: percentiles, milliseconds, bots playing a session
to the end, the bare SQLite commit a journaled action is measured against, and a
display (Xvfb) for the app's child processes.

A bench module imports it as `common` after putting this directory on sys.path
(run.py loads bench modules by path, so they are not a package):

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
    from common import BareCommits, ms, pct, play_session

Importing it also puts the project root on sys.path, so `companion` imports
without an installed package.
"""
from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.store.journal import connect  # noqa: E402

_CREATE = ("CREATE TABLE IF NOT EXISTS entries (session INTEGER, seq INTEGER, kind TEXT, payload TEXT, time REAL,"
           " PRIMARY KEY (session, seq)) WITHOUT ROWID")
_INSERT = "INSERT INTO entries (session, seq, kind, payload, time) VALUES (?, ?, ?, ?, ?)"


def display_env(bytecode_cache: str | None = None) -> tuple[dict, subprocess.Popen | None]:
    """The environment for a Kivy child process, and the Xvfb started for it (None when
    there is already a DISPLAY, or no Xvfb). bytecode_cache: a folder the children
    compile into, as an installed app has its .pyc files (this machine may say
    PYTHONDONTWRITEBYTECODE, and a module edited since its .pyc was written would be
    compiled again at every start); a first uncounted child fills it."""
    env = dict(os.environ)
    env.setdefault("KIVY_NO_CONSOLELOG", "1")
    env["KIVY_NO_ARGS"] = "1"
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if bytecode_cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = bytecode_cache
    if env.get("DISPLAY") or shutil.which("Xvfb") is None:
        return env, None
    read, write = os.pipe()
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as f:
        env["DISPLAY"] = ":" + f.readline().strip()
    return env, xvfb


def pct(values, q):
    """The q-quantile (0..1) of values, nearest rank."""
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def ms(seconds):
    return round(seconds * 1000, 3)


class BareCommits:
    """The floor a journaled action is compared with: one INSERT of the same
    payload into an entries table of the same shape, committed on its own, on a
    file opened the journal's way (WAL, synchronous=FULL) in the same directory."""

    def __init__(self, path: pathlib.Path):
        self.conn = connect(path)
        self.conn.execute(_CREATE)
        self.seq = 0

    def commit(self, payload: str) -> float:
        """Insert and commit one entry; returns the seconds it took."""
        t0 = time.perf_counter()
        self.conn.execute(_INSERT, (1, self.seq, "action", payload, time.time()))
        elapsed = time.perf_counter() - t0
        self.seq += 1
        return elapsed

    def close(self) -> None:
        self.conn.close()


def interleaved(anchor, subject, reps: int) -> dict:
    """Time anchor() and subject() alternately (order swapped every rep), reps
    times each; the figure is the median of the per-rep ratios subject/anchor,
    with its spread (min, max) and each side's median in ms."""
    import statistics

    a_times, s_times, ratios = [], [], []
    for rep in range(reps):
        pair = [(anchor, a_times), (subject, s_times)]
        if rep % 2:
            pair.reverse()
        for fn, out in pair:
            t0 = time.perf_counter()
            fn()
            out.append(time.perf_counter() - t0)
        ratios.append(s_times[-1] / a_times[-1])
    return {
        "ratio": round(statistics.median(ratios), 2),
        "spread": [round(min(ratios), 2), round(max(ratios), 2)],
        "median_ms": ms(statistics.median(s_times)), "anchor_median_ms": ms(statistics.median(a_times)),
        "reps": reps,
    }


def play_session(session, bot, rng, on_action=None):
    """Bots play the session to its end. Each action goes to on_action(session,
    action), which must act it (and may time it); by default it is just acted.
    With several seats to act at once (a sealed choice), rng picks who goes first."""
    while not session.is_over():
        now = session.actors()
        seat = next(iter(now)) if len(now) == 1 else rng.choice(sorted(now, key=str))
        action = bot.choose(session.game, session.state, seat, rng)
        if on_action:
            on_action(session, action)
        else:
            session.act(action)
