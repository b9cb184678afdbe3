"""Remembered players: name, colour, symbol and fob, and the last table that sat down.

Kept in `players.json` beside the journal (the data folder), written atomically
and readable by its owner only. The journal names players by the name they had
in each game; a renamed player keeps their history because the roster keeps
each former name with the time it stopped being theirs:

    roster = Roster.open()
    ana = roster.add("Ana", colour="Red", symbol="●")
    roster.rename(ana.id, "Anna")               # games Ana played stay Anna's
    roster.owner("Ana", started=some_old_game)  # -> Anna
    roster.remember_table("maya", [{"name": "Anna", "colour": "Red", ...}, ...])
    roster.last_table()                         # "same table as last time"

A damaged file is moved aside (never deleted) with a sentence in `notice`; a
disk that refuses a save is a PlayersNotSaved sentence and nothing changes.
"""
from __future__ import annotations

import json
import os
import pathlib
import threading
import time
import uuid
from dataclasses import dataclass, field, replace
from typing import Any

from companion.errors import BadOption, CompanionError
from companion.store.paths import data_dir, move_aside, write_private_json
from companion.words import _

FILENAME = "players.json"
VERSION = 1
MAX_NAME = 40


class PlayersNotSaved(CompanionError, OSError):
    """The player list could not be written (disk full, read-only)."""


@dataclass(frozen=True)
class Former:
    """A name a player used until `until` (unix time)."""

    name: str
    until: float


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    colour: str = ""
    symbol: str = ""
    fob: str | None = None
    former: tuple[Former, ...] = field(default_factory=tuple)
    language: str = ""  # the language this player chose on a phone page (issue 24); "" none chosen

    def to_json(self) -> dict[str, Any]:
        out = {"id": self.id, "name": self.name, "colour": self.colour, "symbol": self.symbol,
               "fob": self.fob, "former": [{"name": f.name, "until": f.until} for f in self.former]}
        if self.language:
            out["language"] = self.language
        return out

    @classmethod
    def from_json(cls, data: Any) -> Player:
        if not isinstance(data, dict):
            raise ValueError(_("a player is not a table"))
        name, pid = data.get("name"), data.get("id")
        if not isinstance(name, str) or not name.strip() or not isinstance(pid, str) or not pid:
            raise ValueError(_("a player has no name or id"))
        fob = data.get("fob")
        former = []
        for f in data.get("former") or []:
            if not isinstance(f, dict) or not isinstance(f.get("name"), str) or not isinstance(
                    f.get("until"), (int, float)) or isinstance(f.get("until"), bool):
                raise ValueError(_("{name}'s former names are not readable", name=name))
            former.append(Former(f["name"], float(f["until"])))
        language = data.get("language")
        return cls(id=pid, name=name, colour=str(data.get("colour") or ""), symbol=str(data.get("symbol") or ""),
                   fob=fob if isinstance(fob, str) and fob else None, former=tuple(former),
                   language=language if isinstance(language, str) and len(language) <= 16 else "")


def clean_name(name: Any) -> str:
    """A player's name as stored: trimmed, non-empty, short."""
    text = " ".join(str(name).split())
    if not text:
        raise BadOption(_("Every player needs a name."))
    if len(text) > MAX_NAME:
        raise BadOption(_("A name can have at most {n} letters; {name}… is longer.", n=MAX_NAME, name=text[:20]))
    return text


class Roster:
    """The remembered players. Use `Roster.open()`."""

    def __init__(self, path: pathlib.Path, players: list[Player] | None = None,
                 last: dict[str, Any] | None = None, notice: str | None = None):
        self.path = path
        self._players: list[Player] = list(players or [])
        self._last: dict[str, Any] = dict(last or {})
        self.notice = notice
        self._lock = threading.Lock()

    # --- opening and saving -------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None) -> Roster:
        p = pathlib.Path(path) if path is not None else data_dir() / FILENAME
        try:
            text = p.read_text(encoding="utf-8")
        except FileNotFoundError:
            return cls(p)
        except (OSError, UnicodeDecodeError) as e:
            return cls(p, notice=_("The player list {path} could not be read ({why}); the companion starts with no "
                                   "players remembered.", path=p, why=getattr(e, "strerror", None) or e))
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or not isinstance(data.get("players"), list):
                raise ValueError(_("no players list"))
            players = [Player.from_json(d) for d in data["players"]]
            last = data.get("last_table") if isinstance(data.get("last_table"), dict) else {}
        except (ValueError, RecursionError) as e:
            aside = move_aside(p, "damaged")
            return cls(p, notice=_("The player list was damaged ({why}); it was moved to {aside} (nothing was "
                                   "deleted) and the companion starts with no players remembered.",
                                   why=e, aside=aside.name))
        return cls(p, players, last)

    def _save(self, players: list[Player], last: dict[str, Any]) -> None:
        """Write to a private temporary file, fsync, then rename over the old one:
        a crash leaves either the old list or the new one, never half of one."""
        data = {"version": VERSION, "players": [p.to_json() for p in players], "last_table": last}
        try:
            write_private_json(self.path, data)
        except OSError as e:
            raise PlayersNotSaved(_("The player list could not be saved at {path} ({why}); nothing was changed.",
                                    path=self.path, why=e.strerror or e)) from None

    def _commit(self, players: list[Player], last: dict[str, Any] | None = None) -> None:
        last = self._last if last is None else last
        self._save(players, last)  # first on disk, then in memory: a failed save changes nothing
        self._players, self._last = players, last

    # --- reading --------------------------------------------------------------
    def players(self) -> list[Player]:
        """Everyone remembered, by name."""
        with self._lock:
            return sorted(self._players, key=lambda p: p.name.casefold())

    def get(self, player_id: str) -> Player:
        with self._lock:
            for p in self._players:
                if p.id == player_id:
                    return p
        raise BadOption(_("That player is not remembered any more."))

    def by_name(self, name: str) -> Player | None:
        key = " ".join(str(name).split()).casefold()
        with self._lock:
            return next((p for p in self._players if p.name.casefold() == key), None)

    def by_fob(self, fob: str) -> Player | None:
        key = str(fob).strip().upper()
        with self._lock:
            return next((p for p in self._players if p.fob and p.fob.upper() == key), None)

    def owner(self, name: str, started: float) -> Player | None:
        """Who played as `name` in a game started at `started`: the player who had
        that name then (a former name until it was changed), else whoever has it now."""
        key = name.casefold()
        with self._lock:
            earliest: tuple[float, Player] | None = None
            for p in self._players:
                for f in p.former:
                    if f.name.casefold() == key and started < f.until and (earliest is None or f.until < earliest[0]):
                        earliest = (f.until, p)
            if earliest is not None:
                return earliest[1]
        return self.by_name(name)

    def names_of(self, player_id: str) -> list[str]:
        """Every name a player has had, the current one first."""
        p = self.get(player_id)
        return [p.name] + [f.name for f in reversed(p.former)]

    # --- changing ---------------------------------------------------------------
    def add(self, name: str, colour: str = "", symbol: str = "", fob: str | None = None) -> Player:
        name = clean_name(name)
        with self._lock:
            same = next((p for p in self._players if p.name.casefold() == name.casefold()), None)
            if same is not None:
                raise BadOption(_("{name} is already in the list of players.", name=same.name))
            player = Player(id=uuid.uuid4().hex[:12], name=name, colour=colour, symbol=symbol)
            players = self._players + [player]
            if fob:
                players = _with_fob(players, player.id, fob)
            self._commit(players)
            return next(p for p in players if p.id == player.id)

    def rename(self, player_id: str, new_name: str, when: float | None = None) -> Player:
        """Give a player a new name; their games under the old name stay theirs."""
        new_name = clean_name(new_name)
        with self._lock:
            old = next((p for p in self._players if p.id == player_id), None)
            if old is None:
                raise BadOption(_("That player is not remembered any more."))
            if new_name == old.name:
                return old
            same = next((p for p in self._players if p.id != player_id and p.name.casefold() == new_name.casefold()),
                        None)
            if same is not None:
                raise BadOption(_("{name} is already in the list of players.", name=same.name))
            now = time.time() if when is None else when
            renamed = replace(old, name=new_name, former=old.former + (Former(old.name, now),))
            players = [renamed if p.id == player_id else p for p in self._players]
            last = dict(self._last)
            if isinstance(last.get("seats"), list):
                last["seats"] = [dict(s, name=new_name) if isinstance(s, dict) and s.get("id") == player_id else s
                                 for s in last["seats"]]
            self._commit(players, last)
            return renamed

    def update(self, player_id: str, colour: str | None = None, symbol: str | None = None,
               fob: str | None = None, clear_fob: bool = False) -> Player:
        with self._lock:
            players = list(self._players)
            i = next((k for k, p in enumerate(players) if p.id == player_id), None)
            if i is None:
                raise BadOption(_("That player is not remembered any more."))
            p = players[i]
            players[i] = replace(p, colour=p.colour if colour is None else colour,
                                 symbol=p.symbol if symbol is None else symbol,
                                 fob=None if clear_fob else p.fob)
            if fob:
                players = _with_fob(players, player_id, fob)
            self._commit(players)
            return next(q for q in players if q.id == player_id)

    def set_language(self, player_id: str, language: str) -> Player:
        """The language a player chose on their phone's page (kept for their next games)."""
        with self._lock:
            players = list(self._players)
            i = next((k for k, p in enumerate(players) if p.id == player_id), None)
            if i is None:
                raise BadOption("That player is not remembered any more.")
            if players[i].language != language:
                players[i] = replace(players[i], language=language)
                self._commit(players)
            return players[i]

    def forget(self, player_id: str) -> None:
        """Forget a player (their games stay in the journal under the names they had)."""
        with self._lock:
            players = [p for p in self._players if p.id != player_id]
            if len(players) != len(self._players):
                self._commit(players)

    # --- the last table ---------------------------------------------------------
    def remember_table(self, game: str, seats: list[dict[str, Any]]) -> list[Player]:
        """A game is starting: every seat's player is remembered (added, or their
        colour, symbol and fob updated), and this table becomes "the last table".
        seats: [{"name", "colour", "symbol", "fob"}] in seat order."""
        with self._lock:
            players = list(self._players)
            order = []
            for seat in seats:
                name = clean_name(seat.get("name", ""))
                i = next((k for k, p in enumerate(players) if p.name.casefold() == name.casefold()), None)
                colour, symbol = str(seat.get("colour") or ""), str(seat.get("symbol") or "")
                if i is None:
                    players.append(Player(id=uuid.uuid4().hex[:12], name=name, colour=colour, symbol=symbol))
                    i = len(players) - 1
                else:
                    players[i] = replace(players[i], colour=colour or players[i].colour,
                                         symbol=symbol or players[i].symbol)
                fob = seat.get("fob")
                if isinstance(fob, str) and fob:
                    players = _with_fob(players, players[i].id, fob)
                order.append(players[i].id)
            last = {"game": game, "time": time.time(), "seats": [{"id": pid} for pid in order]}
            self._commit(players, last)
            by_id = {p.id: p for p in players}
            return [by_id[pid] for pid in order]

    def last_table(self) -> tuple[str | None, list[Player]]:
        """(game, players in seat order) of the last table that started a game;
        players forgotten since are left out."""
        with self._lock:
            seats = self._last.get("seats") if isinstance(self._last.get("seats"), list) else []
            by_id = {p.id: p for p in self._players}
            out = [by_id[s["id"]] for s in seats or [] if isinstance(s, dict) and s.get("id") in by_id]
            game = self._last.get("game")
            return (game if isinstance(game, str) else None), out


def _with_fob(players: list[Player], player_id: str, fob: str) -> list[Player]:
    """One fob, one player: binding it to player_id takes it from anyone else."""
    fob = str(fob).strip().upper()
    return [replace(p, fob=fob) if p.id == player_id else (replace(p, fob=None) if p.fob == fob else p)
            for p in players]


__all__ = ["FILENAME", "Former", "Player", "PlayersNotSaved", "Roster", "clean_name"]
