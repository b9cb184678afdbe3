"""Mayan Curse through the table controller's one door (issue 21): the frame's
public choices, a seat's own choices behind the gate, choose() with the parts
picked. Physical randomness: the seat a draw is for enters it from its own
choices, and no one else sees them."""
from __future__ import annotations

from companion.table.controller import TableController
from companion.table.session import Session


def test_physical_randomness_the_seat_the_draw_is_for_enters_it_through_its_choices(journal):
    session = Session.create(journal, "mayan-curse", ["Ana", "Ben"], randomness="physical", seed=1)
    table = TableController(session)
    frame = table.frame()
    assert frame.choices == () and frame.view["draw_for"] == 0, "nothing public: the draw is Ana's secret"
    assert table.seat_frame(1).choices == ()
    (draw,) = table.seat_frame(0).choices
    assert draw.seat == 0 and draw.parts[0].count == 3
    assert not table.choose("draw_stones", {"stones": ["dog", "dog", "bird"]}).ok, "only through Ana's gate"
    out = table.choose("draw_stones", {"stones": ["dog", "bird", "dog"]}, seat=0)
    assert out.ok, out.sentence
    assert sorted(session.view(0)["you"]["stones"]) == ["bird", "dog", "dog"]
    assert table.frame().view["draw_for"] == 1


def test_a_turn_through_the_frame_with_the_escape_asked_first(journal):
    session = Session.create(journal, "mayan-curse", ["Ana", "Ben"], seed=1)
    table = TableController(session)
    frame = table.frame()
    assert [c.label for c in frame.choices] == ["Stela", "Temple stela", "Temple board", "Camera", "Backpack",
                                                "Escaped", "End turn"]
    assert all(c.public for c in frame.choices)
    out = table.choose("escape")
    assert not out.ok and out.ask == "Did Ana leave the passage? Ana takes no more turns this game."
    assert session.view()["escaped"] == []
    assert table.choose("stela", {"colour": "gray"}).ok
    assert session.view()["players"][0]["stelae"] == ["gray"]
    assert not table.choose("camera").ok, "greyed: Ana has not reached the temple"
    assert table.choose("escape", confirmed=True).ok
    assert session.view()["escaped"] == [0]
