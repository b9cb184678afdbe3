"""shellcheck on every shell script of the project (scripts/test installs shellcheck)."""
from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
SKIP = {".venv", ".git", "artifacts", "node_modules", "__pycache__"}


def shell_scripts() -> list[pathlib.Path]:
    out = []
    for p in sorted(REPO.rglob("*")):
        if not p.is_file() or SKIP & set(p.relative_to(REPO).parts):
            continue
        if p.suffix == ".sh":
            out.append(p)
            continue
        try:
            first = p.open("rb").readline(100)
        except OSError:
            continue
        if first.startswith(b"#!") and (b"bash" in first or first.rstrip().endswith((b"/sh", b" sh"))):
            out.append(p)
    return out


def test_the_project_has_the_shell_scripts_this_test_looks_for():
    names = {str(p.relative_to(REPO)) for p in shell_scripts()}
    assert {"scripts/setup", "scripts/run", "scripts/test", "deploy/install-pi.sh", "deploy/packages.sh"} <= names


@pytest.mark.parametrize("script", shell_scripts(), ids=lambda p: str(p.relative_to(REPO)))
def test_shellcheck_finds_nothing(script):
    if shutil.which("shellcheck") is None:
        pytest.skip("missing tool: shellcheck is not installed (apt install shellcheck); scripts/test installs it")
    r = subprocess.run(["shellcheck", "-x", "-P", "SCRIPTDIR", str(script.relative_to(REPO))],
                       cwd=REPO, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
