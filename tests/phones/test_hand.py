"""Issue 22 §5, the phone as a real private hand: the phone renders the seat's own
choices as the table does — a picker for the three stones of a real purse (4 taps),
short labels, section titles a player reads — and its prompt never asks to tap a
name there is none of."""
from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from companion.games import get_game
from companion.rules.engine import CHANCE
from companion.table.session import Session

from .conftest import make_hub

#: Each game with the options that give its seats secrets a phone holds.
HANDS = [("maya", {}), ("maya", {"advanced": True}), ("maya-madness", {"deck": "full"}),
         ("maya-madness", {"deck": "full", "advanced": True}), ("mayan-curse", {}),
         ("mayan-curse", {"purse": "real"}), ("mayan-curse", {"purse": "real", "stelae": "physical"})]


def page_taps(choice: Mapping[str, Any]) -> int:
    """Taps on the page to play a choice along its longest picker path: the button,
    one per pick, and Yes when it asks first (static/seat.js)."""
    def depth(node: Mapping[str, Any] | None) -> int:
        return 0 if node is None else 1 + max((depth(o["then"]) for o in node["options"]), default=0)

    return 1 + depth(choice["pick"]) + (1 if choice["confirm"] else 0)


def messages(journal: Any, main: Any, game: str, options: dict[str, Any], seed: int,
             steps: int = 120) -> Iterator[tuple[Session, int, dict[str, Any]]]:
    """Every seat's phone message along a random game (the touchscreen plays)."""
    s = Session.create(journal, game, ["Ana", "Ben", "Cy"], options=options, seed=seed)
    hub = make_hub(s, main)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            return
        for seat in range(3):
            yield s, seat, hub.message(seat)
        seat = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
        hub.table.play(rng.choice(s.legal_actions(seat)))


def real_purse_turn(journal: Any, main: Any) -> tuple[Session, Any, int]:
    s = Session.create(journal, "mayan-curse", ["Ana", "Ben", "Cy"], options={"purse": "real"}, seed=4)
    hub = make_hub(s, main)
    (seat,) = [a for a in s.actors() if a != CHANCE]
    return s, hub, seat


def test_entering_three_real_stones_is_one_picker_of_three_stones_in_four_taps(journal, main):
    """Issue 22: entering three stones was a scroll through 88 buttons, each a sentence
    ("You entered your stones: Dog, Jaguar, Serpent.")."""
    s, hub, seat = real_purse_turn(journal, main)
    msg = hub.message(seat)
    (group,) = msg["groups"]
    enter = next(c for c in group["choices"] if c["key"] == "enter_stones")
    assert group["title"] == "Your stones" and enter["label"] == "Enter stones"
    assert len(group["choices"]) <= 2  # not one button per hand
    assert page_taps(enter) <= 4
    pick, kinds = enter["pick"], set(s.state.box.kinds)
    for _ in range(3):  # one stone a tap, out of the purse's kinds, never a dead end
        assert pick["count"] == 3 and pick["options"] and {o["value"] for o in pick["options"]} <= kinds
        assert all(len(o["label"]) <= 16 and not o["label"].endswith(".") for o in pick["options"])
        pick = pick["options"][0]["then"]
    assert pick is None  # three taps on stones and the hand is complete: nothing more to pick


def test_the_phone_of_the_seat_entering_its_stones_names_no_name_to_tap(journal, main):
    """Issue 22: the phone's prompt said "(tap your name)", and there is nothing to tap
    on a phone; the table's screen, where the name is a button, still says it."""
    s, hub, seat = real_purse_turn(journal, main)
    said = hub.message(seat)["waiting"]
    assert "tap your name" not in said and "enter the 3 stones you drew" in said and s.players[seat] in said
    assert "tap your name" in hub.table.frame().waiting
    others = [hub.message(o)["waiting"] for o in range(3) if o != seat]
    assert all("tap your name" not in w and s.players[seat] in w for w in others)  # nor the others' phones


def internal(text: str, game: Any, choices: list[Mapping[str, Any]]) -> bool:
    """Whether a title reads like code: an action type or a choice key, in any spelling."""
    plain = re.sub(r"[\s_:-]+", " ", text).strip().lower()
    names = {re.sub(r"[\s_:-]+", " ", str(c["key"])).strip().lower() for c in choices}
    types = {t.replace("_", " ") for t in getattr(game, "private_action_types", ())}
    return "_" in text or plain in names | types or not text[:1].isupper()


@pytest.mark.parametrize("game, options", HANDS)
def test_sections_are_titled_in_words_and_buttons_carry_short_labels(journal, main, game, options):
    """Issue 22: the phone's sections read "enter stones", "play stone"; its moves
    "Ana plays the Bird stone." instead of "Play Bird". Over random games: every
    section title is a word a player reads, every button and picker value is a short
    label (never the choice's sentence), and every choice takes a few taps."""
    g = get_game(game)
    seen = 0
    for seed in (1, 2):
        for s, seat, msg in messages(journal, main, game, options, seed):
            if msg["type"] != "view":
                continue
            menu = {c.key: c for c in g.menu(s.state, seat)} if seat in s.actors() else {}
            for group in msg["groups"]:
                title = group["title"]
                assert title and not internal(title, g, group["choices"]), f"{game}: section {title!r}"
                assert len(group["choices"]) <= 16, f"{game}: {title!r} is a scroll of buttons"
                for c in group["choices"]:
                    label = c["label"]
                    assert label and len(label) <= 20 and not label.endswith("."), f"{game}: button {label!r}"
                    assert label != menu[c["key"]].sentence
                    assert page_taps(c) <= 4, f"{game}: {label!r} takes {page_taps(c)} taps"
                    seen += 1
    assert seen > 10


@pytest.mark.parametrize("game, options", HANDS,
                         ids=[f"{g}-{'-'.join(map(str, o.values())) or 'basic'}" for g, o in HANDS])
def test_no_phone_prompt_points_at_the_table_screens_private_view(journal, main, game, options):
    """Issue 22 §5: a phone is the private hand, so its prompt never sends the player to
    the table's "private view" or asks to tap a name (Maya's said "lay a worker card
    or pass, in the private view" and "Sealed bids from … (private view)")."""
    for _s, _seat, msg in messages(journal, main, game, options, seed=7, steps=80):
        said = msg["waiting"].lower()
        assert "private view" not in said and "tap your name" not in said, msg["waiting"]
