"""The history commands of `maya-companion`: stats, export, verify.

    maya-companion stats [--game G] [--player P] [--json]
    maya-companion export --format bgstats|csv|jsonl [--game ID | --all] [--title G] [--out FILE]
    maya-companion verify FILE.jsonl

Registered by three lines of companion/cli/main.py's COMMANDS table. Errors are
sentences: exit code 2 for a usage mistake, 1 for a file that fails `verify`.
"""
from __future__ import annotations

import argparse
import json
import pathlib
import sys
from collections.abc import Callable, Sequence
from typing import Any

from companion.history import export, stats
from companion.history import files as export_files
from companion.history.fairness import VerifyError, verify_lines
from companion.store.journal import Journal
from companion.table.clock import turn_average
from companion.table.players import Roster
from companion.words import _, ngettext


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def _open() -> tuple[Journal, Roster]:
    return Journal.open(), Roster.open()


def _usage(message: str) -> Exception:
    from companion.cli.main import UsageError

    return UsageError(message)


# --- stats --------------------------------------------------------------------------
def cmd_stats(args: argparse.Namespace) -> int:
    if args.game is not None:
        from companion.errors import UnknownGame
        from companion.games import get_game

        try:
            get_game(args.game)
        except UnknownGame as e:
            sys.stderr.write(f"{e}\n")
            return 2
    journal, roster = _open()
    try:
        plays = stats.load(journal, roster, game=args.game)
    finally:
        journal.close()
    figures = stats.summary(plays, args.game, args.player)
    if args.json:
        _out(json.dumps(figures))
        return 0
    _out(stats_text(figures, args.game))
    return 0


def stats_text(figures: dict[str, Any], game: str | None = None) -> str:
    """What `stats` prints for a person (stats.summary's figures), in the current language:
    numbers and percentages written the language's way."""
    from companion.history.words import plays, wins
    from companion.i18n import format_decimal, format_percent

    def num(x: Any) -> str:
        return format_decimal(x) if isinstance(x, (int, float)) and not isinstance(x, bool) else "–"

    if not figures["games"]:
        if game is None:
            return _("No finished games yet.")
        return _("No finished game of {game} yet.", game=export._title(game))
    lines = []
    for g in figures["games"]:
        lines.append(_("{title}: {plays}, {minutes} minutes on average.", title=export._title(g["game"]),
                       plays=plays(g["plays"]), minutes=num(g["average_minutes"])))
        seats = ", ".join(_("seat {seat} won {wins} of {games}", seat=i + 1, wins=num(w), games=num(n))
                          for i, (w, n) in enumerate(zip(g["wins_by_seat"], g["games_by_seat"])))
        lines.append("  " + _("Wins by seat: {seats}.", seats=seats))
        for p in g["players"]:
            if not p["plays"]:
                lines.append("  " + _("{player}: no plays.", player=p["player"]))
                continue
            last = " ".join(f"{num(r['score'])}{'*' if r['won'] else ''}" for r in p["last10"])
            lines.append("  " + ngettext(
                "{player}: {plays}, {wins} ({rate}), average {average}, best {best}; last {n}: {scores}",
                "{player}: {plays}, {wins} ({rate}), average {average}, best {best}; last {n}: {scores}",
                len(p["last10"]), player=p["player"], plays=plays(p["plays"]), wins=wins(p["wins"]),
                rate=format_percent(p["win_rate"]), average=num(p["average"]), best=num(p["best"]), scores=last))
            if p.get("turns"):  # only games that ran a turn clock
                lines.append("    " + turn_average(p["turns"], p["average_turn_s"]))
    lines.append(_("(* a win)"))
    return "\n".join(lines)


# --- export -------------------------------------------------------------------------
def cmd_export(args: argparse.Namespace) -> int:
    if args.game_id is None and not args.all:
        raise _usage(_("Say which games to export: {one} for one, or {all}.", one="--game ID", all="--all"))
    journal, roster = _open()
    try:
        rows = export.select(journal, args.game_id, args.title)
        files = export.render(journal, args.format, rows, roster)
    finally:
        journal.close()
    if args.out is None or args.out == "-":
        for text in files.values():
            sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return 0
    written = write_files(files, pathlib.Path(args.out))
    _out(ngettext("Exported {n} game to {files}.", "Exported {n} games to {files}.", len(rows),
                  files=", ".join(map(str, written))))
    return 0


def write_files(files: dict[str, str], out: pathlib.Path) -> list[pathlib.Path]:
    """One file: written at `out` (or inside it when it is a folder). Several
    (jsonl, one per game): inside the folder `out`, created if needed. Either
    way every file is written or none (export_files.save), readable by its owner only."""
    if len(files) == 1 and not out.is_dir():
        (_name, text), = files.items()
        return export_files.save({out.name: text}, out.parent)
    return export_files.save(files, out)


# --- verify -------------------------------------------------------------------------
def cmd_verify(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        raise _usage(_("There is no file {file}.", file=args.file)) from None
    except (OSError, UnicodeDecodeError) as e:
        raise _usage(_("The file {file} could not be read: {reason}.", file=args.file,
                       reason=getattr(e, "strerror", None) or e)) from None
    try:
        verified = verify_lines(lines)
    except VerifyError as e:
        sys.stderr.write(_("{file}: NOT VERIFIED. {why}", file=args.file, why=e) + "\n")
        return 1
    _out(_("{file}: verified. {sentence}", file=args.file, sentence=verified.sentence()))
    return 0


# --- registration: three lines of cli.COMMANDS name these functions ------------------
def _args(name: str, description: str, argv: Sequence[str], add: Callable[[argparse.ArgumentParser], None]
          ) -> argparse.Namespace | int:
    from companion.cli.main import _parse, command_parser

    parser = command_parser(name, description)
    add(parser)
    return _parse(parser, argv)


def _stats_args(st: argparse.ArgumentParser) -> None:
    from companion.games import names

    st.add_argument("--game", help=_("one game ({names})", names=", ".join(names())))
    st.add_argument("--player", help=_("one player's figures"))
    st.add_argument("--json", action="store_true", help=_("print one JSON object"))


def _export_args(ex: argparse.ArgumentParser) -> None:
    ex.add_argument("--format", required=True, choices=export.FORMATS)
    ex.add_argument("--game", dest="game_id", type=int, metavar="ID", help=_("one game, by its number"))
    ex.add_argument("--all", action="store_true", help=_("every finished game"))
    ex.add_argument("--title", metavar="G", help=_("with --all: only games of this title (a game's name)"))
    ex.add_argument("--out", metavar="FILE", help=_("the file (a folder for several jsonl games); default: print"))


def _verify_args(ve: argparse.ArgumentParser) -> None:
    ve.add_argument("file", metavar="FILE.jsonl")


def stats_command(argv: Sequence[str]) -> int:
    args = _args("stats", _("Plays, wins and scores per player and game."), argv, _stats_args)
    return args if isinstance(args, int) else cmd_stats(args)


def export_command(argv: Sequence[str]) -> int:
    args = _args("export", _("Finished games as BG Stats, CSV or replayable JSON lines."), argv, _export_args)
    return args if isinstance(args, int) else cmd_export(args)


def verify_command(argv: Sequence[str]) -> int:
    args = _args("verify", _("Check that an exported game's draws follow from its revealed seed."), argv,
                 _verify_args)
    return args if isinstance(args, int) else cmd_verify(args)


__all__ = [
    "cmd_export",
    "cmd_stats",
    "cmd_verify",
    "export_command",
    "stats_command",
    "stats_text",
    "verify_command",
    "write_files",
]
