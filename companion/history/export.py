"""Taking finished games out of the companion: jsonl, csv and BG Stats.

    jsonl    one game per file, exactly what `maya-companion replay` reads: the
             setup line (with a `fairness` record for `verify`), then one action
             per line. It is the game's whole record, so it holds what was hidden
             during play (the draws); only finished games are exported.
    csv      one row per player per play: results only.
    bgstats  the JSON "play file" the BG Stats app imports: players, games,
             plays with scores, winners, date and duration. Results only.
    link     BG Stats' own "add a play" link for one finished game (play_link),
             shown as a QR code on the end screen. Results only.

`save` writes the files of one export into their folder, owner-only, all or none.

Games are read from the journal page by page (`Journal.history`), so --all on a
journal of 10,000 games never holds more than a page of rows at a time before
formatting. Players are named by their current name in the roster when one is
given (a renamed player stays one player in BG Stats).
"""
from __future__ import annotations

import csv
import io
import json
import sqlite3
import time
import urllib.parse
import uuid
from collections.abc import Iterator
from typing import Any, NamedTuple

from companion.errors import CompanionError
from companion.history.fairness import record, walk
from companion.history.option_words import title as shown_title
from companion.history.records import ExportError, finished, finished_game, history_row
from companion.store.journal import Journal
from companion.table.first import drawn_seat
from companion.table.players import Roster
from companion.words import _, pgettext

FORMATS = ("bgstats", "csv", "jsonl")
#: uuids are derived from the game's journal id and seed, so exporting the same
#: play twice gives the same uuid and BG Stats recognises it instead of doubling it.
NAMESPACE = uuid.UUID("5d0f1c9a-7f43-4b8e-9a53-6d61796163e0")
BGSTATS_ABOUT = ("This is a Play file that can be read by Board Game Stats. It was exported by the Maya table "
                 "companion; open it with Board Game Stats to import the plays.")



def display_name(roster: Roster | None, name: str, started: float) -> str:
    if roster is None:
        return name
    owner = roster.owner(name, started)
    return owner.name if owner is not None else name


# --- jsonl --------------------------------------------------------------------
def jsonl(journal: Journal, game_id: int) -> str:
    """One finished game as replay lines (see the module docstring)."""
    row = finished_game(journal, game_id)
    entries = journal.entries(game_id)
    fair = record(row["seed"], row["randomness"], entries, first=drawn_seat(row))
    actions = walk((kind, data) for kind, data in fair["history"]).actions
    setup = {"game": row["game"], "players": row["players"], "options": row["options"], "fairness": fair}
    lines = [json.dumps(setup, separators=(",", ":"), ensure_ascii=False)]
    lines += [json.dumps(a, separators=(",", ":"), ensure_ascii=False) for a in actions]
    return "\n".join(lines) + "\n"


def _full_rows(journal: Journal, rows: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """id -> {"meta", "seed", "result"} for these history rows: one query for
    many games (stats.finished_rows), the journal's own reader for a few."""
    if all("meta" in h and "seed" in h and "result" in h for h in rows):  # select() read them already
        return {h["id"]: h for h in rows}
    if len(rows) > 20:
        from companion.history.stats import finished_rows

        bulk = finished_rows(journal)
        if bulk is not None:
            wanted = {h["id"] for h in rows}
            found = {r["id"]: r for r in bulk if r["id"] in wanted}
            if len(found) == len(wanted):
                return found
    return {h["id"]: journal.session(h["id"]) for h in rows}


# --- csv ----------------------------------------------------------------------
CSV_COLUMNS = ("game_id", "game", "title", "date", "started_utc", "duration_min", "players", "seat", "player",
               "colour", "score", "rank", "winner", "tiebreak")
#: Each column's header in the reader's language (English: the column's name itself).
CSV_HEADERS = {
    "game_id": lambda: pgettext("CSV column", "game_id"), "game": lambda: pgettext("CSV column", "game"),
    "title": lambda: pgettext("CSV column", "title"), "date": lambda: pgettext("CSV column", "date"),
    "started_utc": lambda: pgettext("CSV column", "started_utc"),
    "duration_min": lambda: pgettext("CSV column", "duration_min"),
    "players": lambda: pgettext("CSV column", "players"), "seat": lambda: pgettext("CSV column", "seat"),
    "player": lambda: pgettext("CSV column", "player"), "colour": lambda: pgettext("CSV column", "colour"),
    "score": lambda: pgettext("CSV column", "score"), "rank": lambda: pgettext("CSV column", "rank"),
    "winner": lambda: pgettext("CSV column", "winner"), "tiebreak": lambda: pgettext("CSV column", "tiebreak"),
}


def csv_headers() -> list[str]:
    """The header row in the current language ("game_id", … / "Spiel_Nr", …)."""
    return [CSV_HEADERS[c]() for c in CSV_COLUMNS]


def _title(name: str) -> str:
    """The game's title in the current language (the game's own catalog)."""
    return shown_title(name)


def _registry_title(name: str) -> str:
    """The game's title as the registry has it (BG Stats matches games by it, in any language)."""
    from companion.games import title

    return title(name)


def csv_rows(journal: Journal, rows: list[dict[str, Any]], roster: Roster | None = None) -> Iterator[dict[str, Any]]:
    fulls = _full_rows(journal, rows)
    for h in rows:
        full = fulls[h["id"]]
        result = full["result"] or {}
        colours = full["meta"].get("colours") or []
        ranks = result.get("ranks") or []
        for seat, name in enumerate(h["players"]):
            yield {
                "game_id": h["id"], "game": h["game"], "title": _title(h["game"]),
                "date": time.strftime("%Y-%m-%d %H:%M", time.localtime(h["started"])),
                "started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(h["started"])),
                "duration_min": round(h["duration_s"] / 60, 1), "players": len(h["players"]), "seat": seat + 1,
                "player": display_name(roster, name, h["started"]),
                "colour": colours[seat] if seat < len(colours) and isinstance(colours[seat], str) else "",
                "score": h["scores"][seat] if seat < len(h["scores"]) else "",
                "rank": ranks[seat] if seat < len(ranks) else "",
                # i18n: the CSV's winner column: did this player win the play?
                "winner": pgettext("CSV winner", "yes") if seat in h["winners"] else pgettext("CSV winner", "no"),
                "tiebreak": result.get("tiebreak") or "",
            }


#: What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as written: text that starts like a formula gets a
    leading ' (a player named "=HYPERLINK(...)" or "-2" stays that text); a number
    (a score of -2, a rank) is written as the number it is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


class CsvDialect(NamedTuple):
    delimiter: str
    bom: str
    decimal_comma: bool


def csv_dialect() -> CsvDialect:
    """How the current language's spreadsheets read a CSV file. Where numbers are written
    with a decimal comma (German: "12,5"), Excel opens a double-clicked .csv with the
    system's list separator, ";", and reads a file without a byte order mark as the
    Windows code page ("JÃ¶rg" for Jörg): so there the file is UTF-8 with a BOM, cells
    are separated by ";" and decimals written with a comma (LibreOffice and Numbers read
    that too). In English the file stays as it always was: "," and no BOM."""
    from companion.i18n import current

    lang = current()
    if lang in ("en", "qps"):
        return CsvDialect(",", "", False)
    try:
        from babel.numbers import get_decimal_symbol

        comma = get_decimal_symbol(lang) == ","
    except Exception:  # a language Babel does not know: the English file
        comma = False
    return CsvDialect(";", "\ufeff", True) if comma else CsvDialect(",", "\ufeff", False)


def _local_number(value: Any, dialect: CsvDialect) -> Any:
    if dialect.decimal_comma and isinstance(value, float) and not isinstance(value, bool):
        return repr(value).replace(".", ",")  # the English file's number with a decimal comma: 12.0 is 12,0
    return value


def to_csv(journal: Journal, rows: list[dict[str, Any]], roster: Roster | None = None) -> str:
    """The CSV file's text in the current language: its headers, yes/no, the title, and
    the spreadsheet dialect (csv_dialect)."""
    dialect = csv_dialect()
    out = io.StringIO()
    out.write(dialect.bom)
    writer = csv.writer(out, delimiter=dialect.delimiter, lineterminator="\n")
    writer.writerow(csv_headers())
    for r in csv_rows(journal, rows, roster):
        writer.writerow([csv_cell(_local_number(r[c], dialect)) for c in CSV_COLUMNS])
    return out.getvalue()


# --- BG Stats ----------------------------------------------------------------------
def _uuid(*parts: object) -> str:
    return str(uuid.uuid5(NAMESPACE, ":".join(map(str, parts))))


def _bgg(name: str) -> Any:
    """The game's BoardGameGeek entry (declared in the game's own game.toml, read
    without importing its rules), or None when it has none or cannot be read."""
    from companion.games import info
    from companion.rules.engine import BoardGameGeek

    try:
        bgg = info(name).bgg
    except CompanionError:
        return None
    return BoardGameGeek(*bgg) if bgg else None


def manual_winner(result: dict[str, Any]) -> bool:
    """True when the winners are not simply the seats with the top score (a tie broken
    by a rule, nobody winning, a solo goal missed): BG Stats must then take the winner
    flags as given instead of crowning the top score itself."""
    scores = list(result.get("scores") or [])
    winners = {w for w in result.get("winners") or [] if isinstance(w, int) and not isinstance(w, bool)}
    numbers = [s for s in scores if isinstance(s, (int, float)) and not isinstance(s, bool)]
    if not scores or len(numbers) != len(scores):
        return bool(winners)
    top = max(numbers)
    return winners != {seat for seat, score in enumerate(numbers) if score == top}


def _new_players(journal: Journal, rows: list[dict[str, Any]], roster: Roster | None) -> dict[int, set[int]]:
    """game id -> the seats of these games that played that title for the first time
    (BG Stats' newPlayer), from every finished game up to the last of them: one query."""
    if not rows:
        return {}
    titles = sorted({h["game"] for h in rows})
    sql = ("SELECT id, game, players, started FROM sessions WHERE finished IS NOT NULL AND abandoned IS NULL"
           f" AND set_aside IS NULL AND started <= ? AND game IN ({','.join('?' * len(titles))}) ORDER BY started, id")
    try:
        found = journal.conn.execute(sql, (max(h["started"] for h in rows), *titles)).fetchall()
    except sqlite3.Error:
        return {}
    wanted = {h["id"] for h in rows}
    seen: set[tuple[str, str]] = set()
    out: dict[int, set[int]] = {}
    for game_id, game, players_json, started in found:
        try:
            players = json.loads(players_json)
        except (TypeError, ValueError, RecursionError):
            continue
        if not isinstance(players, list):
            continue
        new = set()
        for seat, name in enumerate(players):
            key = (game, display_name(roster, str(name), float(started)).casefold())
            if key not in seen:
                seen.add(key)
                new.add(seat)
        if game_id in wanted:
            out[game_id] = new
    return out


def to_bgstats(journal: Journal, rows: list[dict[str, Any]], roster: Roster | None = None,
               location: str = "Maya table companion") -> dict[str, Any]:
    """The BG Stats play file for these games (history rows), with the fields the
    app's own exports carry (tests/companion/bgstats/README.md)."""
    now = time.strftime("%Y-%m-%d %H:%M:%S")
    players: dict[str, dict[str, Any]] = {}
    games: dict[str, dict[str, Any]] = {}
    plays = []
    loc = {"id": 1, "uuid": _uuid("location", location), "name": location, "modificationDate": now}
    fulls = _full_rows(journal, rows)
    new_players = _new_players(journal, rows, roster)
    for h in sorted(rows, key=lambda r: (r["started"], r["id"])):
        full = fulls[h["id"]]
        result = full["result"] or {}
        if h["game"] not in games:
            bgg = _bgg(h["game"])
            games[h["game"]] = {"id": len(games) + 1, "uuid": _uuid("game", h["game"]),
                                "name": _registry_title(h["game"]),
                                "modificationDate": now, "cooperative": False, "highestWins": True,
                                "noPoints": False, "usesTeams": False, "bggId": bgg.id if bgg else 0,
                                "bggName": bgg.name if bgg else "", "bggYear": bgg.year if bgg else 0}
        ranks = result.get("ranks") or []
        scores = []
        for seat, name in enumerate(h["players"]):
            shown = display_name(roster, name, h["started"])
            if shown not in players:
                players[shown] = {"id": len(players) + 1, "uuid": _uuid("player", shown.casefold()), "name": shown,
                                  "isAnonymous": False, "modificationDate": now, "bggUsername": ""}
            scores.append({
                "playerRefId": players[shown]["id"],
                "score": str(h["scores"][seat]) if seat < len(h["scores"]) else "",
                "winner": seat in h["winners"], "newPlayer": seat in new_players.get(h["id"], ()),
                "startPlayer": seat == 0, "seatOrder": seat + 1, "rank": ranks[seat] if seat < len(ranks) else 0,
                "role": "",
            })
        started = time.localtime(h["started"])
        plays.append({
            "uuid": _uuid("play", h["id"], full["seed"]),
            "playDate": time.strftime("%Y-%m-%d %H:%M:%S", started),
            "playDateYmd": int(time.strftime("%Y%m%d", started)),
            "entryDate": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(h["finished"])),
            "modificationDate": now,
            "durationMin": max(1, round(h["duration_s"] / 60)),
            "gameRefId": games[h["game"]]["id"], "locationRefId": loc["id"],
            "ignored": False, "rating": 0, "manualWinner": manual_winner(result), "rounds": 0, "scoringSetting": 0,
            "usesTeams": False, "board": "", "comments": result.get("tiebreak") or "", "expansionPlays": [],
            "playerScores": scores,
        })
    # meRefId names the player who owns the phone; a table companion does not know
    # who that is, so it names nobody (0 is no player's id).
    return {"about": BGSTATS_ABOUT, "userInfo": {"meRefId": 0}, "players": list(players.values()),
            "locations": [loc], "games": list(games.values()), "plays": plays}


# --- BG Stats' "add a play" link (a QR code on the end screen) -----------------------------
#: From BG Stats' page "Push plays to BG Stats from other apps or websites": the app
#: opens this link (bgstats://app.bgstatsapp.com/createPlay.html?data= works as well)
#: and shows its import dialog; data is the play as URL-encoded JSON.
BGSTATS_ADD_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Maya table companion"


def play_data(journal: Journal, game_id: int, roster: Roster | None = None) -> dict[str, Any]:
    """One finished game as BG Stats' "add a play" data: its public result only
    (names, scores, ranks, winners, date, duration, the tie-break sentence)."""
    row = finished_game(journal, game_id)
    h = history_row(row)
    result = row["result"] if isinstance(row["result"], dict) else {}
    bgg = _bgg(h["game"])
    ranks = result.get("ranks") or []
    players = []
    for seat, name in enumerate(h["players"]):
        shown = display_name(roster, name, h["started"])
        score = h["scores"][seat] if seat < len(h["scores"]) else ""
        players.append({"startPlayer": seat == 0, "name": shown, "rank": ranks[seat] if seat < len(ranks) else 0,
                        "role": "", "score": score if isinstance(score, (int, float)) else str(score),
                        "sourcePlayerId": _uuid("player", shown.casefold())[:8], "winner": seat in h["winners"]})
    return {
        "board": "", "durationMin": max(1, round(h["duration_s"] / 60)),
        "comments": result.get("tiebreak") or "",
        "game": {"bggId": bgg.id if bgg else 0, "highestWins": True, "name": _registry_title(h["game"]),
                 "noPoints": False,
                 "sourceGameId": h["game"]},
        "location": SOURCE_NAME,
        "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(h["started"])),
        "players": players, "sourceName": SOURCE_NAME,
        "sourcePlayId": _uuid("play", h["id"], row["seed"]).replace("-", "")[:16],
    }


def play_link(journal: Journal, game_id: int, roster: Roster | None = None) -> str:
    """BG Stats' "add a play" link for one finished game (ExportError otherwise)."""
    data = json.dumps(play_data(journal, game_id, roster), separators=(",", ":"), ensure_ascii=False)
    # ":" and "," may stand unescaped in a query (RFC 3986) and decode to themselves:
    # a smaller QR code, read more easily off the screen.
    return BGSTATS_ADD_PLAY + urllib.parse.quote(data, safe=":,")


# --- choosing games and writing --------------------------------------------------------
def select(journal: Journal, game_id: int | None = None, game: str | None = None) -> list[dict[str, Any]]:
    """History rows: one game by id, or every finished game (of one title)."""
    if game_id is None:
        from companion.history.stats import finished_rows

        bulk = finished_rows(journal, game)  # one query; None if the table is damaged
        if bulk is None:
            return list(finished(journal, game))
        return [{**history_row({**r, "finished": r["started"] + r["duration_s"]}),
                 "meta": r["meta"], "seed": r["seed"], "result": r["result"]} for r in reversed(bulk)]
    return [history_row(finished_game(journal, game_id))]


def render(journal: Journal, fmt: str, rows: list[dict[str, Any]], roster: Roster | None = None) -> dict[str, str]:
    """{file name: text} for these games in one format: one file for csv and
    bgstats, one file per game for jsonl (replay reads one game per file)."""
    if fmt not in FORMATS:
        raise ExportError(_("The export formats are {formats}, not {given}.", formats=", ".join(FORMATS),
                            given=repr(fmt)))
    if not rows:
        raise ExportError(_("There is no finished game to export yet."))
    stamp = time.strftime("%Y%m%d-%H%M")
    if fmt == "jsonl":
        return {f"maya-game-{h['id']}.jsonl": jsonl(journal, h["id"]) for h in rows}
    if fmt == "csv":
        return {f"maya-plays-{stamp}.csv": to_csv(journal, rows, roster)}
    data = to_bgstats(journal, rows, roster)
    return {f"maya-plays-{stamp}.bgsplay": json.dumps(data, indent=1, ensure_ascii=False)}


__all__ = [
    "CSV_COLUMNS",
    "CSV_HEADERS",
    "FORMATS",
    "CsvDialect",
    "ExportError",
    "csv_cell",
    "csv_dialect",
    "csv_headers",
    "csv_rows",
    "finished",
    "finished_game",
    "jsonl",
    "manual_winner",
    "play_data",
    "play_link",
    "render",
    "select",
    "to_bgstats",
    "to_csv",
]
