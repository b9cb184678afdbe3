"""End of the game: knowledge of escaped players, the winner, the tie-breaks.

Only escaped players count (stelae + 15 for a camera + 2 for an unused
backpack); most knowledge wins, then most stelae, then victory is shared.
If nobody escaped, the temple wins.
"""
from __future__ import annotations

from typing import Any

from companion.rules.engine import Result, shared_ranks

from . import solo
from .i18n import _, ngettext
from .knowledge import knowledge
from .state import OVER, State
from .terms import names_of


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
        detail["sentence"] = (_("The entrance was sealed and nobody escaped: the temple wins.")
                              if state.sealed else _("Nobody escaped: the temple wins."))
        return Result(scores=scores, ranking=ranking, winners=(), tiebreak=None,
                      ranks=ranks, detail=detail)
    best = know[order[0]]
    tied = [i for i in order if know[i] == best]
    tiebreak = None
    winners = tied
    if len(tied) > 1:
        most = max(count[i] for i in tied)
        winners = [i for i in tied if count[i] == most]
        names = names_of(state.names[i] for i in sorted(tied))
        if len(winners) == 1:
            tiebreak = _("{names} tied on {best} knowledge; {name} discovered the most stelae ({most}).",
                         names=names, best=best, name=state.names[winners[0]], most=most)
        else:
            tiebreak = _("{names} tied on {best} knowledge and on stelae; victory is shared.", names=names, best=best)
    win_names = names_of(state.names[i] for i in winners)
    detail["sentence"] = (_("{names} win with {best} knowledge.", names=win_names, best=best) if len(winners) > 1
                          else _("{name} wins with {best} knowledge.", name=win_names, best=best))
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
            lines.append(_("{name} did not escape: their knowledge does not count.", name=name))
            continue
        parts = [_("stelae {values}", values=" + ".join(map(str, b["stelae"]))) if b["stelae"] else _("no stelae")]
        if b["camera"]:
            parts.append(_("camera {n}", n=b["camera"]))
        if b["backpack_unused"]:
            parts.append(_("backpack unused {n}", n=b["backpack_unused"]))
        lines.append(ngettext("{name}: {parts} = {total} knowledge ({n} stela)",
                              "{name}: {parts} = {total} knowledge ({n} stelae)", len(b["stelae"]),
                              name=name, parts=", ".join(parts), total=b["total"]))
    if state.sealed and not detail.get("temple_wins"):  # else the result's own sentence says so
        lines.insert(0, _("The entrance was sealed by all {n} boulders.", n=len(state.boulders)))
    return lines
