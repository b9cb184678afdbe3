"""The main-thread side of phones: tokens, peeks journaled, one refresh per change,
a seat's own choices only, and privacy over random games."""
from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.games import get_game
from companion.phones.hub import NOT_A_CHOICE, NOT_YOURS, ON_THE_TABLE, message_for, own_frame
from companion.phones.messages import private_lines
from companion.rules.choices import options_for
from companion.rules.engine import CHANCE
from companion.table.session import Session

from . import picker_game
from .conftest import make_hub


class Recorder:
    def __init__(self) -> None:
        self.sent: list[tuple[int, dict]] = []
        self.dropped: list[int] = []

    def send(self, seat: int, message: dict) -> None:
        self.sent.append((seat, message))

    def drop(self, seat: int, reason: str) -> None:
        self.dropped.append(seat)

    def retire(self, token: str, sentence: str) -> None:
        pass

    def of(self, seat: int, kind: str) -> list[dict]:
        return [m for s, m in self.sent if s == seat and m["type"] == kind]


def keys(msg: dict) -> list[str]:
    return [c["key"] for g in msg.get("groups") or [] for c in g["choices"]]


def connect(hub: Any, main: Any, *seats: int) -> Recorder:
    rec = Recorder()
    hub.attach(rec)
    for seat in seats:
        hub.gateway().connected(seat)
    main.run()
    return rec


def first_seat(s: Session) -> int:
    return next(a for a in sorted(s.actors(), key=str) if a != CHANCE)


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
        assert hub.table.play(rng.choice(s.legal_actions(first_seat(s))))  # the table tells the hub
    assert hub.seat_of(token) is None and hub.gone(token) == "This game is over."


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


def test_one_move_is_one_refresh_and_one_new_message_per_phone(journal, main):
    """Issue 21: the hub listened to the table and to the session, so every move
    made every phone's message twice. It hears the table once per change."""
    s = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], seed=2)
    hub = make_hub(s, main)
    rec = connect(hub, main, 0, 1, 2)
    rng = random.Random(4)
    for _ in range(12):
        before, sent = hub.refreshes, len(rec.sent)
        assert hub.table.play(rng.choice(s.legal_actions(first_seat(s))))
        main.run()  # a message with a new secret waits for its peek, journaled on the main thread
        assert hub.refreshes == before + 1
        assert len([m for _seat, m in rec.sent[sent:] if m["type"] == "view"]) <= 3  # at most one each
    views = rec.of(0, "view")
    assert views and views[-1] == hub.message(0)


def test_opening_the_gate_or_a_line_on_the_table_makes_no_phone_message(journal, main):
    s = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], seed=2)
    hub = make_hub(s, main)
    connect(hub, main, 0)
    before = hub.refreshes
    hub.table.open_gate(1, "touch")
    hub.table.close_gate()
    hub.table.play({"actor": 2, "type": "nonsense"})  # refused: the table says why on its screen
    assert hub.refreshes == before


def test_a_phone_plays_its_own_choice_and_never_another_seats(journal, main):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=7)
    hub = make_hub(s, main)
    rec = connect(hub, main, 0, 1)
    seat = first_seat(s)
    other = 1 - seat
    mine = keys(rec.of(seat, "view")[-1])
    assert mine
    before = len(s.actions)
    gw = hub.gateway()
    gw.choose(other, mine[0])  # the other phone sends this seat's choice
    main.run()
    assert rec.of(other, "said")[-1] == {"type": "said", "ok": False, "sentence": NOT_YOURS}
    assert len(s.actions) == before
    gw.choose(seat, mine[0])
    main.run()
    assert len(s.actions) > before
    assert rec.of(seat, "said")[-1]["ok"] is True


@pytest.mark.parametrize("key, picks, confirmed", [
    (None, None, False), (7, None, False), (["k"], None, False), ("k", [1, 2], False),
    ("k", "picks", False), ("k", None, "yes"), ("k", None, 1),
])
def test_a_malformed_answer_is_told_so_and_plays_nothing(journal, main, key, picks, confirmed):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=7)
    hub = make_hub(s, main)
    seat = first_seat(s)
    rec = connect(hub, main, seat)
    before = len(s.actions)
    hub.gateway().choose(seat, key, picks, confirmed)
    main.run()
    assert rec.of(seat, "said")[-1] == {"type": "said", "ok": False, "sentence": NOT_A_CHOICE}
    assert len(s.actions) == before


def test_a_phone_offers_only_its_secret_choices_and_refuses_public_ones(journal, main):
    """Mayan Curse: a phone plays its stones; ending the turn or escaping stays on the
    touchscreen (issue 16: public moves stay on the touchscreen)."""
    s = Session.create(journal, "mayan-curse", ["Ana", "Ben"], seed=3)
    hub = make_hub(s, main)
    for _ in range(50):
        seat = first_seat(s)
        if any(a["type"] == "play_stone" for a in s.legal_actions(seat)):
            break
        hub.table.play(next(a for a in s.legal_actions(seat) if a["type"] != "escape"))
    rec = connect(hub, main, seat)
    offered = set(keys(rec.of(seat, "view")[-1]))  # the game's own keys (MayanCurse.menu)
    assert "play_stone" in offered and not offered & {"end_turn", "escape", "stela"}
    end = next(c for c in hub.table.frame().choices if c.action["type"] == "end_turn")
    before = len(s.actions)
    hub.gateway().choose(seat, end.key)
    main.run()
    said = rec.of(seat, "said")[-1]
    assert said["ok"] is False and said["sentence"] == ON_THE_TABLE and len(s.actions) == before
    other = 1 - seat
    hub.gateway().connected(other)
    hub.gateway().choose(other, end.key)  # another seat's public choice, from the other phone
    main.run()
    assert rec.of(other, "said")[-1]["sentence"] == NOT_YOURS and len(s.actions) == before


# --- privacy (issue 16, issue 21): what a phone receives ---------------------------------
def other_secret_lines(s: Session, seat: int) -> set[str]:
    """The sentences of the other seats' own secrets that are not also this seat's."""
    mine = set(private_lines(s.game, s.view(seat)))
    theirs = set()
    for other in range(len(s.players)):
        if other != seat:
            theirs |= set(private_lines(s.game, s.view(other))) - mine
    return {line for line in theirs if ":" in line}


@pytest.mark.parametrize("game", ["maya-madness", "maya", "mayan-curse"])
def test_every_message_to_a_seat_holds_only_its_own_view_and_its_own_choices(journal, main, game):
    """Over random games: what the hub sends seat A is message_for of A's own frame
    and the public frame alone; every choice in it is one of A's own (Choice.seat ==
    A in the game's menu for A); and no other seat's secret sentence is in it."""
    g = get_game(game)
    rng = random.Random(11)
    players = ["Ana", "Ben", "Cy"] if g.min_players <= 3 <= g.max_players else ["Ana", "Ben"]
    options: dict[str, Any] = {"deck": "full"} if game == "maya-madness" else {}
    checked = 0
    for _ in range(3):
        s = Session.create(journal, game, players, options=options, seed=rng.randrange(10**6))
        hub = make_hub(s, main)
        rec = connect(hub, main, *range(len(players)))
        for _step in range(60):
            if s.is_over():
                break
            rec.sent.clear()
            seat = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
            hub.table.play(rng.choice(s.legal_actions(seat)))
            main.run()
            for to, msg in rec.sent:
                if msg["type"] != "view":
                    continue
                assert msg == message_for(g, hub.table.seat_frame(to), hub.table.frame())
                own = {c.key for c in g.menu(s.state, to) if c.seat == to} if to in s.actors() else set()
                assert set(keys(msg)) <= own
                text = json.dumps(msg, ensure_ascii=False)
                for line in other_secret_lines(s, to):
                    assert line not in text, f"seat {to}'s phone got {line!r}"
                checked += 1
    assert checked > 20


def test_a_phone_cannot_tell_two_games_apart_that_differ_only_in_another_seats_secret(tmp_path, main):
    """Twin games (Maya Madness, physical deck): the same public moves, the same
    secret for Ana, a different secret for Ben. Ana's phone receives exactly the
    same messages in both until the table itself can tell them apart."""
    from companion.store.journal import Journal

    def start(seed: int) -> Session:
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
        recs.append((s, hub, connect(hub, main, 0)))
    rng = random.Random(2)
    for _ in range(40):
        if first.view()["players"] != twin.view()["players"] or first.is_over() or twin.is_over():
            break
        assert recs[0][2].sent == recs[1][2].sent
        action = rng.choice(first.legal_actions(first_seat(first)))
        for _s, hub, rec in recs:
            rec.sent.clear()
            hub.table.play(action)
            main.run()


# --- a choice with parts: a picker; a choice that asks first ------------------------------
@pytest.fixture
def picker(journal, main) -> Iterator[tuple[Session, Any, Recorder, int, Any]]:
    picker_game.register()
    try:
        s = Session.create(journal, picker_game.NAME, ["Ana", "Ben", "Cy"], seed=4)
        hub = make_hub(s, main)
        rng = random.Random(1)
        while not any(a["type"] == "place_worker" for a in s.legal_actions(first_seat(s))):
            hub.table.play(rng.choice(s.legal_actions(first_seat(s))))
        seat = first_seat(s)
        rec = connect(hub, main, seat)
        main.run()
        yield s, hub, rec, seat, main
    finally:
        picker_game.unregister()


def test_a_choice_with_parts_is_one_picker_that_offers_only_what_is_still_possible(picker):
    s, _hub, rec, seat, _main = picker
    msg = rec.of(seat, "view")[-1]
    lay = next(c for g in msg["groups"] for c in g["choices"] if c["key"] == picker_game.LAY)
    assert lay["label"] == "Lay a card" and lay["confirm"] == picker_game.QUESTION
    assert not any("place_worker" in k for k in keys(msg))  # not one button per card and quarry
    choice = next(c for c in s.game.menu(s.state, seat) if c.key == picker_game.LAY)
    tree = lay["pick"]
    assert tree["label"] == "Which card"
    assert [o["value"] for o in tree["options"]] == [o.value for o in options_for(choice, {})]
    for o in tree["options"]:
        then = o["then"]
        assert then["label"] == "At which quarry"
        assert [q["value"] for q in then["options"]] == [x.value for x in options_for(choice, {"card": o["value"]})]
        assert all(q["then"] is None for q in then["options"])


def test_a_picked_choice_asks_its_question_and_plays_once_confirmed(picker):
    s, hub, rec, seat, main = picker
    legal = next(a for a in s.legal_actions(seat) if a["type"] == "place_worker")
    picks = {"card": legal["card"], "quarry": legal["quarry"]}
    before = len(s.actions)
    hub.gateway().choose(seat, picker_game.LAY, picks)  # not confirmed yet: the question comes back
    main.run()
    asked = rec.of(seat, "ask")[-1]
    assert asked == {"type": "ask", "question": picker_game.QUESTION, "choice": picker_game.LAY, "picks": picks}
    assert len(s.actions) == before
    hub.gateway().choose(seat, picker_game.LAY, {"card": legal["card"], "quarry": 99}, True)  # no such quarry
    main.run()
    assert rec.of(seat, "said")[-1]["ok"] is False and rec.of(seat, "said")[-1]["sentence"]
    assert len(s.actions) == before
    hub.gateway().choose(seat, picker_game.LAY, picks, True)
    main.run()
    assert rec.of(seat, "said")[-1]["ok"] is True
    assert s.actions[before] == legal


@pytest.mark.parametrize("game", ["maya-madness", "maya", "mayan-curse"])
def test_a_secret_reaches_a_phone_only_after_its_peek_was_journaled(journal, main, game):
    """Messages are built off the main thread and the peek is journaled on it: over
    random games, with the main thread sometimes late (several moves before it runs
    what was posted), every secret a page is sent was journaled as that seat's look
    at that very secret first, and the page ends showing the table as it is."""
    g = get_game(game)
    rng = random.Random(5)
    players = ["Ana", "Ben", "Cy"] if g.min_players <= 3 <= g.max_players else ["Ana", "Ben"]
    options: dict[str, Any] = {"deck": "full"} if game == "maya-madness" else {}
    s = Session.create(journal, game, players, options=options, seed=rng.randrange(10**6))
    hub = make_hub(s, main)
    marked: dict[int, set[str]] = {seat: set() for seat in range(len(players))}
    original = s.mark_seen

    def secret(seat: int) -> str:
        return json.dumps(s.view(seat).get("you"), sort_keys=True)

    def mark_seen(seat: int) -> None:
        original(seat)
        marked[seat].add(secret(seat))

    s.mark_seen = mark_seen  # type: ignore[method-assign]

    class Checked(Recorder):
        def send(self, seat: int, message: dict) -> None:
            # without a server loop the hub builds at once: the message is of the state now
            if message["type"] == "view" and s.view(seat).get("you"):
                assert message == hub.message(seat)
                assert secret(seat) in marked[seat], "a secret shown before its peek was journaled"
            super().send(seat, message)

    rec = Checked()
    hub.attach(rec)
    for seat in range(len(players)):
        hub.gateway().connected(seat)
    for _step in range(80):
        if s.is_over():
            break
        seat = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
        hub.table.play(rng.choice(s.legal_actions(seat)))
        if rng.random() < 0.5:
            main.run()
        for to in range(len(players)):  # the frame a seat's message is built from is its seat_frame
            change = hub._change
            assert own_frame(g, change, to) == hub.table.seat_frame(to)
    main.run()
    main.run()
    for seat in range(len(players)):
        assert rec.of(seat, "view")[-1] == hub.message(seat) or s.is_over()
