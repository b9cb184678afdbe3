"""Issue 23 §4: the table screens draw fewer and cheaper pixels and show the same
picture. InkLabel (kivy_ui/widgets/ink.py) and an opaque fill written with blending off
(kivy_ui/widgets/opaque.py) are checked against Kivy's own drawing, pixel for pixel, in
the running app's window."""
from __future__ import annotations

import pytest

CONFIGS = [  # (halign, valign, text_size, markup, text)
    ("left", "middle", (260.5, None), False, "Ana"),
    ("center", "middle", (186.25, None), False, "Palenque"),
    ("right", "middle", (150, None), False, "3 held"),
    ("center", "middle", (96, 48), False, "bag ✓"),
    ("left", "top", (120, 60), False, "two\nlines"),
    ("center", "bottom", (140, 56), True, "[b]Q4[/b] [color=fac240]4·3·1[/color]"),
    ("center", "middle", (None, None), False, "natural"),
]


def _pixels(d, tmp_path, name, box):
    from PIL import Image

    path = d.screenshot(name, tmp_path)
    image = Image.open(path).convert("RGB")
    x, y, w, h = box
    top = image.height - (y + h)
    return image.crop((x, top, x + w, top + h)).tobytes()


def _backdrop(parent, pos, size):
    from kivy.graphics import Color, Rectangle
    from kivy.uix.widget import Widget

    w = Widget(size_hint=(None, None), pos=pos, size=size)
    with w.canvas:
        Color(0.2, 0.3, 0.5, 1)
        Rectangle(pos=pos, size=size)
    parent.add_widget(w)
    return w


@pytest.mark.parametrize("halign, valign, text_size, markup, text", CONFIGS)
def test_an_ink_label_shows_the_same_pixels_as_kivys_label(ui, tmp_path, halign, valign, text_size, markup, text):
    from kivy.core.window import Window
    from kivy.graphics import Rectangle
    from kivy.uix.label import Label

    from kivy_ui.widgets.ink import InkLabel

    d = ui
    size = (text_size[0] or 200) + 8.25, (text_size[1] or 40) + 10
    placed = []
    kw = dict(text=text, halign=halign, valign=valign, text_size=text_size, markup=markup, font_size=22,
              size_hint=(None, None), size=size)
    try:
        for cls, x in ((Label, 20.75), (InkLabel, 320.75)):
            placed.append(_backdrop(Window, (int(x) - 4, 100), (int(size[0]) + 10, int(size[1]) + 10)))
            lab = cls(pos=(x, 104), **kw)
            Window.add_widget(lab)
            placed.append(lab)
        d.frames(3)
        box = (16, 100, int(size[0]) + 10, int(size[1]) + 10)
        plain = _pixels(d, tmp_path, "label", box)
        inked = _pixels(d, tmp_path, "ink", (box[0] + 300, *box[1:]))
        assert plain == inked, "the InkLabel's pixels differ from Kivy's Label's"
        ink = placed[3]
        drawn = next(i for i in ink.canvas.children if isinstance(i, Rectangle))
        whole = ink.texture.size[0] * ink.texture.size[1]
        assert drawn.size[0] * drawn.size[1] <= whole
        if text_size[0] is not None and text != "two\nlines":
            assert drawn.size[0] * drawn.size[1] < whole, "a text narrower than its box draws less than the texture"
    finally:
        for w in placed:
            Window.remove_widget(w)
        d.frames(1)


@pytest.mark.parametrize("opacity", [1.0, 0.6])
def test_an_opaque_fill_written_without_blending_is_the_same_picture(ui, tmp_path, opacity):
    """At full opacity the fill is written as it is (blending off); a widget drawn at 0.6
    (a Curse player who has gone) is blended as before: both show what Kivy shows."""
    from kivy.core.window import Window
    from kivy.graphics import Color, Rectangle
    from kivy.uix.widget import Widget

    from kivy_ui.widgets.opaque import blended, opaque

    d = ui
    placed = []
    try:
        for x, with_opaque in ((20, False), (320, True)):
            placed.append(_backdrop(Window, (x, 200), (200, 100)))
            w = Widget(size_hint=(None, None), pos=(x + 20, 220), size=(120, 60), opacity=opacity)
            with w.canvas:
                colour = Color(0.26, 0.26, 0.32, 1)
                if with_opaque:
                    opaque(colour)
                Rectangle(pos=(x + 20, 220), size=(120, 60))
                if with_opaque:
                    blended()
                Color(1, 1, 1, 0.5)  # drawn after: blended again
                Rectangle(pos=(x + 60, 240), size=(120, 20))
            Window.add_widget(w)
            placed.append(w)
        d.frames(3)
        assert _pixels(d, tmp_path, "fill", (20, 200, 200, 100)) == _pixels(d, tmp_path, "opaque", (320, 200, 200, 100))
    finally:
        for w in placed:
            Window.remove_widget(w)
        d.frames(1)


def test_a_label_marked_for_a_glance_stays_marked_when_a_kv_rule_marks_another(ui):
    """A kv rule that sets `glance` (mayan_curse.kv, phones.kv) must not hide the mark a
    screen set in Python on a label made before it: the readability checks would hold
    Maya's 'what just happened' to the small-text rule instead of the glance size."""
    from kivy.lang import Builder

    from kivy_ui.widgets.ink import InkLabel

    marked = InkLabel(text="Ana laid a card")
    marked.glance = True
    Builder.load_string("InkLabel:\n    glance: True\n")
    assert marked.glance is True and InkLabel().glance is False
