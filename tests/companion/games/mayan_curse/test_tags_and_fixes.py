"""Stone and stela tags (use_tag) and fixing the trigger tokens (corrections)."""
import pytest

from companion.errors import IllegalAction
from companion.rules.engine import CHANCE

STONE = {"kind": "stone", "symbols": ["jaguar", "dog"]}  # a dual stone, either side first
DOG = {"kind": "stone", "symbols": ["dog"]}


def test_the_game_lists_its_tag_kinds_with_learn_sets_from_the_box(driver):
    d = driver(2)
    kinds = {k.kind: k for k in d.g.tag_kinds()}
    assert set(kinds) == {"stone", "stela"}
    stones = kinds["stone"].learn_sets()[0].steps()
    assert len(stones) == 20 and stones[0][1] == {"kind": "stone", "symbols": ["dog"]}
    stelae = kinds["stela"].learn_sets()[0].steps()
    assert len(stelae) == 60 and kinds["stela"].optional == {"value": int}


def test_stone_tags_are_held_until_three_make_the_real_purse_draw(driver):
    d = driver(2, {"purse": "real"})
    use = d.g.use_tag(d.s, 0, STONE, [], False)
    assert use.hold and use.action is None and "1 of 3" in use.sentence
    use = d.g.use_tag(d.s, 0, DOG, [STONE], False)
    assert use.hold and "2 of 3" in use.sentence
    use = d.g.use_tag(d.s, 0, DOG, [STONE, DOG], False)
    assert use.action == {"actor": 0, "type": "enter_stones", "stones": ["dog", "dog", "dog/jaguar"]}
    for u in (use,):
        assert "dog" not in u.sentence.lower() and "jaguar" not in u.sentence.lower()
    d.do(**{k: v for k, v in use.action.items() if k not in ("actor", "type")}, actor=0, type="enter_stones")
    # once the hand is known, a stone tag on the player's turn plays that stone
    use = d.g.use_tag(d.s, 0, STONE, [], False)
    assert use.action == {"actor": 0, "type": "play_stone", "stone": "dog/jaguar"}


def test_stone_tags_enter_a_chance_draw_under_physical_randomness(driver):
    d = driver(2)
    use = d.g.use_tag(d.s, 0, DOG, [DOG, DOG], True)
    assert use.action["actor"] == CHANCE and use.action["stones"] == ["dog", "dog", "dog"]
    assert d.g.use_tag(d.s, 1, DOG, [], True).action is None  # not Ben's draw
    assert "private view" in d.g.use_tag(d.s, None, DOG, [], True).sentence


def test_a_stela_tag_enters_a_value_without_naming_it(driver):
    d = driver(2, {"stelae": "physical"})
    d.draws()
    d.do(0, "discover_stela", colour="gray", place="passage")
    use = d.g.use_tag(d.s, 0, {"kind": "stela", "colour": "gray", "value": 4}, [], False)
    assert use.action == {"actor": 0, "type": "enter_stela_value", "stela": 0, "value": 4}
    use = d.g.use_tag(d.s, 0, {"kind": "stela", "colour": "beige", "value": 4}, [], False)
    assert use.action is None and "4" not in use.sentence
    assert "no value" in d.g.use_tag(d.s, 0, {"kind": "stela", "colour": "gray"}, [], False).sentence


def test_the_table_can_fix_the_trigger_tokens_of_a_boulder(driver):
    """Issue 10: the trigger tokens on a boulder are a public number the real table can drift from."""
    d = driver(2)
    d.draws()
    fixes = {c.key: c for c in d.g.corrections(d.s)}
    assert [c.value for c in fixes.values()] == [2, 2, 2] and fixes["tokens.left"].hi == 6
    d.s = d.g.correct(d.s, "tokens.left", 0)
    assert d.table["boulders"][0]["tokens"] == 0 and d.table["boulders"][0]["tumbles"]
    assert d.said == "Fixed: the left boulder has 0 trigger tokens."
    with pytest.raises(IllegalAction):
        d.g.correct(d.s, "tokens.left", 7)
    with pytest.raises(IllegalAction):
        d.g.correct(d.s, "stones.Ana", 1)
