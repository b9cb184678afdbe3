"""The two ways to play the quarries give the same results for the same cards:
a game played with companion-held cards, and the same game in scoring-only
mode where the starting player enters each quarry's face-up column at the reveal."""
import random

import pytest

from companion.errors import IllegalAction
from companion.games.maya import GAME
from companion.games.maya.state import DISTRIBUTION, QUARRYING
from companion.rules.engine import CHANCE

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]


def companion_game(seed, n, advanced):
    rng = random.Random(seed)
    state = GAME.setup(NAMES[:n], {"advanced": advanced})
    steps, columns = [], {}
    while GAME.result(state) is None:
        actor = rng.choice(sorted(GAME.actors(state), key=str))
        action = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(GAME.legal_actions(state, actor))
        after = GAME.apply(state, action)
        if state.phase == QUARRYING and after.phase != QUARRYING:
            columns[state.round] = [q.cards for q in after.quarries]
        steps.append((state.phase, action))
        state = after
    return state, steps, columns


def fill_columns(state, columns):
    """Scoring-only: enter each face-up column in order, then close it."""
    while state.phase == DISTRIBUTION and not state.pending and not state.quarries[state.current].closed:
        q = state.current
        for seat, value in columns[state.round][q]:
            state = GAME.apply(state, {"actor": state.starting, "type": "enter_card", "seat": seat, "card": value})
        state = GAME.apply(state, {"actor": state.starting, "type": "close_column"})
    return state


@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("advanced", [False, True])
def test_scoring_only_gives_the_same_results_for_the_same_cards(n, advanced):
    for seed in range(6):
        final, steps, columns = companion_game(f"{n}{advanced}{seed}", n, advanced)
        state = GAME.setup(NAMES[:n], {"advanced": advanced, "quarries": "scoring-only"})
        for phase, action in steps:
            if phase == QUARRYING:
                continue  # the real cards were laid on the table
            state = fill_columns(state, columns)
            state = GAME.apply(state, action)
        state = fill_columns(state, columns)
        assert GAME.result(state) == GAME.result(final)
        assert state.pyramids == final.pyramids and state.gold == final.gold and state.history == final.history


def test_entered_columns_follow_the_quarry_rules():
    state = GAME.setup(NAMES[:3], {"quarries": "scoring-only"})
    while state.phase != DISTRIBUTION:
        (seat,) = GAME.actors(state)
        state = GAME.apply(state, GAME.legal_actions(state, seat)[0])
    q = state.current
    assert GAME.actors(state) == {state.starting}
    with pytest.raises(IllegalAction, match="must be a low card"):
        GAME.apply(state, {"actor": 0, "type": "enter_card", "seat": 1, "card": 7})
    state = GAME.apply(state, {"actor": 0, "type": "enter_card", "seat": 1, "card": 3})
    with pytest.raises(IllegalAction, match="Ben has no worker card 3 left"):
        GAME.apply(state, {"actor": 0, "type": "enter_card", "seat": 1, "card": 3})
    state = GAME.apply(state, {"actor": 0, "type": "close_column"})
    assert state.quarries[q].revealed and state.current == q - 1
