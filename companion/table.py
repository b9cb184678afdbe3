"""The table controller: the UI-free brain between the players and a Session.

It turns touch intents (play this, undo, let me peek) and device events (a tag on
the reader, a seat button held or released) into session actions, and it owns
the privacy gate: which seat's private view is open, how it was opened, and when
it closes. It names no game: what a game's own tags mean comes from the game
(`Game.tag_kinds()`, `Game.use_tag(...)`, see docs/architecture.md).

Screens observe the controller and render what it exposes:

    public_view()    the TABLE view; always safe to show on the shared screen
    private_view()   (seat, that seat's view) only while the gate is open for it
    gate             the open Gate, or None
    pending_peek     a seat that tapped its name and must confirm the others look away
    selected         (seat, what) a game tag chose in that seat's private view, or None
    held(seat)       the game tags read so far for an entry made of several tags
    message          the last sentence for the players (an illegal move, a refused undo)
    notice           what Undo or Redo just did ("Took back Ben's last move."), until the next move

What the controller needs from its collaborators is written as Protocols below
(SessionLike, TagLookup, and the device events); this module never imports
hardware/. A device event carries a `topic` ("tag", "tag_removed", "button",
"device"), as hardware.events does.

Example, with a Session `s` of two players and fob "04A1" bound to seat 1:

    table = TableController(s, fobs={"04A1": 1})
    table.handle(TagEvent(uid="04A1", reader="main"))   # seat 1 sees its secret
    table.private_view()[0] == 1
    table.handle(ButtonEvent(button="seat1", kind="hold"))  # seat 0 asks: seat 1's view closes first
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from .choices import Choice, complete, find
from .corrections import CORRECTION, correction_sentence
from .engine import CHANCE, TABLE, Game, TagUse
from .errors import CompanionError
from .frame import Ability, Cue, GateFrame, Outcome, TableFrame

#: How a gate was opened; each kind closes in its own way as well as on timeout.
BY_FOB = "fob"  # closes on a second tap of the same fob, Hide, or timeout
BY_BUTTON = "button"  # closes on release of the seat button
BY_TOUCH = "touch"  # closes when the player taps Hide

DEFAULT_TIMEOUT = 12.0  # seconds: long enough to read a token, short enough to be forgotten safely

#: Tag kinds the controller itself understands, in every game.
FOB = "fob"
COMMAND = "command"

#: Device status values that mean "working".
_WORKING = frozenset({"ok", "connected", "ready", "simulated", "up"})


# --- what the controller needs from its collaborators -----------------------------
class SessionLike(Protocol):
    """The part of companion.session.Session the controller uses."""

    @property
    def players(self) -> Sequence[str]: ...
    @property
    def meta(self) -> Mapping[str, Any]: ...
    @property
    def game(self) -> Game: ...
    @property
    def state(self) -> Any: ...
    @property
    def randomness(self) -> str: ...
    @property
    def actions(self) -> Sequence[Mapping[str, Any]]: ...

    def actors(self) -> frozenset[Any]: ...
    def legal_actions(self, actor: Any) -> list[dict[str, Any]]: ...
    def act(self, action: dict[str, Any]) -> Any: ...
    def view(self, viewer: Any = TABLE) -> dict[str, Any]: ...
    def can_undo(self) -> tuple[bool, str]: ...
    def undo(self, confirm: bool = False) -> Any: ...
    def undo_needs_confirm(self) -> str | None: ...
    def correct(self, key: str, value: int, by_seat: int) -> Any: ...
    def can_redo(self) -> tuple[bool, str]: ...
    def redo(self) -> Any: ...
    def mark_seen(self, seat: int) -> None: ...
    def result(self) -> Any: ...


class TagLookup(Protocol):
    """What a tag stands for (companion.tags.TagRegistry): None for an unknown tag."""

    def lookup(self, uid: str) -> Mapping[str, Any] | None: ...


class DeviceEvent(Protocol):
    """Any device event: its topic says which of the shapes below it has."""

    @property
    def topic(self) -> str: ...


class TagRead(Protocol):
    """topic "tag" (a tag presented) or "tag_removed" (it left the reader)."""

    @property
    def topic(self) -> str: ...
    @property
    def uid(self) -> str: ...


class ButtonPress(Protocol):
    """topic "button": kind is "press", "hold" or "release"."""

    @property
    def topic(self) -> str: ...
    @property
    def button(self) -> str: ...
    @property
    def kind(self) -> str: ...


class DeviceState(Protocol):
    """topic "device": a reader or the buttons changed state."""

    @property
    def topic(self) -> str: ...
    @property
    def device(self) -> str: ...
    @property
    def status(self) -> str: ...
    @property
    def detail(self) -> str: ...


@dataclass(frozen=True)
class Gate:
    """An open private view: whose, how it was opened, when it closes by itself."""

    seat: int
    how: str
    opened_at: float
    closes_at: float


def default_seat_buttons(players: int) -> dict[str, int]:
    """Button names the hardware config uses by default: seat1..seatN (seat 0 is seat1)."""
    return {f"seat{i + 1}": i for i in range(players)}


Listener = Callable[["TableController", str], None]


class TableController:
    """Turns intents and device events into session actions; owns the privacy gate.

    session: a SessionLike. fobs: tag uid -> seat. seat_buttons: button name -> seat.
    clock: a monotonic time source (tests pass a fake one). tags: a TagLookup.
    settle: seconds within which a move for another seat is a double tap.
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
        self.device_problems: dict[str, str] = {}
        # What a game tag read behind the gate chose: (seat, TagUse.select), shown only
        # in that seat's private view; cleared when the gate closes or a move is made.
        self.selected: tuple[int, Any] | None = None
        self._held: dict[int, list[dict[str, Any]]] = {}  # game tags kept for an entry, per seat
        self._listeners: list[Listener] = []

    # --- observing --------------------------------------------------------
    def subscribe(self, fn: Listener) -> None:
        """fn(controller, what) with what in "view", "gate", "message", "device", "select"."""
        self._listeners.append(fn)

    def _notify(self, what: str) -> None:
        for fn in list(self._listeners):
            fn(self, what)

    # --- what screens render ---------------------------------------------
    def public_view(self) -> dict[str, Any]:
        return self.session.view(TABLE)

    def private_view(self) -> tuple[int, dict[str, Any]] | None:
        """The open seat's own view, or None when the gate is closed (or timed out)."""
        self.tick()
        if self.gate is None:
            return None
        return self.gate.seat, self.session.view(self.gate.seat)

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return self.players[seat]
        return str(seat)

    @property
    def meta(self) -> Mapping[str, Any]:
        """What New game recorded beside the game (the seats' colours, fobs), for screens."""
        return dict(self.session.meta or {})

    def turn(self) -> int | None:
        """The one seat whose turn it is, or None (chance to act, several seats, or over)."""
        seats = [a for a in self.session.actors() if a != CHANCE]
        return seats[0] if len(seats) == 1 else None

    def acting(self) -> list[int]:
        """Every seat the game waits for, in seat order (several during a sealed bid).
        Who must act is public at every table; CHANCE is nobody's button."""
        return sorted(a for a in self.session.actors() if isinstance(a, int) and not isinstance(a, bool))

    def held(self, seat: int) -> list[dict[str, Any]]:
        """The game tags read so far for seat's entry (for that seat's private view only)."""
        return [dict(m) for m in self._held.get(seat, [])]

    # --- the frame: what screens and phones read (companion/frame.py) ------------
    _serial = 0

    def frame(self) -> TableFrame:
        """The table now, as one frozen frame: the public view and the public choices
        of the seats that act; the gate's seat view and choices only while it is open."""
        self.tick()
        self._serial += 1
        state = self.session.state
        game = self.session.game
        view = self.public_view()
        acting = tuple(self.acting())
        public: list[Choice] = []
        over = self.session.result() is not None
        if not over:
            for seat in acting:
                public += [c for c in game.menu(state, seat) if c.public]
        gate = GateFrame(asking=self.pending_peek)
        if self.gate is not None:
            seat = self.gate.seat
            own = self.seat_frame(seat)
            gate = GateFrame(seat=seat, how=self.gate.how, closes_at=self.gate.closes_at, asking=self.pending_peek,
                             view=own.view, choices=own.choices,
                             selected=self.selected[1] if self.selected and self.selected[0] == seat else None)
        undo_ok, undo_why = self.session.can_undo()
        redo_ok, redo_why = self.session.can_redo()
        return TableFrame(
            serial=self._serial, game=game.name, title=game.title or game.name, players=tuple(self.players),
            view=view, waiting=str((view.get("waiting_for") or {}).get("sentence") or ""), acting=acting,
            choices=tuple(public), gate=gate, message=self.message or "", notice=self.notice or "",
            undo=Ability(undo_ok, undo_why), redo=Ability(redo_ok, redo_why), pending_undo=self.pending_undo,
            cue=Cue(leds=acting), over=over, devices=dict(self.device_problems))

    def seat_frame(self, seat: int) -> GateFrame:
        """One seat's own view and own choices (Choice.seat == seat), for the open gate
        or that seat's phone; the caller journals the look (open_gate, a phone's peek)."""
        state, game = self.session.state, self.session.game
        acting = self.acting()
        over = self.session.result() is not None
        own = tuple(c for c in game.menu(state, seat) if c.seat == seat) if not over and seat in acting else ()
        return GateFrame(seat=seat, view=self.session.view(seat), choices=own)

    def choose(self, key: str, picks: Mapping[str, Any] | None = None, seat: int | None = None,
               confirmed: bool = False) -> Outcome:
        """Play the choice `key` offered now (with the values picked for its parts).
        seat: the seat choosing through the gate or its phone; a seat's own choices are
        found only for that seat. A choice that asks a confirmation is not played until
        confirmed (Outcome.ask holds the question)."""
        state, game = self.session.state, self.session.game
        seats = [seat] if seat is not None else self.acting()
        for s in seats:
            if s not in self.acting():
                continue
            found = find([c for c in game.menu(state, s) if c.public or c.seat == seat], key)
            if found is None:
                continue
            if not found.enabled:
                return Outcome(False, self._say_sentence(found.why or "That cannot be done now."))
            if found.confirm and not confirmed:
                return Outcome(False, ask=found.confirm)
            try:
                action = complete(found, picks)
            except CompanionError as e:
                return Outcome(False, self._say_sentence(str(e)))
            ok = self.play(action)
            return Outcome(ok, found.sentence if ok else (self.message or ""))
        return Outcome(False, self._say_sentence("That cannot be done now."))

    def _say_sentence(self, sentence: str) -> str:
        self._say(sentence)
        return sentence

    # --- game intents -----------------------------------------------------
    def play(self, action: Mapping[str, Any]) -> bool:
        """Send an action for the seat whose turn it is (unless it names its actor).

        Returns True when the session took it; otherwise `message` holds the
        engine's sentence and nothing changed.
        """
        move = dict(action)
        if "actor" not in move:
            seat = self.turn()
            if seat is None:
                return self._say("Nobody can act right now.")
            move["actor"] = seat
        if self._bounced(move["actor"]):
            return False  # the second touch of a double tap: silently nothing
        if self.gate is not None and self.gate.seat != move["actor"]:
            # Someone else's secret must not stay on screen while the game moves on.
            self.close_gate()
        try:
            self.session.act(move)
        except CompanionError as e:
            return self._say(str(e))
        self._last_play = (self.clock(), move["actor"])
        self.message = self.notice = None
        self.selected = None
        self._held.clear()
        self._notify("view")
        return True

    def _bounced(self, actor: Any) -> bool:
        """A move for another seat right after one was entered: a double tap, not a
        player (nobody takes their turn within a third of a second of the last)."""
        if not self.settle or self._last_play is None:
            return False
        at, last_actor = self._last_play
        return bool(actor != last_actor and self.clock() - at < self.settle)

    #: The question put to the table before a public reveal is undone ("Undo Ana's
    #: last move? Everyone has seen this: ... It stays known."), shown with Yes
    #: (confirm_undo) and No (cancel_undo); None when nothing waits for an answer.
    pending_undo: str | None = None

    def undo(self) -> bool:
        """Take back the last move; `notice` says whose, `message` why not. A move
        that showed something to everyone is not undone yet: `pending_undo` holds
        the question for the table (listeners hear "confirm"), and confirm_undo()
        does it."""
        self.pending_undo = None
        ok, sentence = self.session.can_undo()
        if not ok:
            question = self.session.undo_needs_confirm()
            if question:
                self.pending_undo = str(question)
                self._notify("confirm")
                return False
            return self._say(sentence or "That cannot be undone.")
        return self._undo(confirm=False)

    def confirm_undo(self) -> bool:
        """The table agreed: undo the move whose reveal stays known (and let the game
        replace any secret it showed with a fresh draw)."""
        if self.pending_undo is None:
            return False
        self.pending_undo = None
        return self._undo(confirm=True)

    def cancel_undo(self) -> None:
        """The table said no: nothing is undone."""
        if self.pending_undo is not None:
            self.pending_undo = None
            self._notify("confirm")

    def _undo(self, confirm: bool) -> bool:
        who = self._last_mover()
        fix = bool(self.session.actions) and self._last_entry_is_fix()
        try:
            if confirm:
                self.session.undo(confirm=True)
            else:
                self.session.undo()
        except CompanionError as e:
            return self._say(str(e))
        self.message, self._last_play = None, None
        if fix:
            self.notice = f"Took back {who}'s fix." if who else "Took back the fix."
        else:
            self.notice = f"Took back {who}'s last move." if who else "Took back the last move."
        self._notify("view")
        return True

    def _last_entry_is_fix(self) -> bool:
        """Whether the last entry made by a player (not a draw) is a correction."""
        for action in reversed(list(self.session.actions)):
            if action.get("actor") != CHANCE:
                return bool(action.get("type") == CORRECTION)
        return False

    def correct(self, key: str, value: int, by_seat: int) -> bool:
        """Fix a public number to what the real table shows ("Fix a number…"), made by
        `by_seat`; journaled as a correction and shown in the log. `message` says why
        not (nothing changed); `notice` says what was fixed."""
        try:
            self.session.correct(key, value, by_seat)
        except CompanionError as e:
            return self._say(str(e))
        entry: Mapping[str, Any] = next(
            (a for a in reversed(list(self.session.actions)) if a.get("type") == CORRECTION), {})
        self.message, self._last_play = None, None
        self.notice = correction_sentence(entry, self.players)
        self._notify("view")
        return True

    def can_redo(self) -> bool:
        """True right after an undo, until someone moves again."""
        return self.session.can_redo()[0]

    def redo(self) -> bool:
        """Put back the move just taken back (its draws come back the same)."""
        ok, sentence = self.session.can_redo()
        if not ok:
            return self._say(sentence or "Nothing to redo.")
        try:
            self.session.redo()
        except CompanionError as e:
            return self._say(str(e))
        who = self._last_mover()
        self.message = None
        self.notice = f"Put back {who}'s move." if who else "Put back the move."
        self._notify("view")
        return True

    def _last_mover(self) -> str | None:
        """The name of whoever made the last player move (chance draws follow it)."""
        for action in reversed(list(self.session.actions)):
            actor = action.get("actor")
            if isinstance(actor, int) and not isinstance(actor, bool):
                return self.name(actor)
        return None

    def _say(self, sentence: str) -> bool:
        self.message = sentence
        self._notify("message")
        return False

    # --- the privacy gate ---------------------------------------------------
    def request_peek(self, seat: int) -> None:
        """A player tapped their name: ask them to confirm the others look away."""
        if self.gate is not None and self.gate.seat != seat:
            self.close_gate()
        self.pending_peek = seat
        self._pending_until = self.clock() + self.timeout
        self._notify("gate")

    def confirm_peek(self) -> None:
        """The others look away: open the pending seat's view."""
        seat, self.pending_peek = self.pending_peek, None
        if seat is not None:
            self.open_gate(seat, BY_TOUCH)

    def cancel_peek(self) -> None:
        if self.pending_peek is not None:
            self.pending_peek = None
            self._notify("gate")

    def open_gate(self, seat: int, how: str) -> bool:
        """Open `seat`'s private view; any other seat's view closes first.

        The peek is journaled first and the view opens only once that succeeded:
        undo must never un-see a secret, so when the journal refuses (a full disk)
        the view stays closed and `message` says why. Returns whether it opened."""
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.players)):
            return False
        if self.gate is not None and self.gate.seat != seat:
            self.close_gate()
        if self.pending_peek is not None and self.pending_peek != seat:
            self.pending_peek = None
        try:
            self.session.mark_seen(seat)
        except (CompanionError, OSError) as e:
            return self._say(f"{self.name(seat)}'s private view stays closed: the companion could not "
                             f"record that it was looked at ({e}).")
        now = self.clock()
        self.gate = Gate(seat, how, now, now + self.timeout)
        self._notify("gate")
        return True

    def close_gate(self) -> None:
        self.selected = None
        self._held.clear()  # tags read behind the gate are secret: a half-made entry goes with the view
        if self.gate is not None:
            self.gate = None
            self._notify("gate")

    def tick(self, now: float | None = None) -> None:
        """Close the gate (or drop an unconfirmed request) when its time is up; the app
        calls this a few times a second."""
        now = self.clock() if now is None else now
        if self.gate is not None and now >= self.gate.closes_at:
            self.close_gate()
        if self.pending_peek is not None and now >= self._pending_until:
            self.cancel_peek()  # nobody confirmed: the table gets its screen back

    # --- device events ----------------------------------------------------
    def handle(self, event: DeviceEvent) -> None:
        """One device event, told apart by its topic; an unknown topic changes nothing."""
        topic = event.topic
        if topic == "tag":
            self.tag_read(cast(TagRead, event).uid)
        elif topic == "tag_removed":
            # "Tapping" a fob is the gesture players are told; the view stays up
            # until Hide, the same fob again, another seat, or the timeout.
            return
        elif topic == "button":
            press = cast(ButtonPress, event)
            self.button(press.button, press.kind)
        elif topic == "device":
            state = cast(DeviceState, event)
            self.device_status(state.device, state.status, state.detail)

    def _lookup(self, uid: str) -> Mapping[str, Any] | None:
        if self.tags is None:
            return None
        try:
            return self.tags.lookup(uid)
        except ValueError:  # not a tag id at all (the registry's TagError is a ValueError)
            return None

    def seat_of_tag(self, uid: str) -> int | None:
        if uid in self.fobs:
            return self.fobs[uid]
        entry = self._lookup(uid)  # the registry knows a fob by its player's name
        if entry is not None and entry.get("kind") == FOB and entry.get("player") in self.players:
            return self.players.index(str(entry["player"]))
        return None

    def tag_read(self, uid: str) -> None:
        """A tag was presented: a fob opens (or closes) its seat's view, a command tag
        runs its command, a game's own tag does what the game says it means now."""
        seat = self.seat_of_tag(uid)
        if seat is not None:
            if self.gate is not None and self.gate.seat == seat and self.gate.how == BY_FOB:
                self.close_gate()  # a second tap of the same fob hides again: a fob works like a switch
                return
            self.open_gate(seat, BY_FOB)
            return
        entry = self._lookup(uid)
        kind = entry.get("kind") if entry is not None else None
        if entry is not None and kind == COMMAND:
            self._command(str(entry.get("name") or ""))
        elif entry is not None and kind in self._game_kinds():
            self._game_tag(dict(entry))
        else:
            self._say(self._not_a_fob_here(entry))

    def _game_kinds(self) -> set[str]:
        return {k.kind for k in self.session.game.tag_kinds()}

    def _not_a_fob_here(self, entry: Mapping[str, Any] | None) -> str:
        """Why a tag opened nothing, without ever naming what it is worth
        (the sentence is on the public screen)."""
        player = entry.get("player") if entry is not None else None
        if entry is not None and entry.get("kind") == FOB and player:
            return f"That is {player}'s fob, and {player} is not playing at this table."
        if entry is not None:
            return "That tag is not a player's fob: tap your own fob to see your secrets."
        return "That tag is not bound to any player at this table."

    def _command(self, name: str) -> None:
        if name.lower() == "undo":
            self.undo()
        elif name.lower() == "redo":
            self.redo()
        else:
            self._say(f"The {name} command tag does nothing at this table yet.")

    def _secret_seat(self) -> int | None:
        """The seat whose private view is open now (a game tag acts for it)."""
        self.tick()
        return self.gate.seat if self.gate is not None else None

    def _game_tag(self, meaning: dict[str, Any]) -> None:
        """Everyone sees a tag being read: the game's sentence goes on the public screen
        and never names a hidden value; what it selects shows only in the open view."""
        seat = self._secret_seat()
        kind = meaning["kind"]
        held = [m for m in self._held.get(seat, []) if m.get("kind") == kind] if seat is not None else []
        physical = self.session.randomness == "physical"
        try:
            use: TagUse = self.session.game.use_tag(self.session.state, seat, meaning, held, physical)
        except CompanionError as e:
            self._say(str(e))
            return
        if use.hold and seat is not None:
            self._held.setdefault(seat, []).append(meaning)
            if use.sentence:
                self._say(use.sentence)
            self._notify("select")
        elif use.action is not None:
            opened = seat
            if self.play(use.action) and opened is not None and self.gate is not None:
                self._notify("select")  # the open private view shows what was entered
        elif use.select is not None and seat is not None:
            self.selected = (seat, use.select)
            self._notify("select")
        else:
            self._say(use.sentence or "That tag does nothing now.")

    # --- seat buttons and device status ----------------------------------------
    def seat_of_button(self, name: str) -> int | None:
        if name in self.seat_buttons:
            return self.seat_buttons[name]
        m = re.fullmatch(r"(?:seat|player|p)[_-]?(\d+)", str(name).lower())
        if m and 1 <= int(m.group(1)) <= len(self.players):
            return int(m.group(1)) - 1
        return None

    def button(self, name: str, kind: str) -> None:
        """A seat button: hold opens that seat's view until release; a press from
        another seat closes a view that is not theirs."""
        seat = self.seat_of_button(name)
        if seat is None:
            return
        if kind == "hold":
            self.open_gate(seat, BY_BUTTON)
        elif kind == "release":
            if self.gate is not None and self.gate.seat == seat and self.gate.how == BY_BUTTON:
                self.close_gate()
        elif kind == "press" and self.gate is not None and self.gate.seat != seat:
            self.close_gate()

    def device_status(self, device: str, status: str, detail: str = "") -> None:
        if str(status) in _WORKING:
            if self.device_problems.pop(device, None) is not None:
                self._notify("device")
            return
        self.device_problems[device] = f"{device}: {status}{' — ' + detail if detail else ''}"
        self._notify("device")
