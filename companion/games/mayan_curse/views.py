"""What each viewer may see. The TABLE view shows what the real table shows:
the purse's size, how many stones each player holds, each player's stelae as
face-down colours, the boulders, cameras, escapes, the round and turn order,
and what the game waits for. A seat's view adds only that seat's own stones
and stela values. Values of escaped players are revealed once the game is over.
"""
from __future__ import annotations

from ...engine import CHANCE, TABLE
from .components import COLOURS, PLACES
from .rounds import clockwise_from
from .scoring import knowledge, result
from .state import BOULDERS, DRAW, ENTRANCE, OVER, REVEAL, TURN, VALUE, State
from .stelae import missing_values


def reporter(state: State) -> int:
    """Who reports for the table (where boulders stopped): the first player, or the
    next one clockwise still in the passage if they have escaped."""
    order = clockwise_from(state, state.first)
    return order[0] if order else state.first


def waiting_for(state: State) -> dict:
    names = state.names
    if state.phase == DRAW:
        return {"actors": [CHANCE], "what": f"Draw 3 sacred stones for {names[state.queue[0]]}."}
    if state.phase == VALUE:
        seat = state.queue[0]
        colour = state.seats[seat].stelae[-1][0]
        return {"actors": [CHANCE], "what": f"Draw the value of {names[seat]}'s {colour} stela."}
    if state.phase == TURN:
        seat = state.queue[0]
        return {"actors": [seat], "what": f"{names[seat]}'s turn: slide, move, report what happens, then end the turn."}
    if state.phase == BOULDERS:
        b = state.box.boulder_names[state.tumbling[0]]
        return {"actors": [reporter(state)], "what": f"The {b} boulder tumbles: where did it stop?"}
    if state.phase == REVEAL:
        who = missing_values(state)
        return {"actors": list(who),
                "what": f"{' and '.join(names[i] for i in who)}: enter the values of your stelae."}
    return {"actors": [], "what": "The game is over."}


def _boulder(state: State, i: int) -> dict:
    tokens, pos = state.boulders[i]
    where = "entrance" if pos == ENTRANCE else ("start" if pos > state.box.rows else "passage")
    return {"name": state.box.boulder_names[i], "tokens": tokens, "where": where,
            "row": pos if where == "passage" else None, "tumbles": tokens == 0 and pos != ENTRANCE}


def view(state: State, viewer) -> dict:
    box = state.box
    over = state.phase == OVER
    players = []
    for i, s in enumerate(state.seats):
        p = {
            "seat": i, "name": state.names[i], "stones": len(s.stones),
            "stelae": [c for c, _, _ in s.stelae],  # face down: colour only
            "camera": s.camera, "backpack": s.backpack or "unused",
            "reached_temple": s.reached_temple, "escaped": s.escaped,
        }
        if over and s.escaped:  # End of the Game: escaped players reveal their stelae
            p["stela_values"] = [v for _, _, v in s.stelae]
            p["knowledge"] = knowledge(state, i)
        players.append(p)
    tumbling = {
        "now": box.boulder_names[state.tumbling[0]] if state.phase == BOULDERS and state.tumbling else None,
        "order": [box.boulder_names[i] for i in state.tumbling] if state.phase == BOULDERS else [],
        "done": [box.boulder_names[i] for i in state.tumbled],
    }
    v = {
        "game": "mayan-curse", "viewer": viewer, "round": state.round, "phase": state.phase,
        "waiting_for": waiting_for(state),
        "first_player": state.first,
        "turn_order": list(clockwise_from(state, state.first)),
        "current": state.queue[0] if state.phase in (TURN, VALUE) else None,
        "purse": sum(state.purse),
        "players": players,
        "cameras_left": state.cameras,
        # Printed on the boxes' cards, not secrets: the end screen explains each total with them.
        "knowledge_values": {"camera": box.camera_knowledge, "backpack_unused": box.backpack_bonus},
        "stelae_on_board": {c: dict(zip(PLACES, state.board[ci])) for ci, c in enumerate(COLOURS)},
        "crushed": dict(zip(COLOURS, state.crushed)),
        "boulders": [_boulder(state, i) for i in range(len(state.boulders))],
        "tumbling": tumbling,
        "boulders_at_entrance": state.at_entrance(),
        "slabs_to_reset": box.rows,
        "temple_reached": state.temple_reached,
        "escaped": [i for i, s in enumerate(state.seats) if s.escaped],
        "sealed": state.sealed,
        "notice": state.notice,
        "event": dict(state.event),
        "options": {"stelae": state.opts.stelae, "token_skips_escaped": state.opts.token_skips_escaped,
                    "all_stelae": state.opts.all_stelae},
    }
    if state.solo:
        d = box.difficulty(state.opts.difficulty)
        v["solo"] = {"difficulty": d.name, "knowledge_needed": d.knowledge, "camera_needed": d.camera,
                     "scenario": state.opts.scenario or None,
                     "scenario_text": box.scenarios[state.opts.scenario - 1].text if state.opts.scenario else None}
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < len(state.seats) \
            and viewer != TABLE:
        s = state.seats[viewer]
        v["you"] = {
            "seat": viewer, "stones": list(s.stones),
            "stelae": [{"colour": c, "place": p, "value": val or None} for c, p, val in s.stelae],
            "knowledge": knowledge(state, viewer),
        }
    if over:
        v["result"] = result(state).to_json()
    return v
