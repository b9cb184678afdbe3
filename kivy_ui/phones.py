"""Phones in the app: the hub and server for the game on the table, started only
when the table turns phones on (the Phones screen), never at start-up.

The server runs on its own thread; everything it hands over runs on Kivy's main
thread through Clock.schedule_once, exactly like device events. A change reaches
the phones after the table's own frame: the hub takes it right after the
Window.flip that shows it returns (the swap gate holds that flip until the move is
on disk), or at the next clock tick when no frame is drawn; the messages are then
built and sent on the server's loop (companion/phones/hub.py). A link works only
while its game is the one on the table: when the table changes (a new or resumed
game, or Home -> Abandon leaves none) the old hub is ended, its pages are closed
with a sentence saying why, and the new game gets a new hub and new tokens.

The address in the QR codes is read from this machine's interfaces (the default
route's first; companion/phones/addresses.py), never from the host name, which
Debian maps to 127.0.1.1.
"""
from __future__ import annotations

import io
from typing import Any

from kivy.app import App
from kivy.base import EventLoop
from kivy.clock import Clock
from kivy.core.image import Image as CoreImage

from .i18n import N_, _

DEFAULT_PORT = 8765
# Marked here, translated where said (in the table's language: a page closing has no
# language of its own to be told in).
NO_NETWORK = N_("This table has no network: connect it to Wi-Fi (or plug in a network cable), "
                "then tap Turn on again. The phones join through the table's network.")
ABANDONED = N_("This game was abandoned at the table.")
TURNED_OFF = N_("Phones were turned off at the table.")
NEW_GAME = N_("Another game is on the table now: scan your seat's new code.")

#: The Phones screen's words (kivy_ui/screens/phones.kv reads them from here, as tr._(W[...])).
WORDS = {
    "title": N_("Phones as private hands"),
    "turn_on": N_("Turn on"),
    "turn_off": N_("Turn off"),
    "other_network": N_("Other network"),
    "back": N_("Back"),
    "new_link": N_("New link"),
    "show_code": N_("Show code"),
    "hide_code": N_("Hide code"),
    "to_join": N_("scan to join"),
    "joined": N_("joined"),
    "joined_title": N_("Joined"),
    "every_phone": N_("Every seat's phone has joined. Tap Show code to let a seat join again."),
    "scan": N_("Each player scans their own code; the page shows only their secrets."),
    "off": N_("Off: every secret stays behind the privacy gate on this screen. "
              "Turn on to let each player use their own phone on this Wi-Fi."),
}


class PhoneService:
    """Phones for the app's current game; off until start()."""

    def __init__(self, app: Any, host: str = "0.0.0.0", port: int = DEFAULT_PORT):
        self.app = app
        self.host, self.port = host, port
        self.hub: Any = None
        self.server: Any = None
        self.address = ""  # what the QR codes use: http://ADDRESS:PORT
        self.addresses: list[str] = []  # every address of this machine the phones could use
        self.problem = ""
        self.listeners: list[Any] = []
        self._following: Any = None
        self._after: list[Any] = []  # what waits for the frame on screen (see _after_frame)
        self._flip_wrapped = False
        app.bind(table=self._on_table)

    @property
    def on(self) -> bool:
        return self.server is not None

    def start(self) -> bool:
        """Start the server (lazily imported); False with `problem` set when it cannot."""
        if self.server is not None:
            return True
        try:
            from companion.phones.addresses import lan_addresses
            from companion.phones.server import PhoneServer
        except ImportError:
            self.problem = _("Phones need the aiohttp package; run ./scripts/setup again.")
            return False
        self.addresses = lan_addresses() if self.host in ("0.0.0.0", "") else [self.host]
        if not self.addresses:
            self.problem = _(NO_NETWORK)
            self._changed()
            return False
        self._new_hub()
        if self.hub is None:
            self.problem = _("Start or resume a game first.")
            return False
        server = PhoneServer(self.hub.gateway(), self.host, self.port)
        try:
            server.start()
        except OSError as e:
            try:
                server = PhoneServer(self.hub.gateway(), self.host, 0)  # the port is taken: any free one
                server.start()
            except OSError:
                self.problem = _("The phone server could not start: {problem}.", problem=e.strerror or e)
                return False
        self.server = server
        self.hub.attach(server)
        self.address = f"http://{self.addresses[0]}:{server.port}"
        self.problem = ""
        self._changed()
        return True

    def stop(self) -> None:
        if self.hub is not None:
            self.hub.end(_(TURNED_OFF))  # open pages say so; a later Turn on makes new links
            self.hub = None
        if self.server is not None:
            self.server.stop()
        self.server = None
        self.address = ""
        self._changed()

    def others(self) -> list[str]:
        """The other addresses phones could use (another network of this machine)."""
        if self.server is None:
            return []
        urls = [f"http://{a}:{self.server.port}" for a in self.addresses]
        return [u for u in urls if u != self.address]

    def next_address(self) -> None:
        """Use the next of this machine's addresses in the QR codes (Wi-Fi or Ethernet)."""
        if self.server is None or len(self.addresses) < 2:
            return
        urls = [f"http://{a}:{self.server.port}" for a in self.addresses]
        i = urls.index(self.address) if self.address in urls else -1
        self.address = urls[(i + 1) % len(urls)]
        self._changed()

    def url(self, seat: int) -> str:
        return f"{self.address}/s/{self.hub.token(seat)}" if self.hub is not None and self.address else ""

    def revoke(self, seat: int) -> None:
        if self.hub is not None:
            self.hub.revoke(seat)
            self._changed()

    def connected(self) -> list[int]:
        return self.hub.connected() if self.hub is not None and self.server is not None else []

    def clock_changed(self) -> None:
        """The turn clock paused or resumed: the phones' pages stop or go on counting."""
        if self.hub is not None and self.server is not None:
            self.hub.clock_changed()

    # --- following the game on the table -----------------------------------------
    def _new_hub(self) -> None:
        from companion.phones.hub import PhoneHub

        table = self.app.table
        if table is None:
            if self.hub is not None:
                self.hub.end(_(ABANDONED))  # Home -> Abandon: the only way the table is left with no game
            self.hub = None
            return

        def post(fn: Any) -> None:
            Clock.schedule_once(lambda _dt: fn(), 0)

        if self.hub is not None:
            self.hub.end(_(NEW_GAME))
        self.hub = PhoneHub(table, post, self._after_frame)
        self.hub.listeners.append(self._changed)
        if self._following is not table:
            # One subscription per table (the controller has no unsubscribe): it tells
            # whichever hub is current, once per change (issue 21: not once per layer).
            self._following = table
            table.subscribe(lambda *heard: self._heard(table, heard))
        if self.server is not None:
            self.server.gateway = self.hub.gateway()
            self.hub.attach(self.server)

    def _after_frame(self, fn: Any) -> None:
        """fn once the frame being drawn is on screen: right after Window.flip returns
        (wrapped once, over the app's swap gate), or at the next clock tick when this
        change draws no frame. Run once, whichever comes first."""
        window = EventLoop.window  # None without a window (importing Kivy's would make one)
        if not self._flip_wrapped and window is not None:
            inner = window.flip

            def flip(*args: Any, **kw: Any) -> Any:
                try:
                    return inner(*args, **kw)
                finally:
                    self._flipped()

            window.flip = flip  # an instance attribute, like the swap gate's
            self._flip_wrapped = True
        self._after.append(fn)
        Clock.schedule_once(self._no_frame, 0)

    def _no_frame(self, _dt: float = 0.0) -> None:
        """The next tick: a change that drew nothing (a phone joining an idle table)
        goes now; one whose frame is still to be drawn (a move made in this tick, or
        between ticks) waits for its flip, with a later tick as a safety net."""
        window = EventLoop.window
        if self._after and window is not None and window.canvas.needs_redraw:
            Clock.schedule_once(self._flipped_later, 0.05)
            return
        self._flipped()

    def _flipped_later(self, _dt: float) -> None:
        self._flipped()

    def _flipped(self) -> None:
        waiting, self._after = self._after, []
        for fn in waiting:
            fn()

    def _heard(self, table: Any, heard: tuple[Any, ...]) -> None:
        if self.hub is not None and self.server is not None and table is self._following:
            self.hub.changed(*heard)

    def _on_table(self, _app: Any, _table: Any) -> None:
        if self.server is not None:
            self._new_hub()  # a new game: new tokens, old links dead
            self._changed()

    def _changed(self) -> None:
        for fn in list(self.listeners):
            fn()


def qr_code(text: str) -> Any:
    """The QR code for text (segno: pure Python); what a seat's code on the screen encodes."""
    import segno

    return segno.make(text, error="m")


def qr_texture(text: str, scale: int = 6) -> Any:
    """A QR code for text as a Kivy texture."""
    buf = io.BytesIO()
    qr_code(text).save(buf, kind="png", scale=scale, border=2, dark="#000000", light="#ffffff")
    buf.seek(0)
    return CoreImage(buf, ext="png").texture


def service() -> PhoneService:
    """The app's phone service, made on first use."""
    app = App.get_running_app()
    svc = getattr(app, "phones", None)
    if svc is None:
        settings = getattr(app, "settings", None) or {}
        svc = PhoneService(app, settings.get("phones_host", "0.0.0.0"), settings.get("phones_port", DEFAULT_PORT))
        app.phones = svc
    return svc
