"""Maya's game state: one frozen dataclass, rebuilt (never changed) by every action.

Per-seat values are tuples indexed by seat; the pyramids are a tuple of
pyramids, each a tuple of levels, each a tuple of block counts per seat.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from .components import Box

MINUS = -3  # the "-3" worker card

_T = TypeVar("_T")

Seats = tuple[int, ...]  # one int per seat
Levels = tuple[Seats, ...]  # [level][seat] -> blocks
Pyramids = tuple[Levels, ...]  # [pyramid][level][seat] -> blocks
Event = dict[str, Any]  # a public event (sentences in words.py)

# Phases, in the order a round goes through them.
SETUP = "setup"  # the two starting blocks
FIRST_PLAYER = "first_player"  # the First Player marker's holder chooses who starts
AUCTION_DRAW = "auction_draw"  # advanced: chance draws which blue markers are auctioned
BIDDING = "bidding"  # advanced: sealed simultaneous bids
AUCTION_CHOICE = "auction_choice"  # advanced: winners choose markers in order
QUARRYING = "quarrying"
QUARRY_END = "quarry_end"  # after all have passed: the +2 points marker, the joker
DISTRIBUTION = "distribution"
BUILDING = "building"
OVER = "over"


@dataclass(frozen=True)
class Options:
    advanced: bool = False
    quarries: str = "companion"  # or "scoring-only"
    starting_player: str = "keep"  # who starts when nobody holds First Player: "keep" | "clockwise"
    unscored_marker: str = "stays"  # a quarry where nobody scores: "stays" | "highest"
    tiebreak: str = "pool"  # "pool" (fewest own blocks in the pool) | "none"
    bonus_block: str = "majority"  # who gets it when a level is completed: "majority" | "completer"
    second_after_tie: str = "paid"  # a tie for the most still pays second place: "paid" | "none"
    full_pyramids: str = "pass"  # every pyramid full, blocks still held: "pass" (involuntary, 1 gold) | "end"
    lowest_bid_tie: str = "clockwise"  # a tie for the lowest bid: "clockwise" (the last in order gets nothing) | "none"
    first: int = 0  # the seat that starts the first round (the table chooses, or the companion draws)


@dataclass(frozen=True)
class Quarry:
    """One quarry this round. cards: (seat, value) in placement order."""

    cards: tuple[tuple[int, int], ...] = ()
    revealed: bool = False
    marker: str | None = None  # the green marker still above it
    two_points: int | None = None  # seat whose +2 points marker lies here
    protected: tuple[int, ...] = ()  # seats shielded here against -3 cards
    closed: bool = False  # scoring-only: the column has been entered


@dataclass(frozen=True)
class Pending:
    """A decision the rules ask of one player before play goes on."""

    kind: str  # minus_three | protect | move_block | pool_block | appoint | two_points | joker
    seat: int
    quarry: int | None = None


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    options: Options
    box: Box
    round: int
    phase: str
    starting: int  # the starting player this round
    turn: int | None  # whose turn in a turn-by-turn phase
    gold: Seats
    pool: Seats  # blocks of each colour in the pool
    hand: Seats  # blocks each player holds (won at quarries, not yet built)
    pyramids: Pyramids  # [pyramid][level][seat] -> blocks
    old: tuple[Seats, ...]  # [pyramid][level] -> blocks there at the start of this round
    cards: tuple[tuple[int, ...], ...]  # each seat's remaining worker cards (sorted tuples)
    passed: tuple[bool, ...]  # quarrying: who has passed
    quarries: tuple[Quarry, ...]  # of Quarry, left to right
    markers: tuple[tuple[str, ...], ...]  # each seat's Special Property markers held for this round
    fp_holder: int | None = None  # who holds the First Player marker
    setup_placed: int = 0
    pending: tuple[Pending, ...] = ()  # of Pending, first is asked now
    current: int | None = None  # the quarry being distributed
    deductions: tuple[tuple[int, int], ...] = ()  # (owner, target) of -3 cards at the current quarry
    blue_drawn: tuple[str, ...] = ()  # the blue markers up for auction this round
    bids: tuple[int | None, ...] = ()  # each seat's sealed bid, None until given
    choosers: tuple[int, ...] = ()  # auction: seats still to choose, in order
    last: Any = None  # the last public event (quarry result, bids, scoring)
    results: tuple[Event, ...] = ()  # this round's quarry results, in the order resolved
    history: tuple[Event, ...] = ()  # public per-round scoring summaries
    events: tuple[Event, ...] = ()  # what the last action caused, in order (public data; sentences in words.py)

    @property
    def n(self) -> int:
        return len(self.names)


def replace(obj: _T, **changes: Any) -> _T:
    """dataclasses.replace without the per-field overhead: these dataclasses
    have no __post_init__, and this is the engine's hottest path."""
    new = object.__new__(obj.__class__)
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new


def note(state: State, event: Event) -> State:
    """Record a public event: the newest (`last`) and one more of what this action caused."""
    return replace(state, last=event, events=state.events + (event,))


def tup_set(t: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    """t with item i replaced."""
    return t[:i] + (value,) + t[i + 1:]


def tup_add(t: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    return t[:i] + (t[i] + delta,) + t[i + 1:]


def add_block(pyramids: Pyramids, p: int, level: int, seat: int, delta: int = 1) -> Pyramids:
    pyr = pyramids[p]
    lv = pyr[level]
    lv = lv[:seat] + (lv[seat] + delta,) + lv[seat + 1:]
    return pyramids[:p] + (pyr[:level] + (lv,) + pyr[level + 1:],) + pyramids[p + 1:]


def level_full(state: State, p: int, level: int) -> bool:
    """Every space of that level of pyramid p holds a block."""
    return sum(state.pyramids[p][level]) >= state.box.pyramids[p].levels[level].spaces


def order_from(state: State, first: int) -> list[int]:
    """Seats clockwise starting with `first`."""
    n = state.n
    return [(first + k) % n for k in range(n)]


__all__ = ["Options", "Pending", "Quarry", "State", "add_block", "level_full", "note", "order_from", "replace",
           "tup_add", "tup_set"]
