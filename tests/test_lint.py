"""The linters are part of the test command (issue 9, point 6): ruff with the rule set
in pyproject.toml over the whole tree, and mypy (strict on companion/ and hardware/,
basic on kivy_ui/, as configured there). Either finding fails the suite."""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
BIN = pathlib.Path(sys.executable).parent

def _tool(name: str) -> str:
    path = BIN / name
    found = str(path) if path.exists() else shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e . --group dev")
    return found


def test_ruff_finds_nothing() -> None:
    run = subprocess.run([_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_mypy_finds_nothing() -> None:
    run = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


_SCREEN = '''from companion.table.frame import TableFrame


def waiting(frame: TableFrame) -> str:
    view = frame.view
    return view["{key}"] + ": " + view["waiting_for"]["sentence"]
'''


@pytest.mark.parametrize("key, caught", [("phsae", True), ("phase", False)])
def test_mypy_catches_a_misspelt_view_key_in_a_screen(tmp_path: pathlib.Path, key: str, caught: bool) -> None:
    """Types at the seams (issue 21 §4): a frame's view is a View (a TypedDict), so a
    screen that reads a key the schema does not have is a type error, named."""
    screen = tmp_path / "screen.py"
    screen.write_text(_SCREEN.format(key=key))
    run = subprocess.run([_tool("mypy"), "--strict", "--follow-imports=silent", "--no-error-summary",
                          "--cache-dir", str(tmp_path / "cache"), str(screen)],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    if caught:
        assert run.returncode == 1, run.stdout
        assert f'TypedDict "View" has no key "{key}"' in run.stdout, run.stdout
    else:
        assert run.returncode == 0, run.stdout
