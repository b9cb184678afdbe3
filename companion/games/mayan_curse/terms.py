"""The names of Mayan Curse's components in the language current where they are shown:
stela colours, boulders, stone symbols, backpack items, solo difficulties and scenarios.

The journal and the actions keep the box file's own words ("gray", "left", "dog"); a
sentence shows them through these functions. A name the shipped box file does not use
(a table's own box file may name its boulders or symbols) is shown as written: it is
the table's own word, like a player's name.
"""
from __future__ import annotations

from typing import Any

from .i18n import N_, _, pgettext

#: The colours as a picker or a heading names them ("Gray (10 left)").
_COLOUR_LABELS = {"brown": N_("Brown"), "gray": N_("Gray"), "beige": N_("Beige")}


def colour_label(colour: Any) -> str:
    """A stela colour on its own, capitalised: "Gray"."""
    c = str(colour)
    return _(_COLOUR_LABELS[c]) if c in _COLOUR_LABELS else c.capitalize()


def colour_name(c: Any) -> str:
    """A stela colour on its own inside a line: "Crushed brown", "9 brown"."""
    n = str(c)
    if n == "brown":
        return pgettext("colour on its own: Crushed brown, 9 brown", "brown")
    if n == "gray":
        return pgettext("colour on its own: Crushed gray, 9 gray", "gray")
    if n == "beige":
        return pgettext("colour on its own: Crushed beige, 9 beige", "beige")
    return n


def colour(colour: Any, after_the: bool = False) -> str:
    """A stela colour before the word stela: "a gray stela" ("eine graue Stele").
    after_the: the form German needs after "der/den/alle" ("der grauen Stele",
    "alle 23 grauen Stelen"); in English the same word."""
    c = str(colour)
    if after_the:
        if c == "brown":
            return pgettext("colour after der/den/alle: of the brown stela, all 25 brown stelae", "brown")
        if c == "gray":
            return pgettext("colour after der/den/alle: of the gray stela, all 23 gray stelae", "gray")
        if c == "beige":
            return pgettext("colour after der/den/alle: of the beige stela, all 12 beige stelae", "beige")
        return c
    if c == "brown":
        return pgettext("colour before stela: a brown stela, brown stelae", "brown")
    if c == "gray":
        return pgettext("colour before stela: a gray stela, gray stelae", "gray")
    if c == "beige":
        return pgettext("colour before stela: a beige stela, beige stelae", "beige")
    return c


def colour_capital(c: Any) -> str:
    """The colour before the word stela at the start of a line: "Gray stelae: 2 + 4"
    ("Graue Stelen: 2 + 4")."""
    word = colour(c)
    return word[:1].upper() + word[1:]


def boulder(name: Any) -> str:
    """A boulder's name as "The {boulder} boulder" takes it ("left": "der Felsen links")."""
    n = str(name)
    if n == "left":
        return pgettext("boulder: the left boulder", "left")
    if n == "centre":
        return pgettext("boulder: the centre boulder", "centre")
    if n == "right":
        return pgettext("boulder: the right boulder", "right")
    return n


def boulder_letter(name: Any) -> str:
    """A boulder's letter on the passage drawing ("centre": "C"; German "M", for Mitte).
    A box file's own name: its first letter."""
    n = str(name)
    if n == "left":
        return pgettext("boulder's letter on the passage: the left boulder", "L")
    if n == "centre":
        return pgettext("boulder's letter on the passage: the centre boulder", "C")
    if n == "right":
        return pgettext("boulder's letter on the passage: the right boulder", "R")
    return n[:1].upper()


_SYMBOLS = {"dog": N_("Dog"), "jaguar": N_("Jaguar"), "serpent": N_("Serpent"), "bird": N_("Bird")}


def symbol(sym: Any) -> str:
    s = str(sym)
    return _(_SYMBOLS[s]) if s in _SYMBOLS else s.capitalize()


def stone_name(kind: Any) -> str:
    """A sacred stone as players name it: "Dog", or "Dog / Jaguar" for a dual stone."""
    return " / ".join(symbol(part) for part in str(kind).split("/"))


_ITEMS = {"machete": N_("Machete"), "map": N_("Map"), "compass": N_("Compass"), "elixir": N_("Elixir")}
#: The backpack's items with a reminder of what each does (Using Your Backpack).
_ITEM_HINTS = {"machete": N_("Machete: 1 stone = wild"), "map": N_("Map: jump on a slab"),
               "compass": N_("Compass: 1 step, any way"), "elixir": N_("Elixir: +1 slide")}


def item(name: Any) -> str:
    """A backpack item: "Machete"."""
    n = str(name)
    return _(_ITEMS[n]) if n in _ITEMS else n.capitalize()


def the_item(name: Any) -> str:
    """A backpack item with its article, inside a sentence: "Ana used the map." """
    n = str(name)
    if n == "machete":
        return pgettext("backpack item with its article: Ana used the machete", "the machete")
    if n == "map":
        return pgettext("backpack item with its article: Ana used the map", "the map")
    if n == "compass":
        return pgettext("backpack item with its article: Ana used the compass", "the compass")
    if n == "elixir":
        return pgettext("backpack item with its article: Ana used the elixir", "the elixir")
    return n


def item_mark(name: Any) -> str:
    """The backpack item used, as the short mark of a player's row: "elixir"."""
    n = str(name)
    if n == "machete":
        return pgettext("a player's row: the backpack item used", "machete")
    if n == "map":
        return pgettext("a player's row: the backpack item used", "map")
    if n == "compass":
        return pgettext("a player's row: the backpack item used", "compass")
    if n == "elixir":
        return pgettext("a player's row: the backpack item used", "elixir")
    return n


def item_hint(name: Any) -> str:
    """A backpack item with what it does: "Map: jump on a slab"."""
    n = str(name)
    return _(_ITEM_HINTS[n]) if n in _ITEM_HINTS else item(n)


def difficulty(name: Any) -> str:
    """A solo difficulty level inside a sentence: "easy needs 20"."""
    n = str(name)
    if n == "easy":
        return pgettext("solo difficulty level", "easy")
    if n == "normal":
        return pgettext("solo difficulty level", "normal")
    if n == "adventurer":
        return pgettext("solo difficulty level", "adventurer")
    if n == "thrill-seeker":
        return pgettext("solo difficulty level", "thrill-seeker")
    return n


#: The shipped box file's twelve scenario texts (Solo Mode: Solo Scenarios), in order.
_SCENARIOS = {
    "Escape with 22+ knowledge and at least one beige stela":
        N_("Escape with 22+ knowledge and at least one beige stela"),
    "Escape with 25+ knowledge without using your backpack":
        N_("Escape with 25+ knowledge without using your backpack"),
    "Escape with 30+ knowledge": N_("Escape with 30+ knowledge"),
    "Escape with 25+ knowledge before 2 boulders reach the entrance":
        N_("Escape with 25+ knowledge before 2 boulders reach the entrance"),
    "Escape with a camera but NO stelae": N_("Escape with a camera but NO stelae"),
    "Escape with 30+ knowledge without using your backpack":
        N_("Escape with 30+ knowledge without using your backpack"),
    "Escape with 20+ knowledge before any boulder reaches the entrance":
        N_("Escape with 20+ knowledge before any boulder reaches the entrance"),
    "Escape with 28+ knowledge but NO camera": N_("Escape with 28+ knowledge but NO camera"),
    "Escape with all brown stelae in the passage (excluding those on the temple) and 28+ knowledge":
        N_("Escape with all brown stelae in the passage (excluding those on the temple) and 28+ knowledge"),
    "Escape with all gray and beige stelae in the passage (may exclude ones on temple)":
        N_("Escape with all gray and beige stelae in the passage (may exclude ones on temple)"),
    "Escape with 35+ knowledge": N_("Escape with 35+ knowledge"),
    "Escape with all beige stelae and the camera": N_("Escape with all beige stelae and the camera"),
}


def scenario_text(text: Any) -> str:
    """A scenario's sentence (a table's own box file's text is shown as written)."""
    t = str(text)
    return _(_SCENARIOS[t]) if t in _SCENARIOS else t


def names_of(names: Any) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy"; "nobody"."""
    shown: list[str] = [str(n) for n in names]
    if not shown:
        return _("nobody")
    if len(shown) == 1:
        return shown[0]
    return pgettext("a list of names", "{names} and {last}", names=", ".join(shown[:-1]), last=shown[-1])
