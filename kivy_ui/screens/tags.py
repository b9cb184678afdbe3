"""Tags: what each known RFID tag stands for, learn mode, and forgetting a tag.

Learn mode walks the table through one set of tags, one physical piece at a time
("Tap the tag for Blue's 7"; next comes by itself, Skip, Done): a colour's Maya
worker cards, the Mayan Curse sacred stones or stelae (as many as the box file
in use says exist), or the command cards. Both 4s of a colour stand for the same
card, so they share a meaning; the walk asks for each and refuses the same tag
twice. Tag reads come from the device path (a real reader, or the sim panel's
"Tag…" button) through app.device_listener while this screen is shown.
"""
from __future__ import annotations

from kivy.app import App
from kivy.factory import Factory
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError
from companion.tags import UNKNOWN, describe

KIND_TITLES = (("fob", "Fobs"), ("worker", "Maya worker cards"), ("stone", "Sacred stones"),
               ("stela", "Stelae"), ("command", "Commands"))
COMMANDS = ("undo", "redo")
ORDINAL = ("first", "second", "third", "fourth")


def worker_steps(colour: str) -> list[tuple[str, dict]]:
    """One step per worker card of that colour, in the box's order (3, 4, 4, … −3)."""
    from companion.games.maya.components import load_box

    cards = sorted(load_box(5).worker_cards, key=lambda v: (v < 0, v))  # as the rulebook lists them
    steps = []
    for i, value in enumerate(cards):
        meaning = {"kind": "worker", "colour": colour, "value": value}
        copies, nth = cards.count(value), cards[:i].count(value)
        extra = f" (the {ORDINAL[nth]} of {copies})" if copies > 1 else ""
        steps.append((f"Tap the tag for {describe(meaning)}{extra}.", meaning))
    return steps


def stone_steps() -> list[tuple[str, dict]]:
    """Every sacred stone in the purse, as many of each kind as the box file says."""
    from companion.games.mayan_curse.components import load_box

    box = load_box()
    steps = []
    for kind, count in zip(box.kinds, box.stones):
        meaning = {"kind": "stone", "symbols": kind.split("/")}
        for k in range(count):
            steps.append((f"Tap {describe(meaning)} ({k + 1} of {count}).", meaning))
    return steps


def stela_steps() -> list[tuple[str, dict]]:
    """Every stela token, by colour and value, as many as the box file says."""
    from companion.games.mayan_curse.components import COLOURS, load_box

    box = load_box()
    steps = []
    for colour, values in zip(COLOURS, box.values):
        for value, count in values:
            meaning = {"kind": "stela", "colour": colour, "value": value}
            for k in range(count):
                steps.append((f"Tap a {colour} stela worth {value} ({k + 1} of {count}).", meaning))
    return steps


def command_steps() -> list[tuple[str, dict]]:
    return [(f"Tap the tag for the {name} command.", {"kind": "command", "name": name}) for name in COMMANDS]


def learn_sets() -> list[tuple[str, callable]]:
    """(button text, steps()) for each set a table can learn."""
    from companion.games.maya.components import load_box

    sets = [(f"{c.capitalize()} cards", lambda c=c: worker_steps(c)) for c in load_box(5).colours]
    return sets + [("Sacred stones", stone_steps), ("Stelae", stela_steps), ("Commands", command_steps)]


def _order(row):
    """By colour, then value as the rulebook lists cards (3 … 8, then −3), then name."""
    m = row[1]
    value = m.get("value", 0)
    return m.get("colour", ""), value < 0, value, describe(m)


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
            self.prompt = "Tap a tag to see what it stands for, or learn a set:"
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
            for text, fn in (("Skip", self.skip), ("Done", self.done)):
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
            self.prompt = "Tap a tag to see what it stands for, or learn a set:"
            self._fill_sets()

    # --- tag reads ----------------------------------------------------------------
    def _on_event(self, event) -> bool:
        if not hasattr(event, "uid"):
            return False
        if type(event).__name__ == "TagRemoved" or getattr(event, "kind", None) in ("remove", "removed"):
            return True
        self.tag_read(event.uid)
        return True

    def tag_read(self, uid: str):
        tags = self.tags
        if tags is None:
            return
        try:
            if not self.steps:
                meaning = tags.lookup(uid)
                self.notice = f"That tag is {describe(meaning)}." if meaning else UNKNOWN
                return
            meaning = self.steps[self.step][1]
            if uid in self.walk_uids:
                self.notice = f"That tag was just learned as {describe(tags.meaning(uid))}; tap the next one."
                return
            tags.learn(uid, meaning)
            self.walk_uids.add(uid)
            self.notice = f"Learned: {describe(meaning)}."
            self.step += 1
            self._show_step()
        except CompanionError as e:
            self.notice = str(e)  # a duplicate, a bad id, a disk that refused: the registry's sentence
        finally:
            self.refused = not self.notice.startswith(("Learned", "That tag is "))
            self._fill_list()

    def forget(self, uid: str):
        try:
            old = self.tags.forget(uid)
            self.notice, self.refused = (f"Forgot {describe(old)}." if old else ""), False
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
            box.add_widget(Factory.Dim(text="No tags known yet.", size_hint_y=None, height="40dp"))
        for kind, title in KIND_TITLES:
            rows = [(uid, m) for uid, m in items if m["kind"] == kind]
            if not rows:
                continue
            box.add_widget(Factory.Body(text=f"[b]{title}[/b] ({len(rows)})", markup=True,
                                        size_hint_y=None, height="36dp"))
            for uid, m in sorted(rows, key=_order):
                box.add_widget(TagRow(text=f"{describe(m)}   ·  tag {uid}", tag_uid=uid))
