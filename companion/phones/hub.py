"""The main-thread side of phones: tokens, messages from views, peeks, actions.

Privacy: a seat's message is built by `message_for(game, view, actions)` from that
seat's view and its own legal actions only — never the state, never another seat's
view. Before a message shows a secret (`you`) the page had not shown, the peek is
journaled with session.mark_seen, exactly as the privacy gate does.
"""
from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine import TABLE, Game
from ..errors import CompanionError

REPLACED = "This phone's link was replaced at the table: scan your seat's code again."


class SessionLike(Protocol):
    game: Game
    players: list[str]

    def view(self, viewer: Any = ...) -> dict[str, Any]: ...
    def legal_actions(self, actor: Any) -> list[dict[str, Any]]: ...
    def mark_seen(self, seat: int) -> None: ...
    def is_over(self) -> bool: ...


class Sender(Protocol):
    """What the hub needs from the server (thread-safe calls)."""

    def send(self, seat: int, message: dict[str, Any]) -> None: ...
    def drop(self, seat: int, reason: str) -> None: ...
    def retire(self, token: str, sentence: str) -> None: ...


def private_lines(game: Game, view: Mapping[str, Any]) -> list[str]:
    """Sentences for a seat's own secrets, in the game's own words (Game.private_lines)."""
    return [str(line) for line in game.private_lines(view)]


def private_actions(game: Game, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's legal moves a phone may enter: those the game marks as using what
    only that seat knows (`private_action_types`); public moves stay on the touchscreen."""
    kinds = game.private_action_types
    return list(actions) if kinds is None else [a for a in actions if a.get("type") in kinds]


def message_for(game: Game, seat: int, view: Mapping[str, Any], actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The whole message a seat's page receives: a function of that seat's view and
    its own legal actions only (the privacy property test checks this)."""
    waiting = view.get("waiting_for")
    waiting = waiting if isinstance(waiting, dict) else {}
    players = view.get("players") or []
    name = players[seat]["name"] if isinstance(seat, int) and 0 <= seat < len(players) else ""
    return {
        "type": "view",
        "game": view.get("game"),
        "title": game.title,
        "seat": seat,
        "name": name,
        "waiting": waiting.get("sentence", ""),
        "my_turn": seat in (waiting.get("actors") or []),
        "events": [e.get("sentence", "") for e in view.get("events") or []],
        "secrets": private_lines(game, view),
        "actions": [{"label": game.describe_action(view, a), "type": a.get("type"), "action": a} for a in actions],
        "over": view.get("result") is not None,
    }


@dataclass
class _Seat:
    token: str
    connections: int = 0
    shown_you: Any = None  # the `you` last shown on this seat's page
    last: dict[str, Any] | None = None


class PhoneHub:
    """Tokens per seat, the message each connected seat should see, and phone actions.

    play(seat, action) -> (ok, sentence): enters a seat's action (the app passes the
    table controller's play). post(fn): runs fn on the main thread (the app uses
    Kivy's Clock; tests call fn at once or queue it).
    """

    def __init__(self, session: SessionLike, play: Callable[[int, dict[str, Any]], tuple[bool, str]],
                 post: Callable[[Callable[[], None]], None]):
        self.session = session
        self._play = play
        self._post = post
        self._lock = threading.Lock()  # tokens are read by the server thread
        self._seats = {s: _Seat(secrets.token_urlsafe(16)) for s in range(len(session.players))}
        self._sender: Sender | None = None
        self.ended = ""  # why this hub's links no longer open a seat (see end()); "" while they do
        self.listeners: list[Callable[[], None]] = []  # the table screen's "who is connected" display

    # --- tokens (any thread) -------------------------------------------------------
    def token(self, seat: int) -> str:
        with self._lock:
            return self._seats[seat].token

    def seat_of(self, token: str) -> int | None:
        """The seat a token opens, compared in constant time; None for a bad, revoked
        or finished game's token."""
        if not isinstance(token, str) or self.ended or self.session.is_over():
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
        return "This game is over." if self.session.is_over() else ""

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

    def message(self, seat: int) -> dict[str, Any]:
        game = self.session.game
        view = self.session.view(seat)
        if self.session.is_over():
            result = view.get("result") or {}
            sentence = (result.get("detail") or {}).get("sentence") or "The game is over."
            return {"type": "over", "sentence": sentence}
        return message_for(game, seat, view, private_actions(game, self.session.legal_actions(seat)))

    def refresh(self) -> None:
        """After any change: send each connected seat its message if it changed,
        journaling the peek first when the page would show a new secret."""
        if self.ended:
            return  # the game left the table: nothing of it reaches a phone any more
        for seat in self.connected():
            self._refresh(seat)
        for fn in list(self.listeners):
            fn()

    def _refresh(self, seat: int) -> None:
        msg = self.message(seat)
        s = self._seats[seat]
        if msg == s.last:
            return
        you = self.session.view(seat).get("you") if msg["type"] == "view" else None
        if you and you != s.shown_you:
            try:
                self.session.mark_seen(seat)  # before anything is shown, as the gate does
            except CompanionError as e:
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

    def _action(self, seat: int, action: Any) -> None:
        if self.ended:
            self._say(seat, False, self.ended)
            return
        if not isinstance(action, dict):
            self._say(seat, False, "That is not an action.")
            return
        legal = self.session.legal_actions(seat)
        allowed = private_actions(self.session.game, legal)
        action = dict(action, actor=seat)
        if action not in allowed:
            self._say(seat, False, "Enter that on the table's screen: a phone enters only your secret moves."
                      if action in legal else "That cannot be done now.")
            self.refresh()
            return
        ok, sentence = self._play(seat, action)
        self._say(seat, ok, sentence)
        self.refresh()

    def _say(self, seat: int, ok: bool, sentence: str) -> None:
        if self._sender is not None:
            self._sender.send(seat, {"type": "said", "ok": ok, "sentence": sentence})


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

    def action(self, seat: int, action: Any, done: Callable[[], None] | None = None) -> None:
        """Enter a phone's action on the main thread; done() is called there once it
        has been answered (the server counts what a seat has waiting)."""
        def run() -> None:
            try:
                self._hub._action(seat, action)
            finally:
                if done is not None:
                    done()
        self._hub._post(run)


__all__ = ["TABLE", "Gateway", "PhoneHub", "message_for", "private_lines"]
