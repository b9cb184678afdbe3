"""The Maya Madness table screen: the count (digits and Maya numerals), the
direction, whose turn, each player's tokens, and the card pad.

Everything shown here comes from the TABLE view; a seat's secret appears only
in the private overlay (private_content), built while the gate is open.
"""
from __future__ import annotations

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from .. import theme
from .game_screen import GameScreen
from ..widgets.maya_numeral import MayaNumeral  # noqa: F401  (registers the .kv class)

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


def mode_needs_seats(mode: str) -> bool:
    return mode == "guess_target"


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
    direction_text = StringProperty("")

    def __init__(self, **kw):
        super().__init__(**kw)
        self._guess_target = None
        self._last_seen_events = None

    # --- wiring -------------------------------------------------------------------
    def new_table(self):
        self.pad_mode = "cards"
        self._last_seen_events = None

    def reset_input(self):
        self.pad_mode = "cards"

    # --- rendering the public view ------------------------------------------------
    def render(self):
        table = self._table
        if table is None:
            return
        v = table.public_view()
        self.prompt = v["waiting"]["sentence"]
        # Token draws are routine; the sentences that matter are the card and its effect.
        said = [e["sentence"] for e in v["last"] if e["event"] != "draw_token"]
        self.summary = " ".join(said) if said else (v.get("summary") or "")
        self.summary = table.notice or self.summary  # after Undo/Redo: what it did
        self.can_redo = table.can_redo()
        self.message = table.message or " · ".join(table.device_problems.values())
        self.count_text = signed(v["count"])
        self.count_value = v["count"] or 0
        self.ids.numeral.opacity = 0 if v["count"] is None else 1
        n = len(v["players"])
        arrow = "↻" if v["direction"] == "clockwise" else "↺"
        self.direction_text = f"{arrow} {v['direction']}" if n > 2 else "two players"
        self._render_seats(v)
        self._render_pad(v)
        self._celebrate(v)
        self.gate_view.sync(table)

    def _render_seats(self, v):
        box = self.ids.seats
        meta = getattr(self._table.session, "meta", {}) or {}
        colours = meta.get("colours") or list(theme.COLOUR_NAMES)
        while len(box.children) < len(v["seats"]):
            row = SeatRow()
            row.bind(on_release=lambda r: self._table.request_peek(r.seat))
            box.add_widget(row)
        while len(box.children) > len(v["seats"]):  # a smaller table than the last game's
            box.remove_widget(box.children[0])
        rows = list(reversed(box.children))  # top to bottom
        for row, s in zip(rows, v["seats"]):
            name, symbol, rgba = theme.colour(colours[s["seat"]] if s["seat"] < len(colours) else "")
            row.seat = s["seat"]
            row.name_text = s["name"] + (" (dealer)" if s["seat"] == v["dealer"] and v["count"] is None else "")
            row.symbol, row.colour_name, row.colour_rgba = symbol, name, list(rgba)
            row.is_turn = v["waiting"].get("seat") == s["seat"] and v["turn"] is not None
            values = s["token_values"]
            shown = f"  ({', '.join(map(str, values))})" if values else ""
            row.tokens_text = f"★ {s['tokens']}{shown}"

    def _render_pad(self, v):
        w = v["waiting"]["for"]
        if w == "start_count":
            self.pad_mode = "start_count"
        elif w == "start_card" and self.pad_mode not in ("cards",):
            self.pad_mode = "cards"
        elif w == "play" and self.pad_mode == "start_count":
            self.pad_mode = "cards"
        full = v["options"]["deck"] == "full"
        advanced = v["options"]["advanced"]
        extra = self.ids.extra
        extra.text = ""
        extra.disabled = True
        extra.opacity = 0
        if w == "play" and v["bonus"] and not full:
            extra.text, extra.disabled, extra.opacity = "End turn", False, 1
        elif w == "play" and advanced and not v["bonus"]:
            extra.text, extra.disabled, extra.opacity = "Guess", False, 1
        self.ids.pad.opacity = 0 if (full and w == "play") else 1
        self.ids.pad.disabled = w not in ("play", "start_card", "start_count") or (full and w == "play")
        self._fill_pad(v)

    def _fill_pad(self, v):
        """The pad's buttons for its mode; one grid, re-filled, so nothing jumps around."""
        key = (self.pad_mode, v["waiting"]["for"], self._guess_target,
               (v["waiting"]["seat"], tuple(s["has_secret"] for s in v["seats"])) if mode_needs_seats(self.pad_mode) else None)
        if key == getattr(self, "_pad_key", None):
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
            start = v["waiting"]["for"] == "start_card"
            for code in NUMBER_CARDS:
                add(grid_top, card_label(code), lambda c=code: self.card(c))
            for code in ("wild", "skip", "reverse", "temple"):
                add(grid_bottom, card_label(code), lambda c=code: self.card(c))
            self.ids.pad_hint.text = "Starting card:" if start else "Card played:"
        elif mode in ("wild", "start_count"):
            for value in WILD_VALUES:
                add(grid_top, signed(value) if value < 0 else f"+{value}", lambda x=value: self.wild_value(x))
            if mode == "wild":
                add(grid_bottom, "Cancel", self.cancel_pad)
            self.ids.pad_hint.text = "Wild counts as:" if mode == "wild" else "Starting count:"
        elif mode == "guess_target":
            me = v["waiting"]["seat"]
            for s in v["seats"]:
                if s["seat"] != me and s["has_secret"]:
                    add(grid_top, s["name"], lambda t=s["seat"]: self.guess_target(t))
            add(grid_bottom, "Cancel", self.cancel_pad)
            self.ids.pad_hint.text = "Guess whose secret?"
        elif mode == "guess_number":
            tokens = max(10, v.get("token_max", 10))
            for k in range(1, tokens + 1):
                add(grid_top, str(k), lambda x=k: self.guess_number(x))
            add(grid_bottom, "Cancel", self.cancel_pad)
            self.ids.pad_hint.text = f"{self._table.name(self._guess_target)}'s number is:"

    def _pad_pool(self, row: str) -> list:
        pools = self.__dict__.setdefault("_pools", {})
        if row not in pools:
            buttons = []
            for _ in range(12):
                b = Factory.BigButton(text="", font_size=sp(22))
                b.action = None
                b.bind(on_release=lambda btn: btn.action and btn.action())
                buttons.append(b)
            pools[row] = buttons
        return pools[row]

    # --- intents ----------------------------------------------------------------
    def _now(self):
        return self._table.public_view()["waiting"]["for"]

    def card(self, code):
        if self._now() == "start_card":
            self._table.play({"type": "start_card", "card": code})
        elif code == "wild":
            self.pad_mode = "wild"
            self.render()
            return
        else:
            self._table.play({"type": "play", "card": code})
        self.render()

    def wild_value(self, value):
        if self.pad_mode == "start_count":
            self._table.play({"type": "start_count", "count": value})
        else:
            self.pad_mode = "cards"
            self._table.play({"type": "play", "card": "wild", "value": value})
        self.render()

    def extra_action(self):
        text = self.ids.extra.text
        if text == "End turn":
            self._table.play({"type": "end_turn"})
        elif text == "Guess":
            self.pad_mode = "guess_target"
        self.render()

    def guess_target(self, seat):
        self._guess_target = seat
        self.pad_mode = "guess_number"
        self.render()

    def guess_number(self, number):
        self.pad_mode = "cards"
        self._table.play({"type": "guess", "target": self._guess_target, "number": number})
        self.render()

    def cancel_pad(self):
        self.pad_mode = "cards"
        self.render()

    # --- celebration --------------------------------------------------------------
    def _celebrate(self, v):
        events = [e for e in v["last"] if e["event"] in ("win_token", "guess")]
        key = tuple((e["event"], e["seat"], e.get("token"), e.get("number")) for e in events)
        first = self._last_seen_events is None
        if key == self._last_seen_events:
            return
        self._last_seen_events = key
        if first or not events or v["result"] is not None:
            return  # nothing new, or resuming onto an old event, or the end screen takes over
        App.get_running_app().play_sound("token")
        Celebration(events[-1]["sentence"]).open(animation=False)

    # --- the private overlay's content ---------------------------------------------
    def private_content(self, seat, view):
        """The seat's secret (and hand in full-deck play), for the private overlay only."""
        if getattr(self, "_secret_panel", None) is None:
            self._secret_panel = SecretPanel(self)
        self._secret_panel.show(seat, view)
        return self._secret_panel

    def play_from_hand(self, seat, code):
        self._table.close_gate()
        if code == "wild":
            # The value is announced to everyone anyway; pick it on the public pad.
            self.pad_mode = "wild"
            self.ids.pad.opacity, self.ids.pad.disabled = 1, False
            self._fill_pad(self._table.public_view())
            return
        self._table.play({"actor": seat, "type": "play", "card": code})
        self.render()


class SecretPanel(BoxLayout):
    """What one seat sees behind the gate: the secret number (digits and Maya
    numeral), the values of its own tokens, and its hand in full-deck play.
    Built once and refilled; clear() wipes every secret when the gate closes."""

    def __init__(self, screen, **kw):
        super().__init__(orientation="vertical", spacing=dp(8), **kw)
        self.screen = screen
        row = BoxLayout(spacing=dp(16))
        left = BoxLayout(orientation="vertical")
        left.add_widget(Factory.Body(text="Your secret number", halign="center", font_size=sp(24),
                                     size_hint_y=None, height=dp(40)))
        self.number = Factory.Label(text="", font_size=sp(110), bold=True, color=theme.ACCENT)
        left.add_widget(self.number)
        row.add_widget(left)
        self.numeral = MayaNumeral(value=0, size_hint_x=0.35)
        row.add_widget(self.numeral)
        self.add_widget(row)
        self.tokens = Factory.Body(text="", halign="center", size_hint_y=None, height=dp(40))
        self.add_widget(self.tokens)
        self.hand = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(6))
        self.add_widget(self.hand)
        self.hand_buttons = []

    def show(self, seat, view):
        you = view["you"]
        secret = you["secret"]
        self.number.text = "—" if secret is None else str(secret)
        self.numeral.value = secret or 0
        self.numeral.opacity = 0 if secret is None else 1
        self.tokens.text = ("Your tokens: " + ", ".join(map(str, you["token_values"]))) if you["token_values"] else ""
        hand = you.get("hand") or []
        my_turn = view["waiting"]["for"] == "play" and view["waiting"]["seat"] == seat
        while len(self.hand_buttons) < len(hand):
            b = Factory.BigButton(text="", height=dp(64))
            b.bind(on_release=self._hand_tap)
            self.hand_buttons.append(b)
        self.hand.clear_widgets()
        for b, code in zip(self.hand_buttons, hand):
            b.code, b.seat, b.text, b.disabled = code, seat, card_label(code), not my_turn
            self.hand.add_widget(b)
        self.hand.height = dp(64) if hand else 0

    def _hand_tap(self, button):
        self.screen.play_from_hand(button.seat, button.code)

    def clear(self):
        self.number.text = ""
        self.numeral.value = 0
        self.numeral.opacity = 0
        self.tokens.text = ""
        self.hand.clear_widgets()
        for b in self.hand_buttons:
            b.text, b.code = "", None


class Celebration(ModalView):
    """A token won (or a guess answered): big, brief, tap to dismiss."""

    def __init__(self, sentence, **kw):
        super().__init__(size_hint=(0.9, 0.6), **kw)
        self.background = ""
        self.background_color = theme.SURFACE_HI
        self.overlay_color = (0, 0, 0, 0.6)
        self.add_widget(Factory.Label(text="★  " + sentence + "  ★", font_name=theme.SYMBOL_FONT, font_size="30sp",
                                      bold=True, color=theme.ACCENT, halign="center", valign="middle",
                                      text_size=(self.width * 0.9 if self.width > 200 else 640, None)))
        self.bind(width=lambda w, val: setattr(self.children[0], "text_size", (val * 0.9, None)))
        self._close = Clock.schedule_once(lambda *_: self.dismiss(animation=False), 2.5)

    def on_touch_down(self, touch):
        self.dismiss(animation=False)
        return True

    def on_dismiss(self):
        self._close.cancel()
