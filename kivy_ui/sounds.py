"""Short sounds (a token won, a reveal, an error), generated once with the stdlib
`wave` module into the data dir, so nothing binary ships in the repository.

A machine with no sound device stays silent and quiet: the mixer is never opened
(no ALSA or mixer errors in the terminal), and one log line says so.
"""
from __future__ import annotations

import logging
import math
import os
import pathlib
import struct
import sys
import wave

from companion.store.paths import data_dir

RATE = 22050

# name -> notes as (frequency Hz, seconds); 0 Hz is a rest.
TUNES = {
    "token": [(523, 0.09), (659, 0.09), (784, 0.09), (1047, 0.22)],  # rising arpeggio: a win
    "reveal": [(880, 0.06), (0, 0.03), (880, 0.06)],  # two soft ticks: the gate opened
    "error": [(196, 0.18), (165, 0.22)],  # falling low tone: not allowed
    "clock": [(587, 0.10), (0, 0.08), (440, 0.16)],  # a soft two-note chime: ten seconds left (turn clock)
    "rumble": [(98, 0.12), (0, 0.04), (82, 0.12), (0, 0.04), (65, 0.35)],  # low rumble: something heavy tumbles
}


def write_wav(path: pathlib.Path, notes, volume: float = 0.35) -> None:
    frames = bytearray()
    for freq, secs in notes:
        n = int(RATE * secs)
        for i in range(n):
            # A short fade in and out so notes do not click.
            env = min(1.0, i / (RATE * 0.005), (n - i) / (RATE * 0.01))
            v = volume * env * math.sin(2 * math.pi * freq * i / RATE) if freq else 0.0
            frames += struct.pack("<h", int(v * 32767))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))


def sound_files() -> dict[str, pathlib.Path]:
    folder = data_dir() / "sounds"
    folder.mkdir(parents=True, exist_ok=True)
    out = {}
    for name, notes in TUNES.items():
        path = folder / f"{name}.wav"
        if not path.exists():
            write_wav(path, notes)
        out[name] = path
    return out


def audio_device(proc: pathlib.Path = pathlib.Path("/proc/asound/cards"), env=None) -> bool:
    """Whether sound can play here: a sound card, a sound server (PulseAudio or
    PipeWire, e.g. for Bluetooth), or a driver chosen on purpose (SDL_AUDIODRIVER).
    Off Linux the audio library decides."""
    env = os.environ if env is None else env
    if env.get("SDL_AUDIODRIVER") or not sys.platform.startswith("linux"):
        return True
    try:
        cards = proc.read_text()
    except OSError:
        cards = ""
    if cards.strip() and "no soundcards" not in cards:
        return True
    runtime = pathlib.Path(env.get("XDG_RUNTIME_DIR") or f"/run/user/{os.getuid()}")
    return (runtime / "pulse" / "native").exists() or (runtime / "pipewire-0").exists()


log = logging.getLogger("kivy")


class Sounds:
    """Loads a sound when it is first played, or all of them at once with prepare()
    (the app does that while idle). With no sound device nothing is loaded at all; if
    the mixer still fails to open, the first failure silences every sound (one
    warning, not one per sound)."""

    def __init__(self, device: bool | None = None):
        self._loaded: dict = {}
        self.available = audio_device() if device is None else device
        self.files = sound_files() if self.available else {}
        if not self.available:
            log.info("Sounds: no sound device, so the companion stays silent.")

    def prepare(self) -> None:
        """Load every sound now (the app does it while idle, kivy_ui/prewarm.py): the
        first one played then costs what the others do, never the mixer's opening."""
        for name in self.files:
            if not self.available:
                return
            try:
                self._load(name)
            except Exception:  # as in play(): no audio device must never stop a game
                self._loaded[name] = None
                self.available = False

    def _load(self, name: str):
        if name not in self._loaded:
            from kivy.core.audio import SoundLoader

            self._loaded[name] = SoundLoader.load(str(self.files[name]))
            if self._loaded[name] is None:
                self.available = False  # the mixer did not open: the others would fail the same way
        return self._loaded[name]

    def play(self, name: str) -> None:
        if not self.available:
            return
        try:
            snd = self._load(name)
            if snd is not None:
                snd.stop()
                snd.play()
        except Exception:  # no audio device must never stop a game
            self._loaded[name] = None
            self.available = False
