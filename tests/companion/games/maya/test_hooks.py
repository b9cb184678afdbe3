"""What Maya tells the generic layers: the box file's numbers with their sources,
the worker card tag kind and what a card tag means now, and the public numbers
a table may fix."""
import copy

import pytest

from companion.errors import BadComponents, IllegalAction
from companion.games.maya import GAME
from companion.rules.components import set_path
from companion.rules.engine import TABLE

from .conftest import BLUE, RED


def test_every_number_of_the_box_file_is_offered_with_its_source():
    spec = GAME.box_spec()
    data, _ = spec.load()
    numbers = {n.key: n for n in spec.numbers(data, spec.shipped_data())}
    # printed in the rulebook: confirmed
    assert numbers["blocks_per_colour"].value == 28 and not numbers["blocks_per_colour"].unconfirmed
    assert "Contents" in numbers["worker_cards[0]"].source
    # printed only on the tiles and boards: marked unconfirmed, with the reason
    q = numbers["tiles.5.quarries[1].max_cards"]
    assert q.unconfirmed and "quarry tile" in q.source
    gold = numbers["pyramids.Copan.levels[0].gold[0]"]
    assert gold.unconfirmed and gold.lo <= gold.value <= gold.hi
    assert all(n.default == n.value for n in numbers.values())  # the shipped file is in force


def test_a_bad_number_is_refused_naming_its_key():
    spec = GAME.box_spec()
    data = copy.deepcopy(spec.shipped_data())
    set_path(data, "pyramids.Uxmal.levels[1].gold[0]", -4)
    with pytest.raises(BadComponents, match=r"pyramids\.Uxmal\.levels\[1\]\.gold\[0\]"):
        spec.validate(data, "test")


def quarrying_state():
    s = GAME.setup(["Blue", "Red", "Green"])
    for seat, p in ((0, 0), (1, 1), (2, 2), (0, 1), (1, 2), (2, 3)):
        s = GAME.apply(s, {"actor": seat, "type": "setup_block", "pyramid": p})
    assert s.phase == "quarrying" and s.turn == BLUE
    return s


def test_the_worker_card_tag_kind_learns_each_colours_eight_cards():
    (kind,) = GAME.tag_kinds()
    assert kind.kind == "worker" and set(kind.fields) == {"colour", "value"}
    sets = kind.learn_sets()
    assert [s.label for s in sets][:2] == ["Blue cards", "Red cards"]
    steps = sets[0].steps()
    assert [m["value"] for _, m in steps] == [3, 4, 4, 5, 6, 7, 8, -3]
    assert kind.describe(steps[-1][1]) == "Blue's −3"


def test_a_worker_card_tag_selects_the_card_only_in_its_owners_open_view():
    s = quarrying_state()
    blue5 = {"kind": "worker", "colour": "blue", "value": 5}
    assert GAME.use_tag(s, BLUE, blue5, [], False).select == 5
    for seat, meaning in ((None, blue5), (RED, blue5), (BLUE, {"kind": "worker", "colour": "blue", "value": 8})):
        use = GAME.use_tag(s, seat, meaning, [], False)
        assert use.select is None and use.action is None and use.sentence
        assert "5" not in use.sentence and "8" not in use.sentence  # the public screen never hears a value


def test_gold_and_pool_can_be_fixed_and_the_log_says_so():
    s = quarrying_state()
    keys = {c.key for c in GAME.corrections(s)}
    assert {"gold:0", "pool:2"} <= keys
    s = GAME.correct(s, "gold:1", 7)
    assert s.gold[RED] == 7
    assert [e["sentence"] for e in GAME.view(s, TABLE)["events"]] == ["Fixed: Red's gold from 0 to 7."]
    with pytest.raises(IllegalAction, match="from 0 to 26"):  # 28 blocks, 2 on the pyramids
        GAME.correct(s, "pool:1", 99)
    with pytest.raises(IllegalAction):
        GAME.correct(s, "cards:1", 3)  # a hand is a secret, never a correction


def test_a_pool_fixed_to_its_most_never_grows_past_what_the_box_holds(tmp_path):
    """Issue 22: a pool fixed to the most blocks offered, then blocks coming back from
    the pyramids (erosion) or from a hand (transport), made the next "Fix a number…"
    offer a value past its own maximum (seed 2003)."""
    import random

    from companion.bots import get_bot
    from companion.rules.engine import CHANCE
    from companion.store.journal import Journal
    from companion.table.session import Session

    bot = get_bot("maya", "greedy")
    for seed in (2003, 7):
        s = Session.create(Journal.open(tmp_path / f"j{seed}.db"), "maya", ["Ana", "Ben", "Cy"], seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if s.result() is not None:
                break
            for c in GAME.corrections(s.state):
                assert c.lo <= c.value <= c.hi, c
            pool = next(c for c in GAME.corrections(s.state) if c.key.startswith("pool:"))
            if rng.random() < 0.1 and pool.value != pool.hi:
                s.correct(pool.key, pool.hi, by_seat=0)
            actor = rng.choice([a for a in sorted(s.actors(), key=str) if a != CHANCE])
            s.act(bot.choose(s.game, s.view(actor), s.legal_actions(actor), rng))
