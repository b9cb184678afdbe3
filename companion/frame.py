"""The table frame: the one door between the table controller and its screens
(issue 21). The controller publishes one frozen TableFrame per change; screens
and phone pages read frames and send back choices (TableController.choose),
nothing else.

    frame = table.frame()
    frame.view["phase"], frame.waiting, [c.label for c in frame.choices]
    table.choose(frame.choices[0].key)           # -> Outcome

Everything in a frame outside `gate` is public: the TABLE view, the public
choices of the seats that act now, sentences that name no hidden value. The
gate part holds one seat's own view and choices, only while the privacy gate
is open for that seat; the table screen shows it only in the gate's window.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .choices import Choice
from .viewschema import View


@dataclass(frozen=True)
class Ability:
    """Whether Undo (or Redo) can be done now, and the sentence of what it would do
    or why not."""

    can: bool
    sentence: str = ""


@dataclass(frozen=True)
class Cue:
    """What to play or light for a change: sound (a name the app maps to a file, or
    "") and leds (seat numbers whose button lights: the seats that act now)."""

    sound: str = ""
    leds: tuple[int, ...] = ()


@dataclass(frozen=True)
class GateFrame:
    """The privacy gate. seat/how: whose private view is open and how it closes
    (None when closed); asking: a seat that asked to look, waiting for the others to
    look away. view/choices: the open seat's own view and choices (empty when closed)."""

    seat: int | None = None
    how: str = ""
    closes_at: float = 0.0
    asking: int | None = None
    view: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[Choice, ...] = ()
    selected: Any = None


@dataclass(frozen=True)
class Outcome:
    """What became of an intent (a choice, an undo, a fix): ok, and the sentence to
    show (why not, or what was done). ask: a question the table must answer first
    (a confirmation) and nothing was done yet."""

    ok: bool
    sentence: str = ""
    ask: str | None = None


@dataclass(frozen=True)
class TableFrame:
    """One published state of the table; see the module docstring."""

    serial: int
    game: str
    title: str
    players: tuple[str, ...]
    view: View
    waiting: str
    acting: tuple[int, ...]
    choices: tuple[Choice, ...]
    gate: GateFrame
    message: str = ""
    notice: str = ""
    undo: Ability = Ability(False)
    redo: Ability = Ability(False)
    pending_undo: str | None = None
    cue: Cue = Cue()
    over: bool = False
    devices: Mapping[str, str] = field(default_factory=dict)
    colours: tuple[str, ...] = ()  # each seat's colour chosen at New game ("" when none)
