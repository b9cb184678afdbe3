"""systemd's watchdog for the kiosk (issue 20 §2: `Restart=always` restarts a
crash, not a hang). The unit is Type=notify with WatchdogSec=; the app sends
READY=1 when its first frame is drawn and WATCHDOG=1 from Kivy's clock, so a
stuck main thread stops the pings. The tests bind the socket systemd would."""
from __future__ import annotations

import itertools
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import time

import pytest

from kivy_ui.watchdog import notify, ping_interval

from .kiosk_child import kiosk_env
from .unitfile import Unit

REPO = pathlib.Path(__file__).resolve().parents[2]


def _bound(address: str) -> socket.socket:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind("\0" + address[1:] if address.startswith("@") else address)
    s.settimeout(5)
    return s


@pytest.mark.parametrize("kind", ["path", "abstract"])
def test_a_notification_reaches_the_socket_systemd_names(tmp_path, kind):
    address = str(tmp_path / "notify") if kind == "path" else f"@maya-test-{os.getpid()}-{time.monotonic_ns()}"
    with _bound(address) as s:
        assert notify("READY=1", {"NOTIFY_SOCKET": address})
        assert s.recv(4096) == b"READY=1"


def test_without_systemd_nothing_is_sent_and_nothing_fails(tmp_path):
    assert notify("READY=1", {}) is False
    assert notify("WATCHDOG=1", {"NOTIFY_SOCKET": str(tmp_path / "gone")}) is False  # no one listens
    assert ping_interval({}) is None
    assert ping_interval({"WATCHDOG_USEC": "soon"}) is None
    assert ping_interval({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"}) is None  # someone else's
    assert ping_interval({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": str(os.getpid())}) == 10.0


def test_the_unit_is_a_notify_service_with_a_watchdog_and_room_for_a_slow_display():
    unit = Unit(REPO / "deploy/maya-companion.service")
    assert unit.get("Type") == "notify" and unit.get("NotifyAccess") == "main"
    assert unit.get("WatchdogSec") == "20s"
    assert int(unit.get("TimeoutStartSec", "Service").rstrip("s")) >= 120  # a 90 s wait for the panel


# The app as the service starts it, with a main thread that hangs for 2 s once the
# pings are going (a stuck frame), then quits.
CHILD = r'''
import time
from tests.deploy.kiosk_child import run


def started(app):
    from kivy.clock import Clock
    from kivy.core.window import Window

    def hang(dt):
        print(f"HANG {time.time()}", flush=True)
        time.sleep(2.0)
        print(f"RESUME {time.time()}", flush=True)
        Clock.schedule_once(lambda dt: app.stop(), 4.0)

    # Timed from the first frame (READY), not from on_start: on a loaded machine
    # the first frame can come seconds later, and the pings before the hang with it.
    def first_frame(*_):
        Window.unbind(on_flip=first_frame)
        Clock.schedule_once(hang, 1.5)

    Window.bind(on_flip=first_frame)


run(started)
'''


def test_ready_after_the_first_frame_then_pings_that_stop_while_the_main_thread_hangs(tmp_path):
    if shutil.which("xvfb-run") is None:
        pytest.skip("missing tool: no xvfb-run (apt install xvfb; scripts/setup installs it) to start the app on.")
    address = f"@maya-watchdog-{os.getpid()}-{time.monotonic_ns()}"
    env = kiosk_env(tmp_path, SDL_AUDIODRIVER="dummy")
    # Only for the app: Xvfb, like Xorg, says READY=1 itself when it finds NOTIFY_SOCKET.
    # WatchdogSec=0.4s: a ping every 0.2 s.
    notify_env = ["env", f"NOTIFY_SOCKET={address}", "WATCHDOG_USEC=400000"]
    received: list[tuple[float, str]] = []
    with _bound(address) as s:
        s.settimeout(0.5)
        app = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 800x480x24", *notify_env, sys.executable,
                                "-c", CHILD, "--kiosk", "--sim"], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, cwd=tmp_path)
        try:
            deadline = time.monotonic() + 150
            while time.monotonic() < deadline:
                try:
                    received.append((time.time(), s.recv(4096).decode()))
                except TimeoutError:
                    if app.poll() is not None:
                        break
            out, err = app.communicate(timeout=30)
        finally:
            if app.poll() is None:
                app.kill()
    assert app.returncode == 0, err[-3000:]
    said = dict(line.split() for line in out.splitlines() if line.startswith(("HANG", "RESUME")))
    hang, resume = float(said["HANG"]), float(said["RESUME"])
    kinds = [m.split("\n")[0] for _, m in received]
    assert kinds[0] == "READY=1", kinds[:3]
    assert kinds[-1] == "STOPPING=1" and kinds.count("STOPPING=1") == 1
    pings = [t for t, m in received if m == "WATCHDOG=1"]
    assert len([t for t in pings if t < hang]) >= 3, json.dumps(received)  # about every 0.2 s once ready
    assert len([t for t in pings if t > resume]) >= 3, "the pings come back once the main thread runs again"
    # The 2 s hang is the one long silence (times are when this test read each ping,
    # so a ping sent just before the hang may be read a little after it began).
    gaps = sorted(((b - a, a, b) for a, b in itertools.pairwise(pings)), reverse=True)
    longest, start, end = gaps[0]
    assert longest >= 1.7 and start < resume and end > hang, "a ping came while the main thread was stuck"
    assert gaps[1][0] < 1.5, gaps[:3]  # no other silence near the hang's length (a loaded machine: 1.5)
