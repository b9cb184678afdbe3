"""Hidden information: the TABLE view never shows a concealed card's value, a
sealed bid or a player's remaining cards; a seat view shows that seat's own.

Proved as a property over random games: two states that differ only in hidden
information give the same TABLE view, and the same view for a seat whose own
secrets are equal."""
import json
import random

from hypothesis import given
from hypothesis import strategies as st

from companion.games.maya import GAME
from companion.games.maya.state import BIDDING, replace
from companion.rules.engine import CHANCE, TABLE
from companion.rules.viewschema import problems

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
        table = GAME.view(state, TABLE)
        assert problems(table, TABLE, n) == []
        assert GAME.view(twin, TABLE) == table
        seat = rng.randrange(n)
        assert problems(GAME.view(state, seat), seat, n) == []
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
    """A seat's secrets are under `you` (its cards, its concealed cards' values, its
    bid); everything else in its view is exactly the TABLE view."""
    seen_bid = seen_card = False
    for state in random_states(7, 5, True):
        table = GAME.view(state, TABLE)
        assert "you" not in table
        for seat in range(5):
            view = GAME.view(state, seat)
            json.dumps(view)
            me = view.pop("you")
            assert view == table
            assert me["cards"] == list(state.cards[seat])
            laid = {(x["quarry"], x["index"]): x["value"] for x in me["laid"]}
            for q, quarry in enumerate(state.quarries):
                for i, (owner, v) in enumerate(quarry.cards):
                    if owner == seat and not quarry.revealed:
                        assert laid.pop((q, i)) == v
                        seen_card = True
                    elif not quarry.revealed:
                        assert "value" not in table["quarries"][q]["cards"][i]
            assert laid == {}
            if state.phase == BIDDING and state.bids[seat] is not None:
                assert me["bid"] == state.bids[seat]
                seen_bid = True
    assert seen_bid and seen_card


def test_every_view_follows_the_schema_and_events_are_sentences():
    """Over random games of 3 to 5 players: every TABLE and seat view passes the
    schema; the events say in words what each action caused, and a TABLE
    sentence never names a sealed bid."""
    said = 0
    for seed, n in ((21, 3), (22, 4), (23, 5)):
        for state in random_states(seed, n, seed % 2 == 0):
            for viewer in [TABLE, *range(n)]:
                assert problems(GAME.view(state, viewer), viewer, n) == []
            table = GAME.view(state, TABLE)
            assert table["waiting_for"]["sentence"] or table["phase"] == "over"
            for e in table["events"]:
                assert e["sentence"], e
                said += 1
                if e["kind"] == "action" and e["action"]["type"] == "bid":
                    assert "gold" not in e["action"] and "bid" not in e["sentence"].replace("seals a bid", "")
    assert said > 300


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
            # the bot is handed the seat's view and legal actions, nothing else
            choice = bot.choose(GAME, GAME.view(state, seat), GAME.legal_actions(state, seat), random.Random(seed))
            assert choice in GAME.legal_actions(state, seat)
            again = bot.choose(GAME, GAME.view(twin, seat), GAME.legal_actions(twin, seat), random.Random(seed))
            assert again == choice
            checked += 1
    assert checked > 200


def test_the_round_summary_is_tables_a_screen_draws_from_the_game_s_numbers():
    """Issue 22 §3: the round's end is drawn as tables, so the game gives them: a row
    per player (seat and name), a cell per pyramid with the gold of each level it paid
    ("L1 3 · L2 4") and the round's total, and the blocks each takes off each pyramid."""
    from companion.games.maya.round_words import erosion_table, gold_table

    names = ["Ana", "Ben", "Cy"]
    view = {"players": [{"seat": s, "name": n} for s, n in enumerate(names)],
            "pyramids": [{"name": n} for n in ("Tikal", "Copan")]}
    e = {"payments": [[[3, 1, 0], [0, 4, 0]], [[0, 0, 0], [0, 0, 0]]], "eroded": True,
         "removed": [[[1, 1, 0], [0, 1, 0]], [[0, 0, 0], [0, 0, 2]]]}
    gold = gold_table(view, e)
    assert gold["columns"][-1] == "Total" and [r["name"] for r in gold["rows"]] == names
    assert gold["rows"][1]["cells"] == ["L1 1 · L2 4", "—", "5g"]
    assert gold["rows"][2]["cells"] == ["—", "—", "0g"]
    off = erosion_table(view, e)
    assert off["rows"][1]["cells"] == ["L1 L2", "—"] and off["rows"][2]["cells"] == ["—", "L2×2"]
    assert erosion_table(view, {**e, "eroded": False}) is None, "the last round takes nothing off"
