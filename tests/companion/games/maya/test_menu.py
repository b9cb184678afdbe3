"""Maya's choices (menu.py) over random games of every mode: the same key always
has the same group and slot (a pyramid's button never moves between players or
turns), every move that cannot be taken back asks first, completing every legal
combination of every choice gives exactly the game's legal actions, and no
public choice names a hidden card value or a sealed bid."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from itertools import product

import pytest

from companion.games.maya import GAME
from companion.games.maya.state import QUARRYING
from companion.rules.choices import complete, next_part, options_for
from companion.rules.engine import CHANCE, TABLE

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]
CONFIGS = [(n, adv, mode) for n in (3, 4, 5) for adv in (False, True) for mode in ("companion", "scoring-only")]
#: the choices that cannot be taken back lightly: each asks its question first
ASKING = {"quarry_pass", "free_pass", "joker:free_pass", "double"}


def states(games_per_config=2, seed=0):
    """Every state of random games (a random legal action each time)."""
    rng = random.Random(seed)
    for n, adv, mode in CONFIGS:
        for _ in range(games_per_config):
            state = GAME.setup(NAMES[:n], {"advanced": adv, "quarries": mode})
            while GAME.result(state) is None:
                yield state
                actor = rng.choice(sorted(GAME.actors(state), key=str))
                action = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(
                    GAME.legal_actions(state, actor))
                state = GAME.apply(state, action)


def key_of(action):
    return json.dumps(action, sort_keys=True)


def every_completion(choice):
    """The action of every legal combination of a choice's parts, found by walking
    its pickers (options_for) as a screen would, one pick at a time."""
    if not choice.parts:
        return [complete(choice)]
    out = []

    def walk(picks):
        part = next_part(choice, picks)
        if part is None:
            out.append(complete(choice, picks))
            return
        options = options_for(choice, picks)
        assert options, f"{choice.key}: a picker with nothing to pick ({picks})"
        for o in options:
            got = dict(picks)
            got[part.key] = (*picks.get(part.key, ()), o.value) if part.count > 1 else o.value
            walk(got)

    walk({})
    return out


def test_a_key_always_has_the_same_group_and_slot_and_one_menu_has_each_key_once():
    places = {}
    for state in states():
        for actor in GAME.actors(state):
            menu = GAME.menu(state, actor)
            keys = [c.key for c in menu]
            assert len(keys) == len(set(keys)), keys
            spots = [(c.group, c.slot) for c in menu]
            assert len(spots) == len(set(spots)), spots
            for c in menu:
                assert places.setdefault(c.key, (c.group, c.slot)) == (c.group, c.slot), c.key
    assert {"build:0", "build:3", "double", "pass", "lay", "quarry_pass"} <= set(places)


def test_while_building_every_pyramid_the_double_move_and_the_pass_are_always_in_their_places():
    """Issue 22: the place that built a block for one player never starts a double move
    for the next: the Build group is the same row of buttons for everyone."""
    seen = 0
    for state in states():
        if state.phase != "building" or state.pending:
            continue
        seat = state.turn
        build = [c for c in GAME.menu(state, seat) if c.group == "Build"]
        assert [c.key for c in build] == ["build:0", "build:1", "build:2", "build:3", "double", "pass"]
        for c in build:
            assert c.enabled or c.why, c.key
        seen += 1
    assert seen > 50


def test_each_move_that_cannot_be_taken_back_asks_first():
    asked = set()
    for state in states():
        for actor in GAME.actors(state):
            for c in GAME.menu(state, actor):
                if c.key in ASKING:
                    assert c.confirm and "?" in c.confirm, c.key
                    asked.add(c.key)
                if c.key == "pass":  # a paid pass asks, an involuntary one (nothing fits) has nothing to ask
                    forced = all(a["type"] == "pass" for a in GAME.legal_actions(state, actor))
                    assert bool(c.confirm) != forced, c
                if c.key in ("build:0", "minus3:decline", "joker:keep") or c.key.startswith("start:"):
                    assert c.confirm is None
    assert {"quarry_pass", "double"} <= asked


def test_completing_every_choice_gives_exactly_the_legal_actions():
    for state in states():
        for actor in GAME.actors(state):
            menu = GAME.menu(state, actor)
            made = []
            for c in menu:
                if c.enabled:
                    made += every_completion(c)
            if actor == CHANCE:
                legal = [a for a, _ in GAME.chance_outcomes(state)]
            else:
                legal = GAME.legal_actions(state, actor)
            assert sorted(map(key_of, made)) == sorted(map(key_of, legal)), (state.phase, actor)


def test_a_private_choice_is_only_for_its_seat_and_the_table_view_says_whose_waits():
    for state in states():
        for actor in GAME.actors(state):
            if actor == CHANCE:
                continue
            menu = GAME.menu(state, actor)
            for c in menu:
                assert c.seat in (None, actor)
                if c.action.get("type") in ("place_worker", "bid") or c.key == "quarry_pass":
                    assert c.seat == actor, c.key
            waits = state.phase in (QUARRYING, "bidding") and not state.pending
            if waits:
                assert not [c for c in menu if c.public], "everything waits in the private view"
            assert bool(GAME.view(state, TABLE)["players"][actor]["private"]) == waits


def disguised(state):
    """The same table with every hidden value changed: each hand reversed, each concealed
    card another of its kind (low stays low), each sealed bid one more."""
    low = sorted(state.box.low_values)
    high = sorted(set(state.box.worker_cards) - state.box.low_values)

    def other(v):
        kind = low if v in low else high
        return kind[(kind.index(v) + 1) % len(kind)]

    quarries = tuple(q if q.revealed else replace(q, cards=tuple((o, other(v)) for o, v in q.cards))
                     for q in state.quarries)
    bids = tuple(None if b is None else b + 1 for b in state.bids)
    return replace(state, quarries=quarries, bids=bids, cards=tuple(tuple(reversed(c)) for c in state.cards))


def public_menu(state):
    return [repr(c) for actor in sorted(GAME.actors(state), key=str) for c in GAME.menu(state, actor) if c.public]


def test_no_public_choice_names_a_hidden_card_value_or_a_bid():
    checked = 0
    for state in states(seed=3):
        if state.phase not in (QUARRYING, "bidding") or state.options.quarries != "companion":
            continue
        other = disguised(state)
        if GAME.view(other, TABLE) != GAME.view(state, TABLE):
            continue  # the disguise showed on the table (a card turned face up): not the same table
        assert public_menu(other) == public_menu(state)
        checked += 1
    assert checked > 30


@pytest.mark.parametrize("n", [3, 5])
def test_a_double_move_is_picked_first_then_second(n):
    """The double move's one part takes two picks: the first pyramid, then the second;
    after the first pick only the pyramids that can follow it are offered."""
    for state in states(games_per_config=1, seed=n):
        if state.phase != "building" or state.pending or state.n != n:
            continue
        double = next(c for c in GAME.menu(state, state.turn) if c.key == "double")
        if not double.enabled:
            continue
        first = options_for(double, {})
        for o in first:
            second = {x.value for x in options_for(double, {"pyramids": (o.value,)})}
            assert second == {c["pyramids"][1] for c in double.legal if c["pyramids"][0] == o.value}
        a, b = double.legal[0]["pyramids"]
        assert complete(double, {"pyramids": (a, b)})["pyramids"] == [a, b]
        return
    pytest.skip("no double move in these games")


def test_the_menus_are_small_enough_for_a_row_of_buttons():
    """At most 12 public buttons (a row of 8 at 800 px, and a second row of 4 for a
    player holding every marker at once); a picker offers one button per pyramid,
    quarry, level, card kind or marker (a bid is typed on a pad)."""
    for state in states():
        for actor in GAME.actors(state):
            menu = GAME.menu(state, actor)
            assert len([c for c in menu if c.public]) <= 12, [c.key for c in menu]
            for c in menu:
                for part in c.parts:
                    assert part.key == "gold" or len(part.options) <= 8
                    assert all(o.label for o in part.options)
                assert c.label and c.sentence and c.group
            assert not [c for c in menu if c.enabled is False and not c.why]


def test_every_combination_of_a_move_block_is_one_of_the_legal_moves():
    for state in states(seed=9):
        if not state.pending or state.pending[0].kind not in ("move_block", "joker", "joker_carry"):
            continue
        for c in GAME.menu(state, state.pending[0].seat):
            if c.key in ("move", "joker:move_block"):
                combos = {(x["pyramid"], x["level"], x["to"]) for x in c.legal}
                picks = list(product(*[[o.value for o in p.options] for p in c.parts]))
                for p in picks:
                    if p in combos:
                        assert complete(c, dict(zip(("pyramid", "level", "to"), p)))
                return
    pytest.skip("no move-a-block decision in these games")


def test_a_physical_draw_of_blue_markers_is_entered_by_the_starting_player():
    """Advanced game with real markers drawn: the starting player's menu has the draw as
    one picker of n - 1 markers; nobody else's has anything."""
    for state in states(seed=4):
        if state.phase != "auction_draw":
            continue
        draw = GAME.menu(state, state.starting)
        assert [c.key for c in draw] == ["draw"] and draw[0].public
        assert draw[0].parts[0].count == state.n - 1
        assert all(GAME.menu(state, s) == [] for s in range(state.n) if s != state.starting)
        made = sorted(map(key_of, every_completion(draw[0])))
        assert made == sorted(key_of(a) for a, _ in GAME.chance_outcomes(state))
        return
    pytest.skip("no auction in these games")


def test_the_table_enters_a_physical_draw_through_the_starting_players_choice(journal):
    """Real blue markers drawn at the table: the frame offers the draw (a picker), and
    choosing the markers plays the draw."""
    from companion.table.controller import TableController
    from companion.table.session import Session

    session = Session.create(journal, "maya", NAMES[:4], options={"advanced": True}, seed=1, randomness="physical")
    table = TableController(session)
    rng = random.Random(2)
    for _ in range(20):
        if session.state.phase == "auction_draw":
            break
        seat = sorted(session.actors(), key=str)[0]
        assert table.play(rng.choice(session.legal_actions(seat)))
    assert session.state.phase == "auction_draw"
    draw = next(c for c in table.frame().choices if c.key == "draw")
    markers = draw.legal[0]["markers"]
    outcome = table.choose("draw", {"markers": markers})
    assert outcome.ok, outcome.sentence
    assert session.state.phase == "bidding" and list(session.state.blue_drawn) == list(markers)


def test_every_slot_of_a_group_has_its_own_place_whoever_plays():
    """Issue 22: a screen lays a group out by menu.places, so a choice's place never
    depends on what else is offered: every slot a menu uses has a place, the pass last."""
    import random

    from companion.games.maya import menu as M
    from companion.games.maya.views import public
    from companion.rules.engine import CHANCE

    for seed, n in ((1, 3), (2, 5)):
        rng = random.Random(seed)
        s = GAME.begin(GAME.setup(["A", "B", "C", "D", "E"][:n], {"advanced": n == 5}))
        for _ in range(300):
            if GAME.result(s) is not None:
                break
            view = public(s)
            for seat in range(n):
                for c in GAME.menu(s, seat):
                    places = M.places(view, c.group)
                    assert c.slot in places, (c.key, c.group, c.slot, places)
                    if c.slot == M.LAST:
                        assert places[-1] == M.LAST
            actor = rng.choice(sorted(GAME.actors(s), key=str))
            if actor == CHANCE:
                outs = GAME.chance_outcomes(s)
                action = rng.choices([o for o, _ in outs], [p for _, p in outs])[0]
            else:
                action = rng.choice(GAME.legal_actions(s, actor))
            s = GAME.apply(s, action)
