"""Spoken cues (issue 25 §1): whose turn it is, a game's alert (the view schema's
`alert`), a round's end and the game's end, said aloud by Debian's `espeak-ng` in the table's
language, offline (its voices ship with the package; nothing is fetched at run time).

What is said is built from the table frame's public parts only — the waiting
sentence, the TABLE view's alert and round-end title, the end's headline —
never from `frame.gate` (an open seat's own view), so nothing spoken is a secret
(tests/kivy_ui/test_speech_public.py checks it over random games). `news` is pure:
it compares what a frame announces with what the one before announced, so a frame
made again (a language change), a gate opening or an Undo never repeats a round's
end or an alert.

Speaking never holds the main thread: espeak-ng runs as a child process
(`Popen`, nothing waited for), one at a time; a newer cue stops an older one still
speaking. The app speaks a frame's cue after the swap that shows it, as it plays
sounds (kivy_ui/app.py `speak`, the swap gate's `after_swap`).

    cues = SpokenCues({"speech": True, "speech_volume": 50})
    cues.say(cues.news(frame), "de")       # "" says nothing
    speech.command("Ana: your turn.", "en", 50, wav="out.wav")   # to a file (the tests)
"""
from __future__ import annotations

import shutil
import subprocess
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: The espeak-ng voice for each of the table's languages (anything else: English).
VOICES = {"en": "en", "de": "de"}
PROGRAM = "espeak-ng"
#: espeak-ng's amplitude at 100 % (its own default, 100, is our 50 %: the default volume).
LOUDEST = 200
#: Of the frames whose game changed (companion.table.frame.GAME_CHANGES), those that
#: bring news of an alert, a round or the end: a move, a player's or someone else's.
#: Undo, Redo and a fix say whose turn it is again.
NEWS = frozenset({"move", "session"})


def program() -> str | None:
    """espeak-ng's path, or None when it is not installed (apt install espeak-ng)."""
    return shutil.which(PROGRAM)


def amplitude(volume: int) -> int:
    """espeak-ng's -a for a volume in per cent (0..100)."""
    return round(max(0, min(100, volume)) * LOUDEST / 100)


def speakable(text: str) -> str:
    """The sentence as a voice should read it: without the symbols that stand beside a
    colour on screen (● ■ ▲ ◆ ★ ✚ ▶: espeak-ng would name them), on one line."""
    kept = "".join(" " if unicodedata.category(ch) == "So" else ch for ch in text)
    return " ".join(kept.split())


def command(text: str, language: str, volume: int, wav: str | None = None, exe: str = PROGRAM) -> list[str]:
    """espeak-ng's arguments to say `text` in `language`'s voice (to a WAV file when given);
    "--" first, so a sentence starting with "-3" is not read as an option."""
    args = [exe, "-v", VOICES.get(language, "en"), "-a", str(amplitude(volume))]
    if wav is not None:
        args += ["-w", str(wav)]
    return [*args, "--", speakable(text)]


# --- what a frame announces (pure) ---------------------------------------------------
@dataclass(frozen=True)
class Heard:
    """What a frame announces, as keys free of its language: the seats that act, the
    view's alert now, the round whose end is summed up, and whether it is over."""

    acting: frozenset[int] = frozenset()
    alert: Any = None
    round_end: Any = None
    over: bool = False


def alert(view: Mapping[str, Any]) -> tuple[Any, str] | None:
    """(key, words) of the view's public alert (the view schema's `alert`: a Curse
    boulder tumbling), its title and sentence (the sentence names who reports: the
    turn's sentence says no more)."""
    cue = view.get("alert")
    if not isinstance(cue, Mapping) or not cue.get("title"):
        return None
    return cue.get("key"), sentence((cue["title"], cue.get("sentence") or ""))


def round_end(view: Mapping[str, Any]) -> tuple[Any, str] | None:
    """(key, title) of the round-end summary in the TABLE view: Mayan Curse's `round_end`,
    or an event's `summary` (Maya's scoring)."""
    end = view.get("round_end")
    if isinstance(end, Mapping) and end.get("title"):
        return ("round_end", end.get("round"), len(end.get("tumbles") or ())), str(end["title"])
    for e in view.get("events") or ():
        summary = e.get("summary") if isinstance(e, Mapping) else None
        if isinstance(summary, Mapping) and summary.get("title"):
            return ("summary", e.get("round"), e.get("kind")), str(summary["title"])
    return None


def heard(frame: Any) -> Heard:
    a, r = alert(frame.view), round_end(frame.view)
    return Heard(frozenset(frame.acting), a and a[0], r and r[0], bool(frame.over))


def news(before: Heard | None, frame: Any) -> tuple[Heard, list[str]]:
    """What `frame` brings that `before` (the last game frame's) did not, as the public
    sentences to say in order, and what it announces now. Only game changes speak: the
    end's headline (alone); else a round's end, the view's alert, and whose turn it is
    when a seat that was not acting acts now (an alert's words name who reports)."""
    from companion.table.frame import GAME_CHANGES  # the controller's machinery: not at the app's start

    if frame.kind not in GAME_CHANGES:
        return before or heard(frame), []
    a, r = alert(frame.view), round_end(frame.view)
    now = Heard(frozenset(frame.acting), a and a[0], r and r[0], bool(frame.over))
    before = before or Heard()
    said: list[str] = []
    fresh = frame.kind in NEWS
    if frame.over:
        if fresh and not before.over and frame.result is not None and frame.result.headline:
            said.append(frame.result.headline)
        return now, said
    if fresh and r is not None and r[0] != before.round_end:
        said.append(r[1])
    if fresh and a is not None and a[0] != before.alert:
        said.append(a[1])
    elif now.acting - before.acting and frame.waiting:
        said.append(frame.waiting)
    return now, said


def sentence(parts: Iterable[str]) -> str:
    """The parts said as one utterance (a newer one cuts it short, so it is one), each
    ended as a sentence ("Round 1 scored" is a title) so the voice pauses after it."""
    said = [p.strip() for p in parts if p and p.strip()]
    return " ".join(p if p[-1] in ".!?…:;" else p + "." for p in said)


# --- saying it ---------------------------------------------------------------------
class Speaker:
    """espeak-ng as a child process, one at a time: say() stops the one still speaking
    and starts the next without waiting for either (the stopped one is reaped later).
    spawn: subprocess.Popen's stand-in (the tests record the arguments)."""

    def __init__(self, exe: str | None = None, spawn: Callable[..., Any] = subprocess.Popen):
        self.exe = exe if exe is not None else program()
        self.spawn = spawn
        self._speaking: Any = None
        self._stopping: list[Any] = []

    @property
    def available(self) -> bool:
        return bool(self.exe)

    def say(self, text: str, language: str, volume: int) -> bool:
        """Start saying text (stopping what is being said); False if nothing was started."""
        self.stop()
        if not self.exe or not text.strip():
            return False
        try:
            self._speaking = self.spawn(command(text, language, volume, exe=self.exe), stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True)
        except OSError:  # removed since start, not executable: the table plays on in silence
            self.exe = None
            return False
        return True

    def stop(self) -> None:
        """Stop what is being said (a signal; the process is reaped on a later call)."""
        self._stopping = [p for p in self._stopping if p.poll() is None]
        p, self._speaking = self._speaking, None
        if p is not None and p.poll() is None:
            try:
                p.terminate()
            except OSError:
                pass
            self._stopping.append(p)

    @property
    def speaking(self) -> bool:
        return self._speaking is not None and self._speaking.poll() is None


class SpokenCues:
    """The app's spoken cues: on or off and their volume (config.toml [app] speech,
    speech_volume; Settings changes them), what the last game frame announced, and the
    speaker. news() is called for every frame, spoken or not, so turning speech on
    mid-game never announces an old round's end."""

    def __init__(self, settings: Mapping[str, Any], speaker: Speaker | None = None):
        self.on = bool(settings.get("speech", False))
        self.volume = int(settings.get("speech_volume", 50))
        self.speaker = speaker if speaker is not None else Speaker()
        self._heard: Heard | None = None

    @property
    def available(self) -> bool:
        return self.speaker.available

    def new_table(self, frame: Any) -> str:
        """A game opened (new or resumed): whose turn it is, unless it is over."""
        self._heard = None
        return self.news(_as_turn(frame))

    def news(self, frame: Any) -> str:
        """The sentence to say for this frame ("" for none), whether speech is on or not."""
        self._heard, said = news(self._heard, frame)
        return sentence(said) if self.on and self.available else ""

    def say(self, text: str, language: str) -> bool:
        return bool(text) and self.on and self.speaker.say(text, language, self.volume)

    def stop(self) -> None:
        self.speaker.stop()

    # --- the Settings screen's rows: applied at once, remembered in config.toml [app] -----
    def set_on(self, on: bool) -> str | None:
        """On (if espeak-ng is here) or off; a sentence when it could not be remembered."""
        self.on = bool(on) and self.available
        if not self.on:
            self.stop()
        return self._remember("speech", self.on)

    def step_volume(self, step: int) -> str | None:
        """One step of SPEECH_VOLUMES louder (1) or quieter (-1), held at the ends."""
        from .devices import SPEECH_VOLUMES

        self.volume = steps(SPEECH_VOLUMES, self.volume, step)
        return self._remember("speech_volume", self.volume)

    @staticmethod
    def _remember(key: str, value: bool | int) -> str | None:
        from companion.errors import CompanionError

        from .devices import remember
        from .i18n import _

        try:
            remember(key, value)
        except (OSError, ValueError, CompanionError) as e:
            # Set for this evening; only remembering it failed.
            return _("The spoken cues' setting could not be saved in the config file ({problem}).",
                     problem=getattr(e, "strerror", None) or e)
        return None


def _as_turn(frame: Any) -> Any:
    """A game's first frame read as a change of the game in which only the turn is news
    (an Undo's kind: a resumed game's round end or end is not)."""
    import dataclasses

    return dataclasses.replace(frame, kind="undo")


def steps(volumes: Sequence[int], volume: int, step: int) -> int:
    """The volume one step up (step 1) or down (-1) among `volumes`, held at the ends."""
    at = min(range(len(volumes)), key=lambda i: abs(volumes[i] - volume))
    return volumes[max(0, min(len(volumes) - 1, at + step))]


__all__ = ["VOICES", "Heard", "Speaker", "SpokenCues", "amplitude", "command", "heard", "news", "program",
           "sentence", "speakable", "steps"]
