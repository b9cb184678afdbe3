"""The generic table screen (issue 21): one template any game is played on.

It renders only `GameScreen.frame` (companion/table/frame.py) and sends back
`GameScreen.choose(key, picks, seat)`: the top bar (Home, the waiting sentence,
Log, Undo, Redo, always in the same places), a board slot, the message line and
the choices bar (kivy_ui/widgets/choices_bar.py: choices by group and slot, a
picker for a choice with parts; a choice's confirmation is asked by
GameScreen.choose). A game may bring its own board widget through its screen
entry point (`maya_companion.screens` naming a widget class that is not a
Screen: built as `Board(screen)`, with `render(frame)`); without one the
generic board (kivy_ui/widgets/table_board.py) shows the public view's players
and their public numbers.

The private view (through the privacy gate, kivy_ui/widgets/gate.py) shows the
gate's view in the game's own sentences (its `private_lines`) and that seat's own
choices, sent back with the seat. A game whose screen entry point names its own
GameScreen is not played here.
"""
from __future__ import annotations

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.boxlayout import BoxLayout

from .. import theme
from ..widgets.choices_bar import ChoicesBar
from ..widgets.table_board import TableBoard
from .game_screen import GameScreen

Factory.register("ChoicesBar", cls=ChoicesBar)

#: The most height the choices bar takes from the board; more choices scroll.
CHOICES_MAX = 190


class TableScreen(GameScreen):
    can_undo = BooleanProperty(False)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.board = None

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        self.ids.choices.bind(height=self._fit_choices)
        self._fit_choices()

    def _fit_choices(self, *_):
        """The bar's place is as tall as its choices (up to CHOICES_MAX), and scrolls
        only when they are taller: a tap on a bar that fits never nudges it, so a
        button stays where the finger found it."""
        scroll, bar = self.ids.choices_scroll, self.ids.choices
        scroll.height = min(dp(CHOICES_MAX), bar.height)
        scroll.do_scroll_y = bar.height > scroll.height
        scroll.scroll_y = 1

    # --- GameScreen's hooks ----------------------------------------------------------
    def new_table(self):
        self.ids.choices.forget()
        self.ids.board.clear_widgets()
        self.board = None

    def _board(self):
        if self.board is None:
            from . import board_class

            cls = board_class(self.frame.game) if self.frame is not None else None
            self.board = (cls or TableBoard)(self)
            self.ids.board.add_widget(self.board)
        return self.board

    def render(self):
        frame = self.frame
        if frame is None:
            return
        self.prompt = frame.waiting
        self.message = frame.message or frame.notice
        self._chrome()  # Undo and Redo greyed out in place (GameScreen)
        self._board().render(frame)
        self.ids.choices.show(frame.choices, lambda key, picks: self.choose(key, picks))

    def private_content(self, seat, view):
        """The open gate's window: the seat's secrets in the game's sentences, then its
        own choices (sent back with the seat)."""
        from companion.games import get_game

        box = BoxLayout(orientation="vertical", spacing=dp(8))
        game = self.frame.game if self.frame is not None else ""
        try:
            lines = get_game(game).private_lines(view)
        except Exception:  # a game that cannot say them: its view's own words, plainly
            lines = []
        for line in lines:
            label = Factory.Body(text=line, size_hint_y=None, height=dp(40), font_name=theme.SYMBOL_FONT)
            box.add_widget(label)
        bar = ChoicesBar()
        gate = self.frame.gate if self.frame is not None else None
        choices = gate.choices if gate is not None and gate.seat == seat else ()
        bar.show(choices, lambda key, picks: self.choose(key, picks, seat))
        box.add_widget(bar)
        box.add_widget(BoxLayout())
        return box

    # --- what the board asks ------------------------------------------------------
    def ask_to_look(self, seat: int) -> None:
        """A player's row was tapped: that seat asks for its private view (the gate)."""
        if self._table is not None:
            self._table.request_peek(seat)

    def colours(self) -> list[tuple]:
        """(name, symbol, rgba) per seat, as chosen at New game when the frame says."""
        frame = self.frame
        players = len(frame.players) if frame is not None else 0
        chosen = getattr(frame, "colours", None)
        return theme.seat_colours({"colours": list(chosen)} if chosen else None, players)
