"""Random play over many games, every player count, basic and advanced, both
quarry modes: every game ends after three rounds; every block of a colour is
in its pool, a hand or a pyramid; gold moves only as the rules say; legal
actions are exactly the actions apply accepts; replay reproduces the state.

MAYA_RANDOM_GAMES=5000 plays more games than the default."""
import json
import os
import random

import pytest

from companion.errors import IllegalAction
from companion.games.maya import GAME, building, rounds
from companion.rules.engine import CHANCE

GAMES = int(os.environ.get("MAYA_RANDOM_GAMES", "240"))
CONFIGS = [(n, adv, mode) for n in (3, 4, 5) for adv in (False, True) for mode in ("companion", "scoring-only")]
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]


def paid(counts, most, second):
    """The rulebook's payment, written out again independently of the engine."""
    top = max(counts)
    if top == 0:
        return [0] * len(counts)
    lower = [c for c in counts if 0 < c < top]
    runner = max(lower) if lower else None
    return [most if c == top else second if c == runner else 0 for c in counts]


def scoring_gold(state):
    gold = [0] * state.n
    for pyr, spec in zip(state.pyramids, state.box.pyramids):
        for counts, ls in zip(pyr, spec.levels):
            for s, g in enumerate(paid(counts, ls.most, ls.second)):
                gold[s] += g
    return gold


def check_gold(before, action, after, scored):
    """Gold moves only: winners paying their bids, an involuntary pass (+1),
    the scoring of a round (`scored`: the states the engine scored, as it
    handed them to scoring)."""
    delta = [a - b for a, b in zip(after.gold, before.gold)]
    if before.phase == "bidding" and after.phase != "bidding":
        bids = list(before.bids)
        bids[action["actor"]] = action["gold"]
        for s in range(before.n):
            assert delta[s] in (0, -bids[s])
        assert sum(-d for d in delta) == sum(bids[s] for s in after.last["order"])
        return
    expected = [0] * before.n
    if (action["type"] == "pass" and before.phase == "building" and not action["free"]
            and not building.placements(before, action["actor"])):  # involuntary
        expected[action["actor"]] += 1
    assert len(scored) == (after.round != before.round or after.phase == "over")
    for state in scored:
        expected = [e + g for e, g in zip(expected, scoring_gold(state))]
    assert delta == expected, (action, delta, expected)


def canon(action):
    """Actions compared as JSON, so True is not taken for 1."""
    return json.dumps(action, sort_keys=True)


def near_misses(state, actor, legal, rng):
    """Actions shaped like legal ones with one value changed."""
    out = []
    for a in rng.sample(legal, min(3, len(legal))):
        for key in ("pyramid", "quarry", "card", "seat", "target", "gold", "level", "to", "marker", "free"):
            if key in a:
                b = dict(a)
                b[key] = rng.choice([-3, -1, 0, 1, 2, 3, 4, 5, 8, 11, True, "joker"])
                out.append(b)
    if actor != CHANCE:
        other = (actor + 1) % state.n
        out.append({**legal[0], "actor": other})
    return out


def play(seed, n, advanced, mode, scored, check=True):
    rng = random.Random(seed)
    state = GAME.setup(NAMES[:n], {"advanced": advanced, "quarries": mode})
    start = state
    actions = []
    while GAME.result(state) is None:
        actor = rng.choice(sorted(GAME.actors(state), key=str))
        legal = GAME.legal_actions(state, actor)
        assert legal, (state.phase, actor)
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            action = rng.choice(legal)
        if check and rng.random() < 0.2:
            for miss in near_misses(state, actor, legal, rng):
                ok = canon(miss) in {canon(a) for a in GAME.legal_actions(state, miss["actor"])}
                try:
                    GAME.apply(state, miss)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == ok, miss
        scored.clear()
        after = GAME.apply(state, action)
        if check:
            for seat in range(n):
                assert after.pool[seat] + after.hand[seat] + sum(lv[seat] for p in after.pyramids for lv in p) == 28
                assert after.pool[seat] >= 0 and after.hand[seat] >= 0
            check_gold(state, action, after, list(scored))
        actions.append(action)
        state = after
        assert len(actions) < 2000
    return start, state, actions


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"{c[0]}p-{'adv' if c[1] else 'basic'}-{c[2]}")
def test_random_games_end_after_three_rounds_conserving_blocks_and_gold(config, monkeypatch):
    n, advanced, mode = config
    scored = []
    score = rounds.scoring.score

    def spy(state, last_round):
        scored.append(state)
        return score(state, last_round)

    monkeypatch.setattr(rounds.scoring, "score", spy)
    for g in range(max(1, GAMES // len(CONFIGS))):
        start, final, actions = play(f"{config}:{g}", n, advanced, mode, scored)
        assert final.round == 3 and final.phase == "over"
        assert [h["round"] for h in final.history] == [1, 2, 3]
        res = GAME.result(final)
        assert res.winners and set(res.ranking) == set(range(n))
        # replay from the journal's JSON reproduces the state exactly
        replayed = start
        for a in actions:
            replayed = GAME.apply(replayed, json.loads(json.dumps(a)))
        assert replayed == final
        json.dumps(GAME.view(final, "table"))
