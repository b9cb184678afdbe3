"""The table controller: the UI-free brain between the players and a Session.

It turns touch intents (play this choice, undo, let me peek) and device events
(a tag on the reader, a seat button held or released) into session actions,
and it owns the privacy gate (companion/table/gate.py) and the devices' meaning
(companion/table/devices.py). It names no game.

It publishes one frozen `TableFrame` per change (companion/table/frame.py): built
once, handed to every listener, and kept as `frame()` until the next change.
A change made to the session by anyone else (a phone's peek, a bot, a test)
publishes a frame too, so one subscription follows everything:

    table = TableController(s, fobs={"04A1": 1})
    table.subscribe_frames(lambda frame: print(frame.kind, frame.waiting))
    table.handle(TagEvent(uid="04A1", reader="main"))   # seat 1 sees its secret: a "gate" frame
    table.frame().gate.seat == 1
    table.choose(table.frame().choices[0].key)           # -> Outcome, and a "move" frame

The frame carries the LED state of every seat button and the sound to give
(`Cue`), whether the game is over and its result in sentences, the TABLE log
(`session.log`) and the table line; the app and the screens only apply it.
What the controller needs from its collaborators is written as Protocols in
companion/table/parts.py; this module never imports hardware/.
"""
from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from companion.errors import CompanionError
from companion.i18n import current
from companion.rules.choices import Choice, complete, find
from companion.rules.corrections import CORRECTION, correction_sentence
from companion.rules.engine import CHANCE, TABLE, Correction
from companion.rules.seats import is_seat_number
from companion.rules.viewschema import View
from companion.table import first, words
from companion.table.devices import COMMAND, FOB, DeviceHandling, default_seat_buttons
from companion.table.frame import (
    GAME_CHANGES,
    Ability,
    Cue,
    FrameKind,
    Outcome,
    TableFrame,
    cue,
    newest_line,
    result_frame,
)
from companion.table.gate import BY_BUTTON, BY_FOB, BY_TOUCH, DEFAULT_TIMEOUT, GateKeeper
from companion.table.log import LogEntry
from companion.table.parts import ButtonPress, DeviceEvent, DeviceState, Gate, SessionLike, TagLookup, TagRead
from companion.words import _

Listener = Callable[["TableController", str], None]
FrameListener = Callable[[TableFrame], None]

#: What a legacy listener (controller, what) hears for each frame kind.
_WHAT: dict[str, str] = {kind: "view" for kind in GAME_CHANGES}


class TableController(GateKeeper, DeviceHandling):
    """Turns intents and device events into session actions; owns the privacy gate.
    session: a SessionLike. fobs: tag uid -> seat. seat_buttons: button name -> seat
    (its LED has the same name). clock: a monotonic time source (tests pass a fake
    one). tags: a TagLookup. settle: seconds within which a move for another seat
    is a double tap.
    """

    def __init__(
        self,
        session: SessionLike,
        fobs: Mapping[str, int] | None = None,
        seat_buttons: Mapping[str, int] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        clock: Callable[[], float] = time.monotonic,
        tags: TagLookup | None = None,
        settle: float = 0.0,
    ):
        self.session = session
        self.players = list(session.players)
        meta_fobs = session.meta.get("fobs") or []
        self.fobs: dict[str, int] = {uid: seat for seat, uid in enumerate(meta_fobs) if uid}
        self.fobs.update(fobs or {})
        self.seat_buttons = dict(seat_buttons or default_seat_buttons(len(self.players)))
        self.timeout = timeout
        self.clock = clock
        self.tags = tags
        # A finger that bounces on "End turn" must not end the next player's turn too:
        # a move for another seat within `settle` seconds of the last one is ignored.
        self.settle = settle
        self._last_play: tuple[float, Any] | None = None
        self.gate: Gate | None = None
        self.pending_peek: int | None = None
        self._pending_until = 0.0
        self.message: str | None = None
        self.notice: str | None = None
        #: The question put to the table before a public reveal is undone ("Undo Ana's
        #: last move? Everyone has seen this: ... It stays known."), answered with
        #: confirm_undo / cancel_undo; None when nothing waits for an answer.
        self.pending_undo: str | None = None
        self.device_problems: dict[str, str] = {}
        # What a game tag read behind the gate chose: (seat, TagUse.select), shown only
        # in that seat's private view; cleared when the gate closes or a move is made.
        self.selected: tuple[int, Any] | None = None
        self._held: dict[int, list[dict[str, Any]]] = {}  # game tags kept for an entry, per seat
        self._listeners: list[Listener] = []
        self._frame_listeners: list[FrameListener] = []
        self._serial = 0
        self._frame: TableFrame | None = None
        self._frame_language = current()  # the language _frame's sentences are made in
        self._translated: dict[str, TableFrame] = {}  # _frame made again in another language
        self._again: dict[str, tuple[str, Callable[[], str]]] = {}  # message/notice: (as made, remake)
        self._busy = 0  # >0 while the controller itself changes the session
        self._publishing = 0  # >0 while a frame is being handed to the listeners
        subscribe = getattr(session, "subscribe", None)
        self._unsubscribe: Callable[[], Any] | None = subscribe(self._session_changed) if subscribe else None

    # --- observing --------------------------------------------------------
    def subscribe_frames(self, fn: FrameListener) -> Callable[[], None]:
        """fn(frame) once per change, the same frozen frame for every listener."""
        self._frame_listeners.append(fn)
        return lambda: self._frame_listeners.remove(fn) if fn in self._frame_listeners else None

    def subscribe(self, fn: Listener) -> Callable[[], None]:
        """fn(controller, what), once per frame; what is "view" for a change of the
        game (the frame's kind says which), else the frame's kind ("gate",
        "message", "device", "select", "confirm"). controller.frame() is that frame."""
        self._listeners.append(fn)
        return lambda: self._listeners.remove(fn) if fn in self._listeners else None

    def _publish(self, kind: FrameKind) -> None:
        """Build this change's frame once and hand it to every listener."""
        if kind in GAME_CHANGES and self.session.result() is not None:
            self._close_gate()  # the game is over: no private view lingers behind the end screen
            self.pending_peek = None
        frame = self._frame = self._build(kind)
        what = _WHAT.get(kind, kind)
        # A listener that reads frame() meanwhile gets this frame: no timeout is handled
        # (and no second frame published) until every listener has had this one.
        self._publishing += 1
        try:
            for fn in list(self._frame_listeners):
                fn(frame)
            for listener in list(self._listeners):
                listener(self, what)
        finally:
            self._publishing -= 1

    @contextlib.contextmanager
    def _quiet(self) -> Iterator[None]:
        """The controller changes the session itself: it publishes its own frame after."""
        self._busy += 1
        try:
            yield
        finally:
            self._busy -= 1

    def _session_changed(self, _session: Any, event: str) -> None:
        if not self._busy and event != "finished":  # "finished" follows its "action" at once
            # a look recorded (a phone's peek) changes what Undo may do, not the game
            self._publish("seen" if event == "seen" else "session")

    def close(self) -> None:
        """The table is left for good (another game, Home -> Abandon, the app stops):
        listeners are forgotten and the session is closed."""
        self._close_gate()
        self.pending_peek = None
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._listeners.clear()
        self._frame_listeners.clear()
        self.session.close()

    # --- what screens render ---------------------------------------------
    def public_view(self) -> View:
        return self.session.view(TABLE)

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return self.players[seat]
        return str(seat)

    def turn(self) -> int | None:
        """The one seat whose turn it is, or None (chance to act, several seats, or over)."""
        seats = [a for a in self.session.actors() if a != CHANCE]
        return seats[0] if len(seats) == 1 else None

    def acting(self) -> list[int]:
        """Every seat the game waits for, in seat order (several during a sealed bid).
        Who must act is public at every table; CHANCE is nobody's button."""
        return sorted(a for a in self.session.actors() if is_seat_number(a))

    def choosers(self) -> list[int]:
        """The seats whose menu is asked: the acting ones; while a person must enter a draw
        (physical randomness), every seat (a game offers the entry to the seat it is for)."""
        if self.session.randomness == "physical" and CHANCE in self.session.actors():
            return list(range(len(self.players)))
        return self.acting()

    def held(self, seat: int) -> list[dict[str, Any]]:
        """The game tags read so far for seat's entry (for that seat's private view only)."""
        return [dict(m) for m in self._held.get(seat, [])]

    def log(self) -> tuple[LogEntry, ...]:
        """The TABLE log, written by the session as it commits (session.log)."""
        return tuple(getattr(self.session, "log", ()) or ())

    def corrections(self) -> tuple[Correction, ...]:
        """The public numbers the table may fix now (Game.corrections)."""
        return tuple(self.session.game.corrections(self.session.state))

    @property
    def session_id(self) -> int | None:
        sid = getattr(self.session, "id", None)
        return sid if isinstance(sid, int) else None

    # --- the frame: what screens and phones read (companion/table/frame.py) ------------
    def frame(self) -> TableFrame:
        """The latest frame (built now if none was published yet)."""
        if not self._publishing:
            self.tick()  # a gate whose time is up closes first (and publishes)
        if self._frame is None:
            self._frame = self._build("start")
        lang = current()
        if lang == self._frame_language:
            return self._frame
        # read in another language (a phone's, or the table's changed): this change in its words
        again = self._translated.get(lang)
        if again is None or again.serial != self._frame.serial:
            again = self._translated[lang] = self._build(self._frame.kind, serial=self._frame.serial)
        return again

    def rebuild_frame(self) -> TableFrame:
        """The latest frame made again (same kind, telling no one): the table's language changed."""
        self._frame = self._build(self._frame.kind if self._frame is not None else "start")
        return self._frame

    def _build(self, kind: FrameKind, serial: int | None = None) -> TableFrame:
        """This change's frame in the current language (serial: the same change again, in another)."""
        if serial is None:
            self._serial += 1
            self._translated.clear()
            self._frame_language = current()
        game = self.session.game
        view = self.public_view()
        acting = tuple(self.acting())
        result = self.session.result()
        over = result is not None
        public: list[Choice] = []
        if not over:
            for seat in self.choosers():
                public += [c for c in game.menu(self.session.state, seat) if c.public]
        undo_ok, undo_why = self.session.can_undo()  # live: undoes, asks or says why (not before a move)
        undo_live = undo_ok or any(a.get("actor") != CHANCE for a in reversed(self.session.actions))
        redo_ok, redo_why = self.session.can_redo()
        log, seed = self.log(), getattr(self.session, "seed", None)
        colours = tuple(c if isinstance(c, str) and c else None for c in (self.session.meta.get("colours") or ()))
        return TableFrame(
            serial=self._serial if serial is None else serial, kind=kind,
            game=str(getattr(self.session, "game_name", "") or game.name),
            title=game.title or game.name,
            players=tuple(self.players), view=view,
            waiting=str((view.get("waiting_for") or {}).get("sentence") or ""), acting=acting,
            choices=tuple(public), gate=self._gate_frame(), message=self._said("message", self.message),
            notice=self._said("notice", self.notice), undo=Ability(undo_ok, undo_why, undo_live),
            redo=Ability(redo_ok, redo_why, redo_ok), drawn=first.drawn_seat(self.session),
            pending_undo=self.pending_undo, cue=self._cue(kind, acting, over), over=over,
            result=result_frame(result, self.players, self.session.randomness, seed) if over else None,
            devices=dict(self.device_problems), log=log, colours=colours, session_id=self.session_id,
            newest=newest_line(log, self.session.randomness, seed, first.drawn_sentence(self.session)))

    def _said(self, key: str, sentence: str | None) -> str:
        """The message or notice, in the current language where it is the controller's own sentence."""
        if not sentence:
            return ""
        made, again = self._again.get(key, ("", None))
        if again is None or made != sentence:
            return sentence
        return again()

    def _note(self, again: Callable[[], str]) -> str:
        """Set the notice to again() (made now), said again in another language."""
        self.notice = again()
        self._again["notice"] = (self.notice, again)
        return self.notice

    def _retime(self) -> None:
        self._translated.clear()
        if self._frame is not None and self.gate is not None:
            self._frame = dataclasses.replace(
                self._frame, gate=dataclasses.replace(self._frame.gate, closes_at=self.gate.closes_at))

    def led_name(self, seat: int) -> str:
        """The name of seat's button and its LED (seat1..seatN unless configured)."""
        return next((name for name, s in self.seat_buttons.items() if s == seat), f"seat{seat + 1}")

    def _cue(self, kind: FrameKind, acting: tuple[int, ...], over: bool) -> Cue:
        open_seat = self.gate.seat if self.gate is not None else None
        return cue(kind, acting, over, [self.led_name(seat) for seat in range(len(self.players))], open_seat,
                   bool(self.message))

    def choose(self, key: str, picks: Mapping[str, Any] | None = None, seat: int | None = None,
               confirmed: bool = False, hide: str = "") -> Outcome:
        """Play the choice `key` offered now (with the values picked for its parts).
        seat: the seat choosing through the gate or its phone; a seat's own choices are
        found only for that seat. A choice that asks a confirmation is not played until
        confirmed (Outcome.ask holds the question). hide: the open view closes "first"
        (as the choice is played) or when "done" (the move leaves the seat nothing to do
        behind it), in the one frame the move publishes (GateKeeper.hidden)."""
        serial, hid = self._serial, hide == "first" and self._close_gate()
        out = self._choose(key, picks, seat, confirmed, done=hide == "done")
        if hid and self._serial == serial:  # nothing published (a question, a seat's refusal): the view closes
            self._publish("gate")
        return out

    def _choose(self, key: str, picks: Mapping[str, Any] | None, seat: int | None, confirmed: bool,
                done: bool) -> Outcome:
        state, game = self.session.state, self.session.game
        choosers = self.choosers()
        for s in choosers if seat is None else [s for s in choosers if s == seat]:
            found = find([c for c in game.menu(state, s) if c.public or c.seat == seat], key)
            if found is None:
                continue
            if not found.enabled:
                return self._say(found.why) if found.why else self._cannot()
            try:
                action = complete(found, picks)
            except CompanionError as e:
                return self._say(str(e))
            if found.confirm and not confirmed:  # asked only for a move that is possible
                return Outcome(False, ask=found.confirm)
            # A seat's own choice is made behind its gate or on its phone: never the second
            # touch of a double tap on the previous player's button.
            return self._play(action, guard=found.public, private=not found.public, done=seat if done else None)
        return self._cannot()

    # --- game intents -----------------------------------------------------
    def play(self, action: Mapping[str, Any], notice: Callable[[], str] | None = None) -> Outcome:
        """Send an action for the seat whose turn it is (unless it names its actor). Outcome(True, what it did,
        in the TABLE log's words) when the session took it; otherwise Outcome(False, why) (also in `message`)
        and nothing changed. A double tap's second touch is Outcome(False, "") and says nothing. notice: the
        table's own move (the turn clock's): the table line says notice() once played; a refusal is not said."""
        return self._play(action, guard=notice is None, private=notice is not None, notice=notice)

    def _play(self, action: Mapping[str, Any], guard: bool, private: bool = False,
              notice: Callable[[], str] | None = None, done: int | None = None) -> Outcome:
        """play(); guard: a move for another seat within `settle` of the last is a double tap.
        private: a seat's own choice, whose refusal is that seat's (the Outcome), not the table's.
        done: this seat's view closes with the move when it leaves the seat nothing to do there
        (the seat that chose: the actor, or a draw's CHANCE it entered)."""
        move = dict(action)
        if "actor" not in move:
            seat = self.turn()
            if seat is None:
                return self._say(_("Nobody can act right now."), lambda: _("Nobody can act right now."))
            move["actor"] = seat
        if guard and self._bounced(move["actor"]):
            return Outcome(False)  # the second touch of a double tap: silently nothing
        if self.gate is not None and self.gate.seat != move["actor"]:
            # Someone else's secret must not stay on screen while the game moves on.
            self._close_gate()
        try:
            with self._quiet():
                self.session.act(move)
        except CompanionError as e:
            return Outcome(False, str(e)) if private else self._say(str(e))
        self._last_play = (self.clock(), move["actor"])
        self.message = self.notice = self.selected = None
        self._held.clear()
        if notice is not None:
            self._note(notice)
        if done is not None:
            self.hidden(done)
        self._publish("move")
        return Outcome(True, self._sentence_of(move["actor"]))

    def _cannot(self) -> Outcome:  # the controller's own refusal, said again in another language
        return self._say(_("That cannot be done now."), lambda: _("That cannot be done now."))

    def _sentence_of(self, actor: Any) -> str:
        """The TABLE log's sentences for the newest entry by `actor`."""
        return next((e.sentence for e in reversed(self._frame.log if self._frame else ()) if e.actor == actor), "")

    def _bounced(self, actor: Any) -> bool:
        """A move for another seat right after one was entered: a double tap, not a
        player (nobody takes their turn within a third of a second of the last)."""
        if not self.settle or self._last_play is None:
            return False
        at, last_actor = self._last_play
        return bool(actor != last_actor and self.clock() - at < self.settle)

    def undo(self) -> Outcome:
        """Take back the last move; `notice` (and the outcome) says whose, `message`
        why not. A move that showed something to everyone is not undone yet:
        `pending_undo` holds the question for the table (a "confirm" frame, and
        Outcome.ask), and confirm_undo() does it."""
        self.pending_undo = None
        ok, sentence = self.session.can_undo()
        if not ok:
            question = self.session.undo_needs_confirm()
            if question:
                self.pending_undo = str(question)
                self._publish("confirm")
                return Outcome(False, ask=self.pending_undo)
            return self._say(sentence or _("That cannot be undone."),
                             lambda: self.session.can_undo()[1] or _("That cannot be undone."))
        return self._undo(confirm=False)

    def confirm_undo(self) -> Outcome:
        """The table agreed: undo the move whose reveal stays known (and let the game
        replace any secret it showed with a fresh draw)."""
        if self.pending_undo is None:
            return Outcome(False)
        self.pending_undo = None
        return self._undo(confirm=True)

    def cancel_undo(self) -> None:
        """The table said no: nothing is undone."""
        if self.pending_undo is not None:
            self.pending_undo = None
            self._publish("confirm")

    def _undo(self, confirm: bool) -> Outcome:
        who = self._last_mover()
        fix = bool(self.session.actions) and self._last_entry_is_fix()
        try:
            with self._quiet():
                if confirm:
                    self.session.undo(confirm=True)
                else:
                    self.session.undo()
        except CompanionError as e:
            return self._say(str(e))
        self.message, self._last_play = None, None
        notice = self._note(lambda: words.took_back(who, fix))
        self._publish("undo")
        return Outcome(True, notice)

    def _last_entry_is_fix(self) -> bool:
        """Whether the last entry made by a player (not a draw) is a correction."""
        for action in reversed(list(self.session.actions)):
            if action.get("actor") != CHANCE:
                return bool(action.get("type") == CORRECTION)
        return False

    def correct(self, key: str, value: int, by_seat: int) -> Outcome:
        """Fix a public number to what the real table shows ("Fix a number…"), made by
        `by_seat`; journaled as a correction and shown in the log. `message` says why
        not (nothing changed); `notice` (and the outcome) says what was fixed."""
        try:
            with self._quiet():
                self.session.correct(key, value, by_seat)
        except CompanionError as e:
            return self._say(str(e))
        entry: Mapping[str, Any] = next(
            (a for a in reversed(list(self.session.actions)) if a.get("type") == CORRECTION), {})
        self.message, self._last_play = None, None
        # the log's sentence for it (the number's label as the game says it now), else from the entry
        notice = self._note(lambda: next((e.sentence for e in reversed(self.log()) if e.kind == "correction"), "")
                            or correction_sentence(entry, self.players))
        self._publish("fix")
        return Outcome(True, notice)

    def can_redo(self) -> bool:
        """True right after an undo, until someone moves again."""
        return self.session.can_redo()[0]

    def redo(self) -> Outcome:
        """Put back the move just taken back (its draws come back the same)."""
        ok, sentence = self.session.can_redo()
        if not ok:
            return self._say(sentence or _("Nothing to redo."),
                             lambda: self.session.can_redo()[1] or _("Nothing to redo."))
        try:
            with self._quiet():
                self.session.redo()
        except CompanionError as e:
            return self._say(str(e))
        self.message = None
        who = self._last_mover()
        notice = self._note(lambda: words.put_back(who))
        self._publish("redo")
        return Outcome(True, notice)

    def _last_mover(self) -> str | None:
        """The name of whoever made the last player move (chance draws follow it)."""
        for action in reversed(list(self.session.actions)):
            actor = action.get("actor")
            if is_seat_number(actor):
                return self.name(actor)
        return None

    def take_back_unsaved(self, error: BaseException | None = None) -> str:
        """The disk did not keep the last moves: back to the disk, the message says so."""
        return self.session.take_back_unsaved(error, say=lambda sentence: setattr(self, "message", sentence))

    def _say(self, sentence: str, again: Callable[[], str] | None = None) -> Outcome:
        """Show `sentence` as the table's message; again: it made in another language."""
        self.message = sentence
        if again is not None:
            self._again["message"] = (sentence, again)
        self._publish("message")
        return Outcome(False, sentence)


__all__ = ["BY_BUTTON", "BY_FOB", "BY_TOUCH", "COMMAND", "DEFAULT_TIMEOUT", "FOB", "ButtonPress", "DeviceEvent",
           "DeviceState", "Gate", "SessionLike", "TableController", "TagLookup", "TagRead", "default_seat_buttons"]
