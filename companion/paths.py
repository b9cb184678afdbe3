"""Where the companion keeps its files (XDG base directories on Linux), and how a
file it cannot use is moved aside (never deleted)."""
from __future__ import annotations

import os
import pathlib
import sys
import time

from .errors import DataFolderError

APP = "maya-companion"


def data_dir() -> pathlib.Path:
    """The user data directory: $MAYA_COMPANION_DATA, else $XDG_DATA_HOME/maya-companion,
    else ~/.local/share/maya-companion (on macOS ~/Library/Application Support/...).
    Created on first use."""
    override = os.environ.get("MAYA_COMPANION_DATA")
    if override:
        path = pathlib.Path(override)
    elif sys.platform == "darwin":
        path = pathlib.Path.home() / "Library" / "Application Support" / APP
    else:
        base = os.environ.get("XDG_DATA_HOME") or str(pathlib.Path.home() / ".local" / "share")
        path = pathlib.Path(base) / APP
    make_private_dir(path)
    return path


def make_private_dir(path: pathlib.Path) -> None:
    """Create a data folder readable by its owner only (0700), parents as needed.
    A folder that cannot be created is a DataFolderError sentence (an OSError too)."""
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as e:
        raise DataFolderError(
            f"The data folder {path} could not be created ({e.strerror or e}); "
            f"check that the disk is writable, or set MAYA_COMPANION_DATA to a folder that is."
        ) from None


def config_path() -> pathlib.Path:
    """The config file: $MAYA_COMPANION_CONFIG, else $XDG_CONFIG_HOME/maya-companion/config.toml."""
    override = os.environ.get("MAYA_COMPANION_CONFIG")
    if override:
        return pathlib.Path(override)
    base = os.environ.get("XDG_CONFIG_HOME") or str(pathlib.Path.home() / ".config")
    return pathlib.Path(base) / APP / "config.toml"


def move_aside(path: pathlib.Path, why: str, companions: tuple[str, ...] = ()) -> pathlib.Path:
    """Rename a file the companion cannot use to <name>.<why>-<timestamp> (with -2,
    -3, ... if that exists), never deleting anything; each suffix in `companions`
    (e.g. SQLite's "-wal", "-shm") moves along with it. Returns the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{n}")
    try:
        for suffix in companions:
            side = path.with_name(path.name + suffix)
            if side.exists():
                os.replace(side, target.with_name(target.name + suffix))
        if path.exists():
            os.replace(path, target)
    except OSError as e:
        raise DataFolderError(
            f"{path.name} cannot be used and could not be moved aside to {target.name} "
            f"({e.strerror or e}); check that the data folder {path.parent} is writable."
        ) from None
    return target
