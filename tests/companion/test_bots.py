"""Every bot, of every game, refuses the same way when asked to move for a
seat that has nothing to do (the app or simulate asked out of turn)."""
import random

import pytest

from companion.bots import available_kinds, get_bot
from companion.errors import BadOption
from companion.games import available, get_game

BOTS = [(name, kind) for name in available() for kind in available_kinds(name)]


@pytest.mark.parametrize("name,kind", BOTS)
def test_a_bot_asked_to_move_for_a_seat_that_may_not_act_says_so(name, kind):
    game = get_game(name)
    state = game.setup(["Ana", "Ben", "Cy"])
    idle = next(s for s in range(3) if not game.legal_actions(state, s))
    with pytest.raises(BadOption, match=f"Seat {idle} has no legal action now, so no bot can move for it."):
        get_bot(name, kind).choose(game, state, idle, random.Random(0))
