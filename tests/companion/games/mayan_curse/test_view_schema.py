"""Issue 9: every Mayan Curse view follows companion/rules/viewschema.py, and a TABLE view
never contains a secret (stones in hand, stela values, the purse's make-up), over
random games with every combination of the purse and stelae options."""
import json
import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.mayan_curse import GAME
from companion.games.mayan_curse.state import OVER
from companion.rules.engine import CHANCE, TABLE
from companion.rules.viewschema import problems


def _hide_everything(state, rng):
    """The same public game with every secret changed: hands (not the stones played),
    stela values, the purse's kinds and the values left to draw."""
    box = state.box
    seats = []
    for s in state.seats:
        stones = tuple(rng.choice(box.kinds) for _ in s.stones)
        stelae = tuple((c, p, rng.choice([v for v, _ in box.values[("brown", "gray", "beige").index(c)]]) if v else 0)
                       for c, p, v in s.stelae)
        seats.append(replace(s, stones=stones, stelae=stelae))
    purse = list(state.purse)
    for _ in range(6):
        i, j = rng.randrange(len(purse)), rng.randrange(len(purse))
        if purse[i]:
            purse[i] -= 1
            purse[j] += 1
    supply = tuple(tuple(reversed(t)) for t in state.supply)
    return replace(state, seats=tuple(seats), purse=tuple(purse), supply=supply)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(1, 6), purse=st.sampled_from(["companion", "real"]),
       stelae=st.sampled_from(["digital", "physical"]))
def test_every_view_follows_the_schema_and_the_table_view_holds_no_secret(seed, players, purse, stelae):
    rng = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(players)], {"purse": purse, "stelae": stelae})
    for _ in range(3000):
        for viewer in [TABLE, *range(players)]:
            v = GAME.view(state, viewer)
            assert problems(v, viewer, players) == [], (viewer, v)
            json.dumps(v)  # JSON-safe
        if state.phase != OVER:  # the end reveals escaped players' stelae, as the rulebook says
            table = GAME.view(state, TABLE)
            assert GAME.view(_hide_everything(state, rng), TABLE) == table
        if state.phase == OVER:
            break
        actor = rng.choice(sorted(GAME.actors(state), key=str))
        action = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(GAME.legal_actions(state, actor))
        state = GAME.apply(state, action)
    assert state.phase == OVER
