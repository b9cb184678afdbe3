"""The box file: defaults, the user's override, validation naming the key,
and the list of numbers the rulebook does not print."""
import tomllib

import pytest

from companion.errors import BadComponents
from companion.games.maya.components import DEFAULT_PATH, load_box, unconfirmed_values, validate
from companion.rules.components import override_path


def default_data():
    with open(DEFAULT_PATH, "rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_default_box_loads_for_each_player_count(n):
    box = load_box(n)
    assert len(box.pyramids) == 4
    assert box.worker_cards == (-3, 3, 4, 4, 5, 6, 7, 8)
    assert box.blocks_per_colour == 28
    assert len({q.marker for q in box.quarries}) == len(box.quarries)


def test_unconfirmed_numbers_are_listed_for_the_box_setup_screen():
    keys = unconfirmed_values()
    assert "tiles.3.quarries[0].blocks" in keys
    assert "pyramids.Tikal.levels[1].gold" in keys
    # the erosion example shows a first level paying 3 and 1, but not which pyramid's
    assert "pyramids.Copan.levels[0].gold" in keys
    assert not any(k.startswith("layout") for k in keys)  # the layout is printed in the rulebook


def test_a_users_box_file_replaces_ours():
    path = override_path("maya")
    path.parent.mkdir(parents=True, exist_ok=True)
    text = DEFAULT_PATH.read_text().replace("{ spaces = 9, gold = [3, 1]", "{ spaces = 10, gold = [3, 1]")
    path.write_text(text)
    assert load_box(5).pyramids[0].levels[0].spaces == 10
    assert load_box(5).source == str(path)


def test_a_bad_number_is_named_by_its_key():
    data = default_data()
    data["tiles"]["4"]["quarries"][2]["max_cards"] = 0
    with pytest.raises(BadComponents, match=r"tiles\.4\.quarries\[2\]\.max_cards"):
        validate(data, 4)


def test_an_unknown_marker_is_named():
    data = default_data()
    data["tiles"]["3"]["quarries"][0]["marker"] = "teleport"
    with pytest.raises(BadComponents, match=r"tiles\.3\.quarries\[0\]\.marker"):
        validate(data, 3)


def test_a_layout_naming_a_missing_pyramid_is_named():
    data = default_data()
    data["layout"]["5"][1] = "Atlantis"
    with pytest.raises(BadComponents, match=r"layout\.5\[1\]"):
        validate(data, 5)


def test_gold_must_be_two_numbers():
    data = default_data()
    data["pyramids"]["Copan"]["levels"][0]["gold"] = [3]
    with pytest.raises(BadComponents, match=r"pyramids\.Copan\.levels\[0\]\.gold"):
        validate(data, 3)


def test_a_broken_override_file_is_a_sentence_not_a_traceback():
    path = override_path("maya")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("tiles = [")
    with pytest.raises(BadComponents, match="not valid TOML"):
        load_box(3)


def test_a_parsed_box_can_be_given_to_setup():
    from companion.games.maya import GAME
    data = default_data()
    data["pyramids"]["Tikal"]["levels"][0]["spaces"] = 12
    s = GAME.setup(["A", "B", "C", "D"], components=data)
    assert s.box.pyramids[0].levels[0].spaces == 12
    data["pyramids"]["Tikal"]["levels"][0]["spaces"] = -1
    with pytest.raises(BadComponents, match=r"pyramids\.Tikal\.levels\[0\]\.spaces"):
        GAME.setup(["A", "B", "C", "D"], components=data)


def test_a_low_value_that_is_no_worker_card_is_named():
    data = default_data()
    data["low_values"] = [3, 4, 9]
    with pytest.raises(BadComponents, match=r"low_values\[2\] must be the value of a worker card, not 9"):
        validate(data, 3)
