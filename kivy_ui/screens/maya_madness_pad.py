"""The Maya Madness card pad's keys (kivy_ui/screens/maya_madness.py): the slots a
card kind keeps, a key shown in place, and a key whose label always fits it.
"""
from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.metrics import dp, sp

from companion.rules.choices import Choice

from .. import theme

TOP = 11  # pad slots 0..10 (−5..+5) on the top row
PAD = 15  # slots 11..14 (the powers) below; a choice in a later slot goes to the extra button


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
    drawn(button)
    button.payload = payload


def drawn(widget: Any, on: bool | None = None) -> None:
    """A widget kept in its place but drawn only when on (default: when its opacity is not
    0). Kivy draws a widget of opacity 0 all the same (a hidden key costs a frame what a
    shown one does), so a hidden one's canvas leaves its parent's; it comes back in its
    place among its siblings. A parent adding it again draws it: call this after."""
    parent = widget.parent
    if parent is None:
        return
    if on is None:
        on = widget.opacity > 0
    canvas = parent.canvas
    there = canvas.indexof(widget.canvas) >= 0
    if on and not there:
        i = parent.children.index(widget)
        after = next((c.canvas for c in reversed(parent.children[:i]) if canvas.indexof(c.canvas) >= 0), None)
        if after is None:
            canvas.add(widget.canvas)
        else:
            canvas.insert(canvas.indexof(after), widget.canvas)
    elif there and not on:
        canvas.remove(widget.canvas)


def pad_button(on_press: Any, **kw: Any) -> Any:
    """A pad key: its label wraps at spaces ("Temple / of 0" on a narrow key) and a
    word too wide for it is drawn smaller, never under MIN_PX (theme)."""
    b = Factory.BigButton(text="", halign="center", valign="middle", **kw)
    b.payload = None
    b.full_size = b.font_size
    b.bind(on_release=lambda btn: btn.payload is not None and on_press(btn.payload))
    b.bind(width=fit, text=fit)
    return b


def fit(b: Any, *_: Any) -> None:
    """The key's font and wrap width for its label and width."""
    room = max(1.0, b.width - dp(8))
    b.text_size = (room, None)
    size = b.full_size
    widest = max((word_width(w, size, b.font_name) for w in b.text.split()), default=0.0)
    if widest > room:
        size = max(sp(theme.MIN_PX), size * room / widest)
    if b.font_size != size:
        b.font_size = size


def word_width(word: str, size: float, font: str) -> float:
    from kivy.core.text import Label as CoreLabel

    label = CoreLabel(text=word, font_size=size, font_name=font)
    label.refresh()
    return float(label.texture.size[0]) if label.texture is not None else 0.0
