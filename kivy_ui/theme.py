"""Colours, player colours (each with a name and a symbol) and sizes for a dim room.

Everything here is plain data so screens and tests share one palette.
"""
from __future__ import annotations

from companion.i18n import N_

# High contrast on a dark background: readable at arm's length in a dim room.
BACKGROUND = (0.07, 0.07, 0.09, 1)
SURFACE = (0.16, 0.16, 0.20, 1)
SURFACE_HI = (0.26, 0.26, 0.32, 1)
TEXT = (0.97, 0.97, 0.95, 1)
TEXT_DIM = (0.75, 0.75, 0.78, 1)
ACCENT = (0.98, 0.76, 0.25, 1)  # gold: whose turn, the count
DANGER = (1.0, 0.45, 0.40, 1)
GOOD = (0.45, 0.90, 0.55, 1)

# Symbols come from DejaVuSans (shipped with Kivy); Roboto lacks them.
SYMBOL_FONT = "DejaVuSans"

# A player colour is never shown alone: its name and symbol go with it (colour-blind safe).
# The names are data (a game records "Red"); a screen shows colour_word(name).
PLAYER_COLOURS = (
    (N_("Red"), "●", (0.90, 0.25, 0.22, 1)),
    (N_("Blue"), "■", (0.25, 0.50, 0.95, 1)),
    (N_("Green"), "▲", (0.25, 0.72, 0.35, 1)),
    (N_("Yellow"), "◆", (0.95, 0.82, 0.20, 1)),
    (N_("Purple"), "★", (0.65, 0.40, 0.85, 1)),
    (N_("White"), "✚", (0.92, 0.92, 0.92, 1)),
)
COLOUR_NAMES = tuple(c[0] for c in PLAYER_COLOURS)


def colour(name: str) -> tuple:
    """(name, symbol, rgba) for a colour name; unknown names fall back to the first."""
    for c in PLAYER_COLOURS:
        if c[0] == name:
            return c
    return PLAYER_COLOURS[0]


def colour_word(name: str) -> str:
    """A colour's name in the table's language ("Red" -> "Rot")."""
    from .i18n import _

    return _(name) if name in COLOUR_NAMES else name


def ink_on(rgba) -> tuple:
    """Black or white text, whichever reads better on rgba."""
    r, g, b = rgba[:3]
    return (0.05, 0.05, 0.05, 1) if 0.299 * r + 0.587 * g + 0.114 * b > 0.55 else TEXT


TOUCH = 48  # dp: the smallest touch target

# The table screens' top bar (widgets/top_bar.py): Home, Log, Undo and Redo are the same
# size, in the same font, in the same places in every game (dp, sp).
CHROME_W = 72
CHROME_H = 56
CHROME_SP = 20
CHROME_GAP = 6
#: narrower than this (dp), the bar puts its middle (players, the prompt) under the buttons
CHROME_ONE_ROW = 600


def hex_colour(rgba) -> str:
    """rgba (0..1) as the hex Kivy markup takes: [color=ffcc40]."""
    return "".join(f"{max(0, min(255, round(c * 255))):02x}" for c in rgba[:3])


def seat_colours(meta: dict | None, players: int) -> list[tuple]:
    """(name, symbol, rgba) for each seat: the colour chosen at New game, else the
    palette in seat order. Every screen that names a player uses this, so a
    seat's colour and symbol follow its name everywhere (end screen included)."""
    chosen = list((meta or {}).get("colours") or [])
    out = []
    for seat in range(players):
        name = chosen[seat] if seat < len(chosen) and chosen[seat] else COLOUR_NAMES[seat % len(COLOUR_NAMES)]
        out.append(colour(name))
    return out


# Readability at 800x480 (issues 10 and 22): what the table reads at a glance, and the
# least anything on a public screen may be (pixels at density 1; on a denser panel the
# same sizes in sp grow with scale_for()).
GLANCE_PX = 24
MIN_PX = 18

# The screens are laid out for the Pi's 7" display, 800x480 (480x800 stood up). The other
# supported panels are about as big but denser, so the same layout is drawn larger:
# 1024x600 (a 7" HDMI panel) 1.25x, Touch Display 2 (720x1280, 7") 1.5x either way up.
DESIGN_SIZE = (800, 480)
SCALE_RANGE = (1.0, 2.0)


def portrait(size) -> bool:
    """A window taller than it is wide: the screens stack their parts."""
    return size[1] > size[0]


def scale_for(width: float, height: float) -> float:
    """Kivy's density for a window of width x height pixels: how much bigger than at
    800x480 (or 480x800) the same layout fits, in steps of 0.05, within SCALE_RANGE.
    1 at 800x480, 1.25 at 1024x600, 1.5 at 1280x720 and 720x1280."""
    long_side, short_side = DESIGN_SIZE
    w, h = (short_side, long_side) if portrait((width, height)) else (long_side, short_side)
    fits = min(width / w, height / h)
    low, high = SCALE_RANGE
    return max(low, min(high, int(fits * 20 + 1e-6) / 20))


def register_fonts() -> None:
    """Register the symbol font under its name once. Kivy caches a font it had to
    look for under "DejaVuSans.ttf", not "DejaVuSans", so an unregistered name is
    searched for again (five stat() calls) every time a label using it renders."""
    import os

    from kivy import kivy_data_dir
    from kivy.core.text import LabelBase
    from kivy.resources import resource_find

    # Kivy ships it in data/fonts, which is not always on the resource path yet.
    shipped = os.path.join(kivy_data_dir, "fonts", SYMBOL_FONT + ".ttf")
    path = resource_find(SYMBOL_FONT + ".ttf") or (shipped if os.path.isfile(shipped) else None)
    if path and SYMBOL_FONT not in LabelBase._fonts:
        LabelBase.register(SYMBOL_FONT, path)
