"""Maya: the rules engine for the board game Maya (basic and advanced game),
with the companion holding the hidden parts: worker cards laid face down at
the quarries and the sealed bids of the advanced game.

The rules live in modules named after the rulebook's concepts: setup,
quarrying, distribution, transport, building, scoring, markers, auction; rounds
holds the flow between them and views the privacy gate's data."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace as dataclass_replace
from typing import Any

from companion.errors import BadOption
from companion.rules.choices import Choice
from companion.rules.components import BoxSpec
from companion.rules.engine import (
    Action,
    BoardGameGeek,
    Correction,
    Game,
    Move,
    Option,
    Result,
    TagKind,
    TagUse,
    require,
    shared_ranks,
)
from companion.rules.limits import shown
from companion.rules.seats import is_seat
from companion.rules.starts import Starts
from companion.rules.viewschema import View, as_view

from . import actions as A
from . import auction, building, distribution, hooks, quarrying, rounds, views
from . import markers as mk
from . import menu as menu_mod
from . import setup as setup_mod
from .components import Box, load_box, validate
from .i18n import _, ngettext
from .state import (
    AUCTION_CHOICE,
    AUCTION_DRAW,
    BIDDING,
    BUILDING,
    DISTRIBUTION,
    FIRST_PLAYER,
    OVER,
    QUARRYING,
    SETUP,
    Options,
    Pending,
    State,
    replace,
)
from .words import and_list

#: actions whose effect no event of their own tells: the view's events start with the action
_TOLD = frozenset((A.SETUP_BLOCK, A.BID, A.CHOOSE_BLUE_MARKER, A.MINUS_THREE, A.DECLINE, A.PLACE_PROTECTION,
                   A.MOVE_BLOCK, A.POOL_BLOCK, A.PLACE_TWO_POINTS, A.USE_JOKER, A.ENTER_CARD))


def _choose_start(state: State, action: Action) -> State:
    s: Any = action.get("seat")
    require(is_seat(s, state.n), _("There is no player {seat} at this table.", seat=shown(s)))
    return rounds.choose_starting_player(state, s)


def _pending(fn: Callable[[State, Pending, Action], State]) -> Callable[[State, Action], State]:
    """A move of a decision the rules ask first: fn(state, pending, action)."""
    return lambda state, action: fn(state, state.pending[0], action)


def _pending_legal(fn: Callable[[State, Pending], list[Action]]) -> Callable[[State, Any], list[Action]]:
    return lambda state, actor: fn(state, state.pending[0])


def _moves() -> dict[str, dict[str, Move]]:
    """{phase: {type: Move}}. Where one rules function lists a phase's legal actions
    of every type, it hangs on the phase's first move."""
    ints = ("pyramid", "level", "to", "quarry", "card", "seat", "target", "gold")
    marker = _pending(mk.apply)
    marker_legal = _pending_legal(mk.legal)
    return {
        SETUP: {A.SETUP_BLOCK: Move(setup_mod.apply, ints, legal=setup_mod.legal)},
        FIRST_PLAYER: {A.CHOOSE_STARTING_PLAYER: Move(_choose_start, ints, legal=lambda st, a: [
            {"actor": a, "type": A.CHOOSE_STARTING_PLAYER, "seat": s} for s in range(st.n)])},
        AUCTION_DRAW: {A.DRAW_BLUE_MARKERS: Move(auction.draw, legal=lambda st, a: [
            x for x, _chance in auction.draw_outcomes(st)])},
        BIDDING: {A.BID: Move(auction.bid, ints, legal=auction.bid_legal)},
        AUCTION_CHOICE: {A.CHOOSE_BLUE_MARKER: Move(auction.choose, texts=("marker",), legal=auction.choose_legal)},
        QUARRYING: {A.PLACE_WORKER: Move(quarrying.apply, ints, legal=quarrying.legal),
                    A.PASS: Move(quarrying.apply)},
        DISTRIBUTION: {A.ENTER_CARD: Move(distribution.enter, ints, legal=distribution.entry_legal),
                       A.CLOSE_COLUMN: Move(distribution.enter)},
        BUILDING: {A.PLACE_BLOCK: Move(building.apply, ints, legal=building.legal),
                   A.DOUBLE_MOVE: Move(building.apply), A.PASS: Move(building.apply),
                   A.USE_JOKER: Move(building.apply, ints, texts=("as",))},
        "minus_three": {A.MINUS_THREE: Move(_pending(distribution.minus_three), ints,
                                            legal=_pending_legal(distribution.minus_three_legal)),
                        A.DECLINE: Move(_pending(distribution.minus_three))},
        "protect": {A.PLACE_PROTECTION: Move(marker, ints, legal=marker_legal)},
        "move_block": {A.MOVE_BLOCK: Move(marker, ints, legal=marker_legal), A.DECLINE: Move(marker)},
        "pool_block": {A.POOL_BLOCK: Move(marker, ints, legal=marker_legal), A.DECLINE: Move(marker)},
        "appoint": {A.APPOINT_STARTING_PLAYER: Move(marker, ints, legal=marker_legal)},
        "two_points": {A.PLACE_TWO_POINTS: Move(marker, ints, legal=marker_legal), A.DECLINE: Move(marker)},
        "joker": {A.USE_JOKER: Move(marker, ints, texts=("as",), legal=marker_legal), A.DECLINE: Move(marker)},
        "joker_carry": {A.USE_JOKER: Move(marker, ints, texts=("as",), legal=marker_legal), A.DECLINE: Move(marker)},
    }


class Maya(Game[State]):
    name = "maya"
    title = "Maya"
    #: Maya by Bernd Eisenstein (Abacus, 2003): https://boardgamegeek.com/boardgame/8126
    bgg = BoardGameGeek(8126, "Maya", 2003)
    min_players = 3
    max_players = 5
    #: what the whole table saw: the bids shown, a quarry's cards turned and shared out,
    #: a round scored; undoing it asks first (companion/table/undo.py)
    table_saw = frozenset({"bids", "quarry", "scoring"})
    starts = Starts("first")  # New game: chosen at the table or drawn (companion/rules/starts.py)
    options = (
        Option("advanced", False, kind="bool", help="Advanced game: 10 gold each and the blue-marker auction."),
        Option("quarries", "companion", choices=("companion", "scoring-only"),
               help="companion: worker cards are chosen on the companion; scoring-only: real cards, "
                    "each quarry's column is entered at the reveal."),
        Option("first", 0, "int", lo=0, hi=4, help="The seat that starts the first round."),
        Option("starting_player", "keep", choices=("keep", "clockwise"),
               help="Who starts a round when nobody holds the First Player marker: the same player, "
                    "or the next player clockwise."),
        Option("unscored_marker", "stays", choices=("stays", "highest"),
               help="At a quarry where nobody scores above zero: the marker stays above it, "
                    "or the highest scorer still takes it."),
        Option("tiebreak", "pool", choices=("pool", "none"),
               help="A tie for most gold: fewest blocks of one's colour in the pool wins, or the tie stands."),
        Option("bonus_block", "majority", choices=("majority", "completer"),
               help="When a level is completed, the bonus block goes to whoever has the sole majority there "
                    "(the rulebook's example), or only to the player who completed it (the rule's wording)."),
        Option("second_after_tie", "paid", choices=("paid", "none"),
               help="After a tie for the most blocks in a level, the next most are still paid the lower value "
                    "(the rulebook's examples), or nobody is."),
        Option("full_pyramids", "pass", choices=("pass", "end"),
               help="Building, every pyramid full and blocks still held: each block is an involuntary pass "
                    "that pays 1 gold, as the rule is written (pass), or the building phase ends and the "
                    "blocks go back to the pool (end)."),
        Option("lowest_bid_tie", "clockwise", choices=("clockwise", "none"),
               help="Advanced auction, several tie for the lowest bid: they choose in clockwise order from the "
                    "starting player like any tie and only the last goes without (clockwise), or none of them "
                    "gets a marker (none)."),
    )

    # --- the contract ----------------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None, components: Any = None) -> State:
        names = tuple(self.check_players(players))
        opts = Options(**self.resolve_options(options))
        if opts.first >= len(names):
            raise BadOption(_("Option 'first' must be a seat from 0 to {top}, not {first}.",
                              top=len(names) - 1, first=opts.first))
        if isinstance(components, Box):
            box = components
        elif isinstance(components, Mapping):  # a parsed box file, e.g. from the box-setup screen
            box = validate(dict(components), len(names), "given")
        else:
            box = load_box(len(names))
        return setup_mod.new_state(names, opts, box)

    # --- moves as data: {phase: {action type: Move}}; a decision the rules ask
    # first (a -3 target, a marker won) is a phase of its own (phase_of).
    def phase_of(self, state: State) -> str:
        return state.pending[0].kind if state.pending else state.phase

    def settle(self, state: State) -> State:
        return rounds.advance(state)

    def actors(self, state: State) -> frozenset[Any]:
        return rounds.actors(state)

    def legal_actions(self, state: State, actor: Any) -> list[Action]:
        return self.legal_from_moves(state, actor)

    def chance_outcomes(self, state: State) -> list[tuple[Action, float]]:
        if state.phase == AUCTION_DRAW and not state.pending:
            return auction.draw_outcomes(state)
        return []

    # --- the framework's pipeline (Game.play): each move starts with no events,
    # and the view's `events` then say what it caused
    def begin(self, state: State) -> State:
        return replace(state, events=())

    def tell(self, state: State, action: Action) -> State:
        """A move marked `told` (_TOLD): no event of its own says what it did, so say the action."""
        told = {"event": "action", "action": A.public_part(action)}
        return replace(state, events=(told,) + state.events)

    def view(self, state: State, viewer: Any) -> View:
        out = views.view(state, viewer)
        result = self.result(state)
        out["result"] = result.to_json() if result else None
        return as_view(out)

    def describe_action(self, view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        return A.describe_action(view, action)

    def menu(self, state: State, seat: Any) -> list[Choice]:
        """Short labels, groups, stable slots, confirmations and pickers (menu.py)."""
        return menu_mod.menu(state, seat)

    def private_lines(self, view: Mapping[str, Any]) -> list[str]:
        return A.private_lines(view)

    # --- what the generic layers ask (hooks.py) -------------------------------------
    def tag_kinds(self) -> tuple[TagKind, ...]:
        return (hooks.WORKER,)

    def use_tag(self, state: State, seat: int | None, meaning: Mapping[str, Any], held: Sequence[Mapping[str, Any]],
                physical: bool) -> TagUse:
        return hooks.use_tag(state, seat, meaning)

    def corrections(self, state: State) -> list[Correction]:
        return hooks.corrections(state)

    def correct(self, state: State, key: str, value: int) -> State:
        return hooks.correct(state, key, value)

    def box_spec(self) -> BoxSpec:
        return hooks.BOX_SPEC

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        gold = state.gold
        use_pool = state.options.tiebreak == "pool"
        key = (lambda s: (-gold[s], state.pool[s])) if use_pool else (lambda s: (-gold[s],))
        ranking = tuple(sorted(range(state.n), key=key))
        ranks = shared_ranks(ranking, key)
        winners = tuple(s for s in ranking if ranks[s] == 1)
        best = [s for s in range(state.n) if gold[s] == max(gold)]
        tiebreak = None
        top = max(gold)
        names = and_list(state.names[s] for s in best)
        if len(best) > 1 and use_pool and len(winners) == 1:
            tiebreak = _("{names} tied on {gold} gold; {name} has the fewest blocks in the pool ({pool}).",
                         names=names, gold=top, name=state.names[winners[0]], pool=state.pool[winners[0]])
        elif len(best) > 1 and use_pool:
            tiebreak = _("{names} tied on {gold} gold and on blocks in the pool; the win is shared.",
                         names=names, gold=top)
        elif len(best) > 1:
            tiebreak = _("{names} tied on {gold} gold; the win is shared.", names=names, gold=top)
        win_names = and_list(state.names[s] for s in winners)
        sentence = ngettext("{names} wins with {gold} gold.", "{names} win with {gold} gold.", len(winners),
                            names=win_names, gold=top)
        return Result(
            scores=tuple(gold),
            ranking=ranking,
            winners=winners,
            tiebreak=tiebreak,
            ranks=ranks,
            detail={"pool": list(state.pool),
                    "sentence": sentence},
        )

    # --- helpers ---------------------------------------------------------------
    def undoable(self, before: State, action: Mapping[str, Any], after: State) -> bool:
        """Not after a reveal: a quarry's cards or the bids shown to everyone."""
        if before.phase == BIDDING and after.phase != BIDDING:
            return False
        if sum(q.revealed for q in after.quarries) > sum(q.revealed for q in before.quarries):
            # companion-held cards were secret until now; entered columns never were
            return before.options.quarries == "scoring-only"
        return True


def _declared(moves: dict[str, dict[str, Move]]) -> dict[str, dict[str, Move]]:
    """The table with each move's `told` (_TOLD) and `private` (what a seat's phone
    may enter, A.PRIVATE; public moves stay on the touchscreen) declared."""
    return {phase: {kind: dataclass_replace(m, told=kind in _TOLD, private=kind in A.PRIVATE)
                    for kind, m in table.items()} for phase, table in moves.items()}


Maya.moves = _declared(_moves())

GAME = Maya()

__all__ = ["GAME", "Maya"]
