"""The tag registry: which RFID tag stands for what on this table.

A tag uid (upper-case hex, as hardware.events.TagEvent carries it) maps to a
meaning, a small JSON-safe dict:

    {"kind": "fob", "player": "Ana"}                 a player's fob
    {"kind": "worker", "colour": "blue", "value": 7} a Maya worker card
    {"kind": "stone", "symbols": ["jaguar"]}         a Mayan Curse sacred stone (2 symbols if dual)
    {"kind": "stela", "colour": "gray", "value": 3}  a stela token (value optional)
    {"kind": "command", "name": "undo"}              a command card

Learn mode: the app asks "tap the tag for Blue's 7" and calls
``registry.learn(uid, meaning)``; a tag already bound to something else is
refused with a sentence unless ``replace=True``. A player has one fob: learning
a second one for the same player is refused too unless ``replace=True`` (which
forgets the old fob).

Stored as JSON in ``data_dir()/tags.json``, written atomically (temp file,
fsync, os.replace). A damaged file is moved aside (never deleted) and the
registry starts empty with ``notice`` saying so. companion/ does not import
hardware/: this module works on plain uid strings.
"""
from __future__ import annotations

import dataclasses
import json
import os
import pathlib
import re
import threading
from typing import Any

from companion.errors import CompanionError
from companion.rules.engine import LearnSet, TagKind
from companion.store.paths import data_dir, move_aside, write_private_json
from companion.words import N_, _

VERSION = 1
#: An unknown tag (marked here; `unknown()` is the sentence in the current language).
UNKNOWN = N_("This tag is not known yet; use learn mode to assign it.")


def unknown() -> str:
    """What a screen says for a tag the registry has never learned."""
    return _(UNKNOWN)


def _fob_sets() -> list[LearnSet]:
    return []  # fobs are learned on the New game screen, one per player


def _command_sets() -> list[LearnSet]:
    return [LearnSet(_("Commands"), lambda: [(_("Tap the tag for the {command} command.", command=name),
                                              {"kind": "command", "name": name}) for name in ("undo", "redo")])]


#: The kinds every table has, whatever the game: a player's fob, a command card.
#: (Their titles are marked here and translated in kinds(), where they are read.)
FOB = TagKind("fob", N_("Players' fobs"), {"player": str}, lambda m: _("{name}'s fob", name=m["player"]), _fob_sets)
COMMAND = TagKind("command", N_("Commands"), {"name": str},
                  lambda m: _("the {command} command", command=m["name"]), _command_sets)


def kinds() -> dict[str, TagKind]:
    """Every tag kind this table knows, in order: fobs, each game's own kinds (the
    registry's games in name order, Game.tag_kinds()), commands."""
    from companion.games import available, get_game

    found: dict[str, TagKind] = {"fob": dataclasses.replace(FOB, title=_(FOB.title))}
    for name in available():
        try:
            game = get_game(name)
        except ImportError:  # available() finds a game without importing it; a broken one is skipped
            continue
        for kind in game.tag_kinds():
            found.setdefault(kind.kind, kind)
    found["command"] = dataclasses.replace(COMMAND, title=_(COMMAND.title))
    return found


class TagError(CompanionError, ValueError):
    """A tag that cannot be used or learned as asked; the message is for players."""


class UnknownTag(TagError):
    """A tag the registry has never learned."""


class TagInUse(TagError):
    """Learning would take a tag (or a player's fob) away from what it stands for now."""


class TagNotSaved(TagError, OSError):
    """The disk refused the tag list (full, read-only). An OSError as well, as it
    was before it became a sentence; nothing was changed, on disk or in memory."""


def normalise_uid(uid: str) -> str:
    """"04:a2:24:e2" and "04A224E2" are the same tag."""
    text = re.sub(r"[\s:\-]", "", str(uid)).upper()
    if not text or len(text) % 2 or not re.fullmatch(r"[0-9A-F]+", text):
        raise TagError(_("{uid} is not a tag id; a tag id is written in hex digits, e.g. {example}.", uid=repr(uid),
                         example="62E3086CED"))
    return text


def check_meaning(meaning: dict[str, Any], stored: bool = False) -> dict[str, Any]:
    """A validated copy of meaning; a bad one is a TagError naming the field.
    stored: read back from the tag list, where a kind no game declares now (its game
    is not installed, or not yet) is kept as it was written, if it is plain short data:
    a tag list is never moved aside because a game is missing."""
    known = kinds()
    if stored and isinstance(meaning, dict) and meaning.get("kind") not in known:
        return _kept(meaning)
    if not isinstance(meaning, dict) or meaning.get("kind") not in known:
        raise TagError(_("A tag must stand for one of: {kinds}; not {value}.", kinds=", ".join(known),
                         value=repr(meaning)))
    kind = meaning["kind"]
    spec = known[kind]
    fields = {**spec.fields, **spec.optional}
    extra = sorted(set(meaning) - set(fields) - {"kind"})
    if extra:
        raise TagError(_("A {kind} tag has no field {field}; its fields are: {fields}.", kind=kind,
                         field=repr(extra[0]), fields=", ".join(fields)))
    out: dict[str, Any] = {"kind": kind}
    for name, typ in fields.items():
        if name not in meaning:
            if name in spec.fields:
                raise TagError(_("A {kind} tag needs its {field}.", kind=kind, field=name))
            continue
        value = meaning[name]
        if typ is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise TagError(_("A {kind} tag's {field} must be a whole number, not {value}.", kind=kind, field=name,
                             value=repr(value)))
        if typ is int and abs(value) > 2**53:
            raise TagError(_("A {kind} tag's {field} is far too large.", kind=kind, field=name))
        if typ is str and (not isinstance(value, str) or not value.strip() or not _storable(value)):
            raise TagError(_("A {kind} tag's {field} must be a name, not {value}.", kind=kind, field=name,
                             value=repr(value)[:60]))
        if typ is list and (not isinstance(value, (list, tuple)) or not 1 <= len(value) <= 2
                            or not all(isinstance(s, str) and s.strip() and _storable(s) for s in value)):
            # one piece, one tag: a list names its one or two faces
            raise TagError(_("A {kind} tag's {field} must be one or two {item} names, not {value}.", kind=kind,
                             field=name, item=name.rstrip("s"), value=repr(value)))
        out[name] = value.strip() if typ is str else (list(value) if typ is list else value)
    return out


def _kept(meaning: dict[str, Any]) -> dict[str, Any]:
    """A stored tag of a kind no game declares now: names, whole numbers and short
    lists of names, kept as they are; anything else makes the list damaged."""
    def plain(v: Any) -> bool:
        if isinstance(v, str):
            return bool(v.strip()) and _storable(v)
        if isinstance(v, int) and not isinstance(v, bool):
            return abs(v) <= 2**53
        return isinstance(v, (list, tuple)) and 1 <= len(v) <= 2 and all(isinstance(s, str) and plain(s) for s in v)
    if not all(isinstance(k, str) and _storable(k) and plain(v) for k, v in meaning.items()):
        raise TagError(_("A stored tag of kind {kind} is not plain data: {value}.",
                         kind=repr(meaning.get("kind"))[:40], value=repr(meaning)[:80]))
    return {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in meaning.items()}


def _storable(text: str) -> bool:
    """Text that can be written as UTF-8 (no lone surrogates) and is of a sane length."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return len(text) <= 200


def describe(meaning: dict[str, Any]) -> str:
    """What a tag stands for, as a player would say it: "Ana's fob", "the undo command"
    (a game's kinds are described by the game)."""
    spec = kinds().get(str(meaning.get("kind")))
    if spec is None:
        return _("a {kind} tag (its game is not installed)", kind=meaning.get("kind"))
    try:
        return spec.describe(meaning)
    except (KeyError, TypeError, AttributeError):
        return repr(meaning)


class TagRegistry:
    """uid -> meaning, saved on every change. Use ``TagRegistry.open()``."""

    def __init__(self, path: pathlib.Path, tags: dict[str, dict[str, Any]] | None = None,
                 notice: str | None = None):
        self.path = pathlib.Path(path)
        self._tags: dict[str, dict[str, Any]] = dict(tags or {})
        self.notice = notice  # a sentence for the players when the file had to be moved aside
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None) -> TagRegistry:
        path = pathlib.Path(path) if path is not None else data_dir() / "tags.json"
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return cls(path)
        except OSError as e:
            # Unreadable (permissions, a folder in its place): nothing to move aside
            # safely, and a save would fail with its own sentence (TagNotSaved).
            notice = _("The tag list {path} could not be read ({why}); the companion starts with no tags known. "
                       "Check that file's permissions.", path=path, why=e.strerror or e)
            return cls(path, notice=notice)
        try:
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError(_("it is not UTF-8 text")) from None
            try:
                data = json.loads(text)
            except RecursionError:
                raise ValueError(_("it is nested too deeply")) from None
            if not isinstance(data, dict) or not isinstance(data.get("tags"), dict):
                raise ValueError(_("no tags table"))
            tags = {normalise_uid(uid): check_meaning(m, stored=True) for uid, m in data["tags"].items()}
        except (ValueError, TagError) as e:
            why = str(e)[:160]
            try:
                aside = move_aside(path, "damaged")
            except OSError as moved:
                notice = _("The tag list {path} is damaged ({why}) and could not be moved aside ({error}); the "
                           "companion starts with no tags known.", path=path, why=why, error=moved)
                return cls(path, notice=notice)
            notice = _("The tag list was damaged ({why}); it was moved to {aside} and the companion starts with no "
                       "tags known. Learn the tags again, or repair that file.", why=why, aside=aside)
            return cls(path, notice=notice)
        return cls(path, tags)

    # --- reading ------------------------------------------------------------
    def lookup(self, uid: str) -> dict[str, Any] | None:
        """The meaning of uid, or None when the tag is unknown."""
        with self._lock:
            m = self._tags.get(normalise_uid(uid))
            return dict(m) if m else None

    def meaning(self, uid: str) -> dict[str, Any]:
        """The meaning of uid; an unknown tag raises UnknownTag with a sentence for players."""
        m = self.lookup(uid)
        if m is None:
            raise UnknownTag(unknown())
        return m

    def uids_for(self, meaning: dict[str, Any]) -> list[str]:
        """Every tag that stands for this meaning (e.g. both tags of a worker card)."""
        m = check_meaning(meaning)
        with self._lock:
            return [uid for uid, v in self._tags.items() if v == m]

    def fob(self, player: str) -> str | None:
        with self._lock:
            return next((uid for uid, v in self._tags.items() if v["kind"] == "fob" and v["player"] == player), None)

    def items(self) -> list[tuple[str, dict[str, Any]]]:
        with self._lock:
            return [(uid, dict(m)) for uid, m in sorted(self._tags.items())]

    def __len__(self) -> int:
        return len(self._tags)

    # --- learn mode -----------------------------------------------------------
    def learn(self, uid: str, meaning: dict[str, Any], replace: bool = False) -> dict[str, Any]:
        """Bind uid to meaning and save. Refuses (TagInUse) a tag already bound to
        something else, or a second fob for a player, unless replace=True."""
        uid = normalise_uid(uid)
        m = check_meaning(meaning)
        with self._lock:
            old = self._tags.get(uid)
            if old == m:
                return dict(m)
            if old is not None and not replace:
                raise TagInUse(_("This tag is already {old}; to make it {new} instead, confirm that you want to "
                                 "replace it.", old=describe(old), new=describe(m)))
            tags = dict(self._tags)
            if m["kind"] == "fob":
                other = next((u for u, v in tags.items() if u != uid and v == m), None)
                if other is not None:
                    if not replace:
                        raise TagInUse(_("{name} already has a fob (tag {uid}); to use this tag instead, confirm "
                                         "that you want to replace it.", name=m["player"], uid=other))
                    del tags[other]
            tags[uid] = m
            self._save(tags)  # first on disk, then in memory: a failed save changes nothing
            self._tags = tags
        return dict(m)

    def forget(self, uid: str) -> dict[str, Any] | None:
        """Unbind uid; returns what it stood for (None if it was unknown)."""
        uid = normalise_uid(uid)
        with self._lock:
            old = self._tags.get(uid)
            if old is not None:
                tags = {u: v for u, v in self._tags.items() if u != uid}
                self._save(tags)
                self._tags = tags
        return old

    def _save(self, tags: dict[str, dict[str, Any]]) -> None:
        """Write atomically; a disk that refuses (full, read-only) is a TagNotSaved
        sentence, and the file on disk is left as it was."""
        data = {"version": VERSION, "tags": dict(sorted(tags.items()))}
        try:
            write_private_json(self.path, data)  # fobs and cards: owner only
        except OSError as e:
            raise TagNotSaved(_("The tag list could not be saved at {path} ({why}); nothing was changed.",
                                path=self.path, why=e.strerror or e)) from None
