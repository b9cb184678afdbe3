"""A game's log: every action in effect, in sentences, as one viewer may read it.

Built from views only (docs/architecture.md, "The view schema"): for each action,
the events of the view after it (what it caused, in the game's words), or, when
the game reported no event, the game's `describe_action` of it. The TABLE log
never names a hidden value, because TABLE views never do.

    entries = game_log(game, players, options, actions)           # TABLE
    entries[-1] == {"n": 12, "actor": 1, "sentences": ["Ben plays a 4: the count is 5."]}

A session keeps its own log as it commits (`SessionLog`, read as `session.log`):
frozen `LogEntry`s equal to what game_log() gives for the same actions
(`entry.as_dict()`), written from the states the session already holds.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Literal, Protocol

from companion.rules.corrections import correction_sentence, is_correction, step
from companion.rules.engine import CHANCE, TABLE, Game
from companion.rules.seats import is_seat_number


def entry(game: Game, before_view: Mapping[str, Any], action: Mapping[str, Any], after_view: Mapping[str, Any],
          n: int) -> dict[str, Any]:
    """One log entry: the sentences a viewer reads for action number n. A correction
    says who fixed which number ("Ana fixed the count to 7."): the game's own event
    for it would only say the same without the name."""
    if is_correction(action):
        names = [str(p.get("name", "")) for p in before_view.get("players", []) if isinstance(p, Mapping)]
        return {"n": n, "actor": action.get("actor"), "sentences": [correction_sentence(action, names)],
                "correction": True}
    sentences = [str(e["sentence"]) for e in after_view.get("events", []) if e.get("sentence")]
    if not sentences:
        sentences = [game.describe_action(before_view, action)]
    return {"n": n, "actor": action.get("actor"), "sentences": sentences}


def iter_log(game: Game, state: Any, actions: Iterable[Mapping[str, Any]],
             viewer: Any = TABLE) -> Iterator[dict[str, Any]]:
    """Entries for `actions` applied one by one from `state` (a pure replay)."""
    before = game.view(state, viewer)
    for n, action in enumerate(actions):
        state = step(game, state, action)  # a correction through Game.correct
        after = game.view(state, viewer)
        yield entry(game, before, action, after, n)
        before = after


def game_log(game: Game, players: Sequence[str], options: Mapping[str, Any] | None,
             actions: Iterable[Mapping[str, Any]], viewer: Any = TABLE) -> list[dict[str, Any]]:
    """The whole log of a game from its setup and the actions in effect."""
    state = game.setup(list(players), dict(options or {}))
    return list(iter_log(game, state, actions, viewer))


EntryKind = Literal["move", "draw", "correction"]


@dataclass(frozen=True)
class LogEntry:
    """One action in effect, as the whole table reads it (TABLE views only).

    n: its index among the actions in effect. actor: the seat (or "chance") that
    made it. sentences: what it did and caused, in the game's words (a correction:
    who fixed which number). kind: a player's move, a draw, or a correction.
    events: the TABLE view's events after it (their "kind", for a screen that
    reacts to one). redone: it came back with Redo."""

    n: int
    actor: Any
    sentences: tuple[str, ...]
    kind: EntryKind = "move"
    events: tuple[Mapping[str, Any], ...] = ()
    redone: bool = False

    @property
    def sentence(self) -> str:
        return " ".join(self.sentences)

    @property
    def by_player(self) -> bool:
        return is_seat_number(self.actor)

    def __getitem__(self, key: str) -> Any:
        """e["actor"], e["sentences"], e["events"]: read like the dicts of game_log()."""
        value = getattr(self, key)
        return list(value) if key in ("sentences", "events") else value

    def as_dict(self) -> dict[str, Any]:
        """The entry as game_log() gives it (a pure replay), for comparing and export."""
        out: dict[str, Any] = {"n": self.n, "actor": self.actor, "sentences": list(self.sentences)}
        if self.kind == "correction":
            out["correction"] = True
        return out


def _made(game: Game, before: Mapping[str, Any], action: Mapping[str, Any], after: Mapping[str, Any], n: int,
          names: Sequence[str]) -> LogEntry:
    e = entry(game, before, action, after, n)
    correction = is_correction(action)
    sentences = [correction_sentence(action, names)] if correction else e["sentences"]
    kind: EntryKind = "correction" if correction else ("draw" if action.get("actor") == CHANCE else "move")
    return LogEntry(n, action.get("actor"), tuple(str(s) for s in sentences), kind,
                    tuple(MappingProxyType(dict(ev)) for ev in after.get("events") or [] if isinstance(ev, Mapping)))


class StatesLike(Protocol):
    """companion.store.snapshots.States: states[i] before actions[i]; held(i) when it costs nothing."""

    def __getitem__(self, i: int) -> Any: ...
    def held(self, i: int) -> bool: ...


class SessionLog:
    """The TABLE log of a session's actions in effect, kept by the session itself:
    an entry is written from the two states around its action, which the session
    holds when it commits; Undo takes entries off (kept for Redo, which puts the
    same entries back), so nothing replays the game a second time. A resumed game's
    past is written once, the first time the log is read."""

    def __init__(self, game: Game, states: StatesLike, actions: Sequence[Mapping[str, Any]],
                 names: Sequence[str]):
        self._game, self._states, self._actions, self._names = game, states, actions, list(names)
        self._entries: list[LogEntry] = []
        self._before: tuple[int, Mapping[str, Any]] | None = None  # (index, TABLE view of states[index])

    def entries(self) -> tuple[LogEntry, ...]:
        """Every action in effect, oldest first (written now for any not written yet)."""
        actions, have = self._actions, len(self._entries)
        if have < len(actions):
            game, states = self._game, self._states
            if self._before is not None and self._before[0] == have:
                before = self._before[1]
            else:
                before = game.view(states[have], TABLE)
            state = states[have]
            for n in range(have, len(actions)):
                # the state after it, as the session holds it (a resumed game's older
                # states are not held: stepped forward once from the first one needed)
                state = states[n + 1] if states.held(n + 1) else step(game, state, actions[n])
                after = game.view(state, TABLE)
                self._entries.append(_made(game, before, actions[n], after, n, self._names))
                before = after
            self._before = (len(actions), before)
        return tuple(self._entries)

    def take_back(self, keep: int) -> list[LogEntry]:
        """Actions from index `keep` on were undone: their entries, for Redo."""
        gone = self._entries[keep:]
        del self._entries[keep:]
        if self._before is not None and self._before[0] > keep:
            self._before = None
        return gone

    def put_back(self, start: int, entries: Sequence[LogEntry]) -> None:
        """Redo put back actions from index `start`: the same entries, marked redone."""
        if len(self._entries) != start or not entries:
            return  # not written yet (or the log was never read): written when read
        self._entries.extend(replace(e, redone=True) for e in entries)
        self._before = None
