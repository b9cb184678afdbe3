"""Charm hunt's own board for the generic table screen (issue 21: a game may bring
its board through its screen entry point). Only the app imports it: the rules
never do. It shows each player's track as a row of steps up to the target."""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout


class CharmBoard(BoxLayout):
    def __init__(self, screen: Any, **kw: Any) -> None:
        super().__init__(orientation="vertical", **kw)
        self.screen = screen
        self.tracks: list[Any] = []

    def render(self, frame: Any) -> None:
        players = frame.view["players"]
        if len(self.tracks) != len(players):
            self.clear_widgets()
            self.tracks = [Factory.Body() for _ in players]
            for label in self.tracks:
                self.add_widget(label)
        target = frame.view["target"]
        for label, p in zip(self.tracks, players):
            label.text = f"{p['name']}: " + "●" * p["score"] + "·" * max(0, target - p["score"])
