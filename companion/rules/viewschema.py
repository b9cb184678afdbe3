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
    alert        optional: a public cue the table must not miss now (a Curse boulder
                 tumbling): {"key": what it is about, "title", "sentence"}: a screen
                 shows it, spoken cues say it once per key

A game adds its own public keys beside these (the count, the quarries); every
sentence in a view comes from the game, and a TABLE view's sentences never name
a hidden value. `View`, `PlayerView`, `WaitingFor` and `Event` are the schema as
TypedDicts (what mypy checks in a screen); `problems(view, viewer, n)` lists what
breaks it at run time; the contract test runs it over random games of every title.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from companion.rules.seats import CHANCE, TABLE, Actor


class PlayerView(TypedDict):
    """One seat's public part of a view (a game adds its own public keys)."""

    seat: int
    name: str


class WaitingFor(TypedDict):
    """Who the game waits for, and the sentence that says so."""

    actors: list[Actor]
    sentence: str


class Event(TypedDict):
    """What the last action caused, as the game says it."""

    kind: str
    sentence: str


class View(TypedDict):
    """The keys every game's view has (module docstring). A game's own public keys
    (the count, the quarries) are read with `.get`, or through the game's own
    TypedDict that extends this one; a misspelt schema key is a mypy error."""

    game: str
    phase: str
    round: int | None
    players: list[PlayerView]
    waiting_for: WaitingFor
    events: list[Event]
    result: dict[str, Any] | None
    you: NotRequired[dict[str, Any]]
    alert: NotRequired[dict[str, Any] | None]


REQUIRED = ("game", "phase", "round", "players", "waiting_for", "events", "result")

#: What a Session tells its listeners (Session.subscribe), after the change is committed.
SessionChange = Literal["action", "undo", "redo", "seen", "finished"]
#: What a TableController tells its listeners, beside a session's changes.
TableChange = Literal["view", "gate", "select", "message", "confirm", "device"]


def as_view(view: Mapping[str, Any]) -> View:
    """A game's view dict as a View, for the type checker only (no cost at run time:
    `problems` is the run-time check, run by the contract test over every game)."""
    return cast(View, view)


class BadView(ValueError):
    """A view that breaks the schema (checked_view); a bug in a game, not a player's error."""


def checked_view(view: Any, viewer: Any, players: int) -> View:
    """view as a View, after the run-time check: BadView naming every problem."""
    wrong = problems(view, viewer, players)
    if wrong:
        raise BadView("; ".join(wrong))
    return cast(View, view)


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


__all__ = ["REQUIRED", "BadView", "Event", "PlayerView", "SessionChange", "TableChange", "View", "WaitingFor",
           "as_view", "checked_view", "problems"]
