"""The table controller: the UI-free brain between the players and a Session.

It turns touch intents (play this card, undo, let me peek) and device events
(a fob on the reader, a seat button held or released) into session actions,
and it owns the privacy gate: which seat's private view is open, how it was
opened, and when it closes.

Screens observe the controller and render what it exposes:

    public_view()    the TABLE view; always safe to show on the shared screen
    private_view()   (seat, that seat's view) only while the gate is open for it
    gate             the open Gate, or None
    pending_peek     a seat that tapped its name and must confirm the others look away
    message          the last sentence for the players (an illegal move, a refused undo)
    notice           what Undo or Redo just did ("Took back Ben's last move."), until the next move

Device events are duck-typed (this module never imports hardware/): anything
with `uid` is a tag read (a `TagRemoved`, the tag leaving, changes nothing),
anything with `button` and `kind` is a seat button, anything with `device` and
`status` is a device status. Fobs come from the session's meta ("fobs", one uid
or None per seat) and from the tag registry ({"kind": "fob", "player": name}).

Example, with a Session `s` of two players and fob "04A1" bound to seat 1:

    table = TableController(s, fobs={"04A1": 1})
    table.handle(TagEvent(uid="04A1", reader="main"))   # seat 1 sees its secret
    table.private_view()[0] == 1
    table.handle(ButtonEvent(button="seat1", kind="hold"))  # seat 0 asks: seat 1's view closes first
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from .engine import CHANCE, TABLE
from .errors import CompanionError

#: How a gate was opened; each kind closes in its own way as well as on timeout.
BY_FOB = "fob"  # closes on a second tap of the same fob, Hide, or timeout
BY_BUTTON = "button"  # closes on release of the seat button
BY_TOUCH = "touch"  # closes when the player taps Hide

DEFAULT_TIMEOUT = 12.0  # seconds: long enough to read a token, short enough to be forgotten safely


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


class TableController:
    """Turns intents and device events into session actions; owns the privacy gate.

    session: anything with the Session interface of docs/architecture.md
    (players, actors(), act(), view(), can_undo(), undo(), mark_seen(), result()).
    fobs: tag uid -> seat. seat_buttons: button name -> seat.
    clock: a monotonic time source (tests pass a fake one).
    """

    def __init__(
        self,
        session: Any,
        fobs: Mapping[str, int] | None = None,
        seat_buttons: Mapping[str, int] | None = None,
        timeout: float = DEFAULT_TIMEOUT,
        clock: Callable[[], float] = time.monotonic,
        tags: Any = None,
        settle: float = 0.0,
    ):
        self.session = session
        self.players = list(session.players)
        meta_fobs = (getattr(session, "meta", None) or {}).get("fobs") or []
        self.fobs = {uid: seat for seat, uid in enumerate(meta_fobs) if uid}
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
        # A worker-card tag read behind the gate: (seat, card value), shown only in that
        # seat's private view; cleared when the gate closes or a move is made.
        self.selected: tuple[int, int] | None = None
        self._stones: dict[int, list[str]] = {}  # stone tags read so far, per drawing seat
        self._listeners: list[Callable[[TableController, str], None]] = []

    # --- observing --------------------------------------------------------
    def subscribe(self, fn: Callable[["TableController", str], None]) -> None:
        """fn(controller, what) with what in "view", "gate", "message", "device"."""
        self._listeners.append(fn)

    def _notify(self, what: str) -> None:
        for fn in list(self._listeners):
            fn(self, what)

    # --- what screens render ---------------------------------------------
    def public_view(self) -> dict:
        return self.session.view(TABLE)

    def private_view(self) -> tuple[int, dict] | None:
        """The open seat's own view, or None when the gate is closed (or timed out)."""
        self.tick()
        if self.gate is None:
            return None
        return self.gate.seat, self.session.view(self.gate.seat)

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.players):
            return self.players[seat]
        return str(seat)

    def turn(self) -> int | None:
        """The one seat whose turn it is, or None (chance to act, several seats, or over)."""
        seats = [a for a in self.session.actors() if a != CHANCE]
        return seats[0] if len(seats) == 1 else None

    def acting(self) -> list[int]:
        """Every seat the game waits for, in seat order: one on a turn, several during
        a sealed bid (Maya) or while escaped players enter their stelae (Mayan Curse).
        Who must act is public at every table; CHANCE is nobody's button."""
        return sorted(a for a in self.session.actors() if isinstance(a, int) and not isinstance(a, bool))

    # --- game intents -----------------------------------------------------
    def play(self, action: Mapping) -> bool:
        """Send an action for the seat whose turn it is (unless it names its actor).

        Returns True when the session took it; otherwise `message` holds the
        engine's sentence and nothing changed.
        """
        action = dict(action)
        if "actor" not in action:
            seat = self.turn()
            if seat is None:
                return self._say("Nobody can act right now.")
            action["actor"] = seat
        if self._bounced(action["actor"]):
            return False  # the second touch of a double tap: silently nothing
        if self.gate is not None and self.gate.seat != action["actor"]:
            # Someone else's secret must not stay on screen while the game moves on.
            self.close_gate()
        try:
            self.session.act(action)
        except CompanionError as e:
            return self._say(str(e))
        self._last_play = (self.clock(), action["actor"])
        self.message = self.notice = None
        self.selected = None
        self._stones.clear()
        self._notify("view")
        return True

    def _bounced(self, actor: Any) -> bool:
        """A move for another seat right after one was entered: a double tap, not a
        player (nobody takes their turn within a third of a second of the last)."""
        if not self.settle or self._last_play is None:
            return False
        at, last_actor = self._last_play
        return actor != last_actor and self.clock() - at < self.settle

    def undo(self) -> bool:
        """Take back the last move; `notice` says whose, `message` why not."""
        ok, sentence = self.session.can_undo()
        if not ok:
            return self._say(sentence or "That cannot be undone.")
        who = self._last_mover()
        try:
            self.session.undo()
        except CompanionError as e:
            return self._say(str(e))
        self.message, self._last_play = None, None
        self.notice = f"Took back {who}'s last move." if who else "Took back the last move."
        self._notify("view")
        return True

    def can_redo(self) -> bool:
        """True right after an undo, until someone moves again."""
        check = getattr(self.session, "can_redo", None)
        return bool(check is not None and check()[0])

    def redo(self) -> bool:
        """Put back the move just taken back (its draws come back the same)."""
        check = getattr(self.session, "can_redo", None)
        ok, sentence = check() if check is not None else (False, "Nothing to redo.")
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
        for action in reversed(list(getattr(self.session, "actions", None) or [])):
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

    def open_gate(self, seat: int, how: str) -> None:
        """Open `seat`'s private view; any other seat's view closes first."""
        if not (isinstance(seat, int) and 0 <= seat < len(self.players)):
            return
        if self.gate is not None and self.gate.seat != seat:
            self.close_gate()
        if self.pending_peek is not None and self.pending_peek != seat:
            self.pending_peek = None
        now = self.clock()
        self.gate = Gate(seat, how, now, now + self.timeout)
        # Journaled before anything is shown: undo must never un-see a secret.
        self.session.mark_seen(seat)
        self._notify("gate")

    def close_gate(self) -> None:
        self.selected = None
        self._stones.clear()  # stones read are secret: a half-entered draw is forgotten with the view
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
    def handle(self, event: Any) -> None:
        """One device event (duck-typed hardware event)."""
        if hasattr(event, "uid"):
            self._tag(event)
        elif hasattr(event, "button") and hasattr(event, "kind"):
            self._button(event.button, event.kind)
        elif hasattr(event, "device") and hasattr(event, "status"):
            self._device(event)

    def seat_of_tag(self, uid: str) -> int | None:
        if uid in self.fobs:
            return self.fobs[uid]
        if self.tags is not None:
            # The registry may know the fob by its player's name.
            entry = _lookup(self.tags, uid)
            if entry is not None:
                kind = _field(entry, "kind")
                name = _field(entry, "name") or _field(entry, "player")
                if kind in (None, "fob", "player") and name in self.players:
                    return self.players.index(name)
        return None

    def _tag(self, event: Any) -> None:
        uid = event.uid
        if type(event).__name__ == "TagRemoved" or getattr(event, "kind", None) in ("remove", "removed"):
            # "Tapping" a fob is the gesture players are told; the view stays up
            # until Hide, the same fob again, another seat, or the timeout, so a
            # quick tap still gives time to read.
            return
        seat = self.seat_of_tag(uid)
        if seat is None:
            entry = _lookup(self.tags, uid) if self.tags is not None else None
            kind = _field(entry, "kind")
            game = self.public_view().get("game")
            if kind in TAG_ACTIONS and TAG_GAMES.get(kind, game) == game:
                getattr(self, TAG_ACTIONS[kind])(entry)
            else:
                self._say(self._not_a_fob_here(uid))
            return
        if self.gate is not None and self.gate.seat == seat and self.gate.how == BY_FOB:
            # A second tap of the same fob hides again: a fob works like a switch.
            self.close_gate()
            return
        self.open_gate(seat, BY_FOB)

    def _not_a_fob_here(self, uid: str) -> str:
        """Why a tag opened nothing, without ever naming what a card or stela is worth
        (the sentence is on the public screen)."""
        entry = _lookup(self.tags, uid) if self.tags is not None else None
        player = _field(entry, "player") if entry is not None else None
        if _field(entry, "kind") == "fob" and player:
            return f"That is {player}'s fob, and {player} is not playing at this table."
        if entry is not None:
            return "That tag is not a player's fob: tap your own fob to see your secrets."
        return "That tag is not bound to any player at this table."

    # --- tags that are not fobs ---------------------------------------------
    # Everyone at the table sees a tag being read, and the sentences below are on the
    # public screen: they name the seat and the kind of tag, never a value or a symbol.
    def _secret_seat(self) -> int | None:
        """The seat whose private view is open now (a card, stone or stela tag acts for it)."""
        self.tick()
        return self.gate.seat if self.gate is not None else None

    def _tag_command(self, entry: Any) -> None:
        name = str(_field(entry, "name") or "").lower()
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        else:
            self._say(f"The {name} command tag does nothing at this table yet.")

    def _tag_worker(self, entry: Any) -> None:
        """Maya: a worker card read while its owner's private view is open during
        quarrying selects it there (its quarry is still chosen by touch)."""
        seat = self._secret_seat()
        if self.public_view().get("phase") != "quarrying":
            self._say("A worker card tag does something only while workers are laid at the quarries.")
            return
        if seat is None:
            self._say("Open your private view first (tap your fob), then tap the worker card.")
            return
        view = self.session.view(seat)
        me = view.get("you") or view["players"][seat]
        colour = str(me.get("colour") or view["players"][seat].get("colour") or "").lower()
        if str(_field(entry, "colour")).lower() != colour:
            self._say(f"That worker card is not {self.name(seat)}'s.")
            return
        value = _field(entry, "value")
        legal = self.session.legal_actions(seat)
        if not any(a.get("type") == "place_worker" and a.get("card") == value for a in legal):
            self._say(f"{self.name(seat)} cannot lay that card now.")
            return
        self.selected = (seat, value)
        self._notify("select")

    def _curse_draw(self, kind: str, seat: int | None) -> list[dict]:
        """The chance outcomes the open seat may enter itself (physical randomness)."""
        if seat is None or getattr(self.session, "randomness", "digital") != "physical":
            return []
        if not self.session.waiting_for_chance():
            return []
        return [a for a in self.session.legal_actions(CHANCE) if a.get("type") == kind and a.get("seat") == seat]

    def _tag_stone(self, entry: Any) -> None:
        """Mayan Curse, physical randomness: the seat whose view is open records the
        stones it drew from the purse, one tag at a time; the third enters the draw."""
        seat = self._secret_seat()
        draws = self._curse_draw("draw_stones", seat)
        if not draws:
            self._say("A sacred stone tag records a draw only while the drawing player's private view is open.")
            return
        symbols = list(_field(entry, "symbols") or [])
        kinds = {k for a in draws for k in a["stones"]}
        kind = next(("/".join(p) for p in (symbols, symbols[::-1]) if "/".join(p) in kinds), None)
        picked = self._stones.setdefault(seat, [])
        if kind is None or not any(_contains(a["stones"], picked + [kind]) for a in draws):
            self._say(f"The purse cannot have given {self.name(seat)} that stone; tap the stones you drew.")
            return
        picked.append(kind)
        if len(picked) < 3:
            self._say(f"{self.name(seat)}: {len(picked)} of 3 stones recorded.")
            self._notify("select")
            return
        hand = next(a for a in draws if sorted(a["stones"]) == sorted(picked))
        self.play(hand)

    def stones_read(self, seat: int) -> list[str]:
        """Stone kinds read by tag so far for seat's draw (for that seat's private view only)."""
        return list(self._stones.get(seat, []))

    def _tag_stela(self, entry: Any) -> None:
        """Mayan Curse, physical stelae: the stela's value, from its tag, entered for the
        seat whose view is open (a new stela's draw, or an escaped player's stelae)."""
        seat = self._secret_seat()
        colour, value = _field(entry, "colour"), _field(entry, "value")
        if value is None:
            self._say("This stela tag has no value learned; enter the value by touch.")
            return
        drawn = [a for a in self._curse_draw("stela_value", seat) if a["colour"] == colour and a["value"] == value]
        if drawn:
            self.play(drawn[0])
            return
        if seat is not None:
            view = self.session.view(seat)
            stelae = (view.get("you") or {}).get("stelae") or []
            for a in self.session.legal_actions(seat):
                if (a.get("type") == "enter_stela_value" and a.get("value") == value
                        and stelae[a["stela"]].get("colour") == colour):
                    if self.play(dict(a, actor=seat)):
                        self._notify("select")  # the open private view shows the value entered
                    return
        self._say("A stela tag enters a value only while its player's private view is open and a stela "
                  "value is to be entered.")

    def seat_of_button(self, name: str) -> int | None:
        if name in self.seat_buttons:
            return self.seat_buttons[name]
        m = re.fullmatch(r"(?:seat|player|p)[_-]?(\d+)", str(name).lower())
        if m and 1 <= int(m.group(1)) <= len(self.players):
            return int(m.group(1)) - 1
        return None

    def _button(self, name: str, kind: str) -> None:
        seat = self.seat_of_button(name)
        if seat is None:
            return
        if kind == "hold":
            self.open_gate(seat, BY_BUTTON)
        elif kind == "release":
            if self.gate is not None and self.gate.seat == seat and self.gate.how == BY_BUTTON:
                self.close_gate()
        elif kind == "press":
            # Another seat asking for attention closes a view that is not theirs.
            if self.gate is not None and self.gate.seat != seat:
                self.close_gate()

    def _device(self, event: Any) -> None:
        status = str(event.status)
        if status in ("ok", "connected", "ready", "simulated", "up"):
            if self.device_problems.pop(event.device, None) is not None:
                self._notify("device")
            return
        detail = getattr(event, "detail", "") or ""
        self.device_problems[event.device] = f"{event.device}: {status}{' — ' + detail if detail else ''}"
        self._notify("device")


#: tag kind -> the controller method that handles it (fobs open views; see _tag)
TAG_ACTIONS = {"command": "_tag_command", "worker": "_tag_worker", "stone": "_tag_stone", "stela": "_tag_stela"}

#: kinds that mean something in one game only; elsewhere they are "not a fob" like any tag
TAG_GAMES = {"worker": "maya", "stone": "mayan-curse", "stela": "mayan-curse"}


def _contains(hand: list, picked: list) -> bool:
    """Every stone picked so far is in this hand (counting repeats)."""
    left = list(hand)
    for k in picked:
        if k not in left:
            return False
        left.remove(k)
    return True


def _lookup(tags: Any, uid: str) -> Any:
    for attr in ("lookup", "get", "find"):
        fn = getattr(tags, attr, None)
        if callable(fn):
            try:
                return fn(uid)
            except (KeyError, LookupError, ValueError):  # ValueError: not a tag id at all
                return None
    return None


def _field(entry: Any, name: str) -> Any:
    if isinstance(entry, Mapping):
        return entry.get(name)
    return getattr(entry, name, None)
