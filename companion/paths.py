"""Where the companion keeps its files (XDG base directories on Linux)."""
from __future__ import annotations

import os
import pathlib
import sys

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
    path.mkdir(parents=True, exist_ok=True)
    return path


def config_path() -> pathlib.Path:
    """The config file: $MAYA_COMPANION_CONFIG, else $XDG_CONFIG_HOME/maya-companion/config.toml."""
    override = os.environ.get("MAYA_COMPANION_CONFIG")
    if override:
        return pathlib.Path(override)
    base = os.environ.get("XDG_CONFIG_HOME") or str(pathlib.Path.home() / ".config")
    return pathlib.Path(base) / APP / "config.toml"
