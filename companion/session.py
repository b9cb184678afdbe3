"""A game in progress: the game, its setup, the journal and the dealer.

    s = Session.create(journal, "maya-madness", ["Ana", "Ben"])
    s.act({"actor": 0, "type": "play", ...})   # apply, commit, deal, then notify
    s = Session.resume(journal, s.id)           # rebuilt by replay through apply

Digital randomness: the dealer resolves CHANCE with `game.sample_chance`,
using an RNG derived from the session's seed and how many draws the session
has made, and journals the outcome as an ordinary chance action. Replays
read outcomes from the journal and never call an RNG. Physical randomness:
the session waits (`waiting_for_chance()`) and a person enters what was drawn.

Undo removes the last player action and the chance actions that followed it.
It never re-rolls: undone outcomes are remembered and dealt again first,
and redo re-applies exactly what was undone. It never un-sees: a `seen`
entry (the privacy gate showed a seat its secrets) is a barrier, and so is
any action the game calls not undoable. See docs/journal.md.
"""
from __future__ import annotations

import json
import random
import secrets
from typing import Any, Callable

from .engine import CHANCE, TABLE
from .errors import BadOption, CannotUndo, IllegalAction, JournalError
from .games import get_game
from .journal import Journal, dumps

RANDOMNESS = ("digital", "physical")
MAX_DEALS = 10_000  # a game that keeps asking for draws forever is a bug, not a hang

Listener = Callable[["Session", str], Any]


def draw_rng(seed: int, draws: int) -> random.Random:
    """The RNG for the session's `draws`-th draw: a pure function of both, so a
    fresh draw never depends on what was undone before it."""
    return random.Random(f"maya-companion:{seed}:{draws}")


class Session:
    """One game in progress. Build with `create` or `resume`, not directly."""

    def __init__(self, journal: Journal, row: dict):
        self.journal = journal
        self.id: int = row["id"]
        self.game_name: str = row["game"]
        self.game = get_game(row["game"])
        self.players: list[str] = list(row["players"])
        self.options: dict = dict(row["options"])
        self.meta: dict = dict(row["meta"])
        self.seed: int = row["seed"]
        self.randomness: str = row["randomness"]
        self.started: float = row["started"]
        self._finished: bool = row["finished"] is not None
        self._listeners: list[Listener] = []
        # The effective history: actions[i] took states[i] to states[i + 1].
        self._states: list = [self.game.setup(self.players, self.options)]
        self._actions: list[dict] = []
        self._redo: list[list[tuple[dict, Any]]] = []  # undone groups, last undone on top
        self._remembered: list[dict] = []  # undone chance outcomes, dealt again first, in order
        self._barrier = 0  # actions before this index were seen: never undone
        self._barrier_seat: int | None = None
        self._draws = 0  # chance actions ever journaled: picks the next draw's RNG
        self._seq = 0  # next entry number

    # --- building -------------------------------------------------------------
    @classmethod
    def create(cls, journal: Journal, game_name: str, players, options: dict | None = None,
               randomness: str = "digital", seed: int | None = None, meta: dict | None = None) -> "Session":
        game = get_game(game_name)
        players = game.check_players(players)
        options = game.resolve_options(options)
        if randomness not in RANDOMNESS:
            raise BadOption(f"Randomness must be digital or physical, not {randomness!r}.")
        if seed is None:
            seed = secrets.randbits(64)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOption(f"The seed must be a whole number, not {seed!r}.")
        meta = dict(meta or {})
        try:
            dumps(meta)  # refuse what cannot be journaled before anything is written
        except (TypeError, ValueError):
            raise BadOption("The players' details (colours, fobs) must be plain text and numbers.") from None
        game.setup(players, options)  # a setup that fails must not leave a session behind
        session_id = journal.create_session(game_name, players, options, meta, seed, randomness)
        session = cls(journal, journal.session(session_id))
        session.deal()
        return session

    @classmethod
    def resume(cls, journal: Journal, session_id: int, deal: bool = True) -> "Session":
        """Rebuild the session by replaying its journal through `apply`.

        With deal=True (the default) a digital session whose last commit left a
        draw pending (a crash between the two) makes that draw now, so the game
        is ready to play; deal=False gives exactly the committed state.
        An abandoned game (Journal.abandon) is not resumed: JournalError."""
        row = journal.session(session_id)
        if row["abandoned"] is not None:
            raise JournalError(f"Game {session_id} was abandoned, so it cannot be resumed.")
        session = cls(journal, row)
        session._replay(journal.entries(session_id))
        session._sync_finished()
        if deal:
            session.deal()
        return session

    def _replay(self, entries) -> None:
        apply = self.game.apply
        for seq, kind, payload in entries:
            if seq != self._seq:
                raise JournalError(f"Game {self.id} is missing journal entry {self._seq}; it cannot be rebuilt.")
            data = json.loads(payload)
            try:
                if kind == "action":
                    self._record(data, apply(self._states[-1], data))
                elif kind == "undo":
                    self._take_back(data["actions"])
                elif kind == "redo":
                    self._put_back()
                elif kind == "seen":
                    self._see(data["seat"])
                else:
                    raise JournalError(f"Game {self.id} has an entry of unknown kind {kind!r}.")
            except IllegalAction as e:
                raise JournalError(
                    f"Game {self.id} cannot be rebuilt: journal entry {seq} is not legal any more ({e})."
                ) from None
            self._seq += 1

    # --- the in-memory history (shared by live play and replay) ----------------
    def _record(self, action: dict, after) -> None:
        self._actions.append(action)
        self._states.append(after)
        if action.get("actor") == CHANCE:
            self._draws += 1
            self._dealt_again(action)
        else:
            self._redo.clear()

    def _dealt_again(self, action: dict) -> None:
        """An undone chance outcome is in effect again: no longer waiting to be dealt."""
        try:
            self._remembered.remove(action)
        except ValueError:
            pass

    def _take_back(self, count: int) -> None:
        n = len(self._actions)
        if not 0 < count <= n - self._barrier:
            raise JournalError(f"Game {self.id} has an undo the journal cannot explain.")
        group = list(zip(self._actions[n - count:], self._states[n - count + 1:]))
        del self._actions[n - count:]
        del self._states[n - count + 1:]
        self._redo.append(group)
        self._remembered[:0] = [a for a, _ in group if a.get("actor") == CHANCE]

    def _put_back(self) -> None:
        if not self._redo:
            raise JournalError(f"Game {self.id} has a redo the journal cannot explain.")
        for action, after in self._redo.pop():
            self._actions.append(action)
            self._states.append(after)
            if action.get("actor") == CHANCE:
                self._dealt_again(action)

    def _see(self, seat: int) -> None:
        self._barrier = len(self._actions)
        self._barrier_seat = seat

    # --- reading ----------------------------------------------------------------
    @property
    def state(self):
        return self._states[-1]

    @property
    def actions(self) -> list[dict]:
        """The actions in effect, oldest first (copies are not made: do not modify)."""
        return self._actions

    def actors(self) -> frozenset:
        return self.game.actors(self.state)

    def legal_actions(self, actor) -> list[dict]:
        return self.game.legal_actions(self.state, actor)

    def view(self, viewer=TABLE) -> dict:
        return self.game.view(self.state, viewer)

    def result(self):
        return self.game.result(self.state)

    def is_over(self) -> bool:
        return self.result() is not None

    def waiting_for_chance(self) -> bool:
        """True when a person must enter what was really drawn (physical randomness)."""
        return self.randomness == "physical" and CHANCE in self.game.actors(self.state)

    def name(self, seat) -> str:
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.players):
            return self.players[seat]
        return "The draw" if seat == CHANCE else str(seat)

    # --- acting -------------------------------------------------------------------
    def subscribe(self, fn: Listener) -> Callable[[], None]:
        """fn(session, event), event in "action", "undo", "redo", "seen", "finished".
        Called only after the change is committed. Returns an unsubscribe function."""
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def _notify(self, event: str) -> None:
        for fn in list(self._listeners):
            fn(self, event)

    def act(self, action: dict):
        """Apply, commit, deal pending draws (digital), then notify. Returns the new state.

        An illegal action raises IllegalAction and changes nothing."""
        try:
            payload = dumps(action)
        except (TypeError, ValueError):
            raise IllegalAction("That action cannot be recorded: it must be plain data (numbers, text, lists).") from None
        action = json.loads(payload)  # exactly what a replay will read back
        if not isinstance(action, dict):
            raise IllegalAction("That is not an action: it needs an actor and a type.")
        if action.get("actor") == CHANCE and self.randomness == "digital":
            raise IllegalAction("The companion makes the draws in this game; nobody enters them.")
        after = self.game.apply(self.state, action)
        self._commit(action, payload, after)
        self.deal(notify=False)
        self._notify("action")
        self._sync_finished(notify=True)
        return self.state

    def _commit(self, action: dict, payload: str, after) -> None:
        self.journal.append(self.id, self._seq, "action", payload)
        self._seq += 1
        self._record(action, after)

    def deal(self, notify: bool = True):
        """Digital randomness: resolve every pending draw, each committed on its own.
        An outcome that was undone is dealt again first if it is still legal."""
        if self.randomness != "digital":
            return self.state
        dealt = 0
        game = self.game
        while CHANCE in game.actors(self.state):
            if dealt >= MAX_DEALS:
                raise JournalError(f"{game.title or game.name} kept asking for draws; the game is stuck.")
            action, after = self._remembered_outcome()
            if action is None:
                action = game.sample_chance(self.state, draw_rng(self.seed, self._draws))
                payload = dumps(action)
                action = json.loads(payload)
                after = game.apply(self.state, action)
            else:
                payload = dumps(action)
            self._commit(action, payload, after)
            dealt += 1
        if dealt and notify:
            self._notify("action")
            self._sync_finished(notify=True)
        return self.state

    def _remembered_outcome(self):
        for action in self._remembered:
            try:
                return action, self.game.apply(self.state, action)
            except IllegalAction:
                continue
        return None, None

    def _sync_finished(self, notify: bool = False) -> None:
        """Keep the journal's finished/result in step with the state (undo can un-finish)."""
        result = self.game.result(self.state)
        if (result is not None) == self._finished:
            return
        self.journal.set_result(self.id, result.to_json() if result is not None else None)
        self._finished = result is not None
        if notify and self._finished:
            self._notify("finished")

    # --- the privacy barrier, undo and redo -----------------------------------------
    def mark_seen(self, seat: int) -> None:
        """The privacy gate showed `seat` its secrets: journaled; undo stops here."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise BadOption(f"There is no seat {seat!r} at this table.")
        if self._barrier == len(self._actions) and self._barrier_seat is not None:
            return  # nothing new happened since someone last looked
        self.journal.append(self.id, self._seq, "seen", dumps({"seat": seat}))
        self._seq += 1
        self._see(seat)
        self._notify("seen")

    def _undo_group_start(self):
        """(index of the last player action, sentence why not) for undo."""
        i = len(self._actions) - 1
        while i >= 0 and self._actions[i].get("actor") == CHANCE:
            i -= 1
        if i < 0:
            return None, "Nothing to undo yet."
        mover = self.name(self._actions[i].get("actor"))
        if i < self._barrier:
            who = self.name(self._barrier_seat)
            return None, f"{who} has already looked at a secret since then, so {mover}'s last move can't be undone."
        for j in range(i, len(self._actions)):
            if not self.game.undoable(self._states[j], self._actions[j], self._states[j + 1]):
                if j == i:
                    return None, f"{mover}'s last move showed something to everyone, so it can't be undone."
                return None, f"Something was revealed to everyone after {mover}'s last move, so it can't be undone."
        return i, ""

    def can_undo(self) -> tuple[bool, str]:
        i, why = self._undo_group_start()
        if i is None:
            return False, why
        return True, f"Undo {self.name(self._actions[i].get('actor'))}'s last move."

    def undo(self):
        i, why = self._undo_group_start()
        if i is None:
            raise CannotUndo(why)
        count = len(self._actions) - i
        self.journal.append(self.id, self._seq, "undo", dumps({"actions": count}))
        self._seq += 1
        self._take_back(count)
        self._notify("undo")
        self._sync_finished()
        return self.state

    def can_redo(self) -> tuple[bool, str]:
        if not self._redo:
            return False, "Nothing to redo."
        first = self._redo[-1][0][0]
        return True, f"Redo {self.name(first.get('actor'))}'s move."

    def redo(self):
        ok, why = self.can_redo()
        if not ok:
            raise CannotUndo(why)
        self.journal.append(self.id, self._seq, "redo", "{}")
        self._seq += 1
        self._put_back()
        self._notify("redo")
        self._sync_finished(notify=True)
        return self.state

    def close(self) -> None:
        """Forget listeners; the journal stays open (it belongs to the caller)."""
        self._listeners.clear()


def replay(game_name: str, players, options: dict | None, actions) -> Any:
    """The state after applying `actions` from setup: a pure replay, no journal."""
    game = get_game(game_name)
    state = game.setup(game.check_players(players), game.resolve_options(options))
    for action in actions:
        state = game.apply(state, action)
    return state


__all__ = ["Session", "replay", "draw_rng", "RANDOMNESS"]
