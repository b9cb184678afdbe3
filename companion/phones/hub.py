"""Phones' side of the table: tokens, messages from the table's frames, peeks,
choices.

The hub hears the table controller once per change (`TableController.subscribe`,
see `changed`). In the change itself it only keeps it: the frame just published
(frozen), the game state it was built from (immutable) and the seats that
choose now. Once the table's frame showing it is on screen (`after_frame`), on
the main thread, it takes each connected seat's own view and journals the look
(session.mark_seen, exactly as the privacy gate does) for a page that would show
a secret (`you`) it had not shown; once all of that is on disk
(`Journal.when_synced`) the messages are built on the phone server's loop
(`Sender.on_loop`), never on Kivy's main thread: each connected seat's message,
once per change, is `message_for(game, own, frame)` (companion/phones/messages.py)
with `own` that seat's own frame as `table.seat_frame(seat)` gives it (its own
view and its own choices), never the state or another seat's view. What a phone
sends back is a choice of that seat's: `table.choose(key, picks, seat=seat,
confirmed=...)`, on the main thread.

Each phone reads its own language (issue 24; companion/phones/languages.py decides
which): a seat's message is built once per change in that seat's language, under
`with language(lang):` where messages are built (the server's loop), from the
change's immutable state; the view taken on the main thread (in the table's
language, for the look journaled) is used as it is when the phone reads the
table's language, and made again there otherwise. What the hub says to a phone
(a refusal, a question) is in that phone's language too.

A seat's message carries its own turn clock (companion/phones/clock.py), copied
on the main thread after each change and when the clock pauses or resumes
(`clock_changed`: the seats' newest messages go again with it, on the server's loop).
"""
from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.i18n import current, language
from companion.rules.choices import complete, find
from companion.rules.engine import TABLE, Game
from companion.table.frame import GateFrame, Outcome, TableFrame

from ..errors import CompanionError
from ..games import get_game
from .clock import SeatClocks
from .i18n import N_, _
from .languages import PlayerLanguages, RosterLanguages, decide, shipped
from .messages import message_for, private_lines

# What the hub says to a phone: English here, translated in that phone's language where said.
REPLACED = N_("This phone's link was replaced at the table: scan your seat's code again.")
NOT_YOURS = N_("That cannot be done from this phone now.")
ON_THE_TABLE = N_("Enter that on the table's screen: a phone enters only your secret moves.")
NOT_A_CHOICE = N_("That is not one of your choices.")
OVER = N_("This game is over.")

#: Kinds of controller change that alter no phone's message (the gate, the table's
#: own message line, a device, a tag read behind the gate, an undo question).
_NOT_FOR_PHONES = frozenset({"gate", "message", "device", "select", "confirm", "seen"})


class TableLike(Protocol):
    """What the hub needs of the table controller (companion/table/controller.py)."""

    session: Any  # its state (immutable), and to journal a phone's look (mark_seen) as the gate does

    def frame(self) -> TableFrame: ...
    def seat_frame(self, seat: int) -> GateFrame: ...
    def choosers(self) -> list[int]: ...
    def choose(self, key: str, picks: Mapping[str, Any] | None = None, seat: int | None = None,
               confirmed: bool = False) -> Outcome: ...


class Sender(Protocol):
    """What the hub needs from the server (thread-safe calls). A sender may also
    have `on_loop(fn)`: run fn on its own loop, in the order asked (the hub then
    builds messages there); without it the hub builds them at once."""

    def send(self, seat: int, message: dict[str, Any]) -> None: ...
    def drop(self, seat: int, reason: str) -> None: ...
    def retire(self, token: str, sentence: str) -> None: ...


@dataclass
class _Seat:
    token: str
    connections: int = 0
    shown_you: Any = None  # main thread: the newest `you` whose look was journaled for this page
    last: dict[str, Any] | None = None  # where messages are built (the server's loop): the page's newest
    lang: str | None = None  # the language of the seat's page (set on the main thread when it connects)


@dataclass(frozen=True)
class _Change:
    """What the messages of one change are built from, taken on the main thread:
    all of it frozen or immutable, so it can be read on another thread."""

    serial: int
    frame: TableFrame
    state: Any
    choosers: tuple[int, ...]


def own_frame(game: Game, change: _Change, seat: int, view: Any = None) -> GateFrame:
    """`table.seat_frame(seat)` for the change's state: that seat's own view (given,
    when already made), and its own choices while it chooses (the hub's tests check
    they are the same)."""
    state = change.state
    choices = tuple(c for c in game.menu(state, seat) if c.seat == seat) \
        if not change.frame.over and seat in change.choosers else ()
    return GateFrame(seat=seat, view=game.view(state, seat) if view is None else view, choices=choices)


class PhoneHub:
    """Tokens per seat, the message each connected seat should see, and phone choices.

    table: the table controller (TableLike); the caller subscribes `changed` to it
    once (kivy_ui/phones.py follows the table; tests do it in make_hub). post(fn):
    runs fn on the main thread (the app uses Kivy's Clock; tests call fn at once or
    queue it). players: where a remembered player's language is kept (the roster,
    players.json, by default). Made on the main thread.
    """

    def __init__(self, table: TableLike, post: Callable[[Callable[[], None]], None],
                 after_frame: Callable[[Callable[[], None]], None] | None = None,
                 players: PlayerLanguages | None = None):
        self.table = table
        self._post = post
        # after_frame(fn): fn on the main thread once the table's frame showing this
        # change is on screen (kivy_ui/phones.py: right after Window.flip); at once without
        self._after_frame = after_frame or (lambda fn: fn())
        self._lock = threading.Lock()  # tokens (and `_over`) are read by the server thread
        first = table.frame()
        self._game = get_game(first.game)
        self._over = first.over
        self._seats = {s: _Seat(secrets.token_urlsafe(16)) for s in range(len(first.players))}
        self._names = tuple(str(n) for n in first.players)
        self._players = players if players is not None else RosterLanguages()
        # the remembered players' languages, read once here (the server thread reads them under the lock)
        self._remembered: dict[int, str | None] = {}
        self._unremembered: set[int] = set()  # seats whose player the roster does not keep: their cookie does
        for seat, name in enumerate(self._names):
            try:
                self._remembered[seat] = shipped(self._players.language_of(name))
            except (CompanionError, OSError, ValueError):
                self._remembered[seat] = None
        self._sender: Sender | None = None
        self._change: _Change | None = None  # the newest change
        self._taken: _Change | None = None  # the newest change whose messages are on their way
        self._built: _Change | None = None  # the newest change whose messages were built (the server's loop)
        self.clocks = SeatClocks(lambda: getattr(self.table.session, "clock", None))
        self._serial = 0
        self.main_seconds: list[float] = []  # main-thread time per change taken (the bench reads it)
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
        return _(OVER) if self._over else ""

    def revoke(self, seat: int) -> str:
        """A lost or borrowed phone: its link stops working at once; a new one is made."""
        with self._lock:
            old = self._seats[seat].token
            self._seats[seat].token = secrets.token_urlsafe(16)
        self._forget_page(seat)
        if self._sender is not None:
            with language(self.language_of(seat)):
                replaced = _(REPLACED)
            self._sender.retire(old, replaced)
            self._sender.drop(seat, replaced)
        return self.token(seat)

    # --- languages (any thread) -------------------------------------------------------
    def language_of(self, seat: int) -> str:
        """The language seat's page reads: the one it connected in, else what it would
        be served in now (its remembered player's, else the table's)."""
        s = self._seats.get(seat)
        if s is not None and s.lang:
            return s.lang
        return self.page_language(seat)

    def page_language(self, seat: int, asked: Any = None, cookie: Any = None, accept: str | None = None) -> str:
        """The language to serve seat's page in (companion/phones/languages.py): what
        the page's chooser asked for (then kept for the seat's remembered player, on the
        main thread), else the remembered player's, the phone's cookie, its
        Accept-Language, the table's. Anything bogus: the next of those."""
        with self._lock:
            remembered = self._remembered.get(seat)
        chosen = shipped(asked)
        with self._lock:
            keep = chosen is not None and chosen != remembered and seat not in self._unremembered
            if keep:
                self._remembered[seat] = chosen  # this phone's next page reads it too
        if keep and chosen is not None:
            self._post(lambda: self._remember(seat, chosen))
        return decide(chosen, remembered, cookie, accept)

    def _remember(self, seat: int, lang: str) -> None:
        """Main thread: the language a seat's page chose, kept for its remembered player
        (an unremembered player's phone keeps it in its cookie)."""
        try:
            kept = self._players.remember(self._names[seat], lang)
        except (CompanionError, OSError, ValueError):
            kept = False
        if not kept:
            with self._lock:  # not remembered: the cookie decides this phone's next pages
                self._unremembered.add(seat)
                if self._remembered.get(seat) == lang:
                    self._remembered[seat] = None

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
                s.connections = 0
        for seat in self._seats:
            self._forget_page(seat)
        if self._sender is not None:
            for seat, token in tokens:
                self._sender.retire(token, sentence)
                self._sender.drop(seat, sentence)
        for fn in list(self.listeners):
            fn()

    # --- main thread -----------------------------------------------------------------
    def attach(self, sender: Sender) -> None:
        self._sender = sender

    def message(self, seat: int, table: TableFrame | None = None, lang: str | None = None) -> dict[str, Any]:
        """What seat's page should show now (table: the public frame, if already made), in
        `lang` (None: the seat's page's language)."""
        table = table or self.table.frame()
        with language(lang or self.language_of(seat)):
            return message_for(self._game, self.table.seat_frame(seat), table)

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
        """After a change: keep it (a few references, nothing built here) and, once the
        table's frame showing it is on screen, hand it over (_take)."""
        if self.ended:
            return  # the game left the table: nothing of it reaches a phone any more
        self.refreshes += 1
        table = frame if frame is not None else self.table.frame()
        self._serial += 1
        self._change = _Change(self._serial, table, self.table.session.state, tuple(self.table.choosers()))
        with self._lock:
            self._over = table.over
        self._after_frame(self._take)

    def _take(self) -> None:
        """After the frame, on the main thread: each connected seat's own view, and the
        look journaled for a page that would show a secret it had not shown (a look
        the journal refuses makes that page's message a sentence); then, once all of
        it is on disk, the messages are built and sent on the server's loop."""
        change = self._change
        if self.ended or change is None or change is self._taken:
            return  # taken already (several changes in one frame: only the newest)
        t0 = time.perf_counter()
        self.clocks.take()
        self._taken = change
        views: dict[int, Any] = {}
        refused: dict[int, str] = {}
        made_in = current()  # the views' language (the table's): a phone reading another gets its own
        for seat in self.connected():
            view = views[seat] = self._game.view(change.state, seat)
            you = view.get("you") if not change.frame.over else None
            s = self._seats[seat]
            if you and you != s.shown_you:
                try:
                    self.table.session.mark_seen(seat)  # before anything is shown, as the gate does
                except (CompanionError, OSError) as e:
                    refused[seat] = str(e)
                    continue
                s.shown_you = you
        self._when_synced(lambda: self._on_loop(lambda: self._build(change, views, refused, made_in)))
        self.main_seconds.append(time.perf_counter() - t0)
        del self.main_seconds[:-1000]

    def _when_synced(self, fn: Callable[[], None]) -> None:
        """fn once everything journaled so far is on disk (Journal.when_synced: at
        once when nothing is pending); at once with a journal that cannot tell."""
        when = getattr(getattr(self.table.session, "journal", None), "when_synced", None)
        if when is None:
            fn()
        else:
            when(fn)

    def _on_loop(self, fn: Callable[[], None]) -> None:
        run = getattr(self._sender, "on_loop", None)
        if run is None:
            fn()
        else:
            run(fn)

    # --- where messages are built: the server's loop (at once without one) ---------------
    def _build(self, change: _Change, views: Mapping[int, Any], refused: Mapping[int, str],
               made_in: str | None = None) -> None:
        """Each seat's message, once per change, in that seat's language, from the
        change's frame and state (frozen, immutable) and the views taken with it (made
        again from the state for a phone reading another language); sent when it changed."""
        if self.ended or change is not self._taken:
            return  # a newer change was taken: only its messages matter
        for seat, view in views.items():
            s = self._seats[seat]
            with language(self.language_of(seat)) as lang:
                if seat in refused:
                    msg = {"type": "error", "sentence": _("Your view cannot be shown: {why}", why=refused[seat])}
                else:
                    own = own_frame(self._game, change, seat, view if lang == (made_in or lang) else None)
                    msg = self.clocks.add(message_for(self._game, own, change.frame), seat)
            if msg != s.last:
                s.last = msg
                self._send(seat, msg)
        self._built = change

    def clock_changed(self) -> None:
        """Main thread: the turn clock paused or resumed (the gate, Home): each seat's
        newest message goes again with it (built on the server's loop; a change on its
        way carries it anyway)."""
        if self.ended:
            return
        self.clocks.take()
        self._on_loop(self._reclock)

    def _reclock(self) -> None:
        if self.ended or self._taken is not self._built:
            return
        for seat in self.connected():
            s = self._seats[seat]
            msg = self.clocks.again(s.last, seat)
            if msg is not None:
                s.last = msg
                self._send(seat, msg)

    def _forget_page(self, seat: int) -> None:
        """A new page, a new link, or the end: what the old page showed no longer counts
        (its newest message is forgotten where messages are built, in order with them)."""
        self._seats[seat].shown_you = None
        self._on_loop(lambda: setattr(self._seats[seat], "last", None))

    # --- from the server thread: moved to the main thread -------------------------------
    def gateway(self) -> Gateway:
        return Gateway(self)

    def _connected(self, seat: int, delta: int, lang: str | None = None) -> None:
        if self.ended:
            return
        with self._lock:
            s = self._seats[seat]
            s.connections = max(0, s.connections + delta)
        if delta > 0:
            s.lang = lang  # the new page's language (None: the one it would be served in)
            self._forget_page(seat)  # a new page: send it everything again
        self.refresh()
        for fn in list(self.listeners):
            fn()

    def _choose(self, seat: int, key: Any, picks: Any, confirmed: Any) -> None:
        """A phone chose: played only when `key` is one of that seat's own choices
        now (never a public choice, never another seat's), through the controller."""
        if self.ended:
            self._say(seat, False, self.ended)
            return
        lang = self.language_of(seat)
        if not isinstance(key, str) or not (picks is None or isinstance(picks, dict)) \
                or not isinstance(confirmed, bool):
            self._say_word(seat, lang, NOT_A_CHOICE)
            return
        table_lang = current()
        with language(lang):  # the seat's own choices in its phone's words (the question, the sentence)
            own = self.table.seat_frame(seat)
        found = find([c for c in own.choices if c.seat == seat], key)
        if found is None:
            public = find(self.table.frame().choices, key)
            self._say_word(seat, lang, ON_THE_TABLE if public is not None and _offered_to(public, seat) else NOT_YOURS)
            self.refresh()
            return
        state = self.table.session.state
        outcome = self.table.choose(key, picks or {}, seat=seat, confirmed=confirmed)  # the table's language
        if outcome.ask:
            question = found.confirm or outcome.ask
            self._send(seat, {"type": "ask", "question": question, "choice": key, "picks": picks or {}})
            return
        if lang == table_lang:
            sentence = outcome.sentence
        elif outcome.ok:
            sentence = found.sentence if outcome.sentence else ""
        else:
            sentence = self._refusal(lang, found, picks, state) or outcome.sentence
        if not sentence and not outcome.ok:
            self._say_word(seat, lang, NOT_YOURS)
        else:
            self._say(seat, outcome.ok, sentence)
        if not outcome.ok:
            self.refresh()  # nothing was published: the page gets what it may do now (a played move has its change)

    def _refusal(self, lang: str, found: Any, picks: Any, state: Any) -> str:
        """Why the game refused a seat's choice, in its phone's language (the game says
        it again from the same state, which a refusal left unchanged); "" when the
        game itself did not refuse it (the table did: its sentence is the table's)."""
        with language(lang):
            try:
                self._game.apply(state, complete(found, picks or {}))
            except CompanionError as e:
                return str(e)
        return ""

    def _say_word(self, seat: int, lang: str, word: str) -> None:
        """One of the hub's own refusals (a constant above), in the seat's language."""
        with language(lang):
            self._say(seat, False, _(word))

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

    def connected(self, seat: int, lang: str | None = None) -> None:
        """seat's page opened its live channel; lang: the language that page reads."""
        lang = shipped(lang)  # a bogus code: the seat's own choice or the table's
        self._hub._post(lambda: self._hub._connected(seat, +1, lang))

    def page_language(self, seat: int, asked: Any = None, cookie: Any = None, accept: str | None = None) -> str:
        return self._hub.page_language(seat, asked, cookie, accept)

    def language_of(self, seat: int) -> str:
        return self._hub.language_of(seat)

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
