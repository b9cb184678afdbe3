"""Issue 12, point 7 (the session's part): any action a screen, a phone page or a
replay file may hand to `Session.act` is either played or refused with a
sentence (IllegalAction / CompanionError), and a refusal changes nothing.

FUZZ_ACTIONS random actions over the three games run in the suite;
`./scripts/soak --fuzz 100000` runs more. Near-legal actions (a legal one with
one field changed) reach deep into each game's apply."""
from __future__ import annotations

import random
import time

import pytest

from companion.bots import RandomBot
from companion.errors import CompanionError, IllegalAction
from companion.rules.engine import CHANCE, TABLE
from companion.store import durable
from companion.store.journal import Journal
from companion.table.session import Session

FUZZ_ACTIONS = 20_000
GAMES = (("maya", ["Ana", "Ben", "Cy"], {}), ("maya-madness", ["Di", "Ed", "Flo"], {"deck": "full"}),
         ("mayan-curse", ["Gus", "Hal", "Ida"], {}))


def _deep(depth: int):
    v: object = 1
    for _ in range(depth):
        v = {"a": v}
    return v


DEEP = {d: _deep(d) for d in (3, 40, 3000, 5000)}  # built once: shared, never modified


def random_value(rng: random.Random):
    """A value of any kind a bad client could send."""
    return rng.choice([
        lambda: rng.randint(-3, 12), lambda: rng.choice([True, False]), lambda: rng.choice([0.0, 1.0, 2.5, -1.0]),
        lambda: rng.choice([float("nan"), float("inf"), -float("inf")]), lambda: 2**53 + rng.randint(1, 10**6),
        lambda: -(10 ** rng.randint(16, 400)), lambda: None, lambda: "",
        lambda: rng.choice(["chance", "table", "play", "x", "+3", "wild", "jaguar"]),
        lambda: "\ud800" + "x", lambda: "e\u0301\U0001F600", lambda: "x" * rng.choice([10, 300, 5000]),
        lambda: [rng.randint(0, 5) for _ in range(rng.randint(0, 4))], lambda: {"a": rng.randint(0, 3)},
        lambda: DEEP[rng.choice([3, 40, 3000])], lambda: [[[[[[[[[[1]]]]]]]]]],
    ])()


def random_action(rng: random.Random, s: Session):
    """A legal action with one thing changed, or something made up."""
    seats = sorted((a for a in s.actors() if a != CHANCE), key=str)
    legal = s.legal_actions(rng.choice(seats)) if seats else []
    r = rng.random()
    if legal and r < 0.7:
        a = dict(rng.choice(legal))
        key = rng.choice(list(a) + ["extra"])
        a[key] = random_value(rng)
        return a
    if r < 0.8:
        return rng.choice([None, 5, "play", [1, 2], DEEP[5000], {"actor": "\ud800"}, {1: 2}])
    return {rng.choice(["actor", "type", "card", "seat", "value", "quarry"]): random_value(rng)
            for _ in range(rng.randint(0, 4))}


def fuzz(n: int, seed: int, tmp_path) -> dict:
    """n random actions through sessions of every game; counts what came back."""
    rng = random.Random(seed)
    out = {"actions": 0, "played": 0, "refused": 0, "raw": [], "changed_on_refusal": 0}
    # durability is tested elsewhere; this is about input
    with Journal.open(tmp_path / f"fuzz-{seed}.sqlite3") as j, durable.unsynced():
        sessions = [Session.create(j, g, p, options=o, seed=seed) for g, p, o in GAMES]
        bot = RandomBot()
        while out["actions"] < n:
            i = out["actions"] % len(sessions)
            s = sessions[i]
            if s.is_over():
                g, p, o = GAMES[i]
                s = sessions[i] = Session.create(j, g, p, options=o, seed=rng.randrange(10**6))
            action = random_action(rng, s)
            before = (s.state, len(s.actions), s._seq)
            out["actions"] += 1
            try:
                s.act(action)
                out["played"] += 1
            except CompanionError:
                out["refused"] += 1
                if s.state is not before[0] or (len(s.actions), s._seq) != before[1:]:
                    out["changed_on_refusal"] += 1
            except Exception as e:
                out["raw"].append((s.game_name, repr(action)[:120], f"{type(e).__name__}: {e}"[:160]))
            if rng.random() < 0.3 and not s.is_over():  # keep games moving
                seats = sorted(a for a in s.actors() if a != CHANCE)
                if seats:
                    s.act(bot.choose(s.game, s.state, rng.choice(seats), rng))
    return out


def test_random_actions_are_played_or_refused_with_a_sentence(tmp_path):
    t0 = time.perf_counter()
    out = fuzz(FUZZ_ACTIONS, 1, tmp_path)
    print(f"{out['actions']} actions: {out['played']} played, {out['refused']} refused, "
          f"{len(out['raw'])} raw, {time.perf_counter() - t0:.1f} s")
    assert out["raw"] == []
    assert out["changed_on_refusal"] == 0
    assert out["refused"] > FUZZ_ACTIONS // 2 and out["played"] > 0


@pytest.fixture
def session(tmp_path):
    with Journal.open(tmp_path / "journal.sqlite3") as j:
        yield Session.create(j, "maya", ["Ana", "Ben", "Cy"], seed=1)


@pytest.mark.parametrize("bad", [
    {"actor": 0, "type": "setup_block", "note": _deep(5000)},     # deep nesting (RecursionError before)
    {"actor": 0, "type": "setup_block", "note": "\ud800"},        # a lone surrogate (UnicodeEncodeError before)
    {"actor": 0, "type": "setup_block", "n": 10**5000},           # a huge integer
    {"actor": 0, "type": "setup_block", "n": 2**53 + 1},
    {"actor": 0, "type": "setup_block", "n": float("nan")},
    {"actor": True, "type": "setup_block"},                       # true where a seat is expected
    {"actor": 0.0, "type": "setup_block"},                        # 0.0 where a seat is expected
])
def test_bad_data_is_refused_with_a_sentence_and_changes_nothing(session, bad):
    legal = session.legal_actions(0)[0]
    bad = {**legal, **{k: v for k, v in bad.items() if k not in ("type",)}}
    before = (session.view(TABLE), len(session.actions), session.journal.entries(session.id))
    with pytest.raises(IllegalAction) as e:
        session.act(bad)
    assert str(e.value) and "Traceback" not in str(e.value)
    assert (session.view(TABLE), len(session.actions), session.journal.entries(session.id)) == before


def test_a_number_field_refuses_true_and_decimals(session):
    """Where the game's own actions carry a whole number, true or 1.0 is refused."""
    legal = session.legal_actions(0)
    numbered = next(a for a in legal if any(isinstance(v, int) and not isinstance(v, bool) and k != "actor"
                                             for k, v in a.items()))
    key = next(k for k, v in numbered.items() if isinstance(v, int) and not isinstance(v, bool) and k != "actor")
    for wrong in (True, float(numbered[key])):
        with pytest.raises(IllegalAction, match="whole number"):
            session.act({**numbered, key: wrong})
    assert session.actions == []


def test_creating_a_game_with_data_that_cannot_be_stored_is_a_sentence(tmp_path):
    with Journal.open(tmp_path / "journal.sqlite3") as j:
        for players, options, meta in ((["Ana", "Ben", "C\ud800"], None, None), (["A", "B", "C"], "deck=full", None),
                                       (["A", "B", "C"], None, {"fobs": [float("nan")]}),
                                       (["A", "B", "C"], None, {"x": _deep(3000)})):
            with pytest.raises(CompanionError):
                Session.create(j, "maya", players, options=options, meta=meta)
        assert j.in_progress() == []
