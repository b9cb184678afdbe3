"""Acting out of turn is answered with the same sentences in every game:
a draw entered while a player is to act names that player."""
import importlib.util
import pathlib
import random
import sys

import pytest

from companion.errors import IllegalAction
from companion.games import get_game
from companion.rules.engine import CHANCE

DRAWS = {"maya": "draw_blue_markers", "maya-madness": "draw_token", "mayan-curse": "draw_stones", "charms": "deal"}


@pytest.fixture(autouse=True)
def charms():
    """The test-only fourth game: Game.dispatch gives it the same sentences for free."""
    path = pathlib.Path(__file__).with_name("fourth.py")
    if "fourth" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth", path)
        sys.modules["fourth"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    yield sys.modules["fourth"].register()
    sys.modules["fourth"].unregister()


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_a_draw_entered_while_a_player_is_to_act_names_that_player(name):
    game = get_game(name)
    names = ["Ana", "Ben", "Cy"]
    state = game.setup(names)
    rng = random.Random(3)
    checked = 0
    for _ in range(60):
        if game.result(state) is not None:
            break
        now = game.actors(state)
        if len(now) == 1 and CHANCE not in now:
            (seat,) = now
            with pytest.raises(IllegalAction) as e:
                game.apply(state, {"actor": CHANCE, "type": DRAWS[name], "seat": seat})
            assert str(e.value) == f"Nothing is to be drawn now: {names[seat]} is to act."
            checked += 1
        actor = rng.choice(sorted(now, key=str))
        action = game.sample_chance(state, rng) if actor == CHANCE else rng.choice(game.legal_actions(state, actor))
        state = game.apply(state, action)
    assert checked > 5
