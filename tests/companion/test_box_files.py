"""A box file saved while the companion runs (the box-setup screen, or a
player's own edit) counts from the next new game on, for every game; a box
file that does not validate is refused every time, not only the first."""
import copy
import importlib.util
import pathlib
import sys

import pytest
import tomli_w

from companion.errors import BadComponents
from companion.games import available, get_game
from companion.games.maya_madness.cards import DEFAULT_FILE
from companion.rules.components import get_path, override_path, set_path


def test_a_maya_madness_box_saved_after_a_first_game_counts_for_the_next_game():
    game = get_game("maya-madness")
    before = game.setup(["Ana", "Ben"], {"deck": "full"})
    assert before.deck.count("wild") == 4
    path = override_path("maya-madness")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(DEFAULT_FILE.read_text().replace("wild = 4", "wild = 6"))
    after = game.setup(["Ana", "Ben"], {"deck": "full"})
    assert after.deck.count("wild") == 6


@pytest.mark.parametrize("name", ["maya", "maya-madness", "mayan-curse"])
def test_a_box_file_that_does_not_validate_is_refused_at_every_new_game(name):
    path = override_path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("this is = not [ toml")
    game = get_game(name)
    for _ in range(2):
        with pytest.raises(BadComponents, match="box file"):
            game.setup(["Ana", "Ben", "Cy"])


# --- every game's box spec (Game.box_spec), the fourth game's included ------------------


@pytest.fixture
def charms():
    path = pathlib.Path(__file__).with_name("fourth.py")
    if "fourth" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth", path)
        sys.modules["fourth"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    yield sys.modules["fourth"].register()
    sys.modules["fourth"].unregister()


def specs():
    return [get_game(n).box_spec() for n in available() if get_game(n).box_spec() is not None]


@pytest.mark.parametrize("name", [*available(), "charms"])
def test_every_box_number_is_in_its_range_and_the_validator_refuses_one_outside_it(charms, name):
    """What the Box setup screen relies on: each number it steps lies in lo..hi in the
    shipped file, and the game's one validator names the key of a value outside it
    (the screen's range and the file's rule are the same rule)."""
    spec = get_game(name).box_spec()
    if spec is None:
        pytest.skip(f"{name} has no box numbers")
    shipped = spec.shipped_data()
    spec.validate(shipped, str(spec.shipped))
    numbers = spec.numbers(shipped, shipped)
    assert numbers, spec.game
    for n in numbers:
        assert n.lo <= n.value <= n.hi and n.value == n.default == get_path(shipped, n.key), n
        assert n.label and n.source and "_" not in n.label, n
        bad = copy.deepcopy(shipped)
        set_path(bad, n.key, n.hi + 1)
        with pytest.raises(BadComponents) as e:
            spec.validate(bad, "test")
        assert "box file" in str(e.value), n.key
        assert n.key in str(e.value) or n.label in str(e.value), str(e.value)


def test_a_box_saved_as_the_screen_saves_it_is_the_next_games(charms):
    spec = charms.box_spec()
    data = spec.shipped_data()
    set_path(data, "charms.count", 3)
    set_path(data, "charms.target", 7)
    spec.override().parent.mkdir(parents=True, exist_ok=True)
    spec.override().write_bytes(tomli_w.dumps(data).encode())
    state = charms.setup(["Ana", "Ben"])
    assert (state.box.count, state.box.target) == (3, 7)
    assert [n.value for n in spec.numbers(spec.load()[0], spec.shipped_data())] == [3, 7]
