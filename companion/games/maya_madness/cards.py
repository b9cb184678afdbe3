"""Maya Madness cards and tokens: codes, what each card does to the count, the box contents.

Cards are short JSON-safe strings so actions stay plain data:
"+1".."+5" and "-1".."-5" (number cards), "0" (Zero), and the power cards
"wild", "skip", "reverse", "temple" (Temple of Zero).
"""
from __future__ import annotations

import pathlib
from typing import Any

from companion.rules.components import BoxNumber, BoxSpec, Checker, cached_box, get_path

from .i18n import N_, _, pgettext

WILD, SKIP, REVERSE, TEMPLE, ZERO = "wild", "skip", "reverse", "temple", "0"

# The value a number card adds to the count.
NUMBER_VALUE = {f"+{v}": v for v in range(1, 6)} | {f"-{v}": -v for v in range(1, 6)} | {ZERO: 0}
POWER_CARDS = (WILD, SKIP, REVERSE, TEMPLE)
CARDS = tuple(NUMBER_VALUE) + POWER_CARDS
CARD_SET = frozenset(CARDS)
#: The cards in the order of their places on the pad: −5..+5, then the powers.
PAD_ORDER = tuple(sorted((c for c in CARDS if c in NUMBER_VALUE), key=NUMBER_VALUE.__getitem__)) + POWER_CARDS

# Rulebook, "Wild": any number card value, positive or negative, 1 to 5 (never 0).
WILD_VALUES = (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)

HAND_SIZE = 5  # rulebook, "Setup": deal five cards to each player.

#: A card as a player names it, with its article, by grammatical case (German tells
#: "ein Joker" from "einen Joker"): said as the subject, or as what is played/held.
NOMINATIVE, ACCUSATIVE = "nominative", "accusative"


def card_name(card: str, case: str = ACCUSATIVE) -> str:
    """The card as a player says it: "a 3", "a −2", "a Temple of Zero" (in the current
    language; `case`: NOMINATIVE where the card is the subject, ACCUSATIVE where it is played)."""
    if case == NOMINATIVE:
        if card == WILD:
            return pgettext("card, nominative", "a Wild")
        if card == SKIP:
            return pgettext("card, nominative", "a Skip")
        if card == REVERSE:
            return pgettext("card, nominative", "a Reverse")
        if card == TEMPLE:
            return pgettext("card, nominative", "a Temple of Zero")
        return pgettext("card, nominative", "a {value}", value=number(NUMBER_VALUE[card]))
    if card == WILD:
        return pgettext("card, accusative", "a Wild")
    if card == SKIP:
        return pgettext("card, accusative", "a Skip")
    if card == REVERSE:
        return pgettext("card, accusative", "a Reverse")
    if card == TEMPLE:
        return pgettext("card, accusative", "a Temple of Zero")
    return pgettext("card, accusative", "a {value}", value=number(NUMBER_VALUE[card]))


#: The short label of each power card on a button (the pad, a hand); translated where shown.
_CARD_LABELS = {WILD: N_("Wild"), SKIP: N_("Skip"), REVERSE: N_("Reverse"), TEMPLE: N_("Temple of 0")}


def card_label(card: str) -> str:
    """A card on a button: "+3", "−2", "0", "Wild", "Temple of 0"."""
    if card in _CARD_LABELS:
        return _(_CARD_LABELS[card])
    return signed(NUMBER_VALUE[card])


def cards_list(words: list[str]) -> str:
    """Several cards or numbers in a row ("a 3, a Wild"), in the current language."""
    return _(", ").join(words)


def signed(value: int) -> str:
    """A value with its sign, as printed on a card: "+3", "−2", "0"."""
    return f"+{value}" if value > 0 else number(value)


def effect(card: str, value: int | None, count: int, n: int) -> tuple[int, bool, bool, bool]:
    """What playing `card` (a Wild as `value`) at `count` does with `n` players:
    (new count, the player plays again at once, the next player is skipped,
    the direction reverses). Rulebook, "Power cards": with two players a Skip
    means "just play another card afterward" and a Reverse only switches the
    count's sign; Temple of Zero brings the count to 0 and its player goes again."""
    if card in NUMBER_VALUE:
        return count + NUMBER_VALUE[card], False, False, False
    if card == WILD:
        return count + (value or 0), False, False, False  # a Wild always comes with its value
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

def _card_source(card: str) -> str:
    """Where a card's number in the box file comes from (rulebook, "Contents")."""
    box = {"+1": 7, "-1": 7, "+2": 7, "-2": 7, "+3": 4, "-3": 4, "+4": 4, "-4": 4, "+5": 3, "-5": 3}
    if card in box:
        value = NUMBER_VALUE[card]
        if value > 0:
            return _("Contents: {n} positive {value}", n=box[card], value=value)
        return _("Contents: {n} negative {value}", n=box[card], value=-value)
    return {
        ZERO: _("Contents: {n} Zero cards", n=7), WILD: _("Contents: {n} Wild cards", n=4),
        SKIP: _("Contents: {n} Skip cards", n=3), REVERSE: _("Contents: {n} Reverse cards", n=3),
        TEMPLE: _("Contents: {n} Temple of Zero cards", n=2),
    }[card]


def _card_box_label(card: str) -> str:
    """A card's number on the Box setup screen: "+3 cards", "Zero cards", "Wild cards"."""
    if card == ZERO:
        return _("Zero cards")
    if card == WILD:
        return _("Wild cards")
    if card == SKIP:
        return _("Skip cards")
    if card == REVERSE:
        return _("Reverse cards")
    if card == TEMPLE:
        return _("Temple of Zero cards")
    return _("{value} cards", value=signed(NUMBER_VALUE[card]))


MAX_OF_A_CARD = 40  # a box with more than 40 of one card is a typing slip
MAX_TOKEN = 99
MAX_SETS = 10
MIN_DECK = 4 * HAND_SIZE + 2  # four hands, a starting card and a card to draw


def validate_box(data: Any, source: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The deck (sorted card codes) and the token pool (count per value, index =
    value) of parsed box data; BadComponents naming the bad key otherwise."""
    check = Checker(source)
    if not isinstance(data, dict):
        check.fail("the file", "must be a table")
    deck_counts = check.table(data, "deck")
    deck: list[str] = []
    for card, n in deck_counts.items():
        if card not in CARD_SET:
            check.fail(f"deck.{card}", f"is not a card; the cards are {', '.join(CARDS)}")
        deck += [card] * check.count(n, f"deck.{card}", 0, MAX_OF_A_CARD)
    if len(deck) < MIN_DECK:
        check.fail("deck", f"holds {len(deck)} cards; a game needs at least {MIN_DECK}")
    tokens = data.get("tokens", {})
    if not isinstance(tokens, dict):
        check.fail("tokens", "must be a table")
    values = check.counts(tokens.get("values", list(range(1, 11))), "tokens.values", lo=1, hi=MAX_TOKEN)
    if not values:
        check.fail("tokens.values", "must list at least one number")
    sets = check.count(tokens.get("sets", 2), "tokens.sets", 1, MAX_SETS)
    pool = [0] * (max(values) + 1)
    for v in values:
        pool[v] += sets
    return tuple(sorted(deck)), tuple(pool)


def box_numbers(data: dict[str, Any], shipped: dict[str, Any]) -> list[BoxNumber]:
    """Every editable number of the box file, with its rulebook source."""
    def at(d: Any, key: str, default: int) -> int:
        try:
            v = get_path(d, key)
        except (KeyError, IndexError, TypeError):
            return default
        return v if isinstance(v, int) and not isinstance(v, bool) else default

    out = []
    for card in CARDS:
        key = f"deck.{card}"  # the Checker's name for it, and set_path's
        default = at(shipped, key, 0)
        out.append(BoxNumber(key, _card_box_label(card), at(data, key, default), default,
                             0, MAX_OF_A_CARD, _card_source(card), False))
    default = at(shipped, "tokens.sets", 2)
    out.append(BoxNumber("tokens.sets", _("Sets of secret number tokens"), at(data, "tokens.sets", default),
                         default, 1, MAX_SETS,
                         _("Contents: {n} secret number tokens (two sets {lo}–{hi})", n=20, lo=1, hi=10), False))
    return out


BOX_SPEC = BoxSpec("maya-madness", "Maya Madness", DEFAULT_FILE, box_numbers, validate_box)


def load_box(data: dict[str, Any] | None = None) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The deck (sorted card codes) and the token pool (count per value, index = value).

    `data` is parsed component data (see components.toml); None loads the
    user's box override or the shipped file (cached while it is unchanged).
    A bad key is BadComponents naming it.
    """
    if data is None:
        box: tuple[tuple[str, ...], tuple[int, ...]] = cached_box(
            "maya-madness", DEFAULT_FILE, lambda parsed, path: validate_box(parsed, str(path)))
        return box
    return validate_box(data, "given")
