"""Maya Madness cards and tokens: codes, what each card does to the count, the box contents.

Cards are short JSON-safe strings so actions stay plain data:
"+1".."+5" and "-1".."-5" (number cards), "0" (Zero), and the power cards
"wild", "skip", "reverse", "temple" (Temple of Zero).
"""
from __future__ import annotations

import pathlib

from ...components import cached_box
from ...errors import BadComponents

WILD, SKIP, REVERSE, TEMPLE, ZERO = "wild", "skip", "reverse", "temple", "0"

# The value a number card adds to the count.
NUMBER_VALUE = {f"+{v}": v for v in range(1, 6)} | {f"-{v}": -v for v in range(1, 6)} | {ZERO: 0}
POWER_CARDS = (WILD, SKIP, REVERSE, TEMPLE)
CARDS = tuple(NUMBER_VALUE) + POWER_CARDS
CARD_SET = frozenset(CARDS)

# Rulebook, "Wild": any number card value, positive or negative, 1 to 5 (never 0).
WILD_VALUES = (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)

HAND_SIZE = 5  # rulebook, "Setup": deal five cards to each player.

_CARD_NAMES = {WILD: "a Wild", SKIP: "a Skip", REVERSE: "a Reverse", TEMPLE: "a Temple of Zero", ZERO: "a 0"}


def card_name(card: str) -> str:
    """The card as a player says it: "a 3", "a −2", "a Temple of Zero"."""
    if card in _CARD_NAMES:
        return _CARD_NAMES[card]
    value = NUMBER_VALUE[card]
    return f"a {value}" if value > 0 else f"a −{-value}"


def effect(card: str, value, count: int, n: int) -> tuple[int, bool, bool, bool]:
    """What playing `card` (a Wild as `value`) at `count` does with `n` players:
    (new count, the player plays again at once, the next player is skipped,
    the direction reverses). Rulebook, "Power cards": with two players a Skip
    means "just play another card afterward" and a Reverse only switches the
    count's sign; Temple of Zero brings the count to 0 and its player goes again."""
    if card in NUMBER_VALUE:
        return count + NUMBER_VALUE[card], False, False, False
    if card == WILD:
        return count + value, False, False, False
    if card == SKIP:
        return count, n == 2, n > 2, False
    if card == REVERSE:
        return -count, False, False, n > 2
    return 0, True, False, False  # Temple of Zero


def number(value: int) -> str:
    """A count as announced, with a real minus sign."""
    return str(value) if value >= 0 else f"−{-value}"


def starting_count(card: str) -> int | None:
    """The starting count a turned-over card gives (rulebook, "Setup" note).

    A number card gives its value; Skip, Reverse and Temple of Zero give 0
    (the rulebook names Skip and Reverse; Temple of Zero brings the count to 0
    whenever it is played, so it gives 0 too); Wild gives None: the dealer chooses.
    """
    if card == WILD:
        return None
    return NUMBER_VALUE.get(card, 0)


DEFAULT_FILE = pathlib.Path(__file__).with_name("components.toml")


def load_box(data: dict | None = None) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The deck (sorted card codes) and the token pool (count per value, index = value).

    `data` is parsed component data (see components.toml); None loads the
    user's box override or the shipped file (cached while it is unchanged).
    A bad key is BadComponents naming it.
    """
    if data is None:
        return cached_box("maya-madness", DEFAULT_FILE, lambda parsed, _path: load_box(parsed))
    deck_counts = data.get("deck")
    if not isinstance(deck_counts, dict):
        raise BadComponents("maya-madness: the box file needs a [deck] table.")
    deck = []
    for card, n in deck_counts.items():
        if card not in CARD_SET:
            raise BadComponents(f"maya-madness: deck.{card} is not a card; the cards are {', '.join(CARDS)}.")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise BadComponents(f"maya-madness: deck.{card} must be a whole number of cards, not {n!r}.")
        deck += [card] * n
    if len(deck) < 4 * HAND_SIZE + 2:
        raise BadComponents(f"maya-madness: the deck has {len(deck)} cards; it needs at least {4 * HAND_SIZE + 2}.")
    tokens = data.get("tokens", {})
    values = tokens.get("values", list(range(1, 11)))
    sets = tokens.get("sets", 2)
    if not isinstance(values, list) or not values or any(
        isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 99 for v in values
    ):
        raise BadComponents("maya-madness: tokens.values must be a list of numbers from 1 to 99.")
    if isinstance(sets, bool) or not isinstance(sets, int) or sets < 1:
        raise BadComponents(f"maya-madness: tokens.sets must be a whole number of at least 1, not {sets!r}.")
    pool = [0] * (max(values) + 1)
    for v in values:
        pool[v] += sets
    return tuple(sorted(deck)), tuple(pool)
