"""The generic board of the table screen (issue 21): for a game that brings no board
widget of its own, the public view's players — colour with its symbol, name, and
each public number the view gives them — one row each; a row's tap asks for that
seat's private view (the privacy gate). Everything shown comes from the frame's
public view; nothing here knows a game.

A game's own board (its `maya_companion.screens` entry point naming a widget
class that is not a Screen) is built as `Board(screen)` with `render(frame)`;
this one is the model.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout

from .. import theme


def public_numbers(player: dict[str, Any]) -> list[tuple[str, Any]]:
    """A player's public numbers in the view, with the view's own names for them."""
    return [(k.replace("_", " "), v) for k, v in player.items()
            if k not in ("seat", "name") and isinstance(v, int) and not isinstance(v, bool)]


class TableBoard(BoxLayout):
    def __init__(self, screen, **kw):
        kw.setdefault("orientation", "vertical")
        kw.setdefault("spacing", dp(4))
        super().__init__(**kw)
        self.screen = screen
        self.rows: list[Any] = []

    def render(self, frame) -> None:
        players = list(frame.view.get("players") or [])
        if len(self.rows) != len(players):
            self.clear_widgets()
            self.rows = []
            for seat in range(len(players)):
                b = Factory.BigButton(font_name=theme.SYMBOL_FONT, halign="left")
                b.seat = seat
                b.bind(on_release=lambda r: self.screen.ask_to_look(r.seat))
                self.rows.append(b)
                self.add_widget(b)
        colours = self.screen.colours()
        for seat, (row, player) in enumerate(zip(self.rows, players)):
            _name, symbol, rgba = colours[seat] if seat < len(colours) else ("", "", theme.TEXT)
            row.normal_fg = rgba
            numbers = "   ".join(f"{k} {v}" for k, v in public_numbers(player))
            mark = "▶ " if seat in frame.acting else ""
            text = f"{mark}{symbol} {player.get('name', '')}   {numbers}".strip()
            if row.text != text:
                row.text = text
