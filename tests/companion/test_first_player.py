"""A fair first player (issue 25 §1): the companion draws who starts from the
committed seed, writes it into the options (replays need no RNG), says so, and
`maya-companion verify` re-derives it; a table that draws with a real die
chooses the seat it rolled."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from companion.errors import BadOption
from companion.games import get_game
from companion.history import export, fairness
from companion.i18n import language
from companion.rules.chance import draw_first
from companion.rules.engine import CHANCE
from companion.rules.starts import starts_of
from companion.table.first import can_draw, drawn_seat, drawn_sentence
from companion.table.session import Session, replay

NAMES = ["Ana", "Ben", "Cy", "Di"]


def test_the_draw_is_uniform_ish_and_a_pure_function_of_the_seed():
    counts = Counter(draw_first(seed, 4) for seed in range(4000))
    assert set(counts) == {0, 1, 2, 3}
    assert all(900 < c < 1100 for c in counts.values()), counts
    assert [draw_first(99, 5) for _ in range(3)] == [draw_first(99, 5)] * 3


@pytest.mark.parametrize("name,players", [("maya", 3), ("maya-madness", 2), ("mayan-curse", 4)])
def test_each_game_starts_with_the_drawn_seat(journal, name, players):
    game = get_game(name)
    assert can_draw(game, "digital") and not can_draw(game, "physical") and not can_draw(game, "digital", 1)
    seen = set()
    for seed in range(12):
        s = Session.create(journal, name, NAMES[:players], seed=seed, draw_first=True)
        seat = drawn_seat(s)
        assert seat == draw_first(seed, players)
        assert starts_of(game).starter(s.options, players) == seat
        assert s.meta["first_drawn"] == seat
        seen.add(seat)
        movers = [a for a in s.actors() if a != CHANCE]
        if name == "maya":
            assert movers == [seat]
        elif name == "maya-madness":  # the dealer, on the drawn player's right, turns the first card
            assert movers == [(seat - 1) % players]
    assert len(seen) > 1


def test_mayan_curse_gives_the_drawn_seat_the_first_player_token(journal):
    s = Session.create(journal, "mayan-curse", NAMES, seed=5, draw_first=True)
    assert s.state.first == draw_first(5, 4)


def test_the_table_chooses_when_the_companion_does_not_make_the_draws(journal):
    with pytest.raises(BadOption, match="digital randomness"):
        Session.create(journal, "maya", NAMES[:3], randomness="physical", draw_first=True)
    s = Session.create(journal, "maya", NAMES[:3], options={"first": 2}, randomness="physical")
    assert drawn_seat(s) is None and drawn_sentence(s) == ""
    assert s.state.turn == 2


def test_a_seat_past_the_table_is_refused():
    with pytest.raises(BadOption):
        get_game("maya").setup(NAMES[:3], {"first": 3})
    with pytest.raises(BadOption):
        get_game("mayan-curse").setup(NAMES[:2], {"first": 2})


def test_replay_needs_no_rng(journal, monkeypatch):
    s = Session.create(journal, "maya-madness", NAMES[:2], options={"deck": "full"}, seed=3, draw_first=True)
    s.act(s.legal_actions(next(a for a in s.actors() if a != CHANCE))[0])

    def no_rng(*args, **kwargs):
        raise AssertionError("a replay drew")

    monkeypatch.setattr(random.Random, "seed", no_rng)
    assert replay("maya-madness", s.players, s.options, s.actions) == s.state
    resumed = Session.resume(journal, s.id, deal=False)
    assert resumed.state == s.state and drawn_seat(resumed) == drawn_seat(s)


def test_the_log_names_the_drawn_player_in_english_and_german(journal):
    seed = next(k for k in range(50) if draw_first(k, 2) == 1)
    s = Session.create(journal, "maya-madness", NAMES[:2], seed=seed, draw_first=True)
    with language("en"):
        assert drawn_sentence(s) == "The draw chose Ben to start."
    with language("de"):
        assert drawn_sentence(s) == "Das Los hat Ben als Startspieler bestimmt."


def _finished(journal, seed):
    rng = random.Random(seed)
    s = Session.create(journal, "maya-madness", NAMES[:2], options={"deck": "full", "tokens_to_win": 3},
                       seed=seed, draw_first=True)
    while not s.is_over():
        actor = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
        s.act(rng.choice(s.legal_actions(actor)))
    return s


def test_an_exported_drawn_game_verifies_and_a_changed_first_player_does_not(journal):
    s = _finished(journal, 11)
    lines = export.jsonl(journal, s.id).splitlines()
    setup = json.loads(lines[0])
    assert setup["fairness"]["first"] == drawn_seat(s)
    fairness.verify_lines(lines)
    other = 1 - drawn_seat(s)
    for tamper in ({"fairness": {**setup["fairness"], "first": other}},
                   {"options": {**setup["options"], "dealer": (other - 1) % 2}}):
        bad = [json.dumps({**setup, **tamper})] + lines[1:]
        with pytest.raises(fairness.VerifyError):
            fairness.verify_lines(bad)


def test_the_table_frame_lights_the_drawn_seat_and_its_line_names_it(journal):
    from companion.table.controller import TableController

    seed = next(k for k in range(50) if draw_first(k, 3) == 2)
    s = Session.create(journal, "maya", NAMES[:3], seed=seed, draw_first=True)
    frame = TableController(s).frame()
    assert frame.drawn == 2
    assert "The draw chose Cy to start." in frame.newest
    chosen = TableController(Session.create(journal, "maya", NAMES[:3], seed=seed)).frame()
    assert chosen.drawn is None and "draw chose" not in chosen.newest
