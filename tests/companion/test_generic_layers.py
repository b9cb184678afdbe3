"""The generic layers name no game (issue 9): the table controller, the Tags and Box
setup screens, the command line and the bots' base work from the registry and the
Game hooks only, so a new game touches none of them. Comments and docstrings may
give examples; code (names, imports, strings) may not."""
from __future__ import annotations

import ast
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GENERIC = ["companion/table.py", "kivy_ui/screens/tags.py", "kivy_ui/screens/box_setup.py",
           "companion/cli.py", "companion/bots/__init__.py"]
WORDS = ("maya_madness", "mayan_curse", "maya-madness", "mayan-curse", "quarry", "quarries", "stela",
         "worker_card", "stone", "boulder", "pyramid")


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def game_names_in(source: str) -> list[str]:
    """Each place the code (not its comments or docstrings) names a game."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
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
        for word in words:
            low = word.lower()
            for bad in WORDS:
                if bad in low:
                    out.append(f"line {getattr(node, 'lineno', '?')}: {bad!r} in {word!r:.60}")
    return out


@pytest.mark.parametrize("path", GENERIC)
def test_a_generic_layer_names_no_game(path):
    found = game_names_in((ROOT / path).read_text(encoding="utf-8"))
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


def test_no_generic_layer_retypes_an_action_type():
    """Action types are a game's constants (companion/games/<g>/actions.py); the generic
    layers never spell one (tests/companion/action_literals.py counts them everywhere)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("action_literals", ROOT / "tests/companion/action_literals.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    from companion.games import available

    files = [ROOT / p for p in GENERIC]
    for name in available():
        assert module.count(name, files) == [], name


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
        "from companion.session import Session\n"
        "from companion.table import ButtonPress, DeviceEvent, DeviceState, SessionLike, TagLookup, TagRead\n"
        "from companion.tags import TagRegistry\n"
        "from hardware.events import ButtonEvent, DeviceStatus, TagEvent, TagRemoved\n\n\n"
        "def fits(s: Session, t: TagRegistry, b: ButtonEvent, e: TagEvent, r: TagRemoved, d: DeviceStatus,\n"
        "         ) -> tuple[SessionLike, TagLookup, ButtonPress, TagRead, TagRead, DeviceState, DeviceEvent]:\n"
        "    return s, t, b, e, r, d, b\n")
    bad = tmp_path / "bad.py"
    bad.write_text("from companion.table import SessionLike, TagLookup\n\n\n"
                   "def fits(x: int) -> tuple[SessionLike, TagLookup]:\n    return x, x\n")
    command = [str(mypy) if mypy.exists() else "mypy", "--strict", "--follow-imports=silent",
               "--cache-dir", str(tmp_path / "cache")]
    env = {**os.environ, "MYPYPATH": str(ROOT)}
    good = subprocess.run([*command, str(snippet)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert good.returncode == 0, good.stdout
    wrong = subprocess.run([*command, str(bad)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300)
    assert wrong.returncode == 1 and "incompatible return value" in wrong.stdout.lower(), wrong.stdout
