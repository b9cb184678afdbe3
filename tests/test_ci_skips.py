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


#: A skip reason that tells how to install something is a skip for a missing tool.
INSTALL_HINTS = ("apt install", "apt-get install", "pip install", "scripts/setup installs", "scripts/test installs")


def test_every_skip_for_a_tool_to_install_says_missing_tool():
    """A skip that tells the reader to install a tool must carry the prefix that
    makes it a failure in CI; without it the kiosk's watchdog and touch tests
    passed as skips on a CI machine with no Xvfb."""
    import ast

    offenders = []
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name not in ("skip", "skipif", "importorskip"):
                continue
            texts = [k.value for k in node.keywords if k.arg in ("reason", "msg")] + list(node.args)
            for t in texts:
                parts = [t] if isinstance(t, ast.Constant) else [v for v in getattr(t, "values", [])]
                reason = "".join(p.value for p in parts if isinstance(p, ast.Constant) and isinstance(p.value, str))
                if any(h in reason for h in INSTALL_HINTS) and not reason.startswith("missing tool:"):
                    offenders.append(f"{path.relative_to(TESTS)}:{node.lineno}: {reason[:70]}")
    assert offenders == []
