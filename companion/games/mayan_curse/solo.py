"""Solo mode: the difficulty's knowledge threshold and the twelve scenarios,
each judged at the end with a plain sentence saying which condition held or failed."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .components import COLOURS, PLACES
from .knowledge import knowledge
from .state import State

_WHERE = {"passage": "in the passage", "temple": "on the temple"}


def _knowledge(state: State) -> int:
    return knowledge(state, 0)


def judge(state: State) -> tuple[bool, str, str]:
    """(won, sentence, goal): the scenario if one was chosen, else the difficulty."""
    if state.opts.scenario:
        ok, sentence = judge_scenario(state, state.opts.scenario)
        return ok, sentence, f"scenario {state.opts.scenario}"
    ok, sentence = judge_difficulty(state, state.opts.difficulty)
    return ok, sentence, state.opts.difficulty


def judge_difficulty(state: State, name: str) -> tuple[bool, str]:
    d = state.box.difficulty(name)
    s = state.seats[0]
    needs = f"{name} needs {d.knowledge}" + (" and the camera" if d.camera else "")
    if not s.escaped:
        return False, f"Did not escape: the temple wins ({needs} and an escape)."
    k = _knowledge(state)
    if k < d.knowledge:
        return False, f"Escaped with {k} knowledge; {needs}."
    if d.camera and not s.camera:
        return False, f"Escaped with {k} knowledge but no camera; {needs}."
    return True, f"Escaped with {k} knowledge{' and the camera' if d.camera else ''}; {needs}: won."


def _checks(state: State, sc: Any) -> Iterator[tuple[bool, str]]:
    """Yield (held, sentence) per condition of scenario `sc`, in the order the text names them."""
    s = state.seats[0]
    k = _knowledge(state)
    tag = f"scenario {sc.number}"
    if sc.knowledge:
        yield k >= sc.knowledge, f"Escaped with {k} knowledge; {tag} needs {sc.knowledge}."
    for colour, n in sc.min_stelae:
        have = sum(1 for c, _, _ in s.stelae if c == colour)
        yield have >= n, f"Escaped with {have} {colour} stela{'e' if have != 1 else ''}; {tag} needs at least {n}."
    if sc.max_stelae is not None:
        have = len(s.stelae)
        allows = "none" if sc.max_stelae == 0 else f"at most {sc.max_stelae}"
        yield have <= sc.max_stelae, f"Escaped with {have} stela{'e' if have != 1 else ''}; {tag} allows {allows}."
    if sc.backpack_unused:
        yield (not s.backpack,
               f"Escaped {'having used the ' + s.backpack if s.backpack else 'without using the backpack'}; "
               f"{tag} needs the backpack unused.")
    if sc.camera == "required":
        yield s.camera, f"Escaped {'with' if s.camera else 'without'} a camera; {tag} needs one."
    if sc.camera == "forbidden":
        yield not s.camera, f"Escaped {'with' if s.camera else 'without'} a camera; {tag} allows none."
    if sc.max_boulders_at_entrance is not None:
        at = s.escaped_with
        need = "before any boulder reached it" if sc.max_boulders_at_entrance == 0 else \
            f"before {sc.max_boulders_at_entrance + 1} boulders reached it"
        yield at <= sc.max_boulders_at_entrance, \
            f"Escaped when {at} boulder{'s' if at != 1 else ''} had reached the entrance; {tag} needs escaping {need}."
    for colour, place in sc.all_stelae:
        ci, pi = COLOURS.index(colour), PLACES.index(place)
        laid = state.laid[ci][pi]  # the layout in force when the game was set up
        crushed = state.crushed[ci] if pi == 0 else 0
        found = sum(1 for c, p, _ in s.stelae if c == colour and p == place)
        need = laid - crushed if state.opts.all_stelae == "uncrushed" else laid
        extra = f" ({crushed} crushed by boulders)" if crushed else ""
        needs = "every one not crushed" if state.opts.all_stelae == "uncrushed" else "all of them"
        yield found >= need, (f"Discovered {found} of the {laid} {colour} stelae {_WHERE[place]}{extra}; "
                              f"{tag} needs {needs}.")


def judge_scenario(state: State, number: int) -> tuple[bool, str]:
    sc = state.box.scenarios[number - 1]
    if not state.seats[0].escaped:
        return False, f"Did not escape; scenario {number} ({sc.text}) needs an escape."
    held = []
    for ok, sentence in _checks(state, sc):
        if not ok:
            return False, sentence
        fact = sentence.split("; ")[0]
        held.append(fact[0].lower() + fact[1:])
    return True, f"Scenario {number} won ({sc.text}): {'; '.join(held) or 'escaped'}."
