"""The stelae a solo table laid (issue 25 §2): asked at New game for the "all ... stelae"
scenarios only, the box's number filled in, and the scenario judged against them."""
import pytest

from companion.errors import BadComponents, BadOption
from companion.games import get_game
from companion.games.mayan_curse.components import DEFAULT_PATH, load_box
from companion.games.mayan_curse.state import OVER
from companion.history.option_words import applies, described
from companion.rules.components import override_path

LAID = ("laid_brown_passage", "laid_gray_passage", "laid_beige_passage", "laid_beige_temple")


def _escape_with(d, *colours):
    d.draws()
    for colour in colours:
        place = "passage"
        if colour.endswith("@temple"):
            colour, place = colour.split("@")[0], "temple"
            if not d.s.seats[0].reached_temple:
                d.do(0, "reach_temple_board")
        d.discover(0, colour, place=place)
    d.do(0, "escape")
    assert d.s.phase == OVER
    return d.g.result(d.s)


def test_scenario_10_with_more_gray_stelae_laid_needs_them_all(driver):
    """Solo Scenarios (mayan-curse.txt line 267): "10. Escape with all gray and beige stelae
    in the passage": a table that laid 6 gray stelae has not won with the box's 5 found."""
    r = _escape_with(driver(1, {"scenario": 10, "laid_gray_passage": 6}), *["gray"] * 5, *["beige"] * 3)
    assert r.winners == ()
    assert r.detail["sentence"] == "Discovered 5 of the 6 gray stelae in the passage; scenario 10 needs all of them."
    r = _escape_with(driver(1, {"scenario": 10, "laid_gray_passage": 6}), *["gray"] * 6, *["beige"] * 3)
    assert r.winners == (0,) and "discovered 6 of the 6 gray stelae in the passage" in r.detail["sentence"]


def test_scenario_10_with_fewer_laid_is_won_finding_those(driver):
    """Solo Scenarios (mayan-curse.txt line 267): all the gray and beige stelae laid are
    enough, when the table laid fewer than the box file's numbers."""
    d = driver(1, {"scenario": 10, "laid_gray_passage": 3, "laid_beige_passage": 2})
    assert d.table["stelae_laid"]["gray"]["passage"] == 3 and d.table["stelae_on_board"]["beige"]["passage"] == 2
    r = _escape_with(d, "gray", "gray", "gray", "beige", "beige")
    assert r.winners == (0,), r.detail["sentence"]
    assert "discovered 3 of the 3 gray stelae in the passage; discovered 2 of the 2 beige" in r.detail["sentence"]


def test_more_found_than_were_set_as_laid_is_said_plainly(driver):
    """Solo Scenarios (mayan-curse.txt line 267): a stela beyond the count entered is
    accepted (the table's board is the truth) and the sentence never says "6 of the 5"."""
    r = _escape_with(driver(1, {"scenario": 10}), *["gray"] * 6, *["beige"] * 3)
    assert r.winners == (0,)
    assert "discovered 6 gray stelae in the passage, more than the 5 laid" in r.detail["sentence"]
    assert "6 of the 5" not in r.detail["sentence"]


def test_scenarios_9_and_12_are_judged_against_their_own_counts(driver):
    """Solo Scenarios (mayan-curse.txt lines 266 and 269): "9. Escape with all brown stelae in
    the passage (excluding those on the temple) and 28+ knowledge"; "12. Escape with all beige
    stelae and the camera" — the passage's and the temple's beige stelae."""
    d = driver(1, {"scenario": 9, "laid_brown_passage": 6})
    d.draws()
    for colour, value in [("brown", 4)] * 5 + [("gray", 5)] * 2:  # 32 knowledge with the backpack
        d.discover(0, colour, value)
    d.do(0, "escape")
    assert d.g.result(d.s).detail["sentence"] == ("Discovered 5 of the 6 brown stelae in the passage; "
                                                  "scenario 9 needs all of them.")
    d = driver(1, {"scenario": 12, "laid_beige_passage": 1, "laid_beige_temple": 1})
    d.draws()
    d.discover(0, "beige")
    d.do(0, "reach_temple_board")
    d.do(0, "claim_camera")
    d.discover(0, "beige", place="temple")
    d.do(0, "escape")
    r = d.g.result(d.s)
    assert r.winners == (0,), r.detail["sentence"]


def test_new_game_asks_the_counts_only_for_the_scenario_that_needs_them():
    """Solo Scenarios (mayan-curse.txt lines 266-269): 9 names the brown stelae in the
    passage, 10 the gray and beige ones there, 12 every beige stela; no other scenario, no
    difficulty game and no table of several players is asked how many it laid."""
    game = get_game("mayan-curse")
    defaults = {o.name: o.default for o in game.options}
    wanted = {9: {"laid_brown_passage"}, 10: {"laid_gray_passage", "laid_beige_passage"},
              12: {"laid_beige_passage", "laid_beige_temple"}}
    for scenario in range(13):
        options = dict(defaults, scenario=scenario)
        asked = {n for n in LAID if applies("mayan-curse", n, 1, options)}
        assert asked == wanted.get(scenario, set()), scenario
        assert not any(applies("mayan-curse", n, 2, dict(defaults)) for n in LAID)
    box = load_box()
    named = {f"laid_{c}_{p}" for s in box.scenarios for c, p in s.all_stelae}
    assert named == set(LAID), "every count a shipped scenario names is asked"


def test_the_box_files_numbers_are_filled_in(data_dir_box):
    """Setup 4 (mayan-curse.txt line 64): "use the table below to place the correct number
    of stelae for your player count" — a table not printed in our text, so New game fills in
    the box file's solo numbers, the table's own box file's when it has one."""
    game = get_game("mayan-curse")
    assert {o.name: o.default for o in game.options if o.name in LAID} == {
        "laid_brown_passage": 5, "laid_gray_passage": 5, "laid_beige_passage": 3, "laid_beige_temple": 2}
    data_dir_box(lambda text: text.replace("passage = { brown = 5, gray = 5, beige = 3 }",
                                           "passage = { brown = 6, gray = 4, beige = 3 }"))
    defaults = {o.name: o.default for o in game.options}
    assert (defaults["laid_brown_passage"], defaults["laid_gray_passage"]) == (6, 4)
    state = game.setup(["Ana"], {"scenario": 10})
    assert state.laid[1] == (4, 0)
    shown = described("mayan-curse", dict(game.resolve_options({"scenario": 10}), laid_gray_passage=7), 1)
    assert "Gray stelae laid in the passage: 7" in shown and "Beige stelae laid in the passage: 3" in shown
    assert not any("Brown stelae laid" in s for s in shown)


def test_a_broken_box_file_still_lets_new_game_list_the_options(data_dir_box):
    """The shipped numbers fill New game in; starting the game then says what is wrong."""
    data_dir_box(lambda text: "[stones\n")
    game = get_game("mayan-curse")
    assert {o.name: o.default for o in game.options}["laid_gray_passage"] == 5
    with pytest.raises(BadComponents, match="box file"):
        game.setup(["Ana"], {"scenario": 10})


@pytest.mark.parametrize("options,sentence", [
    ({"laid_beige_passage": 10, "laid_beige_temple": 3},
     "The box holds 12 beige stelae, not 10 in the passage and 3 on the temple."),
    ({"laid_gray_passage": 23, "laid_beige_passage": 6},
     "The passage's 16 slabs hold at most 32 stelae, not 34."),
])
def test_counts_that_cannot_have_been_laid_are_refused_in_a_sentence(driver, options, sentence):
    """Components (mayan-curse.txt lines 40 and 44): 16 passage slabs, 12 beige stelae;
    Setup 4 (line 64): at most 2 stelae on a slab."""
    with pytest.raises(BadOption) as e:
        driver(1, {"scenario": 10, **options})
    assert str(e.value) == sentence


def test_a_table_of_several_lays_the_box_layout_whatever_the_solo_counts(driver):
    """Setup 4 (mayan-curse.txt line 64): the counts are asked of a solo table only."""
    d = driver(2, {"laid_gray_passage": 9})
    assert d.table["stelae_laid"]["gray"]["passage"] == load_box().layout[1][1][0]


@pytest.fixture
def data_dir_box():
    """Write the table's own box file: the shipped one changed by `edit(text)`."""
    def write(edit):
        path = override_path("mayan-curse")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(edit(DEFAULT_PATH.read_text()))
    return write
