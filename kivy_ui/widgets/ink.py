"""Labels that draw only the part of their texture their text is in (issue 23 §4).

Kivy draws a label's whole texture every frame, and a texture is as wide as its
text_size: a name left-aligned in a 260 px wide row, a word centred in a button, a
sentence wrapped at the screen's width on one short line are mostly transparent
pixels, each blended all the same (on a software GL every pixel drawn costs, seen or
not). InkLabel draws the sub-rectangle of the same texture that holds its lines (the
box the text provider laid them out in), at the very place it had in the whole
texture: the same pixels on the screen, fewer drawn.

    from kivy_ui.widgets.ink import InkLabel
    InkLabel(text="Ana", text_size=(260, None), halign="left")

In .kv (app.kv's Glance, Body, Dim, Heading and Notice derive from it):

    InkLabel:
        text: "Ana"

A rule of its own draws the texture with `ink.region(self, self.texture)`,
`ink.size(self, self.texture)` and `ink.pos(self, self.texture, self.center_x,
self.center_y)` (BigButton's in app.kv does).
"""
from __future__ import annotations

import math
import pathlib
from typing import Any

from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import BooleanProperty
from kivy.uix.label import Label

Box = tuple[int, int, int, int]  # x, y from the texture's bottom left, width, height


def box(label: Any, texture: Any) -> Box | None:
    """Where the label's lines are in its texture, or None for the whole texture (no
    texture, no lines, a justified text, or lines that fill it anyway).

    The places are worked out from the laid out lines as Kivy's text providers place
    them (kivy/core/text: LabelBase.render_lines and _render_real, MarkupLabel's
    render_lines: the same arithmetic), not read after rendering: a texture rendered
    earlier than Kivy would (at draw) could measure its neighbours' text differently
    (the SDL2 provider's fonts are shared between bold and regular labels)."""
    if texture is None or texture is not label.texture:
        return None
    core = label._label
    lines = getattr(core, "_cached_lines", None)
    if not lines:
        return None
    options = core.options
    halign, valign = options.get("halign", "left"), options.get("valign", "bottom")
    if halign == "justify":
        return None
    pad_left, pad_top, pad_right = options["padding"][0], options["padding"][1], options["padding"][2]
    rtl = halign == "auto" and "rtl" in (options.get("base_direction") or "")
    tw, th = texture.size
    ih = core._internal_size[1]
    if valign == "bottom":
        y = int(th - ih + pad_top)
    elif valign in ("middle", "center"):
        y = int((th - ih + 2 * pad_top) / 2)
    else:
        y = int(pad_top)
    x0, y0, x1, y1 = tw, th, 0, 0
    for line in lines:
        lw, lh = line.w, line.h
        if halign == "center":
            x = min(int(tw - lw), max(int(pad_left), int((tw - lw + pad_left - pad_right) / 2.0)))
        elif halign == "right" or rtl:
            x = max(0, int(tw - lw - pad_right))
        else:
            x = pad_left
        if lw > 0 and lh > 0:
            x0, x1 = min(x0, x), max(x1, x + lw)
            y0, y1 = min(y0, y), max(y1, y + lh)
        y += lh
    x0, y0 = max(0, math.floor(x0)), max(0, math.floor(y0))
    x1, y1 = min(tw, math.ceil(x1)), min(th, math.ceil(y1))
    if x1 <= x0 or y1 <= y0 or (x1 - x0) * (y1 - y0) >= tw * th:
        return None
    return x0, th - y1, x1 - x0, y1 - y0  # the provider lays lines out from the top


def region(label: Any, texture: Any) -> Any:
    """The part of the texture the lines are in (the texture itself when that is all of it)."""
    b = box(label, texture)
    return texture if b is None else texture.get_region(*b)


def size(label: Any, texture: Any) -> tuple[float, float]:
    if texture is None:
        return 0, 0
    b = box(label, texture)
    return tuple(texture.size) if b is None else (b[2], b[3])


def pos(label: Any, texture: Any, cx: float, cy: float) -> tuple[int, int]:
    """Where Kivy's Label rule puts the whole texture (centred, whole pixels), moved to
    the lines' part of it."""
    tw, th = texture.size if texture is not None else (0, 0)
    x, y = int(cx - tw / 2.0), int(cy - th / 2.0)
    b = box(label, texture)
    return (x, y) if b is None else (x + b[0], y + b[1])


class InkLabel(Label):
    """A Label that draws only its lines' part of its texture (see the module).

    glance: read at a glance across the table (AppDriver.small_text holds it to
    theme.GLANCE_PX). Declared here: a kv rule that sets a property a class lacks
    makes Kivy add one to the class, and that one would hide the value a screen set
    in Python on every label made before it (Maya's `summary` read None once a Curse
    screen had been built)."""

    glance = BooleanProperty(False)


Factory.register("InkLabel", cls=InkLabel)

Builder.load_file(str(pathlib.Path(__file__).with_suffix(".kv")))  # the rule beside its class, as Kivy lays them out
