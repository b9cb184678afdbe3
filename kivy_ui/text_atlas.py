"""One texture for the screen's text: labels render into shared atlas pages.

Kivy gives every Label its own texture, so a frame binds a new texture for each
piece of text, and binding is what a software renderer (Mesa's llvmpipe, and
the CPU side of a Pi's V3D driver) charges for: measured here, 64 rectangles
cost 0.6 ms to draw from one texture and 2.1 ms from 64 textures, and
alternating between just two textures costs as much as 64. So every label's
text goes into a slot of a large shared texture (a page), as Kivy's own atlases
do for images; consecutive labels then draw with no texture switch.

The page also holds a white patch that untextured shapes (panels, a flat
button's background) draw with, so a button's background and its text share
one texture too (``install`` makes kv's Rectangle, RoundedRectangle and
BorderImage default to it).

Slots are packed on shelves (rows of one height class), freed when a label's
text changes size or the label goes, and reused. Text that does not fit in any
page (or a provider that does not render RGBA) falls back to Kivy's own
texture, so nothing is ever missing: the atlas only makes drawing cheaper.
"""
from __future__ import annotations

import gc
import time
import weakref
from typing import Any

from kivy import graphics

PAGE = 1024  # px; one page is 4 MB of RGBA
MAX_PAGES = 3
PAD = 1  # transparent px around each slot, so linear filtering never reads a neighbour
ROUND = 8  # shelf heights are multiples of this
MAX_HEIGHT = 96  # taller text (a paragraph, a label sized to fill a panel) keeps its own texture
WHITE = 32  # the white patch's side (BorderImage's borders map inside it)


class Packer:
    """Shelf packing in a width x height page: alloc(w, h) -> (x, y) or None, free(x, y, w, h).

    A shelf holds slots of one height class (the height rounded up to ROUND); its
    free space is a list of [x, width] runs, merged when slots are freed. An empty
    shelf at the top of the page is given back, so the page does not silt up."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.shelves: list[list[Any]] = []  # [y, height, [[x, w], ...] free runs, used count]
        self.top = 0

    def alloc(self, w: int, h: int) -> tuple[int, int] | None:
        if w > self.width or h > self.height:
            return None
        cls = -(-h // ROUND) * ROUND
        loose = None  # a taller shelf with room, if no shelf of this height has any
        for shelf in self.shelves:
            if shelf[1] == cls:
                x = self._take(shelf, w)
                if x is not None:
                    return x, shelf[0]
            elif loose is None and cls < shelf[1] <= 2 * cls and any(run[1] >= w for run in shelf[2]):
                loose = shelf
        if self.top + cls <= self.height:
            shelf = [self.top, cls, [[0, self.width]], 0]
            self.shelves.append(shelf)
            self.top += cls
            loose = shelf
        if loose is None:
            return None
        x = self._take(loose, w)
        return None if x is None else (x, loose[0])

    def free(self, x: int, y: int, w: int) -> None:
        shelf = next(s for s in self.shelves if s[0] == y)
        runs = sorted(shelf[2] + [[x, w]])
        merged: list[list[int]] = []
        for run in runs:
            if merged and merged[-1][0] + merged[-1][1] == run[0]:
                merged[-1][1] += run[1]
            else:
                merged.append(run)
        shelf[2] = merged
        shelf[3] -= 1
        while self.shelves and self.shelves[-1][3] == 0:  # give back empty shelves at the top
            self.top = self.shelves.pop()[0]

    @staticmethod
    def _take(shelf: list[Any], w: int) -> int | None:
        for run in shelf[2]:
            if run[1] >= w:
                x = run[0]
                run[0] += w
                run[1] -= w
                if run[1] == 0:
                    shelf[2].remove(run)
                shelf[3] += 1
                return x
        return None


class Page:
    """One atlas texture and its packer."""

    def __init__(self) -> None:
        from kivy.graphics.texture import Texture

        self.texture = Texture.create(size=(PAGE, PAGE), colorfmt="rgba")
        self.texture.blit_buffer(bytes(PAGE * PAGE * 4), colorfmt="rgba", bufferfmt="ubyte")
        self.packer = Packer(PAGE, PAGE)
        self.white: Any = None

    def add_white(self) -> None:
        spot = self.packer.alloc(WHITE + 2 * PAD, WHITE + 2 * PAD)
        assert spot is not None
        x, y = spot[0] + PAD, spot[1] + PAD
        self.texture.blit_buffer(b"\xff" * (WHITE * WHITE * 4), size=(WHITE, WHITE), pos=(x, y),
                                 colorfmt="rgba", bufferfmt="ubyte")
        self.white = self.texture.get_region(x + 2, y + 2, WHITE - 4, WHITE - 4)


class Atlas:
    def __init__(self) -> None:
        self.pages: list[Page] = []
        self.installed = False
        self.collected = 0.0  # when alloc last collected garbage to find room

    def page(self, i: int) -> Page:
        while len(self.pages) <= i:
            self.pages.append(Page())
            if len(self.pages) == 1:
                self.pages[0].add_white()
        return self.pages[i]

    @property
    def white(self) -> Any:
        return self.page(0).white

    def alloc(self, w: int, h: int) -> tuple[Page, int, int] | None:
        """A slot for w x h px of text (padding included): in the first page with room;
        else, after collecting garbage (at most once a second: the labels of widgets a
        screen dropped keep their slots until Python's cycle collector frees them, as
        Kivy widgets live in reference cycles), again; else in a new page."""
        w, h = w + 2 * PAD, h + 2 * PAD
        for attempt in range(2):
            for page in self.pages:
                spot = page.packer.alloc(w, h)
                if spot is not None:
                    return page, spot[0], spot[1]
            now = time.monotonic()
            if attempt or not self.pages or now - self.collected < 1.0:
                break
            self.collected = now
            gc.collect()
        if len(self.pages) < MAX_PAGES:
            page = self.page(len(self.pages))
            spot = page.packer.alloc(w, h)
            if spot is not None:
                return page, spot[0], spot[1]
        return None


ATLAS = Atlas()


def _free(page: Page, x: int, y: int, w: int, h: int) -> None:
    """Give a slot back (its pixels stay until the next text there overwrites them, padding and all)."""
    page.packer.free(x, y, w + 2 * PAD)


class _SlotBlit:
    """Stands in for a core label's texture while it renders: its blit goes to the slot."""

    def __init__(self, page: Page, x: int, y: int):
        self.page, self.x, self.y = page, x, y
        self.ok = True

    def blit_data(self, data: Any, **_kw: Any) -> None:
        if data.fmt != "rgba" or PAD != 1:
            self.ok = False
            return
        w, h = data.width, data.height
        self.page.texture.blit_buffer(padded(data.data, w, h), size=(w + 2, h + 2), pos=(self.x, self.y),
                                      colorfmt="rgba", bufferfmt="ubyte")


def padded(pixels: bytes, w: int, h: int) -> bytes:
    """RGBA rows with their edge pixels repeated once all round: a slot's quad drawn at
    a fractional position then samples what Kivy's own texture gives there (its edge,
    clamped), never a neighbour's or a freed slot's pixels. One blit per text."""
    stride = len(pixels) // h
    rows = [pixels[i:i + 4] + pixels[i:i + 4 * w] + pixels[i + 4 * w - 4:i + 4 * w]
            for i in range(0, stride * h, stride)]
    return b"".join([rows[0], *rows, rows[-1]])


def atlas_class(base: Any) -> Any:
    """A subclass of Kivy's core label class `base` that renders into the atlas."""

    class AtlasLabel(base):
        _slot: Any = None

        def refresh(self) -> None:
            self._release()
            self.resolve_font_name()
            size = self.render()
            self._size_texture = size
            self._size = (size[0], size[1])
            w, h = self._size
            if w <= 1 or h <= 1:
                self.texture = self.texture_1px
                return
            spot = ATLAS.alloc(w, h) if h <= MAX_HEIGHT else None
            if spot is not None:
                page, x, y = spot
                blit = _SlotBlit(page, x, y)
                self.texture = blit
                self._render_real()
                if blit.ok:
                    region = page.texture.get_region(x + PAD, y + PAD, w, h)
                    region.flip_vertical()
                    self.texture = region
                    self._slot = weakref.finalize(self, _free, page, x, y, w, h)
                    self._slot.atexit = False  # no GL calls while the interpreter shuts down
                    return
                _free(page, x, y, w, h)
            self.texture = None  # no room, or not RGBA: Kivy's own texture, as before
            base.refresh(self)

        def _release(self) -> None:
            if self._slot is not None:
                self._slot()
                self._slot = None

    AtlasLabel.__name__ = AtlasLabel.__qualname__ = f"Atlas{base.__name__}"
    return AtlasLabel


def install() -> None:
    """Every Label created from now on renders its text into the atlas, and kv's
    untextured shapes draw with the atlas's white patch. Idempotent."""
    import os

    import kivy.uix.label as label_module
    from kivy.factory import Factory

    if "Frame" not in Factory.classes:
        Factory.register("Frame", cls=Frame)  # kv's outlines, with or without the atlas
    if os.environ.get("MAYA_COMPANION_ATLAS") == "0":  # Kivy's own textures (to compare, or to rule it out)
        return
    if getattr(label_module.CoreLabel, "_atlas", False):
        return
    for name in ("CoreLabel", "CoreMarkupLabel"):
        cls = atlas_class(getattr(label_module, name))
        cls._atlas = True
        setattr(label_module, name, cls)
    # A shape made inside a `with canvas:` block joins that canvas, so this one is made
    # here, at start-up, outside any.
    _PLAIN.append(graphics.Rectangle().texture)
    for cls in (Rectangle, BorderImage, Ellipse):
        Factory.unregister(cls.__name__)
        Factory.register(cls.__name__, cls=cls)

    ATLAS.installed = True


def _white_default(base: Any) -> Any:
    """A subclass of the vertex instruction `base` that, once ``install`` ran, draws
    with the atlas's white patch where Kivy would bind its own white texture: the
    same look, and no texture switch between a shape and the text drawn on it."""

    def _whiten(self: Any) -> None:
        if ATLAS.installed:
            texture = base.texture.__get__(self)
            if texture is None or texture is _plain():
                base.texture.__set__(self, ATLAS.white)

    def __init__(self: Any, *args: Any, **kw: Any) -> None:
        base.__init__(self, *args, **kw)
        _whiten(self)

    def _set_texture(self: Any, texture: Any) -> None:
        base.texture.__set__(self, texture)
        _whiten(self)

    namespace: dict[str, Any] = {"__init__": __init__, "texture": property(base.texture.__get__, _set_texture),
                                 "__doc__": f"Kivy's {base.__name__}, drawn with the atlas's white patch."}
    if hasattr(base, "source"):
        def _set_source(self: Any, source: Any) -> None:
            base.source.__set__(self, source)
            _whiten(self)

        namespace["source"] = property(base.source.__get__, _set_source)
    return type(base.__name__, (base,), namespace)


_PLAIN: list[Any] = []  # Kivy's default texture, what an untextured shape binds (install finds it)


def _plain() -> Any:
    return _PLAIN[0]


# Shapes for widgets drawn in Python (kv's come through the Factory, see install).
Rectangle = _white_default(graphics.Rectangle)
BorderImage = _white_default(graphics.BorderImage)
Ellipse = _white_default(graphics.Ellipse)


class Frame(graphics.InstructionGroup):
    """A rectangle's outline, as Line(rectangle=(x, y, w, h), width=t) draws it (a band
    2t wide centred on the path), made of four rectangles from the atlas's white
    patch: no texture switch, where a Line binds Kivy's own texture. Its corners
    are square where a wide Line rounds off one pixel."""

    def __init__(self, rectangle: Any = (0, 0, 0, 0), width: float = 1.0, **kw: Any) -> None:
        super().__init__(**kw)
        self._sides = [Rectangle(noadd=True) for _ in range(4)]
        for side in self._sides:
            self.add(side)
        self._rectangle, self._width = tuple(rectangle), float(width)
        self._place()

    @property
    def rectangle(self) -> tuple:
        return self._rectangle

    @rectangle.setter
    def rectangle(self, value: Any) -> None:
        self._rectangle = tuple(value)
        self._place()

    @property
    def width(self) -> float:
        return self._width

    @width.setter
    def width(self, value: float) -> None:
        self._width = float(value)
        self._place()

    def _place(self) -> None:
        x, y, w, h = self._rectangle
        t = self._width
        bottom, top, left, right = self._sides
        bottom.pos, bottom.size = (x - t, y - t), (w + 2 * t, 2 * t)
        top.pos, top.size = (x - t, y + h - t), (w + 2 * t, 2 * t)
        left.pos, left.size = (x - t, y + t), (2 * t, max(0.0, h - 2 * t))
        right.pos, right.size = (x + w - t, y + t), (2 * t, max(0.0, h - 2 * t))
