"""What one Maya player sees behind the privacy gate, from that seat's view only:
their worker cards and, while quarrying, every quarry as a column (the blocks
it pays, its marker, the cards laid there as low/high backs, their own with
values) with a button for each of their cards that may go there: one touch
lays a card. The sealed bid of the advanced game is a number pad (any bid 0-10
in at most 3 touches). Pass asks to be confirmed and is never highlighted: the
Pass button becomes "Don't pass" and "Yes, pass" appears at the other end of
the row, never under the finger that asked.

Built once and refilled; clear() wipes every secret when the gate closes. A
half-entered bid or a card chosen by tag is the seat's draft (draft() /
offer_draft()), offered again when that seat opens its view next.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.games.maya.actions import BID, PASS, PLACE_WORKER
from companion.games.maya.words import number, short_marker_name

from .. import theme
from .maya_board import FONT

CARD_ORDER = (3, 4, 5, 6, 7, 8, -3)  # as the rulebook lists them


def _label(size: float, bold: bool = False, colour: Any = theme.TEXT, markup: bool = False, **kw: Any) -> Label:
    kw.setdefault("shorten", True)
    kw.setdefault("shorten_from", "right")
    lab = Label(font_size=size, bold=bold, color=colour, markup=markup, font_name=FONT,
                halign="center", valign="middle", **kw)
    lab.bind(size=lambda w, s: setattr(w, "text_size", s))
    return lab


def _button(text: str = "", accent: bool = False, size: float = sp(24)) -> Any:
    b = (Factory.AccentButton if accent else Factory.BigButton)(text=text, font_size=size, font_name=FONT)
    b.size_hint_y = 1
    b.fn = None
    b.bind(on_release=lambda btn: btn.fn and btn.fn())
    return b


class QuarryPick(BoxLayout):
    """One quarry in the private view: what it pays and holds, and the seat's cards that may go there."""

    def __init__(self, pick: Callable[[int, int], None], **kw: Any) -> None:
        super().__init__(orientation="vertical", spacing=dp(2), **kw)
        self.quarry = 0
        self.title = _label(sp(18), bold=True, size_hint_y=None, height=dp(24))
        self.marker = _label(sp(16), colour=theme.TEXT_DIM, size_hint_y=None, height=dp(20))
        self.laid = _label(sp(16), markup=True, size_hint_y=None, height=dp(58), shorten=False)
        for w in (self.title, self.marker, self.laid):
            self.add_widget(w)
        self.buttons = {}
        grid = GridLayout(cols=2, spacing=dp(3))  # two cards a row: each button stays a finger wide and tall
        for v in CARD_ORDER:
            b = _button(number(v))
            b.fn = lambda v=v: pick(self.quarry, v)
            self.buttons[v] = b
            grid.add_widget(b)
        self.add_widget(grid)

    def show(self, q: dict, seat: int, mine: dict, seats: dict, hand: list, legal: set, chosen: int | None) -> None:
        self.quarry = q["quarry"]
        self.title.text = f"Q{q['quarry'] + 1} {'·'.join(map(str, q['blocks']))}"
        self.marker.text = f"{len(q['cards'])}/{q['max_cards']} · " + (
            short_marker_name(q["marker"]) if q["marker"] else "—")
        chips = []
        for i, c in enumerate(q["cards"]):
            _, symbol, rgba = seats[c["seat"]]
            value = c.get("value", mine.get((q["quarry"], i)))
            back = number(value) if value is not None else ("L" if c["low"] else "H")
            chips.append(f"[color={theme.hex_colour(rgba)}]{symbol}[/color]{back}")
        self.laid.text = " ".join(chips) or "no cards"
        for v, b in self.buttons.items():
            held = v in hand
            ok = (q["quarry"], v) in legal
            b.opacity = 1 if held else 0
            b.disabled = not ok
            b.normal_bg = theme.ACCENT if ok and v == chosen else theme.SURFACE_HI
            b.normal_fg = (0.05, 0.05, 0.05, 1) if ok and v == chosen else theme.TEXT


class MayaPrivatePanel(BoxLayout):
    def __init__(self, play: Callable[[int, dict], None], **kw: Any) -> None:
        """play(seat, action): called with the player's choice (the screen hides
        the view, then plays it)."""
        super().__init__(orientation="vertical", spacing=dp(4), **kw)
        self.play = play
        self.seat: int | None = None
        self.view: dict | None = None
        self.legal: list = []
        self.seats: dict = {}
        self.card: int | None = None  # a card chosen by its tag: its buttons light up
        self.digits = ""  # the bid being typed
        self.confirming = False  # Pass was tapped once
        top = BoxLayout(size_hint_y=None, height=dp(48), spacing=dp(6))
        self.hand = _label(sp(24))
        self.hand.halign = "left"
        self.pass_button = _button("Pass…", size=sp(20))
        self.pass_button.size_hint = (None, 1)
        self.pass_button.width = dp(150)
        self.pass_button.fn = self._pass
        # The confirmation, at the far end of the row from Pass (a double tap on Pass
        # asks, then takes the question back); folded away until Pass was tapped.
        self.yes_pass = _button("Yes, pass", size=sp(20))
        self.yes_pass.size_hint = (None, 1)
        self.yes_pass.normal_bg = theme.DANGER
        self.yes_pass.normal_fg = (0.05, 0.05, 0.05, 1)
        self.yes_pass.fn = self._yes_pass
        self.yes_pass.width, self.yes_pass.opacity, self.yes_pass.disabled = 0, 0, True
        top.add_widget(self.yes_pass)
        top.add_widget(self.hand)
        top.add_widget(self.pass_button)
        self.ask = _label(sp(18), colour=theme.ACCENT, size_hint_y=None, height=dp(26))
        self.body = BoxLayout()
        for w in (top, self.ask, self.body):
            self.add_widget(w)
        self.picks: list[QuarryPick] = []
        self.quarry_row = BoxLayout(spacing=dp(4))
        self.pad = self._build_pad()

    def _build_pad(self) -> BoxLayout:
        pad = BoxLayout(orientation="vertical", spacing=dp(6))
        self.bid_label = _label(sp(30), bold=True, size_hint_y=None, height=dp(48))
        keys = GridLayout(cols=6, spacing=dp(6))
        self.keys = {}
        for k in ("1", "2", "3", "4", "5", "⌫", "6", "7", "8", "9", "0", "seal"):
            b = _button(k, accent=k == "seal", size=sp(28))
            b.fn = (lambda k=k: self._key(k))
            self.keys[k] = b
            keys.add_widget(b)
        pad.add_widget(self.bid_label)
        pad.add_widget(keys)
        return pad

    # --- filling -------------------------------------------------------------------
    def show(self, seat: int, view: dict, legal: list, seats: dict | None = None) -> None:
        """legal: this seat's own legal actions now (its private choices)."""
        self.legal = list(legal)
        self.seat, self.view = seat, view
        self.seats = seats or {p["seat"]: (p["colour"], "●", theme.TEXT) for p in view["players"]}
        self.card, self.digits, self.confirming = None, "", False
        self._fill()

    def _fill(self) -> None:
        v = self.view
        if v is None or self.seat is None:
            return
        you = v["you"]
        cards = sorted(you["cards"], key=lambda x: (x < 0, x))
        self.hand.text = "Your cards: " + ("  ".join(number(x) for x in cards) or "none left")
        quarrying = v["phase"] == "quarrying" and any(a["type"] in (PLACE_WORKER, PASS) for a in self.legal)
        bidding = any(a["type"] == BID for a in self.legal)
        self.pass_button.opacity = 1 if quarrying else 0
        self.pass_button.disabled = not quarrying
        self.pass_button.text = "Don't pass" if self.confirming else "Pass…"
        asking = quarrying and self.confirming
        self.yes_pass.width = dp(150) if asking else 0
        self.yes_pass.opacity = 1 if asking else 0
        self.yes_pass.disabled = not asking
        if quarrying:
            self._show_quarries(v, you)
        elif bidding:
            self._show_pad(v)
        else:
            self._use(None)
            waiting = v["phase"] == "bidding" and you.get("bid") is not None
            self.ask.text = f"Your sealed bid: {you['bid']} gold. Waiting for the others." if waiting \
                else "Nothing to choose here now."

    def _use(self, child: Any) -> None:
        """The body shows the quarries or the pad (changes only between phases)."""
        current = self.body.children[0] if self.body.children else None
        if current is child:
            return
        self.body.clear_widgets()
        if child is not None:
            self.body.add_widget(child)

    def _show_quarries(self, v: dict, you: dict) -> None:
        if len(self.picks) != len(v["quarries"]):
            self.quarry_row.clear_widgets()
            self.picks = [QuarryPick(self._pick) for _ in v["quarries"]]
            for p in self.picks:
                self.quarry_row.add_widget(p)
        self._use(self.quarry_row)
        mine = {(x["quarry"], x["index"]): x["value"] for x in you["laid"]}
        legal = {(a["quarry"], a["card"]) for a in self.legal if a["type"] == PLACE_WORKER}
        for pick, q in zip(self.picks, v["quarries"]):
            pick.show(q, cast(int, self.seat), mine, self.seats, you["cards"], legal, self.card)
        if self.confirming:
            self.ask.text = "Pass for the rest of quarrying? Tap “Yes, pass”, or a card to lay it."
        elif self.card is not None:
            self.ask.text = f"Lay your {number(self.card)} at:"  # its buttons light up under the quarries
        else:
            self.ask.text = "Tap a card under the quarry where it goes."

    def _show_pad(self, v: dict) -> None:
        self._use(self.pad)
        gold = v["players"][self.seat]["gold"]
        self.ask.text = f"Your sealed bid: type it, then Seal ({gold} gold in hand)."
        amount = int(self.digits) if self.digits else None
        self.bid_label.text = f"{amount} gold" if amount is not None else "—"
        self.keys["seal"].text = f"Seal {amount}" if amount is not None else "Seal"
        self.keys["seal"].disabled = amount is None or not self._can_bid(amount)

    def _can_bid(self, amount: int) -> bool:
        return any(a["type"] == BID and a["gold"] == amount for a in self.legal)

    # --- touches --------------------------------------------------------------------
    def _pick(self, quarry: int, value: int) -> None:
        if self.seat is not None:
            self.card, self.digits = None, ""  # played: nothing is left as a draft
            self.play(self.seat, {"type": PLACE_WORKER, "quarry": quarry, "card": value})

    def _pass(self) -> None:
        """Pass… asks; tapped again (now "Don't pass") it takes the question back."""
        self.confirming = not self.confirming
        self._fill()

    def _yes_pass(self) -> None:
        if self.confirming and self.seat is not None:
            self.card, self.digits, self.confirming = None, "", False
            self.play(self.seat, {"type": PASS})

    def _key(self, k: str) -> None:
        if k == "seal":
            if self.digits and self.seat is not None and self._can_bid(int(self.digits)):
                amount, self.digits = int(self.digits), ""
                self.play(self.seat, {"type": BID, "gold": amount})
            return
        if k == "⌫":
            self.digits = self.digits[:-1]
        else:
            typed = (self.digits + k).lstrip("0") or "0"
            if self._can_bid(int(typed)):
                self.digits = typed
            else:
                view = cast(dict, self.view)
                self.ask.text = f"You cannot bid {typed}: you have {view['players'][self.seat]['gold']} gold."
                return
        self._fill()

    def select_card(self, value: int | None) -> None:
        """A worker card chosen by its tag: its buttons light up under every quarry it may go to."""
        self.card = value
        self.confirming = False
        self._fill()

    # --- drafts (kept by the screen when the view closes) -----------------------------
    def draft(self) -> dict | None:
        if self.digits:
            return {"gold": self.digits}  # a bid being typed
        if self.card is not None:
            return {"card": self.card}
        return None

    def offer_draft(self, draft: Any) -> None:
        if not isinstance(draft, dict):
            return
        if "gold" in draft and any(a["type"] == BID for a in self.legal):
            self.digits = str(draft["gold"])
        if "card" in draft and any(a["type"] == PLACE_WORKER and a["card"] == draft["card"] for a in self.legal):
            self.card = draft["card"]
        self._fill()

    def clear(self) -> None:
        """Nothing secret outlives the gate."""
        self.hand.text = self.ask.text = self.bid_label.text = ""
        for pick in self.picks:
            pick.laid.text = pick.title.text = pick.marker.text = ""
        self.view = None
        self.legal = []
        self.card = None
        self.digits = ""
