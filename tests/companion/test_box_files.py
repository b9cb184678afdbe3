"""A box file saved while the companion runs (the box-setup screen, or a
player's own edit) counts from the next new game on, for every game; a box
file that does not validate is refused every time, not only the first."""
import pytest

from companion.components import override_path
from companion.errors import BadComponents
from companion.games import get_game
from companion.games.maya_madness.cards import DEFAULT_FILE


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
