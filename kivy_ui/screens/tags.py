"""Tags: what each known RFID tag stands for, learn mode, and forgetting a tag.

Learn mode walks the table through one set of tags, one physical piece at a time
(next comes by itself, Skip, Done). The sets come from the games: every kind of
tag a game declares (Game.tag_kinds(), companion.table.tags.kinds()) offers its learn
sets, each step a prompt and the meaning to learn; two pieces that stand for the
same thing share a meaning, and the walk refuses the same tag twice. The screen
names no game. Tag reads come from the device path (a real reader, or the sim
panel's "Tag…" button) through app.device_listener while this screen is shown.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError
from companion.table.tags import UNKNOWN, describe, kinds

from ..i18n import _

Steps = list[tuple[str, dict]]


def learn_sets() -> list[tuple[str, Callable[[], Steps]]]:
    """(button text, steps()) for every set a table can learn, kind by kind."""
    sets: list[tuple[str, Callable[[], Steps]]] = []
    for kind in kinds().values():
        try:
            sets += [(s.label, s.steps) for s in kind.learn_sets()]
        except CompanionError:
            continue  # a box file that does not validate: the game's own screens say why
    return sets


def _key(meaning: dict) -> str:
    return json.dumps(meaning, sort_keys=True)


def _rulebook_order() -> dict[str, int]:
    """Each meaning's place in its learn set (the order the box and rulebook list the
    pieces), so the list of known tags reads in that order."""
    place: dict[str, int] = {}
    for _label, steps in learn_sets():
        try:
            for _prompt, meaning in steps():
                place.setdefault(_key(meaning), len(place))
        except CompanionError:
            continue
    return place


class TagRow(BoxLayout):
    text = StringProperty("")
    tag_uid = StringProperty("")


class TagsScreen(Screen):
    prompt = StringProperty("")  # the learn-mode step, or how to use this screen
    notice = StringProperty("")  # the registry's sentence for the last tag read
    refused = BooleanProperty(False)  # the notice is a refusal (red), not a tag learned or named (green)

    def __init__(self, **kw):
        super().__init__(**kw)
        self.steps: list[tuple[str, dict]] = []
        self.step = 0
        self.walk_uids: set[str] = set()  # tags learned in this walk: one piece, one tag

    @property
    def tags(self):
        return App.get_running_app().tags

    def refresh(self):
        app = App.get_running_app()
        app.device_listener = self._on_event
        if not self.steps:
            self.prompt = _("Tap a tag to see what it stands for, or learn a set:")
        self._fill_sets()
        self._fill_list()

    def on_leave(self, *_):
        app = App.get_running_app()
        if app.device_listener == self._on_event:
            app.device_listener = None
        self.done()

    # --- learn mode ---------------------------------------------------------------
    def _fill_sets(self):
        box = self.ids.sets
        box.clear_widgets()
        if self.steps:
            for text, fn in ((_("Skip"), self.skip), (_("Done"), self.done)):
                b = Factory.BigButton(text=text, font_size="18sp", height="48dp")
                b.bind(on_release=lambda _b, f=fn: f())
                box.add_widget(b)
            return
        for text, steps in learn_sets():
            b = Factory.BigButton(text=text, font_size="18sp", height="48dp")
            b.bind(on_release=lambda _b, s=steps: self.learn(s()))
            box.add_widget(b)

    def learn(self, steps):
        self.steps, self.step, self.walk_uids, self.notice = list(steps), 0, set(), ""
        self._show_step()
        self._fill_sets()

    def _show_step(self):
        if self.step >= len(self.steps):
            self.done()
            return
        text = self.steps[self.step][0]
        self.prompt = f"{text}   [{self.step + 1}/{len(self.steps)}]"

    def skip(self):
        self.step += 1
        self._show_step()

    def done(self):
        if self.steps:
            self.steps, self.step = [], 0
            self.prompt = _("Tap a tag to see what it stands for, or learn a set:")
            self._fill_sets()

    # --- tag reads ----------------------------------------------------------------
    def _on_event(self, event: Any) -> bool:
        topic = getattr(event, "topic", None)
        if topic == "tag_removed":
            return True
        if topic != "tag":
            return False
        self.tag_read(event.uid)
        return True

    def tag_read(self, uid: str):
        tags = self.tags
        if tags is None:
            return
        refused = True
        try:
            if not self.steps:
                meaning = tags.lookup(uid)
                refused = not meaning
                self.notice = _("That tag is {meaning}.", meaning=describe(meaning)) if meaning else UNKNOWN
                return
            meaning = self.steps[self.step][1]
            if uid in self.walk_uids:
                self.notice = _("That tag was just learned as {meaning}; tap the next one.",
                                meaning=describe(tags.meaning(uid)))
                return
            tags.learn(uid, meaning)
            self.walk_uids.add(uid)
            refused = False
            self.notice = _("Learned: {meaning}.", meaning=describe(meaning))
            self.step += 1
            self._show_step()
        except CompanionError as e:
            self.notice = str(e)  # a duplicate, a bad id, a disk that refused: the registry's sentence
        finally:
            self.refused = refused
            self._fill_list()

    def forget(self, uid: str):
        try:
            old = self.tags.forget(uid)
            self.notice, self.refused = (_("Forgot {meaning}.", meaning=describe(old)) if old else ""), False
        except CompanionError as e:
            self.notice, self.refused = str(e), True
        self._fill_list()
        panel = getattr(App.get_running_app(), "sim_panel", None)
        if panel is not None:
            panel.refresh()

    # --- the list -----------------------------------------------------------------
    def _fill_list(self):
        box = self.ids.known
        box.clear_widgets()
        items = self.tags.items() if self.tags is not None else []
        if not items:
            box.add_widget(Factory.Dim(text=_("No tags known yet."), size_hint_y=None, height="40dp"))
        place = _rulebook_order()
        for kind in kinds().values():
            rows = [(uid, m) for uid, m in items if m["kind"] == kind.kind]
            if not rows:
                continue
            box.add_widget(Factory.Body(text=f"[b]{kind.title}[/b] ({len(rows)})", markup=True,
                                        size_hint_y=None, height="36dp"))
            for uid, m in sorted(rows, key=lambda r: (place.get(_key(r[1]), len(place)), describe(r[1]), r[0])):
                box.add_widget(TagRow(text=_("{meaning}   ·  tag {uid}", meaning=describe(m), uid=uid), tag_uid=uid))
