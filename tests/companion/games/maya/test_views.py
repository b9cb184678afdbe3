"""Hidden information: the TABLE view never shows a concealed card's value, a
sealed bid or a player's remaining cards; a seat view shows that seat's own.

Proved as a property over random games: two states that differ only in hidden
information give the same TABLE view, and the same view for a seat whose own
secrets are equal."""
import json
import random

from hypothesis import given, strategies as st

from companion.engine import CHANCE, TABLE
from companion.games.maya import GAME
from companion.games.maya.state import BIDDING, replace

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]


def scramble(state, rng, keep=None):
    """A twin of `state` with every other seat's secrets changed: worker card
    values swapped within their kind (a card's back shows low or high) among
    the seat's hand and concealed cards, and sealed bids changed."""
    low = state.box.low_values
    cards = list(state.cards)
    columns = [list(q.cards) for q in state.quarries]
    for seat in range(state.n):
        if seat == keep:
            continue
        spots = [("hand", i, v) for i, v in enumerate(cards[seat])]
        spots += [(q, i, v) for q, col in enumerate(columns) if not state.quarries[q].revealed
                  for i, (owner, v) in enumerate(col) if owner == seat]
        for kind in (True, False):
            group = [sp for sp in spots if (sp[2] in low) == kind]
            values = [v for _, _, v in group]
            rng.shuffle(values)
            hand = list(cards[seat])
            for (where, i, _), v in zip(group, values):
                if where == "hand":
                    hand[i] = v
                else:
                    columns[where][i] = (seat, v)
            cards[seat] = tuple(sorted(hand))
    quarries = tuple(replace(q, cards=tuple(col)) for q, col in zip(state.quarries, columns))
    bids = state.bids
    if state.phase == BIDDING:
        bids = tuple(b if (b is None or s == keep) else rng.randint(0, state.gold[s]) for s, b in enumerate(bids))
    return replace(state, cards=tuple(cards), quarries=quarries, bids=bids)


def secrets_of(state, seat):
    own = [v for q in state.quarries if not q.revealed for owner, v in q.cards if owner == seat]
    return sorted(state.cards[seat]), own, state.bids[seat] if state.phase == BIDDING else None


def random_states(seed, n, advanced):
    rng = random.Random(seed)
    state = GAME.setup(NAMES[:n], {"advanced": advanced})
    while GAME.result(state) is None:
        yield state
        actor = rng.choice(sorted(GAME.actors(state), key=str))
        action = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(GAME.legal_actions(state, actor))
        state = GAME.apply(state, action)
    yield state


@given(seed=st.integers(0, 10**9), n=st.sampled_from([3, 4, 5]), advanced=st.booleans())
def test_states_differing_only_in_secrets_look_the_same(seed, n, advanced):
    rng = random.Random(seed)
    for state in random_states(seed, n, advanced):
        if rng.random() > 0.3:
            continue
        twin = scramble(state, rng)
        assert GAME.view(twin, TABLE) == GAME.view(state, TABLE)
        seat = rng.randrange(n)
        twin = scramble(state, rng, keep=seat)
        assert secrets_of(twin, seat) == secrets_of(state, seat)
        assert GAME.view(twin, seat) == GAME.view(state, seat)


def test_the_property_would_catch_a_leak():
    """The twins really differ: a view that showed hand values would fail."""
    rng = random.Random(3)
    differed = 0
    for state in random_states(11, 4, True):
        twin = scramble(state, rng)
        differed += twin.cards != state.cards or twin.bids != state.bids
    assert differed > 50


def test_a_seat_sees_its_own_secrets_and_no_one_elses():
    rng = random.Random(5)
    seen_bid = seen_card = False
    for state in random_states(7, 5, True):
        for seat in range(5):
            view = GAME.view(state, seat)
            json.dumps(view)
            me = view["players"][seat]
            assert me["cards"] == list(state.cards[seat])
            for other in range(5):
                if other != seat:
                    assert "cards" not in view["players"][other] and "bid" not in view["players"][other]
            for q, quarry in zip(view["quarries"], state.quarries):
                for card, (owner, v) in zip(q["cards"], quarry.cards):
                    if owner == seat or quarry.revealed:
                        assert card["value"] == v
                        seen_card = True
                    else:
                        assert "value" not in card
            if state.phase == BIDDING and state.bids[seat] is not None:
                assert me["bid"] == state.bids[seat]
                seen_bid = True
    assert seen_bid and seen_card
    del rng


def test_greedy_bot_decides_only_from_what_its_seat_may_see():
    from companion.bots import get_bot

    bot = get_bot("maya", "greedy")
    rng = random.Random(9)
    checked = 0
    for seed in range(4):
        for state in random_states(seed, 4, seed % 2 == 1):
            actors = [a for a in GAME.actors(state) if a != CHANCE]
            if not actors or rng.random() > 0.5:
                continue
            seat = rng.choice(actors)
            twin = scramble(state, rng, keep=seat)
            choice = bot.choose(GAME, state, seat, random.Random(seed))
            assert bot.choose(GAME, twin, seat, random.Random(seed)) == choice
            checked += 1
    assert checked > 200
