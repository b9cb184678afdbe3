"""The one top bar of every table screen (issue 22 §1): Home at the left, the
screen's own middle (its players, its prompt), then Log, Undo and Redo at the
right. The four chrome buttons have the same size and font in every game
(theme.CHROME_*) and never move: one not available now is disabled in place.

A screen's .kv puts the bar at the top and gives it its middle as children:

    TableTopBar:
        id: bar
        screen: root          # the GameScreen: its undo(), redo(), open_log(); can_undo, can_redo followed
        Glance:               # anything here goes in the middle slot (its ids stay the screen's)
            id: prompt
            text: root.prompt

The buttons are `bar.ids.home`, `.log`, `.undo`, `.redo`; GameScreen also names them in
its own ids (`screen.ids.undo`...) and `screen.log_button`. Narrower than
theme.CHROME_ONE_ROW dp (portrait), the middle goes on a second row under the
buttons, `middle_height` high (a screen may set it); the buttons stay where they are.
"""
from __future__ import annotations

from typing import Any

from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from .. import theme

#: the bar's own widgets, the last of its rule is `redo`: children added after it go to the middle
CHROME = ("home", "log", "undo", "redo")


class TableTopBar(BoxLayout):
    screen = ObjectProperty(None, allownone=True)
    #: the screen's can_undo / can_redo (GameScreen keeps them in step): False greys the button out
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    #: the middle's height on its own row (portrait: two lines of glance text); on one
    #: row it is the row's. A screen may set it (its players' tiles).
    middle_height = NumericProperty(dp(theme.CHROME_H + 16))
    #: the four buttons' width: theme.CHROME_W, or as wide as the longest of their words
    #: needs in the table's language (a pseudo-locale's), the four always alike
    chrome_width = NumericProperty(dp(theme.CHROME_W))

    def __init__(self, **kw: Any) -> None:
        self._spacer = Widget()
        super().__init__(**kw)
        self.bind(width=self._arrange)

    def add_widget(self, widget: Any, *args: Any, **kw: Any) -> None:
        """Once the bar's own rule is done, what a screen's .kv gives it is its middle."""
        if "redo" in self.ids and widget != self.ids.get("row"):  # ids hold weak proxies: ==, not `is`
            self.ids.middle.add_widget(widget, *args, **kw)
            return
        super().add_widget(widget, *args, **kw)

    @property
    def one_row(self) -> bool:
        return bool(self.width >= dp(theme.CHROME_ONE_ROW))

    def _arrange(self, *_: Any) -> None:
        """The middle between Home and Log on a wide screen, under the buttons on a narrow one."""
        middle, row = self._parts()
        if middle is None or row is None:
            return
        if self.one_row == (middle.parent == row):
            self._fit()
            return
        middle.parent.remove_widget(middle)
        if self.one_row:
            row.remove_widget(self._spacer)
            row.add_widget(middle, index=len(row.children) - 1)  # right after Home
            middle.size_hint_y = 1
        else:
            row.add_widget(self._spacer, index=len(row.children) - 1)
            middle.size_hint_y = None
            BoxLayout.add_widget(self, middle)
        self._fit()

    def _parts(self) -> tuple[Any, Any]:
        """The middle slot and the buttons' row, themselves (not the ids' weak proxies)."""
        middle, row = self.ids.get("middle"), self.ids.get("row")
        return getattr(middle, "__self__", middle), getattr(row, "__self__", row)

    def _fit(self, *_: Any) -> None:
        middle, row = self._parts()
        if middle is None or row is None:
            return
        if middle.parent == row:
            self.height = row.height
        else:
            middle.height = self.middle_height
            self.height = row.height + self.spacing + self.middle_height

    def on_middle_height(self, *_: Any) -> None:
        self._fit()

    def on_kv_post(self, base_widget: Any) -> None:
        for name in CHROME:
            self.ids[name].bind(text=self._chrome_width, font_size=self._chrome_width)
        self._chrome_width()
        self._arrange()
        self._fit()

    def _chrome_width(self, *_: Any) -> None:
        from .fit import natural_width

        buttons = [self.ids[name] for name in CHROME]
        need = max(natural_width(b.text, b.font_size, b.font_name, b.bold) for b in buttons) + dp(8)
        self.chrome_width = max(dp(theme.CHROME_W), need)
