"""How wide a text is when drawn on one line (a button as wide as its word needs in
the table's language). Kept per (text, size, font, bold): a word's width is the same
in every language it appears in."""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=512)
def _width(text: str, font_size: float, font_name: str, bold: bool) -> float:
    from kivy.core.text import Label as CoreLabel

    label = CoreLabel(text=text, font_size=font_size, font_name=font_name, bold=bold)
    label.refresh()
    return float(label.texture.size[0]) if label.texture is not None else 0.0


def natural_width(text: str, font_size: float, font_name: str = "Roboto", bold: bool = False) -> float:
    """The width in pixels of `text` on one line (its widest line)."""
    return max((_width(line, float(font_size), font_name, bool(bold)) for line in text.split("\n")), default=0.0)


def fit_font(label, largest: float, smallest: float) -> None:
    """Keep `label`'s font at `largest` px while its text fits its width on one line, else
    as large as fits, never under `smallest` (a title in a longer language)."""

    def fit(*_args) -> None:
        if label.width <= 1:
            return
        wide = natural_width(label.text, largest, label.font_name, label.bold)
        room = label.width - 4
        size = largest if wide <= room else max(smallest, largest * room / wide)
        if abs(float(label.font_size) - size) > 0.5:
            label.font_size = size

    label.bind(text=fit, width=fit)
    fit()


def fitted(text: str, room: float, largest: float, smallest: float, font_name: str = "Roboto",
           bold: bool = False, words: bool = False) -> float:
    """The font size (px) for `text` in `room` px: `largest` when it fits, else as large as
    fits, never under `smallest`. words: only its longest word must fit (a text that wraps).
    For a .kv rule: `font_size: fitted(self.text, self.width - dp(8), sp(22), sp(18), words=True)`."""
    if room <= 1 or not text:
        return largest
    parts = text.split() if words else text.split("\n")
    wide = max((natural_width(p, largest, font_name, bold) for p in parts), default=0.0)
    return largest if wide <= room else max(smallest, largest * room / wide)
