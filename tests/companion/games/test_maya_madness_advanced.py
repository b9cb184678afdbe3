"""Maya Madness advanced play: guessing an opponent's secret number, tokens kept face down.

Rulebook (../shared/rules/maya-madness.txt), "For Advanced Play".
"""
import pytest
from madness_steps import NAMES, G, draw_all, play, said, table

from companion.errors import IllegalAction


def start(n=2, secrets=(6, 9, 3, 4), start_card="+1", **options):
    s = G.setup(NAMES[:n], {"advanced": True, **options})
    s = G.apply(s, {"actor": s.dealer, "type": "start_card", "card": start_card})
    return draw_all(s, list(secrets))

def guess(s, seat, target, number):
    return G.apply(s, {"actor": seat, "type": "guess", "target": target, "number": number})
def test_a_right_guess_takes_the_opponents_token():
    """Rulebook, For Advanced Play: if you guess correctly, you win your opponent's token and add
    it to your collection; whoever loses draws a new token."""
    s = start(n=3, secrets=(6, 9, 3))
    s = guess(s, 0, 1, 9)
    v = table(s)
    assert v["players"][0]["tokens"] == 1 and v["players"][1]["tokens"] == 0
    assert "Ana guesses Ben's secret number is 9: right! Ana takes that token." in said(v)
    assert v["phase"] == "draw_token" and v["draws_next"] == 1
    assert G.view(s, 0)["you"]["token_values"] == [9]
    s = draw_all(s, [2])
    assert G.view(s, 1)["you"]["secret"] == 2 and table(s)["turn"] == 1


def test_a_wrong_guess_gives_the_guessers_token_away():
    """Rulebook, For Advanced Play: if you're wrong, your opponent wins your secret token and
    adds it to her collection; the guesser draws a new token."""
    s = start(n=2, secrets=(6, 9))
    s = guess(s, 0, 1, 4)
    v = table(s)
    assert v["players"][1]["tokens"] == 1 and v["players"][0]["tokens"] == 0
    assert "wrong. Ben takes Ana's token." in said(v)
    assert v["players"][1]["guesses"] == [{"by": 0, "number": 4}]  # said out loud
    assert G.view(s, 1)["you"]["token_values"] == [6]  # Ben may look at what he holds
    assert "6" not in str(v["players"]) and v["draws_next"] == 0
    s = draw_all(s, [2])
    assert G.view(s, 0)["you"]["secret"] == 2


def test_one_guess_per_token():
    """Rulebook, For Advanced Play: you may only make one guess per token."""
    s = start(n=2, secrets=(6, 9))
    s = guess(s, 0, 1, 4)
    s = draw_all(s, [2])
    s = play(s, 1, "+1")  # count 2 on Ben's turn: not his number
    before = table(s)
    with pytest.raises(IllegalAction, match="Ana already guessed Ben's token: one guess per token."):
        guess(s, 0, 1, 9)
    assert table(s) == before
    assert not any(a["type"] == "guess" for a in G.legal_actions(s, 0))
    # Ben's token changes: Ana may guess the new one
    s = play(s, 0, "+5")  # 7
    s = play(s, 1, "+2")  # 9 on Ben's turn: Ben wins his 9 and draws a new token
    s = draw_all(s, [5])
    assert any(a["type"] == "guess" and a["target"] == 1 for a in G.legal_actions(s, 0))


def test_guessing_is_instead_of_a_card_and_not_after_a_temple():
    s = start(n=2, secrets=(6, 9))
    s = play(s, 0, "temple")
    with pytest.raises(IllegalAction, match="Ana must play another card now, not guess."):
        guess(s, 0, 1, 9)
    with pytest.raises(IllegalAction, match="not your own"):
        guess(play(s, 0, "+1"), 1, 1, 9)


def test_tokens_won_are_shown_briefly_then_kept_face_down():
    """Rulebook, For Advanced Play note: reveal your own tokens briefly so all players see the
    number, then turn them back face down: the table shows how many, not which."""
    s = start(n=2, secrets=(6, 9), start_card="+1")
    s = play(s, 0, "+5")  # 6: Ana wins her 6
    v = table(s)
    assert "wins the secret token 6" in said(v)  # shown briefly
    assert v["players"][0]["tokens"] == 1 and v["players"][0]["token_values"] is None
    s = draw_all(s, [3])
    s = play(s, 1, "+1")
    v = table(s)
    assert v["players"][0]["tokens"] == 1 and "6" not in said(v)
    assert G.view(s, 0)["you"]["token_values"] == [6]
    assert G.view(s, 1)["you"]["token_values"] == []


def test_a_wrong_guess_can_win_the_game_for_the_opponent():
    s = start(n=2, secrets=(6, 2), tokens_to_win=3)
    for nxt in (3, 4):
        s = play(s, 0, "0")
        s = play(s, 1, "+1")  # Ben makes his own number
        s = draw_all(s, [nxt])
    assert table(s)["players"][1]["tokens"] == 2
    s = guess(s, 0, 1, 9)  # wrong: Ben takes Ana's token, his third
    assert G.result(s).winners == (1,) and G.result(s).scores == (0, 3)


def test_answered_guesses_and_won_tokens_cannot_be_undone():
    """A guess answered and a token turned over were shown to everyone (DESIGN.md: undo never un-sees)."""
    s = start(n=2, secrets=(6, 9))
    after = guess(s, 0, 1, 4)
    assert not G.undoable(s, {"actor": 0, "type": "guess", "target": 1, "number": 4}, after)
    s2 = play(s, 0, "+1")
    assert G.undoable(s, {"actor": 0, "type": "play", "card": "+1"}, s2)
    s3 = play(s, 0, "+5")
    assert not G.undoable(s, {"actor": 0, "type": "play", "card": "+5"}, s3)
