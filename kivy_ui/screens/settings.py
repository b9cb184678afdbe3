"""Settings: what a table sets once and keeps (issue 24: the table's language; issue 25:
the spoken cues and their volume). One row per setting, each a label and big answers a
finger can hit; the answer chosen is the highlighted one. A change is applied at
once (every screen speaks the new language, the next cue is spoken or not) and written
to the config file's [app] section, so the next start is the same."""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.i18n import LANGUAGES

from ..devices import SPEECH_VOLUMES
from ..i18n import _


class SettingRow(BoxLayout):
    """One setting: its name on the left, its answers (buttons) on the right; the
    widgets a rule puts in a row go among its answers."""

    label = StringProperty("")

    def add_widget(self, widget: Any, *args: Any, **kw: Any) -> None:
        answers = self.ids.get("answers")
        if answers is None or widget is answers:  # the row's own parts, while its rule applies
            super().add_widget(widget, *args, **kw)
        else:
            answers.add_widget(widget, *args, **kw)


class SettingsScreen(Screen):
    notice = StringProperty("")
    #: espeak-ng is installed; else speech_missing says so in a sentence and On is greyed.
    speech_available = BooleanProperty(True)
    speech_missing = StringProperty("")
    speech_live = BooleanProperty(False)  # spoken cues on (the volume row answers)
    volume = NumericProperty(50)
    volume_min = NumericProperty(SPEECH_VOLUMES[0])
    volume_max = NumericProperty(SPEECH_VOLUMES[-1])

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
        app = App.get_running_app()
        current = getattr(app, "language", "") or "en"
        for code, b in self._languages.items():
            self._highlight(b, code == current)
        speech = app.speech
        self.speech_available = speech.available
        self.speech_missing = "" if speech.available else _(
            "Spoken cues need espeak-ng, which is not installed here (sudo apt install espeak-ng).")
        self.speech_live = speech.on
        self.volume = speech.volume
        self._highlight(self.ids.speech_on, speech.on)
        self._highlight(self.ids.speech_off, not speech.on)

    @staticmethod
    def _highlight(b: Any, chosen: bool) -> None:
        from ..theme import ACCENT, SURFACE_HI, TEXT

        b.normal_bg = ACCENT if chosen else SURFACE_HI
        b.normal_fg = (0.05, 0.05, 0.05, 1) if chosen else TEXT
        b.bold = chosen

    def choose_language(self, code: str) -> None:
        app = App.get_running_app()
        problem = app.set_language(code)
        self.notice = problem or ""
        self.refresh()

    def choose_speech(self, on: bool) -> None:
        """Spoken cues on or off, at once and remembered; turned on, it says so aloud."""
        app = App.get_running_app()
        self.notice = app.speech.set_on(on) or ""
        self.refresh()
        if app.speech.on:
            app.speech.say(_("Spoken cues are on."), app.language)

    def step_volume(self, step: int) -> None:
        """One step louder (1) or quieter (-1), said at the new volume so the table hears it."""
        app = App.get_running_app()
        self.notice = app.speech.step_volume(step) or ""
        self.refresh()
        app.speech.say(_("Spoken cues at this volume."), app.language)


__all__ = ["SettingRow", "SettingsScreen"]
