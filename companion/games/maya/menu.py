"""The public choices of a Maya table as short steps of buttons, built from
`legal_actions` (first the pyramid, then the level...): the labels a player
reads and the action each button plays. Pure functions of the public view, so
any client (the touchscreen, a phone page) offers the same steps."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .words import marker_name, names_of, number, pyramid_name

View = Mapping[str, Any]


# --- the public choices -------------------------------------------------------------

@dataclass(frozen=True)
class Choice:
    """A button: its label, and either the action it plays or the step it opens."""

    label: str
    action: dict[str, Any] | None = None
    path: tuple[str, ...] | None = None


def steps(view: View, action: Mapping[str, Any]) -> tuple[str, ...]:
    """An action as the labels of the buttons that lead to it, one per step."""
    names = names_of(view)
    t = action["type"]
    def pyr(p: int) -> str:
        return pyramid_name(view, p)

    if t == "setup_block":
        return (pyr(action["pyramid"]),)
    if t in ("choose_starting_player", "appoint_starting_player"):
        return (names[action["seat"]],)
    if t == "choose_blue_marker":
        return (marker_name(action["marker"]),)
    if t == "minus_three":
        return (names[action["target"]],)
    if t in ("place_protection", "place_two_points"):
        return (f"Quarry {action['quarry'] + 1}",)
    if t == "move_block":
        # pyramid, then level, then destination: each step stays a short row of buttons
        return (f"From {pyr(action['pyramid'])}", f"Level {action['level'] + 1}", f"Into {pyr(action['to'])}")
    if t == "pool_block":
        return (pyr(action["pyramid"]),)
    if t == "decline":
        pend = view.get("pending") or {}
        return ("Keep the joker",) if str(pend.get("kind", "")).startswith("joker") else ("Decline",)
    if t == "use_joker":
        first = f"Joker: {marker_name(action['as'])}"
        if action["as"] == "protect":
            return (first, f"Quarry {action['quarry'] + 1}")
        if action["as"] == "move_block":
            return (first, f"From {pyr(action['pyramid'])}", f"Level {action['level'] + 1}",
                    f"Into {pyr(action['to'])}")
        if action["as"] == "pool_block":
            return (first, pyr(action["pyramid"]))
        if action["as"] == "free_double":
            a, b = action["pyramids"]
            return (first, f"First {pyr(a)}", f"Then {pyr(b)}")
        return (first,)
    if t == "enter_card":
        return (f"{names[action['seat']]}'s card", number(action["card"]))
    if t == "close_column":
        return ("Column complete",)
    if t == "place_block":
        return (pyr(action["pyramid"]),)
    if t == "double_move":
        head = "Free double move" if action["free"] else "Double move"
        a, b = action["pyramids"]
        return (head, f"First {pyr(a)}", f"Then {pyr(b)}")
    if t == "pass" and "free" in action:
        # a pass is never one touch: the second step confirms it (issue 10)
        if action["free"]:
            return ("Free pass", "Yes, use the free pass")
        return ("Pass (pay 1 block)", "Yes, pass: pay 1 block")
    if t == "draw_blue_markers":
        return (" + ".join(marker_name(m) for m in action["markers"]),)
    return (t.replace("_", " ").capitalize(),)


def menu(view: View, actions: list[dict[str, Any]], path: tuple[str, ...] = ()) -> list[Choice]:
    """The buttons at step `path`: one per distinct next label, in the order the
    engine lists the actions; a label that completes an action plays it."""
    out: list[Choice] = []
    seen = set()
    stuck = forced_pass(actions)
    for action in actions:
        key = steps(view, action)
        if stuck and action["type"] == "pass" and not action.get("free"):
            key = ("Pass: no block fits (+1 gold)",)
        if key[:len(path)] != path or len(key) <= len(path):
            continue
        label = key[len(path)]
        if label in seen:
            continue
        seen.add(label)
        if len(key) == len(path) + 1:
            out.append(Choice(label, action=action))
        else:
            out.append(Choice(label + "…", path=path + (label,)))
    if path:
        out.append(Choice("Back", path=path[:-1]))
    return out


CAUTIOUS = ("Pass", "Free pass", "Decline", "Keep the joker", "Back", "Yes")


def usual(choices: list[Choice]) -> int | None:
    """The button to highlight: the first that is not a pass, a refusal or Back
    (an irreversible choice is never the highlighted default)."""
    for i, c in enumerate(choices):
        if not c.label.startswith(CAUTIOUS):
            return i
    return None


def forced_pass(actions: list[dict[str, Any]]) -> bool:
    """Building with nothing to place: the pass is involuntary (the bank pays 1 gold)."""
    return bool(actions) and all(a["type"] == "pass" and "free" in a for a in actions)
