"""Statistics over finished games: per player and game, per game, and the series the plots draw.

Everything here is read from results (Journal.history rows) and TABLE views,
never from a seat's secrets. A renamed player is one player (companion/table/players.py).

    plays = load(journal, roster)                 # oldest first
    player_stats(plays, "Ana", game="maya")       # plays, wins, win rate, average, best, last 10
    game_stats(plays, "maya")                     # average duration, wins by seat, score distribution
    score_progression(game, players, options, actions)   # a finished game's public score by round
"""
from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from companion.rules.corrections import step
from companion.rules.engine import TABLE, Game
from companion.store.journal import Journal
from companion.table.clock import average_turns, record_of
from companion.table.players import Roster

PAGE = 1000


class Seat(NamedTuple):  # tuples, not dataclasses: 30,000 of them are built for 10,000 games
    name: str  # the player's current name (roster), else the name they played under
    score: float
    won: bool


class Play(NamedTuple):
    id: int
    game: str
    started: float
    duration_s: float
    seats: tuple[Seat, ...]
    #: per seat (finished turns, their seconds) when the game ran a turn clock (companion/table/clock.py), else None
    clock: tuple[tuple[int, float], ...] | None = None


_COLUMNS = ("id, game, players, options, meta, seed, randomness, started, finished, result, abandoned, summary, crc,"
            " set_aside")


def finished_rows(journal: Journal, game: str | None = None, with_meta: bool = True) -> list[dict[str, Any]] | None:
    """Every finished game, oldest first: {"id", "game", "players", "started",
    "duration_s", "result", "meta", "seed"}, read in ONE read-only query (the
    journal's paged history parses every column of every row, five times the
    work for 10,000 games). A row whose checksum fails is left out (the journal
    sets it aside when it next lists it). None when the table cannot be read
    this way: the caller then pages through Journal.history."""
    from companion.store.journal import row_crc

    sql = (f"SELECT {_COLUMNS} FROM sessions WHERE finished IS NOT NULL AND abandoned IS NULL"
           f" AND set_aside IS NULL{' AND game = ?' if game is not None else ''} ORDER BY started, id")
    try:
        rows = journal.conn.execute(sql, (game,) if game is not None else ()).fetchall()
    except sqlite3.Error:
        return None
    out = []
    for row in rows:
        if row[12] is not None and row[12] != row_crc(*row[:12]):
            continue
        try:
            players, result = json.loads(row[2]), json.loads(row[9] or "null")
            meta = json.loads(row[4]) if with_meta else {}
        except (TypeError, ValueError, RecursionError):
            continue
        if not (isinstance(players, list) and isinstance(result, dict) and isinstance(meta, dict)):
            continue
        out.append({"id": row[0], "game": row[1], "players": players, "started": float(row[7]),
                    "duration_s": float(row[8]) - float(row[7]), "result": result, "meta": meta, "seed": row[5],
                    "summary": _summary(row[11])})
    return out


def _summary(text: Any) -> Any:
    try:
        return json.loads(text) if text else None
    except (TypeError, ValueError, RecursionError):
        return None


def _clock(summary: Any, seats: int) -> tuple[tuple[int, float], ...] | None:
    spent = record_of(summary, seats)
    return tuple(zip(spent.turns, spent.turn_s)) if spent is not None else None


def _player_where(player: Any, game: str | None) -> tuple[str, tuple[Any, ...]]:
    """SQL for "games this remembered player played": under their name, or under a
    former name before they stopped using it (players.Former.until)."""
    from companion.store.journal import dumps

    clauses = ["instr(players, ?) > 0"]
    args: list[Any] = [dumps(player.name)]
    for f in player.former:
        clauses.append("(instr(players, ?) > 0 AND started < ?)")
        args += [dumps(f.name), f.until]
    where = ("finished IS NOT NULL AND abandoned IS NULL AND set_aside IS NULL AND (" + " OR ".join(clauses) + ")"
             + (" AND game = ?" if game is not None else ""))
    return where, (*args, *((game,) if game is not None else ()))


def player_history(journal: Journal, player: Any, limit: int, offset: int = 0,
                   game: str | None = None) -> tuple[list[dict[str, Any]], int] | None:
    """(a page of Journal.history-shaped rows, how many in all) of the games a
    remembered player (companion.table.players.Player) played, former names included,
    newest first. None when the table cannot be read this way (the caller then
    uses Journal.history with the current name)."""
    from companion.history.records import history_row
    from companion.store.journal import row_crc

    where, args = _player_where(player, game)
    try:
        total = int(journal.conn.execute(f"SELECT count(*) FROM sessions WHERE {where}", args).fetchone()[0])
        rows = journal.conn.execute(f"SELECT {_COLUMNS} FROM sessions WHERE {where}"
                                    f" ORDER BY started DESC, id DESC LIMIT ? OFFSET ?",
                                    (*args, int(limit), int(offset))).fetchall()
    except sqlite3.Error:
        return None
    out = []
    for row in rows:
        if row[12] is not None and row[12] != row_crc(*row[:12]):
            continue
        try:
            players, result = json.loads(row[2]), json.loads(row[9] or "null")
        except (TypeError, ValueError, RecursionError):
            continue
        if isinstance(players, list) and isinstance(result, dict):
            out.append(history_row({"id": row[0], "game": row[1], "players": players, "result": result,
                                    "started": float(row[7]), "finished": float(row[8])}))
    return out, total


def load(journal: Journal, roster: Roster | None = None, game: str | None = None) -> list[Play]:
    """Every finished game as a Play, oldest first."""
    rows = finished_rows(journal, game, with_meta=False)
    if rows is None:  # a damaged table: the journal's own (salvaging) reader, a page at a time
        rows = []
        offset = 0
        while True:
            page = journal.history(PAGE, offset, game=game)
            rows += [{**h, "result": {"scores": h["scores"], "winners": h["winners"]}} for h in page]
            if len(page) < PAGE:
                break
            offset += PAGE
        rows.reverse()
    out: list[Play] = []
    for h in rows:
        scores = h["result"].get("scores") or []
        winners = set(w for w in h["result"].get("winners") or [] if isinstance(w, int))
        seats = []
        for seat, name in enumerate(h["players"]):
            owner = roster.owner(name, h["started"]) if roster is not None else None
            shown = owner.name if owner is not None else name
            score = scores[seat] if seat < len(scores) else 0
            seats.append(Seat(shown, score if isinstance(score, (int, float)) and not isinstance(score, bool) else 0,
                              seat in winners))
        out.append(Play(h["id"], h["game"], h["started"], h["duration_s"], tuple(seats),
                        _clock(h.get("summary"), len(seats))))
    return out


def _number(x: float) -> float | int:
    return int(x) if float(x).is_integer() else round(x, 2)


def player_stats(plays: Sequence[Play], player: str, game: str | None = None) -> dict[str, Any]:
    """One player's record (in one game, or all): plays, wins, win rate, average
    and best score, and the last 10 results (oldest first)."""
    key = player.casefold()
    mine = [(p, s) for p in plays if game is None or p.game == game for s in p.seats
            if s.name == player or s.name.casefold() == key]
    scores = [s.score for _p, s in mine]
    wins = sum(s.won for _p, s in mine)
    # timed games only (a turn clock ran): an untimed game says nothing of how long a turn took
    timed = [p.clock[i] for p in plays if p.clock is not None and (game is None or p.game == game)
             for i, s in enumerate(p.seats) if s.name == player or s.name.casefold() == key]
    turns = sum(n for n, _s in timed)
    return {
        "player": player, "game": game, "plays": len(mine), "wins": wins,
        "win_rate": round(wins / len(mine), 3) if mine else 0.0,
        "average": _number(sum(scores) / len(scores)) if scores else None,
        "best": _number(max(scores)) if scores else None,
        "last10": [{"id": p.id, "game": p.game, "started": p.started, "score": _number(s.score), "won": s.won}
                   for p, s in mine[-10:]],
        "turns": turns, "average_turn_s": round(sum(x for _n, x in timed) / turns, 1) if turns else None,
    }


def game_stats(plays: Sequence[Play], game: str) -> dict[str, Any]:
    """One game's figures: plays, average duration, wins by seat position (does
    the first player win more?), and how scores are distributed."""
    mine = [p for p in plays if p.game == game]
    seats = max((len(p.seats) for p in mine), default=0)
    wins_by_seat = [0] * seats
    games_by_seat = [0] * seats
    scores: list[float] = []
    for p in mine:
        for i, s in enumerate(p.seats):
            games_by_seat[i] += 1
            wins_by_seat[i] += s.won
            scores.append(s.score)
    return {
        "game": game, "plays": len(mine),
        "average_minutes": round(sum(p.duration_s for p in mine) / len(mine) / 60, 1) if mine else None,
        "wins_by_seat": wins_by_seat, "games_by_seat": games_by_seat,
        "score_distribution": histogram(scores),
    }


def histogram(values: Sequence[float], bins: int = 8) -> list[dict[str, Any]]:
    """[{"lo", "hi", "count"}] over equal whole-number bins covering the values."""
    if not values:
        return []
    lo, hi = int(min(values)), int(max(values))
    width = max(1, -(-(hi - lo + 1) // bins))
    counts = Counter((int(v) - lo) // width for v in values)
    n = (hi - lo) // width + 1
    return [{"lo": lo + i * width, "hi": lo + (i + 1) * width - 1, "count": counts.get(i, 0)} for i in range(n)]


def players_of(plays: Iterable[Play], game: str | None = None) -> list[str]:
    """Everyone who played (this game), most plays first."""
    c = Counter(s.name for p in plays if game is None or p.game == game for s in p.seats)
    return [name for name, _n in sorted(c.items(), key=lambda kv: (-kv[1], kv[0].casefold()))]


def scores_over_time(plays: Sequence[Play], player: str, game: str) -> list[tuple[float, float, bool]]:
    """(started, score, won) of each of the player's plays of this game, oldest first."""
    key = player.casefold()
    return [(p.started, s.score, s.won) for p in plays if p.game == game for s in p.seats if s.name.casefold() == key]


def summary(plays: Sequence[Play], game: str | None = None, player: str | None = None) -> dict[str, Any]:
    """What `maya-companion stats` prints: per game, its figures and each player's record."""
    names = sorted({p.game for p in plays if game is None or p.game == game})
    out = []
    for g in names:
        people = [player] if player is not None else players_of(plays, g)
        out.append({**game_stats(plays, g), "players": [player_stats(plays, who, g) for who in people]})
    return {"games": out}


# --- a finished game, round by round -------------------------------------------------
def score_key(game: Game, final_view: Mapping[str, Any], scores: Sequence[Any]) -> str | None:
    """The public per-player number in TABLE views that ends as the score
    (Maya's gold, Maya Madness's tokens), or None when no public number does
    (a score hidden until the end is never drawn round by round)."""
    players = final_view.get("players") or []
    if not players or len(players) != len(scores):
        return None
    for key, value in players[0].items():
        if key in ("seat",) or isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if all(isinstance(p.get(key), (int, float)) and p.get(key) == s for p, s in zip(players, scores)):
            return str(key)
    return None


def score_progression(game: Game, players: Sequence[str], options: Mapping[str, Any] | None,
                      actions: Iterable[Mapping[str, Any]]) -> dict[str, Any] | None:
    """{"key", "rounds": [1, 2, ...], "series": [[value per round] per seat]}: each
    seat's public score at the end of each round, from TABLE views; None for a
    game without rounds or without a public score."""
    state = game.setup(list(players), dict(options or {}))
    views = [game.view(state, TABLE)]
    for a in actions:
        state = step(game, state, a)
        views.append(game.view(state, TABLE))
    result = game.result(state)
    if result is None or views[-1].get("round") is None:
        return None
    key = score_key(game, views[-1], result.scores)
    if key is None:
        return None
    # A round's scoring is often part of the move that starts the next round, so
    # "the end of round r" is the first view of a later round (or the final view).
    by_round: dict[int, list[Any]] = {}
    current: int | None = None
    for v in views:
        r = v.get("round")
        if not isinstance(r, int) or isinstance(r, bool):
            continue
        if current is not None and r != current:
            by_round[current] = [p.get(key, 0) for p in v["players"]]
        current = r
    if current is not None:
        by_round[current] = [p.get(key, 0) for p in views[-1]["players"]]
    rounds = sorted(by_round)
    return {"key": key, "rounds": rounds,
            "series": [[by_round[r][seat] for r in rounds] for seat in range(len(players))]}


def game_detail(journal: Journal, game_id: int, roster: Roster | None = None) -> dict[str, Any]:
    """What Past games shows for one finished game, from its result and TABLE
    views only: players (with colours), scores, winners, ranks, the tie-break
    sentence, dates, duration, options, the whole log in sentences, the table
    view after every move (the step-through), the score by round, and the
    seed with its fingerprint (revealed: the game is over)."""
    from companion.games import get_game
    from companion.history.fairness import short_fingerprint, walk
    from companion.history.option_words import title
    from companion.history.records import finished_game
    from companion.table.log import entry

    row = finished_game(journal, game_id)
    game = get_game(row["game"])
    entries = journal.entries(game_id)
    actions = walk((kind, json.loads(payload)) for _seq, kind, payload in entries).actions
    state = game.setup(list(row["players"]), dict(row["options"]))
    views = [game.view(state, TABLE)]
    log = []
    before = views[0]
    for n, a in enumerate(actions):
        state = step(game, state, a)
        after = game.view(state, TABLE)
        log.append(entry(game, before, a, after, n))
        views.append(after)
        before = after
    result = row["result"] or {}
    names = list(row["players"])
    if roster is not None:
        owners = [roster.owner(n, row["started"]) for n in names]
        names = [o.name if o is not None else n for o, n in zip(owners, names)]
    colours = row["meta"].get("colours") or []
    spent = record_of(row.get("summary"), len(names))
    try:
        progression = score_progression(game, row["players"], row["options"], actions)
    except Exception:  # a plot is a nicety: a game that cannot be replayed still shows its log
        progression = None
    return {
        "id": game_id, "game": row["game"], "title": title(row["game"]) if game.title else row["game"],
        "players": names,
        "colours": [c if isinstance(c, str) else "" for c in colours][:len(names)],
        "scores": result.get("scores", []), "winners": result.get("winners", []), "ranks": result.get("ranks", []),
        "ranking": result.get("ranking", []),
        "sentence": (result.get("detail") or {}).get("sentence") or "", "tiebreak": result.get("tiebreak") or "",
        "started": row["started"], "finished": row["finished"], "duration_s": row["finished"] - row["started"],
        "options": row["options"], "log": log, "views": views, "progression": progression,
        # per seat (finished turns, average seconds) or None; None for the whole game when it ran no turn clock
        "turn_times": average_turns(spent) if spent is not None else None,
        "randomness": row["randomness"],
        "seed": str(row["seed"]) if row["randomness"] == "digital" else None,
        "fingerprint": short_fingerprint(int(row["seed"])) if row["randomness"] == "digital" else None,
    }


__all__ = [
    "Play",
    "Seat",
    "game_detail",
    "game_stats",
    "histogram",
    "load",
    "player_stats",
    "players_of",
    "score_key",
    "score_progression",
    "scores_over_time",
    "summary",
]
