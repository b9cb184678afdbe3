"""Home: resume the game in progress, start a new one, see past games."""
from __future__ import annotations

import time

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen



def game_title(name: str) -> str:
    try:
        from companion.games import get_game

        return get_game(name).title or name
    except Exception:  # an engine that cannot load must not take home down with it
        return name


class HomeScreen(Screen):
    def refresh(self):
        app = App.get_running_app()
        box = self.ids.resume_list
        box.clear_widgets()
        self.ids.notice.text = app.notice or ""
        if app.journal is None:
            return
        games = app.journal.in_progress()
        self.ids.resume_hint.text = "Games in progress — tap to resume:" if games else "No game in progress."
        for g in games[:3]:
            b = Factory.AccentButton(
                text=f"Resume {game_title(g['game'])}: {', '.join(g['players'])} "
                     f"({g['actions']} moves, {time.strftime('%H:%M', time.localtime(g['started']))})",
                font_size="20sp",
            )
            b.bind(on_release=lambda _b, sid=g["id"]: self.resume(sid))
            box.add_widget(b)

    def resume(self, session_id):
        app = App.get_running_app()
        problem = app.resume(session_id)
        if problem:
            self.ids.notice.text = problem

    def toggle_sounds(self):
        app = App.get_running_app()
        app.set_sounds(not app.sounds_on)
