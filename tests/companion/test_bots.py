"""Bots decide from the seat's view and its legal actions only (issue 9, point 5), and
every bot refuses the same way when asked to move for a seat that has nothing to do."""
import json
import random

import pytest

from companion import bots
from companion.bots import Bot, available_kinds, get_bot, move
from companion.cli.main import simulate
from companion.errors import BadOption
from companion.games import available, get_game

BOTS = [(name, kind) for name in available() for kind in available_kinds(name)]




@pytest.mark.parametrize("name,kind", BOTS)
def test_a_bot_asked_to_move_for_a_seat_that_may_not_act_says_so(name, kind):
    game = get_game(name)
    state = game.setup(["Ana", "Ben", "Cy"])
    idle = next(s for s in range(3) if not game.legal_actions(state, s))
    with pytest.raises(BadOption, match=f"Seat {idle} has no legal action now, so no bot can move for it."):
        move(get_bot(name, kind), game, state, idle, random.Random(0))


class Spy(Bot):
    """Wraps a bot and writes down everything it is handed."""

    def __init__(self, inner):
        self.inner, self.calls = inner, []

    def choose(self, game, view, legal, rng):
        self.calls.append((game, view, legal, rng))
        return self.inner.choose(game, view, legal, rng)


def spied_simulation(monkeypatch, name, kind, players):
    inner = get_bot(name, kind)
    if not inner.takes_view:
        pytest.skip(f"the {kind} bot of {name} still reads the state (its game helper converts it)")
    spy = Spy(inner)
    monkeypatch.setattr(bots, "get_bot", lambda *_a, **_k: spy)
    summary = simulate(name, players, 3, seed=11, bot_kind=kind)
    assert sum(summary["wins"]) + summary["no_winner"] >= 3 - summary["shared_wins"]
    return spy.calls


@pytest.mark.parametrize("name,kind", BOTS + [("charms", "greedy"), ("charms", "random")])
def test_simulate_hands_a_bot_the_seats_view_and_legal_actions_and_nothing_else(monkeypatch, charms, name, kind):
    game = get_game(name)
    calls = spied_simulation(monkeypatch, name, kind, max(game.min_players, 3 if game.max_players >= 3 else 2))
    assert calls, "the bots moved"
    for got_game, view, legal, rng in calls:
        assert got_game is game and isinstance(rng, random.Random)
        json.dumps(view), json.dumps(legal)  # plain data: nothing in it leads back to the state
        seat = view["you"]["seat"]
        assert legal and all(a["actor"] == seat for a in legal), "the seat's own legal actions"


def test_a_bot_sees_its_own_secret_and_no_other_seats(monkeypatch, charms):
    calls = spied_simulation(monkeypatch, "charms", "greedy", 3)
    for _game, view, _legal, _rng in calls:
        seat = view["you"]["seat"]
        assert view["you"]["charm"] in range(1, 10)
        for p in view["players"]:
            if p["seat"] != seat:
                assert p["charm"] is None or p["score"] >= p["charm"], "another charm only once it was shown"


def test_a_bot_written_the_older_way_still_moves_through_move(charms):
    class Old(Bot):
        def choose(self, game, state, seat, rng):
            return game.legal_actions(state, seat)[0]

    game = charms
    state = game.setup(["Ana", "Ben"])
    while game.actors(state) == {"chance"}:
        state = game.apply(state, game.sample_chance(state, random.Random(1)))
    assert not Old.takes_view
    assert move(Old(), game, state, 0, random.Random(0)) == {"actor": 0, "type": "step"}
    assert get_bot("charms", "random").choose(game, state, 0, random.Random(0))["actor"] == 0, \
        "a view-taking bot still accepts the older call"
