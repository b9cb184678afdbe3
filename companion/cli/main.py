"""The `maya-companion` command line.

    maya-companion                      the touchscreen app (the `app` command)
    maya-companion games [--json]       the games and their options
    maya-companion replay FILE.jsonl    replay a game from a setup line and action lines
    maya-companion simulate GAME --players N --games K --seed S [--bot greedy|random] [--jobs J] [--json]

Each subcommand of companion/ is one line of COMMANDS (name -> module, function,
help), imported only when it runs; the function takes the command's arguments
(argv after the name) and returns the exit code. Commands from the layers above
companion/ (`app` from kivy_ui, `devices` from hardware) are found through the
entry-point group `maya_companion.commands` (read lazily: importlib.metadata is
imported only when such a command or --help is asked for), so this module never
imports them. Errors are sentences, never tracebacks: exit code 2 for a usage
mistake or a bad option, 1 for a failed replay.
"""
from __future__ import annotations

import importlib
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from companion.cli.replay import ReplayError, replay_lines
from companion.errors import CompanionError
from companion.games import descriptions, get_game
from companion.i18n import SOURCE, format_decimal, language
from companion.words import N_, _, ngettext, pgettext

if TYPE_CHECKING:
    import argparse

    from companion.rules.engine import Game

PROG = "maya-companion"
ENTRY_GROUP = "maya_companion.commands"
MAX_ACTIONS = 100_000

#: name -> (module, function, help). function(argv: list[str]) -> exit code; it
#: parses its own arguments (command_parser gives one that errs in sentences).
#: The help is marked only (made at import): translated where `--help` shows it.
COMMANDS: dict[str, tuple[str, str, str]] = {
    "games": ("companion.cli.main", "games_command", N_("list the games and their options")),
    "replay": ("companion.cli.main", "replay_command",
               N_("replay a game from a JSON-lines file and print the final table view")),
    "simulate": ("companion.cli.main", "simulate_command", N_("bots play each other; results and speed")),
    "stats": ("companion.cli.history", "stats_command", N_("plays, wins and scores per player and game")),
    "export": ("companion.cli.history", "export_command",
               N_("finished games as BG Stats, CSV or replayable JSON lines")),
    "verify": ("companion.cli.history", "verify_command",
               N_("check an exported game's draws against its revealed seed")),
}
BUILTIN = tuple(COMMANDS)


class UsageError(Exception):
    """A mistake in how the command was typed: exit code 2."""


def command_parser(name: str, description: str) -> argparse.ArgumentParser:
    """The parser a subcommand fills: a mistake raises a sentence (exit code 2).
    argparse is imported here, when a command has arguments to parse."""
    import argparse

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> NoReturn:  # argparse would print usage and exit; we want a sentence
            problem = argparse_message(message)
            raise UsageError(_("{command}: {problem}. Try '{command} --help'.", command=self.prog,
                               problem=problem[0].upper() + problem[1:]))

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
            super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    parser = Parser(prog=f"{PROG} {name}", description=description, add_help=False, formatter_class=Formatter)
    parser._optionals.title = _("options")  # argparse's own headings are English: the catalog's instead
    parser._positionals.title = _("positional arguments")
    parser.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    return parser


#: argparse's own mistakes (Python's English, no catalog of ours): what they say, in ours
#: (the English as argparse writes it).
_ARGPARSE: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"the following arguments are required: (?P<names>.+)"),
     lambda m: _("the following arguments are required: {names}", names=m["names"])),
    (re.compile(r"unrecognized arguments: (?P<names>.+)"),
     lambda m: _("unrecognized arguments: {names}", names=m["names"])),
    (re.compile(r"argument (?P<arg>\S+): invalid int value: (?P<value>.+)"),
     lambda m: _("argument {argument}: invalid int value: {value}", argument=m["arg"], value=m["value"])),
    (re.compile(r"argument (?P<arg>\S+): invalid float value: (?P<value>.+)"),
     lambda m: _("argument {argument}: invalid float value: {value}", argument=m["arg"], value=m["value"])),
    (re.compile(r"argument (?P<arg>\S+): invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)"),
     lambda m: _("argument {argument}: invalid choice: {value} (choose from {choices})", argument=m["arg"],
                 value=m["value"], choices=m["choices"])),
    (re.compile(r"argument (?P<arg>\S+): expected one argument"),
     lambda m: _("argument {argument}: expected one argument", argument=m["arg"])),
)


def argparse_message(message: str) -> str:
    """One of argparse's mistakes in the current language (one it does not know: as it is)."""
    for pattern, said in _ARGPARSE:
        found = pattern.fullmatch(message.strip())
        if found:
            return said(found)
    return message


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace | int:
    """Parsed arguments, or the exit code of --help."""
    try:
        return parser.parse_args(list(argv))
    except SystemExit as e:  # --help
        return int(e.code or 0)


def _error_name(e: BaseException) -> str:
    """ "ValueError: the reason" (a bug's own words, never translated)."""
    return type(e).__name__ + ": " + str(e)


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def _err(text: str) -> None:
    sys.stderr.write(text + "\n")


# --- games --------------------------------------------------------------------
def games_command(argv: Sequence[str]) -> int:
    as_json = list(argv) == ["--json"]
    if argv and not as_json:  # help or a mistake: argparse says it (it is not loaded for the plain listing)
        parser = command_parser("games", _("List the games and their options."))
        parser.add_argument("--json", action="store_true", help=_("print JSON"))
        args = _parse(parser, argv)
        if isinstance(args, int):
            return args
        as_json = args.json
    if as_json:
        with language(SOURCE):  # JSON is for programs: the same bytes in every language
            _out(json.dumps(descriptions()))
        return 0
    from companion.history.option_words import game_text

    described = descriptions()
    for d in described:
        lo, hi = d["players"]
        _out(ngettext("{name}: {title}, {low} to {n} player", "{name}: {title}, {low} to {n} players", hi,
                      name=d["name"], title=game_text(d["name"], d["title"]), low=lo))
        for o in d["options"]:
            allowed = ""
            if o["kind"] == "choice":  # the values as they are typed (--option deck=full)
                allowed = " (" + ", ".join(map(str, o["choices"])) + ")"
            elif o["kind"] == "int":
                allowed = " " + _("({low} to {high})", low=o["min"], high=o["max"])
            elif o["kind"] == "bool":
                allowed = " " + _("(true or false)")
            helped = game_text(d["name"], o["help"]) if o.get("help") else ""
            _out(f"    {o['name']} = {json.dumps(o['default'])}{allowed}  {helped}".rstrip())
    if not described:
        _out(_("No games are installed."))
    return 0


# --- replay -------------------------------------------------------------------
def replay_command(argv: Sequence[str]) -> int:
    parser = command_parser("replay", _("Replay a game from a JSON-lines file and print the final table view."))
    parser.add_argument("file", metavar="FILE.jsonl",
                        help=_("first line the setup, then one action per line ('-' for stdin)"))
    args = _parse(parser, argv)
    if isinstance(args, int):
        return args
    try:
        if args.file == "-":
            lines = sys.stdin.read().splitlines()
        else:
            with open(args.file, encoding="utf-8") as f:
                lines = f.read().splitlines()
    except FileNotFoundError:
        raise UsageError(_("There is no file {file}.", file=args.file)) from None
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(_("The file {file} could not be read: {reason}.", file=args.file,
                           reason=getattr(e, "strerror", None) or e)) from None
    try:
        out = replay_lines(lines)
    except ReplayError as e:
        _err(f"{args.file}: {e}")
        return 1
    _out(json.dumps(out))
    return 0


# --- simulate -----------------------------------------------------------------
def simulation_options(game: Game, given: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options for bot self-play: the game's own `simulation_options`
    if it declares them; otherwise a `deck` option offering "full" is set to
    full (bots need real hands and a real draw pile). `given` wins."""
    opts = dict(getattr(game, "simulation_options", None) or {})
    if not opts:
        for o in game.options:
            if o.name == "deck" and "full" in o.choices:
                opts["deck"] = "full"
    opts.update(given)
    return game.resolve_options(opts)


def _play_games(job: tuple[str, list[str], dict[str, Any], str, int, Sequence[int]]) -> tuple[list[int], int, int, int]:
    """Play games number `numbers` (each with its own seeded rng, so a game's course
    does not depend on which process plays it); (wins per seat, shared, nobody, actions)."""
    import random

    from companion.bots import get_bot, move
    from companion.rules.engine import CHANCE

    game_name, names, opts, bot_kind, seed, numbers = job
    game = get_game(game_name)
    bot = get_bot(game_name, bot_kind)
    wins = [0] * len(names)
    shared = nobody = total_actions = 0
    apply, actors, result = game.apply, game.actors, game.result
    for g in numbers:
        rng = random.Random(f"simulate:{seed}:{g}")
        state = game.setup(names, opts)
        n = 0
        while (res := result(state)) is None:
            now = actors(state)
            actor = next(iter(now)) if len(now) == 1 else rng.choice(sorted(now, key=str))
            if actor == CHANCE:
                action = game.sample_chance(state, rng)
            else:
                action = move(bot, game, state, actor, rng)
            state = apply(state, action)
            n += 1
            if n > MAX_ACTIONS:
                raise CompanionError(_("Game {n} did not end after {most} actions.", n=g + 1, most=MAX_ACTIONS))
        total_actions += n
        for w in res.winners:
            wins[w] += 1
        shared += len(res.winners) > 1
        nobody += not res.winners
    return wins, shared, nobody, total_actions


def _pool(jobs: int) -> Any:
    """A process pool: forked where the platform allows (children then know every
    registered game, a test's own included), spawned elsewhere."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    return context.Pool(jobs, initializer=_worker_init)


def _worker_init() -> None:
    """A forked worker may inherit the parent's signal handlers (an app's, a test
    runner's): with them, ending the pool could wait forever. Back to the defaults."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the parent's to handle


def simulate(game_name: str, players: int, games: int, seed: int, bot_kind: str = "greedy",
             options: dict[str, Any] | None = None, jobs: int = 1) -> dict[str, Any]:
    """Bots play `games` games against each other with the engine alone (no
    journal), in `jobs` processes. The same arguments give the same results,
    whatever the number of jobs (only the timings differ)."""
    from companion.bots import get_bot

    if jobs < 1:
        raise UsageError(_("{option} must be at least 1.", option="--jobs"))
    game = get_game(game_name)
    names = game.check_players([f"Player {i + 1}" for i in range(players)])
    opts = simulation_options(game, options or {})
    get_bot(game_name, bot_kind)  # an unknown bot is a sentence before any process starts
    jobs = min(jobs, max(games, 1))
    start = time.perf_counter()
    if jobs == 1:
        parts = [_play_games((game_name, names, opts, bot_kind, seed, range(games)))]
    else:
        chunk = max(1, games // (jobs * 8))  # small chunks: the processes finish together
        work = [(game_name, names, opts, bot_kind, seed, range(i, min(i + chunk, games)))
                for i in range(0, games, chunk)]
        with _pool(jobs) as pool:
            parts = pool.map(_play_games, work)
            pool.close()  # let the workers finish by themselves rather than be terminated
            pool.join()
    seconds = time.perf_counter() - start
    wins = [sum(p[0][i] for p in parts) for i in range(players)]
    shared = sum(p[1] for p in parts)
    nobody = sum(p[2] for p in parts)
    total_actions = sum(p[3] for p in parts)
    return {
        "game": game_name, "players": players, "games": games, "seed": seed, "bot": bot_kind,
        "options": opts, "wins": wins, "shared_wins": shared, "no_winner": nobody,
        "mean_actions": round(total_actions / games, 3) if games else 0.0,
        "jobs": jobs, "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
    }


def _parse_options(pairs: Iterable[str] | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise UsageError(_("An option is written {form}, e.g. {example}, not {given}.", form="NAME=VALUE",
                               example="--option deck=full", given=repr(pair)))
        try:
            out[key] = json.loads(value)  # numbers and true/false as such
        except json.JSONDecodeError:
            out[key] = value
    return out


def simulate_command(argv: Sequence[str]) -> int:
    s = command_parser("simulate", _("Bots play each other; results and speed."))
    s.add_argument("game")
    s.add_argument("--players", type=int, required=True)
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bot", choices=("greedy", "random"), default="greedy")
    s.add_argument("--jobs", type=int, default=1, help=_("processes to play in (the results do not depend on it)"))
    s.add_argument("--option", action="append", metavar="NAME=VALUE", help=_("a game option (repeatable)"))
    s.add_argument("--json", action="store_true", help=_("print one JSON object"))
    args = _parse(s, argv)
    if isinstance(args, int):
        return args
    if args.games < 1:
        raise UsageError(_("{option} must be at least 1.", option="--games"))
    summary = simulate(args.game, args.players, args.games, args.seed, args.bot, _parse_options(args.option),
                       jobs=args.jobs)
    if args.json:
        _out(json.dumps(summary))
        return 0
    _out(simulate_lines(summary))
    return 0


def simulate_lines(summary: Mapping[str, Any]) -> str:
    """What `simulate` prints for a person, in the current language."""
    from companion.history.words import games

    # i18n: one player's wins in `simulate`, joined by ", " ("Player 1 won 3, Player 2 won 5.")
    wins = ", ".join(_("Player {seat} won {wins}", seat=i + 1, wins=format_decimal(w))
                        for i, w in enumerate(summary["wins"]))
    kinds = {"greedy": pgettext("bot kind", "greedy"), "random": pgettext("bot kind", "random")}
    bots = ngettext("{n} {kind} bot", "{n} {kind} bots", summary["players"],
                    kind=kinds.get(summary["bot"], summary["bot"]))
    lines = [_("{game}: {games}, {bots}, seed {seed}.", game=summary["game"], games=games(summary["games"]),
               bots=bots, seed=summary["seed"]),
             f"{wins}."]
    if summary["shared_wins"] or summary["no_winner"]:
        lines.append(_("Shared wins: {shared}; nobody won: {nobody}.", shared=format_decimal(summary["shared_wins"]),
                       nobody=format_decimal(summary["no_winner"])))
    speed = summary["games_per_second"]
    lines.append(_("{actions} actions per game on average; {speed} games per second.",
                   actions=format_decimal(summary["mean_actions"]),
                   speed=format_decimal(speed) if speed is not None else "–"))
    return "\n".join(lines)


# --- the command table -----------------------------------------------------------
def _command(name: str) -> Callable[[list[str]], int]:
    module, function, _help = COMMANDS[name]
    fn: Callable[[list[str]], int] = getattr(importlib.import_module(module), function)
    return fn


def _help() -> str:
    lines = [_("usage: {prog} [COMMAND] [ARGS]", prog=PROG), "",
             _("The Maya table companion. With no command, starts the touchscreen app."), "", _("commands:")]
    every = {name: _(entry[2]) for name, entry in COMMANDS.items()} | _plugin_help()
    lines += [f"  {name:<10}  {text}".rstrip() for name, text in sorted(every.items())]
    lines += ["", _("'{prog} COMMAND --help' tells more about one command.", prog=PROG)]
    return "\n".join(lines)


def _entry_points() -> dict[str, Any]:
    from importlib import metadata  # lazily: it costs more than the rest of start-up

    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_GROUP)}


def _plugin_help() -> dict[str, str]:
    known = {"app": _("the touchscreen app (the default)"), "devices": _("check the buttons and tag readers")}
    return {name: known.get(name, "") for name in sorted(_entry_points()) if name not in COMMANDS}


def hand_words(value: str) -> None:
    """A command from a layer above companion/ speaks the table's language too: when the
    top package of its entry point (`value`, "package.module:function") has an `i18n`
    module with `use(translator)` (a package that imports no companion), it is handed its
    own catalog, `Words.of(<package>)` (the domain named after the package, its locale/
    folder). A package without one translates by itself, or not at all."""
    import importlib.util

    from companion.i18n import Words

    package = value.split(":", 1)[0].strip().split(".", 1)[0]
    if not package or package == "companion":
        return
    try:
        if importlib.util.find_spec(f"{package}.i18n") is None:
            return
        module = importlib.import_module(f"{package}.i18n")
        use = getattr(module, "use", None)
        if callable(use):
            use(Words.of(package))
    except (ImportError, ValueError):  # no such package or no locale folder: its own English
        return


def run_plugin(name: str, argv: list[str]) -> int:
    ep = _entry_points().get(name)
    if ep is None:
        commands = ", ".join(sorted(set(COMMANDS) | set(_entry_points())))
        raise UsageError(_("There is no command {name}; the commands are: {commands}.", name=repr(name),
                           commands=commands))
    try:
        fn = ep.load()
    except Exception as e:
        if name == "app":
            said = _("{prog}: the touchscreen app could not be started: {error}. Is the package installed with its"
                     " dependencies ({install})?", prog=PROG, error=_error_name(e),
                     install="pip install -e .")
        else:
            said = _("{prog}: the {name} command could not be started: {error}. Is the package installed with its"
                     " dependencies ({install})?", prog=PROG, name=repr(name), error=_error_name(e),
                     install="pip install -e .")
        _err(said)
        return 1
    hand_words(str(getattr(ep, "value", "")))
    code = fn(argv)
    return int(code or 0)


def cli_language(env: Mapping[str, str] | None = None) -> str:
    """The language the command line speaks: the app's own setting, `language` in the
    [app] table of config.toml (a code such as "de"; "auto" or none: the system's
    LANG), so a German table's commands answer in German. A config file that cannot be
    read says nothing here (the app names its mistakes)."""
    import tomllib

    from companion.i18n import known, system_language
    from companion.store.paths import config_path

    try:
        with open(config_path(), "rb") as f:
            said = (tomllib.load(f).get("app") or {}).get("language")
    except (OSError, tomllib.TOMLDecodeError, AttributeError):
        said = None
    code = known(said) if said != "auto" else None
    return code or system_language(env)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help", "--version")) or args[0] == "app":
        return _main(args)  # the app: its own language (the Settings screen's), never this block's
    from companion.i18n import set_table_language, table_language

    code, before = cli_language(), table_language()
    set_table_language(code)  # the threads a command starts (the device check's readers) speak it too
    try:
        with language(code):
            return _main(args)
    finally:
        set_table_language(before)


def _main(args: list[str]) -> int:
    try:
        if args and args[0] == "--version":
            from companion import __version__
            _out(f"{PROG} {__version__}")
            return 0
        if args and args[0] in ("-h", "--help"):
            _out(_help())
            return 0
        if not args or args[0].startswith("-"):
            return run_plugin("app", args)  # no command: the app (e.g. `maya-companion --sim`)
        if args[0] not in COMMANDS:
            return run_plugin(args[0], args[1:])
        return int(_command(args[0])(args[1:]) or 0)
    except UsageError as e:
        _err(str(e))
        return 2
    except CompanionError as e:
        _err(f"{PROG}: {e}")
        return 2
    except KeyboardInterrupt:
        _err(_("{prog}: stopped.", prog=PROG))
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug: still a sentence; MAYA_COMPANION_DEBUG=1 shows the traceback
        if os.environ.get("MAYA_COMPANION_DEBUG"):
            raise
        _err(_("{prog}: something went wrong ({error}). Run again with {debug} to see the details.", prog=PROG,
               error=_error_name(e), debug="MAYA_COMPANION_DEBUG=1"))
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
