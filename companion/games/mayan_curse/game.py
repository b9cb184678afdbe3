"""Mayan Curse as a game of the engine contract: actors, legal actions, apply.

The players slide the real slabs and move the real adventurers; they report
what happens (a stone played, a stela discovered, the temple reached, an
escape, where a boulder stopped) and the companion keeps what is hidden or
counted. Moves are data: `moves` maps each phase to its action types.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.rules.choices import Choice
from companion.rules.components import BoxSpec
from companion.rules.engine import (
    CHANCE,
    Correction,
    Game,
    Move,
    Option,
    Result,
    TagKind,
    TagUse,
    require,
    resolve_options,
)
from companion.rules.starts import Starts
from companion.rules.turn_end import EndsTurn
from companion.rules.viewschema import View, as_view

from ...errors import BadOption
from . import actions as A
from . import boulders, rounds, stelae, temple
from .components import COLOURS, Box, as_box, box_spec
from .i18n import _
from .laid import NAMES as LAID
from .laid import box_for_defaults, laid_options, solo_laid
from .menu import menu
from .purse import draw_outcomes, sample_draw
from .scoring import result
from .state import BOULDERS, DRAW, OVER, REVEAL, TURN, VALUE, Opts, State, event
from .tagging import tag_kinds, use_tag
from .terms import boulder
from .views import actors, view
from .words import names_of

OPTIONS = (
    Option("purse", "companion", "choice", ("companion", "real"),
           help="companion: the companion draws each player's sacred stones; real: players draw "
                "from the real purse and each enters their stones behind their privacy gate"),
    Option("stelae", "digital", "choice", ("digital", "physical"),
           help="digital: the companion draws each stela's hidden value; physical: the real tokens, "
                "players look under their own and enter the values when scoring needs them"),
    Option("difficulty", "normal", "choice", ("easy", "normal", "adventurer", "thrill-seeker"),
           help="solo only: the knowledge needed to win"),
    Option("scenario", 0, "int", lo=0, hi=12, help="solo only: a scenario (1-12) as the goal; 0 for none"),
    Option("first", 0, "int", lo=0, hi=5, help="the seat that holds the first-player token in round 1"),
    Option("token_skips_escaped", True, "bool",
           help="the first-player token passes to the next player still in the passage"),
    Option("all_stelae", "strict", "choice", ("strict", "uncrushed"),
           help='solo scenarios 9, 10, 12 ("all ... stelae"): strict: a stela crushed by a '
                "boulder makes them fail; uncrushed: every stela not crushed is enough"),
)


def options_of(box: Box) -> tuple[Option, ...]:
    """The options, the stelae laid defaulting to `box`'s numbers."""
    return OPTIONS + laid_options(box)


def _not_on_a_turn(name: str, kind: Any) -> str:
    if kind in A.BOULDER_TYPES:
        return _("The boulders tumble after every player has taken a turn; now it is {name}'s turn.", name=name)
    if kind in A.CHANCE_TYPES:
        return _("Draws are made for the players, not by {name}.", name=name)
    return _("Mayan Curse has no action called {kind}; on a turn a player may play a stone, discover a stela, "
             "reach the temple board, claim a camera, use the backpack, escape or end the turn.",
             kind=repr(kind)[:40])


Legal = Callable[[Any, Any], list[dict[str, Any]]]


def _seat(fn: Callable[[Any, int, dict[str, Any]], Any]) -> Callable[[Any, dict[str, Any]], Any]:
    """A move of the acting seat: fn(state, seat, action)."""
    return lambda state, action: fn(state, action["actor"], action)


def _turn(fn: Callable[[Any, int, Any], list[dict[str, Any]]]) -> Legal:
    """A turn move's legal instances for the seat at turn: fn(state, seat, seat's Seat)."""
    return _with_actor(lambda state, seat: fn(state, seat, state.seats[seat]))


def _with_actor(fn: Legal) -> Legal:
    def legal(state: State, actor: Any) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = fn(state, actor)
        for a in out:
            a["actor"] = actor
        return out
    return legal


def _chance_legal(state: State, actor: Any) -> list[dict[str, Any]]:
    return [a for a, _ in _chance_outcomes(state)]


def _chance_outcomes(state: State) -> list[tuple[dict[str, Any], float]]:
    if state.phase == DRAW:
        seat = state.queue[0]
        kinds = state.box.kinds
        return [({"actor": CHANCE, "type": A.DRAW_STONES, "seat": seat, "stones": [kinds[i] for i in idx]}, p)
                for idx, p in draw_outcomes(state.purse)]
    if state.phase == VALUE:
        return stelae.value_outcomes(state)
    return []



MOVES: dict[str, dict[str, Move]] = {
    DRAW: {A.DRAW_STONES: Move(rounds.draw, legal=_chance_legal)},
    VALUE: {A.STELA_VALUE: Move(stelae.draw_value, ints=("value",), legal=_chance_legal)},
    TURN: {
        # private: what a seat's phone may enter; public moves stay on the touchscreen
        A.ENTER_STONES: Move(_seat(rounds.enter_stones), legal=_turn(lambda st, i, s: rounds.enter_choices(st, i)),
                             private=True),
        A.PLAY_STONE: Move(_seat(rounds.play_stone), texts=("stone",),
                           legal=_turn(lambda st, i, s: rounds.play_choices(st, i)), private=True),
        A.DISCOVER_STELA: Move(_seat(stelae.discover), texts=("colour", "place"),
                               legal=_turn(lambda st, i, s: stelae.discover_choices(st, i))),
        A.REACH_TEMPLE_BOARD: Move(_seat(lambda st, i, a: temple.reach_board(st, i)),
                                   legal=_turn(lambda st, i, s: [] if s.reached_temple
                                               else [{"type": A.REACH_TEMPLE_BOARD}])),
        A.CLAIM_CAMERA: Move(_seat(lambda st, i, a: temple.claim_camera(st, i)),
                             legal=_turn(lambda st, i, s: [{"type": A.CLAIM_CAMERA}]
                                         if s.reached_temple and not s.camera and st.cameras > 0 else [])),
        A.USE_BACKPACK: Move(_seat(temple.use_backpack), texts=("item",),
                             legal=_turn(lambda st, i, s: [] if s.backpack else
                                         [{"type": A.USE_BACKPACK, "item": x} for x in st.box.backpack_items])),
        A.ENTER_STELA_VALUE: Move(_seat(stelae.enter_value), ints=("stela", "value"),
                                  legal=_turn(lambda st, i, s: stelae.enter_choices(st, i)
                                              if st.opts.stelae == "physical" else []), private=True),
        A.ESCAPE: Move(_seat(lambda st, i, a: rounds.escape(st, i)),
                       legal=_turn(lambda st, i, s: [{"type": A.ESCAPE}])),
        A.END_TURN: Move(_seat(lambda st, i, a: rounds.end_turn(st, i)),
                         legal=_turn(lambda st, i, s: [{"type": A.END_TURN}])),
    },
    BOULDERS: {
        A.BOULDER_STOPPED: Move(boulders.stop, ints=("row", "place"), texts=("boulder", "where"),
                                legal=_with_actor(lambda s, seat: boulders.stop_choices(s))),
        A.STELA_CRUSHED: Move(stelae.crush, texts=("colour",),
                              legal=_with_actor(lambda s, seat: stelae.crush_choices(s))),
    },
    REVEAL: {A.ENTER_STELA_VALUE: Move(_seat(stelae.enter_value), ints=("stela", "value"),
                                       legal=_with_actor(stelae.enter_choices), private=True)},
}


class MayanCurse(Game[State]):
    name = "mayan-curse"
    starts = Starts("first")  # who holds the first-player token in round 1
    # "At the end of your turn, you must discard all 3 of your sacred stones" (step 2c, mayan-curse.txt
    # line 156): the move the turn clock's "then the turn ends" plays (issue 25 §1)
    ends_turn = EndsTurn(A.END_TURN)
    title = "Mayan Curse"
    # No BoardGameGeek id could be confirmed (docs/history.md, "BG Stats"): bgg stays None,
    # so BG Stats matches the play by its name.
    min_players = 1
    max_players = 6
    moves = MOVES
    #: what the whole table saw and acted on (slabs reset, a stela taken off, the end):
    #: undoing it asks first (companion/table/undo.py)
    table_saw = frozenset({"boulder_at_entrance", "stela_crushed", "game_over"})

    # The stelae laid (laid.py) default to the box in use's numbers, read when asked: a
    # table's own box file changes them without a restart. Read-only, hence the ignore.
    @property
    def options(self) -> tuple[Option, ...]:  # type: ignore[override]
        return options_of(box_for_defaults())

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None,
              components: Any = None) -> State:
        names = self.check_players(players)
        box = as_box(components)
        opts = resolve_options(options_of(box), options)  # what was not given: this box's numbers
        if len(names) == 1:
            box.difficulty(opts["difficulty"])  # a box without that level is a clear error now
            laid = solo_laid(box, opts)
        elif opts["scenario"]:
            raise BadOption(_("Scenarios are for solo games only."))
        else:
            laid = box.layout[len(names) - 1]  # asked of a solo table only: the box's layout
        if opts["first"] >= len(names):
            raise BadOption(_("Option 'first' must be a seat from 0 to {top}, not {first}.",
                              top=len(names) - 1, first=opts["first"]))
        rules = {k: v for k, v in opts.items() if k not in LAID and k != "first"}
        return rounds.settle(rounds.new_state(box, names, Opts(**rules), laid, first=opts["first"]))

    def actors(self, state: State) -> frozenset[Any]:
        return frozenset(actors(state))

    def legal_actions(self, state: State, actor: Any) -> list[dict[str, Any]]:
        return self.legal_from_moves(state, actor)

    def chance_outcomes(self, state: State) -> list[tuple[dict[str, Any], float]]:
        return _chance_outcomes(state)

    def sample_chance(self, state: State, rng: Any) -> dict[str, Any]:
        if state.phase == DRAW:
            kinds = state.box.kinds
            return {"actor": CHANCE, "type": A.DRAW_STONES, "seat": state.queue[0],
                    "stones": [kinds[i] for i in sample_draw(state.purse, rng)]}
        return super().sample_chance(state, rng)

    def settle(self, state: State) -> State:
        return rounds.settle(state)

    def not_now(self, state: State, action: Mapping[str, Any]) -> str:
        kind = action["type"]
        actor = action["actor"]
        if actor == CHANCE:
            return _("That draw is not the one the game waits for.")
        name = state.names[actor]
        if state.phase == TURN:
            return _not_on_a_turn(name, kind)
        if state.phase == BOULDERS:
            return _("The boulders are tumbling: report where each one stopped, or a stela it crushed.")
        return _("The game is over: enter the values of your stelae.")

    def check_actor(self, state: State, action: Mapping[str, Any]) -> None:
        who = action["actor"]
        now = self.actors(state)
        if state.phase == REVEAL and who not in now and isinstance(who, int) and 0 <= who < len(state.names):
            # the sentence check_turn would word awkwardly: nothing to enter while others enter values
            require(False, _("The game is over and {name} has no stela value to enter; waiting for {names}.",
                             name=state.names[who], names=names_of(state, sorted(now))))
        super().check_actor(state, action)

    def menu(self, state: State, seat: int) -> list[Choice]:
        return menu(state, seat)

    def view(self, state: State, viewer: Any) -> View:
        return as_view(view(state, viewer))

    def result(self, state: State) -> Result | None:
        return result(state)

    def is_over(self, state: State) -> bool:
        return bool(state.phase == OVER)

    def undoable(self, before: State, action: Mapping[str, Any], after: State) -> bool:
        """Not what the whole table saw (the session then asks the table first): the end
        of the game, which reveals every escaped player's stelae, and a boulder reaching
        the entrance, after which the table resets the first slabs of the passage."""
        if after.phase == OVER and before.phase != OVER:
            return False
        return after.at_entrance() <= before.at_entrance()

    def describe(self) -> dict[str, Any]:
        d = super().describe()
        d["colours"] = list(COLOURS)
        return d

    def describe_action(self, view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        return A.describe_action(view, action)

    def private_lines(self, view: Mapping[str, Any]) -> list[str]:
        return A.private_lines(view)

    # --- hooks for the generic layers -------------------------------------------------
    def tag_kinds(self) -> tuple[TagKind, ...]:
        return tag_kinds()

    def use_tag(self, state: State, seat: int | None, meaning: Mapping[str, Any], held: Sequence[Mapping[str, Any]],
                physical: bool) -> TagUse:
        return use_tag(self, state, seat, meaning, held, physical)

    def corrections(self, state: State) -> list[Correction]:
        if state.phase == OVER:
            return []
        most = max(sum(state.box.tokens), sum(state.box.solo_tokens))
        return [Correction(f"tokens.{name}", _("Trigger tokens on the {boulder} boulder", boulder=boulder(name)),
                           tokens, 0, most)
                for name, (tokens, pos) in zip(state.box.boulder_names, state.boulders) if pos != 0]

    def correct(self, state: State, key: str, value: int) -> State:
        fix = {c.key: c for c in self.corrections(state)}
        require(key in fix, _("That number cannot be fixed now: only the trigger tokens of a boulder "
                              "not at the entrance can."))
        c = fix[key]
        require(isinstance(value, int) and not isinstance(value, bool) and c.lo <= value <= c.hi,
                _("{label} must be from {lo} to {hi}.", label=c.label, lo=c.lo, hi=c.hi))
        name = key.split(".", 1)[1]
        i = state.box.boulder_names.index(name)
        new = boulders.set_tokens(state, i, value)
        return replace(new, events=(event("corrected", boulder=name, tokens=value),))

    def box_spec(self) -> BoxSpec:
        return box_spec()
