"""Phones: each seat's QR code, who is connected, and a new link for a lost phone.

Phones are off until the table turns them on here; the server starts then (its
import is lazy), for the game on the table. The screen shows which seats are
connected, never what they see.
"""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from .. import theme
from ..phones import qr_texture, service


class PhoneSeat(BoxLayout):
    """One seat: its name in its colour and symbol, its QR code, connected or not."""

    seat_name = StringProperty("")
    url = StringProperty("")  # what its QR code encodes
    status = StringProperty("")
    connected = BooleanProperty(False)


class PhonesScreen(Screen):
    on = BooleanProperty(False)
    address = StringProperty("")
    others = StringProperty("")  # this machine's other addresses (another network), if any
    problem = StringProperty("")

    def refresh(self) -> None:
        svc = service()
        if self.refresh not in svc.listeners:
            svc.listeners.append(self.refresh)
        self.on = svc.on
        self.address = svc.address
        others = svc.others()
        self.others = ("Phones on another network: " + ", ".join(others)) if others else ""
        self.problem = svc.problem
        self._seats(svc)

    def toggle(self) -> None:
        svc = service()
        if svc.on:
            svc.stop()
        else:
            svc.start()
        self.refresh()

    def next_address(self) -> None:
        service().next_address()
        self.refresh()

    def revoke(self, seat: int) -> None:
        service().revoke(seat)
        self.refresh()

    def back(self) -> None:
        app = App.get_running_app()
        table = getattr(app, "table", None)
        frame = table.frame() if table is not None else None
        app.show(frame.game if frame is not None and not frame.over else "home")

    def _seats(self, svc: Any) -> None:
        box = self.ids.seats
        box.clear_widgets()  # a handful of seats, rebuilt only when a phone joins or leaves
        app = App.get_running_app()
        table = getattr(app, "table", None)
        if table is None or not svc.on:
            return
        connected = set(svc.connected())
        frame = table.frame()
        colours = theme.seat_colours({"colours": list(frame.colours)}, len(frame.players))
        for seat, name in enumerate(frame.players):
            _cname, symbol, rgba = colours[seat]
            url = svc.url(seat)
            row = Factory.PhoneSeat(seat_name=f"{symbol} {name}", connected=seat in connected, url=url,
                                    status="connected" if seat in connected else "scan to join")
            row.ids.name.color = rgba
            row.ids.qr.texture = qr_texture(url)
            row.ids.revoke.bind(on_release=lambda _b, s=seat: self.revoke(s))
            box.add_widget(row)
