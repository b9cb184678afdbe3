"""Phase 3, scoring: gold for the most and second most blocks in every level
of every pyramid, complete or not; then erosion (not after the last round)."""
from __future__ import annotations

from .state import Event, Levels, State, note, replace


def level_payments(counts: tuple[int, ...], most: int, second: int, second_after_tie: bool = True) -> list[int]:
    """Gold per seat for one level. Ties are all paid the same. After a tie
    for the most, the next count is still paid as second most (the rulebook's
    fourth payment example and its erosion example) unless second_after_tie
    is False."""
    pay = [0] * len(counts)
    top = max(counts)
    if top == 0:
        return pay
    leaders = [s for s, c in enumerate(counts) if c == top]
    for s in leaders:
        pay[s] = most
    if len(leaders) == 1 or second_after_tie:
        rest = [c for c in counts if 0 < c < top]
        if rest:
            runner = max(rest)
            for s, c in enumerate(counts):
                if c == runner:
                    pay[s] = second
    return pay


def payments(state: State) -> list[list[list[int]]]:
    """[pyramid][level] -> gold per seat."""
    after_tie = state.options.second_after_tie == "paid"
    return [
        [level_payments(counts, spec.most, spec.second, after_tie) for counts, spec in zip(pyr, pspec.levels)]
        for pyr, pspec in zip(state.pyramids, state.box.pyramids)
    ]


def erode_pyramid(levels: Levels, paid: list[list[int]]) -> Levels:
    """Every paid player removes one block from each level they were paid for;
    losing their only block in a level also loses all theirs above it in this
    pyramid. Counted on the pyramid as scored, so removal comes after scoring."""
    n = len(levels[0])
    out = [list(counts) for counts in levels]
    for seat in range(n):
        wiped_from = None
        for level, counts in enumerate(levels):
            if paid[level][seat] > 0:
                out[level][seat] -= 1
                if counts[seat] == 1 and wiped_from is None:
                    wiped_from = level + 1
        if wiped_from is not None:
            for level in range(wiped_from, len(levels)):
                out[level][seat] = 0
    return tuple(tuple(c) for c in out)


def score(state: State, last_round: bool) -> State:
    pay = payments(state)
    gold = list(state.gold)
    for pyr in pay:
        for level in pyr:
            for seat, g in enumerate(level):
                gold[seat] += g
    pyramids, pool = state.pyramids, list(state.pool)
    if not last_round:
        pyramids = tuple(erode_pyramid(pyr, paid) for pyr, paid in zip(state.pyramids, pay))
        for before, after in zip(state.pyramids, pyramids):
            for b_level, a_level in zip(before, after):
                for seat in range(state.n):
                    pool[seat] += b_level[seat] - a_level[seat]
    # the pyramids as scored, and per pyramid, level and seat the blocks erosion takes off
    counts = [[list(level) for level in pyr] for pyr in state.pyramids]
    removed = [[[b - a for b, a in zip(b_level, a_level)] for b_level, a_level in zip(before, after)]
               for before, after in zip(state.pyramids, pyramids)]
    summary: Event = {"event": "scoring", "round": state.round, "payments": pay, "eroded": not last_round,
               "counts": counts, "removed": removed, "quarries": list(state.results)}
    return note(replace(state, gold=tuple(gold), pyramids=pyramids, pool=tuple(pool),
                        history=state.history + (summary,)), summary)
