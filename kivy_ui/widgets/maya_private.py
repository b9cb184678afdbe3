"""What one Maya player sees behind the privacy gate: their worker cards, the
values of their own face-down cards at the quarries, and their own choice —
a worker card and then a quarry (or pass) while quarrying, the sealed bid in
the advanced game's auction.

Built once and refilled from that seat's view only; clear() wipes every
secret when the gate closes.
"""
from __future__ import annotations

from collections import Counter

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout

from .. import theme
from companion.games.maya.words import number


class MayaPrivatePanel(BoxLayout):
    def __init__(self, play, **kw):
        """play(seat, action): called with the player's choice (the screen hides
        the view, then plays it)."""
        super().__init__(orientation="vertical", spacing=dp(8), **kw)
        self.play = play
        self.seat = None
        self.view = None
        self.legal = []
        self.card = None  # the worker card chosen, before its quarry
        self.bid = 0
        self.hand = Factory.Body(text="", font_name=theme.SYMBOL_FONT, font_size=sp(24),
                                 size_hint_y=None, height=dp(40))
        self.placed = Factory.Body(text="", font_name=theme.SYMBOL_FONT, size_hint_y=None, height=dp(64))
        self.placed.bind(width=lambda w, x: setattr(w, "text_size", (x, None)))
        self.ask = Factory.Body(text="", font_size=sp(22), bold=True, color=theme.ACCENT,
                                size_hint_y=None, height=dp(36))
        self.buttons = BoxLayout(size_hint_y=None, height=dp(64), spacing=dp(6))
        for w in (self.hand, self.placed, self.ask, self.buttons):
            self.add_widget(w)
        self.add_widget(BoxLayout())  # the rest of the space stays empty

    # --- filling -------------------------------------------------------------------
    def show(self, seat, view, legal):
        """legal: this seat's own legal actions now (its private choices)."""
        self.legal = list(legal)
        self.card, self.bid = None, 0  # each opening of the view starts the choice afresh
        self.seat, self.view = seat, view
        me = view["you"]
        cards = sorted(me["cards"], key=lambda v: (v < 0, v))  # as the rulebook lists them: 3 … 8, −3
        self.hand.text = "Your worker cards: " + ("  ".join(number(v) for v in cards) or "none left")
        mine = []
        for q in view["quarries"]:
            values = [number(x["value"]) for x in me["laid"] if x["quarry"] == q["quarry"]]
            if values:
                mine.append(f"quarry {q['quarry'] + 1}: {', '.join(values)}")
        self.placed.text = ("Face down at " + "; ".join(mine) + ".") if mine else ""
        self._fill()

    def _fill(self):
        self.buttons.clear_widgets()
        v, me = self.view, dict(self.view["players"][self.seat], **self.view["you"])
        if any(a["type"] in ("place_worker", "pass") for a in self.legal) and v["phase"] == "quarrying":
            if self.card is None:
                self.ask.text = "Choose a worker card, or pass:"
                for value, count in sorted(Counter(me["cards"]).items(), key=lambda kv: (kv[0] < 0, kv[0])):
                    if self._quarries_for(value):
                        label = number(value) + (f"  (×{count})" if count > 1 else "")
                        self._add(label, lambda x=value: self._choose_card(x))
                if any(a["type"] == "pass" for a in self.legal):
                    self._add("Pass", lambda: self.play(self.seat, {"type": "pass"}), accent=True)
            else:
                self.ask.text = f"Lay your {number(self.card)} at:"
                for q in self._quarries_for(self.card):
                    laid, most = len(v["quarries"][q]["cards"]), v["quarries"][q]["max_cards"]
                    self._add(f"Quarry {q + 1}\n{laid}/{most} cards", lambda x=q: self.play(
                        self.seat, {"type": "place_worker", "quarry": x, "card": self.card}))
                self._add("Other card", lambda: self._choose_card(None))
        elif any(a["type"] == "bid" for a in self.legal):
            self.ask.text = f"Your sealed bid ({me['gold']} gold in hand):"
            self._add("−5", lambda: self._step(-5))
            self._add("−1", lambda: self._step(-1))
            self._add(f"{self.bid} gold", None)
            self._add("+1", lambda: self._step(1))
            self._add("+5", lambda: self._step(5))
            self._add("Seal my bid", lambda: self.play(self.seat, {"type": "bid", "gold": self.bid}), accent=True)
        elif v["phase"] == "bidding" and me.get("bid") is not None:
            self.ask.text = f"Your sealed bid: {me['bid']} gold. Waiting for the others."
        else:
            self.ask.text = "Nothing to choose here now."
        size = sp(22) if len(self.buttons.children) <= 6 else sp(17)  # seven quarries and "Other card"
        for b in self.buttons.children:
            b.font_size = size

    def _quarries_for(self, value) -> list:
        """Quarries where this card may go, as the engine's legal actions say."""
        return [a["quarry"] for a in self.legal if a["type"] == "place_worker" and a["card"] == value]

    def _choose_card(self, value):
        self.card = value
        self._fill()

    def _step(self, delta):
        gold = self.view["players"][self.seat]["gold"]
        top = max([a["gold"] for a in self.legal if a["type"] == "bid"], default=gold)
        self.bid = max(0, min(top, self.bid + delta))
        self._fill()

    def _add(self, text, fn, accent=False):
        """A button from the pool (a table peeks hundreds of times a night: reused,
        not rebuilt); fn None makes it a plain display."""
        pool = self.__dict__.setdefault("_pool", {})
        kind = "accent" if accent else "plain"
        used = sum(1 for b in self.buttons.children if b.kind == kind)
        buttons = pool.setdefault(kind, [])
        if used == len(buttons):
            b = (Factory.AccentButton if accent else Factory.BigButton)(height=dp(64), font_size=sp(22))
            b.kind, b.fn = kind, None
            b.bind(on_release=lambda btn: btn.fn and btn.fn())
            buttons.append(b)
        b = buttons[used]
        b.text, b.fn, b.disabled = text, fn, fn is None
        self.buttons.add_widget(b)

    def clear(self):
        """Nothing secret outlives the gate."""
        self.hand.text = self.placed.text = self.ask.text = ""
        self.buttons.clear_widgets()
        for b in sum(self.__dict__.get("_pool", {}).values(), []):
            b.text, b.fn = "", None  # not even a detached button keeps a card's value
        self.view = None
        self.legal = []
        self.card = None
