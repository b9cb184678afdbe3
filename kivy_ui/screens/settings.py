"""Settings: what a table sets once and keeps (issue 24: the table's language; later
the volume and the like). One row per setting, each a label and big answers a
finger can hit; the answer chosen is the highlighted one. A change is applied at
once (every screen speaks the new language) and written to the config file's
[app] section, so the next start is the same."""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.i18n import LANGUAGES


class SettingRow(BoxLayout):
    """One setting: its name on the left, its answers (buttons) on the right."""

    label = StringProperty("")


class SettingsScreen(Screen):
    notice = StringProperty("")

    def __init__(self, **kw):
        self._languages: dict[str, Any] = {}  # before super(): the rows are filled in on_kv_post
        super().__init__(**kw)

    def on_kv_post(self, base_widget):
        row = self.ids.language_row
        for code, own_name in LANGUAGES.items():  # each language in its own name: found by who reads it
            b = Factory.BigButton(text=own_name, font_size="22sp", height=dp(72))
            b.code = code
            b.bind(on_release=lambda b: self.choose_language(b.code))
            row.ids.answers.add_widget(b)
            self._languages[code] = b

    def refresh(self):
        from ..theme import ACCENT, SURFACE_HI, TEXT

        app = App.get_running_app()
        current = getattr(app, "language", "") or "en"
        for code, b in self._languages.items():
            chosen = code == current
            b.normal_bg = ACCENT if chosen else SURFACE_HI
            b.normal_fg = (0.05, 0.05, 0.05, 1) if chosen else TEXT
            b.bold = chosen

    def choose_language(self, code: str) -> None:
        app = App.get_running_app()
        problem = app.set_language(code)
        self.notice = problem or ""
        self.refresh()


__all__ = ["SettingRow", "SettingsScreen"]
