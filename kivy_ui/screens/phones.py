"""Phones: the QR code of each seat still to join, the seats that joined (each can
show its code again), and a new link for a lost phone.

Phones are off until the table turns them on here; the server starts then (its
import is lazy), for the game on the table. The screen shows which seats are
connected, never what they see. A seat's code leaves the screen once its phone
joined (issue 22: every code stayed, so nobody could tell who was still to scan);
"Show code" brings it back (a second phone for that seat, a page closed by
mistake) until "Hide code", or until that seat's phone joins again. Its words are
kivy_ui/phones.py's WORDS.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from .. import theme
from ..i18n import _
from ..phones import qr_texture, service


class PhoneSeat(BoxLayout):
    """A seat's code to scan: its name in its colour and symbol, the QR code, whether
    its phone is connected, and New link (and Hide code when it was shown again)."""

    seat = NumericProperty(0)
    seat_name = StringProperty("")
    url = StringProperty("")  # what its QR code encodes
    connected = BooleanProperty(False)
    again = BooleanProperty(False)  # a joined seat's code shown again (Show code)


class JoinedSeat(BoxLayout):
    """A seat whose phone joined: its name, Show code / Hide code, New link."""

    seat = NumericProperty(0)
    seat_name = StringProperty("")
    showing = BooleanProperty(False)


class PhonesScreen(Screen):
    on = BooleanProperty(False)
    address = StringProperty("")
    others = StringProperty("")  # this machine's other addresses (another network), if any
    problem = StringProperty("")
    portrait = BooleanProperty(False)  # taller than wide: the parts stacked, codes two a row
    joined_any = BooleanProperty(False)
    joined_all = BooleanProperty(False)
    codes_any = BooleanProperty(False)  # a code on screen to scan

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.shown: set[int] = set()  # joined seats whose code is shown again
        self.back_to: Callable[[], Any] | None = None  # set by the screen that opened this one
        self._drawn: Any = None  # what the seat widgets show now (rebuilt only when it changes)
        self._codes: dict[str, Any] = {}  # url -> its QR texture

    def on_size(self, *_a: Any) -> None:
        self.portrait = theme.portrait(self.size)

    def refresh(self) -> None:
        svc = service()
        if self.refresh not in svc.listeners:
            svc.listeners.append(self.refresh)
        self.on = svc.on
        self.address = svc.address
        others = svc.others()
        self.others = _("Phones on another network: {addresses}", addresses=", ".join(others)) if others else ""
        self.problem = svc.problem
        self._seats(svc)

    def toggle(self) -> None:
        svc = service()
        if svc.on:
            svc.stop()
        else:
            svc.start()
        self.shown.clear()
        self.refresh()

    def next_address(self) -> None:
        service().next_address()
        self.refresh()

    def revoke(self, seat: int) -> None:
        service().revoke(seat)
        self.refresh()

    def show_code(self, seat: int) -> None:
        """A joined seat's code on screen again (or hidden again)."""
        self.shown ^= {seat}
        self.refresh()

    def back(self) -> None:
        """Where the screen was opened from (the opener sets `back_to`), else the game."""
        go_back, self.back_to = self.back_to, None
        if go_back is not None:
            go_back()
            return
        app = App.get_running_app()
        table = getattr(app, "table", None)
        frame = table.frame() if table is not None else None
        app.show(frame.game if frame is not None and not frame.over else "home")

    def codes_shown(self) -> list[int]:
        """The seats whose code is on screen now (for tests and the sizes' walk)."""
        return [w.seat for w in reversed(self.ids.seats.children)]

    def joined_shown(self) -> list[int]:
        return [w.seat for w in reversed(self.ids.joined.children)]

    def _seats(self, svc: Any) -> None:
        app = App.get_running_app()
        table = getattr(app, "table", None)
        if table is None or not svc.on:
            self._drawn = None
            self.ids.seats.clear_widgets()
            self.ids.joined.clear_widgets()
            self.joined_any = self.joined_all = self.codes_any = False
            return
        connected = set(svc.connected())
        # A shown seat whose phone left shows its code anyway, and once it joins again
        # the code goes: "shown" holds only seats connected since it was tapped.
        self.shown &= connected
        frame = table.frame()
        colours = theme.seat_colours({"colours": list(frame.colours)}, len(frame.players))
        seats = range(len(frame.players))
        urls = [svc.url(seat) for seat in seats]
        codes = [s for s in seats if s not in connected or s in self.shown]
        joined = [s for s in seats if s in connected]
        drawn = (tuple(frame.players), tuple(urls), tuple(codes), tuple(joined), frozenset(self.shown))
        self.joined_any, self.joined_all, self.codes_any = bool(joined), len(joined) == len(frame.players), bool(codes)
        if drawn == self._drawn:
            return  # a move on the table: nothing here changed, nothing rebuilt
        self._drawn = drawn
        self._codes = {u: self._codes[u] for u in urls if u in self._codes}
        box, done = self.ids.seats, self.ids.joined
        box.clear_widgets()  # a handful of seats, rebuilt only when a phone joins or leaves
        done.clear_widgets()
        for seat in codes:
            _cname, symbol, rgba = colours[seat]
            url = urls[seat]
            if url not in self._codes:
                self._codes[url] = qr_texture(url)
            card = Factory.PhoneSeat(seat=seat, seat_name=f"{symbol} {frame.players[seat]}", url=url,
                                     connected=seat in connected, again=seat in self.shown)
            card.ids.name.color = rgba
            card.ids.qr.texture = self._codes[url]
            card.ids.revoke.bind(on_release=lambda _b, s=seat: self.revoke(s))
            card.ids.hide.bind(on_release=lambda _b, s=seat: self.show_code(s))
            box.add_widget(card)
        for seat in joined:
            _cname, symbol, rgba = colours[seat]
            row = Factory.JoinedSeat(seat=seat, seat_name=f"{symbol} {frame.players[seat]}",
                                     showing=seat in self.shown)
            row.ids.name.color = rgba
            row.ids.show.bind(on_release=lambda _b, s=seat: self.show_code(s))
            row.ids.revoke.bind(on_release=lambda _b, s=seat: self.revoke(s))
            done.add_widget(row)
