"""The table's screens read the table's frame (companion/table/frame.py) and the
controller's methods that return frozen data, never the session (issue 21 §2):
no `.session` read, no action dict built, in the screens and the app that
follow the frame. An AST check, without Kivy."""
from __future__ import annotations

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
#: The files converted to the frame (the three game screens and the phones follow
#: in their own steps of issue 21).
FRAME_ONLY = ["kivy_ui/app.py", "kivy_ui/screens/game_screen.py", "kivy_ui/screens/log.py",
              "kivy_ui/screens/fix.py", "kivy_ui/screens/end.py", "kivy_ui/screens/home.py",
              "kivy_ui/widgets/gate.py"]


def session_reads(source: str) -> list[int]:
    """Lines that read an attribute named `session` (assigning one is not reading it)."""
    return [node.lineno for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and node.attr == "session" and isinstance(node.ctx, ast.Load)]


def action_dicts(source: str) -> list[int]:
    """Lines that build a dict literal with an "actor" or "type" key: an action."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if keys & {"actor", "type"}:
                out.append(node.lineno)
    return out


@pytest.mark.parametrize("path", FRAME_ONLY)
def test_a_frame_screen_never_reads_the_session(path):
    found = session_reads((ROOT / path).read_text(encoding="utf-8"))
    assert found == [], f"{path} reads .session on line(s) {found}: read the frame instead"


@pytest.mark.parametrize("path", FRAME_ONLY)
def test_a_frame_screen_builds_no_action(path):
    found = action_dicts((ROOT / path).read_text(encoding="utf-8"))
    assert found == [], f"{path} builds an action on line(s) {found}: send a choice instead"


def test_the_check_finds_a_session_read_and_an_action():
    src = "def f(table):\n    x = table.session.state\n    table.play({'actor': 0, 'type': 'pass'})\n"
    assert session_reads(src) == [2] and action_dicts(src) == [3]
    assert session_reads("app.session = None\n") == []
