"""The soak run (issue 12): bots play many games through real journals in child
processes that are SIGKILLed at random instants; between kills a copy of the
journal gets random damage and goes through the app's start-up path; and a fuzz
of random actions runs through sessions of every game.

    ./scripts/soak                      # 1,000 games, ~100,000 fuzzed actions
    ./scripts/soak --games 50 --fuzz 5000
    ./scripts/soak --quick              # the size the test suite runs

Prints JSON lines: one per kill round (`"soak": "kill"`), one per damage trial
summary, the fuzz summary, and a final `"soak": "summary"` line with
`lost_moves` and `raw_exceptions` (both must be 0; the exit status is 1 if not).

A lost move is an entry the child printed after its commit returned that the
journal does not hold after the kill, or a resumed game that differs from a
replay of its entries through the rules alone. A raw exception is anything but
a CompanionError sentence, in the child, the start-up path or the fuzz.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.errors import CompanionError, JournalError  # noqa: E402
from companion.rules.engine import CHANCE, TABLE  # noqa: E402
from companion.store import durable  # noqa: E402
from companion.store.journal import Journal  # noqa: E402
from companion.table.session import Session, replay  # noqa: E402

GAMES = (("maya", ["Ana", "Ben", "Cy"], {}), ("maya-madness", ["Di", "Ed", "Flo"], {"deck": "full"}),
         ("mayan-curse", ["Gus", "Hal", "Ida"], {}))

CHILD = r"""
import json, random, sys
from companion.bots import RandomBot
from companion.rules.engine import CHANCE
from companion.errors import CompanionError
from companion.store.journal import Journal
from companion.table.session import Session
path, seed = sys.argv[1], int(sys.argv[2])
games = json.loads(sys.argv[3])
out = sys.stdout
def say(*line):
    out.write(json.dumps(line) + "\n"); out.flush()
j = Journal.open(path)
real = j.commit
def commit(sid, seq, entries, *a, **k):
    real(sid, seq, entries, *a, **k)
    for i, (kind, payload) in enumerate(entries):
        say("e", sid, seq + i, kind, payload)
j.commit = commit
rng, bot = random.Random(seed), RandomBot()
def new():
    g, p, o = games[rng.randrange(len(games))]
    return Session.create(j, g, p, options=o, seed=rng.randrange(10**9))
ip = j.in_progress(1)
s = Session.resume(j, ip[0]["id"]) if ip else new()
say("ready")
while True:
    try:
        if s.is_over():
            say("finished", s.id)
            s = new()
        r = rng.random()
        if r < 0.05 and s.can_undo()[0]:
            s.undo()
        elif r < 0.07 and s.can_redo()[0]:
            s.redo()
        elif r < 0.10:
            s.mark_seen(rng.randrange(len(s.players)))
        else:
            seats = sorted(a for a in s.actors() if a != CHANCE)
            s.act(bot.choose(s.game, s.state, rng.choice(seats), rng))
    except CompanionError as e:
        say("sentence", str(e))
        s = new()
    except Exception as e:
        say("raw", type(e).__name__ + ": " + str(e)[:200])
        s = new()
"""


def effective_actions(entries) -> list:
    """The actions in effect, read from the entries by docs/journal.md alone."""
    acts: list = []
    redo: list = []
    for _seq, kind, payload in entries:
        data = json.loads(payload)
        if kind == "action":
            acts.append(data)
            if data.get("actor") != CHANCE:
                redo.clear()
        elif kind == "undo":
            redo.append(acts[-data["actions"]:])
            del acts[-data["actions"]:]
        elif kind == "redo":
            acts.extend(redo.pop())
    return acts


def kill_rounds(work: pathlib.Path, games_wanted: int, rng: random.Random, damage_every: int,
                emit) -> dict:
    """Children play until games_wanted games have finished, each killed at a random instant."""
    path = work / "journal.sqlite3"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    known: dict[int, list] = {}
    totals = {"games_finished": 0, "kills": 0, "entries": 0, "lost_moves": 0, "raw_exceptions": 0,
              "sentences": 0, "damage_trials": 0, "damage_reported": 0, "damage_identical": 0}
    finished: set[int] = set()
    while len(finished) < games_wanted:
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(path), str(rng.randrange(10**9)),
                                  json.dumps(GAMES)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                                 cwd=ROOT)
        time.sleep(rng.uniform(0.05, 6.0))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate()
        totals["kills"] += 1
        printed: dict[int, list] = {}
        for line in out.decode(errors="replace").split("\n")[:-1]:  # a torn last line was never acknowledged
            try:
                item = json.loads(line)
            except ValueError:
                continue
            if item[0] == "e":
                printed.setdefault(item[1], []).append(tuple(item[2:]))
            elif item[0] == "finished":
                finished.add(item[1])
            elif item[0] == "raw":
                totals["raw_exceptions"] += 1
                emit({"soak": "raw", "where": "child", "error": item[1]})
            elif item[0] == "sentence":
                totals["sentences"] += 1
        if err.strip() and b"Traceback" in err:
            totals["raw_exceptions"] += 1
            emit({"soak": "raw", "where": "child stderr", "error": err.decode(errors="replace")[-300:]})
        lost = 0
        with Journal.open(path) as j:
            for sid in printed:  # only games written to in this round can have lost anything
                entries = [tuple(e) for e in j.entries(sid)]
                # Every entry the child acknowledged (printed after its commit returned) is in the
                # journal at its number, and so is everything known from earlier rounds.
                missing = [e for e in printed[sid] if e[0] >= len(entries) or entries[e[0]] != e]
                old = known.get(sid, [])
                if missing or entries[:len(old)] != old:
                    lost += 1
                    emit({"soak": "lost", "game": sid, "why": "an acknowledged entry is missing",
                          "missing": missing[:2], "journal_entries": len(entries)})
                known[sid] = entries
                row = j.session(sid)
                try:
                    resumed = Session.resume(j, sid, deal=False)
                except JournalError as e:
                    if "abandoned" not in str(e):
                        lost += 1
                        emit({"soak": "lost", "game": sid, "why": str(e)})
                    continue
                actions = effective_actions(entries)
                if resumed.actions != actions or resumed.state != replay(row["game"], row["players"],
                                                                         row["options"], actions):
                    lost += 1
                    emit({"soak": "lost", "game": sid, "why": "resumed game differs from a replay",
                          "actions": [len(resumed.actions), len(actions)]})
        totals["lost_moves"] += lost
        totals["entries"] = sum(len(v) for v in known.values())
        totals["games_finished"] = len(finished)
        emit({"soak": "kill", "round": totals["kills"], "games_finished": len(finished),
              "entries": totals["entries"], "lost_moves": lost})
        if damage_every and totals["kills"] % damage_every == 0:
            trial = damage_trial(work, path, rng)
            totals["damage_trials"] += 1
            totals["raw_exceptions"] += trial["raw"]
            totals["damage_reported"] += trial["reported"]
            totals["damage_identical"] += trial["identical"]
    return totals


def damage_trial(work: pathlib.Path, path: pathlib.Path, rng: random.Random) -> dict:
    """Flip 1-8 bytes in a copy of the journal; the start-up path must not raise,
    and each unfinished game must load as before or be reported."""
    copy = work / "damaged"
    shutil.rmtree(copy, ignore_errors=True)
    copy.mkdir()
    with Journal.open(path) as j:
        j.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        before = {g["id"]: Session.resume(j, g["id"], deal=False).view(TABLE) for g in j.in_progress()}
    target = copy / "journal.sqlite3"
    shutil.copy(path, target)
    data = bytearray(target.read_bytes())
    for _ in range(rng.randint(1, 8)):
        data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    target.write_bytes(bytes(data))
    out = {"raw": 0, "reported": 0, "identical": 0}
    try:
        with Journal.open(target) as j:
            listed = {g["id"] for g in j.in_progress()}
            j.history(50)
            for sid, view in before.items():
                try:
                    same = sid in listed and Session.resume(j, sid, deal=False).view(TABLE) == view
                except CompanionError:
                    same = False
                said = j.notice or ""
                if same:
                    out["identical"] += 1
                elif f"Game {sid} " in said or "moved to" in said:
                    out["reported"] += 1
                else:
                    out["raw"] += 1  # silently changed: counted with what must be 0
    except CompanionError:
        out["reported"] += len(before)
    except Exception:
        out["raw"] += 1
    return out


def fuzz_run(work: pathlib.Path, n: int, seed: int) -> dict:
    """n random actions through sessions (tests/reliability/test_fuzz_actions.py),
    and the same actions straight into each game's apply: a game whose own code
    raises a raw exception is named (the session turns those into sentences)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("fuzz_actions", pathlib.Path(__file__).with_name(
        "test_fuzz_actions.py"))
    fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fuzz)
    through_session = fuzz.fuzz(n, seed, work)
    rng = random.Random(seed)
    game_raw: dict[str, dict] = {}
    with Journal.open(work / "fuzz-games.sqlite3") as j, durable.unsynced():
        for g, p, o in GAMES:
            s = Session.create(j, g, p, options=o, seed=seed)
            for _ in range(n // (3 * len(GAMES))):
                action = fuzz.random_action(rng, s)
                try:
                    s.game.apply(s.state, action)
                except CompanionError:
                    pass
                except Exception as e:  # what the fuzz reports, per game
                    kind = action.get("type") if isinstance(action, dict) else None
                    key = f"{type(e).__name__} on type {_short(kind)}" if isinstance(kind, str) \
                        else f"{type(e).__name__} on {type(action).__name__} {_short(kind)}"
                    entry = game_raw.setdefault(g, {}).setdefault(key, {"count": 0, "example": _short(action)})
                    entry["count"] += 1
                if rng.random() < 0.3 and not s.is_over():
                    seats = sorted(a for a in s.actors() if a != CHANCE)
                    if seats:
                        s.act(rng.choice(s.legal_actions(rng.choice(seats))))
    return {"soak": "fuzz", "actions": through_session["actions"], "played": through_session["played"],
            "refused": through_session["refused"], "raw_exceptions": len(through_session["raw"]),
            "raw_examples": [_short(r) for r in through_session["raw"][:5]],
            "changed_on_refusal": through_session["changed_on_refusal"],
            "game_apply_raw": game_raw}


def _short(value: object) -> str:
    """repr, bounded, and safe on values nested too deeply for repr itself."""
    try:
        return repr(value)[:160]
    except RecursionError:
        return "<nested too deeply to print>"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="finished games to reach (default 1000)")
    parser.add_argument("--fuzz", type=int, default=100_000, help="random actions to fuzz (default 100000)")
    parser.add_argument("--damage-every", type=int, default=3, help="a damage trial every N kills (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="the suite's size: 8 games, 3,000 actions")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.fuzz = 8, 3000
    rng = random.Random(args.seed)
    work = pathlib.Path(tempfile.mkdtemp(prefix="soak-"))

    def emit(line: dict) -> None:
        print(json.dumps(line), flush=True)

    t0 = time.monotonic()
    try:
        totals = kill_rounds(work, args.games, rng, args.damage_every, emit)
        fz = fuzz_run(work, args.fuzz, args.seed) if args.fuzz else {"raw_exceptions": 0}
        if args.fuzz:
            emit(fz)
        summary = {"soak": "summary", **totals, "fuzz_actions": args.fuzz,
                   "raw_exceptions": totals["raw_exceptions"] + fz["raw_exceptions"],
                   "seconds": round(time.monotonic() - t0, 1)}
        emit(summary)
        return 0 if summary["lost_moves"] == 0 and summary["raw_exceptions"] == 0 else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_a_quick_soak_loses_no_move_and_raises_nothing_raw(capsys):
    assert main(["--games", "3", "--fuzz", "0", "--damage-every", "2", "--seed", "5"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    summary = lines[-1]
    assert summary["soak"] == "summary" and summary["kills"] >= 1 and summary["games_finished"] >= 3
    assert summary["lost_moves"] == 0 and summary["raw_exceptions"] == 0


if __name__ == "__main__":
    raise SystemExit(main())
