"""A player's knowledge: what scoring and the solo goals both count (its own module,
so that scoring and solo do not import each other)."""
from __future__ import annotations

from .state import State


def knowledge(state: State, seat: int) -> int:
    """Stelae values + the camera + the unused backpack (End of the Game)."""
    s = state.seats[seat]
    box = state.box
    return int(sum(v for _, _, v in s.stelae) + (box.camera_knowledge if s.camera else 0)
            + (0 if s.backpack else box.backpack_bonus))
