"""One place decides what a seat is (companion/rules/seats.py): a whole number 0..n-1,
never True/False or 0.0, and a refusal is a sentence however absurd the value
(issue 20 section 5, ../shared/repros/reliability/junk_refusals.py)."""
from __future__ import annotations

import pytest

from companion.errors import BadOption, IllegalAction
from companion.games import get_game
from companion.rules.engine import CHANCE
from companion.rules.limits import shown
from companion.rules.seats import is_seat, parse_seat, same_seat
from companion.table.session import Session


def _deep(n: int) -> list:
    v: list = []
    for _ in range(n):
        v = [v]
    return v


ABSURD = [10 ** 5000, -(10 ** 400), _deep(1200), True, False, 0.0, 1.0, "0", None, -1, 3, {"seat": 0}]


@pytest.mark.parametrize("junk", ABSURD, ids=lambda v: type(v).__name__ + ":" + shown(v, 12))
def test_mark_seen_with_an_absurd_seat_is_a_sentence_and_records_nothing(journal, junk):
    s = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], seed=1)
    entries = s.summary()["entries"]
    with pytest.raises(BadOption) as e:
        s.mark_seen(junk)
    assert str(e.value).startswith("There is no seat ") and str(e.value).endswith(" at this table.")
    assert len(str(e.value)) < 100
    assert s.summary()["entries"] == entries


def test_mark_seen_of_a_real_seat_is_still_recorded(journal):
    s = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], seed=1)
    entries = s.summary()["entries"]
    s.mark_seen(2)
    assert s.summary()["entries"] == entries + 1


def _curse_waiting_for_a_stone_draw(journal) -> tuple[Session, dict]:
    s = Session.create(journal, "mayan-curse", ["Ana", "Ben"], options={"stelae": "physical"}, seed=1,
                       randomness="physical")
    for _ in range(200):
        if s.waiting_for_chance():
            draw = next((a for a in s.legal_actions(CHANCE) if "seat" in a), None)
            if draw is not None:
                return s, draw
            s.act(s.legal_actions(CHANCE)[0])
        else:
            s.act(s.legal_actions(min(a for a in s.actors() if a != CHANCE))[0])
    raise AssertionError("no stone draw came")


@pytest.mark.parametrize("as_", [bool, float])
def test_a_drawn_stones_entry_naming_the_seat_as_true_false_or_a_decimal_is_refused(journal, as_):
    """docs/journal.md: true/false or a decimal where the game's actions carry a whole number are refused."""
    s, draw = _curse_waiting_for_a_stone_draw(journal)
    assert draw["seat"] in (0, 1)
    bad = dict(draw, seat=as_(draw["seat"]))  # False == 0 and 0.0 == 0: the same seat to a careless check
    before = (s.summary(), s.view(draw["seat"]))
    with pytest.raises(IllegalAction) as e:
        s.act(bad)
    assert "seat" in str(e.value)
    assert (s.summary(), s.view(draw["seat"])) == before
    s.act(draw)  # the real entry still goes in
    assert s.summary()["actions"] == before[0]["actions"] + 1


def test_the_game_itself_refuses_a_draw_for_seat_false(journal):
    """A replay file goes to the game's apply without the session's checks."""
    s, draw = _curse_waiting_for_a_stone_draw(journal)
    game = get_game("mayan-curse")
    with pytest.raises(IllegalAction):
        game.apply(s.state, dict(draw, seat=bool(draw["seat"])))
    with pytest.raises(IllegalAction):
        game.apply(s.state, dict(draw, seat=float(draw["seat"])))
    game.apply(s.state, draw)


def test_what_a_seat_is():
    assert is_seat(0, 2) and is_seat(1, ["Ana", "Ben"]) and not is_seat(2, 2)
    assert not is_seat(True, 2) and not is_seat(0.0, 2) and not is_seat(-1, 2)
    assert same_seat(0, 0) and not same_seat(False, 0) and not same_seat(0.0, 0)
    assert parse_seat(1, 3) == 1
    with pytest.raises(IllegalAction, match=r"There is no seat 1000…\(5001 digits\) at this table\."):
        parse_seat(10 ** 5000, 3)


@pytest.mark.parametrize("junk", [10 ** 5000, _deep(1200), True, 0.0, 2],
                         ids=lambda v: type(v).__name__ + ":" + shown(v, 12))
def test_a_fix_made_by_an_absurd_seat_is_a_sentence_and_records_nothing(journal, junk):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], seed=1)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})  # now the count can be fixed
    entries = s.summary()["entries"]
    with pytest.raises(IllegalAction, match=r"^There is no seat .{1,60} at this table\.$"):
        s.correct("count", 7, junk)
    assert s.summary()["entries"] == entries
