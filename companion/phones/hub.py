"""The main-thread side of phones: tokens, messages from the table's frames, peeks,
choices.

The hub reads only what the table controller publishes (issue 21): it hears the
controller once per change (`TableController.subscribe`, see `changed`) and a
seat's message is `message_for(game, table.seat_frame(seat), table.frame())`
(companion/phones/messages.py): that seat's own view and its own choices, and
the public frame's waiting sentence, never the state or another seat's view.
Before a message shows a secret (`you`) the page had not shown, the peek is
journaled (session.mark_seen), exactly as the privacy gate does. What a phone
sends back is a choice of that seat's: `table.choose(key, picks, seat=seat,
confirmed=...)`.
"""
from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.rules.choices import find
from companion.rules.engine import TABLE
from companion.table.frame import GateFrame, Outcome, TableFrame

from ..errors import CompanionError
from ..games import get_game
from .messages import message_for, private_lines

REPLACED = "This phone's link was replaced at the table: scan your seat's code again."
NOT_YOURS = "That cannot be done from this phone now."
ON_THE_TABLE = "Enter that on the table's screen: a phone enters only your secret moves."
NOT_A_CHOICE = "That is not one of your choices."

#: Kinds of controller change that alter no phone's message (the gate, the table's
#: own message line, a device, a tag read behind the gate, an undo question).
_NOT_FOR_PHONES = frozenset({"gate", "message", "device", "select", "confirm", "seen"})


class TableLike(Protocol):
    """What the hub needs of the table controller (companion/table/controller.py)."""

    session: Any  # only to journal a phone's look (mark_seen), as the gate does

    def frame(self) -> TableFrame: ...
    def seat_frame(self, seat: int) -> GateFrame: ...
    def choose(self, key: str, picks: Mapping[str, Any] | None = None, seat: int | None = None,
               confirmed: bool = False) -> Outcome: ...


class Sender(Protocol):
    """What the hub needs from the server (thread-safe calls)."""

    def send(self, seat: int, message: dict[str, Any]) -> None: ...
    def drop(self, seat: int, reason: str) -> None: ...
    def retire(self, token: str, sentence: str) -> None: ...


@dataclass
class _Seat:
    token: str
    connections: int = 0
    shown_you: Any = None  # the `you` last shown on this seat's page
    last: dict[str, Any] | None = None


class PhoneHub:
    """Tokens per seat, the message each connected seat should see, and phone choices.

    table: the table controller (TableLike); the caller subscribes `changed` to it
    once (kivy_ui/phones.py follows the table; tests do it in make_hub). post(fn):
    runs fn on the main thread (the app uses Kivy's Clock; tests call fn at once or
    queue it). Made on the main thread.
    """

    def __init__(self, table: TableLike, post: Callable[[Callable[[], None]], None]):
        self.table = table
        self._post = post
        self._lock = threading.Lock()  # tokens (and `_over`) are read by the server thread
        first = table.frame()
        self._game = get_game(first.game)
        self._over = first.over
        self._seats = {s: _Seat(secrets.token_urlsafe(16)) for s in range(len(first.players))}
        self._sender: Sender | None = None
        self._refreshing = self._again = False
        self.refreshes = 0  # how many times the messages were made (one per change; tests count it)
        self.ended = ""  # why this hub's links no longer open a seat (see end()); "" while they do
        self.listeners: list[Callable[[], None]] = []  # the table screen's "who is connected" display

    # --- tokens (any thread) -------------------------------------------------------
    def token(self, seat: int) -> str:
        with self._lock:
            return self._seats[seat].token

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens, compared in constant time; None for a bad, revoked
        or finished game's token."""
        if not isinstance(token, str) or self.ended or self._over:
            return None
        found = None
        with self._lock:
            for seat, s in self._seats.items():
                if hmac.compare_digest(s.token.encode(), token.encode("utf-8", "replace")):
                    found = seat
        return found

    def gone(self, token: str) -> str:
        """Why one of this hub's links opens no seat now, in a sentence; "" for a
        token that is not this hub's, or that still opens its seat."""
        if not isinstance(token, str):
            return ""
        with self._lock:
            ours = any(hmac.compare_digest(s.token.encode(), token.encode("utf-8", "replace"))
                       for s in self._seats.values())
        if not ours:
            return ""
        if self.ended:
            return self.ended
        return "This game is over." if self._over else ""

    def revoke(self, seat: int) -> str:
        """A lost or borrowed phone: its link stops working at once; a new one is made."""
        with self._lock:
            old = self._seats[seat].token
            self._seats[seat].token = secrets.token_urlsafe(16)
            self._seats[seat].shown_you = None
            self._seats[seat].last = None
        if self._sender is not None:
            self._sender.retire(old, REPLACED)
            self._sender.drop(seat, REPLACED)
        return self.token(seat)

    def connected(self) -> list[int]:
        with self._lock:
            return [seat for seat, s in self._seats.items() if s.connections > 0]

    def end(self, sentence: str) -> None:
        """Its game left the table (abandoned, or another game took its place): every
        link stops opening a seat at once, open pages are closed with the sentence,
        and a later visit to an old link reads it (the server remembers retired links)."""
        with self._lock:
            if self.ended:
                return
            self.ended = sentence
            tokens = [(seat, s.token) for seat, s in self._seats.items()]
            for s in self._seats.values():
                s.connections, s.last, s.shown_you = 0, None, None
        if self._sender is not None:
            for seat, token in tokens:
                self._sender.retire(token, sentence)
                self._sender.drop(seat, sentence)
        for fn in list(self.listeners):
            fn()

    # --- main thread -----------------------------------------------------------------
    def attach(self, sender: Sender) -> None:
        self._sender = sender

    def message(self, seat: int, table: TableFrame | None = None) -> dict[str, Any]:
        """What seat's page should show now (table: the public frame, if already made)."""
        return message_for(self._game, self.table.seat_frame(seat), table or self.table.frame())

    def changed(self, *heard: Any) -> None:
        """The listener for TableController.subscribe: one refresh per change that can
        alter a phone's message (a move, an undo, a fix), none for the gate opening or
        a message line on the table. heard: (controller, what), or a published frame."""
        frame = next((h for h in heard if isinstance(h, TableFrame)), None)
        what = next((h for h in heard if isinstance(h, str)), None)
        if (frame.kind if frame is not None else what) in _NOT_FOR_PHONES:
            return
        self.refresh(frame)

    def refresh(self, frame: TableFrame | None = None) -> None:
        """After a change: send each connected seat its message if it changed,
        journaling the peek first when the page would show a new secret."""
        if self.ended:
            return  # the game left the table: nothing of it reaches a phone any more
        if self._refreshing:  # a change heard while making the messages (a gate timing out)
            self._again = True
            return
        self._refreshing = True
        try:
            while True:
                self._again = False
                self.refreshes += 1
                table = frame if frame is not None else self.table.frame()
                frame = None
                with self._lock:
                    self._over = table.over
                for seat in self.connected():
                    self._refresh(seat, table)
                if not self._again:
                    break
        finally:
            self._refreshing = False
        for fn in list(self.listeners):
            fn()

    def _refresh(self, seat: int, table: TableFrame) -> None:
        own = self.table.seat_frame(seat)
        msg = message_for(self._game, own, table)
        s = self._seats[seat]
        if msg == s.last:
            return
        you = own.view.get("you") if msg["type"] == "view" else None
        if you and you != s.shown_you:
            try:
                self.table.session.mark_seen(seat)  # before anything is shown, as the gate does
            except (CompanionError, OSError) as e:
                msg = {"type": "error", "sentence": f"Your view cannot be shown: {e}"}
                you = s.shown_you
        s.shown_you, s.last = you, msg
        if self._sender is not None:
            self._sender.send(seat, msg)

    # --- from the server thread: moved to the main thread -------------------------------
    def gateway(self) -> Gateway:
        return Gateway(self)

    def _connected(self, seat: int, delta: int) -> None:
        if self.ended:
            return
        with self._lock:
            s = self._seats[seat]
            s.connections = max(0, s.connections + delta)
            if delta > 0:
                s.last = None  # a new page: send it everything again (catch up)
        self.refresh()

    def _choose(self, seat: int, key: Any, picks: Any, confirmed: Any) -> None:
        """A phone chose: played only when `key` is one of that seat's own choices
        now (never a public choice, never another seat's), through the controller."""
        if self.ended:
            self._say(seat, False, self.ended)
            return
        if not isinstance(key, str) or not (picks is None or isinstance(picks, dict)) \
                or not isinstance(confirmed, bool):
            self._say(seat, False, NOT_A_CHOICE)
            return
        own = self.table.seat_frame(seat)
        found = find([c for c in own.choices if c.seat == seat], key)
        if found is None:
            public = find(self.table.frame().choices, key)
            self._say(seat, False, ON_THE_TABLE if public is not None and _offered_to(public, seat) else NOT_YOURS)
            self.refresh()
            return
        outcome = self.table.choose(key, picks or {}, seat=seat, confirmed=confirmed)
        if outcome.ask:
            self._send(seat, {"type": "ask", "question": outcome.ask, "choice": key, "picks": picks or {}})
            return
        self._say(seat, outcome.ok, outcome.sentence or ("" if outcome.ok else NOT_YOURS))
        self.refresh()

    def _say(self, seat: int, ok: bool, sentence: str) -> None:
        self._send(seat, {"type": "said", "ok": ok, "sentence": sentence})

    def _send(self, seat: int, message: dict[str, Any]) -> None:
        if self._sender is not None:
            self._sender.send(seat, message)


def _offered_to(choice: Any, seat: int) -> bool:
    """Whether a public choice is `seat`'s own move (its action's actor)."""
    actor = (choice.action or {}).get("actor")
    return bool(actor == seat)


class Gateway:
    """What the server thread may call: token checks, and events posted to the main thread."""

    def __init__(self, hub: PhoneHub):
        self._hub = hub

    def seat_of(self, token: str) -> int | None:
        return self._hub.seat_of(token)

    def gone(self, token: str) -> str:
        return self._hub.gone(token)

    def connected(self, seat: int) -> None:
        self._hub._post(lambda: self._hub._connected(seat, +1))

    def disconnected(self, seat: int) -> None:
        self._hub._post(lambda: self._hub._connected(seat, -1))

    def choose(self, seat: int, key: Any, picks: Any = None, confirmed: Any = False,
               done: Callable[[], None] | None = None) -> None:
        """Play a phone's choice on the main thread; done() is called there once it
        has been answered (the server counts what a seat has waiting)."""
        def run() -> None:
            try:
                self._hub._choose(seat, key, picks, confirmed)
            finally:
                if done is not None:
                    done()
        self._hub._post(run)


__all__ = ["TABLE", "Gateway", "PhoneHub", "message_for", "private_lines"]
