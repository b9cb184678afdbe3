"""With no screen at all, `maya-companion` prints how to run it anyway; those
commands work exactly as printed, from where the user typed the first one
(after ./scripts/run, maya-companion is not on PATH: the hint says .venv/bin/...)."""
from __future__ import annotations

import glob
import os
import pathlib
import re
import select
import shutil
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
APP = pathlib.Path(sys.executable).parent / "maya-companion"


@pytest.fixture
def hint(tmp_path):
    if glob.glob("/dev/dri/card*") or glob.glob("/dev/fb[0-9]*"):
        pytest.skip("this machine has a display device, so the app never says there is no screen")
    if not APP.exists():
        pytest.skip(f"no {APP} (the companion is not installed in this Python's environment)")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(PATH="/usr/bin:/bin", MAYA_COMPANION_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), KIVY_HOME=str(tmp_path / "kivy"))
    r = subprocess.run([str(APP.relative_to(REPO)), "--sim"], cwd=REPO, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "there is no screen here" in r.stderr
    return re.findall(r"`([^`]+)`", r.stderr), env


def test_the_devices_check_it_prints_runs_as_printed(hint):
    commands, env = hint
    check = next(c for c in commands if "devices --sim --demo" in c)
    assert check.startswith(".venv/bin/maya-companion ")
    r = subprocess.run(check + " --seconds 1", shell=True, cwd=REPO, env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_virtual_screen_command_it_prints_starts_the_app(hint):
    commands, env = hint
    run = next(c for c in commands if c.startswith("xvfb-run"))
    if shutil.which("xvfb-run") is None:
        pytest.skip("missing tool: no xvfb-run here (scripts/setup installs xvfb)")
    assert run == "xvfb-run -a .venv/bin/maya-companion --sim"
    env = dict(env, SDL_AUDIODRIVER="dummy")
    app = subprocess.Popen(run, shell=True, cwd=REPO, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        ready, _, _ = select.select([app.stdout], [], [], 90)
        line = app.stdout.readline() if ready else ""
    finally:
        os.killpg(app.pid, 15)
        app.wait(20)
    assert line.startswith("maya-companion: Simulated devices, as asked."), app.stderr.read()[-2000:]
