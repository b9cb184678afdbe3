"""legal_actions is complete and exact: over random games (2 to 4 players, both deck modes,
with and without advanced play), an action applies if and only if legal_actions lists it."""
import random

from companion.games import get_game
from companion.games.maya_madness.cards import CARDS, WILD, WILD_VALUES
from companion.rules.engine import CHANCE

G = get_game("maya-madness")


def candidates(state, seat):
    """Every action a seat could send, legal or not."""
    out = [{"type": "end_turn"}]
    for card in CARDS:
        out.append({"type": "start_card", "card": card})
        if card == WILD:
            out += [{"type": "play", "card": card, "value": v} for v in (*WILD_VALUES, 0, 6)]
        else:
            out.append({"type": "play", "card": card})
    out += [{"type": "start_count", "count": v} for v in range(-6, 7)]
    out += [{"type": "guess", "target": t, "number": v} for t in range(state.n) for v in range(0, 12)]
    for a in out:
        a["actor"] = seat
    return out


def test_an_action_applies_exactly_when_it_is_listed(applies_exactly_when_listed):
    checked = 0
    for seed in range(12):  # every player count x deck mode x advanced
        rng = random.Random(seed)
        n = seed % 3 + 2
        s = G.setup(["Ana", "Ben", "Cy", "Dee"][:n],
                    {"deck": ("physical", "full")[seed % 2], "advanced": seed % 4 < 2})
        for _ in range(150):
            if G.result(s) is not None:
                break
            (actor,) = G.actors(s)
            if actor == CHANCE:
                s = G.apply(s, G.sample_chance(s, rng))
                continue
            for seat in range(n):
                checked += applies_exactly_when_listed(G, s, seat, candidates(s, seat), (seed,))
            s = G.apply(s, rng.choice(G.legal_actions(s, actor)))
    assert checked > 10_000
