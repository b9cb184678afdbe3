"""Component numbers (what is printed on boards and tiles) as TOML data.

Each game ships a default file beside its module; a user may put their own
box's numbers in <data dir>/boxes/<game>.toml, which replaces the default
file whole. The game validates the parsed data and raises BadComponents
naming the bad key.
"""
from __future__ import annotations

import pathlib
import tomllib

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
