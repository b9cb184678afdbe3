"""The table frame: the one door between the table controller and its screens
(issue 21). The controller publishes one frozen TableFrame per change, built
once and handed to every listener; screens and phone pages read frames and
send back choices (TableController.choose), nothing else.

    table.subscribe_frames(lambda frame: ...)    # one call per change
    frame = table.frame()                         # the latest frame
    frame.kind, frame.view["phase"], frame.waiting, [c.label for c in frame.choices]
    table.choose(frame.choices[0].key)            # -> Outcome

Everything in a frame outside `gate.view` / `gate.choices` / `gate.selected`
is public: the TABLE view, the public choices of the seats that act now, the
TABLE log, sentences that name no hidden value. The gate part holds one seat's
own view and choices only while the privacy gate is open for that seat; the
table screen shows it only in the gate's window.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.rules.choices import Choice
from companion.rules.viewschema import View
from companion.table import words
from companion.table.log import LogEntry

#: What changed: a move, an undo, a redo, a number fixed, the session changed by
#: someone else (a bot), a look recorded ("seen": a phone's peek), the gate, a message, a device, a tag's
#: selection behind the gate, the undo question; "start" is the first frame.
FrameKind = Literal["start", "move", "undo", "redo", "fix", "session", "seen", "gate", "message", "device",
                    "select", "confirm"]
#: The kinds in which the game itself changed (the app checks `over` on these).
GAME_CHANGES: frozenset[str] = frozenset({"move", "undo", "redo", "fix", "session"})

LedState = Literal["on", "off", "blink"]
#: A sound the app maps to a file: "error" (a move refused), "reveal" (a private
#: view opened), "token" (the game just ended), or "" for none.
Sound = Literal["", "error", "reveal", "token"]


@dataclass(frozen=True)
class Ability:
    """Whether Undo (or Redo) can be done now, and the sentence of what it would do
    or why not. live: its button does something when tapped (does it, asks the table
    first, or says why not); False only when there is nothing to take back (or put
    back): the button is then greyed out in its place."""

    can: bool
    sentence: str = ""
    live: bool = False


@dataclass(frozen=True)
class Led:
    """One seat button's light: on for a seat that acts, blinking while that seat's
    private view is open, off otherwise. name: the button's (and its LED's) name."""

    name: str
    seat: int
    state: LedState


@dataclass(frozen=True)
class Cue:
    """What to play and light for this change: the sound (see Sound) and the state
    of every seat button's LED. The app only applies it."""

    sound: Sound = ""
    leds: tuple[Led, ...] = ()

    def led(self, name: str) -> LedState:
        return next((led.state for led in self.leds if led.name == name), "off")


@dataclass(frozen=True)
class GateFrame:
    """The privacy gate. seat/how: whose private view is open and how it closes
    (None when closed), opened_at/closes_at on the controller's clock; asking: a
    seat that asked to look, waiting for the others to look away. view/choices/
    selected: the open seat's own view, choices and what a tag chose in it (empty
    when closed). The sentences around the gate come from the controller: title
    (over the open view), and for the asking seat ask_title, ask and show (the
    button that opens it)."""

    seat: int | None = None
    how: str = ""
    opened_at: float = 0.0
    closes_at: float = 0.0
    asking: int | None = None
    view: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[Choice, ...] = ()
    selected: Any = None
    title: str = ""
    ask_title: str = ""
    ask: str = ""
    show: str = ""

    @property
    def open(self) -> bool:
        return self.seat is not None


@dataclass(frozen=True)
class Outcome:
    """What became of an intent (a choice, a move, an undo, a fix): ok, and the
    sentence to show (what was done, or why not; "" for a double tap ignored).
    ask: a question the table must answer first (a confirmation) and nothing was
    done yet. Truthy when ok, so `if table.play(...)` still reads as before."""

    ok: bool
    sentence: str = ""
    ask: str | None = None

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True)
class Standing:
    """One seat's line on the end screen."""

    seat: int
    name: str
    rank: int
    score: Any
    winner: bool


@dataclass(frozen=True)
class ResultFrame:
    """The end of the game in sentences: headline ("Ana wins!"), detail (why it
    ended, or the tie-break), standings best first, and lines: the game's own
    detail lines (Result.detail["lines"]) then the fairness seed revealed."""

    headline: str
    detail: str
    standings: tuple[Standing, ...]
    lines: tuple[str, ...] = ()
    result: Any = None  # the engine's Result, for a game screen's own end lines


@dataclass(frozen=True)
class TableFrame:
    """One published state of the table; see the module docstring.

    newest: the table line (the newest player's move; before anyone moved, the
    fingerprint sealing the companion's draws). log: the TABLE log (session.log).
    colours: each seat's colour name from New game (None: the palette's)."""

    serial: int
    game: str
    title: str
    players: tuple[str, ...]
    view: View
    waiting: str
    acting: tuple[int, ...]
    choices: tuple[Choice, ...]
    gate: GateFrame
    kind: FrameKind = "start"
    message: str = ""
    notice: str = ""
    undo: Ability = Ability(False)
    redo: Ability = Ability(False)
    pending_undo: str | None = None
    cue: Cue = Cue()
    over: bool = False
    result: ResultFrame | None = None
    devices: Mapping[str, str] = field(default_factory=dict)
    newest: str = ""
    log: tuple[LogEntry, ...] = ()
    colours: tuple[str | None, ...] = ()
    session_id: int | None = None
    drawn: int | None = None  # the seat the companion drew to start (companion/table/first.py), None: chosen


# --- the parts of a frame made from the controller's state (TableController._build) ------
def cue(kind: FrameKind, acting: Sequence[int], over: bool, led_names: Sequence[str], open_seat: int | None,
        message: bool) -> Cue:
    """LEDs: on for a seat that acts, blinking while its private view is open, off
    otherwise. Sound: "token" when a change ends the game, "error" for a message,
    "reveal" when a private view opens. led_names: each seat's button (and LED)."""
    leds = []
    for seat, name in enumerate(led_names):
        state: LedState = "blink" if open_seat == seat else ("on" if seat in acting else "off")
        leds.append(Led(name, seat, state))
    sound: Sound = ""
    if kind in GAME_CHANGES and over:
        sound = "token"
    elif kind == "message" and message:
        sound = "error"
    elif kind == "gate" and open_seat is not None:
        sound = "reveal"
    return Cue(sound, tuple(leds))


def result_frame(result: Any, players: Sequence[str], randomness: str, seed: Any) -> ResultFrame:
    """The end of the game in sentences, made in the current language."""

    def name(seat: Any) -> str:
        return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else str(seat)

    ranks = tuple(result.ranks) or tuple(range(1, len(players) + 1))
    standings = tuple(Standing(seat, name(seat), ranks[seat], result.scores[seat], seat in result.winners)
                      for seat in result.ranking)
    detail = dict(result.detail or {})
    lines = [str(line) for line in detail.get("lines") or () if line]
    if randomness == "digital" and isinstance(seed, int):
        # The seed sealed at the start is shown now: anyone can check every draw with it.
        from companion.rules.chance import revealed_sentence

        lines.append(revealed_sentence(seed))
    return ResultFrame(headline=words.headline([name(s) for s in result.winners]),
                       detail=str(detail.get("sentence") or result.tiebreak or ""), standings=standings,
                       lines=tuple(lines), result=result)


def newest_line(log: Sequence[LogEntry], randomness: str, seed: Any, drawn: str = "") -> str:
    """The table line: the newest player's move and what it caused (a draw after
    it is in the log, not on the table line); before anyone has moved, the
    fingerprint that seals the companion's draws (revealed on the end screen) and
    who the draw chose to start (drawn)."""
    line = next((e.sentence for e in reversed(log) if e.by_player), "")
    moved = bool(line)
    if not moved and log:
        line = log[-1].sentence
    if not moved and drawn:
        line = f"{drawn} {line}".strip()
    if not moved and randomness == "digital" and isinstance(seed, int):
        from companion.rules.chance import sealed_sentence

        return f"{sealed_sentence(seed)}. {line}".strip()
    return line
