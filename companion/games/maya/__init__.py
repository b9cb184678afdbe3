"""Maya: the rules engine for the board game Maya (basic and advanced game),
with the companion holding the hidden parts: worker cards laid face down at
the quarries and the sealed bids of the advanced game.

The rules live in modules named after the rulebook's concepts: setup,
quarrying, distribution, transport, building, scoring, markers, auction; rounds
holds the flow between them and views the privacy gate's data."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...engine import Game, Option, Result, check_turn, require, shared_ranks
from . import auction, building, distribution, quarrying, rounds, setup as setup_mod, views
from . import markers as mk
from .components import Box, load_box, validate
from .state import (AUCTION_CHOICE, AUCTION_DRAW, BIDDING, BUILDING, DISTRIBUTION, FIRST_PLAYER, OVER,
                    QUARRYING, SETUP, Options, State)

_INT_KEYS = ("pyramid", "level", "to", "quarry", "card", "seat", "target", "gold")


class Maya(Game):
    name = "maya"
    title = "Maya"
    min_players = 3
    max_players = 5
    options = (
        Option("advanced", False, kind="bool", help="Advanced game: 10 gold each and the blue-marker auction."),
        Option("quarries", "companion", choices=("companion", "scoring-only"),
               help="companion: worker cards are chosen on the companion; scoring-only: real cards, "
                    "each quarry's column is entered at the reveal."),
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
    )

    # --- the contract ----------------------------------------------------------
    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None, components: Any = None) -> State:
        names = tuple(self.check_players(players))
        opts = Options(**self.resolve_options(options))
        if isinstance(components, Box):
            box = components
        elif isinstance(components, Mapping):  # a parsed box file, e.g. from the box-setup screen
            box = validate(dict(components), len(names), "given")
        else:
            box = load_box(len(names))
        return setup_mod.new_state(names, opts, box)

    def actors(self, state: State) -> frozenset:
        return rounds.actors(state)

    def legal_actions(self, state: State, actor: Any) -> list:
        if actor not in rounds.actors(state):
            return []
        if state.pending:
            pend = state.pending[0]
            if pend.kind == "minus_three":
                return distribution.minus_three_legal(state, pend)
            return mk.legal(state, pend)
        phase = state.phase
        if phase == SETUP:
            return setup_mod.legal(state, actor)
        if phase == FIRST_PLAYER:
            return [{"actor": actor, "type": "choose_starting_player", "seat": s} for s in range(state.n)]
        if phase == AUCTION_DRAW:
            return [a for a, _ in auction.draw_outcomes(state)]
        if phase == BIDDING:
            return auction.bid_legal(state, actor)
        if phase == AUCTION_CHOICE:
            return auction.choose_legal(state, actor)
        if phase == QUARRYING:
            return quarrying.legal(state, actor)
        if phase == DISTRIBUTION:
            return distribution.entry_legal(state, actor)
        if phase == BUILDING:
            return building.legal(state, actor)
        return []

    def chance_outcomes(self, state: State) -> list:
        if state.phase == AUCTION_DRAW and not state.pending:
            return auction.draw_outcomes(state)
        return []

    def apply(self, state: State, action: Mapping) -> State:
        require(not isinstance(action.get("actor") if isinstance(action, Mapping) else None, bool),
                "An action's actor is a seat number or the draw.")
        actor = check_turn(self, state, action, state.names)
        for key in _INT_KEYS:
            if key in action:
                v = action[key]
                require(isinstance(v, int) and not isinstance(v, bool), f"{key.capitalize()} must be a whole number, not {v!r}.")
        action = dict(action)
        if state.pending:
            pend = state.pending[0]
            if pend.kind == "minus_three":
                state = distribution.minus_three(state, pend, action)
            else:
                state = mk.apply(state, pend, action)
            return rounds.advance(state)
        phase = state.phase
        kind = action["type"]
        if phase == SETUP:
            state = setup_mod.apply(state, action)
        elif phase == FIRST_PLAYER:
            s = action.get("seat")
            require(kind == "choose_starting_player",
                    f"{state.names[actor]} holds the First Player marker and first chooses who starts this round.")
            require(isinstance(s, int) and 0 <= s < state.n, f"There is no player {s!r} at this table.")
            state = rounds.choose_starting_player(state, s)
        elif phase == AUCTION_DRAW:
            require(kind == "draw_blue_markers", "The blue markers for the auction must be drawn first.")
            state = auction.draw(state, action)
        elif phase == BIDDING:
            state = auction.bid(state, action)
        elif phase == AUCTION_CHOICE:
            state = auction.choose(state, action)
        elif phase == QUARRYING:
            state = quarrying.apply(state, action)
        elif phase == DISTRIBUTION:
            state = distribution.enter(state, action)
        elif phase == BUILDING:
            state = building.apply(state, action)
        return rounds.advance(state)

    def view(self, state: State, viewer: Any) -> dict:
        out = views.view(state, viewer)
        result = self.result(state)
        out["result"] = result.to_json() if result else None
        return out

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
        names = " and ".join(state.names[s] for s in best)
        if len(best) > 1 and use_pool and len(winners) == 1:
            tiebreak = (f"{names} tied on {max(gold)} gold; {state.names[winners[0]]} has the fewest "
                        f"blocks in the pool ({state.pool[winners[0]]}).")
        elif len(best) > 1:
            tiebreak = f"{names} tied on {max(gold)} gold" + (" and on blocks in the pool" if use_pool else "") + \
                "; the win is shared."
        win_names = " and ".join(state.names[s] for s in winners)
        return Result(
            scores=tuple(gold),
            ranking=ranking,
            winners=winners,
            tiebreak=tiebreak,
            ranks=ranks,
            detail={"pool": list(state.pool),
                    "sentence": f"{win_names} {'win' if len(winners) > 1 else 'wins'} with {max(gold)} gold."},
        )

    # --- helpers ---------------------------------------------------------------
    def undoable(self, before: State, action: Mapping, after: State) -> bool:
        """Not after a reveal: a quarry's cards or the bids shown to everyone."""
        if before.phase == BIDDING and after.phase != BIDDING:
            return False
        if sum(q.revealed for q in after.quarries) > sum(q.revealed for q in before.quarries):
            # companion-held cards were secret until now; entered columns never were
            return before.options.quarries == "scoring-only"
        return True


GAME = Maya()

__all__ = ["GAME", "Maya"]
