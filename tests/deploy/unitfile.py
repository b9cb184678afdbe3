"""What a systemd unit hands its process, read from the unit file itself.

Enough of systemd.syntax(7) and systemd.exec(5) for the kiosk unit: settings
by section (a setting given twice keeps every value; an empty value resets the
list), Environment= words with their quotes, and the specifiers the unit uses
(%t is /run for a system unit, %% is %).
"""
from __future__ import annotations

import pathlib
import shlex

SPECIFIERS = {"t": "/run", "%": "%"}


def expand(value: str) -> str:
    out, i = [], 0
    while i < len(value):
        if value[i] == "%" and i + 1 < len(value):
            key = value[i + 1]
            if key not in SPECIFIERS:
                raise ValueError(f"specifier %{key} is not known to this reader: {value!r}")
            out.append(SPECIFIERS[key])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


class Unit:
    def __init__(self, path: pathlib.Path):
        self.settings: dict[tuple[str, str], list[str]] = {}
        section = ""
        for raw in path.read_text().splitlines():
            line = raw.strip()
            if not line or line.startswith(("#", ";")):
                continue
            if line.startswith("[") and line.endswith("]"):
                section = line[1:-1]
                continue
            key, _, value = line.partition("=")
            values = self.settings.setdefault((section, key.strip()), [])
            if value.strip():
                values.append(value.strip())
            else:
                values.clear()

    def get(self, key: str, section: str = "Service") -> str | None:
        values = self.settings.get((section, key))
        return values[-1] if values else None

    def words(self, key: str, section: str = "Service") -> list[str]:
        """Every space-separated word of every line of a list setting, specifiers expanded."""
        return [expand(w) for v in self.settings.get((section, key), []) for w in shlex.split(v)]

    def environment(self) -> dict[str, str]:
        env: dict[str, str] = {}
        for word in self.words("Environment"):
            name, _, value = word.partition("=")
            env[name] = value
        return env

    def runtime_directories(self) -> list[str]:
        return [f"/run/{d}" for d in self.words("RuntimeDirectory")]

    def read_write_paths(self) -> list[str]:
        return [w.lstrip("-+") for w in self.words("ReadWritePaths")]

    def groups(self) -> list[str]:
        return self.words("SupplementaryGroups")
