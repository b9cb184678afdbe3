"""The box file: printed numbers, unconfirmed defaults marked, user override, bad keys named."""
import tomllib

import pytest

from companion.errors import BadComponents
from companion.games.mayan_curse import GAME
from companion.games.mayan_curse.components import DEFAULT_PATH, load_box, parse_box
from companion.rules.components import override_path


def _default():
    with open(DEFAULT_PATH, "rb") as f:
        return tomllib.load(f)


def _toml(data) -> str:
    """A tiny TOML writer for the shapes the box file uses (tests only)."""
    lines = []

    def value(v):
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return str(v)
        if isinstance(v, str):
            return '"' + v.replace('"', '\\"') + '"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return "{" + ", ".join(f'"{k}" = {value(x)}' for k, x in v.items()) + "}"

    def table(prefix, t):
        scalars = {k: v for k, v in t.items() if not isinstance(v, dict) and not (
            isinstance(v, list) and v and all(isinstance(x, dict) for x in v) and k != "values")}
        if prefix:
            lines.append(f"[{prefix}]")
        for k, v in scalars.items():
            lines.append(f'"{k}" = {value(v)}')
        for k, v in t.items():
            if isinstance(v, dict):
                table(f'{prefix}."{k}"' if prefix else f'"{k}"', v)
            elif k not in scalars:
                for item in v:
                    lines.append(f'[[{prefix}."{k}"]]' if prefix else f'[["{k}"]]')
                    for ik, iv in item.items():
                        lines.append(f'"{ik}" = {value(iv)}')

    table("", data)
    return "\n".join(lines) + "\n"


def test_the_printed_numbers_are_in_the_box_file():
    """Components: 20 sacred stones (16 single, 4 dual), 60 stelae (25 brown, 23 gray, 12 beige),
    6 cameras; Discovering Stelae: brown 1-4, gray 2-5, beige 3-6; Solo: tokens 2, 1, 1."""
    box = load_box()
    singles = sum(n for k, n in zip(box.kinds, box.stones) if "/" not in k)
    duals = sum(n for k, n in zip(box.kinds, box.stones) if "/" in k)
    assert (singles, duals) == (16, 4)
    assert [box.stock(c) for c in ("brown", "gray", "beige")] == [25, 23, 12]
    assert [(v[0][0], v[-1][0]) for v in box.values] == [(1, 4), (2, 5), (3, 6)]
    assert box.solo_tokens == (2, 1, 1) and sum(box.tokens) == 6
    assert box.cameras == 6 and box.camera_knowledge == 15 and box.backpack_bonus == 2
    assert [(d.name, d.knowledge, d.camera) for d in box.difficulties] == [
        ("easy", 20, False), ("normal", 25, False), ("adventurer", 28, False), ("thrill-seeker", 30, True)]
    assert len(box.scenarios) == 12


def test_numbers_the_rulebook_does_not_print_are_marked_unconfirmed():
    marked = set(load_box().unconfirmed)
    assert {"stones.symbols", "stones.dual", "stelae.brown.values", "stelae.gray.values",
            "stelae.beige.values", "layout.1", "layout.6", "boulders.tokens"} <= marked
    assert "boulders.solo_tokens" not in marked and "temple.cameras" not in marked


def test_a_users_box_file_in_the_data_dir_replaces_the_default():
    data = _default()
    data["temple"]["cameras"] = 2
    data["layout"]["2"]["passage"]["brown"] = 3
    path = override_path("mayan-curse")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(_toml(data))
    state = GAME.setup(["Ana", "Ben"])
    table = GAME.view(state, "table")
    assert table["cameras_left"] == 2
    assert table["stelae_on_board"]["brown"]["passage"] == 3


@pytest.mark.parametrize("change,key", [
    (lambda d: d["stelae"]["gray"]["values"].update({"5": -1}), "stelae.gray.values.5"),
    (lambda d: d["layout"]["3"]["passage"].update(beige=13), "layout.3"),
    (lambda d: d["boulders"].update(tokens=[2, 2]), "boulders.tokens"),
    (lambda d: d["stones"]["dual"].append(["dog", "dragon"]), "stones.dual[4]"),
    (lambda d: d["stones"]["single"].update(dog=0, jaguar=0), "stones"),
    (lambda d: d["solo"]["scenarios"][8].update(all_stelae=["purple.passage"]), "solo.scenarios[8].all_stelae"),
    (lambda d: d["solo"]["scenarios"].pop(), "solo.scenarios"),
    (lambda d: d.pop("temple"), "temple"),
])
def test_a_bad_box_file_names_the_bad_key(change, key):
    data = _default()
    change(data)
    with pytest.raises(BadComponents) as e:
        parse_box(data, "my-box.toml")
    assert f"{key} " in str(e.value) and "my-box.toml" in str(e.value)


def test_a_broken_override_file_is_a_clear_error():
    path = override_path("mayan-curse")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("[stones\nsymbols = 3")
    with pytest.raises(BadComponents, match="not valid TOML"):
        GAME.setup(["Ana"])


def test_every_shipped_layout_fits_on_the_sixteen_passage_slabs():
    """Components (mayan-curse.txt line 40): "16 Passage Slab Tiles"; Setup 4 (line 64): "If
    you are told to place 2 stelae per slab, place them in the leftmost and rightmost shaded
    spaces" — at most 2 a slab, so no player count lays more than 32 stelae in the passage
    (the 6-player layout used to lay 35)."""
    box = load_box()
    for players, layout in enumerate(box.layout, start=1):
        assert sum(passage for passage, _temple in layout) <= 32, players
    assert [passage for passage, _temple in box.layout[5]] == [14, 12, 6]
    assert "layout.6" in box.unconfirmed, "the rulebook text does not print the layout: still marked"


def test_a_layout_the_passage_cannot_hold_is_refused_in_a_sentence():
    """Setup 4 (mayan-curse.txt line 64) and Components (line 40): 16 slabs of at most 2
    stelae each; a box file laying more is refused naming its key, as the box-file checker
    says every other bad number."""
    data = _default()
    data["layout"]["6"]["passage"].update(brown=14, gray=14, beige=7)
    with pytest.raises(BadComponents) as e:
        parse_box(data, "my-box.toml")
    assert str(e.value) == ("In the box file my-box.toml, layout.6.passage lays 35 stelae in the passage, but its "
                            "16 slabs hold at most 32 (2 on a slab, Setup 4).")
    data["layout"]["6"]["passage"].update(gray=12, beige=6)  # 32: every slab full
    assert parse_box(data, "my-box.toml").layout[5][1] == (12, 3)
