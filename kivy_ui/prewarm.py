"""Work done once, while the app is idle, so that no move does it the first time
(issue 23 §3): the sounds written and loaded, the end screen built and the QR
code's encoder imported and run once.

Before this, the first sound of a process built `Sounds()` inside the move that
cued it (the WAV files written, the mixer opened: 55-135 ms), and the move that
ended the first game built the end screen and imported the QR encoder (~0.4 s
more than a later game's end).

The app starts it once its first frame is on screen (MayaApp.on_start): one
step a frame, so a finger that lands meanwhile waits one step at most. The
overlays of a table screen are built by the screen itself, while idle, half a
second after it first shows a table (GameScreen.prepare).
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any


def _sounds(app: Any) -> None:
    if not app.sounds_on:
        return  # silent: nothing opened; switching sounds on prepares them then (MayaApp.on_start)
    if app.sounds is None:
        from .sounds import Sounds

        app.sounds = Sounds()  # the WAV files written once into the data folder
    app.sounds.prepare()  # every sound loaded: the first one played costs what the others do


def start_sounds(app: Any) -> None:
    """Sounds switched on at Home: prepared now (idle), not by the first move that plays one."""
    try:
        _sounds(app)
    except Exception:
        import logging

        logging.getLogger("kivy").warning("Prewarm: the sounds could not be prepared.", exc_info=True)


def _end_screen(app: Any) -> None:
    """The end screen built (not shown) and its QR encoder imported and run once."""
    if app.screen("end") is None:
        from .screens import SCREENS, screen_class

        screen = screen_class(SCREENS["end"])(name="end")
        app._screens["end"] = screen
        app.sm.add_widget(screen)  # Home stays the current screen
    from companion.history import export  # noqa: F401  (the play link: imported at the end otherwise)

    from .screens.end import qr_code

    qr_code("https://app.bgstatsapp.com/")


def steps(app: Any) -> Iterator[Callable[[], Any]]:
    """What is prepared, in order, one callable a frame."""
    yield lambda: _sounds(app)
    yield lambda: _end_screen(app)


def start(app: Any, clock: Any) -> None:
    """Run `steps(app)` one a frame on `clock` (kivy.clock.Clock). A step that fails
    is skipped: what it would have built is built when first used, as before."""
    todo = steps(app)

    def step(_dt: float) -> None:
        job = next(todo, None)
        if job is None:
            return
        try:
            job()
        except Exception:  # never let preparing stop the app: first use builds it then
            import logging

            logging.getLogger("kivy").warning("Prewarm: a step failed; it is done on first use.", exc_info=True)
        clock.schedule_once(step, 0)

    clock.schedule_once(step, 0)
