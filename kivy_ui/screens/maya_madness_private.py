"""What the Maya Madness table screen shows besides the table: a seat's secret
(and full-deck hand) behind the privacy gate, and the celebration of a token won.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.rules.choices import Choice, find, options_for

from .. import theme
from ..widgets.maya_numeral import MayaNumeral
from .maya_madness_pad import PAD, TOP, cards_and_others, pad_button, show

if TYPE_CHECKING:
    from companion.games.maya_madness.viewtypes import MadnessView


class SecretPanel(BoxLayout):
    """What one seat sees behind the gate: the secret number (digits and Maya
    numeral), the values of its own tokens, and in full-deck play the count and
    direction beside its hand (every card in its pad slot), a Wild's value picker,
    and the guess in advanced play. Built once and refilled; clear() wipes every
    secret when the gate closes. A Wild chosen but not yet given a value is this
    seat's draft."""

    def __init__(self, screen, **kw):
        super().__init__(orientation="vertical", spacing=dp(6), **kw)
        self.screen = screen
        self.seat: int | None = None
        self.wild_open: str | None = None  # the key of the choice whose value is being picked
        self.choices: tuple[Choice, ...] = ()
        row = BoxLayout(spacing=dp(16))
        left = BoxLayout(orientation="vertical")
        self.caption = Factory.Body(text="", halign="center", font_size=sp(24), size_hint_y=None, height=dp(34))
        left.add_widget(self.caption)
        self.number = Factory.Label(text="", font_size=sp(96), bold=True, color=theme.ACCENT)
        # as big as the room left by the hand (and a Wild's values) allows: a two-row hand
        # with a Wild's values open leaves it ~30 px, where 40 px digits stood out of their row
        self.number.bind(height=lambda w, h: setattr(w, "font_size", max(sp(24), min(sp(96), h * 0.75))))
        left.add_widget(self.number)
        row.add_widget(left)
        self.numeral = MayaNumeral(value=0, size_hint_x=0.35)
        row.add_widget(self.numeral)
        self.add_widget(row)
        self.tokens = self._line()
        self.status = self._line(font_name=theme.SYMBOL_FONT, color=theme.ACCENT)
        self.hand_line = self._line()
        self.hand = BoxLayout(orientation="vertical", size_hint_y=None, height=0, spacing=dp(4))
        top, bottom = BoxLayout(spacing=dp(4)), BoxLayout(spacing=dp(4))
        self.hand.add_widget(top)
        self.hand.add_widget(bottom)
        self.add_widget(self.hand)
        self.slots = [pad_button(self._tap, height=dp(56)) for _ in range(PAD)]
        for i, b in enumerate(self.slots):
            (top if i < TOP else bottom).add_widget(b)
        self.guess = pad_button(self._tap_public, size_hint_x=2.5, height=dp(56))
        bottom.add_widget(self.guess)
        # In the tree only while a Wild's value is being picked (a hidden row would still take touches).
        self.wilds = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(4))
        self.wilds_hint = Factory.Dim(text="", size_hint_x=None, width=dp(150), halign="right")
        self.wilds.add_widget(self.wilds_hint)
        self.values: list = []

    def _line(self, **kw):
        label = Factory.Body(text="", halign="center", font_size=sp(24), size_hint_y=None, height=0, opacity=0, **kw)
        self.add_widget(label)
        return label

    @staticmethod
    def _say(label, text: str) -> None:
        label.text = text
        label.height, label.opacity = (dp(34), 1) if text else (0, 0)

    def show(self, seat: int, view: MadnessView, own: tuple[Choice, ...], public: tuple[Choice, ...]) -> None:
        self.seat, self.choices = seat, tuple(own)
        you = view["you"]
        self.caption.text = you["secret_caption"]
        self.number.text = you["secret_label"]
        self.numeral.value = you["secret"] or 0
        self.numeral.opacity = 0 if you["secret"] is None else 1
        self._say(self.tokens, you["tokens_label"])
        self._say(self.status, view["count_line"])
        hand, _ = cards_and_others(own)
        _, others = cards_and_others(public)
        for slot, b in enumerate(self.slots):
            c = hand.get(slot)
            # a card not held leaves its place empty: the hand reads at a glance
            show(b, c.label if c else "", bool(c and c.enabled), bool(c and c.enabled), c and c.key)
        guess = next((c for c in others if c.parts), None)
        show(self.guess, guess.label if guess else "", bool(guess and guess.enabled), guess is not None,
             guess and guess.key)
        self.hand.height = dp(116) if hand else 0
        self.hand.opacity = 1 if hand else 0
        self._say(self.hand_line, "" if hand else you["hand_label"])
        self._show_values(None)

    def _tap(self, key):
        c = find(self.choices, key)
        if c is None:
            return
        if c.parts:
            self._show_values(key)  # the value is chosen here, before the card goes down
        else:
            self.screen.choose_private(self.seat, key)

    def _tap_public(self, key):
        self.screen.take_from_gate(key)

    def _show_values(self, key: str | None):
        c = find(self.choices, key) if key is not None else None
        part = c.parts[0] if c is not None and c.parts else None
        self.wild_open = key if part is not None else None
        if c is None or part is None:
            if self.wilds.parent is not None:
                self.remove_widget(self.wilds)
            return
        while len(self.values) < len(part.options):
            b = pad_button(self._value, height=dp(56))
            self.values.append(b)
            self.wilds.add_widget(b)
        possible = [o.value for o in options_for(c, {})]
        self.wilds_hint.text = part.label
        for i, b in enumerate(self.values):
            o = part.options[i] if i < len(part.options) else None
            show(b, o.label if o else "", o is not None and o.value in possible, o is not None,
                 ("value", part.key, o.value) if o else None)
        if self.wilds.parent is None:
            self.add_widget(self.wilds, index=0)

    def _value(self, payload):
        key = self.wild_open
        self._show_values(None)
        if key is not None:
            self.screen.choose_private(self.seat, key, {payload[1]: payload[2]})

    # --- drafts (game_screen.py) ---------------------------------------------------
    def draft(self):
        return self.wild_open

    def offer_draft(self, draft):
        c = find(self.choices, draft) if isinstance(draft, str) else None
        if c is not None and c.enabled and c.parts:
            self._show_values(draft)

    def clear(self):
        for label in (self.caption, self.number, self.tokens, self.status, self.hand_line):
            label.text = ""
        self.numeral.value = 0
        self.numeral.opacity = 0
        self.choices = ()
        self._show_values(None)
        for b in self.slots + [self.guess] + self.values:
            show(b, visible=False)


class Celebration(ModalView):
    """A token won (or a guess that was right): big, brief, tap to dismiss. Built once."""

    def __init__(self, **kw):
        super().__init__(size_hint=(0.9, 0.6), **kw)
        self.background = ""
        self.background_color = theme.SURFACE_HI
        self.overlay_color = (0, 0, 0, 0.6)
        self.label = Factory.Label(text="", font_name=theme.SYMBOL_FONT, font_size=sp(30), bold=True,
                                   color=theme.ACCENT, halign="center", valign="middle")
        self.add_widget(self.label)
        self.bind(width=lambda w, val: setattr(self.label, "text_size", (val * 0.9, None)))
        self._close = Clock.create_trigger(lambda *_: self.dismiss(animation=False), 2.5)

    def warm(self):
        """The label's font at its size loaded, as a first win would load it."""
        self.label.text = "★  0  ★"
        self.label.texture_update()
        self.label.text = ""

    def show(self, sentence: str, tally: str = ""):
        self.label.text = "★  " + sentence + "  ★" + (f"\n\n{tally}" if tally else "")
        self.label.text_size = (self.width * 0.9 if self.width > 200 else 640, None)
        if self.parent is not None:
            self.dismiss(animation=False)  # a second win while the first still shows
        self.open(animation=False)
        self._close()

    def on_touch_down(self, touch):
        self.dismiss(animation=False)
        return True

    def on_dismiss(self):
        self._close.cancel()
