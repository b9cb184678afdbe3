"""What every game's table screen shares: following the table controller, the
private-view overlay (the privacy gate's window), Undo and Redo.

A game screen subclasses GameScreen and provides `render()` (the public view),
`private_content(seat, view)` (what the open gate shows that seat),
`new_table()` (forget what belonged to the previous game) and `reset_input()`
(back to the first step of entering a move, after Undo or Redo).
"""
from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from ..widgets.gate import GateView


class GameScreen(Screen):
    prompt = StringProperty("")
    summary = StringProperty("")
    message = StringProperty("")
    can_redo = BooleanProperty(False)  # a Redo button shows right after an Undo

    def __init__(self, **kw):
        super().__init__(**kw)
        self.gate_view = GateView(self)
        self._table = None

    # --- for subclasses ---------------------------------------------------------------
    def render(self):
        raise NotImplementedError

    def new_table(self):
        """A different game was opened: forget the last one's input and sentences."""

    def reset_input(self):
        """Back to the first step of entering a move."""

    # --- wiring -------------------------------------------------------------------
    def refresh(self):
        table = App.get_running_app().table
        if table is not self._table:
            self._table = table
            self.new_table()
            table.subscribe(self._on_table)
        self.render()

    def on_leave(self, *_):
        self.gate_view.close()

    def _on_table(self, table, what):
        if table is not self._table:
            return
        if what in ("view", "message", "device"):
            self.render()
        if what == "gate":
            self.gate_view.sync(table)

    # --- Undo and Redo ------------------------------------------------------------------
    def undo(self):
        self.reset_input()
        self._table.undo()
        self.render()

    def redo(self):
        self.reset_input()
        self._table.redo()
        self.render()
