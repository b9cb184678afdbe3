"""The choices bar of the generic table screen (issue 21): the game's Choices laid
out by group and slot, and the picker for a choice made of parts.

A group is one row: its title (the game's words) and one cell per slot the game
has used in that group so far, so a button stays where it was from player to
player and turn to turn; a slot missing now leaves its cell empty. A choice with
parts opens the Picker, which asks one part at a time with only the values still
possible (companion.rules.choices.options_for) and hands the picks back. The bar sends
back the choice's key (and picks) through `on_choose(key, picks)`; it writes no
sentence of its own and never builds an action.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.widget import Widget

from companion.rules.choices import next_part, options_for

from .. import theme
from ..i18n import _


class ChoicesBar(BoxLayout):
    """Rows of choice buttons, one row per group, cells by slot."""

    def __init__(self, **kw):
        kw.setdefault("orientation", "vertical")
        kw.setdefault("spacing", dp(4))
        kw.setdefault("size_hint_y", None)
        super().__init__(**kw)
        self.bind(minimum_height=self.setter("height"))
        self.slots: dict[str, list[int]] = {}  # group -> every slot seen, in order
        self.on_choose: Any = None
        self.picker: Picker | None = None
        self._shown: tuple = ()

    def forget(self) -> None:
        """A new game: its groups and slots start afresh."""
        self.slots.clear()
        self._shown = ()
        self.clear_widgets()

    def show(self, choices, on_choose) -> None:
        self.on_choose = on_choose
        key = tuple((c.key, c.label, c.group, c.slot, c.enabled) for c in choices)
        if key == self._shown:
            return  # nothing changed: the buttons stay as they are
        self._shown = key
        self.clear_widgets()
        groups: dict[str, dict[int, Any]] = {}
        for c in choices:
            groups.setdefault(c.group, {})[c.slot] = c
            seen = self.slots.setdefault(c.group, [])
            if c.slot not in seen:
                seen.append(c.slot)
                seen.sort()
        for group in sorted(groups, key=lambda g: list(self.slots).index(g)):
            row = BoxLayout(size_hint_y=None, height=dp(60), spacing=dp(6))
            row.add_widget(Factory.Dim(text=group, size_hint_x=None, width=dp(130), font_size="18sp"))
            for slot in self.slots[group]:
                choice = groups[group].get(slot)
                if choice is None:
                    row.add_widget(Widget())  # this slot's place stays empty
                    continue
                b = Factory.BigButton(text=choice.label, disabled=not choice.enabled, font_name=theme.SYMBOL_FONT)
                b.choice_key = choice.key
                b.bind(on_release=lambda _b, c=choice: self.tapped(c))
                row.add_widget(b)
            self.add_widget(row)

    def tapped(self, choice) -> None:
        if choice.parts:
            self.picker = self.picker or Picker()
            self.picker.ask(choice, lambda picks: self.on_choose(choice.key, picks))
            return
        self.on_choose(choice.key, None)


class Picker(ModalView):
    """One part of a choice at a time: its question, the values still possible, and
    what was picked so far; Cancel forgets the picks."""

    def __init__(self, **kw):
        super().__init__(size_hint=(0.8, 0.7), auto_dismiss=False, **kw)
        self.box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        self.add_widget(self.box)
        self.choice: Any = None
        self.picks: dict[str, Any] = {}
        self.done: Any = None

    def ask(self, choice, done) -> None:
        self.choice, self.picks, self.done = choice, {}, done
        self._show()
        self.open(animation=False)

    def pick(self, part, value) -> None:
        if part.count > 1:
            self.picks[part.key] = (*self.picks.get(part.key, ()), value)
        else:
            self.picks[part.key] = value
        if next_part(self.choice, self.picks) is None:
            picks, done = dict(self.picks), self.done
            self.dismiss(animation=False)
            done(picks)
            return
        self._show()

    def _show(self) -> None:
        box, choice = self.box, self.choice
        box.clear_widgets()
        part = next_part(choice, self.picks)
        box.add_widget(Factory.Heading(text=choice.label, size_hint_y=None, height=dp(44)))
        for done_part in choice.parts:
            if done_part.key in self.picks and done_part is not part:
                labels = {o.value: o.label for o in done_part.options}
                got = self.picks[done_part.key]
                shown = ", ".join(labels.get(v, str(v)) for v in got) if done_part.count > 1 else labels.get(got, "")
                box.add_widget(Factory.Dim(text=_("{part}: {picked}", part=done_part.label, picked=shown),
                                           size_hint_y=None, height=dp(30)))
        if part is not None:
            box.add_widget(Factory.Body(text=part.label, size_hint_y=None, height=dp(36)))
            row = BoxLayout(spacing=dp(6))
            for option in options_for(choice, self.picks):
                b = Factory.BigButton(text=option.label, font_name=theme.SYMBOL_FONT)
                b.bind(on_release=lambda _b, p=part, v=option.value: self.pick(p, v))
                row.add_widget(b)
            box.add_widget(row)
        cancel = Factory.BigButton(text=_("Cancel"), size_hint_y=None, height=dp(56))
        cancel.bind(on_release=lambda *_: self.dismiss(animation=False))
        box.add_widget(cancel)
