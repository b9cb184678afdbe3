"""What each viewer may see, in the one view schema (companion/rules/viewschema.py).

The TABLE view shows what the physical table shows: at each concealed quarry
the cards in order with owner and low/high (the back of a card shows that),
never a value; the number of cards each player still holds; whether each
player has bid, never the bid. A seat's view is the TABLE view plus `you`:
that seat's cards in hand, its own cards' values at concealed quarries and its
own sealed bid. Every sentence comes from words.py."""
from __future__ import annotations

from typing import Any

from companion.rules.engine import TABLE
from companion.rules.seats import parse_seat

from . import menu_words, round_words, words
from .actions import private_lines
from .i18n import N_
from .rounds import actors
from .state import BIDDING, QUARRYING, State

#: The numbers of a player's public view by the words Past games' step pane names them
#: ("{key} {value}", the key's underscores as spaces): marked here, translated there
#: through this game's catalog (kivy_ui/screens/history.py).
# i18n: a number of a player's row in Past games' step by step view: "stones 3, drawn 0"
NUMBER_WORDS = (N_("gold"), N_("pool"), N_("blocks"), N_("cards left"))


def public(state: State) -> dict[str, Any]:
    """The TABLE view without `result` (the game adds it)."""
    low = state.box.low_values
    quarries = []
    for q, (quarry, spec) in enumerate(zip(state.quarries, state.box.quarries)):
        cards = []
        for owner, v in quarry.cards:
            card: dict[str, Any] = {"seat": owner, "low": v in low}
            if quarry.revealed:
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
        p: dict[str, Any] = {
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
        players.append(p)
    pyramids = []
    for pyr, pspec in zip(state.pyramids, state.box.pyramids):
        pyramids.append({
            "name": pspec.name,
            "levels": [
                {"spaces": ls.spaces, "gold": [ls.most, ls.second], "blocks": list(counts)}
                for counts, ls in zip(pyr, pspec.levels)
            ],
        })
    pend = state.pending[0] if state.pending else None
    out: dict[str, Any] = {
        "game": "maya",
        "round": state.round,
        "rounds": 3,
        "phase": state.phase,
        "starting_player": state.starting,
        "first_player_holder": state.fp_holder,
        "turn": state.turn,
        "players": players,
        "quarries": quarries,
        "current_quarry": state.current,
        "pyramids": pyramids,
        "pending": None if pend is None else {"kind": pend.kind, "seat": pend.seat, "quarry": pend.quarry},
        "deductions": [list(d) for d in state.deductions],
        "blue_markers": list(state.blue_drawn),
        "auction_order": list(state.choosers),
        "quarry_results": list(state.results),
        "history": list(state.history),
        "options": {
            "advanced": state.options.advanced,
            "quarries": state.options.quarries,
        },
        "result": None,
    }
    seats = sorted(actors(state), key=str)
    out["header"] = words.header(out)
    private = state.phase in (QUARRYING, BIDDING) and not state.pending
    for p in players:  # what each tile says under the numbers: cards left, markers, passed
        p["status"] = words.player_status(p, out)
        # a decision waiting in their private view: the label of the button that opens it
        p["private"] = menu_words.look_label(out, p["seat"]) if private and p["seat"] in seats else ""
    out["waiting_for"] = {"actors": seats, "sentence": words.waiting_sentence(out, seats)}
    out["events"] = [_event(out, e) for e in state.events]
    # the round's quarry results with their sentences (the summary shows every quarry, not only the last)
    out["quarry_results"] = [dict(r, sentence=words.quarry_sentence(out, r)) for r in state.results]
    return out


def _event(view: dict[str, Any], e: dict[str, Any]) -> dict[str, Any]:
    out = dict(e, kind=e["event"], sentence=words.event_sentence(view, e))
    if e["event"] == "scoring":  # the round's end: the summary a screen shows until tapped
        out["summary"] = round_words.round_summary(view, e)
    return out


def secrets(state: State, seat: int) -> dict[str, Any]:
    """What only `seat` may see: its cards, its own concealed cards' values, its bid."""
    laid = [{"quarry": q, "index": i, "value": v}
            for q, quarry in enumerate(state.quarries) if not quarry.revealed
            for i, (owner, v) in enumerate(quarry.cards) if owner == seat]
    return {
        "seat": seat,
        "colour": state.box.colours[seat],
        "cards": list(state.cards[seat]),
        "laid": laid,
        "bid": state.bids[seat] if state.phase == BIDDING else None,
    }


def view(state: State, viewer: Any) -> dict[str, Any]:
    out = public(state)
    if viewer != TABLE:
        viewer = parse_seat(viewer, state.n)
        out["you"] = secrets(state, viewer)
        out["you"]["lines"] = private_lines(out)
    return out
