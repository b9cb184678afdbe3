"""The session: creating, acting, the dealer, physical draws, listeners and resume."""
import json
import sqlite3

import pytest

from companion import games
from companion.errors import BadOption, IllegalAction
from companion.rules.engine import CHANCE, TABLE
from companion.table.session import Session


def entry_rows(journal, session):
    return [(kind, json.loads(p)) for _, kind, p in journal.entries(session.id)]


def test_each_session_gets_its_own_seed_and_keeps_it(journal, toy):
    a = Session.create(journal, "toy", ["Ana", "Ben"])
    b = Session.create(journal, "toy", ["Ana", "Ben"])
    assert a.seed != b.seed
    assert Session.resume(journal, a.id).seed == a.seed


def test_the_dealer_writes_each_draw_into_the_journal_as_a_chance_action(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben", "Cy"], seed=11)
    rows = entry_rows(journal, s)
    assert [r[1]["type"] for r in rows] == ["deal", "deal", "deal"]
    assert all(kind == "action" and a["actor"] == CHANCE for kind, a in rows)
    assert [a["secret"] for _, a in rows] == [s.view(seat)["secret"] for seat in range(3)]
    s.act({"actor": 0, "type": "roll"})
    _kind, die = entry_rows(journal, s)[4]
    assert die["type"] == "die" and s.view()["positions"][0] == die["value"]


def test_the_same_seed_deals_the_same_game(journal, toy):
    def play(seed):
        s = Session.create(journal, "toy", ["Ana", "Ben"], seed=seed)
        for _ in range(6):
            s.act({"actor": next(iter(s.actors())), "type": "roll"})
        return s.actions
    assert play(5) == play(5)
    assert any(play(5) != play(seed) for seed in range(6, 12))


def test_an_illegal_action_changes_nothing_and_tells_nobody(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], seed=2)
    heard = []
    s.subscribe(lambda session, event: heard.append(event))
    before_state, before_entries = s.state, journal.entries(s.id)
    with pytest.raises(IllegalAction, match="It is Ana's turn, not Ben's."):
        s.act({"actor": 1, "type": "roll"})
    with pytest.raises(IllegalAction):
        s.act({"actor": 0, "type": "roll", "bad": float("nan")})
    with pytest.raises(IllegalAction, match="makes the draws"):
        s.act({"actor": CHANCE, "type": "die", "value": 6})
    assert s.state == before_state and journal.entries(s.id) == before_entries and heard == []


def test_listeners_hear_of_an_action_only_after_it_is_committed(journal, toy, tmp_path):
    s = Session.create(journal, "toy", ["Ana", "Ben"], seed=2)
    seen_on_disk = []

    def listener(session, event):
        other = sqlite3.connect(journal.path)  # another connection sees only committed data
        seen_on_disk.append(other.execute("SELECT count(*) FROM entries WHERE session=?", (session.id,)).fetchone()[0])
        other.close()

    s.subscribe(listener)
    s.act({"actor": 0, "type": "roll"})
    assert seen_on_disk == [len(journal.entries(s.id))] and seen_on_disk[0] == 4  # 2 deals, roll, die


def test_physical_draws_wait_for_a_person(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], randomness="physical")
    assert s.waiting_for_chance() and s.actors() == {CHANCE}
    with pytest.raises(IllegalAction, match="A secret is 1, 2 or 3."):
        s.act({"actor": CHANCE, "type": "deal", "seat": 0, "secret": 9})
    s.act({"actor": CHANCE, "type": "deal", "seat": 0, "secret": 2})
    s.act({"actor": CHANCE, "type": "deal", "seat": 1, "secret": 3})
    assert not s.waiting_for_chance() and s.view(1)["secret"] == 3
    s.act({"actor": 0, "type": "roll"})
    assert s.waiting_for_chance()
    s.act({"actor": CHANCE, "type": "die", "value": 5})
    assert s.view()["positions"] == [5, 0]


def test_resume_rebuilds_the_same_game_without_drawing(journal, toy, monkeypatch):
    s = Session.create(journal, "toy", ["Ana", "Ben", "Cy"], options={"target": 30}, seed=4,
                       meta={"colours": ["red", "blue", "green"]})
    for _ in range(9):
        s.act({"actor": next(iter(s.actors())), "type": "roll"})
    monkeypatch.setattr(type(toy), "sample_chance", lambda *a: pytest.fail("a replay drew"))
    r = Session.resume(journal, s.id)
    assert r.state == s.state and r.actions == s.actions
    assert (r.players, r.options, r.meta, r.randomness) == (
        ["Ana", "Ben", "Cy"], {"target": 30}, {"colours": ["red", "blue", "green"]}, "digital")
    assert all(r.view(v) == s.view(v) for v in (TABLE, 0, 1, 2))


def test_resume_after_a_crash_before_the_draw_makes_the_draw(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], seed=8)
    # The process died after committing Ana's roll, before the die was committed.
    journal.append(s.id, len(journal.entries(s.id)), "action", json.dumps({"actor": 0, "type": "roll"}))
    exact = Session.resume(journal, s.id, deal=False)
    assert exact.actors() == {CHANCE}
    ready = Session.resume(journal, s.id)
    assert ready.actors() == {1} and ready.view()["positions"][0] > 0


def test_the_end_of_the_game_is_announced_and_kept(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], options={"target": 5}, seed=3)
    heard = []
    s.subscribe(lambda session, event: heard.append(event))
    while not s.is_over():
        s.act({"actor": next(iter(s.actors())), "type": "roll"})
    assert heard[-1] == "finished" and heard.count("finished") == 1
    assert journal.session(s.id)["result"] == s.result().to_json()


def test_bad_setups_are_sentences_and_leave_no_session(journal, toy):
    with pytest.raises(BadOption, match="2 to 4 players"):
        Session.create(journal, "toy", ["Ana"])
    with pytest.raises(BadOption, match="digital or physical"):
        Session.create(journal, "toy", ["Ana", "Ben"], randomness="dice")
    with pytest.raises(BadOption, match="between 5 and 60"):
        Session.create(journal, "toy", ["Ana", "Ben"], options={"target": 99})
    assert journal.sessions() == []


@pytest.mark.parametrize("name", games.available())
def test_every_game_plays_to_the_end_through_a_session_and_resumes(journal, name):
    import random

    from companion.bots import RandomBot
    players = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"][: max(2, games.get_game(name).min_players)]
    s = Session.create(journal, name, players, seed=21)
    rng, bot = random.Random(21), RandomBot()
    for _ in range(5000):
        if s.is_over():
            break
        seat = sorted(s.actors(), key=str)[0]
        s.act(bot.choose(s.game, s.state, seat, rng))
    assert s.is_over()
    r = Session.resume(journal, s.id)
    assert r.view(TABLE) == s.view(TABLE) and r.result() == s.result()
    assert journal.history()[0]["id"] == s.id


def test_a_game_changed_in_another_window_is_refused_not_overwritten(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], seed=6)
    other = Session.resume(journal, s.id)
    s.act({"actor": 0, "type": "roll"})
    from companion.errors import JournalError
    with pytest.raises(JournalError, match="changed elsewhere"):
        other.act({"actor": 0, "type": "reveal"})
    assert Session.resume(journal, s.id).state == s.state
