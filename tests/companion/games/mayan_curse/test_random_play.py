"""Random play over thousands of games, 1 to 6 players: invariants, the end, replay, privacy."""
import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.mayan_curse import GAME
from companion.games.mayan_curse.state import DRAW, OVER
from companion.rules.engine import CHANCE, TABLE

TOTAL_STONES = 20


def _play(seed, players, stelae="digital", check=None):
    """Uniformly random legal play to the end; returns (state, actions)."""
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    state = GAME.setup(names, {"stelae": stelae})
    actions = []
    for _ in range(5000):
        if state.phase == OVER:
            return state, actions
        actor = rng.choice(sorted(GAME.actors(state), key=str))
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            action = rng.choice(GAME.legal_actions(state, actor))
        new = GAME.apply(state, action)
        if check:
            check(state, action, new)
        state = new
        actions.append(action)
    raise AssertionError(f"seed {seed}: no end after 5000 actions")


def _invariants(before, action, after):
    held = sum(len(s.stones) + len(s.played) for s in after.seats)
    assert sum(after.purse) + held == TOTAL_STONES, action
    if after.phase == DRAW and not any(s.stones for s in after.seats):
        assert sum(after.purse) == TOTAL_STONES  # between rounds every stone is back in the purse
    for (t0, p0), (t1, p1) in zip(before.boulders, after.boulders):
        assert t1 <= t0, "trigger tokens only go down"
        assert p1 <= p0, "boulders only tumble towards the entrance"
    assert after.cameras <= before.cameras
    assert all(s1.escaped or not s0.escaped for s0, s1 in zip(before.seats, after.seats))


def test_thousands_of_random_games_keep_the_invariants_and_end():
    """The purse and hands always hold the 20 stones, trigger tokens only go down, every game ends."""
    ends = {"sealed": 0, "escaped": 0}
    for seed in range(2400):
        players = seed % 6 + 1
        state, _ = _play(seed, players, "physical" if seed % 5 == 0 else "digital", _invariants)
        result = GAME.result(state)
        assert result is not None and len(result.scores) == players
        ends["sealed" if state.sealed else "escaped"] += 1
    assert ends["sealed"] and ends["escaped"]  # both endings happen


def test_replay_reproduces_the_state():
    for seed in range(300):
        players = seed % 6 + 1
        state, actions = _play(seed, players, "physical" if seed % 3 == 0 else "digital")
        replayed = GAME.setup([f"P{i}" for i in range(players)], {"stelae": state.opts.stelae})
        for a in json.loads(json.dumps(actions)):  # as the journal stores them
            replayed = GAME.apply(replayed, a)
        assert replayed == state
        assert GAME.result(replayed) == GAME.result(state)


@settings(max_examples=200)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 6), physical=st.booleans())
def test_states_differing_only_in_hidden_information_give_the_same_table_view(seed, players, physical):
    """Two games with the same reported events but different draws (stones, stela values) show
    the table the same thing at every step until the end reveals the escaped players' stelae."""
    stelae = "physical" if physical else "digital"
    names = [f"P{i}" for i in range(players)]
    a = b = GAME.setup(names, {"stelae": stelae})
    moves, chance_a, chance_b = random.Random(seed), random.Random(seed + 1), random.Random(seed + 2)
    for _ in range(5000):
        if a.phase == OVER:
            break
        assert GAME.view(a, TABLE) == GAME.view(b, TABLE)
        assert GAME.actors(a) == GAME.actors(b)
        actor = moves.choice(sorted(GAME.actors(a), key=str))
        if actor == CHANCE:
            a, b = GAME.apply(a, GAME.sample_chance(a, chance_a)), GAME.apply(b, GAME.sample_chance(b, chance_b))
        else:
            # a stone played is shown to the table (Step 1: secret "until you play them"), so the
            # twin games play none; everything else the seat may do is the same in both
            legal = [x for x in GAME.legal_actions(a, actor) if x["type"] != "play_stone"]
            assert legal == [x for x in GAME.legal_actions(b, actor) if x["type"] != "play_stone"]
            action = moves.choice(legal)
            a, b = GAME.apply(a, action), GAME.apply(b, action)
    assert b.phase == OVER


def _scramble_others(state, keep, rng):
    """Change every secret that is not seat `keep`'s: other hands, other stela values, the purse
    and the supply (keeping every count the table can see)."""
    box = state.box
    seats = list(state.seats)
    for i, s in enumerate(seats):
        if i == keep:
            continue
        stones = tuple(rng.choice(box.kinds) for _ in s.stones)
        stelae = tuple((c, p, rng.choice([v for v, _ in box.values[("brown", "gray", "beige").index(c)]]) if v else 0)
                       for c, p, v in s.stelae)
        seats[i] = replace(s, stones=stones, stelae=stelae)
    purse = list(state.purse)
    for _ in range(5):  # move stones between kinds without changing the size
        i, j = rng.randrange(len(purse)), rng.randrange(len(purse))
        if purse[i]:
            purse[i] -= 1
            purse[j] += 1
    supply = tuple(tuple(reversed(t)) for t in state.supply)
    return replace(state, seats=tuple(seats), purse=tuple(purse), supply=supply)


@settings(max_examples=100)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 6))
def test_a_seat_view_never_shows_another_seats_secret(seed, players):
    rng = random.Random(seed)

    def check(before, action, after):
        if after.phase == OVER:
            return
        keep = rng.randrange(players)
        other = _scramble_others(after, keep, rng)
        assert GAME.view(other, keep) == GAME.view(after, keep)
        assert GAME.view(other, TABLE) == GAME.view(after, TABLE)

    _play(seed, players, check=check)


WEIRD = [None, -1, 99, "", "purple", [], {}, True, 2.5, "entrance", "temple", "dog"]


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 6))
def test_garbled_actions_are_refused_with_a_sentence_and_change_nothing(seed, players):
    """Any field of a legal action replaced by nonsense either is still legal or raises
    IllegalAction; the state is never changed by a refused action."""
    from companion.errors import IllegalAction

    rng = random.Random(seed)

    def check(before, action, after):
        garbled = dict(action)
        key = rng.choice(sorted(garbled))
        garbled[key] = rng.choice(WEIRD)
        try:
            GAME.apply(before, garbled)
        except IllegalAction as e:
            assert str(e).endswith((".", "!", "?")), str(e)

    _play(seed, players, check=check)
