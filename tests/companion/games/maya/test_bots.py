"""The bots: the random-legal bot and the greedy bot play whole games, the
greedy one clearly better; `maya-companion simulate maya` works for 3 to 5 players."""
import json
import random

import pytest

from companion.bots import get_bot
from companion.cli.main import main
from companion.games.maya import GAME
from companion.rules.engine import CHANCE


def play(n, advanced, greedy_seat, seed):
    greedy, rnd = get_bot("maya", "greedy"), get_bot("maya", "random")
    rng = random.Random(seed)
    s = GAME.setup(["Ana", "Ben", "Cy", "Dee", "Eli"][:n], {"advanced": advanced})
    while GAME.result(s) is None:
        actor = rng.choice(sorted(GAME.actors(s), key=str))
        if actor == CHANCE:
            action = GAME.sample_chance(s, rng)
        else:
            bot = greedy if actor == greedy_seat else rnd
            action = bot.choose(GAME, GAME.view(s, actor), GAME.legal_actions(s, actor), rng)
            assert action in GAME.legal_actions(s, actor)
        s = GAME.apply(s, action)
    return GAME.result(s)


@pytest.mark.parametrize("advanced", [False, True])
def test_greedy_bot_beats_random_bots(advanced):
    games = 12
    wins = sum(g % 4 in play(4, advanced, g % 4, g).winners for g in range(games))
    assert wins >= games * 2 // 3  # a random seat would win about a quarter


@pytest.mark.parametrize("players", [3, 4, 5])
def test_simulate_command_plays_maya(players, capsys):
    assert main(["simulate", "maya", "--players", str(players), "--games", "2", "--seed", "1", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and len(summary["wins"]) == players
    assert sum(summary["wins"]) >= 2


def test_simulate_advanced_with_random_bots(capsys):
    argv = ["simulate", "maya", "--players", "3", "--games", "2", "--seed", "2", "--bot", "random",
            "--option", "advanced=true", "--json"]
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out)["options"]["advanced"] is True
