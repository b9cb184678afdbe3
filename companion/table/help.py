""""What can I do now?" (issue 25 §1): the phase, what each choice does, and why a
move players often try is not allowed now, for every table screen's Help button.

Everything comes from the game: the phase's short summary and the moves players
often try from the game's own `help` module (a `help.py` beside its `game.toml`,
found by the game's package; a game without one gets the generic parts only), the
choices and their sentences from the frame, and the refusals from the game's own
`apply`, tried on the state and never committed (states are immutable: a refused
or accepted try changes nothing).

    from companion.table.help import table_help, seat_help
    h = table_help(table)        # the public help: the TABLE view and the public choices only
    h.phase, h.summary, [(c.label, c.sentence) for c in h.choices], h.refusals
    seat_help(table, seat)       # behind the gate: that seat's own view and choices

A game's help module provides, both in the game's words (its i18n `_`):

    def phase_help(view) -> tuple[str, Sequence[str]]: ...      # the phase's name and its summary
    def tries(view, viewer) -> Sequence[tuple[str, dict]]: ...  # (what is tried, the action)

`tries` gets only what the viewer may see (the TABLE view for the public help), so
a tried action can name nothing hidden; which refusals may still say something
hidden is the game's to avoid, and tests/companion/test_help.py checks it over
random games.
"""
from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from companion.errors import CompanionError
from companion.rules.choices import Choice
from companion.rules.engine import CHANCE, TABLE
from companion.words import _

#: How many refusals a help shows at most (a screenful, read from across the table).
MAX_REFUSALS = 4


@dataclass(frozen=True)
class HelpLine:
    """One line of help: what (a choice's label, or the move tried) and its sentence
    (what the choice does, or why that move is not allowed now)."""

    label: str
    sentence: str


@dataclass(frozen=True)
class Help:
    """What one viewer (the table, or one seat behind the gate) may be told now."""

    title: str
    phase: str
    summary: tuple[str, ...]
    waiting: str
    choices: tuple[HelpLine, ...]
    refusals: tuple[HelpLine, ...]
    #: the sections' titles, in the table's language (a screen writes no words of its own)
    choices_title: str = ""
    refusals_title: str = ""

    def texts(self) -> list[str]:
        """Every text the help shows, in reading order (tests look through these)."""
        out = [self.title, self.phase, *self.summary, self.waiting]
        for title, lines in ((self.choices_title, self.choices), (self.refusals_title, self.refusals)):
            out += [title] if lines else []
            for line in lines:
                out += [line.label, line.sentence]
        return [t for t in out if t]


def game_help(game: Any) -> ModuleType | None:
    """The game's own help module (`<its package>.help`), or None when it has none."""
    return game_module(game, "help")


def game_module(game: Any, part: str) -> ModuleType | None:
    """A module of the game's own package (`<its package>.<part>`: its help, its
    first-game guide `teach`), or None when it has none."""
    module = sys.modules.get(type(game).__module__)
    package = getattr(module, "__package__", None) or ""
    if not package:
        return None
    name = f"{package}.{part}"
    try:
        if name not in sys.modules and importlib.util.find_spec(name) is None:
            return None
    except (ImportError, ValueError):
        return None
    return importlib.import_module(name)


def build_help(game: Any, state: Any, view: Mapping[str, Any], choices: Sequence[Choice], viewer: Any,
               names: Sequence[str], waiting: str = "") -> Help:
    """The help for `viewer` from what it may see: `view` (its view) and `choices`
    (its choices); `state` only to try moves on, never to read from."""
    module = game_help(game)
    phase, summary = _phase(module, view)
    lines = tuple(HelpLine(c.label, c.sentence if c.enabled else (c.why or c.sentence))
                  for c in sorted(choices, key=lambda c: (not c.enabled, c.group, c.slot)) if c.label)
    refusals = _refusals(game, state, view, choices, viewer, names, module)
    if viewer == TABLE:
        title = _("What can be done now?")
    else:
        title = _("What can {name} do now?", name=_name(names, viewer))
    return Help(title=title, phase=phase, summary=tuple(summary), waiting=waiting, choices=lines,
                refusals=tuple(refusals[:MAX_REFUSALS]), choices_title=_("What each choice does"),
                refusals_title=_("Not allowed now"))


def table_help(table: Any) -> Help:
    """The public help of a TableController: its frame's TABLE view and public choices."""
    frame = table.frame()
    session = table.session
    return build_help(session.game, session.state, frame.view, frame.choices, TABLE, frame.players,
                      frame.waiting)


def seat_help(table: Any, seat: int) -> Help:
    """The help behind the gate for `seat`: that seat's own view and own choices
    (TableController.seat_frame), shown only in the gate's window."""
    own = table.seat_frame(seat)
    session = table.session
    waiting = str((own.view.get("waiting_for") or {}).get("sentence") or "")
    return build_help(session.game, session.state, own.view, own.choices, seat, list(table.players), waiting)


def state_help(game: Any, state: Any, viewer: Any = TABLE) -> Help:
    """The help as a table controller would give it, from a game and a state alone
    (tests, the CLI): the public choices of the seats that act, or one seat's own."""
    names = list(state.names) if hasattr(state, "names") else []
    view = game.view(state, viewer)
    over = game.result(state) is not None
    seats = sorted(a for a in game.actors(state) if isinstance(a, int))
    if over:
        choices: list[Choice] = []
    elif viewer == TABLE:
        choices = [c for seat in seats for c in game.menu(state, seat) if c.public]
    else:
        choices = [c for c in game.menu(state, viewer) if c.seat == viewer] if viewer in seats else []
    waiting = str((view.get("waiting_for") or {}).get("sentence") or "")
    return build_help(game, state, view, choices, viewer, names, waiting)


def _name(names: Sequence[str], seat: Any) -> str:
    return str(names[seat]) if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def _phase(module: ModuleType | None, view: Mapping[str, Any]) -> tuple[str, Sequence[str]]:
    fn = getattr(module, "phase_help", None)
    if fn is not None:
        phase, summary = fn(view)
        if phase:
            return str(phase), [str(s) for s in summary if s]
    return str(view.get("phase") or ""), []


def _refusals(game: Any, state: Any, view: Mapping[str, Any], choices: Sequence[Choice], viewer: Any,
              names: Sequence[str], module: ModuleType | None) -> list[HelpLine]:
    """Why the moves players often try are not allowed now: a choice shown greyed
    (its own why), a public choice tapped by a player whose turn it is not, and the
    game's own tries, each refused by the game's apply (a try it accepts is not shown)."""
    out: list[HelpLine] = []
    seen: set[str] = set()

    def add(label: str, sentence: str) -> None:
        if sentence and sentence not in seen:
            seen.add(sentence)
            out.append(HelpLine(label, sentence))

    for c in choices:
        if not c.enabled and c.why:
            add(c.label, c.why)
    for label, action in _out_of_turn(game, state, view, choices, viewer, names):
        add(label, _refused(game, state, action))
    for label, action in (getattr(module, "tries", None) or (lambda _v, _w: ()))(view, viewer):
        add(str(label), _refused(game, state, action))
    return out


def _out_of_turn(game: Any, state: Any, view: Mapping[str, Any], choices: Sequence[Choice], viewer: Any,
                 names: Sequence[str]) -> list[tuple[str, dict[str, Any]]]:
    """The public choice of the seat at turn, tapped for the next seat, who may not act."""
    if viewer != TABLE:
        return []
    actors = [a for a in (view.get("waiting_for") or {}).get("actors") or () if a != CHANCE]
    if len(actors) != 1 or not isinstance(actors[0], int) or len(names) < 2:
        return []
    other = (actors[0] + 1) % len(names)
    for c in choices:
        if c.enabled and not c.parts and c.public and c.action.get("actor") == actors[0]:
            label = _("{name} taps “{choice}”", name=_name(names, other), choice=c.label)
            return [(label, {**dict(c.action), "actor": other})]
    return []


def _refused(game: Any, state: Any, action: Mapping[str, Any]) -> str:
    """The game's sentence refusing `action` now, or "" when the game would take it."""
    try:
        game.apply(state, dict(action))
    except CompanionError as e:
        return str(e)
    except (TypeError, ValueError, KeyError, IndexError):  # a try the game cannot read is no help
        return ""
    return ""


__all__ = ["MAX_REFUSALS", "Help", "HelpLine", "build_help", "game_help", "game_module", "seat_help", "state_help",
           "table_help"]
