"""Drive the real app frame by frame: taps on widgets, keys, screenshots.

Used by the UI tests, the UI benchmark and the kill-and-resume subprocess; it
ships with the app (like gpiozero's mock pins) so all three drive the same code.

    d = AppDriver(); d.start()
    d.tap(d.screen().ids.new_game)
    d.screenshot("home")

Needs a display (the tests start Xvfb) and KIVY_NO_ARGS=1 before Kivy loads.
"""
from __future__ import annotations

import os
import pathlib
import time
from typing import Any


def configure_window(width: int = 800, height: int = 480) -> None:
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")
    from kivy.config import Config

    Config.set("graphics", "width", str(width))
    Config.set("graphics", "height", str(height))
    Config.set("graphics", "fullscreen", "0")
    Config.set("graphics", "resizable", "1")
    Config.set("input", "mouse", "mouse,multitouch_on_demand")
    Config.set("kivy", "exit_on_escape", "0")


class AppDriver:
    """settle: the app's double-tap guard. A driver taps for several players a few
    milliseconds apart, which the real guard would take for a bouncing finger, so it
    is off unless a test asks for it.

    patient: each touch waits, as a player does, until the last move's frame is on
    the screen. A slow disk (a busy CI machine, a worn SD card) holds that frame, and
    the swap gate ignores touches meanwhile (kivy_ui/swap_gate.py); a test of that
    stall sets it False to tap on the old picture on purpose."""

    def __init__(self, simulate: bool = True, width: int = 800, height: int = 480, settle: float = 0.0):
        self.simulate = simulate
        self.size = (width, height)
        self.settle = settle
        self.app: Any = None
        self.shots = "artifacts/screenshots"  # where shot() saves
        self.touches = 0  # every tap, hold and key press (a fob tap, a seat button) so far
        self.patient = True

    def start(self):
        configure_window(*self.size)
        from kivy.base import EventLoop, runTouchApp

        from .app import MayaApp
        from .devices import load_config

        # The config file as the app's own start reads it (kivy_ui/main.py): [app] language…
        self.app = MayaApp(simulate=self.simulate, config=load_config())
        self.app.double_tap_guard = self.settle
        self.app.idle_fps = 0  # the driver runs frames itself; an idle frame rate would only slow it
        self.app._run_prepare()
        runTouchApp(embedded=True)
        self.loop = EventLoop
        self.frames(3)
        return self.app

    def stop(self):
        if self.app is not None:
            self.app.stop()
            self.frames(1)

    # --- time -----------------------------------------------------------------
    def frames(self, n: int = 1) -> None:
        for _ in range(n):
            self.loop.idle()

    def wait(self, seconds: float) -> None:
        """Let real time pass while frames run (device timers, the gate timeout)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.loop.idle()

    def seen(self, timeout: float = 10.0) -> None:
        """Frames run until the last move is on disk and on the screen (see `patient`)."""
        gate = getattr(self.app, "swap_gate", None)
        if not self.patient or gate is None:
            return
        journal = getattr(self.app, "journal", None)
        end = time.monotonic() + timeout
        while (gate.stalled or (journal is not None and journal.pending)) and time.monotonic() < end:
            self.loop.idle()

    def until(self, condition, timeout: float = 5.0) -> bool:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.loop.idle()
            if condition():
                return True
        return False

    # --- looking ----------------------------------------------------------------
    def screen(self):
        return self.app.sm.current_screen

    def window_widgets(self):
        from kivy.core.window import Window

        return list(Window.children)

    def walk(self, widget=None):
        """Every widget under `widget` (default: everything in the window)."""
        roots = [widget] if widget is not None else self.window_widgets()
        stack = list(roots)
        while stack:
            w = stack.pop()
            yield w
            stack.extend(w.children)

    def texts(self, widget=None) -> list[str]:
        return [w.text for w in self.walk(widget) if isinstance(getattr(w, "text", None), str) and w.text]

    def find(self, text: str, widget=None, exact: bool = False):
        """The first visible button/label whose text contains `text`."""
        for w in self.walk(widget):
            t = getattr(w, "text", None)
            if isinstance(t, str) and (t == text if exact else text in t) and getattr(w, "opacity", 1) > 0:
                return w
        raise LookupError(f"No widget with text {text!r}; texts: {self.texts(widget)}")

    @staticmethod
    def visible(w) -> bool:
        """Drawn where a player can see it: neither it nor any parent is transparent."""
        while w is not None:
            if getattr(w, "opacity", 1) == 0:
                return False
            parent = getattr(w, "parent", None)
            w = parent if parent is not w else None
        return True

    def cut_off(self, root=None):
        """Texts wider or taller than their widget, or outside the window (a player could not read them)."""
        from kivy.core.window import Window
        from kivy.uix.label import Label
        from kivy.uix.scrollview import ScrollView

        def scrolls(w):  # inside a ScrollView, being below the fold is fine: a finger scrolls to it
            while w.parent is not None and w.parent is not w:
                w = w.parent
                if isinstance(w, ScrollView):
                    return True
            return False

        bad = []
        for w in self.walk(root):
            if not isinstance(w, Label) or not w.text or not self.visible(w):
                continue
            tw, th = w.texture_size
            if (w.shorten or w.text_size[1] is not None) and self._shortened(w):
                # drawn with "…" for what did not fit, or lines past a fixed text height left out
                bad.append((w.text, tuple(w.texture_size), tuple(w.size)))
                continue
            x, y = w.to_window(w.x, w.y)
            outside = x < -1 or y < -1 or x + w.width > Window.width + 1 or y + w.height > Window.height + 1
            if tw > w.width + 2 or th > w.height + 2 or (outside and not scrolls(w)):
                bad.append((w.text, tuple(w.texture_size), tuple(w.size)))
        return bad

    def overlaps(self, root=None) -> list[tuple[str, str]]:
        """Pairs of visible texts drawn over each other (one label's text over
        another's): each label's text where it is drawn, clipped to its widget and to
        any ScrollView it is in, against every other label under the same window child
        (an overlay covers the screen below it on purpose)."""
        from kivy.uix.label import Label
        from kivy.uix.scrollview import ScrollView

        def drawn(w):
            # Kivy draws the texture centred on the widget; the text's lines sit in it
            # by halign and valign (a text_size as big as the widget makes the texture so).
            tw, th = w.texture_size
            lines = getattr(w._label, "_cached_lines", None) or []
            cw = max((ln.w for ln in lines), default=tw)
            ch = sum(ln.h for ln in lines) or th
            cw, ch = min(cw, tw), min(ch, th)
            x, y = w.to_window(w.x, w.y)
            tx, ty = x + (w.width - tw) / 2, y + (w.height - th) / 2
            left = {"left": tx, "right": tx + tw - cw}.get(w.halign, tx + (tw - cw) / 2)
            bottom = {"bottom": ty, "top": ty + th - ch}.get(w.valign, ty + (th - ch) / 2)
            rect = [max(x, left), max(y, bottom), min(x + w.width, left + cw), min(y + w.height, bottom + ch)]
            up = w.parent
            while up is not None and up.parent is not up:
                if isinstance(up, ScrollView):
                    sx, sy = up.to_window(up.x, up.y)
                    rect = [max(rect[0], sx), max(rect[1], sy),
                            min(rect[2], sx + up.width), min(rect[3], sy + up.height)]
                up = up.parent
            return rect if rect[2] - rect[0] > 1 and rect[3] - rect[1] > 1 else None

        def ancestors(w):
            out = set()
            while w.parent is not None and w.parent is not w:
                w = w.parent
                out.add(id(w))
            return out

        bad = []
        for top in ([root] if root is not None else self.window_widgets()):
            labels = [(w, r) for w in self.walk(top) if isinstance(w, Label) and w.text.strip()
                      and self.visible(w) and not self.in_sim_panel(w) and (r := drawn(w)) is not None]
            for i, (a, ra) in enumerate(labels):
                up_a = ancestors(a)
                for b, rb in labels[i + 1:]:
                    if id(b) in up_a or id(a) in ancestors(b):
                        continue
                    if min(ra[2], rb[2]) - max(ra[0], rb[0]) > 2 and min(ra[3], rb[3]) - max(ra[1], rb[1]) > 2:
                        bad.append((a.text[:40], b.text[:40]))
        return bad

    @staticmethod
    def _shortened(w) -> bool:
        """Whether a label drew less than its whole text: its text laid out without
        shortening and with no height limit is wider than what was drawn, or its ink
        (the rows of pixels the glyphs cover, not the line's leading) is taller than the
        drawn height (it wraps, or lines past a fixed `text_size` height were left out,
        or a line is clipped into its glyphs)."""
        opts = dict(w._label.options)
        opts.update(text=w.text, shorten=False, text_size=(w.text_size[0], None))
        whole = type(w._label)(**opts)
        whole.refresh()
        if whole.texture is None:
            return False
        fw, fh = whole.texture.size
        tw, th = w.texture_size
        if w.text_size[0] is None and fw > tw + 2:
            return True
        if fh <= th + 2:
            return False
        alpha = whole.texture.pixels[3::4]
        inked = [r for r in range(fh) if alpha[r * fw:(r + 1) * fw].count(0) < fw]
        if not inked:
            return False
        ink = inked[-1] - inked[0] + 1
        if ink > th + 1:
            return True
        if w.valign == "middle":  # the drawn window is the middle th rows of the whole
            top = (fh - th) / 2
            return inked[0] < top - 1 or inked[-1] > top + th + 1
        return False

    # --- reading from across the table -------------------------------------------------
    def public_labels(self, root=None):
        """Every visible label (buttons too) a player reads, outside the simulated-device
        panel (a developer's stand-in for the real buttons and reader)."""
        from kivy.uix.label import Label

        for w in self.walk(root):
            if isinstance(w, Label) and w.text.strip() and self.visible(w) and not self.in_sim_panel(w):
                yield w

    def in_sim_panel(self, w) -> bool:
        """Whether w is part of the simulated-device panel (not something a player reads)."""
        panel = getattr(self.app, "sim_panel", None)
        up = w
        while up is not None and up.parent is not up:
            if up is panel:
                return True
            up = up.parent
        return False

    @staticmethod
    def glance(w) -> bool:
        """A label the table reads at a glance (whose turn, the count, what just
        happened): a Glance label (app.kv), or one a screen marks with `glance = True`."""
        return type(w).__name__ == "Glance" or bool(getattr(w, "glance", False))

    def small_text(self, root=None) -> list[tuple[str, float, float]]:
        """(text, font px, px needed) for every public label a player could not read
        across the table: a glance label under theme.GLANCE_PX, anything under
        theme.MIN_PX, each times the panel's scale (theme.scale_for: 1 at 800x480).
        Game screens' tests call this in several game states."""
        from kivy.metrics import Metrics

        from . import theme

        bad = []
        for w in self.public_labels(root):
            need = (theme.GLANCE_PX if self.glance(w) else theme.MIN_PX) * float(Metrics.density)
            if w.font_size < need - 0.01:
                bad.append((w.text[:60], round(float(w.font_size), 1), need))
        return bad

    def smallest_font(self, root=None) -> float:
        """The smallest font (px) of any public label now on screen."""
        return min((float(w.font_size) for w in self.public_labels(root)), default=0.0)

    # --- acting -----------------------------------------------------------------------
    def tap(self, widget, hold: float = 0.0, frames: int = 2):
        """A finger down on the widget's centre, then up (after `hold` seconds)."""
        from kivy.uix.scrollview import ScrollView

        parent = widget.parent
        while parent is not None and not isinstance(parent, ScrollView):
            parent = parent.parent if parent.parent is not parent else None  # the Window is its own parent
        if parent is not None:
            parent.scroll_to(widget, padding=10, animate=False)  # as a finger would scroll first
            self.frames(2)
        x, y = widget.to_window(*widget.center)
        self.tap_at(x, y, hold=hold, frames=frames)
        if parent is not None:
            # A ScrollView waits to see whether a finger scrolls: a tap's release reaches the
            # button inside it 0.2 s after the finger left (Kivy's on_scroll_stop), so the
            # tap is done when the button is up again, not when the frames above have run.
            self.until(lambda: getattr(widget, "state", "normal") != "down", 1.0)

    def tap_at(self, x: float, y: float, hold: float = 0.0, frames: int = 2):
        """A finger down at (x, y) in window coordinates, then up: a key of the
        on-screen keyboard, drawn on one widget."""
        from kivy.tests.common import UnitTestTouch

        self.seen()
        self.touches += 1
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self.frames(1)
        if hold:
            self.wait(hold)
        touch.touch_up()
        self.frames(frames)

    def tap_text(self, text: str, widget=None, exact: bool = False, **kw):
        self.tap(self.find(text, widget, exact), **kw)

    def key(self, char: str, down: bool = True, up: bool = True):
        from kivy.core.window import Window

        code = ord(char)
        if down:
            self.seen()
            self.touches += 1
            Window.dispatch("on_key_down", code, 0, char, [])
        if up:
            Window.dispatch("on_key_up", code, 0)
        self.frames(1)

    def tap_fob(self, char: str) -> None:
        """Tap a simulated fob with the sim panel's key (q w e r), as a hand does: the
        reader has let go of the fob tapped before. A reader counts a tag seen again
        within its "unseen" time as the same presentation, so a second tap sooner
        would announce nothing, and a test racing it would pass or fail by timing."""
        readers = list(getattr(self.app.devices, "readers", {}).values())
        assert self.until(lambda: all(r.presence.current is None for r in readers), 3), \
            "the fob tapped before never left the simulated reader"
        self.key(char)

    def fill_new_game(self, title: str, names, options=None, fobs=None, steps: int = 14):
        """Home -> New game -> the game titled `title`, the players' names, fobs
        (tapped on the simulated reader with the sim panel's keys) and options,
        as a table does it with touches. Returns the New game screen, not yet
        started: New game remembers the game last chosen, so the game is tapped."""
        from companion.history.option_words import label as option_label

        self.tap(self.screen().ids.new_game)
        screen = self.screen()
        assert screen.name == "new_game"
        self.tap_text(_shown_title(title), widget=screen.ids.game_choice, exact=True)
        while screen.players < len(names):
            self.tap(screen.ids.more)
        while screen.players > len(names):
            self.tap(screen.ids.fewer)
        rows = screen.rows()
        for row, name in zip(rows, names):
            row.ids.name.text = name
        for seat, fob_key in (fobs or {}).items():
            row = rows[seat]
            # A remembered player's name brings their old fob: clear it, so the wait below
            # sees this tap arrive rather than the fob that was already there.
            row.fob = ""
            self.tap(row.ids.fob)
            self.tap_fob(fob_key)
            assert self.until(lambda row=row: row.fob, 3), "the fob tap never reached the new-game screen"
        for name, wanted in (options or {}).items():
            for _ in range(steps):
                if screen.options[name] == wanted:
                    break
                label = self.find(option_label(screen.game, name) + ":", widget=screen.ids.option_rows)
                step = {w.text: w for w in label.parent.children if getattr(w, "text", None) in ("−", "+")}
                # A number steps towards the wanted value; a choice or a switch is tapped round.
                self.tap(step["+" if wanted > screen.options[name] else "−"] if step else label)
            assert screen.options[name] == wanted
        return screen

    def shot(self, name: str) -> pathlib.Path:
        """Screenshot a main screen into `self.shots`, after checking that no
        text on it is cut off or drawn over another (the checks a person would make
        looking at it): once the layout has settled, as the eye sees it a frame or two
        later (on a loaded machine a grid just filled can be one layout pass behind)."""
        self.seen()
        self.frames(2)
        path = self.screenshot(name, self.shots)  # first, so a failure can be looked at
        cut = self.cut_off()
        assert cut == [], f"text cut off on {name}: {cut}"
        over = self.overlaps()
        assert over == [], f"texts drawn over each other on {name}: {over}"
        return path

    def screenshot(self, name: str, folder: str | os.PathLike = "artifacts/screenshots") -> pathlib.Path:
        from kivy.core.window import Window

        folder = pathlib.Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        self.frames(2)
        path = folder / f"{name}.png"
        Window.screenshot(name=str(path))
        # Window.screenshot numbers its files (name0001.png); keep the plain name.
        made = sorted(folder.glob(f"{name}[0-9][0-9][0-9][0-9].png"), key=lambda p: p.stat().st_mtime)
        if made:
            made[-1].replace(path)
        return path


def _shown_title(title: str) -> str:
    """A game's title (as its game.toml writes it) as New game shows it: in the current
    language, through the game's catalog."""
    from companion.games import available
    from companion.games import title as written

    from .screens.home import game_title

    return next((game_title(g) for g in available() if written(g) == title), title)
