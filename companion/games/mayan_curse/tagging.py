"""Tags in Mayan Curse: sacred stone tags and stela tags (docs/app.md, Tags).

A stone tag records a physical draw behind the drawing player's gate: the
tags are held until three make a hand (TagUse(hold=True), then the action);
during that player's turn, once the hand is known, a stone tag plays that
stone. A stela tag with a learned value enters a drawn stela's value or an
escaped player's stela value. The sentences (shown on the public screen)
never name a symbol or a value.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.rules.engine import CHANCE, Game, LearnSet, TagKind, TagUse

from . import actions as A
from .components import COLOURS, load_box
from .i18n import _
from .state import DRAW, REVEAL, TURN, VALUE, State
from .terms import colour, stone_name, symbol


def _describe_stone(meaning: Mapping[str, Any]) -> str:
    return _("the sacred stone {stone}", stone=" / ".join(symbol(s) for s in meaning.get("symbols") or []))


def _describe_stela(meaning: Mapping[str, Any]) -> str:
    if "value" in meaning:
        return _("a {colour} stela ({value})", colour=colour(meaning.get("colour")), value=meaning["value"])
    return _("a {colour} stela", colour=colour(meaning.get("colour")))


def stone_steps() -> list[tuple[str, dict[str, Any]]]:
    """Every sacred stone in the purse, as many of each kind as the box file says."""
    box = load_box()
    steps = []
    for kind, count in zip(box.kinds, box.stones):
        meaning = {"kind": "stone", "symbols": kind.split("/")}
        for k in range(count):
            steps.append((_("Tap the sacred stone {stone} ({k} of {count}).", stone=stone_name(kind), k=k + 1,
                            count=count), meaning))
    return steps


def stela_steps() -> list[tuple[str, dict[str, Any]]]:
    """Every stela token, by colour and value, as many as the box file says."""
    box = load_box()
    steps = []
    for c, values in zip(COLOURS, box.values):
        for value, count in values:
            meaning = {"kind": "stela", "colour": c, "value": value}
            for k in range(count):
                steps.append((_("Tap a {colour} stela worth {value} ({k} of {count}).", colour=colour(c),
                                value=value, k=k + 1, count=count), meaning))
    return steps


def tag_kinds() -> tuple[TagKind, ...]:
    return (
        TagKind("stone", _("Sacred stones"), {"symbols": list}, _describe_stone,
                lambda: [LearnSet(_("Sacred stones"), stone_steps)]),
        TagKind("stela", _("Stelae"), {"colour": str}, _describe_stela,
                lambda: [LearnSet(_("Stelae"), stela_steps)], optional={"value": int}),
    )


def _kind_of(meaning: Mapping[str, Any], kinds: Sequence[str]) -> str | None:
    symbols = [str(s) for s in meaning.get("symbols") or []]
    return next(("/".join(p) for p in (symbols, symbols[::-1]) if "/".join(p) in kinds), None)


def _fits(hand: Sequence[str], picked: Sequence[str]) -> bool:
    """Every stone picked so far is in this hand (counting repeats)."""
    left = list(hand)
    for k in picked:
        if k not in left:
            return False
        left.remove(k)
    return True


def use_tag(game: Game, state: State, seat: int | None, meaning: Mapping[str, Any], held: Sequence[Mapping[str, Any]],
            physical: bool) -> TagUse:
    kind = meaning.get("kind")
    if kind == "stone":
        return _stone(game, state, seat, meaning, held, physical)
    if kind == "stela":
        return _stela(game, state, seat, meaning, physical)
    return TagUse(sentence=_("That tag does nothing in Mayan Curse."))


def _stone(game: Game, state: State, seat: int | None, meaning: Mapping[str, Any], held: Sequence[Mapping[str, Any]],
           physical: bool) -> TagUse:
    if seat is None:
        return TagUse(sentence=_("Open your private view first (tap your fob), then tap the stones."))
    name = state.names[seat]
    if state.phase == DRAW and physical and state.queue and state.queue[0] == seat:
        draws = [a for a in game.legal_actions(state, CHANCE)]
    elif state.phase == TURN and state.queue[0] == seat and state.opts.purse == "real" \
            and not state.seats[seat].entered:
        draws = [dict(a) for a in game.legal_actions(state, seat) if a["type"] == A.ENTER_STONES]
    elif state.phase == TURN and state.queue[0] == seat and state.seats[seat].stones:
        stone = _kind_of(meaning, state.seats[seat].stones)
        if stone is None:
            return TagUse(sentence=_("{name} does not hold that stone.", name=name))
        return TagUse(action={"actor": seat, "type": A.PLAY_STONE, "stone": stone})
    else:
        return TagUse(sentence=_("A sacred stone tag records a draw only while the drawing player's "
                                 "private view is open."))
    kinds = {k for a in draws for k in a["stones"]}
    stone = _kind_of(meaning, sorted(kinds))
    picked = [k for k in (_kind_of(m, sorted(kinds)) for m in held) if k is not None]
    if stone is None or not any(_fits(a["stones"], picked + [stone]) for a in draws):
        return TagUse(sentence=_("The purse cannot have given {name} that stone; tap the stones you drew.", name=name))
    picked.append(stone)
    if len(picked) < 3:
        return TagUse(hold=True, sentence=_("{name}: {k} of 3 stones recorded.", name=name, k=len(picked)))
    hand = next(a for a in draws if sorted(a["stones"]) == sorted(picked))
    return TagUse(action=hand, sentence=_("{name}: {k} of 3 stones recorded.", name=name, k=3))


def _stela(game: Game, state: State, seat: int | None, meaning: Mapping[str, Any], physical: bool) -> TagUse:
    c, value = meaning.get("colour"), meaning.get("value")
    if value is None:
        return TagUse(sentence=_("This stela tag has no value learned; enter the value by touch."))
    if seat is None:
        return TagUse(sentence=_("Open your private view first (tap your fob), then tap the stela."))
    if state.phase == VALUE and physical and state.queue[0] == seat:
        drawn = [a for a in game.legal_actions(state, CHANCE) if a["colour"] == c and a["value"] == value]
        if drawn:
            return TagUse(action=drawn[0])
        return TagUse(sentence=_("That is not the stela {name} discovered, or no such token is left.",
                                 name=state.names[seat]))
    if state.phase in (TURN, REVEAL):
        stelae: Any = state.seats[seat].stelae
        for a in game.legal_actions(state, seat):
            if a["type"] == A.ENTER_STELA_VALUE and a["value"] == value and stelae[a["stela"]][0] == c:
                return TagUse(action=dict(a))
    return TagUse(sentence=_("A stela tag enters a value only while its player's private view is open and a "
                             "stela value is to be entered."))
