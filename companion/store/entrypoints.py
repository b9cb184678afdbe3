"""Entry points, read without importlib.metadata (issue 21: games and their screens
register as entry points, and listing them must stay fast).

`importlib.metadata` costs about 35 ms to import and scan, more than the rest of
`maya-companion games`; this reads the same files it reads for an installed
distribution found on sys.path — each `*.dist-info/entry_points.txt` (and
`*.egg-info/entry_points.txt`) — and nothing else, so a distribution put on
sys.path (a test's temporary dist-info) is found exactly as importlib.metadata
would find it. tests/companion/test_registry.py compares the two.

    scan("maya_companion.games")  ->  {"maya": "companion.games.maya:GAME", ...}

The first distribution on sys.path that names an entry point wins, as with
importlib.metadata's de-duplication by distribution. A source checkout whose
installed metadata predates a group (installed before the group was added to
pyproject.toml, not reinstalled since) falls back to that checkout's
pyproject.toml, so a fresh clone run in place still finds its games.
"""
from __future__ import annotations

import os
import pathlib
import sys
from typing import Any

_CACHE: dict[tuple[str, tuple[str, ...]], dict[str, str]] = {}
ROOT = pathlib.Path(__file__).resolve().parents[2]  # the checkout holding companion/


def _parse(text: str, group: str) -> dict[str, str]:
    """One entry_points.txt: the `name = value` lines of [group] (an ini file)."""
    out: dict[str, str] = {}
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
            continue
        if inside and "=" in line:
            name, value = line.split("=", 1)
            out.setdefault(name.strip(), value.strip())
    return out


def _distributions(entry: str) -> list[str]:
    try:
        names = sorted(os.listdir(entry or "."))
    except OSError:
        return []
    return [n for n in names if n.endswith((".dist-info", ".egg-info"))]


def _from_pyproject(group: str) -> dict[str, str]:
    """This checkout's own declaration of `group`, for an install that predates it."""
    import tomllib  # only for a stale install: not on the start-up path

    try:
        data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    found = data.get("project", {}).get("entry-points", {}).get(group, {})
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def _folders_key() -> list[list[Any]]:
    """sys.path with each folder's modification time: installing or removing a
    distribution adds or removes a *.dist-info folder, which changes it."""
    out: list[list[Any]] = []
    for entry in sys.path:
        try:
            out.append([entry, os.stat(entry or ".").st_mtime_ns])
        except OSError:
            out.append([entry, None])
    return out


def _disk_path() -> pathlib.Path | None:
    from companion.store.paths import data_dir

    try:
        return data_dir() / "cache" / "entry_points.json"
    except OSError:
        return None


def scan(group: str) -> dict[str, str]:
    """{name: "module:attr"} of every entry point in `group` on sys.path. Kept in
    the data folder's cache while no folder on sys.path changed (reading every
    distribution costs a few ms of each start)."""
    key = (group, tuple(sys.path))
    if key in _CACHE:
        return dict(_CACHE[key])
    import json

    folders = [*_folders_key(), [str(ROOT / "pyproject.toml"), _mtime(ROOT / "pyproject.toml")]]
    path = _disk_path()
    disk: dict[str, Any] = {}
    try:
        if path is not None:
            disk = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        disk = {}
    hit = disk.get(group) if isinstance(disk, dict) else None
    if isinstance(hit, dict) and hit.get("folders") == folders and isinstance(hit.get("found"), dict):
        _CACHE[key] = {str(k): str(v) for k, v in hit["found"].items()}
        return dict(_CACHE[key])
    found = _read(group)
    _CACHE[key] = found
    if path is not None:
        disk = disk if isinstance(disk, dict) else {}
        disk[group] = {"folders": folders, "found": found}
        from companion.store.paths import write_cache

        write_cache(path, disk)  # a read-only home: read the distributions each time
    return dict(found)


def _mtime(path: pathlib.Path) -> int | None:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None


def _read(group: str) -> dict[str, str]:
    found: dict[str, str] = {}
    seen: set[str] = set()
    ours = False
    for entry in sys.path:
        for dist in _distributions(entry):
            project = dist.rsplit(".", 1)[0].split("-", 1)[0].lower().replace("-", "_")
            if project in seen:
                continue  # an older copy of a distribution further down sys.path
            seen.add(project)
            try:  # os, not pathlib: a hundred distributions are looked at per start
                with open(os.path.join(entry or ".", dist, "entry_points.txt"), encoding="utf-8") as f:
                    text = f.read()
            except OSError:
                continue
            group_here = _parse(text, group)
            if project == "maya_companion":
                ours = True
                if not group_here:
                    group_here = _from_pyproject(group)
            for name, value in group_here.items():
                found.setdefault(name, value)
    if not ours:  # not installed at all: run from a checkout (PYTHONPATH=.)
        for name, value in _from_pyproject(group).items():
            found.setdefault(name, value)
    return found


def forget() -> None:
    """Read the files again next time (a test that wrote a dist-info into a folder
    already on sys.path)."""
    _CACHE.clear()
