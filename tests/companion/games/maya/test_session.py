"""Maya through the session and journal: the dealer draws the blue markers,
a resumed game equals the one played, and undo stops at a reveal."""
import random

import pytest

from companion.bots import get_bot
from companion.errors import CannotUndo
from companion.rules.engine import TABLE
from companion.store.journal import Journal
from companion.table.session import Session


def play_until(session, stop, seed=0):
    bot = get_bot("maya", "greedy")
    rng = random.Random(seed)
    while not session.is_over() and not stop(session):
        now = session.actors()
        seat = next(iter(now)) if len(now) == 1 else rng.choice(sorted(now, key=str))
        session.act(bot.choose(session.game, session.state, seat, rng))


def test_a_whole_advanced_game_through_the_journal_resumes_identically(tmp_path):
    journal = Journal.open(tmp_path / "j.sqlite3")
    s = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], options={"advanced": True}, seed=4)
    play_until(s, lambda _: False)
    assert s.result() is not None
    # three players: the dealer drew two of the four blue markers each round
    draws = [a for a in s.actions if a["actor"] == "chance"]
    assert len(draws) == 3 and all(len(a["markers"]) == 2 for a in draws)
    again = Session.resume(journal, s.id)
    assert again.view(TABLE) == s.view(TABLE) and again.result() == s.result()


def test_undo_works_while_cards_are_concealed_but_not_past_a_reveal(tmp_path):
    journal = Journal.open(tmp_path / "j.sqlite3")
    s = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], seed=1)
    play_until(s, lambda x: x.state.phase == "quarrying" and any(q.cards for q in x.state.quarries))
    assert s.can_undo()[0]
    s.undo()
    play_until(s, lambda x: x.state.phase not in ("setup", "quarrying"))
    ok, why = s.can_undo()
    assert not ok and "showed something to everyone" in why
    with pytest.raises(CannotUndo):
        s.undo()
