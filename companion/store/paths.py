"""Where the companion keeps its files (XDG base directories on Linux), and how a
file it cannot use is moved aside (never deleted)."""
from __future__ import annotations

import json
import os
import pathlib
import sys
import time
from typing import Any

from companion.errors import DataFolderError
from companion.i18n import N_ as N_  # re-exported: the marker the modules of store/ use
from companion.i18n import Words

# The companion domain's words (the same catalog as companion/words.py's), for every module of
# store/: read straight from companion.i18n, since store/ stands under the rules and every game's
# box files (rules/components.py), and the layout keeps that stack shallow (tests/test_layout.py).
_ = Words("companion", "companion").gettext

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
        raise DataFolderError(_(
            "The data folder {path} could not be created ({reason}); check that the disk is writable,"
            " or set MAYA_COMPANION_DATA to a folder that is.", path=path, reason=e.strerror or e)) from None


def write_private_json(path: pathlib.Path, data: Any) -> None:
    """Write `data` as JSON readable by its owner only: a private temporary file,
    fsync, then a rename over the old one, so a crash leaves either the old file or
    the new one, never half of one. OSError (DataFolderError for the folder) when the
    disk refuses; the temporary file is removed and the old file is untouched."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        make_private_dir(path.parent)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with open(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, ensure_ascii=False)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_cache(path: pathlib.Path, data: Any) -> None:
    """Replace a cache file with `data` as JSON in one step (a reader never sees half
    of it); a home that cannot be written just means no cache: nothing is raised."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home: the next reader works it out again


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
        raise DataFolderError(_(
            "{name} cannot be used and could not be moved aside to {target} ({reason}); check that the"
            " data folder {folder} is writable.", name=path.name, target=target.name, reason=e.strerror or e,
            folder=path.parent)) from None
    return target
