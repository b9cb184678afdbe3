"""The game log on the shared screen: every move and event in sentences, as the
whole table may read them (TABLE views only), and the newest entry for the line
under the board.

The session writes the log as it commits (`session.log`, handed out by the
table controller as `frame.log` / `table.log()`); LogFollower only notices
which entries are new since it last looked, so a screen can react to one.
LogOverlay shows it, scrollable, over the game screen; it opens from the "Log"
button every game screen has.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.table import words
from companion.table.log import LogEntry

from .. import theme
from ..i18n import _, kept, pgettext
from ..widgets.fit import fit_font
from ..widgets.gate import GateModal


class LogFollower:
    """Follows the TABLE log of one table (its entries are the session's own).

    entries: the LogEntry list seen so far (each with n, actor, sentences, kind,
    events). update() -> (new entries, rebuilt): rebuilt is True when entries were
    taken back (Undo), so nothing in the new entries is news.
    """

    def __init__(self, log: Callable[[], Sequence[LogEntry]]):
        self._log = log
        self.entries: Sequence[LogEntry] = ()

    def update(self, log: Sequence[LogEntry] | None = None) -> tuple[list[LogEntry], bool]:
        """log: the entries as the latest frame holds them (frame.log), else the table's.
        They are the session's own objects, kept as they are (no copy, no second pass
        over the game): a move adds one at the end, an Undo takes the last ones off."""
        log = self._log() if log is None else log
        mine = self.entries
        k = min(len(mine), len(log))
        if k and mine[k - 1] is not log[k - 1]:  # entries taken back (and others made since)
            k = 0
            while mine[k] is log[k]:
                k += 1
        rebuilt = k < len(mine)
        new = log if rebuilt else log[k:]
        self.entries = log
        return list(new), rebuilt

    def newest(self) -> str:
        """The newest player's move and what it caused (a draw after it is in the
        log, not on the table line: a turn never opens with the last one's draw)."""
        for e in reversed(self.entries):
            if e.by_player:
                return e.sentence
        return self.entries[-1].sentence if self.entries else ""


#: the log's three buttons (Fix a number…, Phones, Back) side by side, in dp
BUTTONS_DP = 220 + 140 + 130 + 20


class LogOverlay(GateModal):
    """The whole log, newest at the bottom, scrolled to it; one tap closes it."""

    def __init__(self, **kw):
        super().__init__(**kw)
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        # the title, then the buttons; on a narrow screen (portrait) the buttons on a row of their own
        self.top_box = top = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(10))
        self.title = kept(Factory.Heading(), lambda: _("What happened"))
        fit_font(self.title, sp(30), sp(22))  # a longer language's title shrinks rather than wrap
        top.add_widget(self.title)
        self.buttons = buttons = BoxLayout(size_hint_x=None, width=dp(BUTTONS_DP), spacing=dp(10))
        self.fix_button = kept(Factory.BigButton(size_hint_x=None, width=dp(220)), lambda: _("Fix a number…"))
        self.fix_button.bind(on_release=lambda *_: self._fix())
        buttons.add_widget(self.fix_button)
        # Phones as private hands (docs/phones.md): off until the table turns them on there.
        self.phones_button = kept(Factory.BigButton(size_hint_x=None, width=dp(140)), lambda: _("Phones"))
        self.phones_button.bind(on_release=lambda *_: self._phones())
        buttons.add_widget(self.phones_button)
        self.close_button = kept(Factory.AccentButton(size_hint_x=None, width=dp(130)),
                                 lambda: pgettext("close the log", "Back"))
        self.close_button.bind(on_release=lambda *_: self.dismiss(animation=False))
        buttons.add_widget(self.close_button)
        top.add_widget(buttons)
        top.bind(width=self._arrange)
        box.add_widget(top)
        self.empty = kept(Factory.Body(size_hint_y=None, height=0, opacity=0, font_size=sp(24)),
                          lambda: words.empty_log())
        box.add_widget(self.empty)
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(10), scroll_type=["bars", "content"])
        self.lines = BoxLayout(orientation="vertical", size_hint_y=None, spacing=dp(6))
        self.lines.bind(minimum_height=self.lines.setter("height"))
        self.scroll.add_widget(self.lines)
        box.add_widget(self.scroll)
        self.add_widget(box)
        self._shown = 0  # entries already made into lines
        self._follower: LogFollower | None = None
        self._on_fix: Any = None

    def _arrange(self, *_: Any) -> None:
        """The title beside the buttons when there is room for both, above them when not."""
        narrow = self.top_box.width < dp(BUTTONS_DP + 240)
        self.top_box.orientation = "vertical" if narrow else "horizontal"
        self.buttons.size_hint_x = 1 if narrow else None
        self.buttons.width = dp(BUTTONS_DP)
        for b, share, wide in ((self.fix_button, 0.45, 220), (self.phones_button, 0.28, 140),
                               (self.close_button, 0.27, 130)):
            b.size_hint_x = share if narrow else None
            b.width = dp(wide)
        self.buttons.size_hint_y = None if narrow else 1
        self.buttons.height = dp(56)
        self.top_box.height = dp(52 + 56 + 10) if narrow else dp(56)

    def forget(self) -> None:
        """Another game: its lines are built afresh when the log next opens."""
        self.lines.clear_widgets()
        self._shown = 0

    def _phones(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        came_from = app.sm.current_screen  # the game screen this log is over
        self.dismiss(animation=False)
        phones = app.show("phones")
        # Back returns here: the game, with its log open again (issue 22 §1).
        phones.back_to = lambda: (app.show(came_from.name), came_from.open_log())

    def _fix(self) -> None:
        self.dismiss(animation=False)
        if self._on_fix is not None:
            self._on_fix()

    def show(self, follower: LogFollower, names: list[str], colours: list[tuple], on_fix: Any = None,
             opening: Sequence[str] = ()) -> None:
        """opening: the lines before the first action (who the companion drew to start)."""
        self._on_fix = on_fix
        follower.update()
        if self._shown > len(follower.entries) or self._follower is not follower:
            self.forget()  # an Undo took entries back, or another game: build again
        self._follower = follower
        if not self.lines.children:
            for line in opening:
                self.lines.add_widget(self._opening(line))
        for e in follower.entries[self._shown:]:
            self.lines.add_widget(self._line(e, names, colours))
        self._shown = len(follower.entries)
        told = bool(follower.entries or opening)
        self.empty.height = 0 if told else dp(48)
        self.empty.opacity = 0 if told else 1
        self.open(animation=False)
        self.scroll.scroll_y = 0  # the newest entry, at the bottom

    @staticmethod
    def _opening(text: str):
        label = Factory.Body(text=text, font_size=sp(24), size_hint_y=None, color=theme.TEXT_DIM)
        label.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(4)))
        return label

    @staticmethod
    def _line(e: LogEntry, names: list[str], colours: list[tuple]):
        actor = e.actor
        text = e.sentence
        mover = e.by_player and actor < len(names)
        if mover:
            _name, symbol, rgba = colours[actor]
            text = f"[color={theme.hex_colour(rgba)}]{symbol}[/color]  {text}"
        label = Factory.Body(text=text, markup=True, font_name=theme.SYMBOL_FONT, font_size=sp(24),
                             size_hint_y=None, color=theme.TEXT if mover else theme.TEXT_DIM)
        label.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(4)))
        return label
