"""The Mayan Curse bot: legal, plausible expeditions, and `simulate` for 1 to 6 players."""
import random

import pytest

from companion.bots import get_bot
from companion.cli.main import simulate
from companion.games.mayan_curse import GAME
from companion.rules.engine import CHANCE


def _bot_game(players, seed, stelae="digital", purse="companion"):
    bot = get_bot("mayan-curse", "greedy")
    rng = random.Random(seed)
    state = GAME.setup([f"P{i}" for i in range(players)], {"stelae": stelae, "purse": purse})
    while GAME.result(state) is None:
        actor = sorted(GAME.actors(state), key=str)[0]
        if actor == CHANCE:
            action = GAME.sample_chance(state, rng)
        else:
            legal = GAME.legal_actions(state, actor)
            action = bot.choose(GAME, GAME.view(state, actor), legal, rng)
            assert action in GAME.legal_actions(state, actor)
        state = GAME.apply(state, action)
    return state


@pytest.mark.parametrize("players", range(1, 7))
def test_bot_games_look_like_expeditions(players):
    """Bots discover stelae, reach the temple, take cameras and mostly escape."""
    states = [_bot_game(players, seed, "physical" if seed % 4 == 0 else "digital",
                        "real" if seed % 3 == 0 else "companion") for seed in range(25)]
    seats = [s for st in states for s in st.seats]
    assert sum(s.escaped for s in seats) > len(seats) / 2
    assert any(s.camera for s in seats) and any(s.reached_temple for s in seats)
    assert {c for s in seats for c, _, _ in s.stelae} == {"brown", "gray", "beige"}
    browns_first = [s.stelae[0][0] == "brown" for s in seats if s.stelae]
    assert sum(browns_first) > len(browns_first) / 2  # brown stelae lie near the entrance


@pytest.mark.parametrize("players", range(1, 7))
def test_simulate_plays_mayan_curse(players):
    summary = simulate("mayan-curse", players, 10, seed=7)
    assert summary["games"] == 10 and len(summary["wins"]) == players
    assert sum(summary["wins"]) + summary["no_winner"] >= 10
