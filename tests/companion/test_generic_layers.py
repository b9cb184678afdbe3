"""The generic layers name no game (issues 9 and 21): every file of companion/,
kivy_ui/ and hardware/ outside a game's own files (its package, its bot, its own
screen and the widgets that screen uses: tests/companion/generic_files.py) works
from the registry and the Game hooks only, so a new game touches none of them.
Comments and docstrings may give examples; code (names, imports, strings) may not
name a game: its registry name, its title, its action types or its words.

OFFENDERS lists the files that still name a game today, each with who removes it;
the lead empties it after merging. A file not in it that names a game fails."""
from __future__ import annotations

import ast
import importlib.util
import os
import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
WORDS = ("maya_madness", "mayan_curse", "maya-madness", "mayan-curse", "quarry", "quarries", "stela",
         "worker_card", "stone", "boulder", "pyramid")
#: The product's own name, which is not a game's: "Maya table companion", maya-companion.
PRODUCT_NAMES = re.compile(r"Maya (table )?companion|maya[-_]companion|maya-(game|plays)-", re.IGNORECASE)


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / f"tests/companion/{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(name, module)
    spec.loader.exec_module(module)
    return module


GENERIC_FILES = _load("generic_files")
GENERIC = [str(p.relative_to(ROOT)) for p in GENERIC_FILES.generic()]

#: Files that name a game today (issue 21), each with who makes it generic.
OFFENDERS: dict[str, str] = {}  # none left (issue 21): a file that names a game fails


def _registry_words() -> tuple[set[str], set[str]]:
    """The registry names and titles of every game (none is imported)."""
    from companion import games

    names = set(games.names())
    return names, {games.title(n) for n in names}


def _names_a_game(text: str, names: set[str], titles: set[str]) -> str | None:
    plain = PRODUCT_NAMES.sub("", text)
    if plain.strip() in names:
        return plain.strip()
    for title in titles:
        if re.search(rf"(?<![\w-]){re.escape(title)}(?![\w-])", plain):
            return title
    return None


def game_names_in(source: str, names: set[str] | None = None, titles: set[str] | None = None) -> list[str]:
    """Each place the code (not its comments or docstrings) names a game."""
    if names is None or titles is None:
        names, titles = _registry_words()
    tree = ast.parse(source)
    skip = GENERIC_FILES.docstring_ids(tree)
    out = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words = [node.name]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        elif isinstance(node, ast.alias):
            words = [node.name, node.asname or ""]
        elif isinstance(node, ast.keyword):
            words = [node.arg or ""]
        if isinstance(node, ast.ImportFrom):
            words = [node.module or ""]
            if "maya" in (node.module or "").split("."):
                out.append(f"line {node.lineno}: imports {node.module}")
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if "maya" in alias.name.split("."):
                    out.append(f"line {node.lineno}: imports {alias.name}")
        if isinstance(node, ast.Constant) and words:
            found = _names_a_game(words[0], names, titles)
            if found:
                out.append(f"line {node.lineno}: names the game {found!r} in {words[0]!r:.60}")
        for word in words:
            low = word.lower()
            for bad in WORDS:
                if bad in low:
                    out.append(f"line {getattr(node, 'lineno', '?')}: {bad!r} in {word!r:.60}")
    return out


_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\'')


def text_names_in(text: str, comment: str) -> list[str]:
    """The same check for a .kv, .html or .js file: its quoted strings, comments aside."""
    names, titles = _registry_words()
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        code = line.split(comment, 1)[0] if comment == "//" else ("" if line.lstrip().startswith(comment) else line)
        for m in _QUOTED.finditer(code):
            word = m.group(1) if m.group(1) is not None else m.group(2)
            found = _names_a_game(word, names, titles)
            if found:
                out.append(f"line {n}: names the game {found!r} in {word!r:.60}")
            for bad in WORDS:
                if bad in word.lower():
                    out.append(f"line {n}: {bad!r} in {word!r:.60}")
    return out


def findings(path: str) -> list[str]:
    text = (ROOT / path).read_text(encoding="utf-8")
    if path.endswith(".py"):
        return game_names_in(text)
    return text_names_in(text, {".kv": "#", ".js": "//", ".html": "<!--"}[pathlib.Path(path).suffix])


def test_the_check_covers_the_whole_tree_but_each_games_own_files():
    assert len(GENERIC) > 60  # issue 21: it covered five files before
    for path in ("companion/table/controller.py", "companion/table/session.py", "companion/history/stats.py",
                 "companion/history/export.py",
                 "kivy_ui/app.py", "kivy_ui/screens/new_game.py", "kivy_ui/screens/end.py",
                 "kivy_ui/screens/table_screen.py", "kivy_ui/widgets/choices_bar.py", "companion/phones/hub.py",
                 "companion/phones/static/seat.js", "companion/phones/static/seat.html", "kivy_ui/app.kv"):
        assert path in GENERIC, path
    for path in ("companion/games/maya/rounds.py", "kivy_ui/screens/maya.py", "kivy_ui/screens/maya.kv",
                 "kivy_ui/widgets/maya_private.py", "kivy_ui/widgets/curse_passage.py", "companion/games/maya/bot.py"):
        assert path not in GENERIC, path


@pytest.mark.parametrize("path", GENERIC)
def test_a_generic_layer_names_no_game(path):
    found = findings(path)
    if path in OFFENDERS:
        assert found, f"{path} names no game any more: take it out of OFFENDERS ({OFFENDERS[path]})"
        return
    assert found == [], f"{path} names a game: " + "; ".join(found)


def test_the_check_finds_a_game_named_in_code_but_not_in_a_docstring():
    source = '''"""Stones and stelae are examples in a docstring."""
from companion.games.maya import components
import companion.games.maya_madness as mm
# a quarry in a comment is fine

def f(stone_count):
    """A pyramid here is fine too."""
    return {"kind": "stela"}.get("worker_card"), phase == "quarrying", BOULDER
'''
    found = " ".join(game_names_in(source))
    for expected in ("imports companion.games.maya", "'maya_madness' in", "'stone'",
                     "'stela'", "'worker_card'", "'quarry'", "'boulder'"):
        assert expected in found, expected
    assert "pyramid" not in found and "Stones" not in found


#: Literals that happen to spell some game's action type but are plain words here.
NOT_ACTIONS = {
    ("companion/history/export.py", "play"),  # BG Stats' kind of record ("play") in the uuid of an exported play
    ("kivy_ui/screens/new_game_parts.py", "escape"),  # the Escape key of the on-screen keyboard
    ("kivy_ui/screens/new_game_keys.py", "escape"),  # the keyboard layouts' Escape key
    ("kivy_ui/screens/stats.py", "play"),  # the word counted: "1 play", "2 plays" (history.words.count)
}


def test_no_generic_layer_retypes_an_action_type():
    """Action types are a game's constants (companion/games/<g>/actions.py); no generic
    layer spells one (tests/companion/action_literals.py counts them everywhere)."""
    module = _load("action_literals")
    from companion.games import available

    files = [ROOT / p for p in GENERIC if p.endswith(".py")]
    for name in available():
        found = [place for place in module.count(name, files)
                 if (place.split(":")[0], place.rsplit(": ", 1)[1].strip("'")) not in NOT_ACTIONS]
        assert found == [], name


def test_the_real_parts_fit_the_controllers_protocols(tmp_path):
    """The controller's seams are typing.Protocols; mypy --strict checks that the real
    Session, TagRegistry and hardware events fit them (a mismatch is a finding)."""
    import shutil
    import subprocess
    import sys

    mypy = pathlib.Path(sys.executable).with_name("mypy")
    if not mypy.exists() and shutil.which("mypy") is None:
        pytest.skip("missing tool: mypy is not installed (pip install -e . --group dev)")
    snippet = tmp_path / "seams.py"
    snippet.write_text(
        "from companion.table.session import Session\n"
        "from companion.table.controller import (ButtonPress, DeviceEvent, DeviceState, SessionLike,\n"
        "    TagLookup, TagRead)\n"
        "from companion.table.tags import TagRegistry\n"
        "from hardware.events import ButtonEvent, DeviceStatus, TagEvent, TagRemoved\n\n\n"
        "def fits(s: Session, t: TagRegistry, b: ButtonEvent, e: TagEvent, r: TagRemoved, d: DeviceStatus,\n"
        "         ) -> tuple[SessionLike, TagLookup, ButtonPress, TagRead, TagRead, DeviceState, DeviceEvent]:\n"
        "    return s, t, b, e, r, d, b\n")
    bad = tmp_path / "bad.py"
    bad.write_text("from companion.table.controller import SessionLike, TagLookup\n\n\n"
                   "def fits(x: int) -> tuple[SessionLike, TagLookup]:\n    return x, x\n")
    command = [str(mypy) if mypy.exists() else "mypy", "--strict", "--follow-imports=silent",
               "--cache-dir", str(tmp_path / "cache")]
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    good = subprocess.run([*command, str(snippet)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert good.returncode == 0, good.stdout
    wrong = subprocess.run([*command, str(bad)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert wrong.returncode == 1 and "incompatible return value" in wrong.stdout.lower(), wrong.stdout


def test_the_check_finds_a_registry_name_or_a_title_but_not_the_products_name():
    source = ('if game == "maya":\n    heading = "Mayan Curse: the temple"\n'
              'prog = "maya-companion"\nsource = "Maya table companion"\n')
    found = " ".join(game_names_in(source, {"maya", "mayan-curse"}, {"Maya", "Mayan Curse"}))
    assert "'maya' in 'maya'" in found and "'Mayan Curse'" in found
    assert "maya-companion" not in found and "table companion" not in found
    kv = '# Maya Madness in a comment is fine\n    text: "Maya Madness"\n'
    assert len(text_names_in(kv, "#")) == 1


def test_a_new_file_that_names_a_game_fails():
    """The OFFENDERS list only shrinks: a file not in it is held to the rule."""
    assert "kivy_ui/screens/table_screen.py" not in OFFENDERS
    assert game_names_in('screens = {"mayan-curse": "mayan_curse:MayanCurseScreen"}\n')
