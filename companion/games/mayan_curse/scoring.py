"""End of the game: knowledge of escaped players, the winner, the tie-breaks.

Only escaped players count (stelae + 15 for a camera + 2 for an unused
backpack); most knowledge wins, then most stelae, then victory is shared.
If nobody escaped, the temple wins.
"""
from __future__ import annotations

from ...engine import Result, shared_ranks
from . import solo
from .knowledge import knowledge
from .state import OVER, State


def result(state: State) -> Result | None:
    if state.phase != OVER:
        return None
    n = len(state.seats)
    escaped = [i for i in range(n) if state.seats[i].escaped]
    know = {i: knowledge(state, i) for i in escaped}
    count = {i: len(state.seats[i].stelae) for i in escaped}
    detail = {
        "sealed": state.sealed,
        "escaped": [s.escaped for s in state.seats],
        "knowledge": [know.get(i) for i in range(n)],
        "stelae": [count.get(i) for i in range(n)],
        "camera": [s.camera for s in state.seats],
        "backpack_unused": [not s.backpack for s in state.seats],
        "temple_wins": not escaped,
    }
    scores = tuple(know.get(i, 0) for i in range(n))
    order = sorted(escaped, key=lambda i: (-know[i], -count[i], i))
    rest = [i for i in range(n) if i not in know]
    ranking = tuple(order + rest)
    # escaped players by knowledge, then stelae; everyone who did not escape shares the last rank
    ranks = shared_ranks(ranking, lambda i: (know[i], count[i]) if i in know else None)
    if n == 1:
        won, sentence, goal = solo.judge(state)
        detail.update(goal=goal, sentence=sentence)
        return Result(scores=scores, ranking=ranking, winners=(0,) if won else (), tiebreak=None,
                      ranks=ranks, detail=detail)
    if not escaped:
        detail["sentence"] = ("The entrance was sealed and nobody escaped: the temple wins."
                              if state.sealed else "Nobody escaped: the temple wins.")
        return Result(scores=scores, ranking=ranking, winners=(), tiebreak=None,
                      ranks=ranks, detail=detail)
    best = know[order[0]]
    tied = [i for i in order if know[i] == best]
    tiebreak = None
    winners = tied
    if len(tied) > 1:
        most = max(count[i] for i in tied)
        winners = [i for i in tied if count[i] == most]
        names = " and ".join(state.names[i] for i in sorted(tied))
        if len(winners) == 1:
            tiebreak = (f"{names} tied on {best} knowledge; {state.names[winners[0]]} "
                        f"discovered the most stelae ({most}).")
        else:
            tiebreak = f"{names} tied on {best} knowledge and on stelae; victory is shared."
    win_names = " and ".join(state.names[i] for i in winners)
    detail["sentence"] = f"{win_names} {'win' if len(winners) > 1 else 'wins'} with {best} knowledge."
    return Result(scores=scores, ranking=ranking, winners=tuple(winners), tiebreak=tiebreak,
                  ranks=ranks, detail=detail)
