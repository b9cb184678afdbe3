"""The Maya Madness game object: options, the engine contract, and the result.

Thin glue over rules.py (the move table: what is legal, how each move applies)
and views.py (what each viewer sees), so each of those stays small enough to
read in one go.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.rules.choices import Choice
from companion.rules.components import BoxSpec
from companion.rules.engine import ANY_PHASE, CHANCE, TABLE, Correction, Game, Move, Option, Result, shared_ranks
from companion.rules.seats import parse_seat
from companion.rules.starts import Starts
from companion.rules.viewschema import View, as_view

from ...errors import BadOption, IllegalAction
from . import actions, rules, views
from .actions import RETURN_TOKEN
from .cards import BOX_SPEC, load_box, number
from .i18n import _
from .menu import menu as choices
from .state import OVER, PLAY, State, new_state

#: The count a table may set by "Fix a number…": far beyond any count play reaches.
COUNT_LIMIT = 99


def _return_token(state: State, action: dict[str, Any]) -> State:
    """Only ever the session's, after a confirmed undo of a reveal (rehide): it may
    come whoever is to act, so it is not a turn of the move table (Move.turn)."""
    if action["actor"] != CHANCE or state.phase == OVER:
        raise IllegalAction(_("A token goes back into the pool only when an undo takes back its reveal."))
    return rules.apply_return_token(state, action)


class MayaMadness(Game[State]):
    """Maya Madness (rulebook: ../shared/rules/maya-madness.txt), 2 to 4 players.

    >>> from companion.games import get_game
    >>> g = get_game("maya-madness")
    >>> s = g.setup(["Ana", "Ben"])                    # physical deck: Ben deals, Ana plays first
    >>> s = g.apply(s, {"actor": 1, "type": "start_card", "card": "+1"})
    >>> s = g.apply(s, {"actor": "chance", "type": "draw_token", "seat": 0, "token": 6})
    >>> s = g.apply(s, {"actor": "chance", "type": "draw_token", "seat": 1, "token": 9})
    >>> s = g.apply(s, {"actor": 0, "type": "play", "card": "+4"})
    >>> [e["sentence"] for e in g.view(s, "table")["events"]]
    ['Ana plays a 4: the count is 5.']
    """

    name = "maya-madness"
    title = "Maya Madness"
    # No BoardGameGeek id could be confirmed (docs/history.md, "BG Stats"): bgg stays None,
    # so BG Stats matches the play by its name.
    min_players = 2
    max_players = 4
    #: what the whole table saw: undoing it asks first (companion/table/undo.py)
    table_saw = frozenset({"win_token", "guess", "return_token", "game_over"})
    starts = Starts("dealer", offset=1)  # the player to the dealer's left goes first
    options = (
        Option("deck", "physical", "choice", choices=("physical", "full"),
               help="physical: the players hold real cards and the companion records each card played; "
                    "full: the companion deals and holds the cards (bots, simulation, play without a deck)."),
        Option("tokens_to_win", 5, "int", lo=3, hi=10,
               help="How many secret tokens a player must collect to win "
                    "(the rulebook says five; fewer makes a shorter game)."),
        Option("advanced", False, "bool",
               help="Advanced play: guess an opponent's secret number instead of playing a card; "
                    "tokens won are shown briefly, then kept face down."),
        Option("dealer", -1, "int", lo=-1, hi=3,
               help="The dealer's seat; -1 means the last seat, so the first seat plays first."),
        Option("skip_wins", "always", "choice", choices=("always", "two_players"),
               help="A Skip played when the count is already your secret number wins the token at any table "
                    "(always), or only in a two-player game, the one the rulebook's tip names (two_players)."),
    )
    moves = {**rules.MOVES, ANY_PHASE: {RETURN_TOKEN: Move(_return_token, ints=("seat",), turn=False)}}

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None, components: Any = None) -> State:
        names = self.check_players(players)
        opts = self.resolve_options(options)
        dealer = opts["dealer"]
        if dealer == -1:
            dealer = len(names) - 1
        if dealer >= len(names):
            raise BadOption(_("Option 'dealer' must be a seat from 0 to {top} (or -1 for the last seat), not {dealer}.",
                              top=len(names) - 1, dealer=dealer))
        deck, pool = load_box(components)  # None: the box in use, re-read only when its file changes
        return new_state(names, opts["deck"], opts["advanced"], opts["tokens_to_win"], dealer, deck, pool,
                         skip_wins=opts["skip_wins"])

    # --- the contract ------------------------------------------------------------
    def phase_of(self, state: State) -> str:
        return rules.waiting(state)

    def actors(self, state: State) -> frozenset[Any]:
        return rules.actors(state)

    def legal_actions(self, state: State, actor: Any) -> list[dict[str, Any]]:
        if actor == CHANCE:
            return []
        return self.legal_from_moves(state, actor)

    def chance_outcomes(self, state: State) -> list[tuple[dict[str, Any], float]]:
        return rules.chance_outcomes(state)

    def sample_chance(self, state: State, rng: Any) -> dict[str, Any]:
        return rules.sample_chance(state, rng)

    def check_actor(self, state: State, action: Mapping[str, Any]) -> None:
        rules.check_actor(state, dict(action))  # this game's sentences for who may act
        super().check_actor(state, action)

    def rehide(self, before: State, after: State) -> list[dict[str, Any]]:
        """An undo of a token won or a guess answered: the token everybody saw goes back
        into the pool and its seat draws again, so nobody gains from the undo."""
        return rules.rehide(before, after)

    def not_now(self, state: State, action: Mapping[str, Any]) -> str:
        return rules.not_now(state, dict(action))

    def view(self, state: State, viewer: Any) -> View:
        if viewer != TABLE:
            viewer = parse_seat(viewer, state.n)
        r = self.result(state)
        return as_view(views.view(state, viewer, r.to_json() if r else None))

    def describe_action(self, view: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        return actions.describe_action(view, action)

    def menu(self, state: State, seat: int) -> list[Choice]:
        """The card pad, a Wild's value, the starting count, a guess (menu.py)."""
        return choices(self, state, seat)

    def private_lines(self, view: Mapping[str, Any]) -> list[str]:
        return actions.private_lines(view)

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        scores = tuple(len(w) for w in state.won)
        ranking = tuple(sorted(range(state.n), key=lambda i: -scores[i]))
        ranks = shared_ranks(ranking, scores.__getitem__)
        ws = views.winners(state)
        tiebreak = None
        if state.end == "pool":
            tiebreak = (_("The token pool ran out: most tokens wins, and the tied players share the win.")
                        if len(ws) > 1 else _("The token pool ran out: most tokens wins."))
        return Result(scores=scores, ranking=ranking, winners=ws, tiebreak=tiebreak, ranks=ranks,
                      detail={"reason": state.end, "sentence": views.game_over_sentence(state),
                              "players": views.final_tokens(state)})

    def undoable(self, before: State, action: dict[str, Any], after: State) -> bool:
        """A token won or a guess answered was shown to the whole table: not undoable.
        A draw adds its events to the last player action's; only its own count."""
        new = after.last[len(before.last):] if action.get("actor") == CHANCE else after.last
        return not any(e[0] in ("win_token", "guess", "return_token") for e in new)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    # --- what the generic layers ask ---------------------------------------------------
    def box_spec(self) -> BoxSpec:
        return BOX_SPEC

    def corrections(self, state: State) -> list[Correction]:
        """The count is the one public number a table loses track of (rulebook, "Tips":
        "Be sure to remember the current count!")."""
        if state.phase != PLAY or state.count is None:
            return []
        return [Correction("count", _("The count"), state.count, -COUNT_LIMIT, COUNT_LIMIT)]

    def correct(self, state: State, key: str, value: int, seat: int | None = None) -> State:
        """The count set to `value`; a count equal to someone's secret wins nothing
        (a token is won only by a card played on one's own turn)."""
        fixes = {c.key: c for c in self.corrections(state)}
        if key not in fixes:
            raise IllegalAction(_("The count cannot be fixed now.") if key == "count"
                                else _("There is no number {key} to fix.", key=repr(key)[:40]))
        fix = fixes[key]
        if isinstance(value, bool) or not isinstance(value, int) or not fix.lo <= value <= fix.hi:
            raise IllegalAction(_("The count must be a whole number from {lo} to {hi}.", lo=number(fix.lo), hi=fix.hi))
        return state._replace(count=value, last=(("correct", seat, key, value),))


GAME = MayaMadness()
