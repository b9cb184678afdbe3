"""The hardware-free panel: seat buttons and known fobs, by touch or keyboard.

It drives the simulated twins of the hardware layer (devices.sim), so their
events take the same road as real ones: device thread -> sink ->
Clock.schedule_once -> TableController. Keys: 1-5 are the seat buttons (keep a
key down to hold), q w e r tap fobs A-D. "Tag…" presents any other tag: a new
one (a fresh random uid, to learn) or one the registry already knows.
"""
from __future__ import annotations

import secrets

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from .. import theme
from ..devices import SEAT_BUTTONS, SIM_FOBS

SEAT_KEYS = "12345"
FOB_KEYS = "qwer"


class SimButton(Factory.BigButton):
    """A seat button: finger down = button down, finger up = button up."""

    def __init__(self, panel, name, **kw):
        super().__init__(**kw)
        self.panel, self.button_name = panel, name

    def on_press(self):
        self.panel.button_down(self.button_name)

    def on_release(self):
        self.panel.button_up(self.button_name)


#: Narrower than this (dp), the panel lays its keys out in two rows: seats, then fobs.
TWO_ROWS_BELOW = 700


def sim_key(text: str, **kw) -> Factory.BigButton:
    """A key; its label wraps at spaces ("Fob A / [q]") on a narrow panel (BigButton's
    text_size), never cut."""
    return Factory.BigButton(text=text, font_size="15sp", height="44dp", **kw)


class SimPanel(BoxLayout):
    def __init__(self, app, **kw):
        super().__init__(orientation="vertical", size_hint_y=None, height="48dp", spacing="3dp",
                         padding=("3dp", "2dp"), **kw)
        self.app = app
        self._down: set[str] = set()
        # the fob keys and Tag… sit in the seats' row, or in a row of their own (_arrange)
        self.seats_row, self.fobs_row = BoxLayout(spacing=dp(3)), BoxLayout(spacing=dp(3))
        self.add_widget(self.seats_row)
        self.seats_row.add_widget(Label(text="SIM", size_hint_x=None, width="40dp", bold=True, color=theme.ACCENT))
        self.seat_buttons = {}
        # The seat buttons the simulated hardware has (the default config wires five).
        present = [n for n in SEAT_BUTTONS if n in app.devices.sim.buttons]
        for i, name in enumerate(present):
            b = SimButton(self, name, text=f"Seat {i + 1} [{SEAT_KEYS[i]}]", font_size="15sp", height="44dp")
            self.seat_buttons[name] = b
            self.seats_row.add_widget(b)
        self.fob_buttons = {}
        for uid in SIM_FOBS:
            b = sim_key("")
            b.bind(on_release=lambda _b, u=uid: self.tap_fob(u))
            self.fob_buttons[uid] = b
        self.tag_button = sim_key("Tag…", size_hint_x=None, width="64dp")
        self.tag_button.bind(on_release=lambda _b: self.choose_tag())
        self.tag_menu = None
        self.bind(width=self._arrange)
        self._arrange()
        self.refresh()

    def _arrange(self, *_):
        """One row on a wide window; two (seats, then fobs) on a narrow one (portrait)."""
        two = dp(TWO_ROWS_BELOW) > self.width > 100
        keys = [*self.fob_buttons.values(), self.tag_button]
        row = self.fobs_row if two else self.seats_row
        if keys[0].parent is row:
            return
        for key in keys:
            if key.parent is not None:
                key.parent.remove_widget(key)
            row.add_widget(key)
        if two:
            self.add_widget(self.fobs_row)
        elif self.fobs_row.parent is not None:
            self.remove_widget(self.fobs_row)
        self.height = dp(48 * 2 + 3) if two else dp(48)

    @property
    def sim(self):
        return self.app.devices.sim

    def refresh(self):
        """Label fobs with the player they belong to in the game at hand."""
        owners = {}
        tags = self.app.tags
        if tags is not None:
            owners = {uid: m["player"] for uid, m in tags.items() if m.get("kind") == "fob"}
        table = self.app.table
        if table is not None:
            owners.update({uid: table.name(seat) for uid, seat in table.fobs.items()})
        for i, (uid, b) in enumerate(self.fob_buttons.items()):
            who = owners.get(uid)
            b.text = f"{who} [{FOB_KEYS[i]}]" if who else f"Fob {'ABCD'[i]} [{FOB_KEYS[i]}]"

    # --- driving the twins ------------------------------------------------------
    def button_down(self, name):
        if name not in self._down:
            self._down.add(name)
            self.sim.buttons[name].press()

    def button_up(self, name):
        if name in self._down:
            self._down.discard(name)
            self.sim.buttons[name].release()

    def tap_fob(self, uid):
        self.sim.reader.present(uid)
        self.sim.reader.remove()

    def choose_tag(self):
        """A menu of tags to present: a new one, then every tag the registry knows."""
        from companion.table.tags import describe

        menu = ModalView(size_hint=(0.7, 0.85), auto_dismiss=True)
        scroll = ScrollView(do_scroll_x=False)
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing="3dp", padding="4dp")
        box.bind(minimum_height=box.setter("height"))
        choices = [("A new tag", None)]
        tags = self.app.tags
        if tags is not None:
            choices += sorted(((describe(m), uid) for uid, m in tags.items()), key=lambda c: c[0])
        for text, uid in choices:
            b = Factory.BigButton(text=text, font_size="17sp", height="44dp")
            b.bind(on_release=lambda _b, u=uid: self.present_tag(u))
            box.add_widget(b)
        scroll.add_widget(box)
        menu.add_widget(scroll)
        self.tag_menu = menu
        menu.open(animation=False)

    def present_tag(self, uid=None):
        """Present uid (None: a fresh random one, like a tag never seen before)."""
        if self.tag_menu is not None:
            self.tag_menu.dismiss(animation=False)
            self.tag_menu = None
        self.tap_fob(uid or secrets.token_hex(5).upper())

    # --- keyboard -----------------------------------------------------------------
    def key_down(self, codepoint) -> bool:
        if not codepoint:
            return False
        if self._typing():
            return False
        if codepoint in SEAT_KEYS and SEAT_BUTTONS[SEAT_KEYS.index(codepoint)] in self.seat_buttons:
            self.button_down(SEAT_BUTTONS[SEAT_KEYS.index(codepoint)])
            return True
        if codepoint in FOB_KEYS:
            self.tap_fob(SIM_FOBS[FOB_KEYS.index(codepoint)])
            return True
        return False

    def key_up(self, key) -> bool:
        ch = chr(key) if 0 < key < 0x110000 else ""
        if ch and ch in SEAT_KEYS and SEAT_BUTTONS[SEAT_KEYS.index(ch)] in self.seat_buttons:
            self.button_up(SEAT_BUTTONS[SEAT_KEYS.index(ch)])
            return True
        return False

    def _typing(self) -> bool:
        """Keys belong to a text field (a player's name) while one has focus."""
        from kivy.uix.textinput import TextInput

        def walk(w):
            if isinstance(w, TextInput) and w.focus:
                return True
            return any(walk(c) for c in w.children)

        return walk(self.app.root_widget)
