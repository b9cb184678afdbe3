"""Component numbers (what is printed on boards and tiles) as TOML data.

Each game ships a default file beside its module; a user may put their own
box's numbers in <data dir>/boxes/<game>.toml, which replaces the default
file whole. The game validates the parsed data and raises BadComponents
naming the bad key; `cached_box` keeps the validated result while the file
stays the same, so new games and replays do not read and check it again.
"""
from __future__ import annotations

import pathlib
import tomllib
from typing import Any, Callable

from .errors import BadComponents
from .paths import data_dir


def override_path(game_name: str) -> pathlib.Path:
    return data_dir() / "boxes" / f"{game_name}.toml"


def load_components(game_name: str, default_path: pathlib.Path | str) -> tuple[dict, pathlib.Path]:
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
        raise BadComponents(f"The box file {path} is not valid TOML: {e}.") from None
    except OSError as e:
        raise BadComponents(f"The box file {path} could not be read: {e.strerror}.") from None


_BOXES: dict = {}


def cached_box(game_name: str, default_path: pathlib.Path | str, build: Callable[[dict, pathlib.Path], Any],
               *key) -> Any:
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
        stamp = (game_name, str(path), st.st_mtime_ns, st.st_size, key)
    except OSError:
        stamp = None  # unreadable: load_components says why
    if stamp in _BOXES:
        return _BOXES[stamp]
    data, source = load_components(game_name, default_path)
    box = build(data, source)
    if stamp is not None:
        _BOXES[stamp] = box
    return box


def unconfirmed(data: dict, prefix: str = "") -> list[str]:
    """Keys marked unconfirmed in a component file, as dotted paths.

    Convention: a table may carry `unconfirmed = ["key", ...]` listing which of its
    own keys the rulebook does not print; this walks the whole file and lists them,
    so the box-setup screen can show them.
    """
    found = []
    if isinstance(data, dict):
        for key in data.get("unconfirmed", []) or []:
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
