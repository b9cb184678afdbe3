"""End of the game: knowledge of escaped players, the winner, the tie-breaks.

Only escaped players count (stelae + 15 for a camera + 2 for an unused
backpack); most knowledge wins, then most stelae, then victory is shared.
If nobody escaped, the temple wins.
"""
from __future__ import annotations

from typing import Any

from companion.rules.engine import Result, shared_ranks

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
    detail["breakdown"] = [breakdown(state, i) for i in range(n)]
    scores = tuple(know.get(i, 0) for i in range(n))
    # the lines that explain the knowledge, in ranking order (what the players count aloud)
    order = sorted(escaped, key=lambda i: (-know[i], -count[i], i))
    rest = [i for i in range(n) if i not in know]
    ranking = tuple(order + rest)
    # escaped players by knowledge, then stelae; everyone who did not escape shares the last rank
    ranks = shared_ranks(ranking, lambda i: (know[i], count[i]) if i in know else None)
    detail["lines"] = knowledge_lines(state, ranking, detail)
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


def breakdown(state: State, seat: int) -> dict[str, Any] | None:
    """An escaped player's knowledge, part by part (None for one who did not escape)."""
    s = state.seats[seat]
    if not s.escaped:
        return None
    box = state.box
    return {"stelae": [v for _, _, v in s.stelae], "camera": box.camera_knowledge if s.camera else 0,
            "backpack_unused": 0 if s.backpack else box.backpack_bonus, "total": knowledge(state, seat)}


def knowledge_lines(state: State, ranking: tuple[Any, ...], detail: dict[str, Any]) -> list[str]:
    """The end of the game in sentences: each player's knowledge, revealed, or why it does not count."""
    lines = []
    for i in ranking:
        name = state.names[i]
        b = detail["breakdown"][i]
        if b is None:
            lines.append(f"{name} did not escape: their knowledge does not count.")
            continue
        parts = [f"stelae {' + '.join(map(str, b['stelae']))}" if b["stelae"] else "no stelae"]
        if b["camera"]:
            parts.append(f"camera {b['camera']}")
        if b["backpack_unused"]:
            parts.append(f"backpack unused {b['backpack_unused']}")
        n = len(b["stelae"])
        lines.append(f"{name}: {', '.join(parts)} = {b['total']} knowledge ({n} stela{'' if n == 1 else 'e'})")
    if state.sealed and not detail.get("temple_wins"):  # else the result's own sentence says so
        lines.insert(0, f"The entrance was sealed by all {len(state.boulders)} boulders.")
    return lines
