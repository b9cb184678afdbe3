"""The table controller without Kivy: device events and intents in, views and actions out."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from companion.engine import TABLE
from companion.errors import CannotUndo, IllegalAction
from companion.table import BY_BUTTON, BY_FOB, BY_TOUCH, TableController


# Plain event objects with the attributes of hardware events (companion must not import hardware).
@dataclass(frozen=True)
class Tag:
    uid: str
    reader: str = "main"


@dataclass(frozen=True)
class Button:
    button: str
    kind: str


@dataclass(frozen=True)
class Status:
    device: str
    status: str
    detail: str = ""


class SecretSession:
    """A tiny session double: each seat holds a secret number; seats take turns adding
    to a count. Used until the real Session and game are available to these tests."""

    def __init__(self, players=("Ana", "Ben", "Cy"), secrets=(7, 3, 9)):
        self.players = list(players)
        self.meta = {"fobs": ["FOB-ANA", None, "FOB-CY"]}
        self.secrets = list(secrets)
        self.count = 0
        self.turn_seat = 0
        self.seen: list[int] = []
        self.log: list[dict] = []
        self.undoable = True

    def actors(self):
        return frozenset({self.turn_seat})

    def act(self, action):
        if action["actor"] != self.turn_seat:
            raise IllegalAction(f"It is {self.players[self.turn_seat]}'s turn, not {self.players[action['actor']]}'s.")
        self.log.append(action)
        self.count += action["card"]
        self.turn_seat = (self.turn_seat + 1) % len(self.players)

    def view(self, viewer):
        v = {"count": self.count, "turn": self.turn_seat}
        if viewer != TABLE:
            v["secret"] = self.secrets[viewer]
        return v

    def can_undo(self):
        if not self.log:
            return False, "Nothing to undo yet."
        if not self.undoable:
            return False, "A secret was shown since that card; it cannot be undone."
        return True, ""

    def undo(self):
        if not self.can_undo()[0]:
            raise CannotUndo("no")
        a = self.log.pop()
        self.count -= a["card"]
        self.turn_seat = a["actor"]

    def mark_seen(self, seat):
        self.seen.append(seat)
        self.undoable = False


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def table():
    clock = FakeClock()
    t = TableController(SecretSession(), timeout=10.0, clock=clock)
    t.fake_clock = clock
    return t


def test_fob_opens_its_owners_private_view_and_marks_it_seen(table):
    table.handle(Tag("FOB-CY"))
    assert table.gate.how == BY_FOB
    seat, view = table.private_view()
    assert (seat, view["secret"]) == (2, 9)
    assert table.session.seen == [2]


def test_public_view_never_carries_a_secret_even_while_the_gate_is_open(table):
    table.handle(Tag("FOB-ANA"))
    assert "secret" not in table.public_view()


def test_unknown_fob_opens_nothing_and_says_so(table):
    table.handle(Tag("STRANGER"))
    assert table.gate is None and table.private_view() is None
    assert "not bound" in table.message
    assert table.session.seen == []


def test_tapping_the_same_fob_again_hides_the_view(table):
    table.handle(Tag("FOB-ANA"))
    table.handle(Tag("FOB-ANA"))
    assert table.private_view() is None


def test_holding_a_seat_button_shows_and_releasing_hides(table):
    table.handle(Button("seat2", "press"))
    assert table.gate is None, "a short press is not a peek"
    table.handle(Button("seat2", "hold"))
    assert table.private_view()[0] == 1 and table.gate.how == BY_BUTTON
    table.handle(Button("seat2", "release"))
    assert table.private_view() is None


def test_releasing_another_seats_button_does_not_close_the_view(table):
    table.handle(Button("seat1", "hold"))
    table.handle(Button("seat3", "release"))
    assert table.private_view()[0] == 0


def test_tapping_a_name_needs_confirmation_before_anything_is_shown(table):
    table.request_peek(1)
    assert table.pending_peek == 1
    assert table.private_view() is None and table.session.seen == []
    table.confirm_peek()
    assert table.private_view()[0] == 1 and table.gate.how == BY_TOUCH
    table.close_gate()
    assert table.private_view() is None


def test_cancelled_confirmation_shows_nothing(table):
    table.request_peek(0)
    table.cancel_peek()
    table.confirm_peek()
    assert table.private_view() is None and table.session.seen == []


def test_the_gate_closes_by_itself_after_the_timeout(table):
    table.handle(Tag("FOB-ANA"))
    table.fake_clock.now += 9.9
    assert table.private_view() is not None
    table.fake_clock.now += 0.2
    assert table.private_view() is None and table.gate is None


@pytest.mark.parametrize(
    "other_asks",
    [
        lambda t: t.handle(Tag("FOB-CY")),
        lambda t: t.handle(Button("seat3", "hold")),
        lambda t: t.handle(Button("seat3", "press")),
        lambda t: t.request_peek(2),
    ],
    ids=["fob", "hold", "press", "tap-name"],
)
def test_another_seat_asking_closes_the_open_view_first(table, other_asks):
    events = []
    table.subscribe(lambda t, what: events.append((what, t.gate.seat if t.gate else None)))
    table.handle(Button("seat1", "hold"))
    other_asks(table)
    # Seat 0's view was closed (a "gate" notification with no gate) before anything else opened.
    assert ("gate", None) in events[1:]
    assert table.gate is None or table.gate.seat == 2


def test_card_played_goes_to_the_session_for_the_seat_whose_turn_it_is(table):
    assert table.play({"type": "play", "card": 4})
    assert table.session.log == [{"type": "play", "card": 4, "actor": 0}]
    assert table.public_view()["count"] == 4


def test_illegal_play_shows_the_engines_sentence_and_changes_nothing(table):
    assert not table.play({"actor": 2, "type": "play", "card": 1})
    assert table.message == "It is Ana's turn, not Cy's."
    assert table.public_view() == {"count": 0, "turn": 0}


def test_playing_closes_another_seats_open_view(table):
    table.handle(Tag("FOB-CY"))
    table.play({"type": "play", "card": 1})
    assert table.gate is None


def test_undo_says_why_when_it_cannot(table):
    table.play({"type": "play", "card": 2})
    table.handle(Tag("FOB-ANA"))
    assert not table.undo()
    assert table.message == "A secret was shown since that card; it cannot be undone."
    assert table.public_view()["count"] == 2


def test_undo_takes_back_the_last_card(table):
    table.play({"type": "play", "card": 2})
    assert table.undo()
    assert table.public_view() == {"count": 0, "turn": 0}


def test_device_trouble_is_reported_and_cleared(table):
    table.handle(Status("reader", "disconnected", "USB adapter pulled"))
    assert "reader" in table.device_problems["reader"] and "pulled" in table.device_problems["reader"]
    table.handle(Status("reader", "connected"))
    assert table.device_problems == {}
