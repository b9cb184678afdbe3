"""The one shape of a view, for every game (docs/architecture.md, "The view schema").

A client (a screen, a phone page, an export, the log) never guesses where a game
keeps whose turn it is or a seat's secrets:

    game         the registry name ("maya")
    phase        a short name of what the game is doing ("quarrying", "over")
    round        the round number, or None for a game without rounds
    players      one dict per seat, in seat order: at least "seat" and "name";
                 only what the whole table may see
    you          only in a seat's view: that seat's secrets (absent from TABLE)
    waiting_for  {"actors": [seats, or "chance"], "sentence": "Ana lays a worker card."}
    events       what the last action caused: [{"kind": ..., "sentence": ...}, ...]
    result       Result.to_json() once the game is over, else None

A game adds its own public keys beside these (the count, the quarries); every
sentence in a view comes from the game, and a TABLE view's sentences never name
a hidden value. `problems(view, viewer, n)` lists what breaks the schema; the
contract test runs it over random games of every title.
"""
from __future__ import annotations

from typing import Any

from .engine import CHANCE, TABLE

REQUIRED = ("game", "phase", "round", "players", "waiting_for", "events", "result")


def problems(view: Any, viewer: Any, players: int) -> list[str]:
    """Every way `view` (for `viewer`, at a table of `players`) breaks the schema."""
    if not isinstance(view, dict):
        return ["a view must be a dict"]
    out = [f"missing {key!r}" for key in REQUIRED if key not in view]
    if out:
        return out
    if not isinstance(view["game"], str) or not isinstance(view["phase"], str):
        out.append("game and phase must be names")
    if view["round"] is not None and (isinstance(view["round"], bool) or not isinstance(view["round"], int)):
        out.append("round must be a whole number or None")
    ps = view["players"]
    if not isinstance(ps, list) or len(ps) != players:
        out.append(f"players must list {players} seats")
    else:
        for i, p in enumerate(ps):
            if not isinstance(p, dict) or p.get("seat") != i or not isinstance(p.get("name"), str):
                out.append(f"players[{i}] needs its seat ({i}) and name")
    if viewer == TABLE and "you" in view:
        out.append("a TABLE view has no 'you'")
    if viewer != TABLE and not isinstance(view.get("you"), dict):
        out.append("a seat view has its secrets under 'you'")
    w = view["waiting_for"]
    if not isinstance(w, dict) or not isinstance(w.get("actors"), list) or not isinstance(w.get("sentence"), str):
        out.append("waiting_for must be {'actors': [...], 'sentence': '...'}")
    else:
        for a in w["actors"]:
            if not (a == CHANCE or (isinstance(a, int) and not isinstance(a, bool) and 0 <= a < players)):
                out.append(f"waiting_for names {a!r}, who is not at the table")
    ev = view["events"]
    if not isinstance(ev, list) or not all(
            isinstance(e, dict) and isinstance(e.get("kind"), str) and isinstance(e.get("sentence"), str) for e in ev):
        out.append("events must be [{'kind': ..., 'sentence': ...}]")
    if view["result"] is not None and not isinstance(view["result"], dict):
        out.append("result must be Result.to_json() or None")
    return out
