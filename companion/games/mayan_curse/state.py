"""Mayan Curse's immutable game state: what the companion keeps for the table.

The board itself (slabs, adventurers, boulder squares) stays on the table; the
state holds only what the companion counts or hides: the sacred purse and each
hand, the stelae and their values, trigger tokens and how far each boulder has
tumbled, cameras, backpacks, who has escaped, the round and the turn order.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .components import Box

# phases: what the game waits for
DRAW = "draw"  # CHANCE draws 3 stones for the next seat in `queue`
TURN = "turn"  # queue[0] takes their turn
VALUE = "stela_value"  # CHANCE draws the value of queue[0]'s newest stela (digital stelae)
BOULDERS = "boulders"  # the players report where tumbling[0] stopped
REVEAL = "reveal"  # game over; escaped players enter stela values not yet entered (physical stelae)
OVER = "over"

# (("kind", k), (field, value), ...): public facts only; words.py makes the sentences
Event = tuple[tuple[str, Any], ...]


def event(kind: str, **fields: Any) -> Event:
    """A public event of the last action (what it caused); never a secret."""
    return (("kind", kind),) + tuple(sorted(fields.items()))


ENTRANCE = 0  # a boulder's position: 0 = at the entrance, 1..rows = slab row, rows+1 = not yet tumbled


@dataclass(frozen=True)
class Opts:
    stelae: str = "digital"  # "digital": the companion draws values; "physical": the real tokens
    purse: str = "companion"  # "companion": the companion draws stones; "real": the real bag
    difficulty: str = "normal"
    scenario: int = 0  # 0 = none
    token_skips_escaped: bool = True
    all_stelae: str = "strict"  # "strict": a crushed stela fails "all ... stelae"; "uncrushed": it does not


@dataclass(frozen=True)
class Seat:
    stones: tuple[Any, ...] = ()  # secret: the kinds of stone in hand, not yet played
    played: tuple[Any, ...] = ()  # public: the stones played this turn (Step 1: secret "until you play them")
    entered: bool = False  # real purse: the seat has entered what it drew this round
    stelae: tuple[Any, ...] = ()  # ((colour, place, value), ...): value secret; 0 = not yet entered
    camera: bool = False
    backpack: str = ""  # the item used, "" while unused
    reached_temple: bool = False
    escaped: bool = False
    escaped_with: int = -1  # boulders at the entrance when this player escaped


@dataclass(frozen=True)
class Tumble:
    """One boulder's tumble in a Step 3, for the round-end summary (public)."""

    boulder: int
    start: int  # position before
    end: int  # position after
    crushed: tuple[Any, ...] = ()  # colours of the stelae it crushed, in order


@dataclass(frozen=True)
class State:
    box: Box
    names: tuple[Any, ...]
    opts: Opts
    seats: tuple[Any, ...]  # Seat per player
    round: int
    first: int  # who holds the first-player token
    phase: str
    queue: tuple[Any, ...]  # DRAW: seats still to draw; TURN/VALUE: seats still to play this round
    purse: tuple[Any, ...]  # secret: stones left in the purse, per box.kinds
    supply: tuple[Any, ...]  # secret: per colour, per value (box.values order), tokens not yet drawn/entered
    laid: tuple[Any, ...]  # public: per colour, (laid in the passage, on the temple) at setup
    board: tuple[Any, ...]  # public: per colour, (left in the passage, left on the temple)
    crushed: tuple[Any, ...]  # public: per colour, crushed in the passage
    boulders: tuple[Any, ...]  # public: (trigger tokens, position) per boulder, named left to right at setup
    columns: tuple[Any, ...] = ()  # public: per boulder, its place left to right among boulders on its row
    tumbling: tuple[Any, ...] = ()  # public: boulders still to tumble this step, in the rulebook's order
    tumbled: tuple[Any, ...] = ()  # public: Tumble per boulder that tumbled this step, in order
    last_step: tuple[Any, ...] = ()  # public: (round, Tumbles) of the last finished Step 3 with a tumble
    temple_reached: bool = False
    cameras: int = 0
    sealed: bool = False
    events: tuple[Any, ...] = ()  # public: what the last action caused (Event per fact)
    turns: int = 0  # turns taken in the whole game

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    def seat(self, i: int) -> Seat:
        seat: Seat = self.seats[i]
        return seat

    def with_seat(self, i: int, **changes: Any) -> tuple[Any, ...]:
        seats = list(self.seats)
        seats[i] = replace(seats[i], **changes)
        return tuple(seats)

    def at_entrance(self) -> int:
        return sum(1 for _, pos in self.boulders if pos == ENTRANCE)
