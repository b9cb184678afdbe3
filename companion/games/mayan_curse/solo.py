"""Solo mode: the difficulty's knowledge threshold and the twelve scenarios,
each judged at the end with a plain sentence saying which condition held or failed."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .components import COLOURS, PLACES
from .i18n import _, ngettext
from .knowledge import knowledge
from .state import State
from .terms import colour, difficulty, scenario_text, the_item


def _knowledge(state: State) -> int:
    return knowledge(state, 0)


def judge(state: State) -> tuple[bool, str, str]:
    """(won, sentence, goal): the scenario if one was chosen, else the difficulty.
    The goal is data (the scenario's number or the difficulty's name), not a sentence."""
    if state.opts.scenario:
        ok, sentence = judge_scenario(state, state.opts.scenario)
        return ok, sentence, f"scenario {state.opts.scenario}"
    ok, sentence = judge_difficulty(state, state.opts.difficulty)
    return ok, sentence, state.opts.difficulty


def judge_difficulty(state: State, name: str) -> tuple[bool, str]:
    d = state.box.difficulty(name)
    s = state.seats[0]
    level = difficulty(name)
    needs = (_("{level} needs {n} and the camera", level=level, n=d.knowledge) if d.camera
             else _("{level} needs {n}", level=level, n=d.knowledge))
    if not s.escaped:
        return False, _("Did not escape: the temple wins ({needs} and an escape).", needs=needs)
    k = _knowledge(state)
    if k < d.knowledge:
        return False, _("Escaped with {k} knowledge; {needs}.", k=k, needs=needs)
    if d.camera and not s.camera:
        return False, _("Escaped with {k} knowledge but no camera; {needs}.", k=k, needs=needs)
    if d.camera:
        return True, _("Escaped with {k} knowledge and the camera; {needs}: won.", k=k, needs=needs)
    return True, _("Escaped with {k} knowledge; {needs}: won.", k=k, needs=needs)


def _checks(state: State, sc: Any) -> Iterator[tuple[bool, str, str]]:
    """Yield (held, fact, sentence) per condition of scenario `sc`, in the order the text
    names them: the fact alone ("escaped with 3 gray stelae") for a scenario won, the
    sentence with what the scenario needs for one lost."""
    s = state.seats[0]
    k = _knowledge(state)
    tag = sc.number
    if sc.knowledge:
        yield (k >= sc.knowledge, _("escaped with {k} knowledge", k=k),
               _("Escaped with {k} knowledge; scenario {number} needs {need}.", k=k, number=tag, need=sc.knowledge))
    for c, n in sc.min_stelae:
        have = sum(1 for x, _p, _v in s.stelae if x == c)
        yield (have >= n,
               ngettext("escaped with {n} {colour} stela", "escaped with {n} {colour} stelae", have, colour=colour(c)),
               ngettext("Escaped with {n} {colour} stela; scenario {number} needs at least {need}.",
                        "Escaped with {n} {colour} stelae; scenario {number} needs at least {need}.", have,
                        colour=colour(c), number=tag, need=n))
    if sc.max_stelae is not None:
        have = len(s.stelae)
        fact = ngettext("escaped with {n} stela", "escaped with {n} stelae", have)
        if sc.max_stelae == 0:
            why = ngettext("Escaped with {n} stela; scenario {number} allows none.",
                           "Escaped with {n} stelae; scenario {number} allows none.", have, number=tag)
        else:
            why = ngettext("Escaped with {n} stela; scenario {number} allows at most {most}.",
                           "Escaped with {n} stelae; scenario {number} allows at most {most}.", have,
                           number=tag, most=sc.max_stelae)
        yield have <= sc.max_stelae, fact, why
    if sc.backpack_unused:
        if s.backpack:
            yield (False, _("escaped having used {item}", item=the_item(s.backpack)),
                   _("Escaped having used {item}; scenario {number} needs the backpack unused.",
                     item=the_item(s.backpack), number=tag))
        else:
            yield (True, _("escaped without using the backpack"),
                   _("Escaped without using the backpack; scenario {number} needs the backpack unused.", number=tag))
    if sc.camera == "required":
        yield (s.camera, _("escaped with a camera") if s.camera else _("escaped without a camera"),
               _("Escaped with a camera; scenario {number} needs one.", number=tag) if s.camera else
               _("Escaped without a camera; scenario {number} needs one.", number=tag))
    if sc.camera == "forbidden":
        yield (not s.camera, _("escaped with a camera") if s.camera else _("escaped without a camera"),
               _("Escaped with a camera; scenario {number} allows none.", number=tag) if s.camera else
               _("Escaped without a camera; scenario {number} allows none.", number=tag))
    if sc.max_boulders_at_entrance is not None:
        at = s.escaped_with
        fact = ngettext("escaped when {n} boulder had reached the entrance",
                        "escaped when {n} boulders had reached the entrance", at)
        if sc.max_boulders_at_entrance == 0:
            why = ngettext("Escaped when {n} boulder had reached the entrance; scenario {number} needs escaping "
                           "before any boulder reached it.",
                           "Escaped when {n} boulders had reached the entrance; scenario {number} needs escaping "
                           "before any boulder reached it.", at, number=tag)
        else:
            why = ngettext("Escaped when {n} boulder had reached the entrance; scenario {number} needs escaping "
                           "before {most} boulders reached it.",
                           "Escaped when {n} boulders had reached the entrance; scenario {number} needs escaping "
                           "before {most} boulders reached it.", at, number=tag,
                           most=sc.max_boulders_at_entrance + 1)
        yield at <= sc.max_boulders_at_entrance, fact, why
    for c, place in sc.all_stelae:
        ci, pi = COLOURS.index(c), PLACES.index(place)
        laid = state.laid[ci][pi]  # as the table laid them (asked at New game), else the box's layout
        crushed = state.crushed[ci] if pi == 0 else 0
        found = sum(1 for x, p, _v in s.stelae if x == c and p == place)
        need = laid - crushed if state.opts.all_stelae == "uncrushed" else laid
        col = colour(c, after_the=True)
        if found > laid:  # more than the count the game was set up with: never "6 of the 5"
            fact = (ngettext("discovered {n} {colour} stela on the temple, more than the {laid} laid",
                             "discovered {n} {colour} stelae on the temple, more than the {laid} laid", found,
                             colour=colour(c), laid=laid) if place == "temple" else
                    ngettext("discovered {n} {colour} stela in the passage, more than the {laid} laid",
                             "discovered {n} {colour} stelae in the passage, more than the {laid} laid", found,
                             colour=colour(c), laid=laid))
        elif place == "temple":
            fact = _("discovered {found} of the {laid} {colour} stelae on the temple", found=found, laid=laid,
                     colour=col)
        else:
            fact = _("discovered {found} of the {laid} {colour} stelae in the passage", found=found, laid=laid,
                     colour=col)
        if crushed:
            fact = _("{fact} ({n} crushed by boulders)", fact=fact, n=crushed)
        why = (_("{fact}; scenario {number} needs every one not crushed.", fact=fact, number=tag)
               if state.opts.all_stelae == "uncrushed" else
               _("{fact}; scenario {number} needs all of them.", fact=fact, number=tag))
        yield found >= need, fact, _capital(why)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def judge_scenario(state: State, number: int) -> tuple[bool, str]:
    sc = state.box.scenarios[number - 1]
    text = scenario_text(sc.text)
    if not state.seats[0].escaped:
        return False, _("Did not escape; scenario {number} ({text}) needs an escape.", number=number, text=text)
    held = []
    for ok, fact, sentence in _checks(state, sc):
        if not ok:
            return False, sentence
        held.append(fact)
    facts = "; ".join(held) or _("escaped")
    return True, _("Scenario {number} won ({text}): {facts}.", number=number, text=text, facts=facts)
