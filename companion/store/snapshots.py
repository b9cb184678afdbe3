"""The states of a session's history that are kept, and snapshots read back
from the journal (docs/journal.md, "Snapshots")."""
from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

SNAPSHOT_EVERY = 16  # a state kept (memory and journal) every this many actions, plus the last 1-2x that many


class States:
    """states[i], i = 0..len(actions): the setup and the state after each action
    in effect. Only the states undo can cheaply reach are held: one snapshot in
    SNAPSHOT_EVERY and the recent tail; an older one is rebuilt from its snapshot
    by applying the actions after it (apply is pure, so it is the same state)."""

    def __init__(self, apply: Callable[[Any, dict[str, Any]], Any], first: Any, actions: list[dict[str, Any]]):
        self._apply = apply
        self._actions = actions  # the session's list: actions[i] takes states[i] to states[i + 1]
        self._snaps: dict[int, Any] = {0: first}
        self._tail_start = 0
        self._tail: list[Any] = [first]
        self.loader: Callable[[int], Any] | None = None  # a snapshot saved in the journal, or None

    def restart(self, start: int, state: Any) -> None:
        """Hold states[start] = state as the tail's start (a snapshot from the
        journal); the states before it are rebuilt from snapshots when asked."""
        if start:
            self._snaps = {0: self._snaps[0], start: state}
        self._tail_start, self._tail = start, [state]

    def _base(self, i: int) -> tuple[int, Any]:
        """The nearest snapshot at or before i: in memory, else in the journal, else the setup."""
        b = i - i % SNAPSHOT_EVERY
        while b > 0:
            if b in self._snaps:
                return b, self._snaps[b]
            state = self.loader(b) if self.loader else None
            if state is not None:
                self._snaps[b] = state
                return b, state
            b -= SNAPSHOT_EVERY
        return 0, self._snaps[0]

    def __len__(self) -> int:
        return self._tail_start + len(self._tail)

    def __getitem__(self, i: int) -> Any:
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        if i >= self._tail_start:
            return self._tail[i - self._tail_start]
        base, state = self._base(i)
        for action in self._actions[base:i]:
            state = self._apply(state, action)
        return state

    def held(self, i: int) -> bool:
        """Whether states[i] is held (no apply needed to read it)."""
        return self._tail_start <= i < len(self) or i in self._snaps

    def append(self, state: Any) -> None:
        i = len(self)
        self._tail.append(state)
        if i % SNAPSHOT_EVERY == 0:
            self._snaps[i] = state
        if len(self._tail) > 2 * SNAPSHOT_EVERY:
            del self._tail[:SNAPSHOT_EVERY]
            self._tail_start += SNAPSHOT_EVERY

    def truncate(self, n: int) -> None:
        """Keep states[0:n] (n >= 1); call before the actions are cut to n - 1."""
        for i in [i for i in self._snaps if i >= n]:
            del self._snaps[i]
        if n > self._tail_start:
            del self._tail[n - self._tail_start:]
            return
        start, state = self._base(n - 1)
        tail = [state]
        for action in self._actions[start:n - 1]:
            state = self._apply(state, action)
            tail.append(state)
        self._tail_start, self._tail = start, tail


class GameUnpickler(pickle.Unpickler):
    """Loads a state snapshot from the journal: only the games' own classes and
    plain containers, nothing else (the file is the user's, but a snapshot is data)."""

    SAFE_BUILTINS = frozenset({"tuple", "frozenset", "set", "list", "dict", "int", "float", "str", "bool",
                               "bytes", "complex", "NoneType"})

    def find_class(self, module: str, name: str) -> Any:
        if (module.startswith("companion.") or (module == "builtins" and name in self.SAFE_BUILTINS)
                or (module == "collections" and name in ("OrderedDict", "deque", "Counter"))
                or (module == "copyreg" and name == "_reconstructor")
                or (module == "fractions" and name == "Fraction")):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a game state")



__all__ = ["SNAPSHOT_EVERY", "GameUnpickler", "States"]
