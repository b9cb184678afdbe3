"""Rounds and turns: the draw, turns in order, stones played, escaping, the end of
a round and of the game.

Step 1 draw (a CHANCE action per player still in the passage; with the real
purse the players draw from the bag and each enters their stones on their
turn), step 2 turns from the first player clockwise, step 3 boulders, step 4
the first-player token passes clockwise. `settle` makes the automatic steps
between actions.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from companion.rules.engine import require
from companion.rules.seats import same_seat

from . import boulders as bl
from .actions import ENTER_STONES, PLAY_STONE, stone_name
from .components import COLOURS
from .i18n import _, ngettext
from .purse import draw_outcomes, give_back, kinds_of, take
from .state import BOULDERS, DRAW, OVER, REVEAL, TURN, Opts, Seat, State, event
from .stelae import missing_values


def new_state(box: Any, names: Sequence[str], opts: Opts, laid: Sequence[Any] | None = None,
              first: int = 0) -> State:
    """The game set up; `laid`: per colour (in the passage, on the temple) as the table
    laid them, else the box's layout for the player count."""
    n = len(names)
    layout = box.layout[n - 1] if laid is None else laid
    tokens = box.solo_tokens if n == 1 else box.tokens
    state = State(
        box=box, names=tuple(names), opts=opts, seats=tuple(Seat() for _ in names),
        round=0, first=0, phase=DRAW, queue=(),
        purse=box.stones,
        supply=tuple(tuple(c for _, c in box.values[ci]) for ci in range(len(COLOURS))),
        laid=tuple(tuple(p) for p in layout),
        board=tuple(tuple(p) for p in layout),
        crushed=tuple(0 for _ in COLOURS),
        boulders=tuple((t, bl.start_position(box)) for t in tokens),
        columns=tuple(range(len(tokens))),
        cameras=box.cameras,
    )
    return start_round(state, first=first, number=1)


def in_passage(state: State) -> list[int]:
    return [i for i, s in enumerate(state.seats) if not s.escaped]


def clockwise_from(state: State, first: int) -> tuple[Any, ...]:
    """Seats still in the passage, in turn order from the first player (escaped ones skipped)."""
    n = len(state.seats)
    return tuple(s for s in ((first + k) % n for k in range(n)) if not state.seats[s].escaped)


def start_round(state: State, first: int, number: int) -> State:
    last = (state.round, state.tumbled) if any(t.end != -1 for t in state.tumbled) else state.last_step
    new = replace(state, round=number, first=first, phase=DRAW, queue=clockwise_from(state, first),
                  tumbling=(), tumbled=(), last_step=last)
    if number > 1:
        new = replace(new, events=state.events + (event("round_started", round=number, first=first),))
    return new


def draw(state: State, action: dict[str, Any]) -> State:
    """CHANCE wrote the three stones into the action; only that seat will see them."""
    seat = state.queue[0]
    require(same_seat(action.get("seat"), seat), _("{name} draws next.", name=state.names[seat]))
    idx = kinds_of(state.box, action.get("stones"))
    require_in_bag(state, idx)
    purse = take(state.purse, idx, state.box)
    hand = tuple(state.box.kinds[i] for i in idx)
    return replace(state, purse=purse, seats=state.with_seat(seat, stones=hand, played=(), entered=True),
                   queue=state.queue[1:], events=(event("stones_drawn", seat=seat, count=len(hand)),))


def require_in_bag(state: State, idx: list[int]) -> None:
    """An entry the bag cannot have given (the picker offers every kind: what the bag
    still holds is the others' secret) is refused in a sentence for the seat entering."""
    for i in sorted(set(idx)):
        n = idx.count(i)
        name = stone_name(state.box.kinds[i])
        require(state.purse[i] >= n, ngettext("The bag cannot have given you a {stone} stone now: look at the "
                                              "stones you drew and tap them again.",
                                              "The bag cannot have given you {n} {stone} stones now: look at the "
                                              "stones you drew and tap them again.", n, stone=name))


def enter_stones(state: State, seat: int, action: dict[str, Any]) -> State:
    """The real purse: the three stones this player drew from the bag, entered
    behind their privacy gate (by touch or stone tags); still secret."""
    require(state.opts.purse == "real", _("The companion draws the stones in this game; nothing to enter."))
    s = state.seats[seat]
    require(not s.entered, _("{name} has already entered the stones they drew this round.",
                             name=state.names[seat]))
    idx = kinds_of(state.box, action.get("stones"))
    require_in_bag(state, idx)
    purse = take(state.purse, idx, state.box)
    hand = tuple(state.box.kinds[i] for i in idx)
    return replace(state, purse=purse, seats=state.with_seat(seat, stones=hand, played=(), entered=True),
                   events=(event("stones_entered", seat=seat),))


def enter_choices(state: State, seat: int) -> list[dict[str, Any]]:
    """The real purse: every hand the purse can have given (when not yet entered)."""
    if state.opts.purse != "real" or state.seats[seat].entered:
        return []
    kinds = state.box.kinds
    return [{"type": ENTER_STONES, "stones": [kinds[i] for i in idx]} for idx, _ in draw_outcomes(state.purse)]


def play_stone(state: State, seat: int, action: dict[str, Any]) -> State:
    """Moving: a stone played is shown to the table (Step 1: secret "until you play them")."""
    s = state.seats[seat]
    stone: Any = action.get("stone")
    if not s.stones and not s.entered:
        require(False, _("{name} has not entered the stones they drew yet.", name=state.names[seat]))
    require(stone in s.stones, _("{name} holds no such stone to play.", name=state.names[seat]) if s.stones
            else _("{name} has played all their stones this turn.", name=state.names[seat]))
    hand = list(s.stones)
    hand.remove(stone)
    return replace(state, seats=state.with_seat(seat, stones=tuple(hand), played=s.played + (stone,)),
                   events=(event("stone_played", seat=seat, stone=stone),))


def play_choices(state: State, seat: int) -> list[dict[str, Any]]:
    return [{"type": PLAY_STONE, "stone": k} for k in sorted(set(state.seats[seat].stones))]


def end_turn(state: State, seat: int, escaped: bool = False) -> State:
    """Step 2c: all three stones go back into the purse, used or not. Solo: a token comes off."""
    s = state.seats[seat]
    purse = give_back(state.purse, s.stones + s.played, state.box)
    changes: dict[str, Any] = {"stones": (), "played": (), "entered": False}
    if escaped:
        changes.update(escaped=True, escaped_with=state.at_entrance())
    seats = state.with_seat(seat, **changes)
    boulders = state.boulders
    took = False
    if state.solo and not escaped and any(t for t, _ in boulders):
        # Solo Mode: "remove 1 trigger token at the end of each turn" instead of on discoveries.
        boulders = bl.remove_token(boulders)
        took = True
    return replace(state, purse=purse, seats=seats, boulders=boulders, queue=state.queue[1:],
                   turns=state.turns + 1,
                   events=(event("escaped" if escaped else "turn_ended", seat=seat, token_removed=took),))


def escape(state: State, seat: int) -> State:
    return end_turn(state, seat, escaped=True)


def next_first(state: State) -> int:
    """Step 4: the token passes clockwise; by default past players who have escaped."""
    n = len(state.seats)
    nxt = (state.first + 1) % n
    if state.opts.token_skips_escaped:
        for k in range(n):
            cand = (state.first + 1 + k) % n
            if not state.seats[cand].escaped:
                return cand
    return nxt


def finish(state: State) -> State:
    """The game is over; physical stelae: escaped players still enter their values."""
    phase = REVEAL if state.opts.stelae == "physical" and missing_values(state) else OVER
    last = (state.round, state.tumbled) if any(t.end != -1 for t in state.tumbled) else state.last_step
    return replace(state, phase=phase, queue=(), tumbling=(), last_step=last,
                   events=state.events + (event("game_over", sealed=state.sealed),))


def settle(state: State) -> State:
    """Make the steps that need nobody: start turns, boulders, the next round, the end."""
    while True:
        if state.phase in (OVER, REVEAL):
            if state.phase == REVEAL and not missing_values(state):
                state = replace(state, phase=OVER, events=state.events + (event("game_over", sealed=state.sealed),))
            return state
        if state.sealed or not in_passage(state):
            return finish(state)
        if state.phase == DRAW and (not state.queue or state.opts.purse == "real"):
            state = replace(state, phase=TURN, queue=clockwise_from(state, state.first))
            continue
        if state.phase == TURN and not state.queue:
            state = bl.start_step(state)
            continue
        if state.phase == BOULDERS and not state.tumbling:
            state = start_round(state, next_first(state), state.round + 1)
            continue
        return state
