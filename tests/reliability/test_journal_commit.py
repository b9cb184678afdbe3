"""Issue 12, journal point 3: one transaction per tap. A player's move and the
draws the dealer makes after it are committed together (one fsync); when that
commit fails nothing changes, on disk or in memory, the sentence says so, and
the game is not left waiting for a draw nobody makes (docs/journal.md)."""
from __future__ import annotations

import os
import random
import shutil

from companion.bots import RandomBot
from companion.errors import CompanionError, JournalError
from companion.rules.engine import CHANCE, TABLE
from companion.store.journal import Journal
from companion.table.session import Session

TRIALS = 40
GAMES = (("maya", ["Ana", "Ben", "Cy"], {}), ("maya-madness", ["Di", "Ed"], {"deck": "full"}),
         ("mayan-curse", ["Flo", "Gus", "Hal"], {}))


def _move(s: Session, rng: random.Random) -> dict:
    seats = sorted(a for a in s.actors() if a != CHANCE)
    return RandomBot().choose(s.game, s.state, rng.choice(seats), rng)


def _snapshot(j: Journal, s: Session) -> tuple:
    return (s.view(TABLE), len(s.actions), s.can_undo(), s.can_redo(), s.is_over(), j.entries(s.id),
            [g["actions"] for g in j.in_progress() if g["id"] == s.id])


def _not_stuck(s: Session) -> bool:
    """Somebody can act (digital draws are never left pending), or the game is over."""
    return s.is_over() or (bool(s.actors()) and CHANCE not in s.actors())


def _fail_on(j: Journal, seq: int) -> None:
    """The disk refuses the entry numbered seq, mid-commit (an SQLite error)."""
    j._conn.execute("DROP TRIGGER IF EXISTS temp.full")
    j._conn.execute(f"CREATE TEMP TRIGGER full BEFORE INSERT ON main.entries WHEN NEW.seq = {int(seq)} "
                   f"BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END")


def _cap_file(j: Journal) -> None:
    """The file may not grow any more: SQLite's own "database or disk is full"
    as soon as a commit needs a new page."""
    pages = j._conn.execute("PRAGMA page_count").fetchone()[0]
    j._conn.execute(f"PRAGMA max_page_count = {pages}")


def test_a_move_and_its_draws_are_one_commit(tmp_path):
    """Every tap is one transaction: the statements SQLite runs for one act() are
    traced; a write outside BEGIN ... COMMIT is a transaction of its own."""
    with Journal.open(tmp_path / "journal.sqlite3") as j:
        transactions = [0]
        inside = [False]

        def trace(sql: str) -> None:
            word = sql.lstrip().split(None, 1)[0].upper()
            if word == "BEGIN":
                inside[0] = True
            elif word in ("COMMIT", "END"):
                inside[0] = False
                transactions[0] += 1
            elif word in ("INSERT", "UPDATE") and not inside[0]:
                transactions[0] += 1

        rng = random.Random(3)
        s = Session.create(j, "maya-madness", ["Di", "Ed", "Flo"], options={"deck": "full"}, seed=3)
        j._conn.set_trace_callback(trace)
        taps_with_draws = 0
        while not s.is_over():
            before, transactions[0] = len(j.entries(s.id)), 0
            s.act(_move(s, rng))
            assert transactions[0] == 1, "one tap, one transaction"
            taps_with_draws += len(j.entries(s.id)) - before > 1
        assert taps_with_draws > 0  # the game did make draws after moves


def test_a_failed_commit_changes_nothing_and_says_so_and_never_leaves_a_game_stuck(tmp_path):
    rng = random.Random(40)
    wrong, stuck, failures = [], [], 0
    for trial in range(TRIALS):
        game, players, options = GAMES[trial % len(GAMES)]
        with Journal.open(tmp_path / f"j{trial}.sqlite3") as j:
            s = Session.create(j, game, players, options=options, seed=trial)
            for _ in range(rng.randrange(60)):
                if s.is_over():
                    break
                s.act(_move(s, rng))
            if s.is_over():
                continue
            full = trial % 2 == 0
            if full:
                _cap_file(j)
            for _ in range(400):  # until the disk refuses a tap
                if s.is_over():
                    break
                action = _move(s, rng)
                if not full:
                    _fail_on(j, s._seq + rng.randrange(3))  # the move itself, or a draw after it
                before = _snapshot(j, s)
                try:
                    s.act(action)
                except JournalError as e:
                    failures += 1
                    if "Nothing was changed" not in str(e) or ("full" if full else "error") not in str(e):
                        wrong.append(str(e))
                    if _snapshot(j, s) != before:
                        wrong.append(f"trial {trial}: the failed move changed the game")
                    break
            j._conn.execute("DROP TRIGGER IF EXISTS temp.full")
            j._conn.execute("PRAGMA max_page_count = 1073741823")
            if not _not_stuck(s):
                stuck.append(trial)
            if s.view(TABLE) == before[0]:
                s.act(action)  # the same tap again, now the disk takes it
            resumed = Session.resume(j, s.id, deal=False)
            if resumed.view(TABLE) != s.view(TABLE) or resumed.actions != s.actions:
                wrong.append(f"trial {trial}: memory and journal differ")
            if not _not_stuck(resumed):
                stuck.append(trial)
    assert (wrong, stuck) == ([], [])
    assert failures >= TRIALS // 3


def _fill(folder, leave: int) -> None:
    st = os.statvfs(folder)
    free = st.f_bavail * st.f_frsize
    with open(folder / "filler", "wb") as f:
        try:
            f.write(b"\0" * max(0, free - leave))
        except OSError:
            pass


def test_on_a_really_full_disk_every_refusal_is_true_and_no_game_is_stuck(small_disk):
    rng = random.Random(7)
    wrong, stuck, refusals, trials = [], [], 0, 0
    for trial in range(12):
        folder = small_disk / f"t{trial}"
        folder.mkdir()
        game, players, options = GAMES[trial % len(GAMES)]
        try:
            j = Journal.open(folder / "journal.sqlite3")
            s = Session.create(j, game, players, options=options, seed=trial)
        except CompanionError:
            continue
        trials += 1
        _fill(small_disk, rng.randrange(0, 64 * 1024))
        for _ in range(300):
            if s.is_over():
                break
            before = _snapshot(j, s)
            try:
                s.act(_move(s, rng))
            except JournalError as e:
                refusals += 1
                if "Nothing was changed" not in str(e) or _snapshot(j, s) != before:
                    wrong.append((trial, str(e)))
                break
        if not _not_stuck(s):
            stuck.append(trial)
        os.unlink(small_disk / "filler")
        resumed = Session.resume(j, s.id, deal=False)
        if resumed.view(TABLE) != s.view(TABLE):
            wrong.append((trial, "memory and journal differ"))
        j.close()
        shutil.rmtree(folder)
    assert (wrong, stuck) == ([], [])
    assert trials >= 6 and refusals >= 1
