"""The Maya Madness table screen: a renderer of the table frame (issue 21).

The count (digits and Maya numerals), the direction, whose turn, each player's
tokens, what just happened and the card pad all come from `self.frame`: the
TABLE view's labels and the public choices. A card's place on the pad is its
choice's slot (−5..+5 on the top row, the powers below), so nothing moves from
player to player; a choice with parts (a Wild's value, a guess's target and
number, the starting count) turns the pad into its picker. A touch sends back
the choice's key and the values picked (GameScreen.choose); the screen builds
no action and writes no sentence of its own.

A seat's secret and, with the full deck, its hand appear only in the private
overlay, from the gate's part of the frame (frame.gate.view / .choices).
Widgets are built once; a move only changes their properties.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.rules.choices import Choice, find, next_part, options_for

from .. import theme
from ..widgets.maya_numeral import MayaNumeral
from .game_screen import GameScreen

if TYPE_CHECKING:  # the view's shape only: mypy checks every key read here
    from companion.games.maya_madness.viewtypes import MadnessView

TOP = 11  # pad slots 0..10 (−5..+5) on the top row
PAD = 15  # slots 11..14 (the powers) below; a choice in a later slot goes to the extra button


@dataclass
class Pick:
    """A choice with parts being picked on the pad: its key and the values so far.
    auto: opened because it is the only thing to do (no Cancel then)."""

    key: str
    picks: dict[str, Any] = field(default_factory=dict)
    auto: bool = False


def cards_and_others(choices: Any) -> tuple[dict[int, Choice], list[Choice]]:
    """The choices in pad slots (by slot) and the rest, in slot order."""
    cards = {c.slot: c for c in choices if c.slot < PAD}
    return cards, sorted((c for c in choices if c.slot >= PAD), key=lambda c: c.slot)


def show(button: Any, text: str = "", enabled: bool = False, visible: bool = True, payload: Any = None) -> None:
    """One pad button in place: its text, whether it takes a touch, and what a touch means."""
    if button.text != text:
        button.text = text
    button.disabled = not (enabled and visible)
    button.opacity = 1 if visible else 0
    button.payload = payload


def pad_button(on_press: Any, **kw: Any) -> Any:
    b = Factory.BigButton(text="", **kw)
    b.payload = None
    b.bind(on_release=lambda btn: btn.payload is not None and on_press(btn.payload))
    return b


class SeatRow(ButtonBehavior, BoxLayout):
    """One player: colour (with its symbol), name, tokens; tap to peek at your secret."""

    seat = NumericProperty(0)
    name_text = StringProperty("")
    tokens_text = StringProperty("")
    symbol = StringProperty("")
    colour_name = StringProperty("")
    colour_rgba = ListProperty([1, 0, 0, 1])
    is_turn = BooleanProperty(False)


class MayaMadnessScreen(GameScreen):
    count_text = StringProperty("?")
    count_value = NumericProperty(0)
    count_known = BooleanProperty(False)
    direction_text = StringProperty("")
    pad_hint = StringProperty("")

    def __init__(self, **kw):
        self._top: list = []
        self._bottom: list = []
        super().__init__(**kw)
        self._pick: Pick | None = None
        self._rows_for: Any = None  # the table whose seat rows are built
        self._secret_panel: SecretPanel | None = None
        self._celebration: Celebration | None = None

    def on_kv_post(self, base_widget):
        super().on_kv_post(base_widget)
        for _ in range(TOP):
            self._top.append(pad_button(self._press, font_size=sp(22)))
            self.ids.pad_top.add_widget(self._top[-1])
        for _ in range(PAD - TOP):
            self._bottom.append(pad_button(self._press, font_size=sp(22)))
            self.ids.pad_bottom.add_widget(self._bottom[-1])
        self.ids.extra.payload = None

    # --- wiring -------------------------------------------------------------------
    def new_table(self):
        """Another game: its seat rows are built at its first render, once."""
        self._pick = None
        self._rows_for = None

    def _build_seats(self):
        box = self.ids.seats
        box.clear_widgets()
        colours = {"colours": list(self.frame.colours)}  # chosen at New game; none: the palette's
        for seat, (name, symbol, rgba) in enumerate(theme.seat_colours(colours, len(self.frame.players))):
            row = SeatRow(seat=seat, symbol=symbol, colour_name=name, colour_rgba=list(rgba))
            row.bind(on_release=lambda r: self._table.request_peek(r.seat))
            box.add_widget(row)
        self._rows_for = self._table

    def reset_input(self):
        self._pick = None

    def on_leave(self, *args):
        super().on_leave(*args)
        if self._celebration is not None:
            self._celebration.dismiss(animation=False)  # the end screen (or home) takes over

    # --- rendering the frame ------------------------------------------------------
    def render(self):
        f = self.frame
        if self._table is None or f is None:
            return
        if self._rows_for is not self._table:
            self._build_seats()
        v = cast("MadnessView", f.view)
        self.prompt = f.waiting
        # After Undo/Redo: what it did; otherwise the newest move and what it caused.
        self.summary = f.notice or self.newest
        self.can_redo = f.redo.can
        self.message = f.message or " · ".join(f.devices.values())
        self.count_text = v["count_label"]
        self.count_value = v["count"] or 0
        self.count_known = v["count"] is not None
        self.direction_text = v["direction_label"]
        rows = list(reversed(self.ids.seats.children))  # top to bottom
        for row, p in zip(rows, v["players"]):
            row.name_text = p["label"]
            row.is_turn = f.acting == (p["seat"],)
            row.tokens_text = p["tokens_label"]
        self._render_pad()
        self.gate_view.sync(self._table)

    def _render_pad(self):
        f = self.frame
        cards, others = cards_and_others(f.choices)
        pick = self._pick
        if pick is not None and find(f.choices, pick.key) is None:
            pick = self._pick = None  # the move it was for is no longer offered
        if pick is None and not cards and len(others) == 1 and others[0].parts and others[0].enabled:
            pick = self._pick = Pick(others[0].key, auto=True)  # the starting count: only its picker
        extra = self.ids.extra
        if pick is not None:
            self._render_picker(pick)
            show(extra, visible=False)
        else:
            for slot, b in enumerate(self._top + self._bottom):
                c = cards.get(slot)
                show(b, c.label if c else "", bool(c and c.enabled), c is not None, c and c.key)
            self._rows(TOP, PAD - TOP)
            self.pad_hint = next(iter(cards.values())).group if cards else ""
            c = others[0] if others else None
            show(extra, c.label if c else "", bool(c and c.enabled), c is not None, c and c.key)
        on = bool(cards or others or pick)
        self.ids.pad.opacity = 1 if on else 0
        self.ids.pad.disabled = not on

    def _render_picker(self, pick: Pick):
        choice = find(self.frame.choices, pick.key)
        part = next_part(choice, pick.picks) if choice is not None else None
        if choice is None or part is None:
            return
        possible = [o.value for o in options_for(choice, pick.picks)]
        self._rows(len(part.options), PAD - TOP)
        for i, b in enumerate(self._top):
            o = part.options[i] if i < len(part.options) else None
            show(b, o.label if o else "", o is not None and o.value in possible, o is not None,
                 ("option", o.value) if o else None)
        for i, b in enumerate(self._bottom):
            cancel = i == 0 and not pick.auto
            show(b, "Cancel" if cancel else "", cancel, cancel, ("cancel",) if cancel else None)
        self.pad_hint = part.label

    def _rows(self, top: int, bottom: int):
        """The top row holds `top` buttons (a picker may need more than eleven)."""
        while len(self._top) < top:
            self._top.append(pad_button(self._press, font_size=sp(22)))
        row = self.ids.pad_top
        if len(row.children) != max(top, TOP):
            row.clear_widgets()
            for b in self._top[:max(top, TOP)]:
                row.add_widget(b)

    # --- touches ----------------------------------------------------------------------
    def _press(self, payload):
        if isinstance(payload, str):
            self.take(payload)
        elif payload[0] == "option":
            self._option(payload[1])
        else:
            self._pick = None
            self._render_pad()

    def extra_action(self):
        key = self.ids.extra.payload
        if key is not None:
            self.take(key)

    def take(self, key: str) -> None:
        """A public choice touched: played, or its picker opened."""
        c = find(self.frame.choices, key) if self.frame is not None else None
        if c is None:
            return
        if c.parts:
            self._pick = Pick(key)
            self._render_pad()
        else:
            self._choose(key, None, c.seat)

    def _option(self, value):
        pick = self._pick
        if pick is None:
            return
        choice = find(self.frame.choices, pick.key)
        part = next_part(choice, pick.picks) if choice is not None else None
        if choice is None or part is None:
            return
        picks = {**pick.picks, part.key: value}
        if next_part(choice, picks) is not None:
            self._pick = Pick(pick.key, picks, pick.auto)
            self._render_pad()
            return
        self._pick = None
        self._choose(pick.key, picks, choice.seat)

    def _choose(self, key: str, picks: dict | None, seat: int | None) -> None:
        """A move taken re-renders the screen through the table's notice (issue 13: once
        per move); one refused or waiting for a Yes is rendered here."""
        if not self.choose(key, picks, seat=seat):
            self.render()

    def choose_private(self, seat: int, key: str, picks: dict | None = None) -> None:
        """A seat's own choice from behind the gate: the gate closes, then it is played."""
        self._table.close_gate()
        self._choose(key, picks, seat)

    def take_from_gate(self, key: str) -> None:
        """A public choice offered beside the hand (a guess): the gate closes first, as it
        is said aloud and picked on the public pad."""
        self._table.close_gate()
        self.take(key)

    # --- what just happened -------------------------------------------------------
    def on_log(self, new_entries, news):
        """A token won, or a guess that was right, is celebrated once, when it happens:
        never again after an Undo or a resume, and never a wrong guess. A move made
        elsewhere (a phone) drops a picker half picked on the pad."""
        self._pick = None
        if not news:
            return
        events = [e for entry in new_entries for e in entry["events"]]
        won = [e for e in events if e.get("cue") == "token"]
        if not won or any(e["kind"] == "game_over" for e in events):
            return  # the end screen takes over at the end
        App.get_running_app().play_sound("token")
        self._celebration = self._celebration or Celebration()
        self._celebration.show(won[-1]["sentence"])

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat, view):
        """The seat's secret (and hand in full-deck play), for the private overlay only."""
        if self._secret_panel is None:
            self._secret_panel = SecretPanel(self)
        f = self.frame
        gate = f.gate if f is not None and f.gate.seat == seat else None
        public = f.choices if f is not None and f.acting == (seat,) else ()
        seen = cast("MadnessView", gate.view if gate else view)
        self._secret_panel.show(seat, seen, gate.choices if gate else (), public)
        return self._secret_panel


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
        # as big as the room left by the hand (and a Wild's values) allows
        self.number.bind(height=lambda w, h: setattr(w, "font_size", max(sp(40), min(sp(96), h * 0.75))))
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

    def show(self, sentence: str):
        self.label.text = "★  " + sentence + "  ★"
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
