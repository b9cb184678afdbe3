"""Component numbers (what is printed on boards and tiles) as TOML data.

Each game ships a default file beside its module; a user may put their own
box's numbers in <data dir>/boxes/<game>.toml, which replaces the default
file whole. The game validates the parsed data and raises BadComponents
naming the bad key; `cached_box` keeps the validated result while the file
stays the same, so new games and replays do not read and check it again.
"""
from __future__ import annotations

import pathlib
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

from companion.errors import BadComponents
from companion.i18n import current
from companion.rules.limits import MAX_COUNT, MAX_TEXT, shown
from companion.store.paths import data_dir
from companion.words import _, ngettext


def override_path(game_name: str) -> pathlib.Path:
    return data_dir() / "boxes" / f"{game_name}.toml"


def load_components(game_name: str, default_path: pathlib.Path | str) -> tuple[dict[str, Any], pathlib.Path]:
    """Parse the user's override if there is one, else the shipped default.

    Returns (data, path it came from). A file that is not valid TOML is a
    BadComponents naming the file and the line.
    """
    path = override_path(game_name)
    if not path.exists():
        path = pathlib.Path(default_path)
    try:
        with open(path, "rb") as f:
            return tomllib.load(f), path
    except tomllib.TOMLDecodeError as e:
        raise BadComponents(_("The box file {path} is not valid TOML: {why}.", path=path, why=e)) from None
    except UnicodeDecodeError:
        # e.g. saved as UTF-16 by a Windows editor
        raise BadComponents(_("The box file {path} is not UTF-8 text; save it again as UTF-8.", path=path)) from None
    except RecursionError:
        raise BadComponents(_("The box file {path} nests tables too deeply to be a box file.", path=path)) from None
    except OSError as e:
        raise BadComponents(_("The box file {path} could not be read: {why}.", path=path, why=e.strerror)) from None


_BOXES: dict[Any, Any] = {}


def cached_box(game_name: str, default_path: pathlib.Path | str,
               build: Callable[[dict[str, Any], pathlib.Path], Any], *key: Any) -> Any:
    """build(data, path) for the box file in use (the override, else the default),
    cached by that file's path, size and modification time plus `key` (e.g. the
    player count). A box file saved meanwhile (the box-setup screen, a user's
    edit) is read and validated again for the next game; a file that does not
    validate is never cached, so its BadComponents is raised every time."""
    path = override_path(game_name)
    if not path.exists():
        path = pathlib.Path(default_path)
    try:
        st = path.stat()
        # and the language: a box may hold words made while it is built (labels)
        stamp = (game_name, str(path), st.st_mtime_ns, st.st_size, key, current())
    except OSError:
        stamp = None  # unreadable: load_components says why
    if stamp in _BOXES:
        return _BOXES[stamp]
    data, source = load_components(game_name, default_path)
    box = build(data, source)
    if stamp is not None:
        _BOXES[stamp] = box
    return box


def unconfirmed(data: dict[str, Any], prefix: str = "") -> list[str]:
    """Keys marked unconfirmed in a component file, as dotted paths.

    Convention: a table may carry `unconfirmed = ["key", ...]` listing which of its
    own keys the rulebook does not print; this walks the whole file and lists them,
    so the box-setup screen can show them.
    """
    found = []
    if isinstance(data, dict):
        listed = data.get("unconfirmed", []) or []
        if not isinstance(listed, list) or not all(isinstance(k, str) for k in listed):
            raise BadComponents(_("In the box file, {key} must be a list of key names, not {value}.",
                                  key=prefix + "unconfirmed", value=repr(listed)[:40]))
        for key in listed:
            found.append(f"{prefix}{key}")
        for key, value in data.items():
            if key == "unconfirmed":
                continue
            if isinstance(value, dict):
                found += unconfirmed(value, f"{prefix}{key}.")
            elif isinstance(value, list):
                for i, item in enumerate(value):
                    if isinstance(item, dict):
                        found += unconfirmed(item, f"{prefix}{key}[{i}].")
    return found


# --- one validator for every game's box file ---------------------------------------
# Counts (MAX_COUNT) and names (MAX_TEXT) are bounded by companion/rules/limits.py, the
# bounds the game's moves and the journal use: a name from a box file that a move
# carries (a boulder, a stone) always fits that move.


class Checker:
    """Turns a bad value in a box file into a sentence naming the file and the key.

    Every game's validator uses it, so every bad box file reads the same:
    "In the box file …/maya.toml, quarries[2].max_cards must be a whole number
    from 1 to 12, not 'x'."
    """

    def __init__(self, source: str | pathlib.Path):
        self.source = str(source)

    def fail(self, key: str, what: str) -> NoReturn:
        """what: the rest of the sentence after the key, in the current language
        ("must be a whole number from 1 to 12, not 'x'")."""
        # i18n: {key} names a value in the file ("quarries[2].max_cards"); {what} is what is wrong with it,
        # a phrase translated on its own ("must be a whole number from 1 to 12, not 'x'")
        raise BadComponents(_("In the box file {file}, {key} {what}.", file=self.source, key=key, what=what))

    def table(self, data: Any, key: str) -> dict[str, Any]:
        """data[key's last part] as a table."""
        value = data.get(key.rsplit(".", 1)[-1]) if isinstance(data, dict) else None
        if not isinstance(value, dict):
            self.fail(key, _("is missing or is not a table"))
        return value

    def items(self, value: Any, key: str, lo: int = 0, hi: int = MAX_COUNT) -> list[Any]:
        if not isinstance(value, list) or not lo <= len(value) <= hi:
            self.fail(key, _("must be a list of {lo} to {hi} items", lo=lo, hi=hi))
        return value

    def count(self, value: Any, key: str, lo: int = 0, hi: int = MAX_COUNT) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.fail(key, _("must be a whole number from {lo} to {hi}, not {value}", lo=lo, hi=hi, value=shown(value)))
        return value

    def counts(self, value: Any, key: str, n: int | None = None, lo: int = 0, hi: int = MAX_COUNT) -> tuple[Any, ...]:
        if not isinstance(value, list) or (n is not None and len(value) != n) or len(value) > MAX_COUNT:
            if n is None:
                self.fail(key, _("must be a list of whole numbers"))
            self.fail(key, ngettext("must be a list of {n} whole number", "must be a list of {n} whole numbers", n))
        return tuple(self.count(v, f"{key}[{i}]", lo, hi) for i, v in enumerate(value))

    def name(self, value: Any, key: str, choices: Any = None) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(key, _("must be a name, not {value}", value=shown(value)))
        if len(value) > MAX_TEXT:
            self.fail(key, _("must be a name of at most {most} characters, not {n}", most=MAX_TEXT, n=len(value)))
        if choices is not None and value not in choices:
            self.fail(key, _("must be one of {allowed}, not {value}", allowed=", ".join(map(str, choices)),
                             value=shown(value)))
        return value

    def strings(self, value: Any, key: str, n: int | None = None) -> tuple[Any, ...]:
        if not isinstance(value, list) or not value or len(value) > MAX_COUNT:
            self.fail(key, _("must be a list of names"))
        for i, s in enumerate(value):
            self.name(s, f"{key}[{i}]")
        if n is not None and len(value) != n:
            self.fail(key, ngettext("must list exactly {n} name, not {count}",
                                    "must list exactly {n} names, not {count}", n, count=len(value)))
        if len(set(value)) != len(value):
            self.fail(key, _("names the same thing twice"))
        return tuple(value)


@dataclass(frozen=True)
class BoxNumber:
    """One number of a box file a table may change on the Box setup screen.

    key: its place in the file, e.g. "quarries[2].max_cards" (the Checker's names);
    label: what a player calls it; source: the rulebook line it comes from, or
    why it is not printed; unconfirmed: the rulebooks do not print it.
    """

    key: str
    label: str
    value: int
    default: int
    lo: int
    hi: int
    source: str
    unconfirmed: bool


@dataclass(frozen=True)
class BoxSpec:
    """A game's box file: where it ships, where a table's own copy goes, which
    numbers are editable, and the one validator (raises BadComponents naming the key).

    numbers(data, shipped_data) -> [BoxNumber] for a parsed file (value from data,
    default from the shipped file). validate(data, source) -> the game's box.
    """

    game: str
    title: str
    shipped: pathlib.Path
    numbers: Callable[[dict[str, Any], dict[str, Any]], list[BoxNumber]]
    validate: Callable[[dict[str, Any], str], Any]

    def override(self) -> pathlib.Path:
        return override_path(self.game)

    def load(self) -> tuple[dict[str, Any], pathlib.Path]:
        """(parsed data, path) of the file in force."""
        return load_components(self.game, self.shipped)

    def shipped_data(self) -> dict[str, Any]:
        with open(self.shipped, "rb") as f:
            return tomllib.load(f)


def get_path(data: Any, key: str) -> Any:
    """The value at a Checker-style key ("a.b[2].c") in parsed data; KeyError if absent."""
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", key):
        if part.startswith("["):
            data = data[int(part[1:-1])]
        else:
            data = data[part]
    return data


def set_path(data: Any, key: str, value: Any) -> None:
    """Set the value at a Checker-style key in parsed data (which must exist)."""
    parts = re.findall(r"[^.\[\]]+|\[\d+\]", key)
    for part in parts[:-1]:
        data = data[int(part[1:-1])] if part.startswith("[") else data[part]
    last = parts[-1]
    if last.startswith("["):
        data[int(last[1:-1])] = value
    else:
        data[last] = value
