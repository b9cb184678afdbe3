"""Tags that are not fobs, at the table (no Kivy): worker cards in Maya, sacred stones
and stelae in Mayan Curse with physical randomness, and command tags. A tag read is
seen by everyone, so nothing it does may put a secret on the public screen."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from companion.bots import get_bot
from companion.engine import CHANCE, TABLE
from companion.journal import Journal
from companion.session import Session
from companion.table import TableController
from companion.tags import TagRegistry


@dataclass(frozen=True)
class Tag:
    uid: str
    reader: str = "main"


class FakeClock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


@pytest.fixture
def journal(tmp_path):
    j = Journal.open(tmp_path / "journal.sqlite3")
    yield j
    j.close()


@pytest.fixture
def tags(tmp_path):
    return TagRegistry.open(tmp_path / "tags.json")


def maya_at_quarrying(journal, tags):
    """A 3-player Maya game advanced by random bots until a seat lays workers."""
    session = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], seed=5, meta={"fobs": ["FA", "FB", "FC"]})
    bot, rng = get_bot("maya", "random"), random.Random(5)
    for _ in range(300):
        seats = [a for a in session.actors() if a != CHANCE]
        if session.view(TABLE)["phase"] == "quarrying" and seats:
            break
        session.act(bot.choose(session.game, session.state, seats[0], rng))
    table = TableController(session, clock=FakeClock(), tags=tags)
    return table, table.turn()


def test_a_worker_card_tag_selects_that_card_in_its_owners_private_view_only(journal, tags):
    table, seat = maya_at_quarrying(journal, tags)
    me = table.session.view(seat)["players"][seat]
    value = max(a["card"] for a in table.session.legal_actions(seat) if a["type"] == "place_worker")
    tags.learn("C1C1", {"kind": "worker", "colour": me["colour"], "value": value})
    before = table.public_view()
    table.handle(Tag("C1C1"))  # no private view open: nothing selected, no value said
    assert table.selected is None and str(value) not in (table.message or "").replace(table.name(seat), "")
    assert "Open your private view first" in table.message
    table.handle(Tag(["FA", "FB", "FC"][seat]))
    table.handle(Tag("C1C1"))
    assert table.selected == (seat, value)
    assert table.public_view() == before, "a card tag lays nothing and shows nothing on the table"
    table.close_gate()
    assert table.selected is None, "the selection goes with the private view"


def test_another_seats_card_tag_is_refused_without_its_value(journal, tags):
    table, seat = maya_at_quarrying(journal, tags)
    other = (seat + 1) % 3
    colour = table.session.view(other)["players"][other]["colour"]
    tags.learn("C2C2", {"kind": "worker", "colour": colour, "value": 7})
    table.handle(Tag(["FA", "FB", "FC"][seat]))
    table.handle(Tag("C2C2"))
    assert table.selected is None
    assert table.message == f"That worker card is not {table.name(seat)}'s."
    assert "7" not in table.message


def test_an_undo_command_tag_takes_back_the_last_move(journal, tags):
    session = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"], seed=7)
    table = TableController(session, clock=FakeClock(), tags=tags)
    tags.learn("A1", {"kind": "command", "name": "undo"})
    table.play({"type": "start_card", "card": "+2"})
    table.play({"type": "play", "card": "+1"})
    assert table.public_view()["count"] == 3
    table.handle(Tag("A1"))
    assert table.public_view()["count"] == 2 and table.notice == "Took back Ana's last move."


# Tag uids are hex: 5x for single stones, 6x for the dual ones.
STONES = {"dog": "50", "jaguar": "51", "serpent": "52", "bird": "53", "dog/jaguar": "60",
          "serpent/bird": "61", "dog/serpent": "62", "jaguar/bird": "63"}


def curse(journal, tags, stelae="physical"):
    session = Session.create(journal, "mayan-curse", ["Ana", "Ben"], options={"stelae": stelae},
                             randomness="physical", seed=2, meta={"fobs": ["FA", "FB"]})
    for symbols in (["dog"], ["jaguar"], ["serpent"], ["bird"], ["dog", "jaguar"], ["serpent", "bird"],
                    ["dog", "serpent"], ["jaguar", "bird"]):
        tags.learn(STONES["/".join(symbols)], {"kind": "stone", "symbols": symbols})
    return TableController(session, clock=FakeClock(), tags=tags)


def test_three_stone_tags_read_behind_the_gate_record_that_draw(journal, tags):
    table = curse(journal, tags)
    seat = next(a["seat"] for a in table.session.legal_actions(CHANCE))
    fob = ["FA", "FB"][seat]
    table.handle(Tag(STONES["dog"]))  # nobody's view open: nothing recorded
    assert "private view is open" in table.message
    table.handle(Tag(fob))
    table.handle(Tag(STONES["dog"]))
    table.handle(Tag(STONES["jaguar"]))
    assert table.message == f"{table.name(seat)}: 2 of 3 stones recorded."
    assert "dog" not in table.message and "jaguar" not in table.message
    table.handle(Tag(STONES["jaguar/bird"]))  # the third: the dual jaguar/bird stone enters the draw
    hand = table.session.view(seat)["you"]["stones"]
    assert sorted(hand) == sorted(["dog", "jaguar", "jaguar/bird"])
    assert table.public_view()["players"][seat].get("stones") != hand


def test_a_stone_the_purse_cannot_have_given_is_refused_and_records_nothing(journal, tags):
    table = curse(journal, tags)
    seat = next(a["seat"] for a in table.session.legal_actions(CHANCE))
    table.handle(Tag(["FA", "FB"][seat]))
    for uid in (STONES["dog/jaguar"], STONES["dog/jaguar"]):  # there is one dog/jaguar stone in the purse
        table.handle(Tag(uid))
    assert table.message.startswith("The purse cannot have given")
    assert table.session.waiting_for_chance()


def test_a_stela_tag_without_a_value_asks_for_touch(journal, tags):
    table = curse(journal, tags)
    tags.learn("B1", {"kind": "stela", "colour": "gray"})
    table.handle(Tag("B1"))
    assert table.message == "This stela tag has no value learned; enter the value by touch."


def test_a_stela_tag_read_behind_the_gate_enters_that_stelas_value_privately(journal, tags):
    """Physical randomness: a discovered stela's value is drawn from the real tokens; its
    tag, read while the finder's view is open, enters it (as the value buttons do)."""
    table = curse(journal, tags, stelae="digital")
    session, bot, rng = table.session, get_bot("mayan-curse", "random"), random.Random(4)
    for _ in range(400):
        chance = session.legal_actions(CHANCE) if session.waiting_for_chance() else []
        if chance and chance[0]["type"] == "stela_value":
            break
        if chance:
            session.act(rng.choice(chance))
        else:
            seat = next(a for a in session.actors() if a != CHANCE)
            session.act(bot.choose(session.game, session.state, seat, rng))
    else:
        pytest.fail("no stela was discovered")
    drawn = chance[-1]
    seat = drawn["seat"]
    tags.learn("B2", {"kind": "stela", "colour": drawn["colour"], "value": drawn["value"]})
    before = session.view(seat)["you"]["stelae"]
    table.handle(Tag("B2"))  # the view is not open: nothing entered, nothing said of the value
    assert session.waiting_for_chance() and str(drawn["value"]) not in table.message
    table.handle(Tag(["FA", "FB"][seat]))
    table.handle(Tag("B2"))
    after = session.view(seat)["you"]["stelae"]
    assert before[-1]["value"] is None and after[-1]["value"] == drawn["value"]
    assert not session.waiting_for_chance()
    assert "value" not in str(table.public_view()["players"][seat].get("stelae"))


from hypothesis import given, settings, strategies as st  # noqa: E402

_MAYA: dict = {}


def _maya_table():
    """One Maya game at quarrying for every example (tag reads other than commands
    never change the game, only the controller, which is new each time)."""
    if not _MAYA:
        import tempfile
        import pathlib

        folder = pathlib.Path(tempfile.mkdtemp(prefix="tags-prop-"))
        tags = TagRegistry.open(folder / "tags.json")
        for colour in ("blue", "red", "green"):
            for value in (3, 4, 5, 6, 7, 8, -3):
                tags.learn(f"{'ABC'['brg'.index(colour[0])]}{value % 16:X}", {"kind": "worker", "colour": colour, "value": value})
        table, _ = maya_at_quarrying(Journal.open(folder / "journal.sqlite3"), tags)
        _MAYA.update(session=table.session, tags=tags)
    return TableController(_MAYA["session"], clock=FakeClock(), tags=_MAYA["tags"])


WORKER_UIDS = [f"{c}{v % 16:X}" for c in "ABC" for v in (3, 4, 5, 6, 7, 8, -3)]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORKER_UIDS + ["FA", "FB", "FC", "EEEE"]), max_size=12))
def test_no_sequence_of_tag_reads_puts_a_card_value_on_the_public_screen(uids):
    """Whatever tags are tapped, in whatever order: the game does not move, every
    sentence on the public screen is free of digits (no card value), and a card is
    only ever selected for the seat whose private view is open."""
    table = _maya_table()
    before = table.public_view()
    for uid in uids:
        table.handle(Tag(uid))
        assert not any(ch.isdigit() for ch in table.message or ""), table.message
        if table.selected is not None:
            assert table.gate is not None and table.selected[0] == table.gate.seat
    assert table.public_view() == before
