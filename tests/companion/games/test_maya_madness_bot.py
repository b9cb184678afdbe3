"""The greedy Maya Madness bot: aims for its own number, does not set up the next player,
plays Temple of Zero and Skip when they pay, sees only its own seat, and beats random play."""
import random
from collections import Counter

from companion.bots import Bot, get_bot
from companion.games import get_game
from companion.games.maya_madness.bot import GreedyBot
from companion.rules.engine import CHANCE, TABLE

G = get_game("maya-madness")
BOX = Counter({"+1": 7, "-1": 7, "+2": 7, "-2": 7, "+3": 4, "-3": 4, "+4": 4, "-4": 4, "+5": 3, "-5": 3,
               "0": 7, "wild": 4, "skip": 3, "reverse": 3, "temple": 2})
GREEDY = get_bot("maya-madness", "greedy")
RANDOM = get_bot("maya-madness", "random")


def started(hands, start, secrets):
    """A full-deck game where seat 0 holds hands[0] and so on (seat 0 plays first)."""
    n = len(hands)
    order = [hands[i % n][i // n] for i in range(5 * n)] + [start]
    order += sorted((BOX - Counter(order)).elements())
    s = G.setup(["Ana", "Ben", "Cy", "Dee"][:n], {"deck": "full"})
    s = G.apply(s, {"actor": CHANCE, "type": "shuffle", "order": order})
    for seat, token in enumerate(secrets):
        s = G.apply(s, {"actor": CHANCE, "type": "draw_token", "seat": seat, "token": token})
    return s


def choice(s, seat=0, seed=0):
    """The bot's move from what the seat may know: its own view and its legal actions."""
    return GREEDY.choose(G, G.view(s, seat), G.legal_actions(s, seat), random.Random(seed))


OTHER = ["+2", "-3", "-4", "+5", "-1"]


def test_the_greedy_bot_is_registered():
    assert isinstance(GREEDY, GreedyBot) and isinstance(GREEDY, Bot)


def test_it_plays_the_card_that_makes_its_number():
    """Rulebook, Example of Play: at count 8 with secret number 6, play the −2 (not the Wild)."""
    s = started([["+3", "+1", "+1", "+1", "+1"], ["-2", "wild", "+1", "temple", "0"]], start="+5", secrets=(9, 6))
    s = G.apply(s, {"actor": 0, "type": "play", "card": "+3"})  # 8
    assert choice(s, seat=1) == {"actor": 1, "type": "play", "card": "-2"}


def test_it_uses_temple_of_zero_when_that_makes_its_number():
    """Temple of Zero brings the count to 0 and gives another play: 0 then 3 reaches a secret 3."""
    s = started([["+4", "+1", "+1", "+1", "+1"], ["temple", "+3", "+1", "+1", "+2"]], start="+5", secrets=(10, 3))
    s = G.apply(s, {"actor": 0, "type": "play", "card": "+4"})  # 9: no card reaches 3 directly
    assert choice(s, seat=1)["card"] == "temple"
    s = G.apply(s, choice(s, seat=1))
    assert choice(s, seat=1)["card"] == "+3"
    assert G.view(G.apply(s, choice(s, seat=1)), TABLE)["players"][1]["token_values"] == [3]


def test_it_keeps_temple_of_zero_when_a_number_card_does():
    s = started([["temple", "+3", "+1", "-1", "+2"], OTHER], start="+2", secrets=(5, 9))
    assert choice(s)["card"] == "+3"


def test_with_two_players_it_skips_to_keep_its_own_number():
    """Rulebook, Tips: in a two-player game you can use the Skip card to keep the count on your number."""
    s = started([["skip", "+3", "+1", "-1", "+2"], OTHER], start="+4", secrets=(4, 9))
    assert choice(s)["card"] == "skip"


def test_it_does_not_leave_the_count_where_the_next_player_could_hit():
    """Secret numbers are 1 to 10: when it cannot win, it leaves the count out of the next player's reach."""
    s = started([["+5", "-5", "+1", "-1", "+2"], OTHER], start="+3", secrets=(10, 9))
    a = choice(s)
    assert a["card"] == "-5"  # count −2, rather than 8, 4, 2 or 5


def test_it_decides_from_its_own_view_only():
    """Dealing every other seat's secret, the hands and the draw pile anew never changes its choice."""
    rng = random.Random(7)
    checked = 0
    for seed in range(40):
        s = G.setup(["Ana", "Ben", "Cy"], {"deck": "full", "advanced": seed % 2 == 0})
        while G.result(s) is None and checked < 400:
            (actor,) = G.actors(s)
            if actor == CHANCE:
                s = G.apply(s, G.sample_chance(s, rng))
                continue
            other = s._replace(
                secrets=tuple(v if i == actor else (v % 10) + 1 for i, v in enumerate(s.secrets)),
                hands=tuple(h if i == actor else tuple(sorted(h)) for i, h in enumerate(s.hands)),
                pile=s.pile[::-1],
            )
            assert choice(s, actor, seed) == choice(other, actor, seed)
            s = G.apply(s, choice(s, actor, seed))
            checked += 1
    assert checked == 400


def _match(n, games, seed, options):
    rng = random.Random(seed)
    wins = 0
    for k in range(games):
        greedy_seat = k % n  # every seat in turn, so the first player's edge cancels out
        s = G.setup(["Ana", "Ben", "Cy", "Dee"][:n], options)
        while G.result(s) is None:
            (actor,) = G.actors(s)
            if actor == CHANCE:
                a = G.sample_chance(s, rng)
            else:
                legal = G.legal_actions(s, actor)
                a = GREEDY.choose(G, G.view(s, actor), legal, rng) if actor == greedy_seat else rng.choice(legal)
            s = G.apply(s, a)
        wins += greedy_seat in G.result(s).winners
    return wins / games


def test_greedy_beats_random_clearly():
    """Over 200 two-player games with the full deck (fixed seed), greedy wins far more than half;
    at a table of four it wins far more than a quarter."""
    assert _match(2, 200, seed=1, options={"deck": "full"}) >= 0.85
    assert _match(4, 100, seed=2, options={"deck": "full"}) >= 0.6


def test_in_advanced_play_it_does_not_guess_blindly():
    """With twenty tokens a first guess is right about one time in ten, and a wrong one hands
    over its own token: the greedy bot plays a card instead."""
    rng = random.Random(3)
    for seed in range(20):
        s = G.setup(["Ana", "Ben", "Cy"], {"deck": "full", "advanced": True})
        while G.view(s, TABLE)["phase"] != "play":  # shuffle, a Wild start, first draws
            (actor,) = G.actors(s)
            s = G.apply(s, G.sample_chance(s, rng) if actor == CHANCE else choice(s, actor))
        assert choice(s, seat=0, seed=seed)["type"] == "play"
