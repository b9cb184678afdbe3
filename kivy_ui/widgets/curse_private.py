"""What one Mayan Curse seat sees behind the gate: its stones as symbols (tap
one to play it: the table then sees it), the stones it played, its stelae with
their values and its knowledge so far; on its turn an End turn button, so a
turn with nothing to report is two touches; the entry of a physical draw (the
real purse, or physical randomness) or of a stela's value. Built once and
refilled; clear() wipes every secret when the gate closes.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.games.mayan_curse import actions as A

from .. import theme
from .curse_passage import STELA_LOOK, stone_markup, stone_words


def held_kind(meaning: dict, kinds: list) -> str | None:
    """The stone kind of a stone tag held for an entry (either side's symbol first)."""
    symbols = [str(x) for x in meaning.get("symbols") or []]
    return next(("/".join(p) for p in (symbols, symbols[::-1]) if "/".join(p) in kinds), None)


def stela_line(colour: str, place: str, values: list) -> str:
    """A player's own stelae of one colour: "Gray stelae: 2 + 4 = 6 knowledge"; None is a
    value not entered yet (physical stelae)."""
    name = colour.capitalize() + (" stela" if len(values) == 1 else " stelae")
    name += " (temple)" if place == "temple" else ""
    missing = values.count(None)
    if len(values) == 1:
        return f"{name}: " + ("not entered yet" if missing else f"{values[0]} knowledge")
    summed = " + ".join("?" if v is None else str(v) for v in values)
    if missing:
        return f"{name}: {summed} ({missing} not entered yet)"
    return f"{name}: {summed} = {sum(values)} knowledge"


def stone_button(kind: str, **kw: Any) -> Any:
    """A stone as its symbols (shape and colour) with its name under them."""
    b = Factory.BigButton(text=f"[size={int(sp(40))}]{stone_markup(kind)}[/size]\n{stone_words(kind)}",
                          markup=True, font_name=theme.SYMBOL_FONT, font_size=sp(18), halign="center", **kw)
    return b


class SecretPanel(BoxLayout):
    def __init__(self, screen: Any, **kw: Any):
        super().__init__(orientation="vertical", spacing=dp(6), **kw)
        self.screen = screen
        self.head = Factory.Body(text="", size_hint_y=None, height=dp(30), font_size=sp(20))
        self.add_widget(self.head)
        self.stones = BoxLayout(size_hint_y=None, height=dp(96), spacing=dp(8))
        self.add_widget(self.stones)
        self.stelae = Factory.Body(text="", markup=True, font_name=theme.SYMBOL_FONT, size_hint_y=None)
        self.stelae.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(6)))
        self.add_widget(self.stelae)
        self.entry = BoxLayout(orientation="vertical", spacing=dp(4), size_hint_y=None)
        self.entry.bind(minimum_height=self.entry.setter("height"))
        self.add_widget(self.entry)
        self.add_widget(BoxLayout())  # the rest of the room stays empty
        self.bottom = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(8))
        self.add_widget(self.bottom)

    def show(self, seat: int, view: dict, legal: list, held: list) -> None:
        you = view["you"]
        plays = {a["stone"]: a for a in legal if a["type"] == A.PLAY_STONE}
        self.stones.clear_widgets()
        for kind in you["stones"]:
            b = stone_button(kind, height=dp(96))
            if kind in plays:
                b.bind(on_release=lambda _b, a=plays[kind]: self.screen.play_private(seat, a))
            self.stones.add_widget(b)
        for kind in you["played"]:
            b = stone_button(kind, height=dp(96), disabled=True)
            b.text += " (played)"
            self.stones.add_widget(b)
        entering = any(a["type"] in (A.DRAW_STONES, A.ENTER_STONES) for a in legal)
        empty = not you["stones"] and not you["played"]
        if empty and not entering:
            self.stones.add_widget(Factory.Dim(text="No stones in hand now.", halign="center"))
        self.stones.height = 0 if empty and entering else (dp(40) if empty else dp(96))
        self.head.text = ("Tap a stone to play it (the table sees it). Any 2 together are a wild."
                          if plays else ("" if entering and empty else "Your sacred stones"))
        lines = []
        for colour, (letters, rgba) in STELA_LOOK.items():  # one line per colour and place
            for place in ("passage", "temple"):
                values = [x["value"] for x in you["stelae"] if x["colour"] == colour and x["place"] == place]
                if values:
                    chip = f"[color={theme.hex_colour(rgba)}]■{letters}[/color]"
                    lines.append(f"{chip} {stela_line(colour, place, values)}")
        lines.append(f"Your knowledge if you escape now: {you['knowledge']}")
        self.stelae.text = "\n".join(lines)
        self.entry.clear_widgets()
        self._values(seat, you, legal)
        self._draw_entry(seat, legal, held)
        self.bottom.clear_widgets()
        end = next((a for a in legal if a["type"] == A.END_TURN), None)
        if end is not None:
            b = Factory.AccentButton(text="End my turn", height=dp(56))
            b.bind(on_release=lambda _b: self.screen.play_private(seat, end))
            self.bottom.add_widget(b)

    def _values(self, seat: int, you: dict, legal: list) -> None:
        by_stela: dict[int, list] = {}
        for a in legal:
            if a["type"] == A.ENTER_STELA_VALUE:
                by_stela.setdefault(a["stela"], []).append(a)
        values = [a for a in legal if a["type"] == A.STELA_VALUE]
        rows = [(f"Your new {values[0]['colour']} stela is worth:", values)] if values else []
        rows += [(f"{you['stelae'][i]['colour'].capitalize()} stela {i + 1} is worth:", acts)
                 for i, acts in sorted(by_stela.items())]
        for text, acts in rows[:4]:
            row = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(6))
            row.add_widget(Factory.Body(text=text, font_size=sp(18), size_hint_x=None, width=dp(270)))
            for a in acts:
                b = Factory.BigButton(text=str(a["value"]), height=dp(52))
                b.bind(on_release=lambda _b, act=a: self.screen.play_private(seat, act))
                row.add_widget(b)
            self.entry.add_widget(row)

    def _draw_entry(self, seat: int, legal: list, held: list) -> None:
        """A physical draw: pick the three stones drawn from their symbols."""
        draws = [a for a in legal if a["type"] in (A.DRAW_STONES, A.ENTER_STONES)]
        if not draws:
            return
        kinds: list[str] = []
        for a in draws:
            kinds += [k for k in a["stones"] if k not in kinds]
        hands = {tuple(sorted(a["stones"])): a for a in draws}
        picked: list[str] = [k for k in (held_kind(m, kinds) for m in held) if k]  # any read by tag already
        status = Factory.Body(text="Tap the 3 stones you drew:", size_hint_y=None, height=dp(30))
        if picked:
            status.text = "Drew: " + ", ".join(stone_words(k) for k in picked)
        self.entry.add_widget(status)
        grid = GridLayout(cols=4, spacing=dp(4), size_hint_y=None, height=dp(64) * 2 + dp(4))

        def pick(kind: str) -> None:
            picked.append(kind)
            status.text = "Drew: " + ", ".join(stone_words(k) for k in picked)
            if len(picked) == 3:
                hand = hands.get(tuple(sorted(picked)))
                if hand is None:  # the purse holds no such hand: start again
                    status.text = "The purse does not hold those three stones; tap them again."
                    picked.clear()
                    return
                self.screen.play_private(seat, hand)

        for kind in kinds:
            b = Factory.BigButton(text=f"{stone_markup(kind)} {stone_words(kind)}", markup=True,
                                  font_name=theme.SYMBOL_FONT, font_size=sp(18), height=dp(64))
            b.bind(on_release=lambda _b, k=kind: pick(k))
            grid.add_widget(b)
        self.entry.add_widget(grid)

    def clear(self) -> None:
        self.stones.clear_widgets()
        self.stelae.text = ""
        self.entry.clear_widgets()
        self.bottom.clear_widgets()
