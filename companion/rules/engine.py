"""The rules-engine contract every game implements (see docs/architecture.md).

A game is a set of pure functions over immutable state:

    setup(players, options, components) -> State      no randomness here
    actors(state) -> frozenset                          seats (ints), CHANCE, or several seats
    legal_actions(state, actor) -> list[Action]         every legal action for that actor
    chance_outcomes(state) -> list[(Action, prob)]      when CHANCE acts
    apply(state, action) -> State                       pure; raises IllegalAction
    view(state, viewer) -> dict                         JSON-safe; TABLE or a seat
    result(state) -> Result | None                      None while the game goes on

Actions are plain JSON-safe dicts: {"actor": 2, "type": "play", "card": "+3"}.
Seats are ints 0..n-1 in table (clockwise) order, typed `Seat` (companion/rules/seats.py).
CHANCE and TABLE are strings so that actions and views stay JSON-safe. A view is
a `View` (companion/rules/viewschema.py). Moves as data and the one way in for an
action, `parse_action`, are companion/rules/moves.py (re-exported here).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic

if TYPE_CHECKING:
    from typing_extensions import TypeVar  # a default (PEP 696): a bare `Game` is Game[Any]

    from companion.rules.choices import Choice
    from companion.rules.components import BoxSpec
else:
    from typing import TypeVar

from companion.errors import BadOption, IllegalAction
from companion.rules.moves import (
    ANY_PHASE,
    CORRECTION,
    Action,
    Field,
    Move,
    actor_of,
    check_fields,
    check_shape,
    check_turn,
    correction_move,
    parse_action,
    require,
)
from companion.rules.seats import CHANCE, TABLE, Actor, Seat, Viewer
from companion.rules.viewschema import View
from companion.words import _

#: A game's state: each game declares its own (Game[S]); Any where any game's will do.
State = Any
if TYPE_CHECKING:
    S = TypeVar("S", default=Any)
else:
    S = TypeVar("S")


@dataclass(frozen=True)
class Option:
    """One game option with its default and validation.

    kind is "int", "bool" or "choice". For "int", lo/hi bound the value (inclusive).
    For "choice", choices lists the allowed strings.
    """

    name: str
    default: Any
    kind: str = "choice"
    choices: tuple[Any, ...] = ()
    lo: int | None = None
    hi: int | None = None
    help: str = ""

    def validate(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "on", "off", "1", "0"):
                return value.lower() in ("true", "yes", "on", "1")
            raise BadOption(_("Option {name} must be true or false, not {value}.", name=repr(self.name),
                              value=repr(value)))
        if self.kind == "int":
            if isinstance(value, str) and value.strip().lstrip("-").isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(_("Option {name} must be a whole number, not {value}.", name=repr(self.name),
                                  value=repr(value)))
            if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
                raise BadOption(_("Option {name} must be between {lo} and {hi}, not {value}.", name=repr(self.name),
                                  lo=self.lo, hi=self.hi, value=value))
            return value
        if value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise BadOption(_("Option {name} must be one of {allowed}, not {value}.", name=repr(self.name),
                              allowed=allowed, value=repr(value)))
        return value

    def describe(self) -> dict[str, Any]:
        d = {"name": self.name, "default": self.default, "kind": self.kind, "help": self.help}
        if self.kind == "choice":
            d["choices"] = list(self.choices)
        if self.kind == "int":
            d["min"], d["max"] = self.lo, self.hi
        return d


def resolve_options(declared: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults filled in, every value validated; an unknown name is a clear error."""
    if given is not None and not isinstance(given, Mapping):
        raise BadOption(_("The options must be names with values, e.g. {example}.", example='{"advanced": true}'))
    given = dict(given or {})
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        if not by_name:
            raise BadOption(_("Unknown option {name}; this game has no options.", name=repr(unknown[0])))
        raise BadOption(_("Unknown option {name}; this game's options are: {known}.", name=repr(unknown[0]),
                          known=", ".join(sorted(by_name))))
    return {name: o.validate(given[name]) if name in given else o.default for name, o in by_name.items()}


@dataclass(frozen=True)
class Result:
    """The end of a game.

    scores: one number per seat. ranking: seats best first (ties keep seat order and
    share a rank in `ranks`). winners: the seats that won (several on a shared win;
    empty when nobody wins, e.g. the temple wins in Mayan Curse). tiebreak: a sentence
    naming the tie-break used, or None. detail: per-game extras (JSON-safe).
    """

    scores: tuple[Any, ...]
    ranking: tuple[Any, ...]
    winners: tuple[Any, ...]
    tiebreak: str | None = None
    ranks: tuple[Any, ...] = ()
    detail: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreak": self.tiebreak,
            "detail": self.detail,
        }


def shared_ranks(ranking: Sequence[Any], key: Callable[[Any], Any]) -> tuple[Any, ...]:
    """Each seat's rank, indexed by seat, from `ranking` (every seat, best first):
    seats whose key(seat) is equal share a rank and the next rank is skipped
    ("1, 2, 2, 4"), as Result.ranks wants."""
    ranks = [0] * len(ranking)
    rank, previous = 0, object()
    for place, seat in enumerate(ranking):
        k = key(seat)
        if k != previous:
            rank, previous = place + 1, k
        ranks[seat] = rank
    return tuple(ranks)


# --- what a game tells the generic layers ------------------------------------
@dataclass(frozen=True)
class LearnSet:
    """One set of tags the Tags screen can walk through ("Blue cards", "Sacred
    stones"): steps() gives (prompt, meaning) for each physical piece, in order."""

    label: str
    steps: Callable[[], list[tuple[str, dict[str, Any]]]]


@dataclass(frozen=True)
class TagKind:
    """A kind of RFID tag a game uses (a Maya worker card, a sacred stone).

    fields/optional: field name -> int or str (list for a list of names), checked
    when a tag is learned or loaded. describe(meaning) names one tag for the Tags
    screen (it is shown while learning, never at the table during play).
    learn_sets() lists what a table can learn, from the box in use.
    """

    kind: str
    title: str
    fields: Mapping[str, type]
    describe: Callable[[Mapping[str, Any]], str]
    learn_sets: Callable[[], list[LearnSet]]
    optional: Mapping[str, type] = field(default_factory=dict)


@dataclass(frozen=True)
class TagUse:
    """What a game's tag means now, for the seat whose private view is open.

    action: enter this complete action now (the controller plays it).
    select: show this as chosen in that seat's private view (e.g. a worker card).
    hold: keep the tag as part of an entry made of several tags (three stones
    drawn); the controller passes the held tags back on the next read.
    sentence: for the public screen; it never names a hidden value.
    """

    action: dict[str, Any] | None = None
    select: Any = None
    hold: bool = False
    sentence: str = ""


@dataclass(frozen=True)
class BoardGameGeek:
    """The game's entry on BoardGameGeek, so an app that matches plays by it (BG
    Stats) files an exported play under the right game: id, name and year as BGG
    lists them. A game declares it only when the id is known for sure."""

    id: int
    name: str
    year: int


@dataclass(frozen=True)
class Correction:
    """A public number the real table can drift from (the count, a player's gold,
    trigger tokens on a boulder), offered on the "Fix a number…" screen. key is
    the game's own name for it; never a secret."""

    key: str
    label: str
    value: int
    lo: int
    hi: int


class Game(Generic[S]):
    """Base class for a game, generic over its state type: `class Maya(Game[State])`.
    Subclasses override the contract's functions; a game that declares `moves`
    gets apply, legal_actions, undoable and private_action_types from them.

    Class attributes: name (registry key), title, min_players, max_players, options,
    bgg (its BoardGameGeek entry, None when not known for sure), table_saw (the
    kinds of TABLE-view events the whole table saw and acted on: undoing the
    action that caused one asks the table first, companion/table/undo.py).
    """

    name: str = ""
    title: str = ""
    bgg: BoardGameGeek | None = None
    min_players: int = 2
    max_players: int = 4
    options: tuple[Option, ...] = ()
    #: Event kinds (a TABLE view's events[i]["kind"]) the whole table saw and acted on
    #: (a token won, a boulder at the entrance, a round scored): an Undo of the action
    #: that caused one asks the table first, the same way in every game.
    table_saw: frozenset[str] = frozenset()

    # --- the contract -------------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None, components: Any = None) -> S:
        raise NotImplementedError

    def actors(self, state: S) -> frozenset[Any]:
        raise NotImplementedError

    def legal_actions(self, state: S, actor: Any) -> list[Action]:
        raise NotImplementedError

    def chance_outcomes(self, state: S) -> list[tuple[Action, float]]:
        raise NotImplementedError

    def apply(self, state: S, action: Any) -> S:
        """Pure: the action checked by parse_action (shape, move, actor, fields), then
        played (Game.play). IllegalAction with a sentence, nothing changed, otherwise.
        A game without a move table overrides this and checks for itself."""
        return self.play(state, parse_action(self, state, action).action)

    def view(self, state: S, viewer: Any) -> View:
        raise NotImplementedError

    def result(self, state: S) -> Result | None:
        raise NotImplementedError

    # --- helpers with sensible defaults ------------------------------------
    def sample_chance(self, state: S, rng: random.Random) -> Action:
        """Pick one chance outcome with rng. Games whose outcome space is huge
        (a whole shuffle) override this and still return a plain action."""
        outcomes = self.chance_outcomes(state)
        if not outcomes:
            raise IllegalAction(_("Nothing is to be drawn now."))
        actions = [a for a, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(actions, weights=weights, k=1)[0]

    def check_players(self, players: Sequence[str]) -> list[str]:
        players = [str(p).strip() for p in players]
        if not (self.min_players <= len(players) <= self.max_players):
            title = self.title or self.name
            raise BadOption(_("{title} is for {lo} to {hi} players, not {n}.", title=title, lo=self.min_players,
                              hi=self.max_players, n=len(players)))
        if any(not p for p in players):
            raise BadOption(_("Every player needs a name."))
        if len(set(p.casefold() for p in players)) != len(players):
            raise BadOption(_("Two players have the same name; give each a different one."))
        return players

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        return resolve_options(self.options, options)

    def undoable(self, before: S, action: Action, after: S) -> bool:
        """False when applying `action` showed a secret to the whole table
        (a public reveal); the session then undoes it only when the table
        confirms (Session.undo_needs_confirm, undo(confirm=True)), and asks rehide.
        By default the move's own `undoable` (True for a game without moves)."""
        move = self.move_for(before, action.get("type"))
        return True if move is None else move.can_undo(before, action, after)

    def rehide(self, before: S, after: S) -> list[Action]:
        """A confirmed undo of a public reveal goes from `before` back to `after`:
        the actions (usually chance: a secret put back, a fresh draw) that replace
        any secret everybody saw in `before` but that is hidden again in `after`,
        so nobody gains from the undo. The session applies them with the undo, in
        one transaction, and deals the draws they call for. None by default."""
        return []

    def is_over(self, state: S) -> bool:
        return self.result(state) is not None

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "players": [self.min_players, self.max_players],
            "options": [o.describe() for o in self.options],
        }

    # --- moves as data (companion/rules/moves.py) ------------------------------------
    #: {phase: {action type: Move}}; phase_of(state) picks the phase; the phase
    #: ANY_PHASE ("*") holds moves taken in every phase.
    moves: Mapping[str, Mapping[str, Move]] = {}

    def base_moves(self) -> Mapping[str, Move]:
        """The moves every game has, whatever its phase: a correction (Game.correct)."""
        return {CORRECTION: correction_move(self)}

    def move_for(self, state: S, kind: Any) -> Move | None:
        """The move an action of type `kind` makes now: the phase's, else every
        phase's (ANY_PHASE), else a base move; None when there is none."""
        if not isinstance(kind, str):
            return None
        move = self.moves.get(self.phase_of(state), {}).get(kind) if self.moves else None
        if move is None:
            move = self.moves.get(ANY_PHASE, {}).get(kind) if self.moves else None
        if move is None and kind == CORRECTION:
            move = self.base_moves().get(kind)
        return move

    def phase_of(self, state: S) -> str:
        """The key of `moves` for now; by default the state's `phase`."""
        any_state: Any = state
        return str(any_state.phase)

    def seat_names(self, state: S) -> Sequence[str]:
        """The players' names in seat order; by default the state's `names`."""
        any_state: Any = state
        return tuple(any_state.names)

    def check_actor(self, state: S, action: Mapping[str, Any]) -> None:
        """Who may act now (parse_action asks it for a move that is a turn): the
        actor is one of actors(state), else a sentence. Games give their own
        sentences first and then call this."""
        check_turn(self, state, action, self.seat_names(state))

    def begin(self, state: S) -> S:
        """What every turn's move starts from (e.g. the last move's events
        cleared); the identity by default."""
        return state

    def settle(self, state: S) -> S:
        """What follows every move by itself (the round flow); the identity by default."""
        return state

    def tell(self, state: S, action: Action) -> S:
        """After a move marked `told` (no event of its own says what it did): the
        state recording the action itself. The identity by default."""
        return state

    def not_now(self, state: S, action: Mapping[str, Any]) -> str:
        """The sentence for an action of a type the phase has no move for."""
        sentence = self.view(state, TABLE).get("waiting_for", {}).get("sentence")
        return _("That cannot be done now. {waiting}", waiting=sentence) if sentence else _("That cannot be done now.")

    def play(self, state: S, action: Action) -> S:
        """An action parse_action checked against `state`, applied without checking
        it again: begin, the move, settle, tell (a move that is not a turn: the move
        alone). A game that overrides apply (the toy game of the tests, which has
        no move table) takes it through its own apply, so live play and a replay
        never differ."""
        if type(self).apply not in (Game.apply, Game.dispatch):
            return self.apply(state, action)  # a game with its own apply: all of it, as a replay would
        move = self.move_for(state, action.get("type"))
        if move is None:
            raise IllegalAction(self.not_now(state, action))
        if not move.turn:
            return move.apply(state, action)  # type: ignore[no-any-return]
        after: S = self.settle(move.apply(self.begin(state), action))
        return self.tell(after, action) if move.told else after

    def dispatch(self, state: S, action: Any) -> S:  # Game.apply's older name (`apply = Game.dispatch`)
        return self.play(state, parse_action(self, state, action).action)

    def legal_from_moves(self, state: S, actor: Any) -> list[Action]:
        """Every legal action the phase's moves list for actor."""
        if actor not in self.actors(state):
            return []
        out: list[Action] = []
        for move in self.moves.get(self.phase_of(state), {}).values():
            if move.legal is not None:
                out += move.legal(state, actor)
        return out

    @property
    def private_action_types(self) -> frozenset[str] | None:
        """The moves that use what only their player knows (Move.private); None when
        none is. The default menu() makes these the seat's own choices (Choice.seat);
        a phone offers and takes a seat's own Choices, so a game with its own menu()
        decides there what a phone enters (Maya Madness: a guess is public)."""
        kinds = frozenset(kind for phase in self.moves.values() for kind, m in phase.items() if m.private)
        return kinds or None

    # --- choices: what a player can do now (companion/rules/choices.py) --------------------
    def menu(self, state: S, seat: int) -> list[Choice]:
        """What `seat` can do now, as Choices for a screen or a phone page. A choice
        that shows what only that seat knows has Choice.seat == seat (the gate and
        that seat's phone only). By default one choice per legal action, labelled
        with the action's sentence, in the order the game lists them; games give
        short labels, groups, stable slots, confirmations and pickers."""
        import json

        from companion.rules.choices import Choice

        out = []
        private = self.private_action_types or frozenset()
        for slot, action in enumerate(self.legal_actions(state, seat)):
            secret = action.get("type") in private
            words = self.describe_action(self.view(state, seat if secret else TABLE), action)
            out.append(Choice(key=json.dumps(action, sort_keys=True), label=words, sentence=words,
                              group=_("Your move"), slot=slot, action=action,
                              seat=seat if secret else None))
        return out

    # --- sentences ---------------------------------------------------------------
    def describe_action(self, view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        """A sentence for an action, in the words of the view it is described for
        (a TABLE view's sentence never names a hidden value)."""
        kind = action.get("type")
        return str(kind).replace("_", " ") if kind else _("an action")

    # --- what the generic layers ask a game ---------------------------------------
    def tag_kinds(self) -> tuple[TagKind, ...]:
        """The kinds of RFID tag this game uses, beyond players' fobs and commands."""
        return ()

    def use_tag(self, state: S, seat: int | None, meaning: Mapping[str, Any],
                held: Sequence[Mapping[str, Any]], physical: bool) -> TagUse:
        """What a tag of one of this game's kinds means now. seat: the seat whose
        private view is open (None when none is); held: the tags of this kind kept
        so far for that seat (TagUse.hold); physical: people enter the draws."""
        return TagUse(sentence=_("That tag does nothing in this game."))

    def corrections(self, state: S) -> list[Correction]:
        """The public numbers a table may fix now (none by default)."""
        return []

    def correct(self, state: S, key: str, value: int) -> S:
        """The state with one public number fixed; IllegalAction for a key not in
        corrections(state) or a value out of its range. Never touches a secret."""
        raise IllegalAction(_("There is nothing to fix in this game."))

    def private_lines(self, view: Mapping[str, Any]) -> list[str]:
        """A seat's own secrets (`view["you"]`) in sentences, for a phone page.
        By default each entry plainly; games say it in their own words."""
        lines = []
        for key, value in (view.get("you") or {}).items():
            if key in ("seat", "name"):
                continue
            if isinstance(value, (list, tuple)):
                # i18n: an empty list among a seat's secrets
                value = ", ".join(str(v) for v in value) or _("none")
            # i18n: one of a seat's secrets on its phone: its name, then its value
            lines.append(_("{what}: {value}", what=str(key).replace("_", " ").capitalize(), value=value))
        return lines

    def box_spec(self) -> BoxSpec | None:
        """The game's box file: the shipped file, each editable number, the validator."""
        return None


def play_random(game: Game, state: State, rng: random.Random, max_actions: int = 100_000) -> tuple[State, list[Action]]:
    """Play a game to the end with uniformly random legal actions (a test helper
    for the contract, also used by simulate's random bot)."""
    actions: list[Action] = []
    for _turn in range(max_actions):
        if game.result(state) is not None:
            return state, actions
        now = sorted(game.actors(state), key=str)
        actor = rng.choice(now)
        if actor == CHANCE:
            action = game.sample_chance(state, rng)
        else:
            action = rng.choice(game.legal_actions(state, actor))
        state = game.apply(state, action)
        actions.append(action)
    raise RuntimeError(f"{game.name}: no end after {max_actions} actions")


__all__ = ["ANY_PHASE", "CHANCE", "CORRECTION", "TABLE", "Action", "Actor", "BoardGameGeek", "Correction", "Field",
           "Game", "LearnSet", "Move", "Option", "Result", "Seat", "State", "TagKind", "TagUse", "View", "Viewer",
           "actor_of", "check_fields", "check_shape", "check_turn", "parse_action", "play_random", "require",
           "resolve_options", "shared_ranks"]
