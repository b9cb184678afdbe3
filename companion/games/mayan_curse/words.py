"""Mayan Curse's sentences: what the game waits for and what the last action
caused, for the table screen, the log and any other client.

A sentence for TABLE never names a stone in a hand or a stela's value; a
played stone is public ("until you play them") and named.
"""
from __future__ import annotations

from typing import Any

from .actions import stone_name
from .state import BOULDERS, DRAW, REVEAL, TURN, VALUE, State


def names_of(state: State, seats: Any) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    names = [state.names[i] for i in seats]
    if not names:
        return "nobody"
    return str(names[0]) if len(names) == 1 else ", ".join(names[:-1]) + " and " + str(names[-1])


def where(state: State, pos: int) -> str:
    if pos == 0:
        return "at the entrance"
    return f"on row {pos}" if pos <= state.box.rows else "on its board"


def waiting(state: State, reporter: int, viewer: Any = None) -> str:
    """Who must do what now; `viewer` is whose view it is (a seat's own view is read
    on its phone or behind its gate, where there is no name to tap)."""
    names = state.names
    if state.phase == DRAW:
        return f"Draw 3 sacred stones for {names[state.queue[0]]}."
    if state.phase == VALUE:
        seat = state.queue[0]
        colour = state.seats[seat].stelae[-1][0]
        return f"Draw the value of {names[seat]}'s {colour} stela."
    if state.phase == TURN:
        seat = state.queue[0]
        s = state.seats[seat]
        if state.opts.purse == "real" and not s.entered:
            if viewer == seat:
                return f"{names[seat]}'s turn: enter the 3 stones you drew, then slide, move, end the turn."
            if isinstance(viewer, int):  # another seat's own view: nothing of theirs to tap either
                return f"{names[seat]}'s turn: they enter the stones they drew, slide, move, end the turn."
            return f"{names[seat]}'s turn: enter your stones (tap your name), slide, move, end the turn."
        return f"{names[seat]}'s turn: slide, move, report what happens, then end the turn."
    if state.phase == BOULDERS:
        b = state.box.boulder_names[state.tumbling[0]]
        return f"The {b} boulder tumbles: {names[reporter]}, where did it stop?"  # who reports, too
    if state.phase == REVEAL:
        from .stelae import missing_values

        who = missing_values(state)
        return f"{names_of(state, who)}: enter the values of your stelae."
    return "The game is over."


def event_sentence(state: State, ev: dict[str, Any], viewer: Any) -> str:
    """One event of the last action, in the viewer's words."""
    kind = ev["kind"]
    seat: Any = ev.get("seat")
    who = state.names[seat] if isinstance(seat, int) else ""
    own = viewer == seat
    if kind == "stones_drawn":
        if own:
            s = state.seats[seat]
            return f"You drew {', '.join(stone_name(k) for k in s.stones + s.played)}."
        return f"{who} drew {ev['count']} sacred stones."
    if kind == "stones_entered":
        return f"{who} entered the stones they drew."
    if kind == "stone_played":
        return f"{who} plays the {stone_name(ev['stone'])} stone."
    if kind == "stela_discovered":
        place = " on the temple" if ev["place"] == "temple" else ""
        beyond = " (more than the layout lays: accepted; see Box setup)" if ev.get("beyond_layout") else ""
        out = f"{who} discovered a {ev['colour']} stela{place}{beyond}."
        if ev.get("token_removed"):
            out += " A trigger token comes off the leftmost boulder that has one."
        return out
    if kind == "stela_value_drawn":
        return f"{who} looks at the value of the {ev['colour']} stela."
    if kind == "stela_value_entered":
        return f"{who} entered the value of a {ev['colour']} stela."
    if kind == "temple_board":
        if ev["first"]:
            return (f"{who} reached the temple transition board first: remove every trigger token. "
                    "All boulders still in play will tumble.")
        return f"{who} reached the temple transition board."
    if kind == "camera":
        return f"{who} reached the top of the temple and claimed a camera."
    if kind == "backpack":
        return f"{who} used the {ev['item']}."
    if kind in ("turn_ended", "escaped"):
        out = (f"{who} escaped and leaves the board. " if kind == "escaped" else f"{who} ended their turn. ") + \
            "Their stones go back into the purse."
        if ev.get("token_removed"):
            out += " A trigger token comes off the leftmost boulder that has one."
        return out
    if kind == "boulders_tumble":
        order = ev["order"]
        end = " boulder tumbles." if len(order) == 1 else " boulders tumble, in that order."
        return "The " + ", then the ".join(order) + end
    if kind == "boulder_stopped":
        return f"The {ev['boulder']} boulder stopped on row {ev['row']} of the passage."
    if kind == "boulder_stays":
        if ev.get("row") is None:
            return f"The {ev['boulder']} boulder was blocked and stays on its board."
        return f"The {ev['boulder']} boulder was blocked and stays on row {ev['row']} of the passage."
    if kind == "boulder_at_entrance":
        return (f"The {ev['boulder']} boulder reached the entrance: reset the first {ev['reset_slabs']} slabs "
                "so they are flush with the entrance board.")
    if kind == "sealed":
        return (f"The {ev['boulder']} boulder reached the entrance: all {ev['at']} boulders block it. "
                "The entrance is sealed and the game ends.")
    if kind == "stela_crushed":
        out = f"The {ev['boulder']} boulder crushed a {ev['colour']} stela; it leaves the game unrevealed."
        return out
    if kind == "round_started":
        return f"Round {ev['round']}: {state.names[ev['first']]} has the first-player token."
    if kind == "game_over":
        if state.phase == REVEAL:
            return "The game is over: escaped players enter the values of their stelae."
        return "The game is over."
    if kind == "corrected":
        plural = "s" if ev["tokens"] != 1 else ""
        return f"Fixed: the {ev['boulder']} boulder has {ev['tokens']} trigger token{plural}."
    return str(kind).replace("_", " ").capitalize() + "."


def tumble_sentence(state: State, t: Any) -> str:
    """One line of the round-end summary: where a boulder went and what it crushed."""
    name = state.box.boulder_names[t.boulder]
    if t.end == t.start:
        out = f"The {name} boulder was blocked and stayed {where(state, t.start)}."
    elif t.end == 0:
        out = f"The {name} boulder tumbled from {where(state, t.start)[3:]} to the entrance."
    else:
        out = f"The {name} boulder tumbled from {where(state, t.start)[3:]} to row {t.end}."
    if t.crushed:
        out += " It crushed " + " and ".join(f"a {c} stela" for c in t.crushed) + "."
    return out


# --- the table screen's words: its rows, its cues, the round's summary -------------------

#: The words a table screen draws around the numbers (its chrome aside).
BOARD_WORDS = {"entrance": "IN", "board": "board"}


def board_stelae(on_board: dict[str, dict[str, int]]) -> list[str]:
    """The face-down stelae still on the board, one line per place, counted as the
    Stela and Temple stela pickers count them ("Gray (10 left)" is the passage's 10)."""
    out = []
    for place, title in (("passage", "Passage stelae"), ("temple", "Temple stelae")):
        counts = [f"{on_board[c][place]} {c}" for c in ("brown", "gray", "beige") if c in on_board]
        out.append(f"{title}: {', '.join(counts)}")
    return out


def hand_words(p: dict[str, Any]) -> str:
    """A player's stones as the table sees them: held, drawn from the real purse, or escaped."""
    if p["escaped"]:
        return "escaped"
    if p.get("drawn"):  # the real purse: drawn at the table, not entered (yet, or ever)
        return f"{p['drawn']} drawn"
    return f"{p['stones']} held" if p["stones"] or p["played"] else ""


def marks(p: dict[str, Any]) -> list[str]:
    """The short marks of a player's row: temple or camera, the backpack."""
    out = ["camera" if p["camera"] else ("temple" if p["reached_temple"] else "")]
    out.append("bag ✓" if p["backpack"] == "unused" else str(p["backpack"]))
    return [m for m in out if m]


def info_line(state: State, v: dict[str, Any]) -> str:
    """The line above the passage: the round, the purse, the cameras (solo: the goal)."""
    if state.solo:
        if state.opts.scenario:
            return f"Round {state.round} · scenario {state.opts.scenario}"
        d = state.box.difficulty(state.opts.difficulty)
        return f"Round {state.round} · {d.name}: {d.knowledge}"
    return f"Round {state.round} · purse {v['purse']} · cameras {state.cameras}"


def tumble_cue(state: State, i: int, reporter: int) -> dict[str, Any]:
    """The boulder cue: a title and a sentence (where it starts, the ones after it,
    who reports) and what it does."""
    name = state.box.boulder_names[i]
    pos = state.boulders[i][1]
    then = [state.box.boulder_names[j] for j in state.tumbling[1:]]
    start = "its board" if pos > state.box.rows else f"row {pos}"
    sentence = (f"From {start}." + (f" Then: {', '.join(then)}." if then else "")
                + f" {state.names[reporter]}: where did it stop?")
    return {"title": f"The {name.upper()} boulder tumbles!", "sentence": sentence,
            "does": "It rolls towards the entrance and crushes every stela in its way."}


def round_end_words(state: State, number: int, done: list[Any]) -> dict[str, Any]:
    """The round-end summary's title, its lines in order and what closes it."""
    lines = [tumble_sentence(state, t) for t in done]
    if any(t.end == 0 for t in done):
        lines.append(f"A boulder reached the entrance: reset the first {state.box.rows} slabs of the passage.")
    lines.append(f"Entrance spaces blocked: {state.at_entrance()} of {len(state.boulders)}.")
    return {"title": f"Round {number}: the boulders tumbled", "lines": lines, "close": "Tap when the board matches."}


def stela_line(colour: str, place: str, values: list[Any]) -> str:
    """A player's own stelae of one colour and place: "Gray stelae: 2 + 4 = 6 knowledge";
    None is a value not entered yet (physical stelae)."""
    name = colour.capitalize() + (" stela" if len(values) == 1 else " stelae")
    name += " (temple)" if place == "temple" else ""
    missing = values.count(None)
    if len(values) == 1:
        return f"{name}: " + ("not entered yet" if missing else f"{values[0]} knowledge")
    summed = " + ".join("?" if v is None else str(v) for v in values)
    if missing:
        return f"{name}: {summed} ({missing} not entered yet)"
    return f"{name}: {summed} = {sum(values)} knowledge"


def private_words(you: dict[str, Any]) -> dict[str, Any]:
    """The sentences of a seat's private view (its own secrets, for it only): the stones'
    heading, one line per stela colour and place (with the colour, for its chip), the
    knowledge so far."""
    held = bool(you["stones"] or you["played"])
    stelae = []
    for colour in ("brown", "gray", "beige"):
        for place in ("passage", "temple"):
            values = [x["value"] for x in you["stelae"] if x["colour"] == colour and x["place"] == place]
            if values:
                stelae.append({"colour": colour, "sentence": stela_line(colour, place, values)})
    return {"stones": "Your sacred stones" if held else "No stones in hand now.",
            "play": "Tap a stone to play it (the table sees it). Any 2 together are a wild.",
            "played": "(played)", "stelae": stelae,
            "names": {k: stone_name(k) for k in list(you["stones"]) + list(you["played"])},
            "knowledge": f"Your knowledge if you escape now: {you['knowledge']}"}
