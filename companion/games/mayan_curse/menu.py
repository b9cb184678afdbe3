"""What a Mayan Curse player can do now, as Choices (companion/rules/choices.py): the
short labels, sentences, groups and stable slots a screen or a phone page
renders, the question before a move the table cannot take back, and pickers
instead of one button per combination (three stones out of the purse's kinds, a
stela's colour, a backpack item, a boulder's place on a row).

Public choices (seat None) are the reports everyone sees made at the table; a
choice that uses what only one seat knows (the stones in hand, a stela's value,
the stones really drawn) carries that seat and is shown only behind its gate or
on its phone. A choice keeps its group and slot whoever plays and whatever the
turn: one not possible now stays in its place, greyed, with the reason.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any

from companion.rules.choices import Choice, Part, PartOption
from companion.rules.engine import CHANCE

from . import actions as A
from .boulders import nearest_stop, others_on
from .components import COLOURS
from .i18n import N_, _, ngettext, pgettext
from .purse import draw_outcomes
from .state import BOULDERS, DRAW, REVEAL, TURN, VALUE, State
from .stelae import in_box, missing_values
from .terms import boulder, colour, colour_capital, colour_label, colour_name, item, item_hint
from .views import reporter

# The groups a player reads (translated where a choice is made), and their choices'
# slots (fixed for every player and turn).
TURN_GROUP = N_("Your turn")
STOP_GROUP = N_("Where it stopped")
CRUSH_GROUP = N_("A stela crushed")
STONES_GROUP = N_("Your stones")
STELAE_GROUP = N_("Your stelae")
DRAW_GROUP = N_("Your draw")

TURN_SLOTS = {"stela": 0, "temple_stela": 1, "temple_board": 2, "camera": 3, "backpack": 4,
              "escape": 5, "end_turn": 6}
STOP_ENTRANCE, STOP_STAYS = 0, 99  # rows take the slots 1..rows between them



def menu(state: State, seat: int) -> list[Choice]:
    """Every choice `seat` has now (see the module docstring)."""
    phase = state.phase
    if phase == TURN and state.queue and state.queue[0] == seat:
        return turn_choices(state, seat) + own_turn_choices(state, seat)
    if phase == BOULDERS and state.tumbling and reporter(state) == seat:
        return stop_choices(state, seat) + crush_choices(state, seat)
    if phase == REVEAL and seat in missing_values(state):
        return value_choices(state, seat)
    if phase in (DRAW, VALUE) and state.queue and state.queue[0] == seat:
        return chance_choices(state, seat)  # physical randomness: the seat enters its own draw
    return []


# --- a turn, at the table --------------------------------------------------------------

def _turn(state: State, seat: int, key: str, label: str, sentence: str, action: dict[str, Any],
          why: str = "", **kw: Any) -> Choice:
    if why:
        kw["legal"] = ()  # nothing to pick: the choice keeps its place, greyed
    return Choice(key=key, label=label, sentence=sentence, group=_(TURN_GROUP), slot=TURN_SLOTS[key],
                  action={"actor": seat, **action}, enabled=not why, why=why, **kw)


def _colour_part(state: State, place: str) -> tuple[Part, tuple[dict[str, Any], ...]]:
    """A stela's colour as a picker, each with how many the layout still has there."""
    pi = 0 if place == "passage" else 1
    # the count the board line says too ("Stelae left in the passage: ... 10 gray")
    options = tuple(PartOption(c, _("{colour} ({n} left)", colour=colour_label(c), n=state.board[ci][pi]))
                    for ci, c in enumerate(COLOURS))
    legal = tuple({"colour": c} for ci, c in enumerate(COLOURS) if in_box(state, ci))
    return Part("colour", _("Which colour?"), options), legal


def turn_choices(state: State, seat: int) -> list[Choice]:
    """The reports of the player at turn, all public: the table sees them made."""
    name = state.names[seat]
    s = state.seats[seat]
    out = []
    none_left = _("Every stela of the box is already discovered or crushed.")
    not_yet = _("{name} has not reached the temple yet.", name=name)
    part, legal = _colour_part(state, "passage")
    out.append(_turn(state, seat, "stela", pgettext("button", "Stela"), _("{name} discovers a stela.", name=name),
                     {"type": A.DISCOVER_STELA, "place": "passage"}, "" if legal else none_left,
                     parts=(part,), legal=legal))
    part, legal = _colour_part(state, "temple")
    out.append(_turn(state, seat, "temple_stela", pgettext("button", "Temple stela"),
                     _("{name} discovers a stela on the temple.", name=name),
                     {"type": A.DISCOVER_STELA, "place": "temple"},
                     not_yet if not s.reached_temple else ("" if legal else none_left), parts=(part,), legal=legal))
    out.append(_turn(state, seat, "temple_board", pgettext("button", "Temple board"),
                     _("{name} reaches the temple transition board.", name=name), {"type": A.REACH_TEMPLE_BOARD},
                     _("{name} has already reached the temple transition board.", name=name)
                     if s.reached_temple else ""))
    camera_why = (not_yet if not s.reached_temple else
                  _("{name} already has a camera; each player can claim only one.", name=name) if s.camera else
                  _("No camera tokens are left.") if state.cameras <= 0 else "")
    out.append(_turn(state, seat, "camera", pgettext("button", "Camera"),
                     _("{name} reaches the top of the temple and claims a camera.", name=name),
                     {"type": A.CLAIM_CAMERA}, camera_why))
    items = state.box.backpack_items
    item_part = Part("item", _("Which item?"), tuple(PartOption(x, item_hint(x)) for x in items))
    out.append(_turn(state, seat, "backpack", pgettext("button", "Backpack"),
                     _("{name} uses their backpack (once per game).", name=name), {"type": A.USE_BACKPACK},
                     _("{name} already used their backpack ({item}); it works once per game.", name=name,
                       item=item(s.backpack)) if s.backpack else "",
                     parts=(item_part,), legal=tuple({"item": x} for x in items)))
    out.append(_turn(state, seat, "escape", pgettext("button", "Escaped"),
                     _("{name} escapes and leaves the board.", name=name),
                     {"type": A.ESCAPE}, confirm=escape_question(state, seat)))
    out.append(_turn(state, seat, "end_turn", pgettext("button", "End turn"), _("{name} ends their turn.", name=name),
                     {"type": A.END_TURN}, extra={"usual": True, "in_private": True}))
    return out


def escape_question(state: State, seat: int) -> str:
    name = state.names[seat]
    last = all(o.escaped for i, o in enumerate(state.seats) if i != seat)
    if last:
        return _("Did {name} leave the passage? The game then ends and every escaped player's stelae are revealed.",
                 name=name)
    return _("Did {name} leave the passage? {name} takes no more turns this game.", name=name)


# --- a turn, behind the gate -------------------------------------------------------------

def _stone_options(state: State) -> tuple[PartOption, ...]:
    return tuple(PartOption(k, A.stone_name(k)) for k in state.box.kinds)


@lru_cache(maxsize=256)  # hands of stone kinds only, never a sentence: the same in every language
def _hands(kinds: tuple[str, ...], stones: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """Every hand of three that `stones` (a count per kind) can give, in every order it
    may be entered."""
    out: set[tuple[str, ...]] = set()
    for idx, _p in draw_outcomes(stones):
        out.update(permutations(tuple(kinds[i] for i in idx)))
    return tuple(sorted(out))


def public_bag(state: State) -> tuple[int, ...]:
    """What the bag can hold as everyone at the table knows it: the box's stones less
    the stones played in front of the players. Never the companion's own count of the
    bag (state.purse): that follows the others' hidden hands."""
    kinds = state.box.kinds
    bag = list(state.box.stones)
    for s in state.seats:
        for k in s.played:
            bag[kinds.index(k)] -= 1
    return tuple(max(0, n) for n in bag)


def stones_part(state: State) -> tuple[Part, tuple[dict[str, Any], ...]]:
    """Three stones out of every kind of the box, picked one at a time, in any order:
    every hand the box could give less what lies played on the table (a kind greys out
    only when the box has no more of it in the bag for everyone to see). A picker that
    offered only what the companion's count of the bag still holds would tell the seat
    entering what the others hold; an entry that count cannot have given is refused
    behind the gate, in a sentence (rounds.enter_stones, rounds.draw)."""
    legal = tuple({"stones": hand} for hand in _hands(tuple(state.box.kinds), public_bag(state)))
    return Part("stones", _("Tap the 3 stones you drew:"), _stone_options(state), count=3), legal


def own_turn_choices(state: State, seat: int) -> list[Choice]:
    """What the player at turn does with what only they know."""
    name = state.names[seat]
    s = state.seats[seat]
    out = []
    if state.opts.purse == "real" and not s.entered:
        part, legal = stones_part(state)
        out.append(Choice(key="enter_stones", label=pgettext("button", "Enter stones"),
                          sentence=_("{name} enters the stones they drew.", name=name), group=_(STONES_GROUP), slot=0,
                          action={"actor": seat, "type": A.ENTER_STONES},
                          seat=seat, parts=(part,), legal=legal))
    elif s.stones:
        part = Part("stone", _("Play a stone"), _stone_options(state))
        out.append(Choice(key="play_stone", label=pgettext("button", "Play a stone"),
                          sentence=_("{name} plays a stone: the table sees it from now on.", name=name),
                          group=_(STONES_GROUP), slot=1, action={"actor": seat, "type": A.PLAY_STONE},
                          seat=seat, parts=(part,), legal=tuple({"stone": k} for k in sorted(set(s.stones)))))
    if state.opts.stelae == "physical":
        out += value_choices(state, seat)
    return out


def value_choices(state: State, seat: int) -> list[Choice]:
    """Physical stelae: the value of each of the seat's stelae not entered yet (a
    stela from the hand, then its value). Every value the colour has is offered, so the
    picker never hints at what the others entered."""
    s = state.seats[seat]
    missing = [i for i, (_c, _p, v) in enumerate(s.stelae) if v == 0]
    if not missing:
        return []
    name = state.names[seat]
    values = {c: [v for v, n in state.box.values[ci] if n] for ci, c in enumerate(COLOURS)}
    every = every_value(state)
    stela_part = Part("stela", _("Which stela?"),
                      tuple(PartOption(i, _("{colour} stela {number}", colour=colour_capital(st[0]), number=i + 1))
                            for i, st in enumerate(s.stelae)))
    value_part = Part("value", _("Its value"), every)
    legal = tuple({"stela": i, "value": v} for i in missing for v in values[s.stelae[i][0]])
    last = state.phase == REVEAL and len(missing) == 1 and missing_values(state) == (seat,)
    confirm = (_("This is the last value to enter: the game ends and every escaped player's stelae are revealed.")
               if last else None)
    return [Choice(key="stela_value", label=pgettext("button", "Stela value"),
                   sentence=_("{name} enters the value of a stela.", name=name), group=_(STELAE_GROUP), slot=0,
                   action={"actor": seat, "type": A.ENTER_STELA_VALUE},
                   confirm=confirm, seat=seat, parts=(stela_part, value_part), legal=legal)]


def every_value(state: State) -> tuple[PartOption, ...]:
    """Every value a stela of any colour may have, in order: a value keeps its place."""
    return tuple(PartOption(v, str(v)) for v in sorted({v for vs in state.box.values for v, n in vs if n}))


# --- physical randomness: the seat the draw is for enters it --------------------------------

def chance_choices(state: State, seat: int) -> list[Choice]:
    name = state.names[seat]
    if state.phase == DRAW:
        part, legal = stones_part(state)
        return [Choice(key="draw_stones", label=pgettext("button", "Enter stones"),
                       sentence=_("{name} drew 3 sacred stones.", name=name), group=_(DRAW_GROUP), slot=0,
                       action={"actor": CHANCE, "type": A.DRAW_STONES, "seat": seat},
                       seat=seat, parts=(part,), legal=legal)]
    c = state.seats[seat].stelae[-1][0]
    ci = COLOURS.index(c)
    # every value the colour has in the box, never only those the supply has left (the
    # others' hidden stelae decide that); a value not left is refused in a sentence
    part = Part("value", _("Your new {colour} stela is worth", colour=colour(c)), every_value(state))
    legal = tuple({"value": v} for v, n in state.box.values[ci] if n)
    return [Choice(key="draw_value", label=pgettext("button", "Stela value"),
                   sentence=_("{name} looked at the value of their {colour} stela.", name=name,
                              colour=colour(c, after_the=True)), group=_(DRAW_GROUP), slot=0,
                   action={"actor": CHANCE, "type": A.STELA_VALUE, "seat": seat, "colour": c},
                   seat=seat, parts=(part,), legal=legal)]


# --- Step 3: where the boulder tumbling now stopped ---------------------------------------

def _stop(state: State, seat: int, key: str, label: str, slot: int, sentence: str, action: dict[str, Any],
          why: str = "", **kw: Any) -> Choice:
    name = state.box.boulder_names[state.tumbling[0]]
    return Choice(key=key, label=label, sentence=sentence, group=_(STOP_GROUP), slot=slot,
                  action={"actor": seat, "type": A.BOULDER_STOPPED, "boulder": name, **action},
                  enabled=not why, why=why, **kw)


def place_part(state: State, i: int, row: int) -> Part:
    """Its place among the boulders already on that row, left to right."""
    names = state.box.boulder_names
    here = [boulder(names[j]) for j in others_on(state, i, row)]
    options = [PartOption(0, _("Left of {boulder}", boulder=here[0]))]
    options += [PartOption(p, _("Right of {boulder}", boulder=here[p - 1]))
                for p in range(1, len(here) + 1)]
    return Part("place", _("Left or right of it?"), tuple(options))


def stop_choices(state: State, seat: int) -> list[Choice]:
    box = state.box
    i = state.tumbling[0]
    name = boulder(box.boulder_names[i])
    pos = state.boulders[i][1]
    last = nearest_stop(state, pos)
    out = []
    at = state.at_entrance() + 1
    if at >= len(state.boulders):
        confirm = ngettext("Did the {boulder} boulder reach the entrance? The table resets the first slab. "
                           "All {at} boulders then block it: the entrance is sealed and the game ends.",
                           "Did the {boulder} boulder reach the entrance? The table resets the first {n} slabs. "
                           "All {at} boulders then block it: the entrance is sealed and the game ends.",
                           box.rows, boulder=name, at=at)
    else:
        confirm = ngettext("Did the {boulder} boulder reach the entrance? The table resets the first slab.",
                           "Did the {boulder} boulder reach the entrance? The table resets the first {n} slabs.",
                           box.rows, boulder=name)
    out.append(_stop(state, seat, "stop:entrance", pgettext("button", "Entrance"), STOP_ENTRANCE,
                     _("The {boulder} boulder reached the entrance.", boulder=name), {"where": "entrance"},
                     confirm=confirm))
    for r in range(1, box.rows + 1):
        why = ("" if r <= last and r != pos else
               _("The {boulder} boulder stands on row {row}: if it was blocked there, it stays.", boulder=name, row=r)
               if r == pos else
               _("The {boulder} boulder tumbles towards the entrance: it stops on row {row} or nearer.",
                 boulder=name, row=last))
        action = {"where": "passage", "row": r}
        others = others_on(state, i, r) if not why else []
        kw: dict[str, Any] = {}
        if others:
            kw = {"parts": (place_part(state, i, r),), "legal": tuple({"place": p} for p in range(len(others) + 1))}
        out.append(_stop(state, seat, f"stop:row:{r}", pgettext("button", "Row {row}", row=r), r,
                         _("The {boulder} boulder stopped on row {row}.", boulder=name, row=r), action, why, **kw))
    stays = {"where": "stays"} if pos > box.rows else {"where": "passage", "row": pos}
    out.append(_stop(state, seat, "stop:stays", pgettext("button", "Stays"), STOP_STAYS,
                     _("The {boulder} boulder was blocked and stays.", boulder=name), stays))
    return out


def crush_choices(state: State, seat: int) -> list[Choice]:
    name = boulder(state.box.boulder_names[state.tumbling[0]])
    out = []
    for ci, c in enumerate(COLOURS):
        why = "" if in_box(state, ci) else _("All {n} {colour} stelae are already discovered or crushed.",
                                              n=state.box.stock(c), colour=colour(c, after_the=True))
        out.append(Choice(key=f"crush:{c}", label=_("Crushed {colour}", colour=colour_name(c)),
                          sentence=_("The {boulder} boulder crushed a {colour} stela.", boulder=name, colour=colour(c)),
                          group=_(CRUSH_GROUP), slot=ci,
                          action={"actor": seat, "type": A.STELA_CRUSHED, "colour": c},
                          enabled=not why, why=why))
    return out
