"""A box file is checked against the limits the game's moves use (companion/rules/limits.py):
a file that passes the check never makes the game refuse its own legal move, and a
value of the wrong shape is a sentence naming the key, never a raw exception
(issue 20 section 5, ../shared/repros/reliability/box_override_t3.py)."""
from __future__ import annotations

import random

import pytest
import tomli_w

from companion.errors import BadComponents
from companion.games import get_game
from companion.rules import components
from companion.rules.engine import CHANCE
from companion.rules.limits import MAX_TEXT
from companion.table.session import Session


def _write_override(data: dict) -> None:
    path = components.override_path("mayan-curse")
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        tomli_w.dump(data, f)


def _shipped() -> dict:
    spec = get_game("mayan-curse").box_spec()
    assert spec is not None
    return spec.shipped_data()


def test_a_boulder_name_longer_than_a_move_may_carry_is_refused_at_new_game_naming_the_key():
    data = _shipped()
    data["boulders"]["names"][0] = "b" * (MAX_TEXT + 20)
    _write_override(data)
    with pytest.raises(BadComponents, match=r"boulders\.names\[0\] must be a name of at most 100 characters"):
        get_game("mayan-curse").setup(["Ana", "Ben"], {})


def test_a_nested_list_in_a_solo_scenario_is_a_sentence_naming_the_key():
    data = _shipped()
    data["solo"]["scenarios"][0]["all_stelae"] = [["brown.passage"]]
    _write_override(data)
    with pytest.raises(BadComponents, match=r"solo\.scenarios\[0\]\.all_stelae must list"):
        get_game("mayan-curse").setup(["Ana"], {})


def test_dual_stone_symbols_whose_joined_name_is_too_long_are_refused_naming_the_pair():
    data = _shipped()
    stones = data["stones"]
    long = {s: s + "x" * (60 - len(s)) for s in stones["symbols"]}  # each fits; two joined do not
    stones["symbols"] = [long[s] for s in stones["symbols"]]
    stones["single"] = {long[s]: n for s, n in stones["single"].items()}
    stones["dual"] = [[long[a], long[b]] for a, b in stones["dual"]]
    _write_override(data)
    with pytest.raises(BadComponents, match=r"stones\.dual\[0\] makes the stone name"):
        get_game("mayan-curse").setup(["Ana", "Ben"], {})


def _longest_names(data: dict) -> dict:
    """Every name a move can carry at the longest the box check allows."""
    b = data["boulders"]
    b["names"] = [f"{i}" + "b" * (MAX_TEXT - 1) for i in range(len(b["names"]))]
    t = data["temple"]
    t["backpack_items"] = [f"{i}" + "i" * (MAX_TEXT - 1) for i in range(len(t["backpack_items"]))]
    stones = data["stones"]
    width = (MAX_TEXT - 1) // 2  # a dual stone is "a/b"
    long = {s: s + "s" * (width - len(s)) for s in stones["symbols"]}
    stones["symbols"] = [long[s] for s in stones["symbols"]]
    stones["single"] = {long[s]: n for s, n in stones["single"].items()}
    stones["dual"] = [[long[a], long[b]] for a, b in stones["dual"]]
    return data


@pytest.mark.parametrize("players", [1, 2, 4])
def test_a_box_with_every_name_at_the_longest_allowed_plays_to_the_end_through_the_journal(journal, players):
    """Before, a boulder name of 101-200 characters passed the box check and the
    journal's, then `boulder_stopped` naming it was refused: the game was stuck."""
    _write_override(_longest_names(_shipped()))
    names = ["Ana", "Ben", "Cy", "Dee"][:players]
    rng = random.Random(players)
    for game_number in range(3):
        s = Session.create(journal, "mayan-curse", names, seed=game_number)
        for _ in range(5000):
            if s.result() is not None:
                break
            seat = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
            s.act(rng.choice(s.legal_actions(seat)))  # every legal move is accepted and journaled
        assert s.result() is not None
