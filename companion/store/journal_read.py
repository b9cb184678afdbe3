"""The journal's read side: what a sessions row is (its columns, checksums and
JSON), the lists Home and Past games page through, their counts, a game's row
and entries, snapshots, and the setting aside of a game found damaged while
reading. `Journal` (companion/store/journal.py) adds opening, the schema and writing;
every public name here is importable from companion.store.journal too.

Reads never scan the whole journal: a page of history() or in_progress() reads
the rows of the page through a partial index, and the counts come from
list_counts (kept by triggers). A row or a table that cannot be read sets the
games it holds aside (kept in the file, named in `notice`) instead of raising.
"""
from __future__ import annotations

import json
import json.scanner
import pathlib
import sqlite3
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from companion.errors import JournalError
from companion.store.paths import N_, _

SALVAGE_MAX = 200_000  # games looked up one by one when the list of games is damaged

_SESSION_COLUMNS = ("id, game, players, options, meta, seed, randomness, started, finished, result, abandoned,"
                    " summary")
_DAMAGE = ("no such table", "no such column", "already exists", "malformed", "not a database")


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def dumps(value: Any) -> str:
    """Compact JSON, refusing NaN (not JSON) so a bad value fails before commit.
    (json.dumps with these options builds an encoder per call; one is kept.)"""
    return _ENCODER.encode(value)


_scan = json.scanner.make_scanner(json.JSONDecoder())  # type: ignore[arg-type]  # typeshed: a decoder is its context


def loads(text: Any) -> Any:
    """json.loads for the journal's own JSON (compact, as dumps writes it),
    straight through the C scanner json.loads ends in: a replay parses one
    payload per entry, and json.loads's own layers cost more than the parse of
    a short one. Anything the scanner alone does not take whole (surrounding
    whitespace, bytes, nothing valid) goes through json.loads itself, so the
    value and the errors are exactly json.loads's."""
    try:
        value, end = _scan(text, 0)
    except (StopIteration, TypeError):
        return json.loads(text)
    if end != len(text):
        return json.loads(text)
    return value


def entry_crc(session_id: int, seq: int, kind: str, payload: str) -> int:
    """The checksum stored beside an entry: a changed byte anywhere in it shows."""
    return zlib.crc32(f"{session_id}|{seq}|{kind}|{payload}".encode("utf-8", "surrogatepass"))


def row_crc(*columns: Any) -> int:
    """The checksum of a sessions row (its columns in _SESSION_COLUMNS order)."""
    return zlib.crc32(repr(columns).encode("utf-8", "surrogatepass"))


def _lenient_text(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def sentence(e: BaseException, doing: str | None = None) -> str:
    """A player's sentence for an OS or SQLite error on the journal; `doing` (what
    failed, already in the reader's language) defaults to "The journal could not be used"."""
    text = str(getattr(e, "strerror", None) or e).lower()
    if "full" in text or "no space" in text or "quota" in text:
        why = _("the disk is full")
    elif "readonly" in text or "read-only" in text or "permission" in text or "access" in text:
        why = _("the data folder cannot be written to (read-only or no permission)")
    elif "locked" in text or "busy" in text:
        why = _("another program is using the journal")
    elif "unable to open" in text or "no such file" in text:
        why = _("the journal file cannot be opened")
    elif "disk i/o" in text or "input/output" in text:
        why = _("the storage card reported a read or write error")
    else:
        why = str(e)
    # i18n: {doing} is a whole sentence start such as "The move could not be saved"; {why} the cause
    return _("{doing}: {why}.", doing=doing if doing is not None else _("The journal could not be used"), why=why)


#: Why a game was set aside, as the journal's set_aside column keeps it (data, in
#: English): each is translated where it is shown (`_why_text`).
_WHYS = (N_("its details are missing"), N_("its details cannot be read"), N_("its moves cannot be read"),
        N_("some of its moves are missing"), N_("the page it is on is damaged"),
        N_("its details do not match their checksum"), N_("its details are not readable"))


def _why_text(why: str) -> str:
    """The reason a game was set aside, in the reader's language (a reason the
    journal does not know, such as a database message, as it is)."""
    if why in _WHYS:
        return _(why)
    seq = why.removeprefix("entry ").removesuffix(" is damaged")
    if why.startswith("entry ") and why.endswith(" is damaged") and seq.isdigit():
        return _("entry {seq} is damaged", seq=seq)
    if why.startswith("it cannot be rebuilt: "):
        return _("it cannot be rebuilt: {error}", error=why.removeprefix("it cannot be rebuilt: "))
    return why


def _aside_sentence(session_id: int, game: str, why: str) -> str:
    if not game:
        return _("Game {id} could not be read ({why}), so it was set aside: it is kept in the journal but no longer"
                 " offered. Every other game is unaffected.", id=session_id, why=_why_text(why))
    return _("Game {id} ({game}) could not be read ({why}), so it was set aside: it is kept in the journal but no"
             " longer offered. Every other game is unaffected.", id=session_id, game=game, why=_why_text(why))


class _Damaged(Exception):
    """A row that cannot be read as written."""


class _Unreadable(JournalError):
    """A table of the journal cannot be read at all (damaged pages)."""


class JournalReader:
    """Reading one open journal file (the base of `Journal`, which opens it)."""

    def __init__(self, conn: sqlite3.Connection, path: pathlib.Path, notice: Callable[[], str] | None):
        self._conn: sqlite3.Connection | None = conn
        self.path = path
        #: what to tell the players, each made in the language current when read
        self._notes: list[Callable[[], str]] = [notice] if notice else []
        self._aside: dict[int, tuple[str, str]] = {}  # session id -> (game, why): its sentence made when read

    @property
    def notices(self) -> list[str]:
        """Each sentence for the players about what was done to keep their games, in the
        language current now."""
        return [note() for note in self._notes]

    @property
    def notice(self) -> str | None:
        """Every sentence for the players about what was done to keep their games
        (a file moved aside, a damaged game set aside), or None."""
        said = self.notices
        return " ".join(said) if said else None

    @property
    def _set_aside(self) -> dict[int, str]:
        """session id -> the sentence that says it was set aside (made now, in the current language)."""
        return {sid: _aside_sentence(sid, game, why) for sid, (game, why) in self._aside.items()}

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise JournalError(_("The journal is closed."))
        return self._conn

    # --- damage -----------------------------------------------------------------
    def set_aside(self, session_id: int, game: str, why: str) -> str:
        """Leave a damaged game out of every list (kept in the file, never deleted)
        and say so in `notice`. Returns the sentence."""
        if not game:
            try:
                game = self.conn.execute("SELECT game FROM sessions WHERE id = ?", (session_id,)).fetchone()[0]
            except (sqlite3.Error, TypeError):
                game = ""
        name = game if isinstance(game, str) and game and game.isprintable() and len(game) < 40 else ""
        if session_id in self._aside:
            return _aside_sentence(session_id, *self._aside[session_id])
        self._aside[session_id] = (name, why)
        self._notes.append(lambda: _aside_sentence(session_id, name, why))
        try:
            with self.conn:
                self.conn.execute("UPDATE sessions SET set_aside = ? WHERE id = ?", (why, session_id))
        except sqlite3.Error:
            pass  # the disk refuses: it stays left out for this run, and is found again next time
        return _aside_sentence(session_id, name, why)

    def damaged_games(self) -> list[dict[str, Any]]:
        """Games set aside as damaged: {"id", "why"} (why in the current language)."""
        out = {sid: why for sid, why in self._safe_rows(
            "SELECT id, set_aside FROM sessions WHERE set_aside IS NOT NULL", ())}
        for sid, (_game, why) in self._aside.items():
            out.setdefault(sid, why)
        return [{"id": sid, "why": _why_text(str(why))} for sid, why in sorted(out.items())]

    def _safe_rows(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Rows of a query; a row with bytes that are not UTF-8 is read leniently
        (its checksum then shows the damage). A damaged table is a JournalError."""
        conn = self.conn
        try:
            return conn.execute(sql, args).fetchall()
        except UnicodeDecodeError:
            raise _Unreadable(_("The journal could not be read; it is damaged.")) from None
        except sqlite3.OperationalError as e:
            if any(d in str(e) for d in _DAMAGE):
                raise _Unreadable(_("The journal could not be read ({error}); it may be damaged.", error=e)) from None
            if "decode" not in str(e):
                raise JournalError(sentence(e, _("The journal could not be read"))) from None
        except sqlite3.DatabaseError as e:
            raise _Unreadable(_("The journal could not be read ({error}); it may be damaged.", error=e)) from None
        conn.text_factory = _lenient_text
        try:
            return conn.execute(sql, args).fetchall()
        except (sqlite3.Error, UnicodeDecodeError) as e:
            raise _Unreadable(_("The journal could not be read ({error}); it may be damaged.", error=e)) from None
        finally:
            conn.text_factory = str

    # --- reading --------------------------------------------------------------
    def session(self, session_id: int) -> dict[str, Any]:
        """The session's row; a damaged one is set aside and is a JournalError."""
        rows = self._safe_rows(f"SELECT {_SESSION_COLUMNS}, crc, set_aside FROM sessions WHERE id = ?",
                               (session_id,))
        if not rows:
            # Games are numbered 1, 2, 3, ... and never deleted: a missing number
            # below the highest, or one whose moves are there, is damage.
            try:
                top = self.conn.execute("SELECT max(id) FROM sessions").fetchone()[0] or 0
                moves = self.conn.execute("SELECT 1 FROM entries WHERE session = ? LIMIT 1", (session_id,)).fetchall()
            except sqlite3.Error:
                top, moves = 0, [(1,)]
            if moves or (isinstance(session_id, int) and 0 < session_id <= top):
                raise JournalError(self.set_aside(session_id, "", "its details are missing"))
            raise JournalError(_("There is no game number {id} in the journal.", id=session_id))
        row = rows[0]
        if row[13] is not None or session_id in self._aside:
            raise JournalError(self.set_aside(session_id, row[1], str(row[13])))
        try:
            return _session_row(row)
        except _Damaged as e:
            raise JournalError(self.set_aside(session_id, row[1], str(e))) from None

    def entries(self, session_id: int) -> list[tuple[int, str, str]]:
        """(seq, kind, payload JSON) in order, each checked against its checksum;
        a damaged entry sets the game aside (JournalError)."""
        rows = self._safe_rows(
            "SELECT seq, kind, payload, crc FROM entries WHERE session = ? ORDER BY seq", (session_id,))
        out = []
        for seq, kind, payload, crc in rows:
            if crc is not None and (not isinstance(payload, str) or not isinstance(kind, str)
                                    or crc != entry_crc(session_id, seq, kind, payload)):
                raise JournalError(self.set_aside(session_id, "", f"entry {seq} is damaged"))
            out.append((seq, kind, payload))
        return out

    def load(self, session_id: int) -> tuple[dict[str, Any], list[tuple[int, str, str]]]:
        """The session's row and its entries, read in one transaction (one
        snapshot, whatever another process writes meanwhile). Entries missing
        against the summary written with them set the game aside (JournalError)."""
        conn = self.conn
        began = not conn.in_transaction
        if began:
            try:
                conn.execute("BEGIN")
            except sqlite3.Error as e:
                raise JournalError(sentence(e, _("The journal could not be read"))) from None
        try:
            try:
                row = self.session(session_id)
            except _Unreadable:
                raise JournalError(self.set_aside(session_id, "", "its details cannot be read")) from None
            try:
                entries = self.entries(session_id)
            except _Unreadable:
                raise JournalError(self.set_aside(session_id, row["game"], "its moves cannot be read")) from None
        finally:
            if began and conn.in_transaction:
                try:
                    conn.execute("COMMIT")
                except sqlite3.Error:
                    pass  # a read: nothing to lose
        summary = row["summary"]
        if summary is not None and summary.get("entries") != len(entries):
            raise JournalError(self.set_aside(session_id, row["game"], "some of its moves are missing"))
        return row, entries

    def snapshot_marks(self, session_id: int) -> list[tuple[int, int]]:
        """(idx, prefix) of the session's saved snapshots, latest first."""
        try:
            return [(int(i), int(p)) for i, p in self.conn.execute(
                "SELECT idx, prefix FROM snapshots WHERE session = ? ORDER BY idx DESC", (session_id,))]
        except (sqlite3.Error, TypeError, ValueError):
            return []  # a damaged snapshot list costs time (a full replay), never a game

    def snapshot(self, session_id: int, idx: int, prefix: int) -> bytes | None:
        """The pickled state after `idx` actions of exactly that history, if saved and intact."""
        try:
            row = self.conn.execute("SELECT state, crc FROM snapshots WHERE session = ? AND idx = ? AND prefix = ?",
                                    (session_id, idx, prefix)).fetchone()
        except sqlite3.Error:
            return None
        if row is None or not isinstance(row[0], bytes) or zlib.crc32(row[0]) != row[1]:
            return None
        return row[0]

    def sessions(self) -> list[dict[str, Any]]:
        """Every readable session, newest first (damaged ones are set aside)."""
        out = []
        for row in self._safe_rows(f"SELECT {_SESSION_COLUMNS}, crc, set_aside FROM sessions"
                                   f" ORDER BY started DESC, id DESC", ()):
            if row[13] is not None:
                continue
            try:
                out.append(_session_row(row))
            except _Damaged as e:
                self.set_aside(row[0], row[1], str(e))
        return out

    def _listed(self, where: str, args: tuple[Any, ...], keep: Callable[[tuple[Any, ...]], bool], limit: int = -1,
                offset: int = 0) -> Iterator[dict[str, Any]]:
        """Readable sessions rows matching `where` (SQL) / `keep` (the same test in
        Python, for rows salvaged one by one when a page of the table is damaged)."""
        try:
            rows = self._safe_rows(
                f"SELECT {_SESSION_COLUMNS}, crc, set_aside FROM sessions WHERE {where} AND set_aside IS NULL"
                f" ORDER BY started DESC, id DESC LIMIT ? OFFSET ?", (*args, limit, offset))
        except _Unreadable:
            rows = [r for r in self._salvaged_rows() if r[13] is None and keep(r)]
            rows.sort(key=lambda r: (r[7] if isinstance(r[7], (int, float)) else 0, r[0]), reverse=True)
            rows = rows[offset:] if limit < 0 else rows[offset:offset + limit]
        for row in rows:
            if row[0] in self._aside:
                continue
            try:
                yield _session_row(row)
            except _Damaged as e:
                self.set_aside(row[0], row[1], str(e))

    def _salvaged_rows(self) -> list[tuple[Any, ...]]:
        """Every sessions row still readable, one by one: a damaged page of the
        table (or of its index) costs only the games on it, which are set aside."""
        try:
            top = self.conn.execute("SELECT max(id) FROM sessions").fetchone()[0] or 0
        except sqlite3.Error:
            raise _Unreadable(_("The list of games cannot be read; the journal is damaged.")) from None
        rows = []
        for sid in range(1, min(int(top), SALVAGE_MAX) + 1):
            try:
                rows += self._safe_rows(f"SELECT {_SESSION_COLUMNS}, crc, set_aside FROM sessions WHERE id = ?",
                                        (sid,))
            except _Unreadable:
                self.set_aside(sid, "", "the page it is on is damaged")
        return rows

    def _actions_of(self, row: dict[str, Any]) -> int:
        summary = row["summary"]
        if summary is not None:
            return int(summary["actions"])
        try:
            return count_actions(self.entries(row["id"]))
        except (JournalError, ValueError, KeyError, TypeError):
            return 0

    def in_progress(self, limit: int | None = None, offset: int = 0) -> list[dict[str, Any]]:
        """Games neither finished nor abandoned, newest first:
        {"id", "game", "players", "started", "actions"}. Read from each game's
        summary (no entry is read); `limit`/`offset` page (Home shows the newest
        few and in_progress_count()); a damaged game is set aside and named in
        `notice` instead of raising."""
        out = []
        for row in self._listed("finished IS NULL AND abandoned IS NULL", (),
                                lambda r: r[8] is None and r[10] is None,
                                -1 if limit is None else int(limit), int(offset)):
            actions = self._actions_of(row)
            if row["id"] in self._aside:
                continue
            out.append({"id": row["id"], "game": row["game"], "players": row["players"],
                        "started": row["started"], "actions": actions})
        return out

    def in_progress_count(self) -> int:
        """How many games in_progress() would list (counted by SQL, in the index)."""
        return self._count("open", None)

    def _count(self, which: str, game: str | None) -> int:
        """A list's size from list_counts (kept by triggers: no scan of the games)."""
        sql = "SELECT sum(n) FROM list_counts WHERE list = ?"
        args: tuple[Any, ...] = (which,)
        if game is not None:
            sql, args = sql + " AND game = ?", (which, game)
        try:
            n = self._safe_rows(sql, args)[0][0]
        except _Unreadable:
            n = None
        if not isinstance(n, int) or n < 0:  # damaged counts: count the rows themselves
            return len(self.in_progress()) if which == "open" else len(self.history(game=game))
        return n

    def history(self, limit: int | None = None, offset: int = 0, game: str | None = None,
                player: str | None = None) -> list[dict[str, Any]]:
        """Finished games, newest first: {"id", "game", "players", "scores",
        "winners" (seats), "winner_names", "started", "finished", "duration_s"}.
        `limit`/`offset` page through them (history(50) reads 50 rows, whatever
        the journal holds); `game` and `player` filter. history_count() counts."""
        where, args = _history_filter(game, player)
        out = []

        def keep(r: tuple[Any, ...]) -> bool:
            return r[8] is not None and r[10] is None and (game is None or r[1] == game)

        for row in self._listed(where, args, keep, -1 if limit is None else int(limit), int(offset)):
            if player is not None and player not in row["players"]:
                continue
            players = row["players"]
            result = row["result"] if isinstance(row["result"], dict) else {}
            winners = list(result.get("winners", []))
            out.append({
                "id": row["id"], "game": row["game"], "players": players,
                "scores": list(result.get("scores", [])), "winners": winners,
                "winner_names": [players[w] for w in winners if isinstance(w, int) and 0 <= w < len(players)],
                "started": row["started"], "finished": row["finished"],
                "duration_s": round(row["finished"] - row["started"], 3),
            })
        return out

    def history_count(self, game: str | None = None, player: str | None = None) -> int:
        """How many finished games history() would list (counted by SQL)."""
        if player is None:
            return self._count("past", game)
        where, args = _history_filter(game, player)
        try:
            rows = self._safe_rows(f"SELECT players FROM sessions WHERE {where} AND set_aside IS NULL", args)
        except _Unreadable:
            return len(self.history(game=game, player=player))
        return sum(1 for (players,) in rows if _names(players, player))

    def history_counts(self) -> dict[str, int]:
        """Finished games per game name (counted by SQL)."""
        try:
            return {g: int(n) for g, n in self._safe_rows(
                "SELECT game, n FROM list_counts WHERE list = 'past' AND n > 0", ())}
        except _Unreadable:
            counts: dict[str, int] = {}
            for g in self.history():
                counts[g["game"]] = counts.get(g["game"], 0) + 1
            return counts

    def abandoned(self) -> list[dict[str, Any]]:
        """Abandoned games, newest first: {"id", "game", "players", "started", "abandoned", "actions"}."""
        return [
            {"id": r["id"], "game": r["game"], "players": r["players"], "started": r["started"],
             "abandoned": r["abandoned"], "actions": self._actions_of(r)}
            for r in self._listed("abandoned IS NOT NULL", (), lambda r: r[10] is not None)
        ]


def _names(players_json: Any, player: str) -> bool:
    try:
        players = json.loads(players_json)
    except (TypeError, ValueError, RecursionError):
        return False
    return isinstance(players, list) and player in players


def _history_filter(game: str | None, player: str | None) -> tuple[str, tuple[Any, ...]]:
    where = "finished IS NOT NULL AND abandoned IS NULL"
    args: tuple[Any, ...] = ()
    if game is not None:
        where, args = where + " AND game = ?", (*args, game)
    if player is not None:  # narrowed in SQL, checked exactly on each row
        where, args = where + " AND instr(players, ?) > 0", (*args, dumps(player))
    return where, args


def count_actions(entries: Iterable[tuple[int, str, str]]) -> int:
    """How many actions are in effect after the undos and redos (no replay needed)."""
    n = 0
    undone: list[int] = []
    for _seq, kind, payload in entries:
        if kind in ("action", "correction"):
            n += 1
        elif kind == "undo":
            k = loads(payload)["actions"]
            n -= k
            undone.append(k)
        elif kind == "redo" and undone:
            n += undone.pop()
    return n


def _session_row(row: Sequence[Any]) -> dict[str, Any]:
    """A sessions row as a dict, checked: its checksum, its JSON and their types.
    Anything else is _Damaged with a short reason."""
    crc = row[12]
    if crc is not None and crc != row_crc(*row[:12]):
        raise _Damaged("its details do not match their checksum")
    try:
        players, options, meta = loads(row[2]), loads(row[3]), loads(row[4])
        result = loads(row[9]) if row[9] else None
        summary = loads(row[11]) if row[11] else None
        out = {
            "id": row[0], "game": row[1], "players": players, "options": options, "meta": meta,
            "seed": int(row[5]), "randomness": row[6], "started": float(row[7]),
            "finished": None if row[8] is None else float(row[8]), "result": result,
            "abandoned": row[10], "summary": summary,
        }
    except (ValueError, TypeError, RecursionError):
        raise _Damaged("its details are not readable") from None
    if (not isinstance(row[1], str) or not isinstance(players, list)
            or not all(isinstance(p, str) for p in players) or not isinstance(options, dict)
            or not isinstance(meta, dict) or row[6] not in ("digital", "physical")
            or (summary is not None and not (isinstance(summary, dict) and isinstance(summary.get("actions"), int)))):
        raise _Damaged("its details are not readable")
    return out

