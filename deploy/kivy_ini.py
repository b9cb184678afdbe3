"""Put the touchscreen's [input] settings into Kivy's config.ini, keeping the user's own.

    python deploy/kivy_ini.py ~/.kivy/config.ini deploy/kivy-touchscreen.ini

Run by deploy/install-pi.sh on every install and update. A key is written
only where it is missing or still holds Kivy's own default, so a setting the
user changed (provider=hidinput, param=invert_x=1, ...) survives every run.
When the touchscreen line is written, every other probesysfs line goes: each
one opens the touchscreen again and makes every tap count twice.
The file is rewritten only when something changed. Prints one line saying which.
"""
from __future__ import annotations

import configparser
import pathlib
import sys

# What Kivy writes into a fresh config.ini (kivy/config.py): these count as "not set by anyone".
KIVY_DEFAULTS = {
    "mouse": {"mouse"},
    "%(name)s": {"probesysfs", "probesysfs,provider=hidinput"},
}


def _parser() -> configparser.RawConfigParser:
    p = configparser.RawConfigParser()
    p.optionxform = str  # type: ignore[assignment,method-assign]  # Kivy's keys are case-sensitive
    return p


def merge(target: pathlib.Path, sample: pathlib.Path) -> str:
    want, have = _parser(), _parser()
    want.read(sample)
    have.read(target)
    if not have.has_section("input"):
        have.add_section("input")
    changed: list[str] = []
    for key, value in want.items("input"):
        current = have.get("input", key, fallback=None)
        if current is None or (current.strip() in KIVY_DEFAULTS.get(key, set()) and current.strip() != value):
            have.set("input", key, value)
            changed.append(key)
    if "%(name)s" in changed:
        for key, value in list(have.items("input")):
            if key != "%(name)s" and value.strip().startswith("probesysfs"):
                have.remove_option("input", key)
    if not changed:
        return f"  kept: {target} [input] is already set (your own settings are never overwritten)"
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target, "w") as f:
        have.write(f)
    return f"  set in {target} [input]: " + ", ".join(f"{k} = {have.get('input', k)}" for k in changed)


if __name__ == "__main__":
    print(merge(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])))
