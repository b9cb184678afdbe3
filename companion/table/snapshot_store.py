"""A session's snapshots in the journal: which to save, and reading one back
(docs/journal.md, "Snapshots"). `Snapshotting` is the Session's mixin."""
from __future__ import annotations

import io
import pickle
from typing import Any

from companion.store.snapshots import SNAPSHOT_EVERY, GameUnpickler
from companion.table.session_parts import SessionCore, Snapshot


class Snapshotting(SessionCore):
    """The Session's snapshots in the journal (mixed into Session)."""

    _pickles: bool  # False once a state of this game would not pickle: no snapshots

    def _best_snapshot(self) -> tuple[int, Any]:
        """(index, state): the latest snapshot saved for exactly the actions in
        effect, else (0, the setup)."""
        n = len(self._actions)
        latest = n - n % SNAPSHOT_EVERY  # saved unless it would not pickle, or left pending (_write)
        if latest:
            state = self._load_snapshot(latest)
            if state is not None:
                return latest, state
        for idx, prefix in self.journal.snapshot_marks(self.id):
            if idx <= len(self._actions) and self._hashes[idx] == prefix:
                state = self._load_snapshot(idx)
                if state is not None:
                    return idx, state
        return 0, self._states[0]

    def _load_snapshot(self, idx: int) -> Any:
        if not 0 < idx < len(self._hashes):
            return None
        blob = self.journal.snapshot(self.id, idx, self._hashes[idx])
        if blob is None:
            return None
        try:
            return GameUnpickler(io.BytesIO(blob)).load()
        except Exception:
            return None

    def _snapshots_for(self, first: int, states: list[Any], hashes: list[int]) -> list[Snapshot]:
        """(index, prefix, state) for each index in first..first+len-1 that is a
        multiple of SNAPSHOT_EVERY: due to be saved (see _write)."""
        if not self._pickles:
            return []
        return [(first + k, hashes[k], state) for k, state in enumerate(states)
                if (first + k) % SNAPSHOT_EVERY == 0 and first + k > 0]

    def _pickled(self, due: list[Snapshot]) -> list[tuple[int, int, bytes]]:
        out = []
        for idx, prefix, state in due:
            if not self._pickles:
                break
            try:
                out.append((idx, prefix, pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)))
            except Exception:
                self._pickles = False  # a state of this game that will not pickle: no more snapshots
        return out



__all__ = ["Snapshotting"]
