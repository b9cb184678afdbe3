"""What each viewer may see. The TABLE view shows what the physical table
shows: at each concealed quarry the cards in order with owner and low/high
(the back of a card shows that), never a value; the number of cards each
player still holds; whether each player has bid, never the bid. A seat's view
adds that seat's own secrets: its cards in hand, its values at concealed
quarries and its own bid."""
from __future__ import annotations

from ...engine import TABLE
from .rounds import actors
from .state import BIDDING, QUARRYING, State


def view(state: State, viewer) -> dict:
    seat = viewer if viewer != TABLE else None
    low = state.box.low_values
    quarries = []
    for q, (quarry, spec) in enumerate(zip(state.quarries, state.box.quarries)):
        cards = []
        for owner, v in quarry.cards:
            card = {"seat": owner, "low": v in low}
            if quarry.revealed or owner == seat:
                card["value"] = v
            cards.append(card)
        quarries.append({
            "quarry": q,
            "blocks": list(spec.blocks),
            "max_cards": spec.max_cards,
            "marker": quarry.marker,
            "cards": cards,
            "revealed": quarry.revealed,
            "two_points": quarry.two_points,
            "protected": list(quarry.protected),
        })
    players = []
    for s, name in enumerate(state.names):
        p = {
            "seat": s,
            "name": name,
            "colour": state.box.colours[s],
            "gold": state.gold[s],
            "pool": state.pool[s],
            "blocks": state.hand[s],
            "cards_left": len(state.cards[s]),
            "passed": state.passed[s] if state.phase == QUARRYING else False,
            "markers": list(state.markers[s]),
        }
        if state.phase == BIDDING:
            p["has_bid"] = state.bids[s] is not None
        if s == seat:
            p["cards"] = list(state.cards[s])
            if state.phase == BIDDING and state.bids[s] is not None:
                p["bid"] = state.bids[s]
        players.append(p)
    pyramids = []
    for pyr, spec in zip(state.pyramids, state.box.pyramids):
        pyramids.append({
            "name": spec.name,
            "levels": [
                {"spaces": ls.spaces, "gold": [ls.most, ls.second], "blocks": list(counts)}
                for counts, ls in zip(pyr, spec.levels)
            ],
        })
    out = {
        "game": "maya",
        "round": state.round,
        "phase": state.phase,
        "starting_player": state.starting,
        "first_player_holder": state.fp_holder,
        "turn": state.turn,
        "actors": sorted(actors(state), key=str),  # who may act now (several while bidding)
        "players": players,
        "quarries": quarries,
        "current_quarry": state.current,
        "pyramids": pyramids,
        "waiting_for": [{"kind": p.kind, "seat": p.seat, "quarry": p.quarry} for p in state.pending[:1]],
        "deductions": [list(d) for d in state.deductions],
        "blue_markers": list(state.blue_drawn),
        "auction_order": list(state.choosers),
        "last": state.last,
        "quarry_results": list(state.results),
        "history": list(state.history),
        "options": {
            "advanced": state.options.advanced,
            "quarries": state.options.quarries,
        },
    }
    if seat is not None:
        out["seat"] = seat
    return out
