"""Opaque fills drawn with blending off (issue 23 §4): the same pixels, less work per
pixel on a software GL.

Kivy blends every pixel it draws (GL_BLEND is on for the whole frame), so an opaque
panel or button background reads the pixel under it and mixes it with weight 0.
Mesa's llvmpipe (the GL of this machine and of a Pi without its GPU driver) pays for
that read on every pixel; with blending off the colour is written as it is. A colour of
alpha 1 drawn at full opacity gives the same pixel either way (src * 1 + dst * 0).

Put `opaque(...)` before the fill and `blended()` after it, in the same canvas
group (the pair is two Callback instructions, a Python call each per frame):

    with self.canvas.before:
        colour = Color(*theme.SURFACE)
        opaque(colour)
        Rectangle(pos=self.pos, size=self.size)
        blended()

or in a .kv rule, with the widget property that holds the colour:

    #:import opaque kivy_ui.widgets.opaque
    canvas:
        Color:
            rgba: self.background_color
        Callback:
            callback: opaque.when_opaque(self, "background_color")
        Rectangle: ...
        Callback:
            callback: opaque.blend_on

Blending stays on (the fill is blended as before) while the colour is translucent or
the canvas is drawn at an opacity below 1 (a widget or a parent faded: the window's
render context carries the product of the opacities). Only for fills drawn into the
window itself: inside an Fbo the window's opacity is not the one in force.
"""
from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from kivy.graphics import Callback
from kivy.graphics import opengl as gl

_window: Any = None


def _full_opacity() -> bool:
    global _window
    if _window is None:
        from kivy.core.window import Window

        _window = Window
    try:
        return float(_window.render_context["opacity"]) >= 1.0
    except (KeyError, TypeError, AttributeError):
        return False


def _set_blend(on: bool) -> None:
    (gl.glEnable if on else gl.glDisable)(gl.GL_BLEND)


def blend_on(*_: Any) -> None:
    gl.glEnable(gl.GL_BLEND)


def opaque_colour(*_: Any) -> None:
    """A Callback's function before a fill whose colour is always opaque (a theme
    colour): blending off while the canvas is drawn at full opacity, on otherwise."""
    _set_blend(not _full_opacity())


def when_opaque(widget: Any, prop: str) -> Callable[[Any], None]:
    """A Callback's function: blending off (on otherwise) while widget.<prop> (an rgba)
    has alpha 1 and the canvas is drawn at full opacity. Holds the widget weakly (a .kv
    rule's `self` is already Kivy's weak proxy)."""
    ref = widget.proxy_ref if hasattr(widget, "proxy_ref") else weakref.proxy(widget)

    def check(*_: Any) -> None:
        try:
            alpha = getattr(ref, prop)[3]
        except ReferenceError:
            return
        _set_blend(not (alpha >= 1.0 and _full_opacity()))

    return check


def opaque(colour: Any) -> Callback:
    """A Callback (added to the canvas being built, as any instruction is) that turns
    blending off while the Color instruction `colour` has alpha 1 and the canvas is
    drawn at full opacity, and on otherwise; `blended()` after the fill turns it on
    again. Several fills may follow one another, each with its own `opaque`."""

    def check(*_: Any) -> None:
        _set_blend(not (colour.a >= 1.0 and _full_opacity()))

    return Callback(check)


def blended() -> Callback:
    """The Callback after an opaque fill: blending on again for what follows."""
    return Callback(blend_on)
