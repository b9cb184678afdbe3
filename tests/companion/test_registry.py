"""Games register through entry points, with their metadata in their own package
(issue 21 §5): lists read each game's game.toml without importing its rules, and a
game installed as a distribution (the test-only fourth game) is found with no file
outside its package touched."""
from __future__ import annotations

import importlib.util
import json
import pathlib
import subprocess
import sys

import pytest

from companion import games
from companion.store import entrypoints

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHIPPED = ("maya", "maya-madness", "mayan-curse")


def _fourth():
    if "fourth" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth", ROOT / "tests/companion/fourth.py")
        sys.modules["fourth"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules["fourth"]


@pytest.mark.parametrize("group", ["maya_companion.games", "maya_companion.screens", "maya_companion.commands"])
def test_the_quick_reader_finds_what_importlib_metadata_finds(group):
    from importlib import metadata

    expected = {ep.name: ep.value for ep in metadata.entry_points(group=group)}
    entrypoints.forget()
    assert entrypoints.scan(group) == expected


def test_a_checkout_installed_before_a_group_existed_reads_its_pyproject():
    assert entrypoints._from_pyproject("maya_companion.games") == {
        name: value for name, value in entrypoints.scan("maya_companion.games").items() if name in SHIPPED}


@pytest.mark.parametrize("name", SHIPPED)
def test_a_games_metadata_says_what_its_game_says(name):
    info, game = games.info(name), games.get_game(name)
    assert info.title == game.title
    assert info.players == (game.min_players, game.max_players)
    assert info.bgg == ((game.bgg.id, game.bgg.name, game.bgg.year) if game.bgg else None)
    options = {o.name for o in game.options}
    assert set(info.option_players) <= options, "game.toml names an option the game does not have"
    for option, (lo, hi) in info.option_players.items():
        assert game.min_players <= lo <= hi <= game.max_players, option


def test_mayan_curse_asks_a_solo_table_only_the_solo_options():
    curse = games.info("mayan-curse")
    assert curse.applies("scenario", 1) and not curse.applies("scenario", 3)
    assert curse.applies("token_skips_escaped", 3) and not curse.applies("token_skips_escaped", 1)
    assert curse.applies("purse", 1) and curse.applies("purse", 6)


def test_listing_the_games_imports_no_rules(tmp_path):
    """Home, New game and Past games list titles; `maya-companion games` describes from
    the cache: none of them imports a game's rules (about 30 ms for Maya's)."""
    code = ("import sys\nfrom companion import games\n"
            "titles = [games.title(n) for n in games.names()]\n"
            "assert games.available() == games.names(), games.available()\n"
            "infos = [games.info(n).players for n in games.names()]\n"
            "print(json.dumps([titles, sorted(m for m in sys.modules if m.startswith('companion.games.'))]))\n")
    env = {"MAYA_COMPANION_DATA": str(tmp_path), "PATH": "/usr/bin:/bin"}
    for _ in range(2):  # the first run fills the cache, the second reads it
        done = subprocess.run([sys.executable, "-c", "import json\n" + code], capture_output=True, text=True,
                              cwd=tmp_path, env=env, timeout=60)
        assert done.returncode == 0, done.stderr
        titles, imported = json.loads(done.stdout)
        assert titles == ["Maya", "Maya Madness", "Mayan Curse"]
        assert imported == []
    for _ in range(2):  # again: the first fills the describe() cache
        games_cmd = subprocess.run([sys.executable, "-X", "importtime", "-m", "companion", "games"],
                                   capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    assert games_cmd.returncode == 0, games_cmd.stderr
    assert "Mayan Curse" in games_cmd.stdout
    assert "companion.games.maya" not in games_cmd.stderr  # importtime's lines: no game module


def test_a_game_installed_as_a_distribution_is_found_by_its_entry_point(tmp_path):
    fourth = _fourth()
    assert "charms" not in games.names()
    with fourth.installed(tmp_path) as name:
        assert name in games.names() and name in games.available()
        assert "charms" not in games._MODULES  # not registered by hand
        info = games.info(name)
        assert (info.title, info.players) == ("Charm hunt", (2, 4))
        assert info.applies("quick", 2) and not info.applies("quick", 3)
        assert games.get_game(name).title == "Charm hunt"
        assert any(d["name"] == name for d in games.descriptions())
    assert "charms" not in games.names()


def test_register_and_unregister_still_add_a_game_for_a_test():
    fourth = _fourth()
    game = fourth.register()
    try:
        assert games.get_game("charms") is game and games.title("charms") == "Charm hunt"
    finally:
        fourth.unregister()
    assert "charms" not in games.names()


def test_a_distribution_installed_later_is_seen_at_the_next_start(tmp_path, monkeypatch):
    """The entry points are kept on disk while no folder on sys.path changes; installing
    a distribution adds a *.dist-info folder, which changes its folder."""
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(tmp_path / "data"))
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    entrypoints.forget()
    assert "later" not in entrypoints.scan("maya_companion.games")
    dist = site / "later_game-2.0.dist-info"
    dist.mkdir()
    (dist / "entry_points.txt").write_text("[maya_companion.games]\nlater = later_game:GAME\n", encoding="utf-8")
    entrypoints._CACHE.clear()  # a new process: only the disk cache is left
    assert entrypoints.scan("maya_companion.games")["later"] == "later_game:GAME"
    entrypoints.forget()
