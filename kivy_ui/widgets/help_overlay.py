""""What can I do now?" over a table screen (issue 25 §1): the phase and its short
summary, what each choice does, and why the moves players often try are not allowed
now, all in the game's and the companion's words (companion/table/help.py builds
the `Help`, its sections' titles too; this only lays it out). One tap on **Close**
(top right, where the bar's Redo was) shuts it.

Everything is at least theme.GLANCE_PX, read from across the table; the lines wrap,
never shortened, and a long help scrolls. The same overlay shows a seat's own help
behind the privacy gate (opened from the gate's window, over it).
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from .. import theme
from ..i18n import kept, pgettext
from .fit import fit_font
from .gate import GateModal

#: what the table reads at a glance; a section's title is a little larger
LINE_SP = 24
TITLE_SP = 26


class HelpOverlay(GateModal):
    """Help over the whole window; `show(help)` fills it from a companion Help."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        top = BoxLayout(size_hint_y=None, height=dp(theme.CHROME_H + 4), spacing=dp(10))
        self.title = Factory.Heading(height=dp(theme.CHROME_H))
        fit_font(self.title, sp(30), sp(24))
        top.add_widget(self.title)
        self.close_button = kept(Factory.AccentButton(size_hint_x=None, width=dp(150)),
                                 lambda: pgettext("close the help", "Close"))
        self.close_button.bind(on_release=lambda *_: self.dismiss(animation=False))
        top.add_widget(self.close_button)
        box.add_widget(top)
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(10), scroll_type=["bars", "content"])
        # the right padding keeps the text clear of the scroll bar
        self.lines = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(6), padding=(0, 0, dp(16), 0))
        self.lines.bind(minimum_height=self.lines.setter("height"))
        self.scroll.add_widget(self.lines)
        box.add_widget(self.scroll)
        self.add_widget(box)
        self.help: Any = None
        #: called on every touch (a seat's help keeps its private view open while read)
        self.touched: Any = None

    def on_touch_down(self, touch: Any) -> bool:
        if self.touched is not None and not self._below(touch):
            self.touched()
        return bool(super().on_touch_down(touch))

    def show(self, help: Any) -> None:
        """Lay out `help` (companion.table.help.Help) and open over the screen."""
        self.help = help
        self.title.text = help.title
        self.lines.clear_widgets()
        self._line(help.phase, bold=True, size=TITLE_SP, colour=theme.ACCENT)
        for line in help.summary:
            self._line(_escape(line))
        if help.waiting:
            self._line(_escape(help.waiting), colour=theme.TEXT_DIM)
        if help.choices:
            self._line(help.choices_title, bold=True, size=TITLE_SP, colour=theme.ACCENT)
            for c in help.choices:
                self._line(f"[b]{_escape(c.label)}[/b]: {_escape(c.sentence)}")
        if help.refusals:
            self._line(help.refusals_title, bold=True, size=TITLE_SP, colour=theme.ACCENT)
            for r in help.refusals:
                self._line(f"[b]{_escape(r.label)}[/b]: {_escape(r.sentence)}")
        if not self._is_open:  # refilled in place after a move (GameScreen._refresh_help)
            self.open(animation=False)
        self.scroll.scroll_y = 1

    def _line(self, text: str, bold: bool = False, size: float = LINE_SP, colour: Any = None) -> None:
        label = Factory.Body(text=f"[b]{_escape(text)}[/b]" if bold else text, markup=True,
                             font_size=sp(size), size_hint_y=None, color=colour or theme.TEXT)
        label.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(4)))
        self.lines.add_widget(label)

    def texts(self) -> list[str]:
        """What the overlay shows, line by line (tests)."""
        return [w.text for w in reversed(self.lines.children)]


def _escape(text: str) -> str:
    """A game's sentence shown as markup: its own brackets are text, not tags."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


__all__ = ["HelpOverlay"]
