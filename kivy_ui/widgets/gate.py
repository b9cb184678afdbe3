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


class GateModal(ModalView):
    """An opaque view over the whole app except the simulated-device panel, which
    stays usable (another seat may ask while a view is open)."""

    def __init__(self, **kw):
        super().__init__(auto_dismiss=False, size_hint=(1, None), **kw)
        self.background = ""
        self.background_color = theme.SURFACE
        self.overlay_color = (0, 0, 0, 0)
        from kivy.core.window import Window

        self._window_ref = Window
        Window.bind(size=self._fit)
        self._fit()

    def _reserved(self) -> float:
        panel = getattr(App.get_running_app(), "sim_panel", None)
        return panel.height if panel is not None and panel.parent is not None else 0

    def _fit(self, *_):
        self.height = self._window_ref.height - self._reserved()
        self._align_center()

    def _align_center(self, *_):
        self.x, self.top = 0, self._window_ref.height

    def open(self, *args, **kw):
        super().open(*args, **kw)
        self._align_center()  # ModalView.open centres the view; ours hugs the top

    def _below(self, touch) -> bool:
        return touch.y < self.y

    def on_touch_down(self, touch):
        return False if self._below(touch) else super().on_touch_down(touch)

    def on_touch_move(self, touch):
        return False if self._below(touch) else super().on_touch_move(touch)

    def on_touch_up(self, touch):
        return False if self._below(touch) else super().on_touch_up(touch)

    def on_dismiss(self):
        self._window_ref.unbind(size=self._fit)


class ConfirmPeek(GateModal):
    """"Ana: everyone else, look away." -> Show / Cancel."""

    def __init__(self, table, seat: int, **kw):
        super().__init__(**kw)
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


class PrivateOverlay(GateModal):
    """One seat's private view, with a Hide button and the time left."""

    def __init__(self, table, seat: int, content, **kw):
        super().__init__(**kw)
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
        super().on_dismiss()
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
