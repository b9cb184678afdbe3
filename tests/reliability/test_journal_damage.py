"""Issue 12, journal points 2 and 4: a damaged journal never stops the companion
from starting, and never loses a game silently.

The start-up path is what the app does: `Journal.open()` (its `notice` is shown
on Home), `in_progress()` for Home, `history()` for Past games, and
`Session.resume` of a game in progress. A game whose rows cannot be read is set
aside (kept in the file, left out of the lists, named in `notice`); every other
game loads exactly as before (docs/journal.md, "Damage")."""
from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
import sys

import pytest

from companion.bots import RandomBot
from companion.errors import CompanionError, JournalError
from companion.rules.engine import CHANCE, TABLE
from companion.store.journal import Journal
from companion.table.session import Session

TRIALS = 150
GAMES = (("maya", ["Ana", "Ben", "Cy"], {}), ("maya-madness", ["Di", "Ed"], {"deck": "full"}),
         ("mayan-curse", ["Flo", "Gus", "Hal"], {}))


def _play(s: Session, moves: int, rng: random.Random) -> None:
    bot = RandomBot()
    for _ in range(moves):
        if s.is_over():
            return
        seats = sorted(a for a in s.actors() if a != CHANCE)
        s.act(bot.choose(s.game, s.state, rng.choice(seats), rng))


def _journal_with_games(path) -> dict:
    """Several games, some finished: what each looks like before any damage."""
    rng = random.Random(5)
    with Journal.open(path) as j:
        for i in range(6):  # three games in progress (one of each), then three played to their end
            game, players, options = GAMES[i % len(GAMES)]
            s = Session.create(j, game, players, options=options, seed=i)
            if i >= 3:
                _play(s, 1000, rng)
                continue
            for _ in range(25):
                seats = sorted(a for a in s.actors() if a != CHANCE)
                move = RandomBot().choose(s.game, s.state, rng.choice(seats), rng)
                if s.game.result(s.game.apply(s.state, move)) is not None:
                    break  # stay in progress
                s.act(move)
        expected = {
            "in_progress": {g["id"]: g for g in j.in_progress()},
            "history": {g["id"]: g for g in j.history()},
            "views": {g["id"]: Session.resume(j, g["id"], deal=False).view(TABLE) for g in j.in_progress()},
        }
    assert len(expected["history"]) >= 1 and len(expected["in_progress"]) >= 3
    return expected


def _start_up(path) -> tuple[Journal, dict]:
    """The app's start-up path; returns the journal and what each game became.
    Any exception other than a JournalError sentence from resume fails the test."""
    j = Journal.open(path)
    in_progress = {g["id"]: g for g in j.in_progress()}
    history = {g["id"]: g for g in j.history(50)}
    views = {}
    for sid in in_progress:
        try:
            views[sid] = Session.resume(j, sid, deal=False).view(TABLE)
        except JournalError as e:
            assert str(e) and "Traceback" not in str(e)
    return j, {"in_progress": in_progress, "history": history, "views": views}


def _reported(j: Journal, sid: int) -> bool:
    notice = j.notice or ""
    return f"Game {sid} " in notice or "moved to" in notice or sid in {d["id"] for d in j.damaged_games()}


def test_flipped_bytes_never_stop_start_up_and_every_game_loads_or_is_reported(tmp_path):
    clean = tmp_path / "clean.sqlite3"
    expected = _journal_with_games(clean)
    assert not os.path.exists(str(clean) + "-wal") or os.path.getsize(str(clean) + "-wal") == 0
    size = clean.stat().st_size
    rng = random.Random(12)
    silent, reported, identical = [], 0, 0
    for trial in range(TRIALS):
        folder = tmp_path / f"t{trial}"
        folder.mkdir()
        path = folder / "journal.sqlite3"
        shutil.copy(clean, path)
        data = bytearray(path.read_bytes())
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(size)] ^= 1 << rng.randrange(8)
        path.write_bytes(bytes(data))
        j, got = _start_up(path)  # must not raise
        with j:
            for sid, before in expected["in_progress"].items():
                same = got["in_progress"].get(sid) == before and got["views"].get(sid) == expected["views"][sid]
                if same:
                    identical += 1
                elif _reported(j, sid):
                    reported += 1
                else:
                    silent.append((trial, sid, "in progress"))
            for sid, before in expected["history"].items():
                if got["history"].get(sid) == before:
                    identical += 1
                elif _reported(j, sid):
                    reported += 1
                else:
                    silent.append((trial, sid, "finished"))
            # A set-aside game is kept, never deleted.
            for d in j.damaged_games():
                assert j.conn.execute("SELECT count(*) FROM sessions WHERE id = ?", (d["id"],)).fetchone()[0] == 1
    print(f"{TRIALS} trials: {identical} games identical, {reported} reported, {len(silent)} silently changed")
    assert silent == []
    assert reported > 0  # the damage did reach the games


def _damage_players(path, sid: int, text: bytes) -> None:
    conn = sqlite3.connect(path)
    conn.execute("UPDATE sessions SET players = CAST(? AS TEXT) WHERE id = ?", (text, sid))
    conn.commit()
    conn.close()


@pytest.mark.parametrize("damage", [b'["Ana","Ben",', b'["Ana","B\xffn","Cy"]', b"[" * 5000])
def test_a_game_with_a_damaged_row_is_set_aside_by_name_and_the_others_load(tmp_path, damage):
    """The issue's example: one bad byte in the players JSON passes integrity_check,
    then crashed in_progress(), history() and resume at every start."""
    path = tmp_path / "journal.sqlite3"
    rng = random.Random(1)
    with Journal.open(path) as j:
        good = Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=1)
        _play(good, 10, rng)
        bad = Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=2)
        _play(bad, 10, rng)
        view = good.view(TABLE)
    _damage_players(path, bad.id, damage)
    with Journal.open(path) as j:
        assert f"Game {bad.id} (maya)" in (j.notice or "") and "set aside" in j.notice
        assert [g["id"] for g in j.in_progress()] == [good.id]
        assert j.history() == []
        assert Session.resume(j, good.id).view(TABLE) == view
        with pytest.raises(JournalError, match=f"Game {bad.id} "):
            Session.resume(j, bad.id)
        assert [d["id"] for d in j.damaged_games()] == [bad.id]
    with Journal.open(path) as j:  # still kept, still set aside, still said
        assert j.conn.execute("SELECT count(*) FROM entries WHERE session = ?", (bad.id,)).fetchone()[0] > 0
        assert [g["id"] for g in j.in_progress()] == [good.id]
        assert f"Game {bad.id} " in (j.notice or "")


def test_a_damaged_move_sets_the_game_aside_instead_of_a_raw_error(tmp_path):
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as j:
        s = Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=3)
        _play(s, 10, random.Random(2))
    conn = sqlite3.connect(path)
    conn.execute("UPDATE entries SET payload = substr(payload, 2) WHERE session = ? AND seq = 3", (s.id,))
    conn.commit()
    conn.close()
    with Journal.open(path) as j:
        with pytest.raises(JournalError, match=f"Game {s.id} .*set aside"):
            Session.resume(j, s.id)
        assert j.in_progress() == [] and f"Game {s.id} " in (j.notice or "")


def test_a_changed_digit_in_a_move_is_caught_not_replayed(tmp_path):
    """Valid JSON, a legal move, but not the move that was made: the checksum tells."""
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as j:
        s = Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=3)
        _play(s, 10, random.Random(2))
    conn = sqlite3.connect(path)
    conn.execute("UPDATE entries SET payload = replace(payload, '\"actor\":0', '\"actor\":1') WHERE session = ?",
                 (s.id,))
    conn.commit()
    conn.close()
    with Journal.open(path) as j, pytest.raises(JournalError, match="set aside"):
        Session.resume(j, s.id)


def test_an_empty_main_file_beside_a_wal_is_moved_aside_with_it(tmp_path):
    """SQLite deletes the -wal beside an empty main file, and every game in it;
    the journal moves both aside (byte for byte) before SQLite sees them."""
    path = tmp_path / "journal.sqlite3"
    child = (f"import os, random\nfrom companion.store.journal import Journal\n"
             f"from companion.table.session import Session\n"
             f"j = Journal.open({str(path)!r}); s = Session.create(j, 'maya', ['Ana', 'Ben', 'Cy'], seed=1)\n"
             f"rng = random.Random(1)\n"
             f"for _ in range(30):\n    a = next(iter(s.actors())); s.act(rng.choice(s.legal_actions(a)))\n"
             f"os._exit(0)\n")
    subprocess.run([sys.executable, "-c", child], check=True, env=dict(os.environ, PYTHONPATH=os.getcwd()))
    wal = (tmp_path / "journal.sqlite3-wal").read_bytes()
    assert len(wal) > 0
    os.truncate(path, 0)
    with Journal.open(path) as j:
        assert j.notice and "damaged" in j.notice and "moved" in j.notice
        assert j.in_progress() == []
    aside = sorted(p.name for p in tmp_path.iterdir() if ".damaged-" in p.name)
    assert len(aside) >= 2 and any(n.endswith("-wal") for n in aside)
    assert (tmp_path / next(n for n in aside if n.endswith("-wal"))).read_bytes() == wal


def test_the_start_up_path_raises_nothing_but_sentences_on_a_garbled_table(tmp_path):
    """Whole pages of the sessions table garbled: the file is kept aside and a
    fresh journal starts, with a sentence; nothing raises."""
    path = tmp_path / "journal.sqlite3"
    with Journal.open(path) as j:
        for i in range(30):
            Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=i)
    data = bytearray(path.read_bytes())
    page = 4096
    for off in range(page, len(data), page):  # every page's header after the first
        data[off:off + 8] = b"\xff" * 8
    path.write_bytes(bytes(data))
    try:
        j, _ = _start_up(path)
    except CompanionError as e:  # a sentence is acceptable, a raw error is not
        assert str(e)
        return
    with j:
        assert j.notice
