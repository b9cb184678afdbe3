"""History at 10,000 finished games: a page of Past games, the statistics, an export.

Each figure is a ratio against an anchor measured in the same run, interleaved
and repeated (median and spread):

- history_page: one page of six at offset 9,000 (what Past games reads) against
  a bare SQLite SELECT of the same six rows; it must stay a small constant
  factor (no reading of the whole table);
- stats_load: companion.history.stats.load (one query) against paging through
  Journal.history for every game (the journal's own reader);
- export_bgstats: the BG Stats file of all 10,000 games, against the same reader.
"""
from __future__ import annotations

import json
import pathlib
import random
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from common import ms

from companion.history import export, stats
from companion.store.journal import Journal, row_crc

GAMES = 10_000
REPEAT = 5


def fill(journal: Journal, n: int) -> None:
    """n finished 3-player Maya games with results and checksums, in one transaction."""
    rng = random.Random(1)
    names = ["Ana", "Ben", "Cleo", "Dev", "Eve"]
    conn = journal.conn
    conn.execute("BEGIN")
    for i in range(n):
        players = rng.sample(names, 3)
        scores = [rng.randint(0, 60) for _ in players]
        result = {"scores": scores, "ranking": [], "ranks": [], "winners": [scores.index(max(scores))],
                  "tiebreak": None, "detail": {}}
        row = [None, "maya", json.dumps(players), "{}", json.dumps({"colours": ["Red", "Blue", "Green"]}),
               str(rng.getrandbits(64)), "digital", 1.7e9 + i * 3600, 1.7e9 + i * 3600 + 2400, json.dumps(result),
               None, json.dumps({"entries": 0, "actions": 0})]
        sid = conn.execute("INSERT INTO sessions (game, players, options, meta, seed, randomness, started, finished,"
                           " result, abandoned, summary) VALUES (?,?,?,?,?,?,?,?,?,?,?)", row[1:]).lastrowid
        row[0] = sid
        conn.execute("UPDATE sessions SET crc = ? WHERE id = ?", (row_crc(*row), sid))
    conn.execute("COMMIT")


def journal_reader(journal: Journal) -> int:
    n, offset = 0, 0
    while True:
        page = journal.history(1000, offset)
        n += len(page)
        if len(page) < 1000:
            return n
        offset += 1000


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def run():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-history-"))
    journal = Journal.open(folder / "journal.sqlite3")
    fill(journal, GAMES)
    conn = journal.conn
    bare = ("SELECT id, game, players, result FROM sessions WHERE finished IS NOT NULL AND abandoned IS NULL"
            " AND set_aside IS NULL ORDER BY started DESC, id DESC LIMIT 6 OFFSET 9000")
    pairs = {"history_page": [], "stats_load": [], "export_bgstats": []}
    for _ in range(REPEAT):  # interleaved: each figure and its anchor in the same round
        pairs["history_page"].append((timed(lambda: journal.history(6, 9000)),
                                      timed(lambda: conn.execute(bare).fetchall())))
        anchor = timed(lambda: journal_reader(journal))
        pairs["stats_load"].append((timed(lambda: stats.load(journal)), anchor))
        pairs["export_bgstats"].append((timed(lambda: export.to_bgstats(journal, export.select(journal))), anchor))
    # Regression guards: a page costs about what the bare SELECT does; the statistics
    # and an export of everything about one to a few full reads of the history.
    limits = {"history_page": 50.0, "stats_load": 2.0, "export_bgstats": 5.0}
    for name, values in pairs.items():
        ratios = [a / b for a, b in values]
        median = statistics.median(ratios)
        yield {"bench": "history", "figure": name, "games": GAMES, "ratio_median": round(median, 3),
               "ratio_spread": round(max(ratios) - min(ratios), 3),
               "ms_median": ms(statistics.median(a for a, _b in values)),
               "anchor_ms_median": ms(statistics.median(b for _a, b in values)),
               "limit": limits[name], "ok": median <= limits[name]}
    journal.close()
