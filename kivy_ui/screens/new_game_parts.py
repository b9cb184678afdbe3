"""New game's helpers: the on-screen keyboard docked below the form (and whether a
physical keyboard is attached), and the remembered players' picker."""
from __future__ import annotations

import glob
import os
import struct
import sys
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.vkeyboard import VKeyboard

from .. import theme
from ..i18n import _
from .new_game_keys import language

# --- the on-screen keyboard ---------------------------------------------------------
#: Letter keys (Q..P, A..L, Z..M) in the kernel's key bitmap: a device with them is a keyboard,
#: not a power button or a touchscreen that also reports keys.
_LETTER_KEYS = (*range(16, 26), *range(30, 39), *range(44, 51))


def physical_keyboard() -> bool:
    """Whether a real keyboard is attached. MAYA_COMPANION_KEYBOARD=screen (or
    =physical) decides; otherwise, on Linux, /proc/bus/input/devices is read for
    a device with letter keys; elsewhere (a laptop) a keyboard is assumed."""
    forced = os.environ.get("MAYA_COMPANION_KEYBOARD", "").lower()
    if forced in ("screen", "onscreen", "on-screen", "none"):
        return False
    if forced in ("physical", "real", "yes"):
        return True
    if not sys.platform.startswith("linux"):
        return True
    try:
        with open("/proc/bus/input/devices", encoding="utf-8", errors="replace") as f:
            blocks = f.read().split("\n\n")
    except OSError:
        return bool(glob.glob("/dev/input/by-id/*-kbd"))
    width = struct.calcsize("l") * 2  # hex digits per word of the bitmap
    for block in blocks:
        keys = next((line.split("=", 1)[1] for line in block.splitlines() if line.startswith("B: KEY=")), "")
        if "kbd" not in block or not keys:
            continue
        bits = int("".join(w.rjust(width, "0") for w in keys.split()), 16)
        if all(bits >> k & 1 for k in _LETTER_KEYS):
            return True
    return False


def keyboard_setting() -> str:
    """The [app] keyboard setting; "auto": the table's language (the Settings screen's)
    when it is not English, else the system locale's (an English table in Sweden types
    Swedish names)."""
    from companion.i18n import PSEUDO, SOURCE, table_language

    settings = getattr(App.get_running_app(), "settings", None) or {}
    setting = str(settings.get("keyboard", "auto"))
    if setting != "auto":
        return setting
    lang = table_language()
    return "auto" if lang in (SOURCE, PSEUDO) else lang


def _row_of(field):
    """The player's row a name field is in (None once the row is gone)."""
    w = field.parent
    while w is not None and not hasattr(w, "seat"):  # new_game.PlayerRow (which imports this module)
        w = w.parent if w.parent is not w else None
    return w


class DockedKeyboard(VKeyboard):
    """Kivy's VKeyboard for typing names, docked in the screen's layout below the form:
    no moving, turning or scaling, and a touch on it never takes the focus from the
    field. The letters of the table's language (new_game_keys.py; `setting` is the
    [app] keyboard setting), and a Shift that works with one finger: tap ⇧, then the
    letter (Kivy's own ⇧ only holds while a finger stays on it). `auto_shift()` makes
    the next letter a capital (a name's first letter); every key typed reaches
    `on_textinput` (letters, space, accents) or `on_key_down` (⌫, ⏎, ✓)."""

    def __init__(self, setting: str = "auto", **kw):
        from kivy.metrics import sp

        from .new_game_keys import layouts_for

        kw.setdefault("size_hint", (1, 1))
        self.language, found = layouts_for(setting)
        super().__init__(do_translation=False, do_rotation=False, do_scale=False, **kw)
        self.available_layouts.update(found)
        self.letters = f"names-{self.language}"
        self.layout = self.letters
        self.font_size = sp(24)
        self.font_name = theme.SYMBOL_FONT
        # VKeyboard lays its keys out once; docked in a layout it must follow its slot's size.
        self.bind(size=lambda *_a: self.refresh(True))

    def on_touch_down(self, touch):
        if self.collide_point(*touch.pos):
            FocusBehavior.ignored_touch.append(touch)
        return super().on_touch_down(touch)

    def setup_mode_free(self):  # the layout places it; nothing to set up
        pass

    def setup_mode_dock(self, *largs):
        pass

    def auto_shift(self, on: bool = True) -> None:
        """The next letter typed is a capital (on) or not."""
        self.have_shift = on
        self._show_shift()

    def _show_shift(self):
        if self.have_shift:
            self.active_keys[-2] = self._shift_place()
        else:
            self.active_keys.pop(-2, None)
        self.refresh_active_keys_layer()

    def refresh_active_keys_layer(self):
        # Before the keys are first laid out (or while a page is changing) there is nothing to light.
        try:
            super().refresh_active_keys_layer()
        except (KeyError, IndexError):
            pass

    def _shift_place(self):
        rows = self.available_layouts[self.layout]
        for line in range(1, rows["rows"] + 1):
            for i, key in enumerate(rows[f"normal_{line}"]):
                if key[2] == "shift":
                    return (line, i)
        return (1, 0)

    def key_at(self, code: str):
        """Where the key typing `code` ("a", "ö", "shift", "enter") is, in window
        coordinates, on the page shown now (None when it is not on it)."""
        rows = self.available_layouts[self.layout]
        geometry = self.layout_geometry
        mode = self.layout_mode
        for line in range(1, rows["rows"] + 1):
            for i, key in enumerate(rows[f"{mode}_{line}"]):
                if code in (key[1], key[2]):
                    (x, y), (w, h) = geometry[f"LINE_{line}"][i]
                    return self.to_window(x + w / 2, y + h / 2)
        return None

    def process_key_on(self, touch):
        if not touch:
            return
        key = self.get_key_at_pos(*self.to_local(*touch.pos))
        if not key:
            return
        (_shown, typed, code, _size), place = key
        touch.ud[self.uid] = {"key": key}
        if code in ("shift", "capslock", "page", "special", "layout"):  # never repeated
            repeat = getattr(self, "_start_repeat_key_ev", None)
            if repeat is not None:
                repeat.cancel()
                self._start_repeat_key_ev = None
            self.repeat_touch = None
        if code == "shift":
            self.auto_shift(not self.have_shift)
            return
        if code == "page":  # the second page (accents, digits) and back
            more = self.letters + "-more"
            self.layout = self.letters if self.layout == more else more
            self._show_shift()
            return
        if typed:
            if self.have_shift and typed.strip() and not self.have_capslock:
                self.auto_shift(False)  # one capital, then lower case (the field may ask again)
            self.dispatch("on_textinput", typed)
        else:
            self.dispatch("on_key_down", code, typed, self._get_modifiers())
        self.active_keys[touch.uid] = place
        self.refresh_active_keys_layer()

    def process_key_up(self, touch):
        if self.uid not in touch.ud:
            return
        (_shown, typed, code, _size), _place = touch.ud[self.uid]["key"]
        if code not in ("shift", "page"):
            self.dispatch("on_key_up", code, typed, self._get_modifiers())
        if touch.uid in self.active_keys:
            self.active_keys.pop(touch.uid, None)
            self.refresh_active_keys_layer()


class NameKeyboard:
    """New game's half that types names on the docked keyboard (NewGameScreen mixes it
    in): the keyboard below the form, a capital where a name or word starts, Enter
    on to the next name, a touch elsewhere puts the keyboard away."""

    ids: Any
    keyboard_shown: bool
    size: Any

    def rows(self) -> list:
        raise NotImplementedError

    def name_focus(self, field, focused):
        if focused and field.keyboard_mode == "managed":
            self.show_keyboard(field)

    def show_keyboard(self, field):
        old = getattr(self, "_field", None)
        if old is not None and _row_of(old) is not None and _row_of(old).seat != _row_of(field).seat:
            old.focus = False
        self._field = field
        kb = getattr(self, "keyboard", None)
        setting = keyboard_setting()
        if kb is None or kb.language != language(setting):  # the table's language, should it change
            if kb is not None and kb.parent is not None:
                kb.parent.remove_widget(kb)
            kb = self.keyboard = DockedKeyboard(setting=setting)
            kb.bind(on_textinput=self._vk_text, on_key_down=self._vk_key)
        dock = self.ids.keyboard_dock
        if kb.parent is None:
            dock.add_widget(kb)
        # A portrait panel has room for taller keys (its keys are narrower).
        dock.height = dp(250) if theme.portrait(self.size) else dp(190)
        self.keyboard_shown = True
        self._capitalise(field)
        # The field stays in sight above the keyboard, once the form has shrunk.
        Clock.schedule_once(lambda _dt: self.ids.scroll.scroll_to(_row_of(field) or field, padding=dp(8),
                                                                      animate=False), 0)

    def hide_keyboard(self):
        kb = getattr(self, "keyboard", None)
        if kb is not None and kb.parent is not None:
            kb.parent.remove_widget(kb)
        if "keyboard_dock" in self.ids:
            self.ids.keyboard_dock.height = 0
        self.keyboard_shown = False
        field = getattr(self, "_field", None)
        self._field = None
        if field is not None and field.focus:
            field.focus = False

    def _capitalise(self, field):
        """A name starts with a capital by itself, and so does each word of it
        ("Ana Lena", "Jean-Luc"): the keyboard's Shift is on there, off elsewhere."""
        kb = getattr(self, "keyboard", None)
        if kb is not None:
            before = field.text[: field.cursor_index()]
            kb.auto_shift(not before.strip() or before[-1] in " -")

    def _vk_text(self, _kb, text):
        field = getattr(self, "_field", None)
        if field is not None:
            field.insert_text(text)
            self._capitalise(field)

    def _vk_key(self, _kb, keycode, internal, _modifiers):
        field = getattr(self, "_field", None)
        if field is None:
            return
        if keycode == "backspace":
            field.do_backspace()
            self._capitalise(field)
        elif keycode == "enter":
            self.next_name(field)
        elif keycode == "escape":
            self.hide_keyboard()
        elif internal:  # a window that sends keys, not text: the key's letter
            self._vk_text(_kb, internal)

    def next_name(self, field):
        """Enter: on to the next player's name; after the last one, the keyboard goes away."""
        rows = self.rows()
        seats = [r.seat for r in rows]
        row = _row_of(field)
        here = row.seat if row is not None and row.seat in seats else None
        later = [r for r in rows if here is not None and r.seat > here]
        if not later:
            self.hide_keyboard()
            field.focus = False
            return
        nxt = later[0].ids.name
        if nxt.keyboard_mode == "managed":
            self.show_keyboard(nxt)
        Clock.schedule_once(lambda _dt: setattr(nxt, "focus", True), 0)

    def on_touch_down(self, touch):
        # A touch on neither the keyboard nor a name field puts the keyboard away
        # (touch.pos is in window coordinates here: nothing above a screen is relative).
        for event in getattr(self, "_keeping", ()):  # the form no longer keeps its place: a finger moves it
            event.cancel()
        if self.keyboard_shown:
            dock = self.ids.keyboard_dock
            on_keys = dock.collide_point(*dock.to_widget(*touch.pos))
            on_name = any(r.ids.name.collide_point(*r.ids.name.to_widget(*touch.pos)) for r in self.rows())
            if not on_keys and not on_name:
                self.hide_keyboard()
        return super().on_touch_down(touch)  # type: ignore[misc]  # the Screen's, after this mixin


class PlayerPicker(ModalView):
    """The remembered players: tap one to seat them at a row, or rename one (their
    games stay theirs: companion/table/players.py keeps the former name)."""

    def __init__(self, screen, row, players, **kw):
        super().__init__(size_hint=(0.9, 0.94), auto_dismiss=True, **kw)
        self.screen, self.row, self.players = screen, row, players
        self.box = BoxLayout(orientation="vertical", spacing=dp(6), padding=dp(10))
        self.add_widget(self.box)
        self.show_list()

    def show_list(self):
        from kivy.uix.scrollview import ScrollView

        box = self.box
        box.clear_widgets()
        box.add_widget(Factory.Body(text=_("Who sits at seat {n}?", n=self.row.seat + 1), font_size="22sp",
                                    size_hint_y=None, height=dp(40)))
        scroll = ScrollView(do_scroll_x=False)
        inner = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(4))
        inner.bind(minimum_height=inner.setter("height"))
        for p in self.players:
            line = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(6))
            symbol = theme.colour(p.colour)[1] if p.colour else ""
            b = Factory.BigButton(text=f"{symbol} {p.name}".strip(), font_name=theme.SYMBOL_FONT)
            if p.colour in theme.COLOUR_NAMES:  # the player's colour with its symbol
                b.normal_fg = theme.colour(p.colour)[2]
            b.bind(on_release=lambda _b, pl=p: (self.screen.seat_player(self.row, pl), self.dismiss()))
            rename = Factory.BigButton(text=_("Rename…"), size_hint_x=None, width=dp(140), font_size="20sp")
            rename.bind(on_release=lambda _b, pl=p: self.show_rename(pl))
            line.add_widget(b)
            line.add_widget(rename)
            inner.add_widget(line)
        scroll.add_widget(inner)
        box.add_widget(scroll)

    def show_rename(self, player):
        from kivy.uix.textinput import TextInput

        box = self.box
        box.clear_widgets()
        box.add_widget(Factory.Body(text=_("A new name for {name} (their games stay theirs):", name=player.name),
                                    font_size="20sp", size_hint_y=None, height=dp(40)))
        field = TextInput(text=player.name, multiline=False, font_size="22sp", size_hint_y=None, height=dp(52),
                          background_color=theme.SURFACE_HI, foreground_color=theme.TEXT,
                          cursor_color=theme.ACCENT, write_tab=False)
        self.field = field
        box.add_widget(field)
        self.error = Factory.Notice(font_size="18sp")
        box.add_widget(self.error)
        buttons = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(8))
        cancel = Factory.BigButton(text=_("Cancel"))
        cancel.bind(on_release=lambda _b: self.show_list())
        ok = Factory.AccentButton(text=_("Rename"))
        ok.bind(on_release=lambda _b: self.rename(player))
        buttons.add_widget(cancel)
        buttons.add_widget(ok)
        box.add_widget(buttons)
        if physical_keyboard():
            field.focus = True
        else:  # the same docked keyboard as the name fields, inside this box
            field.keyboard_mode = "managed"
            kb = DockedKeyboard(setting=keyboard_setting(), size_hint=(1, None), height=dp(190))
            kb.bind(on_textinput=lambda _k, text: field.insert_text(text),
                    on_key_down=lambda _k, code, *_a: field.do_backspace() if code == "backspace" else (
                        self.rename(player) if code == "enter" else None))
            self.keyboard = kb
            box.add_widget(BoxLayout())  # the keyboard sits at the bottom
            box.add_widget(kb)

    def rename(self, player):
        problem = self.screen.rename_player(player, self.field.text)
        if problem:
            self.error.text = problem
            return
        self.players = [p for p in (self.screen.roster().get(q.id) for q in self.players)]
        self.show_list()
