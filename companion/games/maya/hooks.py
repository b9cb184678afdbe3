"""What Maya tells the generic layers: its box file's editable numbers (Box
setup screen), its RFID tag kind (the worker cards, Tags screen), what a worker
card tag means now (the table controller), and the public numbers a table may
fix (gold, blocks in the pool)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.rules.components import BoxNumber, BoxSpec, get_path
from companion.rules.engine import Correction, LearnSet, TagKind, TagUse

from ...errors import IllegalAction
from . import actions as A
from .components import DEFAULT_PATH, load_box, validate
from .state import QUARRYING, State, note, replace, tup_set
from .words import number

# Where each kind of number comes from (the rulebook's text, or why it is not printed there).
CONTENTS = "Rulebook, Contents: 28 blocks of each colour; worker cards 3, 4, 4, 5, 6, 7, 8 and −3."
TILE = ("Printed on the quarry tile, not in the rulebook text. The shipped numbers let every distribution "
        "and transport example of the rulebook play as printed; check them against your tile.")
LEVEL = ("Printed on the pyramid board, not in the rulebook text. The payment and erosion examples show a "
         "level paying 3 and 1 and one paying 4; check the rest against your board.")


def _listed(data: Any, key: str) -> bool:
    """The key is in the `unconfirmed` list of the table that holds it."""
    head, _, leaf = key.rpartition(".")
    leaf = leaf.split("[")[0]
    try:
        holder = get_path(data, head) if head else data
    except (KeyError, IndexError, TypeError, ValueError):
        return True
    return isinstance(holder, dict) and leaf in (holder.get("unconfirmed") or [])


def box_numbers(data: dict[str, Any], shipped: dict[str, Any]) -> list[BoxNumber]:
    """Every number of the file in force, with its shipped default and its source."""
    out: list[BoxNumber] = []

    def add(key: str, label: str, lo: int, hi: int, source: str) -> None:
        try:
            value = get_path(data, key)
        except (KeyError, IndexError, TypeError, ValueError):
            return
        if isinstance(value, bool) or not isinstance(value, int):
            return
        try:
            default = get_path(shipped, key)
        except (KeyError, IndexError, TypeError, ValueError):
            default = value
        out.append(BoxNumber(key, label, value, default, lo, hi, source, _listed(data, key)))

    add("blocks_per_colour", "Blocks of each colour", 2, 200, CONTENTS)
    for i, _ in enumerate(data.get("worker_cards") or []):
        add(f"worker_cards[{i}]", f"Worker card {i + 1}", -20, 20, CONTENTS)
    for n in ("3", "4", "5"):
        for i, q in enumerate((data.get("tiles") or {}).get(n, {}).get("quarries") or []):
            where = f"{n} players, quarry {i + 1}"
            for k, _ in enumerate(q.get("blocks") or []):
                add(f"tiles.{n}.quarries[{i}].blocks[{k}]", f"{where}: blocks for place {k + 1}", 0, 28, TILE)
            add(f"tiles.{n}.quarries[{i}].max_cards", f"{where}: most worker cards", 1, 40, TILE)
    for name, p in (data.get("pyramids") or {}).items():
        for j, _ in enumerate(p.get("levels") or []):
            key = f"pyramids.{name}.levels[{j}]"
            add(f"{key}.spaces", f"{name} level {j + 1}: spaces", 1, 100, LEVEL)
            add(f"{key}.gold[0]", f"{name} level {j + 1}: gold for the most", 0, 100, LEVEL)
            add(f"{key}.gold[1]", f"{name} level {j + 1}: gold for the second most", 0, 100, LEVEL)
    return out


def validate_all(data: dict[str, Any], source: str) -> dict[int, Any]:
    """The file checked for every player count it serves."""
    return {n: validate(data, n, source) for n in (3, 4, 5)}


BOX_SPEC = BoxSpec(game="maya", title="Maya", shipped=DEFAULT_PATH, numbers=box_numbers, validate=validate_all)


# --- the worker cards as RFID tags -----------------------------------------------------
ORDINAL = ("first", "second", "third", "fourth")


def describe_card(meaning: Mapping[str, Any]) -> str:
    return f"{str(meaning.get('colour', '')).capitalize()}'s {number(int(meaning.get('value', 0)))}"


def _card_steps(colour: str) -> list[tuple[str, dict[str, Any]]]:
    """One step per worker card of that colour, as the rulebook lists them (3, 4, 4, … −3)."""
    cards = sorted(load_box(5).worker_cards, key=lambda v: (v < 0, v))
    steps = []
    for i, value in enumerate(cards):
        meaning = {"kind": "worker", "colour": colour, "value": value}
        copies, nth = cards.count(value), cards[:i].count(value)
        extra = f" (the {ORDINAL[min(nth, 3)]} of {copies})" if copies > 1 else ""
        steps.append((f"Tap the tag for {describe_card(meaning)}{extra}.", meaning))
    return steps


def _learn_sets() -> list[LearnSet]:
    def steps_of(colour: str) -> Callable[[], list[tuple[str, dict[str, Any]]]]:
        return lambda: _card_steps(colour)

    return [LearnSet(f"{c.capitalize()} cards", steps_of(c)) for c in load_box(5).colours]


WORKER = TagKind(kind="worker", title="Maya worker cards", fields={"colour": str, "value": int},
                 describe=describe_card, learn_sets=_learn_sets)


def use_tag(state: State, seat: int | None, meaning: Mapping[str, Any]) -> TagUse:
    """A worker card read while its owner's private view is open during quarrying
    selects it there (its quarry is still chosen by touch). Every sentence is for
    the public screen: it names the seat, never the card's value."""
    if state.phase != QUARRYING or state.pending:
        return TagUse(sentence="A worker card tag does something only while workers are laid at the quarries.")
    if seat is None:
        return TagUse(sentence="Open your private view first (tap your fob), then tap the worker card.")
    name = state.names[seat]
    if str(meaning.get("colour", "")).lower() != state.box.colours[seat].lower():
        return TagUse(sentence=f"That worker card is not {name}'s.")
    value = meaning.get("value")
    if state.turn != seat or value not in state.cards[seat] or not any(
            a["type"] == A.PLACE_WORKER and a["card"] == value for a in _quarry_legal(state, seat)):
        return TagUse(sentence=f"{name} cannot lay that card now.")
    return TagUse(select=value)


def _quarry_legal(state: State, seat: int) -> list[dict[str, Any]]:
    from .quarrying import legal

    return list(legal(state, seat))


# --- public numbers a table may fix -------------------------------------------------------
def corrections(state: State) -> list[Correction]:
    out = []
    for s, name in enumerate(state.names):
        out.append(Correction(f"gold:{s}", f"{name}'s gold", state.gold[s], 0, 1000))
        out.append(Correction(f"pool:{s}", f"{name}'s blocks in the pool", state.pool[s], 0,
                              max(state.pool[s], pool_room(state, s))))
    return out


def pool_room(state: State, seat: int) -> int:
    """The most blocks a seat's pool can hold: its colour's blocks less those in its
    hand and on the pyramids (a pool fixed to more would grow past the box as blocks
    come back from the pyramids)."""
    built = sum(level[seat] for pyramid in state.pyramids for level in pyramid)
    return max(0, state.box.blocks_per_colour - state.hand[seat] - built)


def correct(state: State, key: str, value: int) -> State:
    """Gold or blocks in the pool set to what the real table shows (never a secret)."""
    found = next((c for c in corrections(state) if c.key == key), None)
    if found is None:
        raise IllegalAction(f"{key!r:.40} is not a number that can be fixed in Maya.")
    if isinstance(value, bool) or not isinstance(value, int) or not found.lo <= value <= found.hi:
        raise IllegalAction(f"{found.label} must be a whole number from {found.lo} to {found.hi}.")
    what, seat_text = key.split(":")
    seat = int(seat_text)
    field = "gold" if what == "gold" else "pool"
    before = getattr(state, field)[seat]
    state = replace(state, events=(), **{field: tup_set(getattr(state, field), seat, value)})
    return note(state, {"event": "correction", "what": what, "seat": seat, "before": before, "after": value})

