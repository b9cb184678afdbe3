"""Issue 12, journal point 1: two processes starting the companion at once on a
journal that does not exist yet. Creating the tables is one exclusive
transaction, and a journal locked by the other process is waited for, never
taken for damage: nothing is moved aside and every acknowledged move is in
the journal afterwards (docs/journal.md, "The file")."""
from __future__ import annotations

import multiprocessing
import pathlib
import random

import pytest

from companion.bots import RandomBot
from companion.rules.engine import CHANCE
from companion.store.journal import Journal
from companion.table.session import Session

ROUNDS = 40
MOVES = 6


def _first_start(path: str, barrier, out, who: int) -> None:
    """One companion starting: open the journal, start a game, play MOVES moves;
    report (session id, entries acknowledged) or the error it met."""
    try:
        barrier.wait(5)
        with Journal.open(path) as j:
            s = Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=who)
            bot, rng = RandomBot(), random.Random(who)
            for _ in range(MOVES):
                seat = sorted(a for a in s.actors() if a != CHANCE)[0]
                s.act(bot.choose(s.game, s.state, seat, rng))
            out.put((who, s.id, [(seq, kind, payload) for seq, kind, payload in j.entries(s.id)], j.notice))
    except BaseException as e:  # reported to the test, which fails on it
        out.put((who, None, f"{type(e).__name__}: {e}", None))


def test_two_first_starts_at_once_move_nothing_aside_and_lose_no_move(tmp_path):
    ctx = multiprocessing.get_context("fork")
    moved, lost, problems = 0, 0, []
    for r in range(ROUNDS):
        folder = tmp_path / f"round{r}"
        path = folder / "journal.sqlite3"  # neither the folder nor the file exists yet
        barrier, out = ctx.Barrier(2), ctx.Queue()
        procs = [ctx.Process(target=_first_start, args=(str(path), barrier, out, who)) for who in (1, 2)]
        for p in procs:
            p.start()
        reports = [out.get(timeout=60) for _ in procs]
        for p in procs:
            p.join(30)
        for who, sid, entries, notice in reports:
            if sid is None or notice:
                problems.append((r, who, entries, notice))
        moved += sum(1 for f in folder.iterdir() if ".damaged-" in f.name or ".newer-" in f.name)
        with Journal.open(path) as j:
            assert j.notice is None
            for _who, sid, entries, _notice in reports:
                if sid is not None and [tuple(e) for e in j.entries(sid)][: len(entries)] != entries:
                    lost += 1
    assert (moved, lost, problems) == (0, 0, [])


def _version_2_file(path: pathlib.Path) -> None:
    """A journal as version 2 of the companion left it, holding one game."""
    import sqlite3

    from companion.store.journal import MIGRATIONS

    old = sqlite3.connect(path, isolation_level=None)
    for script in MIGRATIONS[:2]:
        old.executescript(script)
    old.execute("PRAGMA user_version = 2")
    old.execute("PRAGMA journal_mode = WAL")
    old.execute("INSERT INTO sessions (game, players, options, meta, seed, randomness, started)"
                " VALUES ('maya', '[\"Ana\",\"Ben\",\"Cy\"]', '{}', '{}', '1', 'digital', 1.0)")
    old.close()


def test_a_locked_journal_is_waited_for_not_moved_aside(tmp_path):
    """Another process holds the journal in an exclusive transaction while we
    start and must upgrade it: the start waits for it, then upgrades the same
    file in place, moving nothing."""
    import sqlite3
    import threading

    path = tmp_path / "journal.sqlite3"
    _version_2_file(path)
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("INSERT INTO sessions (game, players, options, meta, seed, randomness, started)"
                   " VALUES ('maya', '[\"Di\",\"Ed\",\"Flo\"]', '{}', '{}', '2', 'digital', 2.0)")
    timer = threading.Timer(0.5, lambda: holder.execute("COMMIT"))
    timer.start()
    with Journal.open(path) as j:
        assert j.notice is None and [g["players"][0] for g in j.in_progress()] == ["Di", "Ana"]
    timer.join()
    holder.close()
    assert sorted(f.name for f in tmp_path.iterdir() if ".damaged-" in f.name) == []


@pytest.mark.parametrize("seed", range(3))
def test_an_upgrade_by_two_processes_at_once_keeps_every_game(tmp_path, seed):
    """A version-2 file opened by two new companions at once is upgraded once,
    in place; neither moves it aside and both see the game."""
    path = tmp_path / "journal.sqlite3"
    _version_2_file(path)
    ctx = multiprocessing.get_context("fork")
    barrier, out = ctx.Barrier(2), ctx.Queue()

    def opener(who):
        barrier.wait(5)
        try:
            with Journal.open(path) as j:
                out.put((who, j.notice, [g["id"] for g in j.in_progress()]))
        except BaseException as e:
            out.put((who, f"{type(e).__name__}: {e}", []))

    procs = [ctx.Process(target=opener, args=(w,)) for w in (1, 2)]
    for p in procs:
        p.start()
    reports = sorted(out.get(timeout=60) for _ in procs)
    for p in procs:
        p.join(30)
    assert reports == [(1, None, [1]), (2, None, [1])]
    assert [f.name for f in pathlib.Path(tmp_path).iterdir() if ".damaged-" in f.name] == []
