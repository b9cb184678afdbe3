"""Mayan Curse's sentences: what the game waits for and what the last action
caused, for the table screen, the log and any other client.

A sentence for TABLE never names a stone in a hand or a stela's value; a
played stone is public ("until you play them") and named.
"""
from __future__ import annotations

from typing import Any

from .i18n import N_, _, ngettext, pgettext
from .state import BOULDERS, DRAW, REVEAL, TURN, VALUE, State
from .terms import (
    boulder,
    colour,
    colour_capital,
    colour_name,
    difficulty,
    item_mark,
    stone_name,
    the_item,
)
from .terms import names_of as _names


def names_of(state: State, seats: Any) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    return _names(state.names[i] for i in seats)


def where(state: State, pos: int) -> str:
    """Where a boulder stands: "at the entrance", "on row 3", "on its board"."""
    if pos == 0:
        return _("at the entrance")
    return _("on row {row}", row=pos) if pos <= state.box.rows else _("on its board")


def waiting(state: State, reporter: int, viewer: Any = None) -> str:
    """Who must do what now; `viewer` is whose view it is (a seat's own view is read
    on its phone or behind its gate, where there is no name to tap)."""
    names = state.names
    if state.phase == DRAW:
        return _("Draw 3 sacred stones for {name}.", name=names[state.queue[0]])
    if state.phase == VALUE:
        seat = state.queue[0]
        c = state.seats[seat].stelae[-1][0]
        return _("Draw the value of {name}'s {colour} stela.", name=names[seat], colour=colour(c, after_the=True))
    if state.phase == TURN:
        seat = state.queue[0]
        s = state.seats[seat]
        if state.opts.purse == "real" and not s.entered:
            if viewer == seat:
                return _("{name}'s turn: enter the 3 stones you drew, then slide, move, end the turn.",
                         name=names[seat])
            if isinstance(viewer, int):  # another seat's own view: nothing of theirs to tap either
                return _("{name}'s turn: they enter the stones they drew, slide, move, end the turn.",
                         name=names[seat])
            return _("{name}'s turn: enter your stones (tap your name), slide, move, end the turn.",
                     name=names[seat])
        return _("{name}'s turn: slide, move, report what happens, then end the turn.", name=names[seat])
    if state.phase == BOULDERS:
        b = state.box.boulder_names[state.tumbling[0]]
        # who reports, too
        return _("The {boulder} boulder tumbles: {name}, where did it stop?", boulder=boulder(b),
                 name=names[reporter])
    if state.phase == REVEAL:
        from .stelae import missing_values

        who = missing_values(state)
        return ngettext("{names}: enter the values of your stelae.", "{names}: enter the values of your stelae.",
                        len(who), names=names_of(state, who))
    return _("The game is over.")


def _stela_discovered(who: str, ev: dict[str, Any]) -> str:
    c = colour(ev["colour"])
    temple = ev["place"] == "temple"
    if ev.get("beyond_layout"):
        if temple:
            return _("{name} discovered a {colour} stela on the temple (more than the layout lays: accepted; "
                     "see Box setup).", name=who, colour=c)
        return _("{name} discovered a {colour} stela (more than the layout lays: accepted; see Box setup).",
                 name=who, colour=c)
    if temple:
        return _("{name} discovered a {colour} stela on the temple.", name=who, colour=c)
    return _("{name} discovered a {colour} stela.", name=who, colour=c)


def tumble_order_sentence(names: list[str]) -> str:
    """ "The left boulder tumbles." / "The left boulder tumbles, then the right one." """
    b = [boulder(n) for n in names]
    if len(b) == 1:
        return _("The {boulder} boulder tumbles.", boulder=b[0])
    if len(b) == 2:
        return _("The {first} boulder tumbles, then the {second} one.", first=b[0], second=b[1])
    if len(b) == 3:
        return _("The {first} boulder tumbles, then the {second} one, then the {third} one.",
                 first=b[0], second=b[1], third=b[2])
    return _("The boulders tumble, in this order: {boulders}.", boulders=", ".join(b))


def event_sentence(state: State, ev: dict[str, Any], viewer: Any) -> str:
    """One event of the last action, in the viewer's words."""
    kind = ev["kind"]
    seat: Any = ev.get("seat")
    who = state.names[seat] if isinstance(seat, int) else ""
    own = viewer == seat
    token = _("A trigger token comes off the leftmost boulder that has one.") if ev.get("token_removed") else ""
    if kind == "stones_drawn":
        if own:
            s = state.seats[seat]
            return _("You drew {stones}.", stones=", ".join(stone_name(k) for k in s.stones + s.played))
        return ngettext("{name} drew {n} sacred stone.", "{name} drew {n} sacred stones.", ev["count"], name=who)
    if kind == "stones_entered":
        return _("{name} entered the stones they drew.", name=who)
    if kind == "stone_played":
        return _("{name} plays the {stone} stone.", name=who, stone=stone_name(ev["stone"]))
    if kind == "stela_discovered":
        out = _stela_discovered(who, ev)
        return f"{out} {token}" if token else out
    if kind == "stela_value_drawn":
        return _("{name} looks at the value of the {colour} stela.", name=who,
                 colour=colour(ev["colour"], after_the=True))
    if kind == "stela_value_entered":
        return _("{name} entered the value of a {colour} stela.", name=who, colour=colour(ev["colour"]))
    if kind == "temple_board":
        if ev["first"]:
            return _("{name} reached the temple transition board first: remove every trigger token. "
                     "All boulders still in play will tumble.", name=who)
        return _("{name} reached the temple transition board.", name=who)
    if kind == "camera":
        return _("{name} reached the top of the temple and claimed a camera.", name=who)
    if kind == "backpack":
        return _("{name} used {item}.", name=who, item=the_item(ev["item"]))
    if kind in ("turn_ended", "escaped"):
        out = (_("{name} escaped and leaves the board. Their stones go back into the purse.", name=who)
               if kind == "escaped" else
               _("{name} ended their turn. Their stones go back into the purse.", name=who))
        return f"{out} {token}" if token else out
    if kind == "boulders_tumble":
        return tumble_order_sentence(list(ev["order"]))
    if kind == "boulder_stopped":
        return _("The {boulder} boulder stopped on row {row} of the passage.", boulder=boulder(ev["boulder"]),
                 row=ev["row"])
    if kind == "boulder_stays":
        if ev.get("row") is None:
            return _("The {boulder} boulder was blocked and stays on its board.", boulder=boulder(ev["boulder"]))
        return _("The {boulder} boulder was blocked and stays on row {row} of the passage.",
                 boulder=boulder(ev["boulder"]), row=ev["row"])
    if kind == "boulder_at_entrance":
        return ngettext("The {boulder} boulder reached the entrance: reset the first slab so it is flush "
                        "with the entrance board.",
                        "The {boulder} boulder reached the entrance: reset the first {n} slabs so they are flush "
                        "with the entrance board.", ev["reset_slabs"], boulder=boulder(ev["boulder"]))
    if kind == "sealed":
        return ngettext("The {boulder} boulder reached the entrance: {n} boulder blocks it. "
                        "The entrance is sealed and the game ends.",
                        "The {boulder} boulder reached the entrance: all {n} boulders block it. "
                        "The entrance is sealed and the game ends.", ev["at"], boulder=boulder(ev["boulder"]))
    if kind == "stela_crushed":
        return _("The {boulder} boulder crushed a {colour} stela; it leaves the game unrevealed.",
                 boulder=boulder(ev["boulder"]), colour=colour(ev["colour"]))
    if kind == "round_started":
        return _("Round {round}: {name} has the first-player token.", round=ev["round"],
                 name=state.names[ev["first"]])
    if kind == "game_over":
        if state.phase == REVEAL:
            return _("The game is over: escaped players enter the values of their stelae.")
        return _("The game is over.")
    if kind == "corrected":
        return ngettext("Fixed: the {boulder} boulder has {n} trigger token.",
                        "Fixed: the {boulder} boulder has {n} trigger tokens.", ev["tokens"],
                        boulder=boulder(ev["boulder"]))
    # i18n: an event this version has no sentence for; {kind} is its internal name
    return _("Something happened: {kind}.", kind=str(kind).replace("_", " "))


def _crushed(crushed: Any) -> str:
    """What one tumbling boulder crushed: "It crushed a gray stela." """
    cs = [colour(c) for c in crushed]
    if len(cs) == 1:
        return _("It crushed a {colour} stela.", colour=cs[0])
    if len(cs) == 2:
        return _("It crushed a {first} stela and a {second} stela.", first=cs[0], second=cs[1])
    return ngettext("It crushed {n} stela.", "It crushed {n} stelae: {colours}.", len(cs),
                    colours=", ".join(colour_name(c) for c in crushed))


def tumble_sentence(state: State, t: Any) -> str:
    """One line of the round-end summary: where a boulder went and what it crushed."""
    name = boulder(state.box.boulder_names[t.boulder])
    start = t.start
    if t.end == start:
        out = _("The {boulder} boulder was blocked and stayed {where}.", boulder=name, where=where(state, start))
    elif t.end == 0:
        out = (_("The {boulder} boulder tumbled from its board to the entrance.", boulder=name)
               if start > state.box.rows else
               _("The {boulder} boulder tumbled from row {start} to the entrance.", boulder=name, start=start))
    else:
        out = (_("The {boulder} boulder tumbled from its board to row {row}.", boulder=name, row=t.end)
               if start > state.box.rows else
               _("The {boulder} boulder tumbled from row {start} to row {row}.", boulder=name, start=start,
                 row=t.end))
    if t.crushed:
        out += " " + _crushed(t.crushed)
    return out


# --- the table screen's words: its rows, its cues, the round's summary -------------------

#: The words a table screen draws around the numbers (its chrome aside).
# i18n: "IN" is the short mark of the entrance board on the passage drawing; "board" the boulders' board
_BOARD_WORDS = {"entrance": N_("IN"), "board": N_("board")}


def board_words() -> dict[str, str]:
    """The short words of the passage drawing, in the current language (a new dict each time)."""
    return {k: _(w) for k, w in _BOARD_WORDS.items()}


def board_stelae(on_board: dict[str, dict[str, int]]) -> list[str]:
    """The face-down stelae still on the board, one line per place, counted as the
    Stela and Temple stela pickers count them ("Gray (10 left)" is the passage's 10)."""
    out = []
    for place in ("passage", "temple"):
        counts = ", ".join(_("{n} {colour}", n=on_board[c][place], colour=colour_name(c))
                           for c in ("brown", "gray", "beige") if c in on_board)
        out.append(_("Passage stelae: {counts}", counts=counts) if place == "passage"
                   else _("Temple stelae: {counts}", counts=counts))
    return out


def hand_words(p: dict[str, Any]) -> str:
    """A player's stones as the table sees them: held, drawn from the real purse, or escaped."""
    if p["escaped"]:
        return pgettext("a player's row", "escaped")
    if p.get("drawn"):  # the real purse: drawn at the table, not entered (yet, or ever)
        return pgettext("stones in a player's row", "{n} drawn", n=p["drawn"])
    return pgettext("stones in a player's row", "{n} held", n=p["stones"]) if p["stones"] or p["played"] else ""


def marks(p: dict[str, Any]) -> list[str]:
    """The short marks of a player's row: temple or camera, the backpack."""
    out = [pgettext("a player's row", "camera") if p["camera"] else
           (pgettext("a player's row", "temple") if p["reached_temple"] else "")]
    # i18n: the backpack not used yet (✓ a tick)
    out.append(pgettext("a player's row", "bag ✓") if p["backpack"] == "unused" else item_mark(p["backpack"]))
    return [m for m in out if m]


def info_line(state: State, v: dict[str, Any]) -> str:
    """The line above the passage: the round, the purse, the cameras (solo: the goal)."""
    if state.solo:
        if state.opts.scenario:
            return _("Round {round} · scenario {scenario}", round=state.round, scenario=state.opts.scenario)
        d = state.box.difficulty(state.opts.difficulty)
        return _("Round {round} · {difficulty}: {knowledge}", round=state.round, difficulty=difficulty(d.name),
                 knowledge=d.knowledge)
    return _("Round {round} · purse {purse} · cameras {cameras}", round=state.round, purse=v["purse"],
             cameras=state.cameras)


def tumble_cue(state: State, i: int, reporter: int) -> dict[str, Any]:
    """The boulder cue: a title and a sentence (where it starts, the ones after it,
    who reports) and what it does."""
    name = state.box.boulder_names[i]
    pos = state.boulders[i][1]
    # i18n: one boulder in the list after "Then:" ("Then: centre, right.")
    then = [pgettext("a boulder in the list after Then:", "{boulder}", boulder=boulder(state.box.boulder_names[j]))
            for j in state.tumbling[1:]]
    start = _("From its board.") if pos > state.box.rows else _("From row {row}.", row=pos)
    parts = [start]
    if then:
        parts.append(_("Then: {boulders}.", boulders=", ".join(then)))
    parts.append(_("{name}: where did it stop?", name=state.names[reporter]))
    return {"title": _("The {boulder} boulder tumbles!", boulder=boulder(name).upper()), "sentence": " ".join(parts),
            "does": _("It rolls towards the entrance and crushes every stela in its way.")}


def reset_sentence(state: State) -> str:
    return ngettext("A boulder reached the entrance: reset the first slab of the passage.",
                    "A boulder reached the entrance: reset the first {n} slabs of the passage.", state.box.rows)


def round_end_words(state: State, number: int, done: list[Any]) -> dict[str, Any]:
    """The round-end summary's title, its lines in order and what closes it."""
    lines = [tumble_sentence(state, t) for t in done]
    if any(t.end == 0 for t in done):
        lines.append(reset_sentence(state))
    lines.append(_("Entrance spaces blocked: {at} of {of}.", at=state.at_entrance(), of=len(state.boulders)))
    return {"title": _("Round {round}: the boulders tumbled", round=number), "lines": lines,
            "close": _("Tap when the board matches.")}


def stela_line(c: str, place: str, values: list[Any]) -> str:
    """A player's own stelae of one colour and place: "Gray stelae: 2 + 4 = 6 knowledge";
    None is a value not entered yet (physical stelae)."""
    temple = place == "temple"
    label = colour_capital(c)
    missing = values.count(None)
    if len(values) == 1:
        if missing:
            return (_("{colour} stela (temple): not entered yet", colour=label) if temple
                    else _("{colour} stela: not entered yet", colour=label))
        return (_("{colour} stela (temple): {value} knowledge", colour=label, value=values[0]) if temple
                else _("{colour} stela: {value} knowledge", colour=label, value=values[0]))
    summed = " + ".join("?" if v is None else str(v) for v in values)
    if missing:
        return (ngettext("{colour} stelae (temple): {sum} ({n} not entered yet)",
                         "{colour} stelae (temple): {sum} ({n} not entered yet)", missing, colour=label, sum=summed)
                if temple else
                ngettext("{colour} stelae: {sum} ({n} not entered yet)", "{colour} stelae: {sum} ({n} not entered yet)",
                         missing, colour=label, sum=summed))
    return (_("{colour} stelae (temple): {sum} = {total} knowledge", colour=label, sum=summed, total=sum(values))
            if temple else
            _("{colour} stelae: {sum} = {total} knowledge", colour=label, sum=summed, total=sum(values)))


def private_words(you: dict[str, Any]) -> dict[str, Any]:
    """The sentences of a seat's private view (its own secrets, for it only): the stones'
    heading, one line per stela colour and place (with the colour, for its chip), the
    knowledge so far."""
    held = bool(you["stones"] or you["played"])
    stelae = []
    for c in ("brown", "gray", "beige"):
        for place in ("passage", "temple"):
            values = [x["value"] for x in you["stelae"] if x["colour"] == c and x["place"] == place]
            if values:
                stelae.append({"colour": c, "sentence": stela_line(c, place, values)})
    return {"stones": _("Your sacred stones") if held else _("No stones in hand now."),
            "play": _("Tap a stone to play it (the table sees it). Any 2 together are a wild."),
            "played": pgettext("a stone already played", "(played)"), "stelae": stelae,
            "names": {k: stone_name(k) for k in list(you["stones"]) + list(you["played"])},
            "knowledge": _("Your knowledge if you escape now: {n}", n=you["knowledge"])}
