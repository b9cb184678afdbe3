"""A seat's message as the page renders it (companion/phones/messages.py): its own
choices in their groups by slot, short labels, greyed ones with the reason, the
picker of a choice with parts, and the answers the server will take."""
from __future__ import annotations

from typing import Any

from companion.games import get_game
from companion.phones.messages import answer_key, message_for, offers
from companion.rules.choices import Choice, Part, PartOption
from companion.table.frame import GateFrame, TableFrame

GAME = get_game("maya")


def choice(key: str, group: str, slot: int, seat: int | None = 0, **more: Any) -> Choice:
    return Choice(key=key, label=key.capitalize(), sentence=f"The sentence of {key}.", group=group, slot=slot,
                  action={"actor": 0, "type": key}, seat=seat, **more)


def frames(*choices: Choice) -> tuple[GateFrame, TableFrame]:
    view = {"players": [{"name": "Ana"}, {"name": "Ben"}], "events": [{"sentence": "Ben passed."}], "you": {}}
    own = GateFrame(seat=0, view=view, choices=choices)
    table = TableFrame(serial=1, game="maya", title="Maya", players=("Ana", "Ben"), view={}, waiting="Ana's turn.",
                       acting=(0,), choices=(), gate=GateFrame())
    return own, table


def test_choices_come_in_their_groups_by_slot_with_short_labels_and_greyed_ones_say_why():
    own, table = frames(choice("pass", "Your turn", 90, confirm="Pass this round?"),
                        choice("bird", "Your cards", 2), choice("jaguar", "Your cards", 0),
                        choice("snake", "Your cards", 1, enabled=False, why="Snake is played after Bird."),
                        choice("shout", "Your turn", 5, seat=None),  # public: the touchscreen's, not the phone's
                        choice("ben", "Your cards", 3, seat=1))  # another seat's: never here
    msg = message_for(GAME, own, table)
    assert msg["name"] == "Ana" and msg["waiting"] == "Ana's turn." and msg["my_turn"] is True
    assert msg["events"] == ["Ben passed."]
    assert [(g["title"], [c["label"] for c in g["choices"]]) for g in msg["groups"]] == [
        ("Your turn", ["Pass"]), ("Your cards", ["Jaguar", "Snake", "Bird"])]
    snake = msg["groups"][1]["choices"][1]
    assert snake["enabled"] is False and snake["why"] == "Snake is played after Bird."
    assert msg["groups"][0]["choices"][0]["confirm"] == "Pass this round?"
    assert "sentence of" not in str(msg)  # buttons carry short labels, not sentences
    assert offers(msg) == {answer_key(k, {}) for k in ("pass", "jaguar", "bird")}  # not the greyed one


def test_a_choice_with_parts_carries_its_picker_and_every_complete_pick_is_an_answer():
    kinds = tuple(PartOption(k, k.capitalize()) for k in ("jade", "gold", "skull"))
    three = choice("draw", "The purse", 0, parts=(Part("stones", "Three stones", kinds, count=3),),
                   legal=({"stones": ("jade", "jade", "gold")}, {"stones": ("jade", "gold", "jade")}))
    own, table = frames(three)
    pick = message_for(GAME, own, table)["groups"][0]["choices"][0]["pick"]
    assert pick["label"] == "Three stones" and pick["count"] == 3
    assert [o["label"] for o in pick["options"]] == ["Jade"]  # no dead end: gold and skull lead nowhere first
    second = pick["options"][0]["then"]
    assert [o["label"] for o in second["options"]] == ["Jade", "Gold"]
    assert offers(message_for(GAME, own, table)) == {answer_key("draw", {"stones": ["jade", "jade", "gold"]}),
                                                     answer_key("draw", {"stones": ["jade", "gold", "jade"]})}
