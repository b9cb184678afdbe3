"""The command line: games, replay, simulate, and commands from entry points."""
import json
import os
import pathlib
import random
import subprocess
import sys

import pytest

from companion import games
from companion.cli import main as cli
from companion.rules.engine import CHANCE, TABLE, play_random

pytestmark = pytest.mark.usefixtures("toy")  # the toy game is registered for every test here


def has_game(name):
    try:
        games.get_game(name)
        return True
    except (ImportError, AttributeError):
        return False


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def record(game, players, options, seed):
    state = game.setup(players, game.resolve_options(options))
    final, actions = play_random(game, state, random.Random(seed))
    return final, actions


def write_jsonl(path, setup, actions):
    path.write_text("\n".join(json.dumps(x) for x in [setup] + list(actions)) + "\n")
    return path


# --- games ----------------------------------------------------------------------
def test_games_lists_every_game_with_its_options(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    listed = json.loads(out)
    assert [g["name"] for g in listed] == games.available()
    code, text, _ = run(capsys, "games")
    for g in listed:
        assert f"{g['name']}: {g['title']}" in text
        for o in g["options"]:
            assert f"    {o['name']} = " in text


# --- replay -----------------------------------------------------------------------
def test_replay_prints_the_final_table_view_and_result(capsys, tmp_path, toy):
    final, actions = record(toy, ["Ana", "Ben"], {"target": 9}, seed=4)
    setup = {"game": "toy", "players": ["Ana", "Ben"], "options": {"target": 9}}
    f = write_jsonl(tmp_path / "game.jsonl", setup, actions)
    code, out, _ = run(capsys, "replay", str(f))
    assert code == 0
    assert json.loads(out) == {"view": toy.view(final, TABLE), "result": toy.result(final).to_json(),
                               "actions": len(actions)}


@pytest.mark.skipif(not has_game("maya-madness"), reason="maya-madness not written yet")
def test_replay_a_recorded_maya_madness_game(capsys, tmp_path):
    game = games.get_game("maya-madness")
    final, actions = record(game, ["Ana", "Ben", "Cy"], {"deck": "full"}, seed=2)
    setup = {"game": "maya-madness", "players": ["Ana", "Ben", "Cy"], "options": {"deck": "full"}}
    f = write_jsonl(tmp_path / "mm.jsonl", setup, actions)
    code, out, _ = run(capsys, "replay", str(f))
    assert code == 0 and json.loads(out)["view"] == game.view(final, TABLE)
    assert json.loads(out)["result"]["winners"] == list(game.result(final).winners)


def test_replay_of_an_unfinished_game_has_no_result(capsys, tmp_path, toy):
    _, actions = record(toy, ["Ana", "Ben"], {}, seed=1)
    f = write_jsonl(tmp_path / "g.jsonl", {"game": "toy", "players": ["Ana", "Ben"]}, actions[:5])
    code, out, _ = run(capsys, "replay", str(f))
    assert code == 0 and json.loads(out)["result"] is None and json.loads(out)["actions"] == 5


def test_replay_names_the_line_of_an_illegal_action(capsys, tmp_path, toy):
    _, actions = record(toy, ["Ana", "Ben"], {}, seed=1)
    # after the two deals it is Ana's turn; Ben tries to roll on line 4
    f = write_jsonl(tmp_path / "g.jsonl", {"game": "toy", "players": ["Ana", "Ben"]},
                    actions[:2] + [{"actor": 1, "type": "roll"}])
    code, out, err = run(capsys, "replay", str(f))
    assert code == 1 and out == ""
    assert "Line 4: It is Ana's turn, not Ben's." in err


def test_replay_names_the_line_that_is_not_json(capsys, tmp_path):
    f = tmp_path / "g.jsonl"
    f.write_text('{"game": "toy", "players": ["Ana", "Ben"]}\n'
                 '{"actor": "chance", "type": "deal", "seat": 0, "secret": 1}\n{"actor": 0,\n')
    code, _, err = run(capsys, "replay", str(f))
    assert code == 1 and "Line 3: this is not valid JSON" in err


@pytest.mark.parametrize("setup, reason", [
    ({"game": "chess", "players": ["Ana", "Ben"]}, "There is no game called 'chess'"),
    ({"game": "toy", "players": ["Ana"]}, "2 to 4 players"),
    ({"game": "toy", "players": ["Ana", "Ben"], "options": {"target": 1}}, "between 5 and 60"),
    ({"players": ["Ana", "Ben"]}, "the first line must be the setup"),
])
def test_replay_explains_a_bad_setup_line(capsys, tmp_path, setup, reason):
    f = write_jsonl(tmp_path / "g.jsonl", setup, [])
    code, _, err = run(capsys, "replay", str(f))
    assert code == 1 and "Line 1: " in err and reason in err


def test_replay_of_a_missing_file_is_a_usage_error(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.jsonl"))
    assert code == 2 and "There is no file" in err


# --- simulate -------------------------------------------------------------------------
def simulate_json(capsys, *args):
    code, out, err = run(capsys, "simulate", *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_simulate_is_reproducible_for_the_same_seed(capsys):
    a = simulate_json(capsys, "toy", "--players", "3", "--games", "40", "--seed", "7", "--bot", "random")
    b = simulate_json(capsys, "toy", "--players", "3", "--games", "40", "--seed", "7", "--bot", "random")
    assert {k: v for k, v in a.items() if k not in ("seconds", "games_per_second")} == \
           {k: v for k, v in b.items() if k not in ("seconds", "games_per_second")}
    others = [simulate_json(capsys, "toy", "--players", "3", "--games", "40", "--seed", str(s), "--bot", "random")
              for s in (8, 9)]
    assert any((o["wins"], o["mean_actions"]) != (a["wins"], a["mean_actions"]) for o in others)
    assert sum(a["wins"]) == 40 and a["games_per_second"] > 0
    for key in ("game", "players", "games", "seed", "wins", "mean_actions", "games_per_second"):
        assert key in a


@pytest.mark.skipif(not has_game("maya-madness"), reason="maya-madness not written yet")
def test_simulate_maya_madness_with_greedy_bots(capsys):
    a = simulate_json(capsys, "maya-madness", "--players", "3", "--games", "10", "--seed", "1")
    b = simulate_json(capsys, "maya-madness", "--players", "3", "--games", "10", "--seed", "1")
    assert a["wins"] == b["wins"] and a["mean_actions"] == b["mean_actions"]
    assert a["bot"] == "greedy" and a["options"]["deck"] == "full" and sum(a["wins"]) >= 10


def test_simulate_text_summary(capsys):
    code, out, _ = run(capsys, "simulate", "toy", "--players", "2", "--games", "5", "--bot", "random")
    assert code == 0 and "Player 1 won" in out and "games per second" in out


@pytest.mark.parametrize("argv, needle", [
    (["simulate", "toy", "--players", "2"], "There is no greedy bot for toy"),
    (["simulate", "toy", "--players", "7", "--bot", "random"], "2 to 4 players"),
    (["simulate", "toy"], "required: --players"),
    (["simulate", "toy", "--players", "two"], "invalid int value"),
    (["simulate", "toy", "--players", "2", "--bot", "random", "--option", "target=2"], "between 5 and 60"),
    (["simulate", "toy", "--players", "2", "--bot", "random", "--option", "speed=9"], "Unknown option 'speed'"),
    (["simulate", "toy", "--players", "2", "--games", "0"], "at least 1"),
    (["frobnicate"], "There is no command 'frobnicate'"),
])
def test_usage_mistakes_are_sentences_with_exit_code_2(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2 and needle in err and out == ""


# --- commands from entry points --------------------------------------------------------
class FakeEntryPoint:
    def __init__(self, name, fn=None, error=None):
        self.name, self.fn, self.error = name, fn, error

    def load(self):
        if self.error:
            raise self.error
        return self.fn


def test_no_command_runs_the_app_with_its_flags(capsys, monkeypatch):
    calls = []
    eps = {"app": FakeEntryPoint("app", lambda argv: calls.append(argv) or 0)}
    monkeypatch.setattr(cli, "_entry_points", lambda: eps)
    assert cli.main([]) == 0
    assert cli.main(["--sim"]) == 0
    assert calls == [[], ["--sim"]]


def test_an_entry_point_command_gets_its_arguments_and_exit_code(monkeypatch):
    eps = {"devices": FakeEntryPoint("devices", lambda argv: 3 if argv == ["--list"] else 0)}
    monkeypatch.setattr(cli, "_entry_points", lambda: eps)
    assert cli.main(["devices", "--list"]) == 3


def test_a_command_that_cannot_be_loaded_says_so(capsys, monkeypatch):
    eps = {"app": FakeEntryPoint("app", error=ModuleNotFoundError("No module named 'kivy'"))}
    monkeypatch.setattr(cli, "_entry_points", lambda: eps)
    code, _, err = run(capsys)
    assert code == 1 and "the touchscreen app could not be started" in err and "No module named 'kivy'" in err


def test_the_real_entry_points_are_declared():
    assert {"app", "devices"} <= set(cli._entry_points())


def test_python_dash_m_companion_works():
    done = subprocess.run([sys.executable, "-m", "companion", "games", "--json"], capture_output=True, text=True,
                          cwd=pathlib.Path(__file__).resolve().parents[2], timeout=60)
    assert done.returncode == 0, done.stderr
    assert {g["name"] for g in json.loads(done.stdout)} == set(games.available())


def test_version(capsys):
    from companion import __version__
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"maya-companion {__version__}"


# --- bots -------------------------------------------------------------------------------
def test_a_random_bot_plays_only_legal_actions(toy):
    from companion.bots import get_bot
    bot, rng = get_bot("toy", "random"), random.Random(3)
    state = toy.setup(["Ana", "Ben"])
    for _ in range(200):
        if toy.result(state) is not None:
            break
        (actor,) = toy.actors(state)
        if actor == CHANCE:
            state = toy.apply(state, toy.sample_chance(state, rng))
            continue
        action = bot.choose(toy, state, actor, rng)
        assert action in toy.legal_actions(state, actor)
        state = toy.apply(state, action)


@pytest.mark.skipif(not has_game("maya-madness"), reason="maya-madness not written yet")
def test_the_maya_madness_greedy_bot_is_found_by_name():
    from companion.bots import Bot, RandomBot, get_bot
    bot = get_bot("maya-madness", "greedy")
    assert isinstance(bot, Bot) and not isinstance(bot, RandomBot)


def test_asking_for_a_bot_that_does_not_exist_is_a_sentence():
    from companion.bots import get_bot
    from companion.errors import BadOption
    with pytest.raises(BadOption, match="There is no greedy bot for toy; the bots for it are: random."):
        get_bot("toy", "greedy")


# --- the fourth game, jobs, start-up --------------------------------------------------
def test_a_new_game_is_listed_replayed_and_simulated_with_no_edit_to_the_cli(capsys, tmp_path, charms):
    code, out, _ = run(capsys, "games")
    assert code == 0 and "charms: Charm hunt, 2 to 4 players" in out
    final, actions = record(charms, ["Ana", "Ben"], {}, seed=9)
    f = write_jsonl(tmp_path / "charms.jsonl", {"game": "charms", "players": ["Ana", "Ben"]}, actions)
    code, out, _ = run(capsys, "replay", str(f))
    assert code == 0 and json.loads(out)["result"] == charms.result(final).to_json()
    code, out, _ = run(capsys, "simulate", "charms", "--players", "3", "--games", "20", "--json")
    summary = json.loads(out)
    assert code == 0 and summary["games"] == 20 and sum(summary["wins"]) >= 20 - summary["no_winner"]


@pytest.mark.parametrize("name", ["charms", "toy"] + [g for g in ("maya-madness", "mayan-curse", "maya")
                                                     if has_game(g)])
def test_simulate_gives_the_same_results_whatever_the_number_of_jobs(charms, name):
    game = games.get_game(name)
    players = max(game.min_players, 3) if game.max_players >= 3 else game.min_players
    kind = "greedy" if name != "toy" else "random"
    runs = [cli.simulate(name, players, 12, seed=5, bot_kind=kind, jobs=jobs) for jobs in (1, 2, 3)]
    timing = ("seconds", "games_per_second", "jobs")
    same = [{k: v for k, v in r.items() if k not in timing} for r in runs]
    assert same[0] == same[1] == same[2]
    assert [r["jobs"] for r in runs] == [1, 2, 3]


def test_jobs_must_be_a_positive_number(capsys):
    code, _, err = run(capsys, "simulate", "toy", "--players", "2", "--games", "3", "--bot", "random", "--jobs", "0")
    assert code == 2 and "--jobs must be at least 1." in err


def test_importing_the_cli_does_not_load_the_plugin_machinery():
    """`import companion.cli.main` stays light (issue 13): importlib.metadata is read only
    when an entry-point command or --help needs it, not for `games`."""
    probe = ("import sys; import companion.cli.main as c; a = 'importlib.metadata' in sys.modules; "
             "c.main(['games', '--json']); print(a, 'importlib.metadata' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                          cwd=pathlib.Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False False"


def test_a_new_command_is_one_line_in_the_table(capsys, monkeypatch, tmp_path):
    """Another part adds a subcommand with one COMMANDS line: module, function, help;
    its module is imported only when the command runs."""
    (tmp_path / "echo_command.py").write_text("def main(argv):\n    print(' '.join(argv))\n    return 3\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(cli.COMMANDS, "echo", ("echo_command", "main", "print its arguments"))
    assert "echo_command" not in sys.modules
    code, out, _ = run(capsys, "echo", "a", "b")
    assert code == 3 and out == "a b\n"
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "echo" in out and "print its arguments" in out and "simulate" in out


def test_help_of_one_command_is_its_own(capsys):
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0 and "--jobs" in out and "maya-companion simulate" in out


def test_listing_the_games_a_second_time_imports_none_of_them(tmp_path):
    """`maya-companion games` describes the games from a cache kept while their files
    stay the same (issue 13: the listing costs about a bare Python start)."""
    probe = ("import sys; from companion.cli.main import main; main(['games', '--json']); "
             "print(sorted(m for m in sys.modules if m.startswith('companion.games.')))")
    env = dict(os.environ, MAYA_COMPANION_DATA=str(tmp_path / "data"))
    root = pathlib.Path(__file__).resolve().parents[2]
    first, second = (subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                                    cwd=root, env=env) for _ in range(2))
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    listed = [json.loads(run.stdout.splitlines()[0]) for run in (first, second)]
    assert listed[0] == listed[1] and {g["name"] for g in listed[1]} == set(games.available())
    assert first.stdout.splitlines()[-1] != "[]", "the first listing imports the games"
    assert second.stdout.splitlines()[-1] == "[]", "the second one reads the cache"


def test_past_games_name_a_game_by_its_title_without_importing_its_rules():
    """Issue 13: Home and Past games name each game by its title; the shipped titles
    are known without importing the rules (the first Past games page took ~30 ms
    longer for importing Maya), and they are the titles the games give."""
    shipped = ("maya", "maya-madness", "mayan-curse")
    probe = ("import json, sys; from companion.games import title; "
             f"print(json.dumps([title(n) for n in {shipped + ('no-such-game',)!r}])); "
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('companion.games.'))))")
    root = pathlib.Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, cwd=root)
    assert out.returncode == 0, out.stderr
    titles, imported = (json.loads(line) for line in out.stdout.splitlines())
    assert titles == [games.get_game(n).title for n in shipped] + ["no-such-game"]
    assert imported == []


def test_a_mistyped_games_flag_is_a_sentence_and_help_still_works(capsys):
    code, _, err = run(capsys, "games", "--jsn")
    assert code == 2 and "Unrecognized arguments: --jsn" in err and "maya-companion games --help" in err
    code, out, _ = run(capsys, "games", "--help")
    assert code == 0 and "--json" in out


def test_replay_of_options_that_are_not_an_object_or_a_line_nested_too_deeply_is_a_sentence(tmp_path, capsys):
    """The audit's two replay files that printed 'something went wrong'."""
    from companion.cli.main import main as cli_main

    bad_options = tmp_path / "options.jsonl"
    bad_options.write_text('{"game": "maya-madness", "players": ["Ana", "Ben"], "options": [1]}\n')
    assert cli_main(["replay", str(bad_options)]) == 1
    err = capsys.readouterr().err
    assert "options must be an object" in err and "something went wrong" not in err
    deep = tmp_path / "deep.jsonl"
    deep.write_text('{"game": "maya-madness", "players": ["Ana", "Ben"]}\n' + "[" * 100_000 + "\n")
    assert cli_main(["replay", str(deep)]) == 1
    err = capsys.readouterr().err
    assert "Line 2" in err and "too deeply" in err and "something went wrong" not in err
