"""Undo and redo of a session, and what undo must respect: the peeks (who saw
which private view when, companion/table/peeks.py) and the public reveals a
confirmed undo cannot take out of people's heads.

`Undoing` is the Session's mixin for mark_seen, undo and redo; it and the
functions here are written against `session_parts.SessionCore`, so this
module does not import the session.

What asks before it is undone, the same way in every game: an action the game
calls not undoable (it showed a secret: the game's `rehide` draws again), and an
action the whole table saw: its log entry has an event of a kind the game
declares in `Game.table_saw` (data: a token won, a boulder at the entrance, a
round scored). The table is asked once, in the same words (`confirm_sentence`).

A peek is recorded as (index, seat, digest): after `index` actions in effect,
`seat` saw its private view, whose digest (a hash of `view(state, seat)["you"]`)
is kept in the journal's `seen` entry. Undoing back to index i is refused by a
peek at index p > i only when that seat's private view in the state the undo
returns to differs from what it saw: a peek at an unchanged secret blocks
nothing. See docs/journal.md, "Undo rules".
"""
from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import BadOption, CannotUndo
from companion.rules.corrections import CORRECTION
from companion.rules.engine import CHANCE, TABLE, Game
from companion.rules.seats import is_seat_number, parse_seat
from companion.store.journal import dumps
from companion.table.log import LogEntry, entry
from companion.table.peeks import Peek, Peeks, private_digest
from companion.table.session_parts import SessionCore, broken
from companion.words import N_, _


def reveal_sentences(game: Game, states: Sequence[Any], actions: Sequence[Mapping[str, Any]],
                     start: int, reveals: Sequence[int]) -> list[str]:
    """What the table read when actions[j] (j in reveals) showed something: the
    TABLE log's sentences for them, so the confirmation names what stays known."""
    out: list[str] = []
    for j in reveals:
        before = game.view(states[j - start], TABLE)
        after = game.view(states[j - start + 1], TABLE)
        for sentence in entry(game, before, actions[j], after, j)["sentences"]:
            if sentence and sentence not in out:
                out.append(sentence)
    return out


def confirm_sentence(mover: str, seen: Sequence[str]) -> str:
    """The question put to the table before a public reveal is undone."""
    said = " ".join(s if s.endswith((".", "!", "?")) else s + "." for s in seen)
    if said:
        return _("Undo {name}'s last move? Everyone has seen this: {seen} It stays known.", name=mover, seen=said)
    return _("Undo {name}'s last move? Everyone has seen what it showed; that stays known.", name=mover)


def undo_plan(s: SessionCore) -> tuple[int | None, str, list[int]]:
    """(index of the last player action or correction, sentence why not, the
    indexes of the public reveals among the actions undo would take back)."""
    actions = s.actions
    i = len(actions) - 1
    while i >= 0 and actions[i].get("actor") == CHANCE:
        i -= 1
    if i < 0:
        return None, _("Nothing to undo yet."), []
    mover = s.name(actions[i].get("actor"))
    target: list[Any] = []

    def digest_at(seat: int) -> str:
        if not target:
            target.append(s._states[i])
        return private_digest(s.game, target[0], seat)

    seat = s._peeks.blocker(i, digest_at)
    if seat is not None:
        who = s.name(seat)
        return None, _("{who} has already looked at a secret since then, so {name}'s last move can't be undone.",
                       who=who, name=mover), []
    reveals = []
    state = s._states[i]
    entries = s._log.entries() if s.game.table_saw else ()
    for j in range(i, len(actions)):
        after = s._states[j + 1]
        if actions[j].get("type") != CORRECTION and (not s.game.undoable(state, actions[j], after)
                                                     or (bool(entries) and table_saw(s.game, entries[j]))):
            reveals.append(j)
        state = after
    return i, "", reveals


def table_saw(game: Game, logged: LogEntry) -> bool:
    """The rule, once for every game: an action the whole table saw is one whose log
    entry (the TABLE view's events after it) has an event of a kind the game declares
    in `Game.table_saw` (a token won, a boulder at the entrance, a round scored)."""
    return any(ev.get("kind") in game.table_saw for ev in logged.events)


def can_undo(s: SessionCore) -> tuple[bool, str]:
    """Session.can_undo: whether undo() works without the table's confirmation, and the sentence."""
    i, why, reveals = undo_plan(s)
    if i is None:
        return False, why
    mover = s.name(s.actions[i].get("actor"))
    if reveals:
        if reveals[0] == i:
            return False, _("{name}'s last move showed something to everyone, so it can be undone only if the "
                            "table agrees.", name=mover)
        return False, _("A draw after {name}'s last move showed something to everyone, so it can be undone only "
                        "if the table agrees.", name=mover)
    if s.actions[i].get("type") == CORRECTION:
        return True, _("Undo {name}'s fix.", name=mover)
    return True, _("Undo {name}'s last move.", name=mover)


def needs_confirm(s: SessionCore) -> str | None:
    """Session.undo_needs_confirm: the question for the table, or None."""
    i, _, reveals = undo_plan(s)
    if i is None or not reveals:
        return None
    states = [s._states[j] for j in range(i, len(s.actions) + 1)]
    seen = reveal_sentences(s.game, states, s.actions, i, reveals)
    return confirm_sentence(s.name(s.actions[i].get("actor")), seen)


def rehide_steps(s: SessionCore, i: int) -> tuple[list[tuple[dict[str, Any], str, Any]], int]:
    """([(action, payload, state after)], m): the game's m rehide actions for going
    back to states[i], then the draws they call for (undone outcomes dealt again first)."""
    steps: list[tuple[dict[str, Any], str, Any]] = []
    landing = s._states[i]
    for hidden in s.game.rehide(s.state, landing) or []:
        action, text = s._check_action(hidden)
        landing = s.game.apply(landing, action)
        steps.append((action, text, landing))
    rehidden = len(steps)
    if steps:
        undone = [a for a in s.actions[i:] if a.get("actor") == CHANCE]
        steps += s._draws_after(landing, remembered=undone + s._remembered)
    return steps, rehidden


class Undoing(SessionCore):
    """The Session's undo, redo and privacy barrier (mixed into Session)."""

    def mark_seen(self, seat: int) -> None:
        """The privacy gate showed `seat` its secrets: journaled with a digest of
        what it showed; undoing an action that changed it is refused from now on."""
        seat = parse_seat(seat, self.players, BadOption)
        digest = private_digest(self.game, self.state, seat)
        if self._peeks.known(len(self._actions), seat, digest):
            return  # nothing new for this seat since it last looked
        self._journal_entry("seen", dumps({"seat": seat, "you": digest}), self.state, len(self._actions))
        self._see(seat, digest)
        self._notify("seen")

    def _undo_plan(self) -> tuple[int | None, str, list[int]]:
        """(index of the last player action or correction, why not, the public reveals undo takes back)."""
        return undo_plan(self)

    def can_undo(self) -> tuple[bool, str]:
        """(True, "Undo Ana's last move.") when undo() works as it is; False with the
        sentence why not. A public reveal is False here: undo_needs_confirm() then
        gives the question for the table, and undo(confirm=True) does it."""
        return can_undo(self)

    def undo_needs_confirm(self) -> str | None:
        """The question to put to the table before undoing a public reveal, saying
        what stays known ("Undo Ana's last move? Everyone has seen this: ... It
        stays known."); None when undo needs no confirmation or cannot be done."""
        return needs_confirm(self)

    def undo(self, confirm: bool = False) -> Any:
        """Take back the last player action (or correction) and the draws after it.
        A public reveal needs confirm=True (the table agreed): then the game's
        `rehide` actions (a secret everybody saw replaced by a fresh draw) and the
        draws they call for are journaled in the same transaction as the undo."""
        i, why, reveals = self._undo_plan()
        if i is None:
            raise CannotUndo(why)
        if reveals and not confirm:
            raise CannotUndo(self.can_undo()[1])
        count = len(self._actions) - i
        steps, rehidden = rehide_steps(self, i) if reveals else ([], 0)
        payload: dict[str, Any] = {"actions": count}
        if reveals:
            payload["confirmed"] = True
        if steps:
            payload["rehide"] = rehidden  # the game's own actions; the draws after them follow
        self._undo_commit(dumps(payload), i, count, steps)
        self._notify("undo")
        return self.state

    def _undo_commit(self, payload: str, i: int, count: int, steps: list[Any]) -> None:
        """The undo entry and the rehide actions after it: one transaction, then memory."""
        if not steps:
            self._journal_entry("undo", payload, self._states[i], i)
            self._take_back(count)
            return
        hashes, h = [], self._hashes[i]
        for _a, p, _s in steps:
            h = zlib.crc32(p.encode(), h)
            hashes.append(h)
        snapshots = self._snapshots_for(i + 1, [st for _, _, st in steps], hashes)
        self._write([("undo", payload)] + [("action", p) for _, p, _ in steps], steps[-1][2], i + len(steps),
                    snapshots)
        self._seq += 1
        self._take_back(count)
        self._redo.clear()  # the game changed after the undo: what was undone cannot come back
        for (action, p, state), prefix in zip(steps, hashes):
            action = self._interned.setdefault(p, action)
            self._seq += 1
            self._record(action, state, prefix)

    def can_redo(self) -> tuple[bool, str]:
        if not self._redo:
            return False, _("Nothing to redo.")
        first = self._redo[-1][0][0]
        return True, _("Redo {name}'s move.", name=self.name(first.get("actor")))

    def redo(self) -> Any:
        ok, why = self.can_redo()
        if not ok:
            raise CannotUndo(why)
        state, states = self.state, []
        actions, hashes, _ = self._redo[-1]
        for action in actions:
            state = self._step(state, action)
            states.append(state)
        snapshots = self._snapshots_for(len(self._actions) + 1, states, list(hashes))
        finished = self._journal_entry("redo", "{}", state, len(self._actions) + len(actions), snapshots)
        self._put_back()
        self._notify("redo")
        if finished:
            self._notify("finished")
        return self.state

    # --- the in-memory side of undo and redo (live play and replay) -------------------
    def _take_back(self, count: int, states: bool = True) -> None:
        n = len(self._actions)
        if not isinstance(count, int) or isinstance(count, bool) or not 0 < count <= n:
            raise broken(N_("Game {id} has an undo the journal cannot explain."), id=self.id)
        self._peeks.clamp(n - count)
        entries = self._log.take_back(n - count)
        group = (self._actions[n - count:], self._hashes[n - count + 1:], entries)
        if states:
            self._states.truncate(n - count + 1)
        del self._actions[n - count:]
        del self._hashes[n - count + 1:]
        self._redo.append(group)
        self._remembered[:0] = [a for a in group[0] if a.get("actor") == CHANCE]

    def _put_back(self, states: bool = True) -> None:
        if not self._redo:
            raise broken(N_("Game {id} has a redo the journal cannot explain."), id=self.id)
        actions, hashes, entries = self._redo.pop()
        start = len(self._actions)
        state = self._states[-1] if states else None
        for action in actions:
            if states:
                state = self._step(state, action)  # pure: exactly the state it gave before
                self._states.append(state)
            self._actions.append(action)
            if action.get("actor") == CHANCE:
                self._dealt_again(action)
        self._hashes.extend(hashes)
        self._log.put_back(start, entries)

    def _see(self, seat: Any, digest: Any) -> None:
        if not is_seat_number(seat) or not isinstance(digest, (str, type(None))):
            raise TypeError("a seen entry names a seat")
        self._peeks.add(len(self._actions), seat, digest)  # no digest (an old journal): blocks everything before


__all__ = ["Peek", "Peeks", "Undoing", "can_undo", "confirm_sentence", "needs_confirm", "private_digest",
           "rehide_steps", "reveal_sentences", "table_saw", "undo_plan"]
