"""A test-only game for the phones' picker: Maya whose worker card is laid with
one choice of two parts (which card, then which quarry) that asks before it is
played, instead of one choice per card and quarry, and a choice shown greyed.

    register()   # companion.games.get_game("maya-picker") is it now
    unregister()
"""
from __future__ import annotations

from typing import Any

from companion import games
from companion.games.maya import Maya
from companion.rules.choices import Choice, Part, PartOption
from companion.rules.engine import Game

NAME = "maya-picker"
LAY = "lay"
QUESTION = "Lay this card face down? It stays there this round."
WHY = "Your second card waits until the first one is laid."


class PickerMaya(Maya):
    name = NAME
    title = "Maya (picker)"

    def menu(self, state: Any, seat: int) -> list[Choice]:
        base = Game.menu(self, state, seat)  # one choice per action (Maya's own menu has its picker)
        lays = [c for c in base if c.action.get("type") == "place_worker"]
        if not lays:
            return base
        hand = sorted(set(self.view(state, seat)["you"]["cards"]))  # every card held; only legal ones offered
        quarries = sorted({c.action["quarry"] for c in lays})
        lay = Choice(key=LAY, label="Lay a card", sentence="You lay a card face down.", group="Your cards",
                     slot=0, action={"actor": seat, "type": "place_worker"}, seat=seat, confirm=QUESTION,
                     parts=(Part("card", "Which card", tuple(PartOption(v, f"Card {v}") for v in hand)),
                            Part("quarry", "At which quarry", tuple(PartOption(q, f"Quarry {q + 1}")
                                                                   for q in quarries))),
                     legal=tuple({"card": c.action["card"], "quarry": c.action["quarry"]} for c in lays))
        later = Choice(key="second", label="Lay a second card", sentence="", group="Your cards", slot=1,
                       action={"actor": seat, "type": "place_worker"}, seat=seat, enabled=False, why=WHY)
        return [lay, later] + [c for c in base if c not in lays]


GAME = PickerMaya()


def register() -> None:
    import sys

    games.register(NAME, sys.modules[__name__])


def unregister() -> None:
    games.unregister(NAME)
