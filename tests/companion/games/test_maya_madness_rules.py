"""Maya Madness: setup, every card's effect, two-player rules, tokens and winning.

Each test cites the rulebook (../shared/rules/maya-madness.txt) where it checks
a printed rule; choices the rulebook leaves open cite docs/rules-notes.md.
Most tests use the physical deck mode: the players hold real cards and the
companion records each card played.
"""
import pytest
from madness_steps import NAMES, G, draw_all, play, said, table

from companion.errors import BadOption, IllegalAction
from companion.rules.engine import CHANCE


def start(n=2, start_card="+1", secrets=(6, 9, 3, 4), **options):
    """A physical-deck game after the starting card and every first token draw."""
    s = G.setup(NAMES[:n], options)
    s = G.apply(s, {"actor": s.dealer, "type": "start_card", "card": start_card})
    if start_card == "wild":
        s = G.apply(s, {"actor": s.dealer, "type": "start_count", "count": 1})
    return draw_all(s, list(secrets))


# --- setup ------------------------------------------------------------------------


def test_the_player_left_of_the_dealer_goes_first():
    """Rulebook, Game Play Overview: the player to the left of the dealer goes first, then clockwise.
    By default the dealer is the last seat, so seat 0 plays first."""
    s = start(n=3)
    assert table(s)["dealer"] == 2 and table(s)["turn"] == 0
    s = play(s, 0, "+1")
    assert table(s)["turn"] == 1
    s = start(n=3, dealer=0)
    assert table(s)["turn"] == 1


@pytest.mark.parametrize("card,count", [("+3", 3), ("-4", -4), ("0", 0), ("skip", 0), ("reverse", 0), ("temple", 0)])
def test_starting_count_from_the_turned_over_card(card, count):
    """Rulebook, Setup: a number card gives its value; Skip or Reverse gives zero.
    Temple of Zero gives zero too (docs/rules-notes.md)."""
    s = start(start_card=card)
    v = table(s)
    assert v["count"] == count
    assert v["direction"] == "clockwise" and v["turn"] == 0  # a Reverse or Skip there does nothing else


def test_a_wild_starting_card_lets_the_dealer_choose():
    """Rulebook, Setup note: if it's a Wild card, the dealer chooses the starting count."""
    s = G.setup(["Ana", "Ben", "Cy"])
    s = G.apply(s, {"actor": 2, "type": "start_card", "card": "wild"})
    assert table(s)["phase"] == "start_count"
    assert "Cy, the dealer" in table(s)["waiting_for"]["sentence"]
    with pytest.raises(IllegalAction, match="Cy, the dealer, chooses the starting count, not Ana"):
        G.apply(s, {"actor": 0, "type": "start_count", "count": 3})
    with pytest.raises(IllegalAction):
        G.apply(s, {"actor": 2, "type": "start_count", "count": 0})
    s = G.apply(s, {"actor": 2, "type": "start_count", "count": -3})
    assert table(s)["count"] == -3


def test_each_player_draws_a_secret_token_that_only_they_see():
    """Rulebook, Setup: each player draws one token, looks at it and keeps it face down."""
    s = start(secrets=(6, 9))
    assert G.view(s, 0)["you"]["secret"] == 6
    assert G.view(s, 1)["you"]["secret"] == 9
    assert "9" not in str(G.view(s, 0)["players"])
    assert "secret" not in str(table(s)["players"]).replace("has_secret", "")
    assert table(s)["pool"] == 18


# --- number and power cards --------------------------------------------------------


def test_number_cards_add_or_subtract():
    """Rulebook, Using the Number Line: count 4 and a 5 card gives 9; count 3 and a −5 card gives −2."""
    s = start(n=2, start_card="+4", secrets=(10, 10))
    s = play(s, 0, "+5")
    assert table(s)["count"] == 9
    s = start(n=2, start_card="+3", secrets=(10, 10))
    s = play(s, 0, "-5")
    assert table(s)["count"] == -2
    assert said(table(s)) == "Ana plays a −5: the count is −2."


def test_zero_keeps_the_count():
    s = start(start_card="+4")
    s = play(s, 0, "0")
    assert table(s)["count"] == 4 and table(s)["turn"] == 1


@pytest.mark.parametrize("value", [-5, -1, 1, 5])
def test_wild_counts_as_any_number_from_minus_five_to_five(value):
    """Rulebook, Card Actions: Wild can be any number card value, −5 to −1 or 1 to 5."""
    s = start(start_card="+2", secrets=(10, 10))
    s = play(s, 0, "wild", value)
    assert table(s)["count"] == 2 + value


@pytest.mark.parametrize("bad", [0, 6, -6, None, "3", True])
def test_wild_needs_a_value_from_the_card_list(bad):
    s = start()
    with pytest.raises(IllegalAction, match="Wild"):
        G.apply(s, {"actor": 0, "type": "play", "card": "wild", "value": bad})


def test_skip_skips_the_next_player_and_keeps_the_count():
    """Rulebook, Card Actions: Skip – skip the next player's turn. The count remains the same."""
    s = start(n=3, start_card="+2")
    s = play(s, 0, "skip")
    v = table(s)
    assert v["count"] == 2 and v["turn"] == 2
    assert said(v) == "Ana plays a Skip: the count stays 2. Ben is skipped."


def test_reverse_negates_the_count_and_turns_play_around():
    """Rulebook, Card Actions: Reverse – if the count is 6 it becomes −6; if −1 it becomes 1;
    and the order of play is reversed."""
    s = start(n=3, start_card="+5", secrets=(9, 8, 10))
    s = play(s, 0, "+1")  # 6
    s = play(s, 1, "reverse")
    v = table(s)
    assert v["count"] == -6 and v["direction"] == "counterclockwise" and v["turn"] == 0
    s = play(s, 0, "+5")  # -1
    assert table(s)["turn"] == 2  # counterclockwise from Ana is Cy
    s = play(s, 2, "reverse")
    assert table(s)["count"] == 1 and table(s)["direction"] == "clockwise" and table(s)["turn"] == 0


def test_temple_of_zero_brings_the_count_to_zero_and_gives_another_play():
    """Rulebook, Card Actions: Temple of Zero – count 7 returns to 0 (and −2 to 0);
    you play another card from your hand right away."""
    for first, second, before in (("+2", "0", 7), ("-5", "-2", -2)):
        s = start(n=3, start_card="+5", secrets=(9, 8, 10))
        s = play(s, 0, first)
        s = play(s, 1, second)
        assert table(s)["count"] == before
        s = play(s, 2, "temple")
        v = table(s)
        assert v["count"] == 0 and v["turn"] == 2 and v["bonus"]
        assert v["waiting_for"]["sentence"] == "Cy plays another card at once."
        s = play(s, 2, "+3")
        assert table(s)["count"] == 3 and table(s)["turn"] == 0


def test_after_a_reverse_skip_skips_the_next_player_the_other_way():
    """Rulebook, Card Actions: Reverse reverses the order of play; Skip skips the next player."""
    s = start(n=4, start_card="+2", secrets=(9, 8, 10, 7))
    s = play(s, 0, "reverse")  # count −2; next is Dee (seat 3)
    assert table(s)["turn"] == 3
    s = play(s, 3, "skip")  # Cy is skipped; Ben plays
    v = table(s)
    assert v["turn"] == 1 and v["count"] == -2 and said(v).endswith("Cy is skipped.")


# --- two players ---------------------------------------------------------------------


def test_two_players_skip_means_play_another_card():
    """Rulebook, note for two players: if you play a Skip card, just play another card afterward."""
    s = start(n=2, start_card="+2", secrets=(9, 9))
    s = play(s, 0, "skip")
    v = table(s)
    assert v["turn"] == 0 and v["bonus"] and v["count"] == 2
    with pytest.raises(IllegalAction, match="It is Ana's turn, not Ben's."):
        play(s, 1, "+1")
    s = play(s, 0, "+1")
    assert table(s)["turn"] == 1


def test_two_players_reverse_only_switches_the_sign():
    """Rulebook, note for two players: a Reverse only switches the positive/negative count."""
    s = start(n=2, start_card="+4", secrets=(9, 9))
    s = play(s, 0, "reverse")
    v = table(s)
    assert v["count"] == -4 and v["turn"] == 1 and v["direction"] == "clockwise"
    s = play(s, 1, "reverse")
    assert table(s)["count"] == 4 and table(s)["turn"] == 0


# --- secret tokens ---------------------------------------------------------------------


def test_example_of_play():
    """Rulebook, Example of Play: two players, your secret number is 6, the starting count is 1.
    You play the 4 (count 5); your opponent plays a 3 (count 8); you play the −2, announce 6,
    turn over your token 6 and pick a new secret number."""
    s = start(n=2, start_card="+1", secrets=(6, 2))
    s = play(s, 0, "+4")
    assert table(s)["count"] == 5
    s = play(s, 1, "+3")
    assert table(s)["count"] == 8
    s = play(s, 0, "-2")
    v = table(s)
    assert v["count"] == 6
    assert v["players"][0]["tokens"] == 1 and v["players"][0]["token_values"] == [6]
    assert "Ana makes the count 6 and wins the secret token 6!" in said(v)
    # Ana picks a new secret number before Ben plays
    assert v["waiting_for"] == {"actors": [CHANCE], "sentence": "Ana draws a secret token."} and v["draws_next"] == 0
    assert G.view(s, 0)["you"]["secret"] is None
    s = G.apply(s, {"actor": CHANCE, "type": "draw_token", "seat": 0, "token": 4})
    assert G.view(s, 0)["you"]["secret"] == 4 and table(s)["turn"] == 1


def test_you_only_win_your_token_on_your_turn():
    """Rulebook, Uncovering Tokens note: it doesn't count if another player makes the count
    equal to your secret number on his turn. Rulebook, Tips: play a 0 to keep it there for your turn."""
    s = start(n=2, start_card="+1", secrets=(10, 4))
    s = play(s, 0, "+3")  # count 4 = Ben's number, on Ana's turn
    assert table(s)["players"][1]["tokens"] == 0 and table(s)["turn"] == 1
    s = play(s, 1, "0")
    assert table(s)["players"][1]["token_values"] == [4]


def test_a_two_player_skip_keeps_your_number_for_you():
    """Rulebook, Tips: in a two-player game you could also use the Skip card to keep the count."""
    s = start(n=2, start_card="+1", secrets=(10, 4))
    s = play(s, 0, "+3")
    s = play(s, 1, "skip")
    v = table(s)
    assert v["players"][1]["token_values"] == [4] and v["phase"] == "draw_token"
    s = draw_all(s, [7])
    assert table(s)["turn"] == 1 and table(s)["bonus"]  # and Ben still plays another card


def test_a_skip_on_your_number_wins_the_token_at_a_table_of_three_by_default():
    """Rulebook, Uncovering Tokens: "If you are able to make the count equal to the number on your
    secret token on your turn, you win the token"; a Skip leaves the count as it was, like the 0 of
    the Tips. docs/rules-notes.md: option skip_wins, default "always"."""
    s = start(n=3, start_card="+1", secrets=(10, 4, 7))
    s = play(s, 0, "+3")  # count 4 = Ben's number, on Ana's turn
    s = play(s, 1, "skip")
    assert table(s)["players"][1]["token_values"] == [4]


def test_a_skip_wins_only_in_a_two_player_game_when_the_option_says_so():
    """Rulebook, Tips: "(In a two-player game, you could also use the Skip card for this.)" With
    skip_wins = "two_players" a Skip wins nothing at a table of three or four; a 0 still does."""
    s = start(n=3, start_card="+1", secrets=(10, 4, 7), skip_wins="two_players")
    s = play(s, 0, "+3")
    s = play(s, 1, "skip")  # Cy is skipped, Ana plays
    v = table(s)
    assert v["players"][1]["tokens"] == 0 and v["turn"] == 0 and v["count"] == 4
    s = play(s, 0, "0")
    s = play(s, 1, "0")
    assert table(s)["players"][1]["token_values"] == [4]
    s = start(n=2, start_card="+1", secrets=(10, 4), skip_wins="two_players")
    s = play(s, 0, "+3")
    s = play(s, 1, "skip")
    assert table(s)["players"][1]["token_values"] == [4]


def test_first_to_five_tokens_wins():
    """Rulebook, Winning the Game: the first player to uncover five secret number tokens wins."""
    s = start(n=2, start_card="0", secrets=(1, 10))
    for k in range(1, 6):
        s = play(s, 0, "+1")  # count k = Ana's secret k
        assert table(s)["players"][0]["tokens"] == k
        if k < 5:
            s = draw_all(s, [k + 1])
            s = play(s, 1, "0")
    r = G.result(s)
    assert r.winners == (0,) and r.scores == (5, 0) and r.detail["reason"] == "tokens"
    assert table(s)["phase"] == "over"
    assert said(table(s)).endswith("Ana has 5 tokens and wins the game!")
    assert G.actors(s) == frozenset() and G.legal_actions(s, 1) == []
    with pytest.raises(IllegalAction, match="The game is over"):
        play(s, 1, "0")


def test_tokens_to_win_is_an_option():
    s = start(n=2, start_card="0", secrets=(1, 10), tokens_to_win=3)
    for k in range(1, 4):
        s = play(s, 0, "+1")
        if k < 3:
            s = draw_all(s, [k + 1])
            s = play(s, 1, "0")
    assert G.result(s).winners == (0,)


def test_when_the_token_pool_runs_out_most_tokens_wins():
    """The rulebook is silent; docs/rules-notes.md: when a token must be drawn and none is
    left face down, the game ends and the most tokens wins (ties share the win)."""
    s = start(n=3, start_card="0", secrets=(1, 1, 2), tokens_to_win=10)
    while G.result(s) is None:
        if G.actors(s) == {CHANCE}:
            # draw the smallest token left, so the secrets stay within reach
            value = min(a["token"] for a, _ in G.chance_outcomes(s))
            s = G.apply(s, G.chance_outcomes(s)[0][0] | {"token": value})
            continue
        seat = table(s)["turn"]
        delta = G.view(s, seat)["you"]["secret"] - s.count
        s = play(s, seat, "wild", max(-5, min(5, delta))) if delta else play(s, seat, "0")
    r = G.result(s)
    assert r.detail["reason"] == "pool" and sum(r.scores) == 20 - 2
    best = max(r.scores)
    assert r.winners == tuple(i for i in range(3) if r.scores[i] == best)
    assert "No secret tokens are left face down" in said(table(s))


# --- illegal actions --------------------------------------------------------------------


def test_illegal_actions_name_the_reason_and_change_nothing():
    s = start(n=2)
    before = table(s)
    cases = [
        ({"actor": 1, "type": "play", "card": "+1"}, "It is Ana's turn, not Ben's."),
        ({"actor": 0, "type": "play", "card": "+9"}, "There is no card '\\+9'"),
        ({"actor": 0, "type": "play", "card": "+1", "value": 3}, "Only a Wild card takes a value"),
        ({"actor": 0, "type": "guess", "target": 1, "number": 9}, "only part of advanced play"),
        ({"actor": 0, "type": "dance"}, "Maya Madness has no action 'dance'"),
        ({"actor": 7, "type": "play", "card": "+1"}, "There is no player 7"),
        ({"actor": CHANCE, "type": "draw_token", "seat": 0, "token": 3}, "Nothing is to be drawn now: Ana is to act."),
        ({"type": "play"}, "needs an actor and a type"),
        ({"actor": 0, "type": "draw_token", "seat": 0, "token": 3}, "the companion's part, not Ana's."),
        ({"actor": CHANCE, "type": "play", "card": "+1"}, "Only a player can do that, not the draw."),
    ]
    for action, sentence in cases:
        with pytest.raises(IllegalAction, match=sentence):
            G.apply(s, action)
    assert table(s) == before


def test_the_dealer_acting_too_early_or_ending_a_turn_early_is_told_why():
    """Rulebook, Setup: the dealer turns over the starting card (and after a Wild chooses the
    count) before play begins; Game Play Overview: on your turn, play a card. A turn ends without
    a card only when a bonus play is due and none is left (docs/rules-notes.md)."""
    s = G.setup(["Ana", "Ben"])
    for action, sentence in (
        ({"actor": 1, "type": "play", "card": "+1"},
         "Ben, the dealer, turns over the starting card before anyone can play a card."),
        ({"actor": 1, "type": "end_turn"},
         "Ben, the dealer, turns over the starting card before anyone can end a turn."),
    ):
        with pytest.raises(IllegalAction) as e:
            G.apply(s, action)
        assert str(e.value) == sentence
    s = G.apply(s, {"actor": 1, "type": "start_card", "card": "wild"})
    with pytest.raises(IllegalAction, match="^Ben, the dealer, chooses the starting count before anyone can "
                                            "play a card.$"):
        play(s, 1, "+1")
    s = start(n=2)
    with pytest.raises(IllegalAction, match="^Ana must play a card now.$"):
        G.apply(s, {"actor": 0, "type": "end_turn"})


def test_a_token_not_in_the_pool_cannot_be_drawn():
    s = start(n=2, secrets=(7, 7))  # both sevens drawn
    s = play(s, 0, "+5")
    s = play(s, 1, "+1")  # count 7 on Ben's turn: Ben wins his 7 and must draw again
    assert table(s)["players"][1]["token_values"] == [7]
    with pytest.raises(IllegalAction, match="No token 7 is left face down."):
        G.apply(s, {"actor": CHANCE, "type": "draw_token", "seat": 1, "token": 7})


def test_only_the_dealer_enters_the_starting_card():
    s = G.setup(["Ana", "Ben", "Cy"])
    with pytest.raises(IllegalAction, match="Cy, the dealer, turns over the starting card, not Ana."):
        G.apply(s, {"actor": 0, "type": "start_card", "card": "+1"})


@pytest.mark.parametrize("options,sentence", [
    ({"tokens_to_win": 11}, "between 3 and 10"),
    ({"deck": "virtual"}, "must be one of physical, full"),
    ({"dealer": 2}, "seat from 0 to 1"),
    ({"speed": 3}, "Unknown option 'speed'"),
])
def test_bad_options_are_clear_errors(options, sentence):
    with pytest.raises(BadOption, match=sentence):
        G.setup(["Ana", "Ben"], options)


def test_two_to_four_players():
    with pytest.raises(BadOption, match="2 to 4 players, not 5"):
        G.setup(["A", "B", "C", "D", "E"])
    with pytest.raises(BadOption):
        G.setup(["Ana"])


def test_the_docstring_example_runs():
    import doctest

    from companion.games.maya_madness import game

    assert doctest.testmod(game).failed == 0
