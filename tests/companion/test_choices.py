"""Choices with parts: a picker offers only values that lead somewhere, and a
completed choice is exactly one of the legal combinations (companion/rules/choices.py)."""
from __future__ import annotations

import pytest

from companion.errors import IllegalAction
from companion.rules.choices import Choice, Part, PartOption, complete, next_part, options_for

KINDS = tuple(PartOption(k, k.capitalize()) for k in ("jade", "gold", "skull"))


def three_stones(bag: dict[str, int]) -> Choice:
    """Draw three stones from a bag with `bag` of each kind, order of drawing kept."""
    legal = []
    names = [k for k, n in bag.items() for _ in range(n)]
    from itertools import permutations
    for combo in sorted(set(permutations(names, 3))):
        legal.append({"stones": combo})
    return Choice(key="draw", label="Draw 3", sentence="Three stones are drawn.", group="The purse",
                  slot=0, action={"actor": "chance", "type": "draw"},
                  parts=(Part("stones", "Three stones", KINDS, count=3),), legal=tuple(legal))


def test_a_picker_offers_only_what_is_still_in_the_bag():
    choice = three_stones({"jade": 2, "gold": 1})
    assert [o.value for o in options_for(choice, {})] == ["jade", "gold"]  # no skull in the bag
    assert [o.value for o in options_for(choice, {"stones": ("gold",)})] == ["jade"]
    assert [o.value for o in options_for(choice, {"stones": ("jade", "jade")})] == ["gold"]
    assert options_for(choice, {"stones": ("jade", "jade", "gold")}) == []
    assert next_part(choice, {"stones": ("jade",)}).key == "stones"
    assert next_part(choice, {"stones": ("jade", "gold", "jade")}) is None


def test_complete_fills_the_action_and_refuses_what_is_not_legal():
    choice = three_stones({"jade": 2, "gold": 1})
    assert complete(choice, {"stones": ["jade", "gold", "jade"]}) == {
        "actor": "chance", "type": "draw", "stones": ["jade", "gold", "jade"]}
    with pytest.raises(IllegalAction, match="not possible now"):
        complete(choice, {"stones": ["gold", "gold", "jade"]})
    with pytest.raises(IllegalAction, match="nothing is picked yet"):
        complete(choice, {})


def test_parts_that_depend_on_each_other():
    """Maya's move of a block: from a pyramid, a level, into another pyramid."""
    legal = ({"pyramid": 0, "level": 0, "to": 1}, {"pyramid": 0, "level": 1, "to": 2},
             {"pyramid": 2, "level": 0, "to": 1})
    pyr = tuple(PartOption(i, n) for i, n in enumerate(("Copan", "Tikal", "Uxmal")))
    choice = Choice(key="move", label="Move a block", sentence="", group="Markers", slot=0,
                    action={"actor": 0, "type": "move_block"}, legal=legal,
                    parts=(Part("pyramid", "From", pyr),
                           Part("level", "Level", (PartOption(0, "1"), PartOption(1, "2"))),
                           Part("to", "Into", pyr)))
    assert [o.label for o in options_for(choice, {})] == ["Copan", "Uxmal"]
    assert [o.label for o in options_for(choice, {"pyramid": 2})] == ["1"]
    assert [o.label for o in options_for(choice, {"pyramid": 0, "level": 1})] == ["Uxmal"]
    assert complete(choice, {"pyramid": 0, "level": 1, "to": 2})["to"] == 2


def test_every_game_has_a_menu_for_the_seats_that_act():
    import random

    from companion.games import available, get_game
    from companion.rules.engine import CHANCE

    for name in available():
        game = get_game(name)
        state = game.setup(["Ana", "Ben", "Cy"][: max(game.min_players, 2)])
        rng = random.Random(3)
        for _ in range(40):
            now = game.actors(state)
            if not now:
                break
            if CHANCE in now:
                state = game.apply(state, game.sample_chance(state, rng))
                continue
            seat = min(now)
            menu = game.menu(state, seat)
            assert menu, f"{name}: seat {seat} can act but its menu is empty"
            assert len({c.key for c in menu}) == len(menu), f"{name}: two choices share a key"
            playable = [c for c in menu if c.enabled and not c.parts]
            state = game.apply(state, complete(rng.choice(playable)))


@pytest.mark.parametrize("picks", [{"stones": 5}, {"stones": None}, {"stones": {"a": 1}}, [1, 2], "abc", 7])
def test_odd_picks_are_refused_in_a_sentence_not_a_crash(picks):
    """A pick that is not a value (or, for a part of several picks, not a list of them),
    or picks that are not a table: IllegalAction with a sentence, never a TypeError."""
    choice = three_stones({"jade": 2, "gold": 1})
    with pytest.raises(IllegalAction) as e:
        complete(choice, picks)
    assert str(e.value).endswith(".") and "object" not in str(e.value)


def test_the_table_refuses_odd_picks_and_changes_nothing(journal):
    """TableController.choose with picks no screen or phone page could have sent: a
    clear sentence, no move, nothing raised."""
    from companion.table.controller import TableController
    from companion.table.session import Session

    s = Session.create(journal, "mayan-curse", ["Ana", "Ben"], options={"purse": "real"}, seed=1)
    table = TableController(s)
    seat = table.acting()[0]
    assert any(c.key == "enter_stones" for c in table.seat_frame(seat).choices)
    before = list(s.actions)
    for picks in ({"stones": 5}, {"stones": None}, [("stones", 1)], "stones"):
        out = table.choose("enter_stones", picks, seat=seat)  # type: ignore[arg-type]
        assert not out.ok and out.sentence and out.sentence == table.frame().message
    assert list(s.actions) == before
