"""Moves as data, and the one way in for an action: `parse_action`.

A game declares its moves in long form, `{phase: {action type: Move}}`
(Game.moves): how each applies, its fields with their types, its legal
instances, whether it can be undone, whether it is private (uses what only its
player knows), whether it is a turn at all. The framework runs the pipeline
(boardgame.io's `flow.getMove`): every action goes through `parse_action`, once,

    shape      a mapping with a text `type` and an actor (a seat number or CHANCE)
    move       the phase's move of that type, else every phase's (ANY_PHASE), else
               a base move (a correction); none: the game's `not_now` sentence
    actor      one of the actors now, in the game's words (Game.check_actor),
               unless the move is not a turn (Move.turn is False)
    fields     whole numbers and short text within companion/rules/limits.py

and then `Game.play` applies the move (Game.begin, the move, Game.settle,
Game.tell). The session calls parse_action with record=True, which first
checks the action is plain data it can journal; a replay, a bot or a test
calls `Game.apply`, which is parse_action then play.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from companion.errors import IllegalAction
from companion.rules.limits import MAX_INT, MAX_TEXT, shown
from companion.rules.plaindata import check_numbers, plain_data_problem
from companion.rules.seats import CHANCE, Actor, is_actor, is_seat, is_seat_number
from companion.words import _, joined, pgettext

if TYPE_CHECKING:
    from companion.rules.engine import Game

#: An action: plain JSON-safe data, {"actor": 2, "type": "play", "card": "+3"}.
Action = dict[str, Any]

#: The phase key of moves a game takes in every phase (a token put back by an undo).
ANY_PHASE = "*"
#: The base move every game has: a public number fixed to what the real table shows.
CORRECTION = "correction"

FieldKind = Literal["int", "text"]


@dataclass(frozen=True)
class Field:
    """One field of a move: a bounded whole number ("int": not True, not 1.0) or a
    short text ("text", at most `longest` characters), checked when present;
    required: it must be there."""

    kind: FieldKind = "int"
    required: bool = False
    longest: int = MAX_TEXT


INT = Field("int")
TEXT = Field("text")


@dataclass(frozen=True)
class Move:
    """One kind of action in one phase, in long form.

    apply(state, action) -> state gets an action parse_action has checked: its
    shape, its actor and its fields. legal(state, actor) -> [actions] lists its
    legal instances (Game.legal_from_moves). fields: name -> Field; `ints` and
    `texts` are the short form (names of whole-number / text fields), merged into
    fields. undoable: False, or a function (before, action, after) -> bool, for a
    move that shows a secret to the whole table (Game.undoable). private: the move
    uses what only its player knows (Game.private_action_types: the default
    Game.menu makes it a seat's own choice, which only its gate and its phone
    show). told: no event of the move's own says what it did, so Game.tell records
    the action itself. turn: False for a move that is not a turn of the game (a
    correction, a token an undo puts back): taken whoever is to act (its apply
    checks who may), applied as it is (no begin, no settle).
    """

    apply: Callable[[Any, Action], Any]
    ints: tuple[str, ...] = ()
    texts: tuple[str, ...] = ()
    legal: Callable[[Any, Any], list[Action]] | None = None
    fields: Mapping[str, Field] = field(default_factory=dict)
    undoable: bool | Callable[[Any, Action, Any], bool] = True
    private: bool = False
    told: bool = False
    turn: bool = True

    def __post_init__(self) -> None:
        merged = {name: INT for name in self.ints} | {name: TEXT for name in self.texts} | dict(self.fields)
        object.__setattr__(self, "fields", merged)

    def can_undo(self, before: Any, action: Action, after: Any) -> bool:
        u = self.undoable
        return u if isinstance(u, bool) else bool(u(before, action, after))


def _field_name(key: str) -> str:
    return key.replace("_", " ").capitalize()


def check_field(action: Mapping[str, Any], key: str, spec: Field) -> None:
    """One field: a bounded whole number or a short text, when present."""
    if key not in action:
        if spec.required:
            raise IllegalAction(_("That action needs its {field}.", field=key.replace("_", " ")))
        return
    v = action[key]
    if spec.kind == "int":
        if isinstance(v, bool) or not isinstance(v, int):
            raise IllegalAction(_("{field} must be a whole number, not {value}.", field=_field_name(key),
                                  value=shown(v)))
        if not -MAX_INT <= v <= MAX_INT:
            raise IllegalAction(_("{field} is far too large a number.", field=_field_name(key)))
    elif not isinstance(v, str) or len(v) > spec.longest:
        raise IllegalAction(_("{field} must be a short name (at most {n} characters), not {value}.",
                              field=_field_name(key), n=spec.longest, value=shown(v)))


def check_fields(action: Mapping[str, Any], ints: Sequence[str] = (), texts: Sequence[str] = ()) -> None:
    """The short form of the field check: integer fields are bounded whole numbers
    (not True, not 0.0), text fields are short text."""
    for key in ints:
        check_field(action, key, INT)
    for key in texts:
        check_field(action, key, TEXT)


def check_shape(action: Any) -> Action:
    """An action is a mapping with a text `type` and an `actor` that is a seat
    number or CHANCE; anything else is a sentence, never a raw exception."""
    if not isinstance(action, Mapping) or "actor" not in action or "type" not in action:
        raise IllegalAction(_("That is not an action: it needs an actor and a type."))
    kind, actor = action["type"], action["actor"]
    if not isinstance(kind, str) or not kind or len(kind) > MAX_TEXT:
        raise IllegalAction(_("That is not an action: its type must be a name."))
    if not is_actor(actor):
        raise IllegalAction(_("There is no player {seat} at this table.", seat=shown(actor)))
    return dict(action)


def check_record(game: Game, state: Any, action: Any) -> None:
    """What the journal needs before anything else: plain data of a sane size and
    shape (companion/rules/limits.py), an actor that is a seat number or CHANCE, and no
    true/false or decimal where the game's own actions of that type have a whole
    number (plaindata.check_numbers)."""
    if not isinstance(action, dict):
        raise IllegalAction(_("That is not an action: it needs an actor and a type."))
    why = plain_data_problem(action)
    if why:
        raise IllegalAction(_("That action cannot be recorded: {why}.", why=why))
    if not is_actor(action.get("actor")):
        raise IllegalAction(_("There is no seat {seat} at this table.", seat=shown(action.get("actor"))))
    odd = [k for k, v in action.items() if isinstance(v, (bool, float)) and k != "actor"]
    if odd:
        check_numbers(game, state, action, odd)


@dataclass(frozen=True)
class Parsed:
    """An action parse_action has checked against one state: the action (a plain
    dict, JSON-safe), its actor, and its move (None for a game without a move table,
    whose own apply checks the rest)."""

    action: Action
    actor: Actor
    move: Move | None


def parse_action(game: Game, state: Any, raw: Any, record: bool = False) -> Parsed:
    """The one way in for an action: shape, move, actor and fields checked once, in
    that order, with companion/rules/limits.py's bounds; IllegalAction with a sentence
    otherwise. record=True (the session) first checks it can be journaled."""
    if record:
        check_record(game, state, raw)
    action = check_shape(raw)
    move = game.move_for(state, action["type"])
    if not game.moves and move is None:
        return Parsed(action, action["actor"], None)  # a game with its own apply checks the rest
    if move is None or move.turn:
        game.check_actor(state, action)
    if move is None:
        raise IllegalAction(game.not_now(state, action))
    for key, spec in move.fields.items():
        check_field(action, key, spec)
    return Parsed(action, action["actor"], move)


def actor_of(action: Mapping[str, Any]) -> Any:
    """The actor named in an action; IllegalAction when missing."""
    if not isinstance(action, Mapping) or "actor" not in action or "type" not in action:
        raise IllegalAction(_("That is not an action: it needs an actor and a type."))
    return action["actor"]


def require(condition: bool, sentence: str) -> None:
    """Raise IllegalAction(sentence) unless condition holds."""
    if not condition:
        raise IllegalAction(sentence)


def check_turn(game: Game, state: Any, action: Mapping[str, Any], names: Sequence[str]) -> Any:
    """Common check: the action's actor is one of the actors now.

    Gives "It is Ben's turn, not Ana's." style sentences, and "Nothing is to be
    drawn now: Ben is to act." for a draw entered out of turn.
    """
    actor = actor_of(action)
    if not is_actor(actor):
        raise IllegalAction(_("There is no player {seat} at this table.", seat=shown(actor)))
    now = game.actors(state)
    if actor in now:
        return actor

    def name(a: Any) -> str:
        if a == CHANCE:
            # i18n: who acts when a draw is to be made, where a player's name would stand
            return pgettext("actor", "the draw")
        if is_seat(a, names):
            return names[a]
        return shown(a)

    if not now:
        raise IllegalAction(_("The game is over; no more actions can be taken."))
    if not (actor == CHANCE or is_seat(actor, names)):
        raise IllegalAction(_("There is no player {seat} at this table.", seat=shown(actor)))
    if len(now) == 1:
        (who,) = now
        if who == CHANCE:
            raise IllegalAction(_("A draw must be made before {name} can act.", name=name(actor)))
        if actor == CHANCE:
            raise IllegalAction(_("Nothing is to be drawn now: {name} is to act.", name=name(who)))
        raise IllegalAction(_("It is {name}'s turn, not {other}'s.", name=name(who), other=name(actor)))
    waiting = joined(name(a) for a in sorted(now, key=str))
    raise IllegalAction(_("Waiting for {names}, not {name}.", names=waiting, name=name(actor)))


def correction_move(game: Game) -> Move:
    """The base move every game has: {"actor": seat, "type": "correction", "key":
    ..., "value": ..., "label": ...}, made by any seat at any time (not a turn),
    applied by Game.correct (companion/rules/corrections.py builds and checks it)."""

    def apply(state: Any, action: Action) -> Any:
        actor = action["actor"]
        require(is_seat_number(actor) and is_seat(actor, game.seat_names(state)),
                _("There is no seat {seat} at this table.", seat=shown(actor)))
        return game.correct(state, action["key"], action["value"])

    # the key may carry a component's name ("tokens." + a boulder's name from the box)
    key = Field("text", required=True, longest=2 * MAX_TEXT)
    return Move(apply, fields={"key": key, "value": Field("int", required=True)}, turn=False)


__all__ = ["ANY_PHASE", "CORRECTION", "INT", "TEXT", "Action", "Field", "Move", "Parsed", "actor_of",
           "check_field", "check_fields", "check_record", "check_shape", "check_turn", "correction_move",
           "parse_action", "require"]
