"""The main-thread side of phones: tokens, peeks journaled, actions, privacy."""
from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engine import CHANCE
from companion.games import get_game
from companion.phones.hub import message_for, private_actions
from companion.session import Session

from .conftest import make_hub


class Recorder:
    def __init__(self) -> None:
        self.sent: list[tuple[int, dict]] = []
        self.dropped: list[int] = []

    def send(self, seat: int, message: dict) -> None:
        self.sent.append((seat, message))

    def drop(self, seat: int, reason: str) -> None:
        self.dropped.append(seat)


def test_each_seat_has_its_own_token_and_a_revoked_one_opens_nothing(journal, main):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"], seed=1)
    hub = make_hub(s, main)
    tokens = [hub.token(seat) for seat in range(3)]
    assert len(set(tokens)) == 3 and all(len(t) >= 20 for t in tokens)
    assert [hub.seat_of(t) for t in tokens] == [0, 1, 2]
    assert hub.seat_of("nope") is None and hub.seat_of(tokens[0][:-1]) is None
    new = hub.revoke(1)
    assert hub.seat_of(tokens[1]) is None and hub.seat_of(new) == 1


def test_a_token_is_useless_once_the_game_is_over(journal, main):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=3)
    hub = make_hub(s, main)
    token = hub.token(0)
    rng = random.Random(3)
    while not s.is_over():
        seat = next(a for a in sorted(s.actors(), key=str) if a != CHANCE)
        s.act(rng.choice(s.legal_actions(seat)))
    assert hub.seat_of(token) is None


def test_a_phone_showing_a_secret_is_journaled_as_a_peek_before_it_is_sent(journal, main):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=5)
    hub = make_hub(s, main)
    rec = Recorder()
    hub.attach(rec)
    seen: list[int] = []
    original = s.mark_seen

    def mark_seen(seat: int) -> None:
        assert not any(m for st, m in rec.sent if st == seat), "shown before the peek was saved"
        seen.append(seat)
        original(seat)

    s.mark_seen = mark_seen  # type: ignore[method-assign]
    hub.gateway().connected(0)
    main.run()
    assert seen == [0]
    assert rec.sent[-1][0] == 0 and rec.sent[-1][1]["type"] == "view"
    # Nothing new to see: no second peek for the same secrets.
    hub.refresh()
    assert seen == [0]


def test_a_phone_enters_only_its_own_seats_legal_actions(journal, main):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=7)
    hub = make_hub(s, main)
    rec = Recorder()
    hub.attach(rec)
    gw = hub.gateway()
    gw.connected(0)
    gw.connected(1)
    main.run()
    ana_move = s.legal_actions(0)[0]
    # Ben's phone tries Ana's move (with Ana as actor): the hub makes it Ben's, and it is refused.
    gw.action(1, dict(ana_move))
    main.run()
    assert rec.sent[-1 if rec.sent[-1][0] == 1 else -2][1]["type"] in ("said", "view")
    said = [m for seat, m in rec.sent if seat == 1 and m["type"] == "said"]
    assert said and said[-1]["ok"] is False
    before = len(s.actions)
    gw.action(0, dict(ana_move))
    main.run()
    assert len(s.actions) > before
    assert [m for seat, m in rec.sent if seat == 0 and m["type"] == "said"][-1]["ok"] is True


@pytest.mark.parametrize("game", ["maya-madness", "maya", "mayan-curse"])
def test_every_message_to_a_seat_is_a_function_of_its_own_view(journal, main, game):
    """Privacy (issue 16): over random games, what the hub sends seat A equals what
    message_for makes from A's view and A's legal actions alone; and a TABLE-only
    observer of A's page never sees another seat's `you`."""
    g = get_game(game)
    rng = random.Random(11)
    players = ["Ana", "Ben", "Cy"] if g.min_players <= 3 <= g.max_players else ["Ana", "Ben"]
    options: dict[str, Any] = {"deck": "full"} if game == "maya-madness" else {}
    for _ in range(3):
        s = Session.create(journal, game, players, options=options, seed=rng.randrange(10**6))
        hub = make_hub(s, main)
        rec = Recorder()
        hub.attach(rec)
        for seat in range(len(players)):
            hub.gateway().connected(seat)
        main.run()
        for _step in range(60):
            if s.is_over():
                break
            rec.sent.clear()
            seat = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
            s.act(rng.choice(s.legal_actions(seat)))
            hub.refresh()
            for to, msg in rec.sent:
                if msg["type"] != "view":
                    continue
                assert msg == message_for(g, to, s.view(to), private_actions(g, s.legal_actions(to)))


def test_a_phone_cannot_tell_two_games_apart_that_differ_only_in_another_seats_secret(tmp_path, main):
    """Twin games (Maya Madness, physical deck): the same public moves, the same
    secret for Ana, a different secret for Ben. Ana's phone receives exactly the
    same messages in both until the table itself can tell them apart."""
    from companion.journal import Journal

    def start(seed: int):
        j = Journal.open(tmp_path / f"j{seed}.sqlite3")
        s = Session.create(j, "maya-madness", ["Ana", "Ben"], seed=seed)
        s.act({"actor": 1, "type": "start_card", "card": "+1"})
        return s

    first = start(0)
    twin = None
    for seed in range(1, 400):
        other = start(seed)
        if (other.view(0)["you"] == first.view(0)["you"]
                and other.view(1)["you"] != first.view(1)["you"]):
            twin = other
            break
    assert twin is not None
    recs = []
    for s in (first, twin):
        hub = make_hub(s, main)
        rec = Recorder()
        hub.attach(rec)
        hub.gateway().connected(0)
        main.run()
        recs.append((s, hub, rec))
    rng = random.Random(2)
    for _ in range(40):
        if first.view()["players"] != twin.view()["players"] or first.is_over() or twin.is_over():
            break
        assert recs[0][2].sent == recs[1][2].sent
        seat = next(a for a in first.actors() if a != CHANCE)
        action = rng.choice(first.legal_actions(seat))
        for s, hub, rec in recs:
            rec.sent.clear()
            s.act(action)
            hub.refresh()


def test_a_phone_offers_only_moves_that_use_its_secrets_and_refuses_public_ones(journal, main):
    """Mayan Curse: a phone plays its stones; ending the turn or escaping stays on the
    touchscreen (issue 16: public actions stay on the touchscreen)."""
    s = Session.create(journal, "mayan-curse", ["Ana", "Ben"], seed=3)
    hub = make_hub(s, main)
    rec = Recorder()
    hub.attach(rec)
    for _ in range(50):
        seat = next(a for a in s.actors() if a != CHANCE)
        if any(a["type"] == "play_stone" for a in s.legal_actions(seat)):
            break
        s.act(next(a for a in s.legal_actions(seat) if a["type"] != "escape"))
    hub.gateway().connected(seat)
    main.run()
    offered = {a["type"] for a in rec.sent[-1][1]["actions"]}
    assert "play_stone" in offered and not offered & {"end_turn", "escape", "discover_stela"}
    end = next(a for a in s.legal_actions(seat) if a["type"] == "end_turn")
    before = len(s.actions)
    hub.gateway().action(seat, end)
    main.run()
    said = [m for st, m in rec.sent if m["type"] == "said"][-1]
    assert said["ok"] is False and "table's screen" in said["sentence"] and len(s.actions) == before
