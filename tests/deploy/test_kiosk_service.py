"""The kiosk service as systemd starts it: what the installed unit hands the
process, and whether the app's devices work with exactly that.

Issue 20 §2: under ProtectSystem=strict the working directory (the home
folder) is read-only, lgpio made its notification pipe there on import and
failed ("FileNotFoundError: '.lgd-nfy-3'"): buttons and LEDs were dead under the
service, while ./scripts/run (from the writable project folder) hid it.
"""
from __future__ import annotations

import importlib.util
import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from .sandbox import Sandbox
from .unitfile import Unit


@pytest.fixture
def unit(tmp_path) -> tuple[Sandbox, Unit]:
    sb = Sandbox(tmp_path)
    r = sb.run("--console")
    assert r.returncode == 0, r.stdout + r.stderr
    return sb, Unit(sb.unit)


def _writable_under_the_unit(path: str, unit: Unit) -> bool:
    """ProtectSystem=strict: the whole tree is read-only but /dev, /proc, /sys, the
    unit's RuntimeDirectory= folders and its ReadWritePaths=."""
    assert unit.get("ProtectSystem") == "strict"
    p = pathlib.PurePosixPath(path)
    return any(p == pathlib.PurePosixPath(d) or pathlib.PurePosixPath(d) in p.parents
               for d in unit.runtime_directories() + unit.read_write_paths())


def test_lgpio_gets_a_writable_private_folder_and_the_working_directory_is_read_only(unit):
    sb, u = unit
    env = u.environment()
    assert "LG_WD" in env, "lgpio would make its pipe in the read-only working directory"
    assert _writable_under_the_unit(env["LG_WD"], u)
    assert env["LG_WD"] in u.runtime_directories()  # emptied at every stop, private (0700)
    assert u.get("RuntimeDirectoryMode") == "0700"
    assert u.get("WorkingDirectory") == str(sb.home)
    assert not _writable_under_the_unit(str(sb.home), u)


def _namespace_runner() -> list[str]:
    if shutil.which("unshare") is None:
        pytest.skip("missing tool: no unshare (util-linux) to give a process a read-only home of its own")
    probe = subprocess.run(["unshare", "--mount", "--map-root-user", "true"], capture_output=True, timeout=30)
    if probe.returncode != 0:
        pytest.skip(f"this machine lets no process have a mount namespace: {probe.stderr.decode()[:200]}")
    return ["unshare", "--mount", "--map-root-user"]


# Inside a mount namespace of its own, what systemd does for the unit: the home
# read-only (ProtectSystem=strict), a fresh /run with the RuntimeDirectory= folders,
# the unit's environment and working directory; then import lgpio and open a pin.
AS_THE_UNIT = r'''
set -e
mount --bind -o ro "$HOME_DIR" "$HOME_DIR"
mount -t tmpfs -o mode=0755 tmpfs /run
for d in $RUNTIME_DIRS; do mkdir -p -m 0700 "$d"; done
cd "$WORKDIR"
exec env -i $UNIT_ENV PYTHONPATH="$LGPIO_PATH" "$PYTHON" -c "$CHECK"
'''

CHECK = r'''
import json, os
out = {}
try:
    import lgpio
    out["imported"] = True
    out["cwd"] = os.getcwd()
    out["pipes"] = sorted(n for n in os.listdir(os.environ["LG_WD"]) if n.startswith(".lgd-nfy"))
    try:
        h = lgpio.gpiochip_open(0)
        out["chip"] = "opened"
        lgpio.gpiochip_close(h)
    except lgpio.error as e:
        out["chip"] = str(e)
except Exception as e:
    out["imported"] = False
    out["error"] = f"{type(e).__name__}: {e}"
try:
    open(os.path.join(os.environ["HOME"], "probe"), "w")
    out["home"] = "writable"
except OSError as e:
    out["home"] = e.strerror
print(json.dumps(out))
'''


def test_lgpio_imports_and_opens_its_pipe_with_the_units_environment_in_a_read_only_home(unit):
    """The real lgpio (python3-lgpio on a Pi, the lgpio wheel elsewhere) under the
    unit's environment, working directory and read-only home. Off a Pi there is no
    /dev/gpiochip0, but importing lgpio is what failed: its notification pipe is
    made at import time, before any pin is opened."""
    spec = importlib.util.find_spec("lgpio")
    if (spec is None or spec.origin is None) and sys.version_info >= (3, 13):
        pytest.skip("lgpio publishes no wheel for this Python (3.13+), and building one needs swig and "
                    "the lg C library; the unit's environment is checked without it")
    if spec is None or spec.origin is None:
        pytest.skip("missing tool: lgpio is not installed (python3-lgpio on a Pi; scripts/test installs its wheel)")
    runner = _namespace_runner()
    sb, u = unit
    env = {k: v.replace(" ", "\\ ") for k, v in u.environment().items()}
    script_env = {
        "HOME_DIR": str(sb.home), "WORKDIR": u.get("WorkingDirectory") or "/",
        "RUNTIME_DIRS": " ".join(u.runtime_directories()),
        "UNIT_ENV": " ".join(f"{k}={v}" for k, v in env.items()),
        "LGPIO_PATH": str(pathlib.Path(spec.origin).parent), "PYTHON": sys.executable, "CHECK": CHECK,
        "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
    }
    r = subprocess.run([*runner, "sh", "-c", AS_THE_UNIT], env=script_env, capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["home"] == "Read-only file system"
    assert out["imported"], out.get("error")
    assert out["pipes"] == [".lgd-nfy0"]
    if pathlib.Path("/dev/gpiochip0").exists():
        assert out["chip"] == "opened"
