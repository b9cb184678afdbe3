"""The game log on the shared screen: every move and event in sentences, as the
whole table may read them (TABLE views only), and the newest entry for the line
under the board.

LogFollower keeps the log of the running session up to date one action at a
time (a move costs one apply and one view, not a replay of the game); an Undo
that takes actions back rebuilds it once. LogOverlay shows it, scrollable, over
the game screen; it opens from the "Log" button every game screen has.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.corrections import correction_sentence, is_correction, step
from companion.engine import TABLE
from companion.log import entry as log_entry

from .. import theme
from ..widgets.gate import GateModal


def _is_seat(actor: Any) -> bool:
    return isinstance(actor, int) and not isinstance(actor, bool)


class LogFollower:
    """The TABLE log of one session, kept in step with its actions in effect.

    entries: [{"n", "actor", "sentences", "events"}] (events: the after-view's
    event dicts with their "kind", for a screen that reacts to one).
    update() -> (new entries, rebuilt): rebuilt is True when actions were taken
    back (Undo), so nothing in the new entries is news.
    """

    def __init__(self, session: Any):
        self.session = session
        self.game = session.game
        self.entries: list[dict] = []
        self._actions: list[Mapping] = []
        self._state = self.game.setup(list(session.players), dict(session.options))
        self._view = self.game.view(self._state, TABLE)

    def _same_prefix(self, actions: list) -> int:
        mine = self._actions
        k = min(len(mine), len(actions))
        if k and mine[k - 1] is actions[k - 1] and (k < 2 or mine[0] is actions[0]):
            return k
        i = 0
        while i < k and (mine[i] is actions[i] or mine[i] == actions[i]):
            i += 1
        return i

    def update(self) -> tuple[list[dict], bool]:
        actions = list(self.session.actions)
        k = self._same_prefix(actions)
        rebuilt = k < len(self._actions)
        if rebuilt:
            self.entries.clear()
            self._actions = []
            self._state = self.game.setup(list(self.session.players), dict(self.session.options))
            self._view = self.game.view(self._state, TABLE)
            k = 0
        new = []
        for n in range(k, len(actions)):
            action = actions[n]
            self._state = step(self.game, self._state, action)  # a move, or a number fixed
            after = self.game.view(self._state, TABLE)
            e = log_entry(self.game, self._view, action, after, n)
            if is_correction(action):
                e["sentences"] = [correction_sentence(action, list(self.session.players))]
            e["events"] = list(after.get("events") or [])
            self.entries.append(e)
            new.append(e)
            self._view = after
        self._actions = actions
        return new, rebuilt

    def newest(self) -> str:
        """The newest player's move and what it caused (a draw after it is in the
        log, not on the table line: a turn never opens with the last one's draw)."""
        for e in reversed(self.entries):
            if _is_seat(e["actor"]):
                return " ".join(e["sentences"])
        return " ".join(self.entries[-1]["sentences"]) if self.entries else ""


class LogOverlay(GateModal):
    """The whole log, newest at the bottom, scrolled to it; one tap closes it."""

    def __init__(self, **kw):
        super().__init__(**kw)
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        top = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(10))
        self.title = Factory.Heading(text="What happened")
        top.add_widget(self.title)
        self.fix_button = Factory.BigButton(text="Fix a number…", size_hint_x=None, width=dp(220))
        self.fix_button.bind(on_release=lambda *_: self._fix())
        top.add_widget(self.fix_button)
        # Phones as private hands (docs/phones.md): off until the table turns them on there.
        self.phones_button = Factory.BigButton(text="Phones", size_hint_x=None, width=dp(140))
        self.phones_button.bind(on_release=lambda *_: self._phones())
        top.add_widget(self.phones_button)
        self.close_button = Factory.AccentButton(text="Back", size_hint_x=None, width=dp(130))
        self.close_button.bind(on_release=lambda *_: self.dismiss(animation=False))
        top.add_widget(self.close_button)
        box.add_widget(top)
        self.empty = Factory.Body(text="Nothing has happened yet.", size_hint_y=None, height=0, opacity=0,
                                  font_size=sp(24))
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

    def forget(self) -> None:
        """Another game: its lines are built afresh when the log next opens."""
        self.lines.clear_widgets()
        self._shown = 0

    def _phones(self) -> None:
        from kivy.app import App

        self.dismiss(animation=False)
        App.get_running_app().show("phones")

    def _fix(self) -> None:
        self.dismiss(animation=False)
        if self._on_fix is not None:
            self._on_fix()

    def show(self, follower: LogFollower, names: list[str], colours: list[tuple], on_fix: Any = None) -> None:
        self._on_fix = on_fix
        follower.update()
        if self._shown > len(follower.entries) or self._follower is not follower:
            self.forget()  # an Undo took entries back, or another game: build again
        self._follower = follower
        for e in follower.entries[self._shown:]:
            self.lines.add_widget(self._line(e, names, colours))
        self._shown = len(follower.entries)
        self.empty.height = 0 if follower.entries else dp(48)
        self.empty.opacity = 0 if follower.entries else 1
        self.open(animation=False)
        self.scroll.scroll_y = 0  # the newest entry, at the bottom

    @staticmethod
    def _line(e: dict, names: list[str], colours: list[tuple]):
        actor = e["actor"]
        text = " ".join(e["sentences"])
        mover = _is_seat(actor) and actor < len(names)
        if mover:
            _name, symbol, rgba = colours[actor]
            text = f"[color={theme.hex_colour(rgba)}]{symbol}[/color]  {text}"
        label = Factory.Body(text=text, markup=True, font_name=theme.SYMBOL_FONT, font_size=sp(24),
                             size_hint_y=None, color=theme.TEXT if mover else theme.TEXT_DIM)
        label.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(4)))
        return label
