"""The table controller without Kivy: device events and intents in, views and actions out."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CannotUndo, IllegalAction
from companion.rules.engine import TABLE, Game
from companion.store.journal import Journal
from companion.table.controller import BY_BUTTON, BY_FOB, BY_TOUCH, TableController
from companion.table.session import Session


# Plain event objects shaped like hardware events, topic included (companion must not import hardware).
@dataclass(frozen=True)
class Tag:
    topic: ClassVar[str] = "tag"
    uid: str
    reader: str = "main"


@dataclass(frozen=True)
class Button:
    topic: ClassVar[str] = "button"
    button: str
    kind: str


@dataclass(frozen=True)
class Status:
    topic: ClassVar[str] = "device"
    device: str
    status: str
    detail: str = ""


class NoMenuGame(Game):
    """A game with no tag kinds and nothing in its menu (the double plays by card)."""

    def legal_actions(self, state, actor):
        return []


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
        self.played: list[dict] = []
        self.undoable = True
        self.game = NoMenuGame()  # no tag kinds of its own
        self.state = None
        self.randomness = "digital"

    @property
    def actions(self):
        return list(self.played)

    def legal_actions(self, actor):
        return []

    def can_redo(self):
        return False, "Nothing to redo."

    def redo(self):
        raise CannotUndo("Nothing to redo.")

    def actors(self):
        return frozenset({self.turn_seat})

    def act(self, action):
        if action["actor"] != self.turn_seat:
            raise IllegalAction(f"It is {self.players[self.turn_seat]}'s turn, not {self.players[action['actor']]}'s.")
        self.played.append(action)
        self.count += action["card"]
        self.turn_seat = (self.turn_seat + 1) % len(self.players)

    def view(self, viewer):
        v = {"count": self.count, "turn": self.turn_seat}
        if viewer != TABLE:
            v["secret"] = self.secrets[viewer]
        return v

    def can_undo(self):
        if not self.played:
            return False, "Nothing to undo yet."
        if not self.undoable:
            return False, "A secret was shown since that card; it cannot be undone."
        return True, ""

    def undo_needs_confirm(self):
        return None

    def correct(self, key, value, by_seat):
        raise IllegalAction("There is nothing to fix in this game.")

    def undo(self, confirm=False):
        if not self.can_undo()[0]:
            raise CannotUndo("no")
        a = self.played.pop()
        self.count -= a["card"]
        self.turn_seat = a["actor"]

    def mark_seen(self, seat):
        self.seen.append(seat)
        self.undoable = False

    def result(self):
        return None

    @property
    def log(self):
        return ()

    def close(self):
        pass


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
    # Seat 0's view was closed in the same change that let seat 2 ask or look: one
    # frame, and no frame after the first shows seat 0's view again.
    assert events[1:] and all(seat != 0 for _, seat in events[1:])
    assert table.frame().gate.seat != 0
    assert table.gate is None or table.gate.seat == 2


def test_card_played_goes_to_the_session_for_the_seat_whose_turn_it_is(table):
    assert table.play({"type": "play", "card": 4})
    assert table.session.played == [{"type": "play", "card": 4, "actor": 0}]
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


@dataclass(frozen=True)
class TagRemoved:
    topic: ClassVar[str] = "tag_removed"
    uid: str
    reader: str = "main"


def test_fob_leaving_the_reader_neither_opens_nor_closes_a_view(table):
    table.handle(TagRemoved("FOB-ANA"))
    assert table.gate is None
    table.handle(Tag("FOB-ANA"))
    table.handle(TagRemoved("FOB-ANA"))
    assert table.private_view()[0] == 0


# --- with the real Session and the Maya Madness engine ----------------------------------


@pytest.fixture
def real(tmp_path):
    journal = Journal.open(tmp_path / "journal.sqlite3")
    session = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"], seed=7,
                             meta={"fobs": ["F-ANA", "F-BEN", None]})
    clock = FakeClock()
    t = TableController(session, clock=clock)
    t.play({"type": "start_card", "card": "+2"})  # Cy deals a 2
    yield t
    journal.close()


def test_real_game_a_fob_shows_that_players_secret_token_and_no_one_elses(real):
    real.handle(Tag("F-BEN"))
    seat, view = real.private_view()
    assert seat == 1 and view["you"]["name"] == "Ben" and 1 <= view["you"]["secret"] <= 10
    assert "you" not in real.public_view()


def test_real_game_card_pad_play_moves_the_count(real):
    assert real.play({"type": "play", "card": "-3"})  # Ana
    assert real.public_view()["count"] == -1
    assert real.acting() == [1]


def test_real_game_illegal_input_gets_the_engines_sentence_and_changes_nothing(real):
    before = real.public_view()
    assert not real.play({"type": "end_turn"})
    assert real.message == "Ana must play a card now."
    assert real.public_view() == before


def test_real_game_a_peek_that_saw_nothing_the_move_changed_leaves_it_undoable(real):
    """The session's precise peeks: Ben's look at his token is journaled, but Ana's
    card changed nothing in Ben's private view, so Undo still takes it back."""
    real.play({"type": "play", "card": "+1"})
    real.handle(Button("seat2", "hold"))  # Ben looks at his token
    real.handle(Button("seat2", "release"))
    assert real.undo() and real.public_view()["count"] == 2


EVENTS = st.one_of(
    st.builds(Tag, st.sampled_from(["F-ANA", "F-BEN", "NOBODY"])),
    st.builds(TagRemoved, st.sampled_from(["F-ANA", "F-BEN"])),
    st.builds(Button, st.sampled_from(["seat1", "seat2", "seat3", "other"]),
              st.sampled_from(["press", "hold", "release"])),
    st.tuples(st.just("peek"), st.integers(0, 2)),
    st.just("confirm"), st.just("cancel"), st.just("hide"),
    st.tuples(st.just("wait"), st.floats(0, 15)),
    st.tuples(st.just("play"), st.sampled_from(["+1", "-1", "+5", "-5", "0", "skip", "reverse", "temple"])),
)


@given(st.lists(EVENTS, max_size=40))
def test_any_sequence_of_events_shows_a_secret_only_to_its_owner_after_it_is_journaled(events):
    """Whatever the table does, a private view exists only for the seat whose gate is
    open, only after that seat was marked seen, and never on the public view."""
    session = SecretSession()
    clock = FakeClock()
    t = TableController(session, clock=clock, timeout=10.0)
    for e in events:
        if e == "confirm":
            t.confirm_peek()
        elif e == "cancel":
            t.cancel_peek()
        elif e == "hide":
            t.close_gate()
        elif isinstance(e, tuple) and e[0] == "peek":
            t.request_peek(e[1])
        elif isinstance(e, tuple) and e[0] == "wait":
            clock.now += e[1]
        elif isinstance(e, tuple) and e[0] == "play":
            t.play({"type": "play", "card": int(e[1]) if e[1].lstrip("+-").isdigit() else 0})
        else:
            t.handle(e)
        private = t.private_view()
        assert "secret" not in t.public_view()
        if private is None:
            continue
        seat, view = private
        assert t.gate is not None and t.gate.seat == seat
        assert view["secret"] == session.secrets[seat]
        assert session.seen and session.seen[-1] == seat, "shown before it was journaled"
        assert clock.now < t.gate.closes_at


def test_a_fob_learned_on_an_earlier_night_opens_its_players_view_at_any_seat(tmp_path):
    from companion.table.tags import TagRegistry

    tags = TagRegistry.open(tmp_path / "tags.json")
    tags.learn("62E3086CED", {"kind": "fob", "player": "Cy"})
    tags.learn("0A0B0C0D0E", {"kind": "worker", "colour": "blue", "value": 7})
    session = SecretSession(players=("Ana", "Cy"), secrets=(4, 8))
    session.meta = {}
    t = TableController(session, tags=tags, clock=FakeClock())
    t.handle(Tag("62E3086CED"))
    assert t.private_view() == (1, {"count": 0, "turn": 0, "secret": 8})
    t.close_gate()
    t.handle(Tag("0A0B0C0D0E"))  # a worker card is nobody's fob
    assert t.gate is None
    assert t.message == "That tag is not a player's fob: tap your own fob to see your secrets."
    assert "7" not in t.message, "the public screen never says what a card is worth"
    tags.learn("FFEE001122", {"kind": "fob", "player": "Zoe"})
    t.handle(Tag("FFEE001122"))
    assert t.gate is None and t.message == "That is Zoe's fob, and Zoe is not playing at this table."


def test_an_unconfirmed_peek_request_gives_the_screen_back_after_the_timeout(table):
    table.request_peek(1)
    table.fake_clock.now += 10.0
    table.tick()
    assert table.pending_peek is None
    table.confirm_peek()
    assert table.private_view() is None and table.session.seen == []


def test_every_seat_still_to_bid_is_acting_during_a_sealed_bid(tmp_path):
    """Maya advanced game: the blue-marker bid is sealed and simultaneous, so every
    seat that has not bid is waited for (its LED lit), and one that has bid is not."""
    import random

    from companion.bots import get_bot
    from companion.rules.engine import CHANCE

    journal = Journal.open(tmp_path / "journal.sqlite3")
    session = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], options={"advanced": True}, seed=3)
    t = TableController(session, clock=FakeClock())
    bot, rng = get_bot("maya", "random"), random.Random(3)
    for _ in range(200):
        if len(session.actors()) > 1:
            break
        seat = next(a for a in session.actors() if a != CHANCE)
        assert t.acting() == [seat], "one seat at a time outside the bid"
        session.act(bot.choose(session.game, session.state, seat, rng))
    assert t.public_view()["phase"] == "bidding" and t.acting() == [0, 1, 2]
    t.play({"actor": 1, "type": "bid", "gold": 0})
    assert t.acting() == [0, 2], "Ben has sealed his bid: only Ana and Cy are waited for"
    journal.close()


def test_undo_and_redo_say_whose_move_they_took_back_and_put_back(real):
    real.play({"type": "play", "card": "+1"})  # Ana: the count goes 2 -> 3
    assert not real.can_redo()
    assert real.undo()
    assert real.notice == "Took back Ana's last move." and real.public_view()["count"] == 2
    assert real.can_redo()
    assert real.redo()
    assert real.notice == "Put back Ana's move." and real.public_view()["count"] == 3
    assert not real.can_redo() and not real.redo()
    assert real.message == "Nothing to redo."
    real.play({"type": "play", "card": "+1"})  # Ben
    assert real.notice is None, "the next move ends what Undo said"


def test_a_double_tap_never_enters_a_move_for_the_next_player(tmp_path):
    """A bouncing finger on the card pad: Ana's card goes in, the second touch a
    moment later (it would be Ben's card) is ignored without a word; Ben's own
    card a second later goes in, and one player's moves in a row always do."""
    journal = Journal.open(tmp_path / "journal.sqlite3")
    session = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"], seed=7)
    clock = FakeClock()
    t = TableController(session, clock=clock, settle=0.35)
    assert t.play({"type": "start_card", "card": "wild"})  # Cy turns up a Wild ...
    assert t.acting() == [2]
    assert t.play({"type": "start_count", "count": 2})  # ... and names the count at once
    clock.now += 0.5
    assert t.play({"type": "play", "card": "+1"})  # Ana
    clock.now += 0.1
    before = t.public_view()
    assert not t.play({"type": "play", "card": "+1"})  # the same finger again
    assert t.public_view() == before and t.message is None
    clock.now += 1.0
    assert t.play({"type": "play", "card": "+1"})  # Ben, for real
    assert t.acting() == [2]
    journal.close()


def test_a_peek_the_journal_cannot_record_leaves_the_view_closed_and_undo_as_it_was(tmp_path, monkeypatch):
    """Reliability report (repros/reliability/gate_before_seen.py): the gate used to open
    before the peek was journaled, so with a full disk Ben's secret showed while undo
    could still take back the move he had looked past. Now the view stays closed, a
    sentence says why, and undo is allowed exactly as before; once the disk has room,
    the same fob opens the view and undo stops there."""
    from companion.errors import JournalError

    journal = Journal.open(tmp_path / "journal.sqlite3")
    session = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=5)
    session.act(session.legal_actions(0)[0])  # Ana plays a card: undoable
    assert session.can_undo()[0]
    writes = {"append": journal.append, "commit": journal.commit}

    def refusing(name):
        def write(*args, **kwargs):
            if '"seat"' in repr(args) + repr(kwargs) or "seen" in repr(args):
                raise JournalError("The move could not be saved (database or disk is full); nothing was changed.")
            return writes[name](*args, **kwargs)
        return write

    for name in writes:
        monkeypatch.setattr(journal, name, refusing(name))
    t = TableController(session, fobs={"0A1B2C3D02": 1}, clock=FakeClock())
    t.handle(Tag("0A1B2C3D02"))  # Ben taps his fob
    assert t.gate is None and t.private_view() is None, "a peek that was not recorded shows nothing"
    assert t.message.startswith("Ben's private view stays closed") and "disk is full" in t.message
    assert session.can_undo()[0], "undo is refused or allowed exactly as before the failed peek"
    for name, fn in writes.items():
        monkeypatch.setattr(journal, name, fn)
    t.handle(Tag("0A1B2C3D02"))
    assert t.private_view()[0] == 1, "with room on the disk, the same fob opens the view"
    journal.close()


def test_a_session_that_cannot_record_a_peek_keeps_every_way_of_opening_closed(table):
    """The same for a button hold and a confirmed tap on a name (the session double)."""
    def refuse(seat):
        raise OSError(28, "No space left on device")

    table.session.mark_seen = refuse
    table.handle(Button("seat2", "hold"))
    table.request_peek(2)
    table.confirm_peek()
    assert table.gate is None and table.private_view() is None
    assert table.message.startswith("Cy's private view stays closed")


def test_the_real_hardware_events_are_told_apart_by_their_topic(table):
    """The controller never imports hardware/; the events it gets from there carry a
    topic, and each reaches its own handler (a tag removal changes nothing)."""
    from hardware.events import ButtonEvent, DeviceStatus, TagEvent, TagRemoved

    table.handle(TagEvent("FOB-ANA", "main"))
    table.handle(TagRemoved("FOB-ANA", "main"))
    assert table.private_view()[0] == 0 and table.gate.how == BY_FOB
    table.handle(ButtonEvent("seat3", "hold"))
    assert table.private_view()[0] == 2 and table.gate.how == BY_BUTTON
    table.handle(ButtonEvent("seat3", "release"))
    assert table.gate is None
    table.handle(DeviceStatus("reader", "error", "no answer"))
    assert table.device_problems == {"reader": "reader: error — no answer"}
