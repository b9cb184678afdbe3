"""What one Maya player sees behind the privacy gate, from that seat's view and
its own choices only (the gate's frame): their secrets in the game's lines and,
while quarrying, every quarry as a column (the blocks it pays, its marker, the
cards laid there as low/high backs, their own with values) with a button for
each card of the choice "lay a card": one touch picks the card and the quarry.
The pass is the game's choice (it asks first, over the view). The sealed bid is
a number pad over the bid's picker (any bid 0-10 in at most 3 touches).

Built once and refilled; clear() wipes every secret when the gate closes. A
half-entered bid or a card chosen by tag is the seat's draft (draft() /
offer_draft()), offered again when that seat opens its view next.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.games.maya.words import card_back, quarry_short, short_marker_name
from companion.rules.choices import Choice, options_for

from .. import theme
from .maya_board import FONT, show_in_place

Send = Callable[[int, str, dict | None], None]  # (seat, choice key, picks)


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


def _of(choices: list[Choice], part: str) -> Choice | None:
    """The choice whose first part picks `part` (the card, the gold)."""
    return next((c for c in choices if c.parts and c.parts[0].key == part), None)


class QuarryPick(BoxLayout):
    """One quarry in the private view: what it pays and holds, and a button for each card
    the lay choice offers (shown for the cards in hand, usable where the card may go)."""

    def __init__(self, pick: Callable[[int, Any], None], cards: list, **kw: Any) -> None:
        super().__init__(orientation="vertical", spacing=dp(2), **kw)
        self.quarry = 0
        self.title = _label(sp(20), bold=True, size_hint_y=None, height=dp(26))
        # its cards laid of its limit, then its marker (two lines: a narrow column holds them whole)
        self.marker = _label(sp(18), colour=theme.TEXT_DIM, size_hint_y=None, height=dp(46), shorten=False)
        self.laid = _label(sp(18), markup=True, size_hint_y=None, height=dp(52), shorten=False)
        for w in (self.title, self.marker, self.laid):
            self.add_widget(w)
        self.buttons = {}
        grid = GridLayout(cols=2, spacing=dp(3))  # two cards a row: each button stays a finger wide and tall
        for value, text in cards:
            b = _button(text)
            b.fn = lambda v=value: pick(self.quarry, v)
            self.buttons[value] = b
            grid.add_widget(b)
        self.add_widget(grid)

    def show(self, q: dict, mine: dict, seats: dict, hand: list, fits: set, chosen: Any) -> None:
        self.quarry = q["quarry"]
        self.title.text = f"{quarry_short(q['quarry'])} {'·'.join(map(str, q['blocks']))}"
        self.marker.text = f"{len(q['cards'])}/{q['max_cards']}\n" + (
            short_marker_name(q["marker"]) if q["marker"] else "—")
        chips = []
        for i, c in enumerate(q["cards"]):
            _, symbol, rgba = seats[c["seat"]]
            value = c.get("value", mine.get((q["quarry"], i)))
            back = self.buttons[value].text if value in self.buttons else card_back(c["low"])
            chips.append(f"[color={theme.hex_colour(rgba)}]{symbol}[/color]{back}")
        self.laid.text = " ".join(chips) or "—"
        for v, b in self.buttons.items():
            ok = (v, q["quarry"]) in fits
            show_in_place(b, v in hand)
            b.disabled = not ok
            b.normal_bg = theme.ACCENT if ok and v == chosen else theme.SURFACE_HI
            b.normal_fg = (0.05, 0.05, 0.05, 1) if ok and v == chosen else theme.TEXT


class MayaPrivatePanel(BoxLayout):
    def __init__(self, send: Send, **kw: Any) -> None:
        """send(seat, key, picks): called with the player's choice (the screen hides the
        view, asking first where the choice asks)."""
        super().__init__(orientation="vertical", spacing=dp(4), **kw)
        self.send = send
        self.seat: int | None = None
        self.view: dict | None = None
        self.choices: list[Choice] = []
        self.seats: dict = {}
        self.card: Any = None  # a card chosen by its tag (or tapped): its buttons light up
        self.digits = ""  # the bid being typed
        top = BoxLayout(size_hint_y=None, height=dp(48), spacing=dp(6))
        # the cards in hand: whole, in two lines where the screen is narrow
        self.hand = Label(font_size=sp(24), color=theme.TEXT, font_name=FONT, halign="left", valign="middle")
        self.hand.bind(width=lambda w, x: setattr(w, "text_size", (x, None)),
                       texture_size=lambda w, ts: setattr(top, "height", max(dp(48), ts[1] + dp(4))))
        self.pass_button = _button("", size=sp(20))
        self.pass_button.size_hint = (None, 1)
        self.pass_button.width = dp(150)
        self.pass_button.fn = self._pass
        top.add_widget(self.hand)
        top.add_widget(self.pass_button)
        self.ask = _label(sp(18), colour=theme.ACCENT, size_hint_y=None, height=dp(26))
        self.body = BoxLayout()
        for w in (top, self.ask, self.body):
            self.add_widget(w)
        self.picks: list[QuarryPick] = []
        self._cards_for: tuple = ()
        self.quarry_row = GridLayout(rows=1, spacing=dp(4))
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
    def show(self, seat: int, view: dict, choices: list[Choice], seats: dict | None = None) -> None:
        """choices: this seat's own choices now (the gate's frame)."""
        self.choices = list(choices)
        self.seat, self.view = seat, view
        self.seats = seats or {p["seat"]: (p["colour"], "●", theme.TEXT) for p in view["players"]}
        self.card, self.digits = None, ""
        self._fill()

    def _lay(self) -> Choice | None:
        return _of(self.choices, "card")

    def _bid(self) -> Choice | None:
        return _of(self.choices, "gold")

    def _passing(self) -> Choice | None:
        return next((c for c in self.choices if not c.parts and c.confirm), None)

    def _fill(self) -> None:
        v = self.view
        if v is None or self.seat is None:
            return
        you = v.get("you") or {}
        lines = list(you.get("lines") or [])
        self.hand.text = lines[0] if lines else ""
        passing = self._passing()
        self.pass_button.text = passing.label if passing else ""
        show_in_place(self.pass_button, passing is not None)
        self.pass_button.disabled = passing is None or not passing.enabled
        lay, bid = self._lay(), self._bid()
        if lay is not None:
            self._show_quarries(v, you, lay)
        elif bid is not None:
            self._show_pad(bid)
        else:
            self._use(None)
            self.ask.text = " ".join(lines[1:])

    def _use(self, child: Any) -> None:
        """The body shows the quarries or the pad (changes only between phases)."""
        current = self.body.children[0] if self.body.children else None
        if current is child:
            return
        self.body.clear_widgets()
        if child is not None:
            self.body.add_widget(child)

    def prepare(self, quarries: int, cards: tuple) -> None:
        """The quarries' columns built ahead, when the app is idle, for `quarries` quarries
        and the box's cards ((value, label), as the lay choice offers them): the first
        private view then only fills them. Nothing secret: the box is public."""
        self._quarries_for(quarries, tuple(cards))

    def _quarries_for(self, quarries: int, cards: tuple) -> None:
        from kivy.core.window import Window

        narrow = Window.width < dp(600) and quarries > 4  # portrait: two rows of quarries
        self.quarry_row.rows, self.quarry_row.cols = (None, 4) if narrow else (1, None)
        if len(self.picks) == quarries and cards == self._cards_for:
            return
        self.quarry_row.clear_widgets()
        self.picks = [QuarryPick(self._pick, list(cards)) for _ in range(quarries)]
        self._cards_for = cards
        for p in self.picks:
            self.quarry_row.add_widget(p)

    def _show_quarries(self, v: dict, you: dict, lay: Choice) -> None:
        self._quarries_for(len(v["quarries"]), tuple((o.value, o.label) for o in lay.parts[0].options))
        self._use(self.quarry_row)
        mine = {(x["quarry"], x["index"]): x["value"] for x in you.get("laid") or []}
        fits = {(c["card"], c["quarry"]) for c in lay.legal}
        for pick, q in zip(self.picks, v["quarries"]):
            pick.show(q, mine, self.seats, you.get("cards") or [], fits, self.card)
        picked = (lay.extra.get("picked") or {}).get(str(self.card)) if self.card is not None else None
        self.ask.text = picked or lay.sentence

    def _show_pad(self, bid: Choice) -> None:
        self._use(self.pad)
        self.ask.text = bid.parts[0].label
        amount = int(self.digits) if self.digits else None
        self.bid_label.text = str(amount) if amount is not None else "—"
        self.keys["seal"].text = bid.label
        self.keys["seal"].disabled = amount is None or not self._can_bid(amount)
        for k, b in self.keys.items():
            if k.isdigit():  # a digit that makes no possible bid cannot be typed
                b.disabled = not self._can_bid(int((self.digits + k).lstrip("0") or "0"))

    def _can_bid(self, amount: int) -> bool:
        bid = self._bid()
        return bid is not None and any(o.value == amount for o in options_for(bid, {}))

    # --- touches --------------------------------------------------------------------
    def _pick(self, quarry: int, value: Any) -> None:
        lay = self._lay()
        if self.seat is not None and lay is not None:
            self.card, self.digits = None, ""  # played: nothing is left as a draft
            self.send(self.seat, lay.key, {"card": value, "quarry": quarry})

    def _pass(self) -> None:
        passing = self._passing()
        if passing is not None and self.seat is not None:
            self.send(self.seat, passing.key, None)

    def _key(self, k: str) -> None:
        bid = self._bid()
        if bid is None or self.seat is None:
            return
        if k == "seal":
            if self.digits and self._can_bid(int(self.digits)):
                amount, self.digits = int(self.digits), ""
                self.send(self.seat, bid.key, {"gold": amount})
            return
        if k == "⌫":
            self.digits = self.digits[:-1]
        else:
            typed = (self.digits + k).lstrip("0") or "0"
            if not self._can_bid(int(typed)):
                return
            self.digits = typed
        self._fill()

    def select_card(self, value: Any) -> None:
        """A worker card chosen by its tag: its buttons light up under every quarry it may go to."""
        self.card = value
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
        if "gold" in draft and self._bid() is not None:
            self.digits = str(draft["gold"])
        lay = self._lay()
        if "card" in draft and lay is not None and any(c["card"] == draft["card"] for c in lay.legal):
            self.card = draft["card"]
        self._fill()

    def clear(self) -> None:
        """Nothing secret outlives the gate."""
        self.hand.text = self.ask.text = self.bid_label.text = ""
        for pick in self.picks:
            pick.laid.text = pick.title.text = pick.marker.text = ""
        self.view = None
        self.choices = []
        self.card = None
        self.digits = ""
