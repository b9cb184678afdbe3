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

Sentences are made in the language current when the log is read (companion/i18n.py):
a SessionLog keeps the entries of each language it was read in, and writes them
again from the states for a language it has not written yet.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Literal, Protocol

from companion.i18n import current
from companion.rules.corrections import correction_label, correction_sentence, is_correction, step
from companion.rules.engine import CHANCE, TABLE, Game
from companion.rules.seats import is_seat_number


def entry(game: Game, before_view: Mapping[str, Any], action: Mapping[str, Any], after_view: Mapping[str, Any],
          n: int, before: Any = None) -> dict[str, Any]:
    """One log entry: the sentences a viewer reads for action number n. A correction
    says who fixed which number ("Ana fixed the count to 7."): the game's own event
    for it would only say the same without the name. before: the state before it,
    when known (a correction's label is then the game's, in the current language)."""
    if is_correction(action):
        names = [str(p.get("name", "")) for p in before_view.get("players", []) if isinstance(p, Mapping)]
        label = correction_label(game, before, action) if before is not None else None
        return {"n": n, "actor": action.get("actor"), "sentences": [correction_sentence(action, names, label)],
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
        prior, state = state, step(game, state, action)  # a correction through Game.correct
        after = game.view(state, viewer)
        yield entry(game, before, action, after, n, prior)
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
    reacts to one). redone: it came back with Redo. language: the language its
    sentences are in (companion.i18n.current() when it was written)."""

    n: int
    actor: Any
    sentences: tuple[str, ...]
    kind: EntryKind = "move"
    events: tuple[Mapping[str, Any], ...] = ()
    redone: bool = False
    language: str = field(default="", compare=False, repr=False)

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
          names: Sequence[str], prior: Any = None, redone: bool = False) -> LogEntry:
    correction = is_correction(action)
    if correction:
        label = correction_label(game, prior, action) if prior is not None else None
        sentences = [correction_sentence(action, names, label)]
    else:
        sentences = entry(game, before, action, after, n)["sentences"]
    kind: EntryKind = "correction" if correction else ("draw" if action.get("actor") == CHANCE else "move")
    return LogEntry(n, action.get("actor"), tuple(str(s) for s in sentences), kind,
                    tuple(MappingProxyType(dict(ev)) for ev in after.get("events") or [] if isinstance(ev, Mapping)),
                    redone, current())


class StatesLike(Protocol):
    """companion.store.snapshots.States: states[i] before actions[i]; held(i) when it costs nothing."""

    def __getitem__(self, i: int) -> Any: ...
    def held(self, i: int) -> bool: ...


@dataclass
class _Written:
    """One language's entries: the oldest first, and the TABLE view after the last."""

    entries: list[LogEntry] = field(default_factory=list)
    before: tuple[int, Mapping[str, Any]] | None = None  # (index, TABLE view of states[index])


class SessionLog:
    """The TABLE log of a session's actions in effect, kept by the session itself:
    an entry is written from the two states around its action, which the session
    holds when it commits; Undo takes entries off (kept for Redo, which puts the
    same entries back), so nothing replays the game a second time. A resumed game's
    past is written once, the first time the log is read.

    The entries are in the language current when the log is read: each language read
    keeps its own entries (the table's German, a phone's English), written from the
    states the first time the log is read in it."""

    def __init__(self, game: Game, states: StatesLike, actions: Sequence[Mapping[str, Any]],
                 names: Sequence[str]):
        self._game, self._states, self._actions, self._names = game, states, actions, list(names)
        self._written: dict[str, _Written] = {}
        self._redone: set[int] = set()  # indexes of entries that came back with Redo

    def entries(self) -> tuple[LogEntry, ...]:
        """Every action in effect, oldest first (written now for any not written yet),
        in the current language."""
        lang = current()
        w = self._written.get(lang)
        if w is None:
            w = self._written[lang] = _Written()
        actions, have = self._actions, len(w.entries)
        if have < len(actions):
            game, states = self._game, self._states
            if w.before is not None and w.before[0] == have:
                before = w.before[1]
            else:
                before = game.view(states[have], TABLE)
            state = states[have]
            for n in range(have, len(actions)):
                # the state after it, as the session holds it (a resumed game's older
                # states are not held: stepped forward once from the first one needed)
                prior = state
                state = states[n + 1] if states.held(n + 1) else step(game, state, actions[n])
                after = game.view(state, TABLE)
                w.entries.append(_made(game, before, actions[n], after, n, self._names, prior, n in self._redone))
                before = after
            w.before = (len(actions), before)
        return tuple(w.entries)

    def take_back(self, keep: int) -> list[LogEntry]:
        """Actions from index `keep` on were undone: their entries (of every language
        written), for Redo."""
        gone: list[LogEntry] = []
        for w in self._written.values():
            gone += w.entries[keep:]
            del w.entries[keep:]
            if w.before is not None and w.before[0] > keep:
                w.before = None
        self._redone = {i for i in self._redone if i < keep}
        return gone

    def put_back(self, start: int, entries: Sequence[LogEntry]) -> None:
        """Redo put back actions from index `start`: the same entries, marked redone
        (a language whose entries were not written then writes them when read)."""
        self._redone.update(e.n for e in entries)
        for lang, w in self._written.items():
            mine = [e for e in entries if e.language == lang]
            if len(w.entries) != start or not mine:
                continue  # not written yet (or the log was never read): written when read
            w.entries.extend(replace(e, redone=True) for e in mine)
            w.before = None
