"""Past games from the journal: when, what, who, and who won."""
from __future__ import annotations

import time

from kivy.app import App
from kivy.factory import Factory
from kivy.uix.screenmanager import Screen

from .home import game_title


class HistoryScreen(Screen):
    def refresh(self):
        app = App.get_running_app()
        box = self.ids.games
        box.clear_widgets()
        games = app.journal.history() if app.journal is not None else []
        if not games:
            box.add_widget(Factory.Dim(text="No finished games yet.", size_hint_y=None, height="44dp"))
        for g in games[:50]:
            when = time.strftime("%d %b %H:%M", time.localtime(g["started"]))
            players = g["players"]
            winners = ", ".join(players[i] for i in g.get("winners") or [])
            scores = " · ".join(f"{p} {s}" for p, s in zip(players, g.get("scores") or []))
            text = f"{when}  {game_title(g['game'])}: {scores}" + (f"  — {winners} won" if winners else "")
            box.add_widget(Factory.Body(text=text, font_size="19sp", size_hint_y=None, height="44dp"))
