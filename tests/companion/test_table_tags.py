"""Tags that are not fobs, at the table (no Kivy). The controller knows only fobs and
command tags; every other kind is a game's (Game.tag_kinds / Game.use_tag): the
test-only fourth game shows the controller needs no edit for a new game's tags;
worker cards in Maya and sacred stones and stelae in Mayan Curse run once those
games declare their kinds. A tag read is seen by everyone, so nothing it does may
put a secret on the public screen."""
from __future__ import annotations

import importlib.util
import pathlib
import random
import sys
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.bots import get_bot, move
from companion.games import get_game
from companion.rules.engine import CHANCE, TABLE
from companion.store.journal import Journal
from companion.table.controller import TableController
from companion.table.session import Session
from companion.table.tags import TagRegistry


@dataclass(frozen=True)
class Tag:
    topic: ClassVar[str] = "tag"
    uid: str
    reader: str = "main"


def needs_kind(game_name, kind):
    """Skip until that game declares the tag kind (its helper is converting it)."""
    if kind not in {k.kind for k in get_game(game_name).tag_kinds()}:
        pytest.skip(f"{game_name} does not declare {kind} tags yet")


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
        session.act(move(bot, session.game, session.state, seats[0], rng))
    table = TableController(session, clock=FakeClock(), tags=tags)
    return table, table.turn()


def test_a_worker_card_tag_selects_that_card_in_its_owners_private_view_only(journal, tags):
    needs_kind("maya", "worker")
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
    needs_kind("maya", "worker")
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
    needs_kind("mayan-curse", "stone")
    table = curse(journal, tags)
    seat = next(a["seat"] for a in table.session.legal_actions(CHANCE))
    fob = ["FA", "FB"][seat]
    table.handle(Tag(STONES["dog"]))  # nobody's view open: nothing recorded
    assert "private view" in table.message and "dog" not in table.message
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
    needs_kind("mayan-curse", "stone")
    table = curse(journal, tags)
    seat = next(a["seat"] for a in table.session.legal_actions(CHANCE))
    table.handle(Tag(["FA", "FB"][seat]))
    for uid in (STONES["dog/jaguar"], STONES["dog/jaguar"]):  # there is one dog/jaguar stone in the purse
        table.handle(Tag(uid))
    assert table.message.startswith("The purse cannot have given")
    assert table.session.waiting_for_chance()


def test_a_stela_tag_without_a_value_asks_for_touch(journal, tags):
    needs_kind("mayan-curse", "stela")
    table = curse(journal, tags)
    tags.learn("B1", {"kind": "stela", "colour": "gray"})
    table.handle(Tag("B1"))
    assert table.message == "This stela tag has no value learned; enter the value by touch."


def test_a_stela_tag_read_behind_the_gate_enters_that_stelas_value_privately(journal, tags):
    needs_kind("mayan-curse", "stela")
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
            session.act(move(bot, session.game, session.state, seat, rng))
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


_MAYA: dict = {}


def _maya_table():
    """One Maya game at quarrying for every example (tag reads other than commands
    never change the game, only the controller, which is new each time)."""
    if not _MAYA:
        import pathlib
        import tempfile

        folder = pathlib.Path(tempfile.mkdtemp(prefix="tags-prop-"))
        tags = TagRegistry.open(folder / "tags.json")
        for colour in ("blue", "red", "green"):
            for value in (3, 4, 5, 6, 7, 8, -3):
                uid = f"{'ABC'['brg'.index(colour[0])]}{value % 16:X}"
                tags.learn(uid, {"kind": "worker", "colour": colour, "value": value})
        table, _ = maya_at_quarrying(Journal.open(folder / "journal.sqlite3"), tags)
        _MAYA.update(session=table.session, tags=tags)
    return TableController(_MAYA["session"], clock=FakeClock(), tags=_MAYA["tags"])


WORKER_UIDS = [f"{c}{v % 16:X}" for c in "ABC" for v in (3, 4, 5, 6, 7, 8, -3)]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORKER_UIDS + ["FA", "FB", "FC", "EEEE"]), max_size=12))
def test_no_sequence_of_tag_reads_puts_a_card_value_on_the_public_screen(uids):
    """Maya worker cards (once Maya declares them; refused as "not a fob" before).
    Whatever tags are tapped, in whatever order: the game does not move, every
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


# --- the fourth game: a new game's tags need no edit in the controller ----------------
_FOURTH = pathlib.Path(__file__).with_name("fourth.py")




def charm_table(journal, tags, seed=3):
    session = Session.create(journal, "charms", ["Ana", "Ben"], seed=seed, meta={"fobs": ["FA", "FB"]})
    for value in range(1, 6):
        tags.learn(f"C{value}", {"kind": "charm", "value": value})
    tags.learn("B1", {"kind": "bead", "name": "bead 1"})
    tags.learn("B2", {"kind": "bead", "name": "bead 2"})
    tags.learn("A0", {"kind": "command", "name": "undo"})
    table = TableController(session, clock=FakeClock(), tags=tags)
    return table, [session.view(seat)["you"]["charm"] for seat in range(2)]


def test_a_new_games_tag_is_its_own_action_played_behind_its_owners_view(journal, tags, charms):
    table, secret = charm_table(journal, tags)
    ana = secret[0]
    table.handle(Tag(f"C{ana}"))  # nobody's view open: the game's sentence, nothing played
    assert table.message == "Open your private view first (tap your fob), then tap the tag."
    assert table.public_view()["players"][0]["charm"] is None
    table.handle(Tag("FA"))
    wrong = next(v for v in range(1, 6) if v != ana)
    table.handle(Tag(f"C{wrong}"))
    assert table.message == "That charm is not Ana's." and table.public_view()["players"][0]["charm"] is None
    table.handle(Tag(f"C{ana}"))  # Ana's own charm on her turn: she shows it
    assert table.public_view()["players"][0]["charm"] == ana and table.acting() == [1]
    assert not table.undo() and table.public_view()["players"][0]["charm"] == ana, "a reveal cannot be undone"


def test_a_new_games_tag_can_select_in_the_open_view_only(journal, tags, charms):
    table, secret = charm_table(journal, tags)
    table.handle(Tag("FB"))  # Ben, while it is Ana's turn
    table.handle(Tag(f"C{secret[1]}"))
    assert table.selected == (1, secret[1]) and table.message is None
    assert table.public_view() == table.session.view(TABLE)
    assert all(p["charm"] is None for p in table.public_view()["players"])
    table.close_gate()
    assert table.selected is None, "the selection goes with the private view"


def test_tags_held_for_an_entry_of_two_are_kept_for_that_seat_and_forgotten_with_its_view(journal, tags, charms):
    table, _ = charm_table(journal, tags)
    table.handle(Tag("FA"))
    table.handle(Tag("B1"))
    assert table.message == "Ana: one bead of two." and len(table.held(0)) == 1
    assert table.public_view()["players"][0]["score"] == 0
    table.close_gate()  # the half-made entry goes with the view
    assert table.held(0) == []
    table.handle(Tag("FA"))
    table.handle(Tag("B1"))
    table.handle(Tag("B2"))
    assert table.public_view()["players"][0]["score"] == 1 and table.held(0) == []
    assert table.acting() == [1]


def test_a_command_tag_undoes_in_a_new_game_too(journal, tags, charms):
    table, _ = charm_table(journal, tags)
    assert table.play({"type": "step"})
    table.handle(Tag("A0"))
    assert table.notice == "Took back Ana's last move." and table.public_view()["players"][0]["score"] == 0


def test_a_peek_in_a_new_game_is_journaled_and_blocks_only_what_it_saw(journal, tags, charms):
    """Ben's peek is journaled before his view opens; Ana's step changed nothing Ben
    saw (his charm), so undo still takes it back (the session's precise peeks)."""
    table, _ = charm_table(journal, tags)
    assert table.play({"type": "step"})  # Ana
    table.handle(Tag("FB"))  # Ben looks at his charm
    assert table.private_view()[1]["you"]["charm"] in range(1, 6)
    assert table.undo() and table.public_view()["players"][0]["score"] == 0


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["FA", "FB", "C1", "C2", "C3", "C4", "C5", "B1", "B2", "EE"]), max_size=14))
def test_no_sequence_of_new_game_tag_reads_names_a_hidden_charm_on_the_public_screen(uids):
    """Whatever is tapped: every sentence is free of digits, a charm shows on the public
    screen only once its owner showed it, and a selection belongs to the open view."""
    import tempfile

    if "fourth" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth", _FOURTH)
        sys.modules["fourth"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    sys.modules["fourth"].register()
    try:
        folder = pathlib.Path(tempfile.mkdtemp(prefix="charms-prop-"))
        journal = Journal.open(folder / "journal.sqlite3")
        table, _ = charm_table(journal, TagRegistry.open(folder / "tags.json"))
        for uid in uids:
            table.handle(Tag(uid))
            assert not any(ch.isdigit() for ch in table.message or ""), table.message
            if table.selected is not None:
                assert table.gate is not None and table.selected[0] == table.gate.seat
            state = table.session.state
            for seat, p in enumerate(table.public_view()["players"]):
                assert p["charm"] is None or state.shown[seat]
        journal.close()
    finally:
        sys.modules["fourth"].unregister()
