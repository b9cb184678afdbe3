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
from .i18n import N_, _
from .state import QUARRYING, State, note, replace, tup_set
from .words import and_list, number

# Where each kind of number comes from (the rulebook's text, or why it is not printed there).
# (marked with N_: translated when box_numbers() is asked, for the Box setup screen)
CONTENTS = N_("Rulebook, Contents: {blocks} blocks of each colour; worker cards {cards}.")
TILE = N_("Printed on the quarry tile, not in the rulebook text. The shipped numbers let every distribution "
          "and transport example of the rulebook play as printed; check them against your tile.")
LEVEL = N_("Printed on the pyramid board, not in the rulebook text. The payment and erosion examples show a "
           "level paying {most} and {second} and one paying {other}; check the rest against your board.")


def _contents() -> str:
    return _(CONTENTS, blocks=28, cards=and_list(["3", "4", "4", "5", "6", "7", "8", number(-3)]))


def _tile() -> str:
    return _(TILE)


def _level() -> str:
    return _(LEVEL, most=3, second=1, other=4)


def _listed(data: Any, key: str) -> bool:
    """The key is in the `unconfirmed` list of the table that holds it."""
    head, _dot, leaf = key.rpartition(".")
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

    contents, tile, level = _contents(), _tile(), _level()
    add("blocks_per_colour", _("Blocks of each colour"), 2, 200, contents)
    for i, _card in enumerate(data.get("worker_cards") or []):
        add(f"worker_cards[{i}]", _("Worker card {n}", n=i + 1), -20, 20, contents)
    for n in ("3", "4", "5"):
        for i, q in enumerate((data.get("tiles") or {}).get(n, {}).get("quarries") or []):
            fields = {"players": int(n), "q": i + 1}
            for k, _place in enumerate(q.get("blocks") or []):
                add(f"tiles.{n}.quarries[{i}].blocks[{k}]",
                    _("{players} players, quarry {q}: blocks for place {place}", place=k + 1, **fields), 0, 28, tile)
            add(f"tiles.{n}.quarries[{i}].max_cards", _("{players} players, quarry {q}: most worker cards", **fields),
                1, 40, tile)
    for name, p in (data.get("pyramids") or {}).items():
        for j, _level_data in enumerate(p.get("levels") or []):
            key = f"pyramids.{name}.levels[{j}]"
            fields = {"pyramid": name, "level": j + 1}
            add(f"{key}.spaces", _("{pyramid} level {level}: spaces", **fields), 1, 100, level)
            add(f"{key}.gold[0]", _("{pyramid} level {level}: gold for the most", **fields), 0, 100, level)
            add(f"{key}.gold[1]", _("{pyramid} level {level}: gold for the second most", **fields), 0, 100, level)
    return out


def validate_all(data: dict[str, Any], source: str) -> dict[int, Any]:
    """The file checked for every player count it serves."""
    return {n: validate(data, n, source) for n in (3, 4, 5)}


BOX_SPEC = BoxSpec(game="maya", title="Maya", shipped=DEFAULT_PATH, numbers=box_numbers, validate=validate_all)


# --- the worker cards as RFID tags -----------------------------------------------------
ORDINAL_STEPS = (N_("Tap the tag for {card} (the first of {copies})."),
                 N_("Tap the tag for {card} (the second of {copies})."),
                 N_("Tap the tag for {card} (the third of {copies})."),
                 N_("Tap the tag for {card} (the fourth of {copies})."))
COLOURS = {"blue": N_("Blue"), "red": N_("Red"), "green": N_("Green"), "yellow": N_("Yellow"),
           "purple": N_("Purple"), "white": N_("White"), "black": N_("Black"), "orange": N_("Orange")}


#: each colour's worker cards, a learn set of the Tags screen
CARDS_OF = {"blue": N_("Blue cards"), "red": N_("Red cards"), "green": N_("Green cards"),
            "yellow": N_("Yellow cards"), "purple": N_("Purple cards")}


def colour_name(colour: str) -> str:
    """A player colour of the box file ("red") as the table reads it ("Red")."""
    key = str(colour).lower()
    return _(COLOURS[key]) if key in COLOURS else str(colour).capitalize()


def describe_card(meaning: Mapping[str, Any]) -> str:
    return _("{colour}'s {card}", colour=colour_name(str(meaning.get("colour", ""))),
             card=number(int(meaning.get("value", 0))))


def _card_steps(colour: str) -> list[tuple[str, dict[str, Any]]]:
    """One step per worker card of that colour, as the rulebook lists them (3, 4, 4, … −3)."""
    cards = sorted(load_box(5).worker_cards, key=lambda v: (v < 0, v))
    steps = []
    for i, value in enumerate(cards):
        meaning = {"kind": "worker", "colour": colour, "value": value}
        copies, nth = cards.count(value), cards[:i].count(value)
        if copies > 1:
            step = _(ORDINAL_STEPS[min(nth, 3)], card=describe_card(meaning), copies=copies)
        else:
            step = _("Tap the tag for {card}.", card=describe_card(meaning))
        steps.append((step, meaning))
    return steps


def _learn_sets() -> list[LearnSet]:
    def steps_of(colour: str) -> Callable[[], list[tuple[str, dict[str, Any]]]]:
        return lambda: _card_steps(colour)

    def label(c: str) -> str:
        key = c.lower()
        return _(CARDS_OF[key]) if key in CARDS_OF else _("{colour} cards", colour=colour_name(c))

    return [LearnSet(label(c), steps_of(c)) for c in load_box(5).colours]


# i18n: the kind of RFID tag (Tags screen); translated where shown: _(WORKER.title)
WORKER = TagKind(kind="worker", title=N_("Maya worker cards"), fields={"colour": str, "value": int},
                 describe=describe_card, learn_sets=_learn_sets)


def use_tag(state: State, seat: int | None, meaning: Mapping[str, Any]) -> TagUse:
    """A worker card read while its owner's private view is open during quarrying
    selects it there (its quarry is still chosen by touch). Every sentence is for
    the public screen: it names the seat, never the card's value."""
    if state.phase != QUARRYING or state.pending:
        return TagUse(sentence=_("A worker card tag does something only while workers are laid at the quarries."))
    if seat is None:
        return TagUse(sentence=_("Open your private view first (tap your fob), then tap the worker card."))
    name = state.names[seat]
    if str(meaning.get("colour", "")).lower() != state.box.colours[seat].lower():
        return TagUse(sentence=_("That worker card is not {name}'s.", name=name))
    value = meaning.get("value")
    if state.turn != seat or value not in state.cards[seat] or not any(
            a["type"] == A.PLACE_WORKER and a["card"] == value for a in _quarry_legal(state, seat)):
        return TagUse(sentence=_("{name} cannot lay that card now.", name=name))
    return TagUse(select=value)


def _quarry_legal(state: State, seat: int) -> list[dict[str, Any]]:
    from .quarrying import legal

    return list(legal(state, seat))


# --- public numbers a table may fix -------------------------------------------------------
def corrections(state: State) -> list[Correction]:
    out = []
    for s, name in enumerate(state.names):
        out.append(Correction(f"gold:{s}", _("{name}'s gold", name=name), state.gold[s], 0, 1000))
        out.append(Correction(f"pool:{s}", _("{name}'s blocks in the pool", name=name), state.pool[s], 0,
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
        wrong = f"{key!r:.40}"
        raise IllegalAction(_("{key} is not a number that can be fixed in Maya.", key=wrong))
    if isinstance(value, bool) or not isinstance(value, int) or not found.lo <= value <= found.hi:
        raise IllegalAction(_("{what} must be a whole number from {lo} to {hi}.", what=found.label, lo=found.lo,
                              hi=found.hi))
    what, seat_text = key.split(":")
    seat = int(seat_text)
    field = "gold" if what == "gold" else "pool"
    before = getattr(state, field)[seat]
    state = replace(state, events=(), **{field: tup_set(getattr(state, field), seat, value)})
    return note(state, {"event": "correction", "what": what, "seat": seat, "before": before, "after": value})

