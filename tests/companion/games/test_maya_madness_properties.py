"""Maya Madness over many random games: privacy, conservation, determinism, robustness.

Privacy (DESIGN.md, "Hidden information goes through view only"): two states that
differ only in hidden information give identical TABLE views, and a seat's view
does not change when only other seats' hidden information changes, so it can
never show another seat's secret.
"""
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalAction
from companion.games import get_game
from companion.games.maya_madness.rules import deck_in_play
from companion.rules.engine import CHANCE, TABLE, play_random

G = get_game("maya-madness")
NAMES = ("Ana", "Ben", "Cy", "Dee")

games = st.fixed_dictionaries({
    "seed": st.integers(0, 2**32),
    "n": st.integers(2, 4),
    "deck": st.sampled_from(["physical", "full"]),
    "advanced": st.booleans(),
    "steps": st.integers(0, 400),
})


def random_state(g):
    """A state `steps` random actions into a random game (or its end)."""
    rng = random.Random(g["seed"])
    s = G.setup(NAMES[:g["n"]], {"deck": g["deck"], "advanced": g["advanced"]})
    for _ in range(g["steps"]):
        if G.result(s) is not None:
            break
        (actor,) = G.actors(s)
        s = G.apply(s, G.sample_chance(s, rng) if actor == CHANCE else rng.choice(G.legal_actions(s, actor)))
    return s


def twin(s, rng, keep=None):
    """`s` with every piece of information hidden from seat `keep` (None: from the table)
    dealt anew: secrets, the face-down pool, in advanced play the values of tokens won,
    the hands and the draw pile's order. Public facts stay as they are."""
    hidden = [i for i in range(s.n) if i != keep]
    tokens = [v for v, k in enumerate(s.pool) for _ in range(k)]
    tokens += [s.secrets[i] for i in hidden if s.secrets[i] is not None]
    if s.advanced:
        tokens += [v for i in hidden for v in s.won[i]]
    rng.shuffle(tokens)
    secrets, won = list(s.secrets), list(s.won)
    for i in hidden:
        if secrets[i] is not None:
            secrets[i] = tokens.pop()
        if s.advanced:
            won[i] = tuple(tokens.pop() for _ in won[i])
    pool = [0] * len(s.pool)
    for v in tokens:
        pool[v] += 1
    fields = {"secrets": tuple(secrets), "won": tuple(won), "pool": tuple(pool)}
    if s.deck_mode == "full":
        cards = list(s.pile) + [c for i in hidden for c in s.hands[i]]
        rng.shuffle(cards)
        hands = list(s.hands)
        for i in hidden:
            hands[i] = tuple(cards.pop() for _ in hands[i])
        fields.update(hands=tuple(hands), pile=tuple(cards))
    return s._replace(**fields)


@given(games, st.randoms(use_true_random=False))
@settings(max_examples=200)
def test_table_view_shows_nothing_hidden(g, rng):
    s = random_state(g)
    t = twin(s, rng)
    assert G.view(t, TABLE) == G.view(s, TABLE)
    assert G.actors(t) == G.actors(s)


@given(games, st.randoms(use_true_random=False), st.integers(0, 3))
@settings(max_examples=200)
def test_a_seat_view_never_shows_another_seats_secrets(g, rng, seat):
    s = random_state(g)
    seat %= s.n
    t = twin(s, rng, keep=seat)
    assert G.view(t, seat) == G.view(s, seat)


def test_the_twins_really_differ_and_a_seat_sees_its_own_secret():
    """The privacy properties would be empty if twins were equal: check they are not,
    and that a seat's own view does change with its own secret."""
    differ = 0
    for seed in range(30):
        s = random_state({"seed": seed, "n": 3, "deck": "full", "advanced": True, "steps": 60})
        t = twin(s, random.Random(seed))
        differ += (t.secrets, t.hands) != (s.secrets, s.hands)
        if t.secrets[0] != s.secrets[0]:
            assert G.view(t, 0)["you"]["secret"] != G.view(s, 0)["you"]["secret"]
    assert differ >= 25


def test_many_random_games_keep_every_card_and_token_and_end_with_a_winner():
    rng = random.Random(2024)
    for k in range(300):
        n, deck, advanced = 2 + k % 3, ("physical", "full")[k // 3 % 2], bool(k // 6 % 2)
        s = G.setup(NAMES[:n], {"deck": deck, "advanced": advanced, "tokens_to_win": 3 + k % 8})
        box = Counter(s.deck)
        steps = 0
        while G.result(s) is None:
            (actor,) = G.actors(s)
            s = G.apply(s, G.sample_chance(s, rng) if actor == CHANCE else rng.choice(G.legal_actions(s, actor)))
            steps += 1
            held = sum(1 for x in s.secrets if x is not None) + sum(len(w) for w in s.won)
            assert held + sum(s.pool) == 20
            if deck == "full" and s.discard:
                assert deck_in_play(s) == box
        r = G.result(s)
        assert r.winners and max(r.scores) == r.scores[r.winners[0]]
        if r.detail["reason"] == "tokens":
            assert r.winners == (r.ranking[0],) and r.scores[r.winners[0]] == s.to_win
        else:
            assert n * s.to_win > 20  # the pool can only run dry when it holds too few tokens
        json.dumps([G.view(s, TABLE)] + [G.view(s, i) for i in range(n)])


@given(games)
@settings(max_examples=30)
def test_replay_gives_the_same_game(g):
    """Chance outcomes are in the actions: replaying the actions needs no random numbers."""
    rng = random.Random(g["seed"])
    s0 = G.setup(NAMES[:g["n"]], {"deck": g["deck"], "advanced": g["advanced"]})
    end, actions = play_random(G, s0, rng)
    s = s0
    for a in json.loads(json.dumps(actions)):
        s = G.apply(s, a)
    assert s == end and G.result(s) == G.result(end)


junk = st.fixed_dictionaries({
    "actor": st.one_of(st.integers(-2, 5), st.just(CHANCE), st.none(), st.booleans(), st.lists(st.none(), max_size=1)),
    "type": st.one_of(st.sampled_from(["play", "guess", "end_turn", "draw_token", "shuffle", "reshuffle",
                                       "start_card", "start_count", "nope"]), st.lists(st.none(), max_size=1)),
}, optional={
    "card": st.one_of(st.sampled_from(["+1", "-5", "0", "wild", "skip", "reverse", "temple", "+6"]), st.integers(),
                      st.lists(st.integers(), max_size=1), st.dictionaries(st.text(max_size=1), st.none(), max_size=1)),
    "value": st.one_of(st.integers(-7, 7), st.none(), st.text(max_size=2), st.lists(st.none(), max_size=1),
                       st.floats(-6, 6)),
    "target": st.one_of(st.integers(-1, 4), st.text(max_size=1)),
    "number": st.one_of(st.integers(-1, 12), st.floats()),
    "seat": st.one_of(st.integers(-1, 4), st.floats(0, 1), st.booleans()),
    "token": st.integers(-1, 12),
    "count": st.one_of(st.integers(-7, 7), st.floats(-6, 6)),
    "order": st.lists(st.sampled_from(["+1", "0", "wild"]), max_size=5),
})


@given(games, st.lists(junk, min_size=1, max_size=8))
def test_any_action_is_applied_or_refused_with_a_sentence_and_refusal_changes_nothing(g, actions):
    s = random_state(g)
    for a in actions:
        before = G.view(s, TABLE)
        try:
            s = G.apply(s, a)
            assert s.count is None or type(s.count) is int
        except IllegalAction as e:
            assert str(e).endswith((".", "!")) and str(e)[0].isupper()
            assert G.view(s, TABLE) == before
