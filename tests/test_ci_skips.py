"""In CI a test skipped for a missing tool fails (tests/conftest.py): a green
run must not hide that the browser tests, shellcheck or Xvfb were left out."""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys

TESTS = pathlib.Path(__file__).resolve().parent

PROBE = '''
import pytest

def test_needs_a_tool():
    pytest.skip("missing tool: frobnicate is not installed")

@pytest.mark.skipif(True, reason="missing tool: the widget driver is not installed")
def test_marked():
    pass

def test_skipped_for_another_reason():
    pytest.skip("this machine has a display device")
'''


def run_probe(tmp_path: pathlib.Path, ci: bool) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_probe.py").write_text(PROBE)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "true"
    env["PYTHONPATH"] = str(TESTS)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider", "-rA",
         "--rootdir", str(tmp_path), "-c", os.devnull, str(tmp_path / "test_probe.py")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)


def test_in_ci_a_missing_tool_fails_the_run(tmp_path):
    r = run_probe(tmp_path, ci=True)
    assert r.returncode == 1, r.stdout
    # a skip in the call fails the test; a skipif mark fails its set-up (an error)
    assert "1 failed, 1 skipped, 1 error" in r.stdout, r.stdout
    assert "In CI a missing tool is a failure, not a skip: " in r.stdout
    assert "frobnicate is not installed" in r.stdout


def test_outside_ci_a_missing_tool_is_a_skip(tmp_path):
    r = run_probe(tmp_path, ci=False)
    assert r.returncode == 0, r.stdout
    assert "3 skipped" in r.stdout, r.stdout
