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
entry (the privacy gate showed a seat its secrets) blocks undoing exactly the
actions that changed what that seat saw (companion/table/undo.py). An action the
game calls not undoable (a public reveal) is undone only when the table
confirms (`undo(confirm=True)`), and the game's `rehide` then redraws any
secret everybody saw. See docs/journal.md.
"""
from __future__ import annotations

import json
import secrets
import zlib
from array import array
from collections.abc import Callable
from typing import Any

from companion.errors import BadComponents, BadOption, CompanionError, IllegalAction, JournalError
from companion.games import get_game
from companion.rules.chance import draw_rng
from companion.rules.corrections import CORRECTION, correction_action, stepper
from companion.rules.engine import CHANCE, TABLE
from companion.rules.moves import parse_action
from companion.rules.plaindata import plain_data_problem
from companion.rules.seats import is_seat
from companion.rules.viewschema import View
from companion.store.journal import Journal, dumps, loads
from companion.store.snapshots import SNAPSHOT_EVERY, States
from companion.table.clock import RECORD, Spent
from companion.table.dealer import MAX_DEALS, Dealer
from companion.table.first import DRAWN, drawn_options
from companion.table.log import LogEntry, SessionLog
from companion.table.session_parts import RedoGroup, Snapshot, broken
from companion.table.snapshot_store import Snapshotting
from companion.table.undo import Peeks, Undoing
from companion.words import N_, _

RANDOMNESS = ("digital", "physical")
MAX_PENDING = 4  # snapshots left waiting for a light commit (_write); older ones are not saved

Listener = Callable[["Session", str], Any]


class Session(Undoing, Dealer, Snapshotting):
    """One game in progress. Build with `create` or `resume`, not directly."""

    def __init__(self, journal: Journal, row: dict[str, Any]):
        self.journal = journal
        self.id: int = row["id"]
        self.game_name: str = row["game"]
        self.game = get_game(row["game"])
        self.players: list[str] = list(row["players"])
        self.options: dict[str, Any] = dict(row["options"])
        self.meta: dict[str, Any] = dict(row["meta"])
        self.seed: int = row["seed"]
        self.randomness: str = row["randomness"]
        self.started: float = row["started"]
        self._finished: bool = row["finished"] is not None
        self._listeners: list[Listener] = []
        # The effective history: actions[i] took states[i] to states[i + 1].
        self._actions: list[dict[str, Any]] = []
        self._step = stepper(self.game)  # apply for an action, Game.correct for a correction
        self._states = States(self._step, self.game.setup(self.players, self.options), self._actions)
        # undone groups (their actions and prefix hashes), the last undone on top
        self._redo: list[RedoGroup] = []
        self._interned: dict[str, dict[str, Any]] = {}  # payload -> its action: equal actions are one object
        # _hashes[i]: a checksum of the payloads of actions[:i], so a snapshot of
        # states[i] saved in the journal is used only for exactly that history.
        self._hashes = array("I", [0])
        self._states.loader = self._load_snapshot
        self._pickles = True  # False once a state of this game would not pickle: no snapshots
        self._pending: list[Snapshot] = []  # snapshots reached, left for the next commit of one entry (_write)
        self._remembered: list[dict[str, Any]] = []  # undone chance outcomes, dealt again first, in order
        self._peeks = Peeks()  # who saw their private view, after how many actions, and what it showed
        self._draws = 0  # chance actions ever journaled: picks the next draw's RNG
        self._seq = 0  # next entry number
        self._log = SessionLog(self.game, self._states, self._actions, self.players)  # written as it commits
        # The turn clock (companion/table/clock.py), when the table runs one: its record rides every commit.
        self.clock: Any = None
        summary = row.get("summary")
        self.clock_record: Any = summary.get(RECORD) if isinstance(summary, dict) else None

    # --- building -------------------------------------------------------------
    @classmethod
    def create(cls, journal: Journal, game_name: str, players: Any, options: dict[str, Any] | None = None,
               randomness: str = "digital", seed: int | None = None, meta: dict[str, Any] | None = None,
               draw_first: bool = False) -> Session:
        """draw_first: the companion draws who starts from the committed seed
        (companion/table/first.py); the table chose otherwise."""
        game = get_game(game_name)
        if options is not None and not isinstance(options, dict):
            raise BadOption(_("The options must be a table of names and values, not {value}.",
                              value=repr(options)[:60]))
        for what, value in ((N_("The player names cannot be recorded: {why}."), players),
                            (N_("The options cannot be recorded: {why}."), options),
                            (N_("The players' details cannot be recorded: {why}."), meta)):
            why = plain_data_problem(value)
            if why:
                raise BadOption(_(what, why=why))
        players = game.check_players(players)
        options = game.resolve_options(options)
        if randomness not in RANDOMNESS:
            raise BadOption(_("Randomness must be digital or physical, not {value}.", value=repr(randomness)))
        if seed is None:
            seed = secrets.randbits(64)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise BadOption(_("The seed must be a whole number, not {value}.", value=repr(seed)))
        meta = dict(meta or {})
        if draw_first:
            options, meta[DRAWN] = drawn_options(game, players, options, seed, randomness)
        try:
            dumps(meta)  # refuse what cannot be journaled before anything is written
        except (TypeError, ValueError):
            raise BadOption(_("The players' details (colours, fobs) must be plain text and numbers.")) from None
        game.setup(players, options)  # a setup that fails must not leave a session behind
        session_id = journal.create_session(game_name, players, options, meta, seed, randomness)
        session = cls(journal, journal.session(session_id))
        session.deal()
        return session

    @classmethod
    def resume(cls, journal: Journal, session_id: int, deal: bool = True) -> Session:
        """Rebuild the session by replaying its journal through `apply`.

        With deal=True (the default) a digital session whose last commit left a
        draw pending (a crash between the two) makes that draw now, so the game
        is ready to play; deal=False gives exactly the committed state.
        An abandoned game (Journal.abandon) is not resumed: JournalError. A game
        whose rows are damaged is set aside (journal.notice names it): JournalError."""
        row, entries = journal.load(session_id)
        if row["abandoned"] is not None:
            raise JournalError(_("Game {id} was abandoned, so it cannot be resumed.", id=session_id))
        try:
            session = cls(journal, row)
            session._replay(entries)
        except BadComponents as e:
            # The box file in force is broken (edited by hand, saved as UTF-16 …): that is
            # not this game's damage. The game stays offered, and resumes once the file is
            # fixed or deleted.
            raise JournalError(_("Game {id} cannot be resumed while a box file is broken: {why} Fix the file (or "
                                 "delete it to use the shipped numbers); the game is kept.",
                                 id=session_id, why=e)) from None
        except JournalError as e:
            if "changed elsewhere" not in str(e) and session_id not in journal._set_aside:
                journal.set_aside(session_id, row["game"], _reason(e.reason or str(e)))  # kept in English
            raise JournalError(journal._set_aside.get(session_id, str(e))) from None
        except (CompanionError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
            # A row that passed its checks (an old file without checksums) yet
            # cannot be rebuilt: the game is set aside, never a crash.
            # the reason is kept in the journal in English (data), said in the reader's language when shown
            said = journal.set_aside(session_id, row["game"], f"it cannot be rebuilt: {type(e).__name__}")
            raise JournalError(said) from None
        session._sync_finished()
        if deal:
            session.deal()
        return session

    def _replay(self, entries: list[tuple[int, str, str]]) -> None:
        """Rebuild from the journal: first the bookkeeping (actions in effect,
        undo and redo groups, barrier, draws) from the entries alone, then the
        state: from the latest snapshot the journal holds for exactly these
        actions (checked by checksum), through `apply` for the actions after it."""
        interned, redo = self._interned, self._redo
        actions, hashes = self._actions, self._hashes
        crc = zlib.crc32
        expected, draws = self._seq, 0
        for seq, kind, payload in entries:
            if seq != expected:
                raise broken(N_("Game {id} is missing journal entry {n}; it cannot be rebuilt."), id=self.id,
                             n=expected)
            data = interned.get(payload)
            if data is None:
                try:
                    data = loads(payload)
                except ValueError:
                    raise _damaged(self.id, seq) from None
                interned[payload] = data  # equal entries share one (read-only) object
            expected += 1
            try:
                if kind == "action" or kind == CORRECTION:
                    if type(data) is not dict or (kind == CORRECTION) != (data.get("type") == CORRECTION):
                        raise _damaged(self.id, seq)
                    actions.append(data)
                    hashes.append(crc(payload.encode(), hashes[-1]))
                    if data.get("actor") == CHANCE:
                        draws += 1
                        if self._remembered:
                            self._dealt_again(data)
                    elif redo:
                        redo.clear()
                elif kind == "undo":
                    self._take_back(data["actions"], states=False)
                    if data.get("rehide"):
                        redo.clear()  # the rehide actions that follow changed the game
                elif kind == "redo":
                    self._put_back(states=False)
                elif kind == "seen":
                    self._see(data["seat"], data.get("you"))
                else:
                    raise broken(N_("Game {id} has an entry of unknown kind {kind}."), id=self.id, kind=repr(kind))
            except (KeyError, TypeError):
                raise _damaged(self.id, seq) from None
        self._seq, self._draws = expected, self._draws + draws
        start, state = self._best_snapshot()
        self._states.restart(start, state)
        apply = self._step
        for i in range(start, len(actions)):
            try:
                state = apply(state, actions[i])
            except IllegalAction as e:
                raise broken(N_("Game {id} cannot be rebuilt: its move {n} is not legal any more ({why})."),
                             id=self.id, n=i + 1, why=e) from None
            self._states.append(state)

    # --- the in-memory history (shared by live play and replay) ----------------
    def _record(self, action: dict[str, Any], after: Any, prefix: int) -> None:
        """Take a committed action in memory; prefix: the checksum of the
        payloads up to and including it (_hashes)."""
        self._actions.append(action)
        self._hashes.append(prefix)
        self._states.append(after)
        if action.get("actor") == CHANCE:
            self._draws += 1
            self._dealt_again(action)
        else:
            self._redo.clear()

    def summary(self) -> dict[str, Any]:
        """What the journal keeps beside the entries for Home: entries and actions in effect."""
        return {"entries": self._seq, "actions": len(self._actions)}

    # --- reading ----------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[-1]

    @property
    def actions(self) -> list[dict[str, Any]]:
        """The actions in effect, oldest first (copies are not made: do not modify)."""
        return self._actions

    @property
    def log(self) -> tuple[LogEntry, ...]:
        """The TABLE log of the actions in effect, oldest first: written by the
        session from the states around each action it commits (companion/table/log.py)."""
        return self._log.entries()

    def actors(self) -> frozenset[Any]:
        return self.game.actors(self.state)

    def legal_actions(self, actor: Any) -> list[dict[str, Any]]:
        return self.game.legal_actions(self.state, actor)

    def view(self, viewer: Any = TABLE) -> View:
        return self.game.view(self.state, viewer)

    def result(self) -> Any:
        return self.game.result(self.state)

    def is_over(self) -> bool:
        return self.result() is not None

    def name(self, seat: Any) -> str:
        if is_seat(seat, self.players):
            return self.players[seat]
        # i18n: who made a draw, where a player's name would stand
        return _("The draw") if seat == CHANCE else str(seat)

    # --- acting -------------------------------------------------------------------
    def subscribe(self, fn: Listener) -> Callable[[], None]:
        """fn(session, event), event in "action", "undo", "redo", "seen", "finished",
        "taken back" (take_back_unsaved). Called only after the change is committed. Returns an unsubscribe function."""
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def _notify(self, event: str) -> None:
        for fn in list(self._listeners):
            fn(self, event)

    def _check_action(self, action: Any) -> tuple[dict[str, Any], str]:
        """The action as a replay will read it back, and its JSON: checked once, by
        parse_action (plain data it can journal, shape, move, actor, fields);
        IllegalAction with a sentence, nothing changed, otherwise."""
        payload = dumps(parse_action(self.game, self.state, action, record=True).action)
        return loads(payload), payload

    def act(self, action: dict[str, Any]) -> Any:
        """Apply, deal the draws that follow (digital), commit them all in one
        transaction, then notify. Returns the new state.

        An illegal action raises IllegalAction and changes nothing; a commit the
        disk refuses raises JournalError and changes nothing (on disk or here)."""
        said = action if isinstance(action, dict) else {}  # what it says, before it is checked
        if said.get("actor") == CHANCE and self.randomness == "digital":
            raise IllegalAction(_("The companion makes the draws in this game; nobody enters them."))
        if said.get("type") == CORRECTION:
            raise IllegalAction(_("A number is fixed with Fix a number, not as a move."))
        action, payload = self._check_action(action)
        after = self._apply(action)
        finished = self._commit([(action, payload, after)] + self._draws_after(after))
        self._notify("action")
        if finished:
            self._notify("finished")
        return self.state

    def _apply(self, action: dict[str, Any]) -> Any:
        """game.apply; an action of a shape the game does not expect (its code
        raising a TypeError or KeyError on it) is refused like any illegal action.
        apply is pure, so nothing changed."""
        try:
            return self.game.play(self.state, action)  # checked once, by _check_action
        except CompanionError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError):
            raise IllegalAction(_("That move is not one this game knows; nothing was changed.")) from None

    def _commit(self, steps: list[Any]) -> bool:
        """Journal steps [(action, payload, state after)] in one transaction, with
        the game's summary and result; only then take them in memory. True when
        this finished the game."""
        if not steps:
            return False
        hashes, h = [], self._hashes[-1]
        for _a, payload, _s in steps:
            h = zlib.crc32(payload.encode(), h)
            hashes.append(h)
        snapshots = self._snapshots_for(len(self._actions) + 1, [st for _, _, st in steps], hashes)
        kinds = [CORRECTION if a.get("type") == CORRECTION else "action" for a, _, _ in steps]
        became = self._write(list(zip(kinds, (p for _, p, _ in steps))), steps[-1][2], len(self._actions) + len(steps),
                             snapshots)
        for (action, payload, state), prefix in zip(steps, hashes):
            action = self._interned.setdefault(payload, action)
            self._seq += 1
            self._record(action, state, prefix)
        return became

    def _write(self, entries: list[tuple[str, str]], after: Any, actions_after: int,
               due: list[Snapshot] | None = None) -> bool:
        """Commit entries with the summary and (if it changes) the result they
        lead to, in one transaction; then note the finished flag. True when the
        game became finished.

        Snapshots `due` (the states these entries reach at a multiple of
        SNAPSHOT_EVERY) are pickled and saved with a commit of one entry. A
        commit of several (a move and the dealer's draws after it: a Mayan Curse
        round end, the heaviest tap) leaves them for the next commit of one
        entry, so its pickling and bigger write do not land on the heaviest
        tap. A snapshot is only a shortcut for resume (the entries are the
        record): one never saved costs a longer replay, never a game."""
        due = self._pending + (due or [])
        if len(entries) > 1:
            waiting, blobs = due[-MAX_PENDING:], []
        else:
            waiting, blobs = [], self._pickled(due)
        result = self.game.result(after)
        finished = result is not None
        summary: dict[str, Any] = {"entries": self._seq + len(entries), "actions": actions_after}
        clock, spent, record = self.clock, None, self.clock_record
        if clock is not None:
            acting = self.game.actors(after)
            spent = clock.settle(bool(entries) and entries[0][0] == "action", acting)  # a move leads its commit
            record = spent.to_json()
        if record is not None:
            summary[RECORD] = record
        self.journal.commit(
            self.id, self._seq, entries, summary=summary,
            result=(result.to_json() if result is not None else None) if finished != self._finished else ...,
            snapshots=blobs,
        )
        self._pending, self.clock_record = waiting, record
        if spent is not None:
            clock.settled(spent, acting)
        became = finished and not self._finished
        self._finished = finished
        return became

    def deal(self, notify: bool = True) -> Any:
        """Digital randomness: resolve every pending draw, committed together."""
        steps = self._draws_after(self.state)
        finished = self._commit(steps)
        if steps and notify:
            self._notify("action")
            if finished:
                self._notify("finished")
        return self.state

    def save_clock(self) -> None:
        """Keep the turn clock's seconds since the last move (the app goes Home): one
        small commit of the summary, off the move path. Nothing to do without a clock."""
        if self.clock is not None:
            self._write([], self.state, len(self._actions))

    def _sync_finished(self, notify: bool = False) -> None:
        """Keep the journal's finished/result in step with the state (undo can un-finish)."""
        result = self.game.result(self.state)
        if (result is not None) == self._finished:
            return
        self.journal.set_result(self.id, result.to_json() if result is not None else None)
        self._finished = result is not None
        if notify and self._finished:
            self._notify("finished")

    def _journal_entry(self, kind: str, payload: str, after: Any, count_after: int,
                       snapshots: list[Snapshot] | None = None) -> bool:
        """One undo/redo/seen entry with the summary and result it leads to, in
        one transaction. True when it finished the game."""
        became = self._write([(kind, payload)], after, count_after, snapshots)
        self._seq += 1
        return became

    # --- corrections ------------------------------------------------------------------
    def corrections(self) -> list[Any]:
        """The public numbers the table may fix now (Game.corrections)."""
        return list(self.game.corrections(self.state))

    def correct(self, key: str, value: int, by_seat: int) -> Any:
        """Fix a public number to what the real table shows, made by `by_seat`:
        journaled as a correction (one transaction), shown in the log with who made
        it, undone like a move. IllegalAction (nothing changed) for a number the
        game does not offer now or a value out of its range."""
        action = correction_action(self.game, self.state, key, value, by_seat, len(self.players))
        action, payload = json.loads(dumps(action)), dumps(action)
        try:
            after = self.game.correct(self.state, action["key"], action["value"])
        except CompanionError:
            raise
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            raise IllegalAction(_("That number cannot be fixed now; nothing was changed.")) from None
        finished = self._commit([(action, payload, after)] + self._draws_after(after))
        self._notify("action")
        if finished:
            self._notify("finished")
        return self.state

    # --- a move the disk did not keep (deferred mode) ------------------------------------
    def take_back_unsaved(self, error: BaseException | None = None,
                          say: Callable[[str], Any] | None = None) -> str:
        """The fsync of a deferred commit failed (Journal.wait_synced raised `error`):
        the journal takes back every commit since the last state on disk (in a new
        transaction, fsynced inline) and this session is rebuilt from it, so memory
        and journal agree on what is on disk. Returns the sentence for the table
        ("The move could not be saved: … It was taken back; play it again.");
        say(sentence) runs before the listeners hear "taken back", so the frame
        they publish carries it (kivy_ui/swap_gate.py). Never raises for the disk:
        a disk that fails again is said in the sentence."""
        lead = str(error) if error is not None else _("The move could not be saved.")
        try:
            self.journal.take_back_unsaved()
            sentence = _("{why} It was taken back; play it again.", why=lead)
        except JournalError as e:
            sentence = _("{why} It was taken back. {more}", why=lead, more=e)
        listeners, clock = self._listeners, self.clock
        try:
            fresh = type(self).resume(self.journal, self.id, deal=False)
        except JournalError as e:  # the game itself was never on disk (its first commit failed)
            sentence = f"{sentence} {e}"
        else:
            self.__dict__.update(fresh.__dict__)
            self._listeners, self.clock = listeners, clock
            if clock is not None:  # the seconds on disk, as the moves are
                clock.restore(Spent.from_json(self.clock_record, len(self.players)), self.actors())
            self._states.loader = self._load_snapshot  # bound to this session, not the one it was read into
        if say is not None:
            say(sentence)
        self._notify("taken back")
        return sentence

    def close(self) -> None:
        """Forget listeners; the journal stays open (it belongs to the caller)."""
        self._listeners.clear()


def _damaged(session_id: int, seq: int) -> JournalError:
    return broken(N_("Game {id} cannot be rebuilt: journal entry {n} is damaged."), id=session_id, n=seq)


def _reason(sentence: str) -> str:
    """The short reason inside a session's JournalError (its English `reason`), for the
    set-aside notice: "entry 5 is damaged", as the journal itself says it (and translates
    it when shown)."""
    text = sentence.rstrip(".")
    for lead in (": ", "cannot be rebuilt: "):
        if lead in text:
            text = text.split(lead, 1)[1]
    return text.removeprefix("journal ")[:120]


def replay(game_name: str, players: Any, options: dict[str, Any] | None, actions: Any) -> Any:
    """The state after applying `actions` from setup: a pure replay, no journal."""
    game = get_game(game_name)
    state = game.setup(game.check_players(players), game.resolve_options(options))
    step = stepper(game)
    for action in actions:
        state = step(state, action)
    return state


__all__ = ["MAX_DEALS", "RANDOMNESS", "SNAPSHOT_EVERY", "Peeks", "Session", "draw_rng", "plain_data_problem",
           "replay"]
