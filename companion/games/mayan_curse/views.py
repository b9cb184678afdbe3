"""What each viewer may see (companion/rules/viewschema.py). The TABLE view shows what
the real table shows: the purse's size, how many stones each player holds and
the stones they have played this turn, each player's stelae as face-down
colours, the boulders, cameras, escapes, the round and turn order, and what the
game waits for. With the real purse, a player who drew from the bag and has not
entered the stones yet holds them all the same: the table view says how many
were drawn (never which) and leaves them out of the purse's size. A seat's view
adds, under `you`, only that seat's own stones and stela values. Values of
escaped players are revealed once the game is over.
"""
from __future__ import annotations

from typing import Any

from companion.rules.engine import CHANCE

from .components import COLOURS, HAND, PLACES
from .i18n import N_
from .knowledge import knowledge
from .rounds import clockwise_from
from .scoring import result
from .state import BOULDERS, DRAW, ENTRANCE, OVER, REVEAL, TURN, VALUE, State
from .stelae import missing_values
from .terms import boulder_letter, scenario_text
from .words import (
    board_stelae,
    board_words,
    event_sentence,
    hand_words,
    info_line,
    marks,
    private_words,
    reset_sentence,
    round_end_words,
    tumble_cue,
    tumble_sentence,
    waiting,
)

#: The numbers of a player's public view by the words Past games' step pane names them
#: ("{key} {value}", the key's underscores as spaces): marked here, translated there
#: through this game's catalog (kivy_ui/screens/history.py).
# i18n: a number of a player's row in Past games' step by step view: "stones 3, drawn 0"
NUMBER_WORDS = (N_("stones"), N_("drawn"), N_("knowledge"))


def reporter(state: State) -> int:
    """Who reports for the table (where boulders stopped): the first player, or the
    next one clockwise still in the passage if they have escaped."""
    order = clockwise_from(state, state.first)
    return order[0] if order else state.first


def actors(state: State) -> list[Any]:
    phase = state.phase
    if phase == TURN:
        return [state.queue[0]]
    if phase == BOULDERS:
        return [reporter(state)]
    if phase == REVEAL:
        return list(missing_values(state))
    if phase == OVER:
        return []
    return [CHANCE]


def drawn(state: State, seat: int) -> int:
    """The real purse: the stones this seat drew from the bag for its turn this round
    (Step 1: everyone still in the passage draws three) and has not entered yet.
    The table saw them drawn; which stones they are stays the seat's secret."""
    s = state.seats[seat]
    waiting = state.phase in (TURN, VALUE) and seat in state.queue
    return HAND if state.opts.purse == "real" and waiting and not s.entered else 0


def _boulder(state: State, i: int) -> dict[str, Any]:
    tokens, pos = state.boulders[i]
    where = "entrance" if pos == ENTRANCE else ("start" if pos > state.box.rows else "passage")
    cols = state.columns or tuple(range(len(state.boulders)))
    name = state.box.boulder_names[i]
    return {"name": name, "letter": boulder_letter(name), "tokens": tokens, "where": where,
            "row": pos if where == "passage" else None, "column": cols[i],
            "tumbles": tokens == 0 and pos != ENTRANCE}


def _round_end(state: State) -> dict[str, Any] | None:
    """The last Step 3 in which a boulder tumbled: each tumble in order, what it
    crushed, and whether the slabs must be reset (the summary that stays until tapped)."""
    if not state.last_step:
        return None
    number, tumbles = state.last_step
    done = [t for t in tumbles if t.end != -1]
    names = state.box.boulder_names
    return {
        "round": number,
        "tumbles": [{"boulder": names[t.boulder], "from": t.start, "to": t.end, "crushed": list(t.crushed),
                     "sentence": tumble_sentence(state, t)} for t in done],
        "reset_slabs": state.box.rows if any(t.end == ENTRANCE for t in done) else 0,
        "sentence": reset_sentence(state) if any(t.end == ENTRANCE for t in done) else "",
        **round_end_words(state, number, done),
    }


def _cue(state: State) -> dict[str, Any] | None:
    """The boulder report while one tumbles: which, its tokens, where it starts, the
    ones after it, who reports, and the sentences a screen shows (tumble_cue)."""
    if state.phase != BOULDERS or not state.tumbling:
        return None
    i = state.tumbling[0]
    tokens, pos = state.boulders[i]
    names = state.box.boulder_names
    return {"boulder": names[i], "tokens": tokens, "from": pos if pos <= state.box.rows else None,
            "then": [names[j] for j in state.tumbling[1:]], "reporter": reporter(state),
            **tumble_cue(state, i, reporter(state))}


def view(state: State, viewer: Any) -> dict[str, Any]:
    box = state.box
    cue = _cue(state)
    over = state.phase == OVER
    players = []
    for i, s in enumerate(state.seats):
        p = {
            "seat": i, "name": state.names[i], "stones": len(s.stones),
            "drawn": drawn(state, i),  # real purse: in hand at the table, not entered yet
            "played": list(s.played),  # public: shown to the table when played
            "stelae": [c for c, _, _ in s.stelae],  # face down: colour only
            "camera": s.camera, "backpack": s.backpack or "unused",
            "reached_temple": s.reached_temple, "escaped": s.escaped,
        }
        p["hand"], p["marks"] = hand_words(p), marks(p)  # the words of the player's row
        if over and s.escaped:  # End of the Game: escaped players reveal their stelae
            p["stela_values"] = [v for _, _, v in s.stelae]
            p["knowledge"] = knowledge(state, i)
        players.append(p)
    tumbling = {
        "now": box.boulder_names[state.tumbling[0]] if state.phase == BOULDERS and state.tumbling else None,
        "order": [box.boulder_names[i] for i in state.tumbling] if state.phase == BOULDERS else [],
        "done": [box.boulder_names[t.boulder] for t in state.tumbled if t.end != -1],
    }
    events = []
    for e in state.events:
        ev = {k: list(x) if isinstance(x, tuple) else x for k, x in e}  # JSON-safe: lists, not tuples
        ev["sentence"] = event_sentence(state, ev, viewer)
        events.append(ev)
    res = result(state)
    v: dict[str, Any] = {
        "game": "mayan-curse", "viewer": viewer, "round": state.round, "phase": state.phase,
        "waiting_for": {"actors": actors(state), "sentence": waiting(state, reporter(state), viewer)},
        "events": events,
        "result": res.to_json() if res is not None else None,
        "first_player": state.first,
        "turn_order": list(clockwise_from(state, state.first)),
        "current": state.queue[0] if state.phase in (TURN, VALUE) else None,
        # whose draw a person enters now (physical randomness): public, the table watches it drawn
        "draw_for": state.queue[0] if state.phase in (DRAW, VALUE) and state.queue else None,
        "purse": sum(state.purse) - sum(p["drawn"] for p in players),  # what the bag holds
        "players": players,
        "cameras_left": state.cameras,
        # Printed on the boxes' cards, not secrets: the end screen explains each total with them.
        "knowledge_values": {"camera": box.camera_knowledge, "backpack_unused": box.backpack_bonus},
        "stelae_on_board": {c: dict(zip(PLACES, state.board[ci])) for ci, c in enumerate(COLOURS)},
        "stelae_laid": {c: dict(zip(PLACES, state.laid[ci])) for ci, c in enumerate(COLOURS)},
        "crushed": dict(zip(COLOURS, state.crushed)),
        "boulders": [_boulder(state, i) for i in range(len(state.boulders))],
        "rows": box.rows,
        "tumbling": tumbling,
        "boulder_cue": cue,
        "alert": cue and {"key": f"{state.round}:{cue['boulder']}:{cue['from']}", "title": cue["title"],
                          "sentence": cue.get("sentence") or ""},
        "round_end": _round_end(state),
        "boulders_at_entrance": state.at_entrance(),
        "slabs_to_reset": box.rows,
        "temple_reached": state.temple_reached,
        "escaped": [i for i, s in enumerate(state.seats) if s.escaped],
        "sealed": state.sealed,
        "options": {"stelae": state.opts.stelae, "purse": state.opts.purse,
                    "token_skips_escaped": state.opts.token_skips_escaped, "all_stelae": state.opts.all_stelae},
    }
    v["info"] = info_line(state, v)
    v["words"] = board_words()  # a new dict: a client may keep or change its view
    v["words"]["stelae_left"] = board_stelae(v["stelae_on_board"])
    if state.solo:
        d = box.difficulty(state.opts.difficulty)
        v["solo"] = {"difficulty": d.name, "knowledge_needed": d.knowledge, "camera_needed": d.camera,
                     "scenario": state.opts.scenario or None,
                     "scenario_text": scenario_text(box.scenarios[state.opts.scenario - 1].text)
                     if state.opts.scenario else None}
    if isinstance(viewer, int) and not isinstance(viewer, bool) and 0 <= viewer < len(state.seats):
        s = state.seats[viewer]
        v["you"] = {
            "seat": viewer, "stones": list(s.stones), "played": list(s.played),
            "to_enter": state.opts.purse == "real" and not s.entered and state.phase == TURN
            and state.queue[0] == viewer,
            "stelae": [{"colour": c, "place": p, "value": val or None} for c, p, val in s.stelae],
            "knowledge": knowledge(state, viewer),
        }
        v["you"]["words"] = private_words(v["you"])
    return v
