""""What can I do now?" for Mayan Curse (companion/table/help.py): each phase's
short summary, in the project's own words (not the rulebook's), and the moves
players often try, refused by the game's own apply. `tries` reads only the
viewer's view, so the table's help tries nothing but what the table sees."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import END_TURN
from .i18n import N_, _
from .state import BOULDERS, DRAW, OVER, REVEAL, TURN, VALUE

#: phase -> (its name, the lines of its summary); translated where shown
PHASES: dict[str, tuple[str, tuple[str, ...]]] = {
    DRAW: (N_("Drawing stones"), (
        N_("Each player draws three sacred stones from the purse, kept secret in their private view."),)),
    TURN: (N_("A player's turn"), (
        N_("Slide up to three slabs, then move with your three stones: a stone crosses a line of its "
           "symbol, two stones together are a wild."),
        N_("Report here what the real board shows: a stela found, the temple reached, a camera, the "
           "backpack used, an escape; then end the turn."),
        N_("A gray or beige stela takes a trigger token off a boulder."),)),
    VALUE: (N_("A stela's value"), (
        N_("The value of the stela just found is drawn: only its finder sees it."),)),
    BOULDERS: (N_("Boulders tumble"), (
        N_("A boulder with no trigger tokens left rolls towards the entrance: say where it stopped, "
           "and which stelae it crushed."),
        N_("When the third boulder reaches the entrance, the passage is sealed and the game ends."),)),
    REVEAL: (N_("Revealing stelae"), (
        N_("The game is over: the players who escaped enter the values of their stelae."),)),
    OVER: (N_("The game is over"), (
        N_("Only those who escaped count: the most knowledge wins."),)),
}


def phase_help(view: Mapping[str, Any]) -> tuple[str, Sequence[str]]:
    name, lines = PHASES.get(str(view.get("phase")), ("", ()))
    return (_(name), [_(line) for line in lines]) if name else ("", ())


def tries(view: Mapping[str, Any], viewer: Any) -> list[tuple[str, dict[str, Any]]]:
    """Moves players often try now, from what `viewer` sees in `view`."""
    players = view.get("players") or []
    if view.get("phase") == BOULDERS and players and viewer == "table":
        return [(_("{name} ends a turn while boulders tumble", name=players[0]["name"]),
                 {"actor": 0, "type": END_TURN})]
    return []
