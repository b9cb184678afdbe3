""""Fix a number…": the public numbers a real table can drift from (the Maya
Madness count, gold, blocks in a pool, trigger tokens) set to what the table
really shows. The game lists them (`Game.corrections(state)`) and applies one
(`Game.correct`); the session journals it as a correction, shown in the log
with who made it. Never a secret: a game offers only public numbers.

Opened from the game log (one tap more than the log itself): a fix follows
looking at what happened, and Cancel goes back to the log it came from.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.scrollview import ScrollView

from companion.table import words

from ..i18n import _, kept
from ..widgets.gate import GateModal, answers_away

STEPS = (-5, -1, 1, 5)


class FixRow(BoxLayout):
    """One number: its name, − and + steps, the value. On a narrow screen (portrait)
    the name sits on its own line above the steps."""

    def __init__(self, fix: Any, **kw):
        super().__init__(size_hint_y=None, height=dp(64), spacing=dp(6), **kw)
        self.fix = fix
        self.value = fix.value
        self.label = Factory.Glance(text=fix.label, halign="left", valign="middle")
        self.label.bind(size=lambda w, s: setattr(w, "text_size", s))
        self.add_widget(self.label)
        self.steps = BoxLayout(spacing=dp(6), size_hint_x=None, width=dp(4 * 76 + 110 + 4 * 6))
        self.buttons: dict[int, Any] = {}
        for step in STEPS[:2]:
            self._step_button(step)
        self.shown = Factory.Glance(text="", font_size=sp(40), bold=True, size_hint_x=None, width=dp(110))
        self.steps.add_widget(self.shown)
        for step in STEPS[2:]:
            self._step_button(step)
        self.add_widget(self.steps)
        self._show()
        self.bind(width=self._arrange)

    def _arrange(self, *_: Any) -> None:
        narrow = self.width < self.steps.width + dp(200)
        self.orientation = "vertical" if narrow else "horizontal"
        self.label.size_hint_y = None if narrow else 1
        self.label.height = dp(40)
        self.steps.size_hint_y = None if narrow else 1
        self.steps.height = dp(60)
        self.height = dp(40 + 60 + 6) if narrow else dp(64)

    def _step_button(self, step: int) -> None:
        b = Factory.BigButton(text=(f"+{step}" if step > 0 else f"−{-step}"), size_hint_x=None, width=dp(76),
                              height=dp(60))
        b.bind(on_release=lambda *_: self.step(step))
        self.buttons[step] = b
        self.steps.add_widget(b)

    def step(self, by: int) -> None:
        self.value = max(self.fix.lo, min(self.fix.hi, self.value + by))
        self._show()

    def _show(self) -> None:
        v = self.value
        self.shown.text = str(v) if v >= 0 else f"−{-v}"
        self.shown.color = (0.98, 0.76, 0.25, 1) if v != self.fix.value else (0.97, 0.97, 0.95, 1)


class FixOverlay(GateModal):
    """The numbers the game lets a table fix now, with Save and Cancel."""

    def __init__(self, **kw):
        super().__init__(**kw)
        self.table: Any = None
        self.on_saved: Any = None
        self.on_cancel: Any = None  # back to where the fix was opened from (the log)
        box = BoxLayout(orientation="vertical", padding=dp(12), spacing=dp(8))
        box.add_widget(kept(Factory.Heading(), lambda: _("Fix a number")))
        self.hint = Factory.Body(text="", font_size=sp(22), size_hint_y=None, height=dp(64))
        self.hint.bind(texture_size=lambda w, ts: setattr(w, "height", max(dp(32), ts[1] + dp(4))))
        box.add_widget(self.hint)
        # as many numbers as the game offers (Maya: everyone's gold, each pool): they scroll,
        # with a bar a finger sees
        self.scroll = ScrollView(do_scroll_x=False, bar_width=dp(10), scroll_type=["bars", "content"],
                                 bar_inactive_color=(0.75, 0.75, 0.78, 0.55))
        self.rows_box = BoxLayout(orientation="vertical", spacing=dp(6), size_hint_y=None)
        self.rows_box.bind(minimum_height=self.rows_box.setter("height"))
        self.scroll.add_widget(self.rows_box)
        box.add_widget(self.scroll)
        # who fixes it (the log names them); tap to go round the table
        self.by_button = Factory.BigButton(text="", height=dp(56))
        self.by_button.bind(on_release=lambda *_: self._next_seat())
        box.add_widget(self.by_button)
        self.by_seat = 0
        bar = BoxLayout(size_hint_y=None, height=dp(60), spacing=dp(10))
        self.cancel_button = cancel = kept(Factory.BigButton(height=dp(60)), lambda: _("Cancel"))
        cancel.bind(on_release=lambda *_: self.cancel())
        self.save_button = kept(Factory.AccentButton(height=dp(60)), lambda: _("Save"))
        self.save_button.bind(on_release=lambda *_: self.save())
        bar.add_widget(cancel)
        bar.add_widget(self.save_button)
        box.add_widget(bar)
        self.add_widget(box)
        self.rows: list[FixRow] = []

    def show(self, table: Any, on_saved: Any = None, on_cancel: Any = None) -> None:
        self.table, self.on_saved, self.on_cancel = table, on_saved, on_cancel
        fixes = table.corrections()
        self.rows_box.clear_widgets()
        self.rows = [FixRow(f) for f in fixes]
        for row in self.rows:
            self.rows_box.add_widget(row)
        self.hint.text = words.fix_hint(bool(fixes))
        self.save_button.disabled = not fixes
        acting = table.frame().acting
        self.by_seat = acting[0] if acting else 0
        self._show_seat()
        self.open(animation=False)
        self.scroll.scroll_y = 1  # the first number at the top

    def cancel(self) -> None:
        """Nothing fixed: back where the fix was opened from."""
        self.dismiss(animation=False)
        if self.on_cancel is not None:
            self.on_cancel()

    def _next_seat(self) -> None:
        self.by_seat = (self.by_seat + 1) % len(self.table.frame().players)
        self._show_seat()

    def _show_seat(self) -> None:
        self.by_button.text = words.fixed_by(self.table.frame().players[self.by_seat])

    def save(self) -> None:
        """Each changed number through the table (journaled as a correction)."""
        changed = [r for r in self.rows if r.value != r.fix.value]
        if not changed:
            self.cancel()  # nothing to keep: as Cancel
            return
        for row in changed:
            outcome = self.table.correct(row.fix.key, row.value, self.by_seat)
            if not outcome.ok:
                self.hint.text = outcome.sentence
                return
        self.dismiss(animation=False)
        if self.on_saved is not None:
            self.on_saved()


class ConfirmUndo(GateModal):
    """Undo of something everyone saw (a token won, a guess answered): the table
    confirms first; the question says what stays known."""

    def __init__(self, **kw):
        super().__init__(**kw)
        box = BoxLayout(orientation="vertical", padding=dp(24), spacing=dp(16))
        box.add_widget(kept(Factory.Heading(halign="center"), lambda: _("Undo this?")))
        self.question = Factory.Body(text="", halign="center", font_size=sp(24))
        box.add_widget(self.question)
        self.row = BoxLayout(size_hint_y=None, height=dp(72), spacing=dp(16))
        # the safe answer is the highlighted one
        self.keep = kept(Factory.AccentButton(height=dp(72)), lambda: _("Keep it"))
        self.undo = kept(Factory.BigButton(height=dp(72)), lambda: _("Undo anyway"))
        self.keep.bind(on_release=lambda *_: self._answer(self._on_keep))
        self.undo.bind(on_release=lambda *_: self._answer(self._on_undo))
        self.box = box
        answers_away(box, self.row, self.undo, self.keep, point=None)
        self.add_widget(box)
        self._on_undo: Any = None
        self._on_keep: Any = None

    def show(self, question: str, on_undo: Any, on_keep: Any) -> None:
        self.question.text = question
        self._on_undo, self._on_keep = on_undo, on_keep
        if self.parent is None:
            answers_away(self.box, self.row, self.undo, self.keep)  # "Undo anyway" away from the finger on Undo
            self.open(animation=False)

    @property
    def yes(self) -> Any:
        return self.undo

    def _answer(self, then: Any) -> None:
        self.dismiss(animation=False)
        if then is not None:
            then()


class ConfirmChoice(GateModal):
    """A move that cannot be taken back (a pass, an escape): the game's question, with
    No highlighted and Yes away from where the finger was."""

    def __init__(self, **kw):
        super().__init__(**kw)
        box = BoxLayout(orientation="vertical", padding=dp(24), spacing=dp(16))
        self.question = Factory.Body(text="", halign="center", font_size=sp(24))
        box.add_widget(self.question)
        self.row = BoxLayout(size_hint_y=None, height=dp(72), spacing=dp(16))
        self.yes = kept(Factory.BigButton(height=dp(72)), lambda: _("Yes"))
        self.no = kept(Factory.AccentButton(height=dp(72)), lambda: _("No"))  # the safe answer is the highlighted one
        self.yes.bind(on_release=lambda *_: self._answer(True))
        self.no.bind(on_release=lambda *_: self._answer(False))
        self.box = box
        answers_away(box, self.row, self.yes, self.no, point=None)
        self.add_widget(box)
        self._then: Any = None

    def show(self, question: str, then: Any) -> None:
        self.question.text = question
        self._then = then
        if self.parent is None:
            answers_away(self.box, self.row, self.yes, self.no)  # Yes away from the finger that asked
            self.open(animation=False)

    def _answer(self, yes: bool) -> None:
        self.dismiss(animation=False)
        if yes and self._then is not None:
            self._then()
