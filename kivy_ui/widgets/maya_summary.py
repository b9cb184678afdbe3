"""The Maya round's end, as a summary that stays until tapped: each quarry's
result, each pyramid's level payments (who gets how much gold and why) and the
erosion checklist (per player and pyramid, which blocks to take off the real
board). Built once and refilled from the scoring event's `summary`: every word
comes from the game."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView
from kivy.utils import escape_markup

from .. import theme
from .maya_board import FONT


class RoundSummary(ModalView):
    def __init__(self, **kw: Any) -> None:
        super().__init__(auto_dismiss=False, size_hint=(1, 1), **kw)
        self.background = ""
        self.background_color = theme.BACKGROUND
        self.overlay_color = (0, 0, 0, 0.6)
        box = BoxLayout(orientation="vertical", padding=dp(10), spacing=dp(6))
        self.title = Label(font_size=sp(theme.GLANCE_PX + 4), bold=True, color=theme.ACCENT,
                           size_hint_y=None, height=dp(40), halign="left", valign="middle")
        self.title.bind(size=lambda w, s: setattr(w, "text_size", s))
        self.body = Label(font_size=sp(theme.MIN_PX + 4), color=theme.TEXT, markup=True, size_hint_y=None,
                          halign="left", valign="top", font_name=FONT)
        self.body.bind(width=lambda w, x: setattr(w, "text_size", (x, None)),
                       texture_size=lambda w, s: setattr(w, "height", s[1]))
        scroll = ScrollView(do_scroll_x=False, bar_width=dp(8))
        scroll.add_widget(self.body)
        self.ok = Factory.AccentButton(text="", height=dp(56))
        self.ok.bind(on_release=lambda *_: self.close())
        for w in (self.title, scroll, self.ok):
            box.add_widget(w)
        self.add_widget(box)
        self.shown = False
        self.on_close: Callable[[], None] | None = None

    def show(self, summary: dict) -> None:
        """summary: the scoring event's `summary` (title, sections of lines, the button's words)."""
        accent = theme.hex_colour(theme.ACCENT)
        self.title.text = summary["title"]
        parts = []
        for section in summary["sections"]:
            parts.append(f"[b][color={accent}]{escape_markup(section['title'])}[/color][/b]")
            parts += [escape_markup(line) for line in section["lines"]]
        self.body.text = "\n".join(parts)
        self.ok.text = summary["done"]
        if not self.shown:
            self.open(animation=False)
        self.shown = True

    def close(self) -> None:
        self.shown = False
        self.dismiss(animation=False)
        if self.on_close is not None:
            self.on_close()
