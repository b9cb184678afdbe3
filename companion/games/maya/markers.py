"""The Special Property markers: the seven green ones won at the quarries and
the four blue ones of the advanced game. Markers used "at once" are decisions
(Pending) of their winner; the others are held for the round and used later
(transport, building)."""
from __future__ import annotations

from typing import Any, cast

from companion.rules.engine import Action, require
from companion.rules.limits import shown
from companion.rules.seats import is_seat

from .components import titles
from .i18n import N_, _
from .state import Pending, State, add_block, level_full, note, replace, tup_add, tup_set

# Green markers used at once, as decisions of their winner; the rest are held.
AT_ONCE = ("protect", "move_block", "pool_block", "first_player")
HELD = ("transport2", "free_pass", "free_double")
JOKER_AS = ("protect", "move_block", "pool_block", "transport2", "free_pass", "free_double")
# The joker is decided at the moment of use, once per round (rules-notes.md): when quarrying
# ends (protection, or a block moved / from the pool), once the quarry results are known
# (+2 transport, or a block), and on its holder's building turn (free pass, free double move).
JOKER_WHEN = {
    "joker": ("protect", "move_block", "pool_block"),
    "joker_carry": ("transport2", "move_block", "pool_block"),
    "building": ("free_pass", "free_double"),
}
OPTIONAL = ("move_block", "pool_block", "two_points")  # these may be declined


def has(state: State, seat: int, name: str) -> bool:
    held = state.markers[seat]
    return name in held or ("joker:" + name) in held


def use(state: State, seat: int, name: str) -> State:
    """Spend a held marker (a green one, or the joker standing in for it)."""
    held = list(state.markers[seat])
    held.remove(name if name in held else "joker:" + name)
    return replace(state, markers=tup_set(state.markers, seat, tuple(held)))


def give(state: State, seat: int, name: str) -> State:
    return replace(state, markers=tup_set(state.markers, seat, state.markers[seat] + (name,)))


def concealed_quarries(state: State, besides: int | None = None) -> list[int]:
    """Quarries that still have concealed cards (scoring-only: not yet entered)."""
    out = []
    for q, quarry in enumerate(state.quarries):
        if q == besides or quarry.revealed:
            continue
        if state.options.quarries == "companion" and not quarry.cards:
            continue
        out.append(q)
    return out


def columns(state: State) -> list[int]:
    """Quarries with a column of cards for the 2 points marker to lie beside
    ("next to the concealed column of cards"). Scoring-only: the columns are
    entered later, so every quarry is offered and the table is trusted."""
    if state.options.quarries == "companion":
        return [q for q, quarry in enumerate(state.quarries) if quarry.cards]
    return list(range(len(state.quarries)))


def move_targets(state: State, seat: int) -> list[tuple[int, int, int]]:
    """(pyramid, level, to) for moving one of seat's blocks into a first level."""
    out = []
    for p, pyr in enumerate(state.pyramids):
        for level, counts in enumerate(pyr):
            if counts[seat] == 0:
                continue
            for to in range(len(state.pyramids)):
                if (to, 0) != (p, level) and not level_full(state, to, 0):
                    out.append((p, level, to))
    return out


def lowest_free_level(state: State, p: int) -> int | None:
    for level in range(len(state.pyramids[p])):
        if not level_full(state, p, level):
            return level
    return None


def pool_targets(state: State, seat: int) -> list[int]:
    if state.pool[seat] == 0:
        return []
    return [p for p in range(len(state.pyramids)) if lowest_free_level(state, p) is not None]


def pending_for(state: State, seat: int, marker: str, quarry: int | None) -> Pending | None:
    """The decision winning `marker` asks of `seat`, or None when it cannot be used."""
    if marker == "protect":
        return Pending("protect", seat, quarry) if concealed_quarries(state, quarry) else None
    if marker == "move_block":
        return Pending("move_block", seat) if move_targets(state, seat) else None
    if marker == "pool_block":
        return Pending("pool_block", seat) if pool_targets(state, seat) else None
    if marker == "first_player":
        return Pending("appoint", seat)
    raise AssertionError(marker)


def legal(state: State, pend: Pending) -> list[Action]:
    seat = pend.seat
    kind = pend.kind
    if kind == "protect":
        return [{"actor": seat, "type": "place_protection", "quarry": q}
                for q in concealed_quarries(state, pend.quarry)]
    if kind == "move_block":
        return [{"actor": seat, "type": "move_block", "pyramid": p, "level": lv, "to": to}
                for p, lv, to in move_targets(state, seat)] + [{"actor": seat, "type": "decline"}]
    if kind == "pool_block":
        return [{"actor": seat, "type": "pool_block", "pyramid": p}
                for p in pool_targets(state, seat)] + [{"actor": seat, "type": "decline"}]
    if kind == "appoint":
        return [{"actor": seat, "type": "appoint_starting_player", "seat": s} for s in range(state.n)]
    if kind == "two_points":
        return [{"actor": seat, "type": "place_two_points", "quarry": q}
                for q in columns(state)] + [{"actor": seat, "type": "decline"}]
    if kind in ("joker", "joker_carry"):
        out = []
        if kind == "joker":
            out += [{"actor": seat, "type": "use_joker", "as": "protect", "quarry": q}
                    for q in concealed_quarries(state)]
        else:
            out.append({"actor": seat, "type": "use_joker", "as": "transport2"})
        out += [{"actor": seat, "type": "use_joker", "as": "move_block", "pyramid": p, "level": lv, "to": to}
                for p, lv, to in move_targets(state, seat)]
        out += [{"actor": seat, "type": "use_joker", "as": "pool_block", "pyramid": p}
                for p in pool_targets(state, seat)]
        return out + [{"actor": seat, "type": "decline"}]
    raise AssertionError(kind)


def apply(state: State, pend: Pending, action: Action) -> State:
    """Carry out the decision `pend` with `action` (already known to be its seat's)."""
    seat = pend.seat
    name = state.names[seat]
    kind = action["type"]
    rest = replace(state, pending=state.pending[1:])
    expected = {
        "protect": ("place_protection",),
        "move_block": ("move_block", "decline"),
        "pool_block": ("pool_block", "decline"),
        "appoint": ("appoint_starting_player",),
        "two_points": ("place_two_points", "decline"),
        "joker": ("use_joker", "decline"),
        "joker_carry": ("use_joker", "decline"),
    }[pend.kind]
    require(kind in expected, _(DESCRIBE[pend.kind], name=name))
    if kind == "decline":
        return rest
    if kind == "place_protection":
        q = action.get("quarry")
        require(q in concealed_quarries(state, pend.quarry),
                _("The protection marker goes on another quarry that still has concealed cards."))
        return protect(rest, seat, cast(int, q))
    if kind == "move_block":
        return move_block(rest, seat, action)
    if kind == "pool_block":
        return pool_block(rest, seat, action)
    if kind == "appoint_starting_player":
        s = action.get("seat")
        require(is_seat(s, state.n), _("There is no player {seat} at this table.", seat=shown(s)))
        # the new starting player keeps the marker in front of them and
        # chooses the starting player of the next round
        return note(replace(rest, starting=s, fp_holder=s), {"event": "appointed", "by": seat, "seat": s})
    if kind == "place_two_points":
        q = action.get("quarry")
        require(isinstance(q, int) and not isinstance(q, bool) and 0 <= q < len(state.quarries),
                no_quarry(state, q))
        q = cast(int, q)
        require(q in columns(state), _("The 2 points marker goes beside a column of cards; there are no cards "
                                       "at quarry {q}.", q=q + 1))
        rest = use(rest, seat, "two_points")
        quarries = tup_set(rest.quarries, q, replace(rest.quarries[q], two_points=seat))
        return replace(rest, quarries=quarries)
    if kind == "use_joker":
        as_ = action.get("as")
        require(as_ in JOKER_AS, _("The joker stands for any green marker but First Player: {markers}.",
                                   markers=titles(JOKER_AS)))
        now = JOKER_WHEN[pend.kind]
        require(as_ in now, _("Now the joker can stand for {now}; {later} are used on a building turn.",
                              now=titles(now), later=titles(JOKER_WHEN["building"])))
        held = list(rest.markers[seat])
        held.remove("joker")
        if as_ in HELD:  # +2 transport: counted at transport, which comes next
            held.append("joker:" + as_)
            return replace(rest, markers=tup_set(rest.markers, seat, tuple(held)))
        rest = replace(rest, markers=tup_set(rest.markers, seat, tuple(held)))
        if as_ == "protect":
            q = action.get("quarry")
            require(q in concealed_quarries(state),
                    _("The joker's protection goes on a quarry that still has concealed cards."))
            return protect(rest, seat, cast(int, q))
        if as_ == "move_block":
            return move_block(rest, seat, action)
        return pool_block(rest, seat, action)
    raise AssertionError(kind)


#: What a decision's player must do first, as a refusal of anything else (N_: translated where said).
DESCRIBE = {
    "protect": N_("{name} must first place the protection marker on another quarry."),
    "move_block": N_("{name} must first move a block to a first level, or decline."),
    "pool_block": N_("{name} must first place a block from the pool, or decline."),
    "appoint": N_("{name} must first appoint the starting player."),
    "two_points": N_("{name} must first place the 2 points marker at a quarry, or decline."),
    "joker": N_("{name} must first use the joker now or keep it."),
    "joker_carry": N_("{name} must first use the joker now or keep it."),
    "minus_three": N_("{name} must first choose whom the -3 card takes 3 points from, or decline."),
}


def no_quarry(state: State, q: Any) -> str:
    """The sentence for a quarry number that does not exist (players count
    the quarries from 1, left to right)."""
    shown = q + 1 if isinstance(q, int) and not isinstance(q, bool) else q
    return _("There is no quarry {q}; the quarries are numbered 1 to {n} from the left.", q=repr(shown),
             n=len(state.quarries))


def protect(state: State, seat: int, q: int) -> State:
    quarries = tup_set(state.quarries, q, replace(state.quarries[q], protected=state.quarries[q].protected + (seat,)))
    return replace(state, quarries=quarries)


def move_block(state: State, seat: int, action: Action) -> State:
    key = (action.get("pyramid"), action.get("level"), action.get("to"))
    require(key in move_targets(state, seat),
            _("{name} may move one of their own blocks into a first level that has room.", name=state.names[seat]))
    p, level, to = cast(tuple[int, int, int], key)
    pyramids = add_block(add_block(state.pyramids, p, level, seat, -1), to, 0, seat)
    return replace(state, pyramids=pyramids)


def pool_block(state: State, seat: int, action: Action) -> State:
    p = action.get("pyramid")
    require(p in pool_targets(state, seat),
            _("{name}'s block from the pool goes into a pyramid that has room.", name=state.names[seat]))
    p = cast(int, p)
    level = cast(int, lowest_free_level(state, p))
    return replace(state, pyramids=add_block(state.pyramids, p, level, seat), pool=tup_add(state.pool, seat, -1))
