"""The Kivy app: navigation, the game in progress, devices, sounds.

The app holds the journal and the running game's TableController (which owns
the Session); screens render the controller's frames and send intents back.
The app only applies what a frame decides: the LEDs and the sound of its cue,
and the end screen when the game is over. Device events arrive on any thread
and are moved to the main thread with Clock.schedule_once.
"""
from __future__ import annotations

import gc
import json
import os
import pathlib
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import NoTransition, ScreenManager

from companion.errors import CompanionError
from companion.store.paths import data_dir, write_private_json

from . import i18n, theme
from .i18n import _
from .screens import GAME_SCREENS, SCREENS, screen_class
from .watchdog import Watchdog
from .widgets.gate import remember_taps

HERE = pathlib.Path(__file__).resolve().parent

#: Frames per second while nothing is drawn or touched, and after how many seconds of that.
IDLE_FPS = 20
IDLE_AFTER = 1.0
#: Seconds Home has been on screen before the memory a game freed is handed back.
RELEASE_AFTER = 0.5
#: Seconds after the first frame before the idle preparations start (the services first).
PREWARM_AFTER = 0.2


def release_memory(*_: Any) -> bool:
    """Back at Home after a game: hand the memory that game's objects freed back to
    the system (issue 13: after 30 games the app held 36 % more than a bare window,
    most of it freed but kept by the C allocator). glibc only (a Pi, Debian); True
    when something was asked of it."""
    import ctypes
    import ctypes.util

    gc.collect()
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc (musl, macOS): nothing to ask
        return False
    trim.argtypes = [ctypes.c_size_t]
    trim(0)
    return True


def open_stores() -> tuple[Any, Any, list[str]]:
    """(journal, tag registry, notices) for the app's start: a journal or tag list that
    cannot be opened at all (an unwritable data folder, a full disk) is a sentence on
    Home and None here, never an exit; a damaged game or tag list set aside is a notice."""
    from companion.store.journal import Journal
    from companion.table.tags import TagRegistry

    notices: list[str] = []
    journal = tags = None
    try:
        journal = Journal.open()
        if journal.notice:
            notices.append(journal.notice)
    except CompanionError as e:
        notices.append(_("{problem} Games cannot be saved until this is fixed.", problem=e))
    try:
        tags = TagRegistry.open()
        if tags.notice:
            notices.append(tags.notice)
    except CompanionError as e:
        notices.append(str(e))
    return journal, tags, notices


def load_prefs(path: pathlib.Path) -> dict:
    """The app's preferences ({} when missing, unreadable or of the wrong shape)."""
    try:
        data = json.loads(path.read_bytes().decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if k == "sounds" and isinstance(v, bool)}


class Root(BoxLayout):
    """The window's content: the screens, then (in simulation) the device panel."""


class MayaApp(App):
    title = "Maya table companion"  # the window's title (a desktop's task bar), not read at the table
    session = ObjectProperty(None, allownone=True)
    table = ObjectProperty(None, allownone=True)
    simulated = BooleanProperty(False)
    notice = StringProperty("")
    sounds_on = BooleanProperty(True)
    #: Seconds after a move in which a move for another seat is a double tap (0: off).
    double_tap_guard = 0.35
    #: Frame rate at idle (0: always the configured rate; the test driver turns it off).
    idle_fps = IDLE_FPS

    def __init__(self, simulate: bool | None = None, config: dict | None = None, **kw):
        super().__init__(**kw)
        self.simulate_request = simulate
        self.hw_config = config or {}
        from .devices import app_settings

        self.settings = app_settings(self.hw_config)
        self.language = ""  # the table's language once the app is built (set_language)
        self.devices: Any = None
        self.journal: Any = None
        self.tags: Any = None
        self.device_listener: Any = None  # a screen that wants raw device events first (fob binding)
        self._screens: dict[str, Any] = {}
        self.sounds: Any = None
        from .speech import SpokenCues

        self.speech = SpokenCues(self.settings)  # off unless [app] speech = true (Settings)
        from .turn_clock import ClockTicker

        self.turn_clock = ClockTicker(self)  # the optional turn clock (issue 25), off unless New game chose one
        self.watchdog = Watchdog(Clock)  # the kiosk service's (does nothing outside systemd)

    # --- start-up -------------------------------------------------------------
    def build(self):
        Window.clearcolor = theme.BACKGROUND
        self.apply_scale()
        theme.register_fonts()
        self.start_languages()
        Builder.load_file(str(HERE / "app.kv"))
        self.root_widget = Root()
        self.sm = ScreenManager(transition=NoTransition())
        self.root_widget.add_widget(self.sm)
        self.sounds_on = self._load_prefs().get("sounds", self.settings["sounds"])
        self.show("home")
        Window.bind(on_key_down=self._on_key_down, on_key_up=self._on_key_up)
        remember_taps()  # a question opened by a tap puts its Yes away from that finger
        from .swap_gate import SwapGate

        # A move reaches the screen, the LEDs and the speaker only once it is on disk:
        # the buffer swap waits for the journal's fsync (the journal is deferred).
        self.swap_gate = SwapGate.install(self)
        return self.root_widget

    def start_languages(self) -> None:
        """The table's language from app.language (the system's for "auto") and `tr` in
        every .kv rule (the devices' words: _start_services, after the first frame)."""
        from .devices import table_language

        i18n.install_kv()
        self.language = table_language(self.settings)
        i18n.switch(self.language)

    def set_language(self, code: str, remember: bool = True) -> str | None:
        """The table speaks `code` from now on: every kv text follows at once, the
        screen on view renders again (a table screen from a frame made anew, whose
        sentences are made in the new language; the others as they are shown), and the choice is written to the
        config file's [app] language. Returns a sentence when it could not be remembered."""
        from companion.i18n import known

        from .devices import remember_language

        self.language = known(code) or "en"
        self.settings["language"] = self.language
        i18n.switch(self.language)
        if self.table is not None:
            self.table.rebuild_frame()
        # The screen on view renders again now; every other one does when it is shown (show()).
        screen = self._screens.get(self.sm.current)
        if screen is not None and hasattr(screen, "refresh"):
            screen.refresh()
        if not remember:
            return None
        try:
            remember_language(self.language)
        except (OSError, CompanionError) as e:
            # The table speaks it this evening; only remembering it failed.
            return _("The language could not be saved in the config file ({problem}).",
                     problem=getattr(e, "strerror", None) or e)
        return None

    @staticmethod
    def apply_scale() -> float:
        """Draw the layout as large as the panel is dense (theme.scale_for), before any
        widget is built: dp and sp sizes are turned into pixels when a rule applies.
        KIVY_METRICS_DENSITY, when set, is the user's choice and wins."""
        from kivy.metrics import Metrics

        if not os.environ.get("KIVY_METRICS_DENSITY"):
            Metrics.density = theme.scale_for(*Window.size)
        return float(Metrics.density)

    def on_start(self):
        # The journal, tags and devices start after the first frame is on screen, so
        # home shows (and New game answers) at once. No per-second timer runs here:
        # the private-view overlays tick only while one is open (widgets/gate.py).
        Window.bind(on_flip=self._first_frame)
        Window.bind(on_flip=self._prewarm)
        if self.idle_fps:
            self._active_fps = Clock._max_fps
            self._go_idle_trigger = Clock.create_trigger(self._go_idle, IDLE_AFTER)
            self._last_activity = Clock.get_boottime()
            Window.bind(on_flip=self._activity, on_touch_down=self._activity, on_key_down=self._activity)
            self._go_idle_trigger()

    def _first_frame(self, *_):
        Window.unbind(on_flip=self._first_frame)
        # Under the kiosk service: started once something is on the screen, then
        # watched from this (the main) thread's clock.
        self.watchdog.ready()
        Clock.schedule_once(self._start_services, 0)

    def _prewarm(self, *_):
        """Once the first frame is on screen and the services started: the sounds, the
        shared overlays and the end screen prepared while idle, one step a frame, so no
        move does it the first time (kivy_ui/prewarm.py)."""
        Window.unbind(on_flip=self._prewarm)
        from . import prewarm

        Clock.schedule_once(lambda _dt: prewarm.start(self, Clock), PREWARM_AFTER)
        # Sounds switched on later are prepared then, not in the first move that plays one.
        self.bind(sounds_on=lambda _app, on: on and Clock.schedule_once(lambda _dt: prewarm.start_sounds(self), 0))

    # --- idle: a table screen changes a few times a minute -----------------------------
    def _activity(self, *_):
        """Something was drawn or touched: full frame rate, and idle again a second
        after the last of it."""
        self._last_activity = Clock.get_boottime()
        if Clock._max_fps != self._active_fps:
            Clock._max_fps = self._active_fps
        self._go_idle_trigger()

    def _go_idle(self, _dt):
        quiet = Clock.get_boottime() - self._last_activity
        if quiet < IDLE_AFTER:
            Clock.schedule_once(self._go_idle, IDLE_AFTER - quiet)
            return
        # Kivy wakes up every frame to poll input even when nothing changes; at idle
        # it polls less often (a first touch waits at most 1/IDLE_FPS s, then full speed).
        Clock._max_fps = float(self.idle_fps)

    def _start_services(self, _dt):
        self.journal, self.tags, stores = open_stores()
        if self.journal is not None and getattr(self, "swap_gate", None) is not None:
            self.journal.defer_sync(True)  # the swap gate waits for the fsync (kivy_ui/swap_gate.py)
        import hardware.i18n  # after the first frame: hardware/ loads gpiozero and pyserial
        from companion.i18n import Words

        from .devices import start_devices

        hardware.i18n.use(Words("hardware", "hardware"))  # the devices' words in the table's language
        self.devices, problem = start_devices(self.device_sink, self.simulate_request)
        # Every notice is shown: a moved-aside journal must not be hidden by a device problem.
        self.notice = " ".join(n for n in (*stores, problem) if n)
        self.simulated = getattr(self.devices, "sim", None) is not None
        if self.simulated:
            from .widgets.sim_panel import SimPanel

            self.sim_panel = SimPanel(app=self)
            self.root_widget.add_widget(self.sim_panel)
        home = self._screens.get("home")
        if home is not None:
            home.refresh()
        # Kivy, the engines and the screens built so far live as long as the app:
        # moving them out of the collector's sight keeps full collections short,
        # so a collection never costs a frame in the middle of a turn.
        gc.collect()
        gc.freeze()

    def on_stop(self):
        self.watchdog.stopping()
        self.speech.stop()
        if self.devices is not None and hasattr(self.devices, "close"):
            self.devices.close()
        if self.table is not None:
            self.table.close()
        if self.journal is not None:
            self.journal.close()

    # --- navigation ---------------------------------------------------------
    def show(self, name: str):
        """Show a screen by name (built on first use); it renders from app.table."""
        screen = self._screens.get(name)
        if screen is None:
            spec = SCREENS.get(name) or GAME_SCREENS[name]
            screen = screen_class(spec)(name=name)
            self._screens[name] = screen
            self.sm.add_widget(screen)
        if hasattr(screen, "refresh"):
            screen.refresh()
        self.sm.current = name
        if name == "home" and self.table is not None:
            # Back from a game; never at start-up, where nothing was freed yet and the
            # clock's first tick would run it before the first frame. Half a second on,
            # once Home is on screen (a switch completes on the next tick, so "the next
            # frame" would hold Home's frame back by the collection).
            Clock.schedule_once(self._release_at_home, RELEASE_AFTER)
        return screen

    def _release_at_home(self, _dt: float) -> None:
        if self.sm.current == "home":  # a player who went on at once is not held up
            release_memory()

    def screen(self, name: str):
        return self._screens.get(name)

    # --- the game -------------------------------------------------------------
    def start_game(self, game: str, players: list[str], options: dict, meta: dict,
                   draw_first: bool = False) -> str | None:
        """Create the session (draw_first: the companion draws who starts); returns a
        sentence when the setup is refused."""
        from companion.table.session import Session

        if self.journal is None:
            return self.notice or _("The journal could not be opened, so no game can be saved.")

        try:
            session = Session.create(self.journal, game, players, options=options, meta=meta, draw_first=draw_first)
        except CompanionError as e:
            return str(e)
        self._attach(session)
        return None

    def resume(self, session_id: int) -> str | None:
        from companion.table.session import Session

        if self.journal is None:
            return self.notice or _("The journal could not be opened.")

        try:
            session = Session.resume(self.journal, session_id)
        except CompanionError as e:
            return str(e)
        self._attach(session)
        return None

    def _attach(self, session):
        if self.table is not None:
            self.table.close()  # the game left behind: its session and listeners go with it
        self.session = session
        self.turn_clock.attach(session)
        from companion.table.controller import TableController  # the engine's machinery: after the first frame

        self.table = TableController(session, timeout=self.settings["gate_timeout"], tags=self.tags,
                                     settle=self.double_tap_guard)
        self.table.subscribe_frames(self._on_frame)
        if getattr(self, "sim_panel", None) is not None:
            self.sim_panel.refresh()
        frame = self.table.frame()
        self.turn_clock.on_frame(frame)
        self.update_leds(frame)
        self.speak(self.speech.new_table(frame))
        self.show("end" if frame.over else frame.game)

    def drop_game(self, session_id: int) -> None:
        """The game with this id was abandoned: if it is the one open, nothing may act
        on it any more."""
        if self.table is None or self.table.session_id != session_id:
            return
        self.table.close()
        self.table = None
        self.session = None
        self.turn_clock.detach()
        panel = getattr(self, "sim_panel", None)
        if panel is not None:
            panel.refresh()

    def update_leds(self, frame=None, now: bool = False):
        """Apply the frame's cue to the seat buttons' LEDs (the controller decides:
        on for a seat that acts, blinking while its private view is open): after the
        swap that shows it, so once its move is on disk (the swap gate), unless now."""
        leds = getattr(self.devices, "leds", None)
        if leds is None or self.table is None:
            return
        frame = frame or self.table.frame()
        gate = getattr(self, "swap_gate", None)
        if gate is not None and not now:
            gate.after_swap(lambda: self.update_leds(frame, now=True))
            return
        names = set(leds.names)
        for led in frame.cue.leds:
            if led.name not in names:
                continue
            if led.state == "blink":
                leds.blink(led.name, 0.15, 0.15)
            elif led.state == "on":
                leds.on(led.name)
            else:
                leds.off(led.name)

    def _on_frame(self, frame):
        from companion.table.frame import GAME_CHANGES

        if frame.kind in GAME_CHANGES or frame.kind == "gate":
            self.update_leds(frame)
        self.turn_clock.on_frame(frame)
        if frame.cue.sound:
            self.play_sound(frame.cue.sound)
        self.speak(self.speech.news(frame))  # every frame: what it announces is remembered
        if frame.over and frame.kind in GAME_CHANGES:
            self.show("end")

    def leave_game(self):
        """Back home; the game stays in the journal to resume."""
        if self.table is not None:
            self.table.close_gate()
            self.table.cancel_peek()
        self.turn_clock.home()
        leds = getattr(self.devices, "leds", None)
        if leds is not None:
            leds.off_all()
        self.show("home")

    # --- devices ----------------------------------------------------------------
    def device_sink(self, event):
        """Called from any device thread: hand the event to the main thread."""
        Clock.schedule_once(lambda _dt: self.on_device_event(event), 0)

    def on_device_event(self, event):
        gate = getattr(self, "swap_gate", None)
        if gate is not None and gate.holds_input() and not hasattr(event, "status"):
            return  # the disk has not kept what is on the screen: a press on it is not taken
        if self.device_listener is not None and self.device_listener(event):
            return
        if self.table is not None and self.sm.current == self.table.frame().game:
            self.table.handle(event)
        elif hasattr(event, "device") and hasattr(event, "status") and str(event.status) in ("disconnected", "error"):
            self.notice = _("{device}: {problem}", device=event.device, problem=event.detail or event.status)
            home = self._screens.get("home")
            if home is not None and self.sm.current == "home":
                home.refresh()

    def _on_key_down(self, _window, key, _scancode, codepoint, modifiers):
        panel = getattr(self, "sim_panel", None)
        return bool(panel is not None and panel.key_down(codepoint))

    def _on_key_up(self, _window, key, _scancode=None, *_):
        panel = getattr(self, "sim_panel", None)
        return bool(panel is not None and panel.key_up(key))

    # --- sounds and preferences -------------------------------------------------
    def play_sound(self, name: str, now: bool = False):
        """The cue's sound, after the swap that shows its frame (the swap gate), unless now."""
        if not self.sounds_on:
            return
        gate = getattr(self, "swap_gate", None)
        if gate is not None and not now:
            gate.after_swap(lambda: self.play_sound(name, now=True))
            return
        if self.sounds is None:
            from .sounds import Sounds

            self.sounds = Sounds()
        self.sounds.play(name)

    def speak(self, text: str, now: bool = False) -> None:
        """A spoken cue (kivy_ui/speech.py), like a sound after the swap that shows its frame."""
        gate = getattr(self, "swap_gate", None)
        if text and gate is not None and not now:
            gate.after_swap(lambda: self.speak(text, now=True))
        elif text:
            self.speech.say(text, self.language)

    def set_sounds(self, on: bool):
        self.sounds_on = bool(on)
        prefs = self._load_prefs()
        prefs["sounds"] = self.sounds_on
        try:
            write_private_json(self._prefs_path(), prefs)
        except (OSError, CompanionError) as e:
            # The switch still works for this evening; only remembering it failed.
            self.notice = _("The sound setting could not be saved ({problem}).",
                            problem=getattr(e, "strerror", None) or e)

    def _prefs_path(self) -> pathlib.Path:
        return data_dir() / "app-prefs.json"

    def _load_prefs(self) -> dict:
        return load_prefs(self._prefs_path())
