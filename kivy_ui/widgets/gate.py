"""The privacy gate on screen: the "look away" confirmation and the private overlay.

The private overlay is a separate, opaque ModalView over the app; its content is
filled from the seat's own view only while the gate is open and emptied when it
closes; the public screen underneath is never given a secret to render. The two
overlays are built once per table screen, while the app is idle (GateView.prepare,
from GameScreen.prepare), and reused: a table peeks hundreds of times a night,
and fresh widgets each time would leave Kivy bookkeeping behind.

The view stays open while it is used: every touch on it restarts its timer, and
the time left shows only in its last seconds. A half-entered choice in it is
kept as that seat's draft when it closes (see game_screen.py). Only an open
overlay ticks the clock: with none open, nothing runs between moves.
"""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from .. import theme
from ..i18n import _, kept

# --- a confirmation never appears under the finger that asked for it (issue 22 §1) -------
_taps: dict[str, Any] = {"at": None, "bound": False}


def _remember(_window: Any, touch: Any) -> bool:
    _taps["at"] = (float(touch.x), float(touch.y))
    return False  # only noted: the touch goes on to what is under it


def remember_taps() -> None:
    """Note where every finger comes down on the window (once per app): a question
    opened by a tap puts its Yes away from that point (`answers_away`)."""
    if _taps["bound"]:
        return
    from kivy.core.window import Window

    Window.bind(on_touch_down=_remember)
    _taps["bound"] = True


def last_tap() -> tuple[float, float] | None:
    """Where (window coordinates) the last finger came down, or None before any."""
    at = _taps["at"]
    return None if at is None else (float(at[0]), float(at[1]))


def answers_away(box: Any, row: Any, yes: Any, no: Any, point: tuple[float, float] | None = None) -> None:
    """Lay out a question's answers so that Yes is never under the finger that asked:
    the row of answers in the other half of the screen from the tap (at the top of
    `box` for a tap in the lower half, at its bottom otherwise), and Yes on the other
    side from it (No, the safe answer, where the finger is). A second tap of a double
    tap lands on the question or on No. point: the tap, by default the last one."""
    from kivy.core.window import Window

    point = point if point is not None else last_tap()
    low = point is not None and point[1] < Window.height / 2
    left = point is not None and point[0] < Window.width / 2
    if row.parent is not None:
        row.parent.remove_widget(row)
    box.add_widget(row, index=len(box.children) if low else 0)  # vertical BoxLayout: the last index is the top
    row.clear_widgets()
    for w in ((no, yes) if left else (yes, no)):
        row.add_widget(w)


class GateModal(ModalView):
    """An opaque view over the whole app except the simulated-device panel, which
    stays usable (another seat may ask while a view is open)."""

    def __init__(self, **kw):
        super().__init__(auto_dismiss=False, size_hint=(1, None), **kw)
        remember_taps()
        self.background = ""
        self.background_color = theme.SURFACE
        self.overlay_color = (0, 0, 0, 0)
        from kivy.core.window import Window

        self._window_ref = Window

    def _reserved(self) -> float:
        panel = getattr(App.get_running_app(), "sim_panel", None)
        return panel.height if panel is not None and panel.parent is not None else 0

    def _fit(self, *_):
        self.height = self._window_ref.height - self._reserved()
        self._align_center()

    def _align_center(self, *_):
        self.x, self.top = 0, self._window_ref.height

    def open(self, *args, **kw):
        self._window_ref.bind(size=self._fit)
        self._fit()
        super().open(*args, **kw)
        self._align_center()  # ModalView.open centres the view; ours hugs the top

    def on_dismiss(self):
        self._window_ref.unbind(size=self._fit)
        # ModalView.open binds these on every open and never lets go; a reused view must.
        self.funbind("center", self._align_center)
        self.funbind("size", self._align_center)

    def _below(self, touch) -> bool:
        return touch.y < self.y

    def on_touch_down(self, touch):
        return False if self._below(touch) else super().on_touch_down(touch)

    def on_touch_move(self, touch):
        return False if self._below(touch) else super().on_touch_move(touch)

    def on_touch_up(self, touch):
        return False if self._below(touch) else super().on_touch_up(touch)


class ConfirmPeek(GateModal):
    """"Everyone except Ana: please look away." -> I am Ana: show me / Cancel."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.table: Any = None
        box = BoxLayout(orientation="vertical", padding=dp(24), spacing=dp(16))
        self.title = Factory.Heading(text="", halign="center")
        self.ask = Factory.Body(text="", halign="center", font_size=sp(26))
        box.add_widget(self.title)
        box.add_widget(self.ask)
        self.row = BoxLayout(size_hint_y=None, height=dp(72), spacing=dp(16))
        self.ids_show = Factory.AccentButton(text="", height=dp(72))
        self.ids_show.bind(on_release=self._confirm)
        self.ids_cancel = kept(Factory.BigButton(height=dp(72)), lambda: _("Cancel"))
        self.ids_cancel.bind(on_release=self._cancel)
        self.box = box
        answers_away(box, self.row, self.ids_show, self.ids_cancel, point=None)
        self.add_widget(box)
        self._tick = Clock.create_trigger(self._lapse, 0.5, interval=True)

    def _confirm(self, *_):
        self.table.confirm_peek()

    def _cancel(self, *_):
        self.table.cancel_peek()

    def show(self, table, gate):
        """gate: the frame's GateFrame, with the sentences for the seat asking."""
        self.table = table
        self.title.text = gate.ask_title
        self.ask.text = gate.ask
        self.ids_show.text = gate.show
        # "show me" away from the finger that asked (a tap on the player's row): a
        # second tap is never the confirmation
        answers_away(self.box, self.row, self.ids_show, self.ids_cancel)
        self.open(animation=False)
        self._tick()

    def _lapse(self, *_):
        if self.table is not None:
            self.table.tick()  # an unconfirmed request lapses: the table gets its screen back

    def on_dismiss(self):
        super().on_dismiss()
        self._tick.cancel()


class PrivateOverlay(GateModal):
    """One seat's private view, with a Hide button and the time left."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.table: Any = None
        self.seat: Any = None
        self.content: Any = None
        box = BoxLayout(orientation="vertical", padding=dp(16), spacing=dp(10))
        top = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(10))
        self.title = Factory.Heading(text="")
        top.add_widget(self.title)
        self.countdown = Factory.Body(text="", size_hint_x=None, width=dp(170), halign="right",
                                      font_size=sp(24), bold=True, color=theme.DANGER)
        # no room taken until the last seconds: on a portrait panel the heading needs it
        self.countdown.bind(text=lambda w, t: setattr(w, "width", dp(170) if t else 0))
        self.countdown.width = 0
        top.add_widget(self.countdown)
        self.hide_button = kept(Factory.AccentButton(size_hint_x=None, width=dp(140)), lambda: _("Hide"))
        self.hide_button.bind(on_release=self._hide)
        top.add_widget(self.hide_button)
        box.add_widget(top)
        self.holder = BoxLayout()
        box.add_widget(self.holder)
        self.add_widget(box)
        self._tick = Clock.create_trigger(self._update, 0.25, interval=True)
        self.screen: Any = None

    def _hide(self, *_):
        self.table.close_gate()

    def show(self, table, gate, content, screen=None):
        """gate: the frame's GateFrame of the open view; content shows gate.view."""
        seat = gate.seat
        self.table, self.seat, self.content, self.screen = table, seat, content, screen
        self.title.text = gate.title
        self.holder.clear_widgets()
        if content.parent is not None:
            content.parent.remove_widget(content)
        self.holder.add_widget(content)
        drafts = getattr(screen, "drafts", {})
        if seat in drafts and hasattr(content, "offer_draft"):
            content.offer_draft(drafts.pop(seat))  # what this seat had half entered last time
        self._update()
        self._tick()
        self.open(animation=False)

    def _update(self, *_):
        table = self.table
        if table is None:
            return
        text = table.gate_countdown()  # closes the gate when its time is up (the overlay then goes)
        if self.countdown.text != text:
            self.countdown.text = text

    def keep_open(self) -> None:
        """A touch on the view: its timer starts again (the player is using it)."""
        if self.table is not None and self.seat is not None:
            self.table.keep_gate_open(self.seat)
            self._update()

    def on_touch_down(self, touch):
        if not self._below(touch):
            self.keep_open()
        return super().on_touch_down(touch)

    def on_dismiss(self):
        super().on_dismiss()
        self._tick.cancel()
        # A half-entered choice stays as this seat's draft; nothing secret outlives the gate.
        draft = self.content.draft() if self.content is not None and hasattr(self.content, "draft") else None
        if draft is not None and self.screen is not None and self.seat is not None:
            self.screen.drafts[self.seat] = draft
        if self.content is not None and hasattr(self.content, "clear"):
            self.content.clear()
        self.holder.clear_widgets()
        self.content = None


class GateView:
    """Keeps the overlays in step with a TableController's gate."""

    def __init__(self, screen):
        self.screen = screen
        self.overlay: Any = None
        self.shown: Any = None  # ("confirm", seat) or ("open", seat, opened_at)
        self._confirm: Any = None
        self._private: Any = None

    def sync(self, table):
        """Show what the table's latest frame says of the gate."""
        gate = table.frame().gate if table is not None else None
        want: Any = None
        if gate is not None and gate.seat is not None:
            want = ("open", gate.seat, gate.opened_at)
        elif gate is not None and gate.asking is not None:
            want = ("confirm", gate.asking)
        if want == self.shown:
            return
        self.close()
        if want is None:
            return
        if want[0] == "confirm":
            self._confirm = self._confirm or ConfirmPeek()
            self.overlay = self._confirm
            self._confirm.show(table, gate)
        elif gate is not None:
            self._private = self._private or PrivateOverlay()
            self.overlay = self._private
            view = dict(gate.view)
            self._private.show(table, gate, self.screen.private_content(gate.seat, view), self.screen)
        self.shown = want

    def prepare(self) -> None:
        """Build both overlays now (while idle: GameScreen.prepare), not in a seat's first hold."""
        self._confirm = self._confirm or ConfirmPeek()
        self._private = self._private or PrivateOverlay()

    def close(self):
        if self.overlay is not None:
            self.overlay.dismiss(animation=False)
            self.overlay = None
        self.shown = None
