"""What a Maya player can do now, as Choices (companion/rules/choices.py): short labels,
the sentence of each from words.py, groups a player reads, and stable slots.

Stable slots: a choice's key always has the same group and slot, whoever plays
and whatever the turn (a pyramid's button is slot = its index in every phase
that builds; a pass is always last). While building, every pyramid and the paid
double move are listed even when not possible now (disabled, with `why`), so a
button never moves from one player to the next (issue 22).

A move made of several parts is one choice with its parts as pickers and their
legal combinations (a double move: first, then; a moved block: from, level,
into; a worker card: the card from the hand, then the quarry) instead of a path
of nested buttons. Choices that use what only one seat knows (its cards, its
sealed bid) have `seat=` that seat: the privacy gate or that seat's phone only
(while one waits, the view's player says so in `private`: the label of the
button that opens their private view).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from companion.rules.choices import Choice, Part, PartOption
from companion.rules.engine import CHANCE

from . import actions as A
from . import auction, building, distribution, quarrying, views
from . import markers as mk
from . import menu_words as W
from . import setup as setup_mod
from .components import BLUE_MARKERS
from .i18n import N_, _
from .rounds import actors
from .state import (
    AUCTION_CHOICE,
    AUCTION_DRAW,
    BIDDING,
    BUILDING,
    DISTRIBUTION,
    FIRST_PLAYER,
    QUARRYING,
    SETUP,
    State,
)
from .words import action_sentence, marker_name, names_of, number, pyramid_name

Action = dict[str, Any]
View = Mapping[str, Any]

LAST = 99  # the slot of a pass, a decline, "Column complete": always the last of its group
DOUBLE = 50  # the paid double move, after every pyramid

# the groups a player reads (section titles)
# (marked with N_: a Choice's group is translated in menu(), its last step; group_title)
G_START, G_WHO, G_AUCTION, G_BID = N_("Starting block"), N_("Who starts"), N_("Blue markers"), N_("Your bid")
# i18n: a section of buttons: the quarry's column of cards, entered card by card
G_CARDS, G_COLUMN, G_MINUS = N_("Your cards"), N_("Column"), N_("−3 card")
# i18n: sections of buttons: building, the markers' moves, the joker's uses, the blue markers drawn
G_BUILD, G_MARKERS, G_JOKER, G_DRAW = N_("Build"), N_("Markers"), N_("Joker"), N_("The draw")
G_PENDING = {"protect": N_("Protection"), "move_block": N_("Move a block"), "pool_block": N_("Block from the pool"),
             "appoint": N_("Who starts"), "two_points": N_("+2 points")}
#: the order of the groups on a screen
GROUPS = (G_START, G_WHO, G_AUCTION, G_BID, G_CARDS, G_COLUMN, G_MINUS, *G_PENDING.values(), G_JOKER,
          G_BUILD, G_MARKERS, G_DRAW)

#: the joker's uses while quarrying and before transport, by slot (markers.JOKER_WHEN)
JOKER_SLOTS = {"protect": 0, "transport2": 1, "move_block": 2, "pool_block": 3}
#: building's marker moves, by slot
MARKER_SLOTS = {"free_double": 0, "joker:free_double": 1, "free_pass": 2, "joker:free_pass": 3}


def menu(state: State, seat: Any) -> list[Choice]:
    """Every choice `seat` has now (an empty list when it has none), sorted by group and slot."""
    if seat == CHANCE or (seat == state.starting and CHANCE in actors(state)):
        # a physical draw is entered at the table by the starting player (TableController
        # asks every seat's menu while a person must enter a draw)
        return [replace(c, group=group_title(c.group)) for c in _draw(state)]
    if seat not in actors(state):
        return []
    view = views.public(state)
    if state.pending:
        out = _pending(state, view, seat)
    else:
        out = PHASES.get(state.phase, _nothing)(state, view, seat)
    out.sort(key=lambda c: (GROUPS.index(c.group), c.slot))
    usual = highlighted(out)
    return [replace(c, group=group_title(c.group), extra={**c.extra, "usual": True} if c.key == usual else c.extra)
            for c in out]


def group_title(group: str) -> str:
    """A group (one of GROUPS) as the player reads it, in the current language: a
    Choice's `group` (compare a Choice's group with group_title(G_MARKERS))."""
    return _(group)


def _group_id(title: str) -> str:
    """The group (one of GROUPS) a Choice's translated group title stands for."""
    return next((g for g in GROUPS if title in (g, _(g))), title)


def _nothing(state: State, view: View, seat: int) -> list[Choice]:
    return []


def _choice(view: View, key: str, label: str, group: str, slot: int, action: Action, **kw: Any) -> Choice:
    sentence = kw.pop("sentence", None) or action_sentence(view, action)
    return Choice(key=key, label=label, sentence=sentence, group=group, slot=slot, action=action, **kw)


def _pyramids(view: View) -> tuple[PartOption, ...]:
    return tuple(PartOption(p, pyramid_name(view, p)) for p in range(len(view["pyramids"])))


def _quarries(view: View) -> tuple[PartOption, ...]:
    return tuple(PartOption(q, W.quarry_label(q)) for q in range(len(view["quarries"])))


def _levels(view: View) -> tuple[PartOption, ...]:
    most = max(len(p["levels"]) for p in view["pyramids"])
    return tuple(PartOption(lv, W.level_label(lv)) for lv in range(most))


# --- the phases ----------------------------------------------------------------------

def _setup(state: State, view: View, seat: int) -> list[Choice]:
    fits = set(setup_mod.targets(state, seat))
    out = []
    for p in range(len(state.pyramids)):
        action = {"actor": seat, "type": A.SETUP_BLOCK, "pyramid": p}
        out.append(_choice(view, f"start:{p}", pyramid_name(view, p), G_START, p, action,
                           enabled=p in fits, why="" if p in fits else W.why_no_start(view, seat, p)))
    return out


def _first_player(state: State, view: View, seat: int) -> list[Choice]:
    return [_choice(view, f"starts:{s}", names_of(view)[s], G_WHO, s,
                    {"actor": seat, "type": A.CHOOSE_STARTING_PLAYER, "seat": s}) for s in range(state.n)]


def _auction_choice(state: State, view: View, seat: int) -> list[Choice]:
    return [_choice(view, f"blue:{a['marker']}", marker_name(a["marker"]), G_AUCTION,
                    BLUE_MARKERS.index(a["marker"]), a) for a in auction.choose_legal(state, seat)]


def _bidding(state: State, view: View, seat: int) -> list[Choice]:
    legal = auction.bid_legal(state, seat)
    gold = tuple(PartOption(a["gold"], str(a["gold"])) for a in legal)
    bid = Choice(key="bid", label=_(W.BID_LABEL), sentence=W.bid_sentence(view, seat), group=G_BID, slot=0,
                 action={"actor": seat, "type": A.BID}, seat=seat,
                 parts=(Part("gold", _(W.BID_PART), gold),), legal=tuple({"gold": a["gold"]} for a in legal))
    return [bid]


def _quarrying(state: State, view: View, seat: int) -> list[Choice]:
    legal = quarrying.legal(state, seat)
    places = [a for a in legal if a["type"] == A.PLACE_WORKER]
    values = sorted(set(state.box.worker_cards), key=lambda v: (v < 0, v))
    lay = Choice(key="lay", label=_(W.LAY_LABEL), sentence=W.lay_sentence(view, seat), group=G_CARDS, slot=0,
                 action={"actor": seat, "type": A.PLACE_WORKER}, seat=seat,
                 parts=(Part("card", _(W.CARD_PART), tuple(PartOption(v, number(v)) for v in values)),
                        Part("quarry", _(W.QUARRY_PART), _quarries(view))),
                 legal=tuple({"card": a["card"], "quarry": a["quarry"]} for a in places),
                 enabled=bool(places), why="" if places else _(W.NO_CARD_FITS),
                 extra={"picked": {str(v): W.lay_picked(v) for v in values}})
    passing = {"actor": seat, "type": A.PASS}
    return [lay, _choice(view, "quarry_pass", _(W.PASS_LABEL), G_CARDS, LAST, passing, seat=seat,
                         confirm=_(W.QUARRY_PASS_QUESTION))]


def _distribution(state: State, view: View, seat: int) -> list[Choice]:
    """Scoring-only: the starting player enters the right-hand column card by card."""
    legal = distribution.entry_legal(state, seat)
    out = []
    values = sorted(set(state.box.worker_cards), key=lambda v: (v < 0, v))
    for s in range(state.n):
        mine = [a for a in legal if a["type"] == A.ENTER_CARD and a["seat"] == s]
        if not mine:
            continue
        out.append(Choice(key=f"card_of:{s}", label=W.card_of_label(view, s), sentence=W.card_of_sentence(view, s),
                          group=G_COLUMN, slot=s, action={"actor": seat, "type": A.ENTER_CARD, "seat": s},
                          parts=(Part("card", _(W.CARD_PART), tuple(PartOption(v, number(v)) for v in values)),),
                          legal=tuple({"card": a["card"]} for a in mine)))
    out.append(_choice(view, "column_complete", _(W.COLUMN_LABEL), G_COLUMN, LAST,
                       {"actor": seat, "type": A.CLOSE_COLUMN}))
    return out


def _building(state: State, view: View, seat: int) -> list[Choice]:
    legal = building.legal(state, seat)
    where = set(building.placements(state, seat))
    out = []
    for p in range(len(state.pyramids)):
        action = {"actor": seat, "type": A.PLACE_BLOCK, "pyramid": p}
        out.append(_choice(view, f"build:{p}", pyramid_name(view, p), G_BUILD, p, action, enabled=p in where,
                           why="" if p in where else building.why_not(state, seat, p)))
    doubles = [a for a in legal if a["type"] == A.DOUBLE_MOVE and not a["free"]]
    out.append(_double(view, seat, "double", _(W.DOUBLE_LABEL), G_BUILD, DOUBLE,
                       {"actor": seat, "type": A.DOUBLE_MOVE, "free": False}, doubles,
                       confirm=_(W.DOUBLE_QUESTION), why=W.why_no_double(view, seat, bool(where))))
    forced = bool(legal) and all(a["type"] == A.PASS and "free" in a for a in legal)
    paid = {"actor": seat, "type": A.PASS, "free": False}
    out.append(_choice(view, "pass", _(W.FORCED_PASS_LABEL) if forced else _(W.PASS_LABEL), G_BUILD, LAST, paid,
                       sentence=W.forced_pass_sentence(view, seat) if forced else None,
                       confirm=None if forced else _(W.PAID_PASS_QUESTION)))
    free_doubles = [a for a in legal if a["type"] == A.DOUBLE_MOVE and a["free"]]
    if free_doubles:
        out.append(_double(view, seat, "free_double", _(W.FREE_DOUBLE_LABEL), G_MARKERS, MARKER_SLOTS["free_double"],
                           {"actor": seat, "type": A.DOUBLE_MOVE, "free": True}, free_doubles))
    joker_doubles = [a for a in legal if a["type"] == A.USE_JOKER and a["as"] == "free_double"]
    if joker_doubles:
        out.append(_double(view, seat, "joker:free_double", _(W.JOKER_DOUBLE_LABEL), G_MARKERS,
                           MARKER_SLOTS["joker:free_double"],
                           {"actor": seat, "type": A.USE_JOKER, "as": "free_double"}, joker_doubles))
    for a in legal:
        if a["type"] == A.PASS and a.get("free"):
            out.append(_choice(view, "free_pass", _(W.FREE_PASS_LABEL), G_MARKERS, MARKER_SLOTS["free_pass"], a,
                               confirm=_(W.FREE_PASS_QUESTION)))
        if a["type"] == A.USE_JOKER and a["as"] == "free_pass":
            out.append(_choice(view, "joker:free_pass", _(W.JOKER_PASS_LABEL), G_MARKERS,
                               MARKER_SLOTS["joker:free_pass"], a, confirm=_(W.JOKER_PASS_QUESTION)))
    return out


def _double(view: View, seat: int, key: str, label: str, group: str, slot: int, action: Action,
            legal: list[Action], confirm: str | None = None, why: str = "") -> Choice:
    """A double move: the first pyramid, then the second (one part of two picks)."""
    return Choice(key=key, label=label, sentence=W.double_sentence(view, seat, action), group=group, slot=slot,
                  action=action, confirm=confirm,
                  parts=(Part("pyramids", _(W.DOUBLE_PART), _pyramids(view), count=2),),
                  legal=tuple({"pyramids": tuple(a["pyramids"])} for a in legal),
                  enabled=bool(legal), why="" if legal else why)


# --- the decisions the rules ask first (state.pending) ----------------------------------

def _pending(state: State, view: View, seat: int) -> list[Choice]:
    pend = state.pending[0]
    if pend.kind == "minus_three":
        legal = distribution.minus_three_legal(state, pend)
        return [_choice(view, f"minus3:{a['target']}", names_of(view)[a["target"]], G_MINUS, a["target"], a)
                if a["type"] == A.MINUS_THREE else
                _choice(view, "minus3:decline", _(W.DECLINE_LABEL), G_MINUS, LAST, a) for a in legal]
    legal = mk.legal(state, pend)
    if pend.kind in ("joker", "joker_carry"):
        return _joker(view, seat, legal)
    group = G_PENDING[pend.kind]
    out = []
    for a in legal:
        t = a["type"]
        if t == A.DECLINE:
            out.append(_choice(view, f"{pend.kind}:decline", _(W.DECLINE_LABEL), group, LAST, a))
        elif t in (A.PLACE_PROTECTION, A.PLACE_TWO_POINTS):
            out.append(_choice(view, f"{pend.kind}:{a['quarry']}", W.quarry_label(a["quarry"]), group, a["quarry"], a))
        elif t == A.POOL_BLOCK:
            out.append(_choice(view, f"pool:{a['pyramid']}", pyramid_name(view, a["pyramid"]), group,
                               a["pyramid"], a))
        elif t == A.APPOINT_STARTING_PLAYER:
            out.append(_choice(view, f"appoint:{a['seat']}", names_of(view)[a["seat"]], group, a["seat"], a))
    moves = [a for a in legal if a["type"] == A.MOVE_BLOCK]
    if moves:
        out.append(_move(view, seat, "move", _(W.MOVE_LABEL), group, 0, {"actor": seat, "type": A.MOVE_BLOCK}, moves))
    return out


def _move(view: View, seat: int, key: str, label: str, group: str, slot: int, action: Action,
          legal: list[Action]) -> Choice:
    """A block moved into a first level: from which pyramid, which level, into which pyramid."""
    return Choice(key=key, label=label, sentence=W.move_sentence(view, seat), group=group, slot=slot,
                  action=action,
                  parts=(Part("pyramid", _(W.FROM_PART), _pyramids(view)),
                         Part("level", _(W.LEVEL_PART), _levels(view)), Part("to", _(W.INTO_PART), _pyramids(view))),
                  legal=tuple({"pyramid": a["pyramid"], "level": a["level"], "to": a["to"]} for a in legal))


def _joker(view: View, seat: int, legal: list[Action]) -> list[Choice]:
    out = []
    by_as: dict[str, list[Action]] = {}
    for a in legal:
        if a["type"] == A.DECLINE:
            out.append(_choice(view, "joker:keep", _(W.KEEP_JOKER_LABEL), G_JOKER, LAST, a))
        else:
            by_as.setdefault(a["as"], []).append(a)
    for as_, acts in by_as.items():
        key, label, slot = f"joker:{as_}", W.joker_label(as_), JOKER_SLOTS[as_]
        base = {"actor": seat, "type": A.USE_JOKER, "as": as_}
        sentence = W.joker_sentence(view, seat, as_)
        if as_ == "move_block":
            out.append(_move(view, seat, key, label, G_JOKER, slot, base, acts))
        elif as_ == "protect":
            out.append(Choice(key=key, label=label, sentence=sentence, group=G_JOKER, slot=slot, action=base,
                              parts=(Part("quarry", _(W.QUARRY_PART), _quarries(view)),),
                              legal=tuple({"quarry": a["quarry"]} for a in acts)))
        elif as_ == "pool_block":
            out.append(Choice(key=key, label=label, sentence=sentence, group=G_JOKER, slot=slot, action=base,
                              parts=(Part("pyramid", _(W.INTO_PART), _pyramids(view)),),
                              legal=tuple({"pyramid": a["pyramid"]} for a in acts)))
        else:
            out.append(_choice(view, key, label, G_JOKER, slot, acts[0], sentence=sentence))
    return out


# --- a physical draw: the blue markers drawn for the auction, entered at the table ------

def _draw(state: State) -> list[Choice]:
    if state.phase != AUCTION_DRAW or state.pending:
        return []
    legal = [a for a, _chance in auction.draw_outcomes(state)]
    return [Choice(key="draw", label=_(W.DRAW_LABEL), sentence=_(W.DRAW_SENTENCE), group=G_DRAW, slot=0,
                   action={"actor": CHANCE, "type": A.DRAW_BLUE_MARKERS},
                   parts=(Part("markers", _(W.DRAW_PART),
                               tuple(PartOption(m, marker_name(m)) for m in BLUE_MARKERS), count=state.n - 1),),
                   legal=tuple({"markers": tuple(a["markers"])} for a in legal))]


PHASES = {SETUP: _setup, FIRST_PLAYER: _first_player, AUCTION_CHOICE: _auction_choice, BIDDING: _bidding,
          QUARRYING: _quarrying, DISTRIBUTION: _distribution, BUILDING: _building}


def highlighted(choices: list[Choice]) -> str | None:
    """The key of the usual move (Choice.extra["usual"], for a screen to highlight): the
    first enabled one that asks no confirmation and is no decline or pass, so an
    irreversible move is never the highlighted default."""
    for c in choices:
        if c.enabled and c.confirm is None and c.slot != LAST:
            return c.key
    return None


def places(view: View, group: str) -> tuple[int, ...]:
    """The slots of `group` in screen order, every one of them whether offered now or
    not: a screen gives each its own place, so a choice sits in the same place for
    every player and turn and one not offered leaves its place empty. The LAST slot
    of a group that has one (a pass, a decline) is always its last place."""
    group = _group_id(group)
    n, p, q = len(view["players"]), len(view["pyramids"]), len(view["quarries"])
    numbered = {G_START: p, G_WHO: n, G_AUCTION: len(BLUE_MARKERS), G_COLUMN: n, G_MINUS: n,
                G_PENDING["protect"]: q, G_PENDING["two_points"]: q, G_PENDING["pool_block"]: p,
                G_PENDING["appoint"]: n, G_JOKER: len(JOKER_SLOTS), G_MARKERS: len(MARKER_SLOTS)}
    if group == G_BUILD:
        return (*range(p), DOUBLE, LAST)
    if group in (G_MARKERS, G_START, G_WHO, G_AUCTION, G_BID, G_DRAW):  # no pass or decline
        return tuple(range(numbered.get(group, 1)))
    return (*range(numbered.get(group, 1)), LAST)
