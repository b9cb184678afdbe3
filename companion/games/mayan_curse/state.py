"""Mayan Curse's immutable game state: what the companion keeps for the table.

The board itself (slabs, adventurers, boulder squares) stays on the table; the
state holds only what the companion counts or hides: the sacred purse and each
hand, the stelae and their values, trigger tokens and how far each boulder has
tumbled, cameras, backpacks, who has escaped, the round and the turn order.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .components import Box

# phases: what the game waits for
DRAW = "draw"  # CHANCE draws 3 stones for the next seat in `queue`
TURN = "turn"  # queue[0] takes their turn
VALUE = "stela_value"  # CHANCE draws the value of queue[0]'s newest stela (digital stelae)
BOULDERS = "boulders"  # the players report where tumbling[0] stopped
REVEAL = "reveal"  # game over; escaped players enter stela values not yet entered (physical stelae)
OVER = "over"

def event(kind: str, **fields) -> tuple:
    """A public event for the view's `event` (sounds and highlights); never a secret."""
    return (("type", kind),) + tuple(sorted(fields.items()))


ENTRANCE = 0  # a boulder's position: 0 = at the entrance, 1..rows = slab row, rows+1 = not yet tumbled


@dataclass(frozen=True)
class Opts:
    stelae: str = "digital"  # "digital": the companion draws values; "physical": players enter them
    difficulty: str = "normal"
    scenario: int = 0  # 0 = none
    token_skips_escaped: bool = True
    all_stelae: str = "strict"  # "strict": a crushed stela fails "all ... stelae"; "uncrushed": it does not


@dataclass(frozen=True)
class Seat:
    stones: tuple = ()  # secret: the kinds of stone in hand
    stelae: tuple = ()  # ((colour, place, value), ...): value secret; 0 = not yet entered
    camera: bool = False
    backpack: str = ""  # the item used, "" while unused
    reached_temple: bool = False
    escaped: bool = False
    escaped_with: int = -1  # boulders at the entrance when this player escaped


@dataclass(frozen=True)
class State:
    box: Box
    names: tuple
    opts: Opts
    seats: tuple  # Seat per player
    round: int
    first: int  # who holds the first-player token
    phase: str
    queue: tuple  # DRAW: seats still to draw; TURN/VALUE: seats still to play this round
    purse: tuple  # secret: stones left in the purse, per box.kinds
    supply: tuple  # secret: per colour, per value (box.values order), tokens not yet drawn/entered
    board: tuple  # public: per colour, (left in the passage, left on the temple)
    crushed: tuple  # public: per colour, crushed in the passage
    boulders: tuple  # public: (trigger tokens, position) per boulder, left to right
    tumbling: tuple = ()  # public: boulders still to tumble this step, in the rulebook's order
    tumbled: tuple = ()  # public: boulders that tumbled this step, in order
    temple_reached: bool = False
    cameras: int = 0
    sealed: bool = False
    notice: str = ""
    event: tuple = ()  # public: the last event for UI cues, as (key, value) pairs
    turns: int = 0  # turns taken in the whole game

    @property
    def solo(self) -> bool:
        return len(self.seats) == 1

    def seat(self, i: int) -> Seat:
        return self.seats[i]

    def with_seat(self, i: int, **changes) -> tuple:
        seats = list(self.seats)
        seats[i] = replace(seats[i], **changes)
        return tuple(seats)

    def at_entrance(self) -> int:
        return sum(1 for _, pos in self.boulders if pos == ENTRANCE)
