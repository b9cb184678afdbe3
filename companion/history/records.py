"""Finished games as the history lists them: the rows Past games, statistics and
exports all start from (below both history.stats and history.export, so neither
imports the other)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.errors import CompanionError
from companion.store.journal import Journal
from companion.words import _

PAGE = 500


class ExportError(CompanionError, ValueError):
    """A game that cannot be exported (unknown, unfinished); the sentence says which."""


def finished(journal: Journal, game: str | None = None, page: int = PAGE) -> Iterator[dict[str, Any]]:
    """Every finished game (history rows), newest first, read a page at a time."""
    offset = 0
    while True:
        rows = journal.history(page, offset, game=game)
        yield from rows
        if len(rows) < page:
            return
        offset += page


def finished_game(journal: Journal, game_id: int) -> dict[str, Any]:
    """The full journal row of a finished game; ExportError otherwise."""
    row = journal.session(game_id)
    if row["abandoned"] is not None:
        raise ExportError(_("Game {id} was abandoned; only finished games are exported.", id=game_id))
    if row["finished"] is None or row["result"] is None:
        raise ExportError(_("Game {id} is still being played; it can be exported once it is over.", id=game_id))
    return row


def history_row(row: dict[str, Any]) -> dict[str, Any]:
    """A full journal row in the shape Journal.history() lists games."""
    result = row["result"] if isinstance(row["result"], dict) else {}
    players = row["players"]
    winners = [w for w in result.get("winners", []) if isinstance(w, int) and 0 <= w < len(players)]
    return {"id": row["id"], "game": row["game"], "players": players, "scores": list(result.get("scores", [])),
            "winners": winners, "winner_names": [players[w] for w in winners], "started": row["started"],
            "finished": row["finished"], "duration_s": round(row["finished"] - row["started"], 3)}
