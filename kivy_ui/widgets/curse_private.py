"""What one Mayan Curse seat sees behind the gate, drawn from the gate's frame
(the seat's own view and its own choices, companion/table/frame.py): its stones as
symbols (tap one to play it: the table then sees it), the stones it played, its
stelae with their values and its knowledge so far, in the game's words; the
pickers of its choices (three stones out of every kind of the box, a stela then
its value, a new stela's value); the choices without parts (End turn) at the
bottom, so a turn with nothing to report is two touches; why an entry was
refused (`say`, for this seat only). Built once and refilled; clear() wipes
every secret when the gate closes.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from companion.rules.choices import Choice, next_part, options_for

from .. import theme
from .curse_passage import STELA_LOOK, stela_letters, stone_markup


def held_kind(meaning: dict, kinds: list) -> str | None:
    """The stone kind of a stone tag held for an entry (either side's symbol first)."""
    symbols = [str(x) for x in meaning.get("symbols") or []]
    return next(("/".join(p) for p in (symbols, symbols[::-1]) if "/".join(p) in kinds), None)


def stone_text(kind: str, label: str) -> str:
    """A stone as its symbols (shape and colour) with its name under them."""
    return f"[size={int(sp(40))}]{stone_markup(kind)}[/size]\n{label}"


def stone_button(**kw: Any) -> Any:
    return Factory.BigButton(text="", markup=True, font_name=theme.SYMBOL_FONT, font_size=sp(18), halign="center",
                             **kw)


class SecretPanel(BoxLayout):
    def __init__(self, screen: Any, **kw: Any):
        super().__init__(orientation="vertical", spacing=dp(6), **kw)
        self.screen = screen
        self.head = Factory.Body(text="", size_hint_y=None, height=dp(30), font_size=sp(20))
        # as tall as its text: the sentence takes two lines on a portrait panel
        self.head.bind(texture_size=lambda w, ts: setattr(w, "height", max(dp(30), ts[1])))
        self.add_widget(self.head)
        self.stones = BoxLayout(size_hint_y=None, height=dp(96), spacing=dp(8))
        self.add_widget(self.stones)
        self.stelae = Factory.Body(text="", markup=True, font_name=theme.SYMBOL_FONT, size_hint_y=None)
        self.stelae.bind(texture_size=lambda w, ts: setattr(w, "height", ts[1] + dp(6)))
        self.add_widget(self.stelae)
        # why an entry was refused (stones the bag cannot have given), for this seat only
        self.said = Factory.Body(text="", color=theme.DANGER, size_hint_y=None, height=0, opacity=0)
        self.said.bind(width=lambda w, x: setattr(w, "text_size", (x, None)),
                       texture_size=lambda w, ts: setattr(w, "height", ts[1] if w.text else 0))
        self.add_widget(self.said)
        # height 0 to start with: an empty layout never reports a minimum height, so its
        # default 100 would push the view's top under the overlay's heading
        self.entry = BoxLayout(orientation="vertical", spacing=dp(4), size_hint_y=None, height=0)
        self.entry.bind(minimum_height=self.entry.setter("height"))
        self.add_widget(self.entry)
        self.add_widget(BoxLayout())  # the rest of the room stays empty
        self.bottom = BoxLayout(size_hint_y=None, height=dp(56), spacing=dp(8))
        self.add_widget(self.bottom)
        self._picks: dict[str, dict] = {}  # a choice's key -> the values picked so far
        # the stones' buttons and the bottom's, made once and refilled: a stone played behind
        # the gate refills the view inside the move (a new button costs its kv rules)
        self._stone_buttons: list[Any] = []
        self._bottom_buttons: list[Any] = []
        self._pooled(self._stone_buttons, 5, lambda: stone_button(height=dp(96)))  # three drawn, three played
        self._pooled(self._bottom_buttons, 1, lambda: Factory.AccentButton(height=dp(56)))

    def show(self, seat: int, view: dict, choices: list[Choice], held: list) -> None:
        self.say("")
        you = view["you"]
        words = you["words"]
        self.seat = seat
        play = next((c for c in choices if c.parts and c.parts[0].key == "stone"), None)
        playable = {o.value for o in options_for(play, {})} if play is not None else set()
        labels = dict(words["names"])
        self.stones.clear_widgets()
        shown = [(kind, labels.get(kind, kind), False) for kind in you["stones"]]
        shown += [(kind, f"{labels.get(kind, kind)} {words['played']}", True) for kind in you["played"]]
        for i, (kind, label, played) in enumerate(shown):
            b = self._pooled(self._stone_buttons, i, lambda: stone_button(height=dp(96)))
            b.text, b.disabled = stone_text(kind, label), played
            b.plays = (play.key, {"stone": kind}) if not played and kind in playable and play is not None else None
            self.stones.add_widget(b)
        entering = any(p.count > 1 for c in choices for p in c.parts)
        empty = not you["stones"] and not you["played"]
        if empty and not entering:
            self.stones.add_widget(Factory.Dim(text=words["stones"], halign="center"))
        self.stones.height = 0 if empty and entering else (dp(40) if empty else dp(96))
        self.head.text = words["play"] if playable else ("" if entering and empty else words["stones"])
        lines = []
        for line in words["stelae"]:  # one line per colour and place, with the colour's chip
            _letters, rgba = STELA_LOOK[line["colour"]]
            lines.append(f"[color={theme.hex_colour(rgba)}]■{stela_letters(line['colour'])}[/color] {line['sentence']}")
        lines.append(words["knowledge"])
        self.stelae.text = "\n".join(lines)
        self.entry.clear_widgets()
        keys = {c.key for c in choices}
        self._picks = {k: v for k, v in self._picks.items() if k in keys}
        for c in choices:
            if c is play or not c.parts:
                continue
            if c.parts[0].count > 1:
                self._many(c, held)
            else:
                self._rows(c)
        self.bottom.clear_widgets()
        for i, c in enumerate(c for c in choices if not c.parts and c.enabled):
            b = self._pooled(self._bottom_buttons, i, lambda: Factory.AccentButton(height=dp(56)))
            b.text, b.plays = c.label, (c.key, None)
            self.bottom.add_widget(b)

    def _pooled(self, pool: list, i: int, make: Any) -> Any:
        """The pool's i-th button, made on first use; a tap plays what it was last filled with."""
        while len(pool) <= i:
            b = make()
            b.plays = None
            b.bind(on_release=self._tapped)
            pool.append(b)
        return pool[i]

    def _tapped(self, button: Any) -> None:
        if button.plays is not None:
            key, picks = button.plays
            self.screen.choose_private(self.seat, key, picks)

    def _rows(self, c: Choice) -> None:
        """A choice of one or two parts as rows of buttons: with two (a stela, then its
        value), one row per value of the first part, so each is one touch."""
        first = c.parts[0]
        rows = ([(o.label, {first.key: o.value}) for o in options_for(c, {})] if len(c.parts) > 1
                else [(first.label, {})])
        for text, picks in rows[:4]:
            row = BoxLayout(size_hint_y=None, height=dp(52), spacing=dp(6))
            row.add_widget(Factory.Body(text=text, font_size=sp(18), size_hint_x=None, width=dp(270)))
            for o in options_for(c, picks):
                part = next_part(c, picks)
                b = Factory.BigButton(text=o.label, height=dp(52))
                done = dict(picks, **{part.key: o.value}) if part is not None else picks
                b.bind(on_release=lambda _b, p=done: self.screen.choose_private(self.seat, c.key, p))
                row.add_widget(b)
            self.entry.add_widget(row)

    def _many(self, c: Choice, held: list) -> None:
        """Several values of one part (the 3 stones drawn), tapped one at a time; a kind
        the game no longer offers after the picks so far (the box's one Dog / Jaguar
        stone, tapped) is greyed out in its place."""
        part = c.parts[0]
        kinds = [o.value for o in part.options]
        picks = self._picks.setdefault(c.key, {})
        if not picks.get(part.key):
            tagged = tuple(k for k in (held_kind(m, kinds) for m in held) if k)  # any read by tag already
            if tagged:
                picks[part.key] = tagged
        labels = {o.value: o.label for o in part.options}
        chosen = tuple(picks.get(part.key) or ())
        status = Factory.Body(text=" ".join([part.label] + [", ".join(labels[k] for k in chosen)]).strip(),
                              size_hint_y=None, height=dp(30))
        self.entry.add_widget(status)
        grid = GridLayout(cols=4, spacing=dp(4), size_hint_y=None, height=dp(64) * 2 + dp(4))
        possible = {o.value for o in options_for(c, picks)}
        for o in part.options:
            b = Factory.BigButton(text=f"{stone_markup(o.value)} {o.label}", markup=True,
                                  font_name=theme.SYMBOL_FONT, font_size=sp(18), height=dp(64),
                                  disabled=o.value not in possible)
            b.bind(on_release=lambda _b, k=o.value: self._pick(c, k))
            grid.add_widget(b)
        self.entry.add_widget(grid)

    def _pick(self, c: Choice, value: Any) -> None:
        part = c.parts[0]
        picks = self._picks.setdefault(c.key, {})
        picks[part.key] = tuple(picks.get(part.key) or ()) + (value,)
        if next_part(c, picks) is None:
            self._picks.pop(c.key, None)
            self.screen.choose_private(self.seat, c.key, picks)
        else:
            self.screen._fill_private(self.seat)

    def say(self, sentence: str) -> None:
        """Why the last entry was refused; gone with the next refill."""
        self.said.text, self.said.opacity = sentence, 1 if sentence else 0

    def draft(self) -> dict | None:
        """The stones tapped so far of an entry not finished (kept when the view closes)."""
        picks = {k: dict(v) for k, v in self._picks.items() if any(v.values())}
        return picks or None

    def offer_draft(self, draft: dict) -> None:
        """The view opens again: the stones tapped last time are still tapped."""
        self._picks = {k: dict(v) for k, v in draft.items()}
        self.screen._fill_private(self.seat)

    def clear(self) -> None:
        self._picks.clear()
        self.say("")
        for b in self._stone_buttons + self._bottom_buttons:  # no secret kept in a button put away
            b.text, b.plays = "", None
        self.stones.clear_widgets()
        self.stelae.text = ""
        self.entry.clear_widgets()
        self.bottom.clear_widgets()
