"""The privacy gate on screen: the "look away" confirmation and the private overlay.

The private overlay is a separate full-window ModalView, opaque, built from the
seat's own view only while the gate is open and thrown away when it closes; the
public screen underneath is never given a secret to render.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from .. import theme


def _opaque(view: ModalView):
    view.background = ""
    view.background_color = (0, 0, 0, 0)
    view.overlay_color = (0, 0, 0, 1)  # the public screen is fully covered


class ConfirmPeek(ModalView):
    """"Ana: everyone else, look away." -> Show / Cancel."""

    def __init__(self, table, seat: int, **kw):
        super().__init__(auto_dismiss=False, size_hint=(1, 1), **kw)
        _opaque(self)
        self.table = table
        box = BoxLayout(orientation="vertical", padding="24dp", spacing="16dp")
        name = table.name(seat)
        box.add_widget(Factory.Heading(text=f"{name}'s secret", halign="center"))
        box.add_widget(Factory.Body(text=f"Everyone except {name}: please look away.", halign="center", font_size="26sp"))
        row = BoxLayout(size_hint_y=None, height="72dp", spacing="16dp")
        show = Factory.AccentButton(text=f"I am {name}: show me", height="72dp")
        show.bind(on_release=lambda *_: table.confirm_peek())
        cancel = Factory.BigButton(text="Cancel", height="72dp")
        cancel.bind(on_release=lambda *_: table.cancel_peek())
        row.add_widget(cancel)
        row.add_widget(show)
        box.add_widget(row)
        self.add_widget(box)
        self.ids_show, self.ids_cancel = show, cancel


class PrivateOverlay(ModalView):
    """One seat's private view, with a Hide button and the time left."""

    def __init__(self, table, seat: int, content, **kw):
        super().__init__(auto_dismiss=False, size_hint=(1, 1), **kw)
        _opaque(self)
        self.table = table
        self.seat = seat
        box = BoxLayout(orientation="vertical", padding="16dp", spacing="10dp")
        with box.canvas.before:
            Color(*theme.SURFACE)
            self._bg = Rectangle(pos=box.pos, size=box.size)
        box.bind(pos=lambda w, v: setattr(self._bg, "pos", v), size=lambda w, v: setattr(self._bg, "size", v))
        top = BoxLayout(size_hint_y=None, height="56dp", spacing="10dp")
        top.add_widget(Factory.Heading(text=f"Only {table.name(seat)} looks"))
        self.countdown = Factory.Dim(text="", size_hint_x=None, width="150dp", halign="right")
        top.add_widget(self.countdown)
        hide = Factory.AccentButton(text="Hide", size_hint_x=None, width="140dp")
        hide.bind(on_release=lambda *_: table.close_gate())
        top.add_widget(hide)
        self.hide_button = hide
        box.add_widget(top)
        box.add_widget(content)
        self.add_widget(box)
        self._tick = Clock.schedule_interval(self._update, 0.5)
        self._update()

    def _update(self, *_):
        gate = self.table.gate
        if gate is None:
            return
        left = max(0, int(gate.closes_at - self.table.clock() + 0.999))
        self.countdown.text = f"hides in {left} s"

    def on_dismiss(self):
        self._tick.cancel()


class GateView:
    """Keeps the overlays in step with a TableController's gate."""

    def __init__(self, screen):
        self.screen = screen
        self.overlay = None
        self.shown = None  # ("confirm", seat) or ("open", seat, opened_at)

    def sync(self, table):
        want = None
        if table is not None and table.gate is not None:
            want = ("open", table.gate.seat, table.gate.opened_at)
        elif table is not None and table.pending_peek is not None:
            want = ("confirm", table.pending_peek)
        if want == self.shown:
            return
        self.close()
        self.shown = want
        if want is None:
            return
        if want[0] == "confirm":
            self.overlay = ConfirmPeek(table, want[1])
        else:
            seat_view = table.private_view()
            if seat_view is None:
                self.shown = None
                return
            seat, view = seat_view
            self.overlay = PrivateOverlay(table, seat, self.screen.private_content(seat, view))
        self.overlay.open(animation=False)

    def close(self):
        if self.overlay is not None:
            self.overlay.dismiss(animation=False)
            self.overlay = None
        self.shown = None
