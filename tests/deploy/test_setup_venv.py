"""scripts/setup repairs a broken .venv instead of failing on every run (issue 20).

On a machine where python3-venv (ensurepip) was missing, `python3 -m venv .venv`
leaves a .venv with a python and no pip; every later run then said "No module
named pip" until the user deleted .venv by hand. Here apt and venv are stand-ins
(the system's packages count as installed), so only the set-up's own logic runs."""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]

# A venv python: pip installs are recorded, imports succeed.
GOOD_PYTHON = '''#!/bin/sh
if [ "$1" = -m ] && [ "$2" = pip ]; then echo "pip $*" >>"$SB/calls.log"; exit 0; fi
exit 0
'''
# What ensurepip's absence leaves: a python without pip.
BROKEN_PYTHON = '''#!/bin/sh
echo "/app/.venv/bin/python: No module named pip" >&2
exit 1
'''
STUBS = {
    "dpkg-query": "printf 'install ok installed'",
    "apt-get": 'echo "apt-get $*" >>"$SB/calls.log"',
    "python3": r'''if [ "$1" = -m ] && [ "$2" = venv ]; then
  echo "python3 $*" >>"$SB/calls.log"; for a; do :; done
  mkdir -p "$a/bin"; echo "include-system-site-packages = false" >"$a/pyvenv.cfg"
  cp "$SB/good-python" "$a/bin/python"; exit 0
fi
exec "$REAL_PYTHON" "$@"''',
}


def setup_in(tmp_path: pathlib.Path) -> tuple[pathlib.Path, dict[str, str]]:
    app = tmp_path / "app"
    shutil.copytree(REPO / "deploy", app / "deploy", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "scripts", app / "scripts")
    shutil.copy(REPO / "pyproject.toml", app / "pyproject.toml")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, body in STUBS.items():
        (bin_dir / name).write_text("#!/bin/sh\n" + body + "\n")
        (bin_dir / name).chmod(0o755)
    (tmp_path / "good-python").write_text(GOOD_PYTHON)
    (tmp_path / "good-python").chmod(0o755)
    (tmp_path / "calls.log").write_text("")
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "SB": str(tmp_path), "REAL_PYTHON": sys.executable,
           "HOME": str(tmp_path), "LANG": "C.UTF-8", "MAYA_INSTALL_ROOT": str(tmp_path / "no-pi")}
    return app, env


def test_a_venv_left_without_pip_is_made_anew(tmp_path):
    app, env = setup_in(tmp_path)
    (app / ".venv/bin").mkdir(parents=True)
    (app / ".venv/bin/python").write_text(BROKEN_PYTHON)
    (app / ".venv/bin/python").chmod(0o755)
    r = subprocess.run(["bash", "scripts/setup"], cwd=app, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "The .venv folder is broken (no working python or pip in it); making it anew." in r.stdout
    calls = (tmp_path / "calls.log").read_text().splitlines()
    assert calls[0] == "python3 -m venv .venv"
    assert any(c.startswith("pip -m pip install") and " -e ." in c for c in calls)
    # A second run finds it whole and leaves it alone.
    (tmp_path / "calls.log").write_text("")
    r = subprocess.run(["bash", "scripts/setup"], cwd=app, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "broken" not in r.stdout
    assert "python3 -m venv" not in (tmp_path / "calls.log").read_text()
