"""The Maya Madness table screen: the count (digits and Maya numerals), the
direction, whose turn, each player's tokens, what just happened, and the card pad.

Everything shown here comes from the TABLE view; a seat's secret appears only
in the private overlay (private_content), built while the gate is open.
The widget tree is built once per game: a move only changes properties
(texts, colours), so it reaches the frame without rebuilding widgets.
"""
from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.games.maya_madness.actions import END_TURN, GUESS, PLAY, START_CARD, START_COUNT

from .. import theme
from ..widgets.maya_numeral import MayaNumeral
from .game_screen import GameScreen

NUMBER_CARDS = ["-5", "-4", "-3", "-2", "-1", "0", "+1", "+2", "+3", "+4", "+5"]
WILD_VALUES = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5]
POWER_LABELS = {"wild": "Wild", "skip": "Skip", "reverse": "Reverse", "temple": "Temple of 0"}


def signed(v: int | None) -> str:
    """A count the way the table says it, with a real minus sign."""
    if v is None:
        return "?"
    return str(v) if v >= 0 else f"−{-v}"


def card_label(code: str) -> str:
    if code in POWER_LABELS:
        return POWER_LABELS[code]
    v = int(code)
    return signed(v) if v <= 0 else f"+{v}"


def wild_label(value: int) -> str:
    return signed(value) if value < 0 else f"+{value}"


def direction_text(v: dict) -> str:
    if len(v["players"]) == 2:
        return "two players"
    return ("↻ " if v["direction"] == "clockwise" else "↺ ") + v["direction"]


class SeatRow(ButtonBehavior, BoxLayout):
    """One player: colour (with its symbol), name, tokens; tap to peek at your secret."""

    seat = NumericProperty(0)
    name_text = StringProperty("")
    tokens_text = StringProperty("")
    symbol = StringProperty("●")
    colour_name = StringProperty("Red")
    colour_rgba = ListProperty([1, 0, 0, 1])
    is_turn = BooleanProperty(False)


class MayaMadnessScreen(GameScreen):
    pad_mode = StringProperty("cards")  # cards | wild | start_count | guess_target | guess_number
    count_text = StringProperty("?")
    count_value = NumericProperty(0)
    count_known = BooleanProperty(False)
    direction_text = StringProperty("")

    def __init__(self, **kw):
        super().__init__(**kw)
        self._guess_target: int | None = None
        self._pad_key: Any = None
        self._pools: dict[str, list] = {}
        self._secret_panel: SecretPanel | None = None
        self._celebration: Celebration | None = None

    # --- wiring -------------------------------------------------------------------
    def new_table(self):
        """Build this game's seat rows once; moves only update them."""
        self.pad_mode = "cards"
        self._pad_key = None
        box = self.ids.seats
        box.clear_widgets()
        session = self._table.session
        for seat, (name, symbol, rgba) in enumerate(theme.seat_colours(session.meta, len(session.players))):
            row = SeatRow(seat=seat, symbol=symbol, colour_name=name, colour_rgba=list(rgba))
            row.bind(on_release=lambda r: self._table.request_peek(r.seat))
            box.add_widget(row)

    def reset_input(self):
        self.pad_mode = "cards"

    def on_leave(self, *args):
        super().on_leave(*args)
        if self._celebration is not None:
            self._celebration.dismiss(animation=False)  # the end screen (or home) takes over

    # --- rendering the public view ------------------------------------------------
    def render(self):
        table = self._table
        if table is None:
            return
        v = table.public_view()
        self.prompt = v["waiting_for"]["sentence"]
        # After Undo/Redo: what it did; otherwise the newest move and what it caused.
        self.summary = table.notice or self.newest
        self.can_redo = table.can_redo()
        self.message = table.message or " · ".join(table.device_problems.values())
        self.count_text = signed(v["count"])
        self.count_value = v["count"] or 0
        self.count_known = v["count"] is not None
        self.direction_text = direction_text(v)
        self._render_seats(v)
        self._render_pad(v)
        self.gate_view.sync(table)

    def _render_seats(self, v):
        rows = list(reversed(self.ids.seats.children))  # top to bottom
        turn = v["waiting_for"]["actors"]
        for row, s in zip(rows, v["players"]):
            row.name_text = s["name"] + (" (dealer)" if s["seat"] == v["dealer"] and v["count"] is None else "")
            row.is_turn = turn == [s["seat"]]
            values = s["token_values"]
            shown = f" ({', '.join(map(str, values))})" if values else ""
            row.tokens_text = f"★ {s['tokens']}{shown}"

    def _render_pad(self, v):
        w = v["phase"]
        full = v["options"]["deck"] == "full"
        if w == START_COUNT:
            self.pad_mode = START_COUNT
        elif self.pad_mode == START_COUNT or (w != PLAY and self.pad_mode != "cards"):
            self.pad_mode = "cards"
        guessing = self.pad_mode in ("guess_target", "guess_number")
        extra = self.ids.extra
        text = ""
        if w == PLAY and v["bonus"] and not full:
            text = "End turn"
        elif w == PLAY and v["options"]["advanced"] and not v["bonus"] and not guessing:
            text = "Guess"
        extra.text, extra.disabled, extra.opacity = text, not text, 1 if text else 0
        # Full deck: cards are played from the hand in the private view; the pad
        # only comes up for a guess (said aloud, so it is entered in public).
        hidden = full and w == PLAY and not guessing and self.pad_mode != "wild"
        self.ids.pad.opacity = 0 if hidden else 1
        self.ids.pad.disabled = hidden or w not in (PLAY, START_CARD, START_COUNT)
        self._fill_pad(v)

    def _fill_pad(self, v):
        """The pad's buttons for its mode; one grid, re-filled, so nothing jumps around."""
        key = (self.pad_mode, v["phase"], self._guess_target,
               (v["turn"], tuple(s["has_secret"] for s in v["players"])) if self.pad_mode == "guess_target" else None)
        if key == self._pad_key:
            return  # same buttons as now: rebuilding them would only cost frame time
        self._pad_key = key
        grid_top, grid_bottom = self.ids.pad_top, self.ids.pad_bottom
        grid_top.clear_widgets()
        grid_bottom.clear_widgets()
        mode = self.pad_mode
        pool = {id(grid_top): iter(self._pad_pool("top")), id(grid_bottom): iter(self._pad_pool("bottom"))}

        def add(grid, text, fn):
            # Buttons are reused, not rebuilt: a night of play changes modes hundreds of times.
            b = next(pool[id(grid)])
            b.text, b.action = text, fn
            grid.add_widget(b)
            return b

        if mode == "cards":
            for code in NUMBER_CARDS:
                add(grid_top, card_label(code), lambda c=code: self.card(c))
            for code in ("wild", "skip", "reverse", "temple"):
                add(grid_bottom, card_label(code), lambda c=code: self.card(c))
            self.ids.pad_hint.text = "Starting card:" if v["phase"] == START_CARD else "Card played:"
        elif mode in ("wild", START_COUNT):
            for value in WILD_VALUES:
                add(grid_top, wild_label(value), lambda x=value: self.wild_value(x))
            if mode == "wild":
                add(grid_bottom, "Cancel", self.cancel_pad)
            self.ids.pad_hint.text = "Wild counts as:" if mode == "wild" else "Starting count:"
        elif mode == "guess_target":
            me = v["turn"]
            for s in v["players"]:
                if s["seat"] != me and s["has_secret"]:
                    add(grid_top, s["name"], lambda t=s["seat"]: self.guess_target(t))
            add(grid_bottom, "Cancel", self.cancel_pad)
            self.ids.pad_hint.text = "Guess whose secret?"
        elif mode == "guess_number":
            for k in range(1, max(10, v.get("token_max", 10)) + 1):
                add(grid_top, str(k), lambda x=k: self.guess_number(x))
            add(grid_bottom, "Cancel", self.cancel_pad)
            self.ids.pad_hint.text = f"{self._table.name(self._guess_target)}'s number is:"

    def _pad_pool(self, row: str) -> list:
        if row not in self._pools:
            buttons = []
            for _ in range(12):
                b = Factory.BigButton(text="", font_size=sp(22))
                b.action = None
                b.bind(on_release=lambda btn: btn.action and btn.action())
                buttons.append(b)
            self._pools[row] = buttons
        return self._pools[row]

    # --- intents ----------------------------------------------------------------
    def _now(self):
        return self._table.public_view()["phase"]

    def _play(self, action):
        """A move: a taken one re-renders the screen through the table's notice (issue 13:
        once per move, not twice); one not taken is rendered here (the pad may have
        changed mode on the way, and a refusal's sentence is shown)."""
        if not self._table.play(action):
            self.render()

    def card(self, code):
        if self._now() == START_CARD:
            self._play({"type": START_CARD, "card": code})
        elif code == "wild":
            self.pad_mode = "wild"
            self.render()
        else:
            self._play({"type": PLAY, "card": code})

    def wild_value(self, value):
        if self.pad_mode == START_COUNT:
            self._play({"type": START_COUNT, "count": value})
        else:
            self.pad_mode = "cards"
            self._play({"type": PLAY, "card": "wild", "value": value})

    def extra_action(self):
        text = self.ids.extra.text
        if text == "End turn":
            self._play({"type": END_TURN})
            return
        if text == "Guess":
            self.pad_mode = "guess_target"
        self.render()

    def guess_target(self, seat):
        self._guess_target = seat
        self.pad_mode = "guess_number"
        self.render()

    def guess_number(self, number):
        self.pad_mode = "cards"
        self._play({"type": GUESS, "target": self._guess_target, "number": number})

    def cancel_pad(self):
        self.pad_mode = "cards"
        self.render()

    # --- what just happened -------------------------------------------------------
    def on_log(self, new_entries, news):
        """A token won, or a guess that was right, is celebrated once, when it happens:
        never again after an Undo or a resume, and never a wrong guess."""
        if not news:
            return
        won = [e for entry in new_entries for e in entry["events"]
               if e["kind"] == "win_token" or (e["kind"] == GUESS and e.get("right"))]
        over = any(e["kind"] == "game_over" for entry in new_entries for e in entry["events"])
        if not won or over:
            return  # the end screen takes over at the end
        App.get_running_app().play_sound("token")
        self._celebration = self._celebration or Celebration()
        self._celebration.show(won[-1]["sentence"])

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat, view):
        """The seat's secret (and hand in full-deck play), for the private overlay only."""
        if self._secret_panel is None:
            self._secret_panel = SecretPanel(self)
        self._secret_panel.show(seat, view)
        return self._secret_panel

    def play_from_hand(self, seat, code, value=None):
        self._table.close_gate()
        action = {"actor": seat, "type": PLAY, "card": code}
        if value is not None:
            action["value"] = value
        self._play(action)

    def guess_from_hand(self):
        """Advanced play with the full deck: the player decides to guess instead."""
        self._table.close_gate()
        self.pad_mode = "guess_target"
        self.render()


class SecretPanel(BoxLayout):
    """What one seat sees behind the gate: the secret number (digits and Maya
    numeral), the values of its own tokens, and in full-deck play the count and
    direction beside its hand, a Wild's value, and Guess in advanced play.
    Built once and refilled; clear() wipes every secret when the gate closes.
    A Wild chosen but not yet given a value is this seat's draft."""

    def __init__(self, screen, **kw):
        super().__init__(orientation="vertical", spacing=dp(6), **kw)
        self.screen = screen
        self.seat: int | None = None
        self.wild_open = False
        row = BoxLayout(spacing=dp(16))
        left = BoxLayout(orientation="vertical")
        left.add_widget(Factory.Body(text="Your secret number", halign="center", font_size=sp(24),
                                     size_hint_y=None, height=dp(34)))
        self.number = Factory.Label(text="", font_size=sp(96), bold=True, color=theme.ACCENT)
        # as big as the room left by the hand (and a Wild's values) allows
        self.number.bind(height=lambda w, h: setattr(w, "font_size", max(sp(40), min(sp(96), h * 0.75))))
        left.add_widget(self.number)
        row.add_widget(left)
        self.numeral = MayaNumeral(value=0, size_hint_x=0.35)
        row.add_widget(self.numeral)
        self.add_widget(row)
        self.tokens = Factory.Body(text="", halign="center", font_size=sp(24), size_hint_y=None, height=dp(34))
        self.add_widget(self.tokens)
        self.status = Factory.Body(text="", halign="center", font_name=theme.SYMBOL_FONT, font_size=sp(24),
                                   color=theme.ACCENT, size_hint_y=None, height=0, opacity=0)
        self.add_widget(self.status)
        self.hand = BoxLayout(size_hint_y=None, height=0, spacing=dp(6))
        self.add_widget(self.hand)
        self.hand_buttons: list = []
        self.guess = Factory.BigButton(text="Guess a number instead", size_hint_x=None, width=dp(320), height=dp(64))
        self.guess.bind(on_release=lambda *_: self.screen.guess_from_hand())
        # In the tree only while a Wild's value is being chosen (a hidden row would still take touches).
        self.wilds = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(4))
        self.wilds.add_widget(Factory.Dim(text="Wild as:", size_hint_x=None, width=dp(100), halign="right"))
        for value in WILD_VALUES:
            b = Factory.BigButton(text=wild_label(value), height=dp(56))
            b.bind(on_release=lambda _b, x=value: self._wild_value(x))
            self.wilds.add_widget(b)

    def show(self, seat, view):
        self.seat = seat
        you = view["you"]
        secret = you["secret"]
        self.number.text = "—" if secret is None else str(secret)
        self.numeral.value = secret or 0
        self.numeral.opacity = 0 if secret is None else 1
        self.tokens.text = ("Your tokens: " + ", ".join(map(str, you["token_values"]))) if you["token_values"] else ""
        hand = you.get("hand") or []
        my_turn = view["phase"] == PLAY and view["waiting_for"]["actors"] == [seat]
        full = view["options"]["deck"] == "full"
        # Full deck: the hand is decided against the count, so both are beside it.
        self.status.text = f"Count {signed(view['count'])}  ·  {direction_text(view)}" if full else ""
        self.status.height, self.status.opacity = (dp(34), 1) if full else (0, 0)
        while len(self.hand_buttons) < len(hand):
            b = Factory.BigButton(text="", height=dp(64))
            b.bind(on_release=self._hand_tap)
            self.hand_buttons.append(b)
        self.hand.clear_widgets()
        for b, code in zip(self.hand_buttons, hand):
            b.code, b.text, b.disabled = code, card_label(code), not my_turn
            self.hand.add_widget(b)
        can_guess = full and my_turn and view["options"]["advanced"] and not view["bonus"]
        if can_guess:
            self.hand.add_widget(self.guess)
        self.hand.height = dp(64) if hand else 0
        self._show_wilds(False)

    def _show_wilds(self, on: bool):
        self.wild_open = on
        if on and self.wilds.parent is None:
            self.add_widget(self.wilds, index=0)
        elif not on and self.wilds.parent is not None:
            self.remove_widget(self.wilds)

    def _hand_tap(self, button):
        if button.code == "wild":
            self._show_wilds(True)  # the value is chosen here, before the card goes down
            return
        self.screen.play_from_hand(self.seat, button.code)

    def _wild_value(self, value):
        self._show_wilds(False)
        self.screen.play_from_hand(self.seat, "wild", value)

    # --- drafts (game_screen.py) ---------------------------------------------------
    def draft(self):
        return "wild" if self.wild_open else None

    def offer_draft(self, draft):
        if draft == "wild" and any(getattr(b, "code", None) == "wild" and not b.disabled for b in self.hand.children):
            self._show_wilds(True)

    def clear(self):
        self.number.text = ""
        self.numeral.value = 0
        self.numeral.opacity = 0
        self.tokens.text = ""
        self.status.text = ""
        self.hand.clear_widgets()
        self._show_wilds(False)
        for b in self.hand_buttons:
            b.text, b.code = "", None


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
