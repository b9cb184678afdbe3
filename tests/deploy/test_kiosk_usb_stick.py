"""Export to a USB stick from the kiosk (issue 20 §2): Raspberry Pi OS Lite mounts
no stick, and the service sees /media read-only (ProtectSystem=strict), so Export
fell back to the data folder without a word about the stick. The installer puts
a udev rule that has systemd mount each stick in /media/maya-companion for the
player's user, and the unit may write there; Export finds it there."""
from __future__ import annotations

import fnmatch
import pathlib
import re
import shlex

import pytest

from companion import export

from .sandbox import Sandbox
from .unitfile import Unit


@pytest.fixture
def kiosk(tmp_path) -> Sandbox:
    sb = Sandbox(tmp_path)
    r = sb.run("--console")
    assert r.returncode == 0, r.stdout + r.stderr
    return sb


def mount_commands(rule: pathlib.Path) -> dict[str, list[str]]:
    """The systemd-mount command of each file system type in the installed rule."""
    out = {}
    for line in rule.read_text().splitlines():
        m = re.search(r'ENV\{ID_FS_TYPE\}=="([^"]+)".*RUN\{program\}\+="([^"]+)"', line)
        if m:
            out[m.group(1)] = shlex.split(m.group(2))
    return out


def test_the_kiosk_mounts_a_stick_where_the_service_may_write_and_export_looks(kiosk):
    assert kiosk.usb_rule.exists() and kiosk.media.is_dir()
    assert "udevadm control --reload" in kiosk.calls()
    commands = mount_commands(kiosk.usb_rule)
    assert set(commands) == {"vfat", "exfat"}
    unit = Unit(kiosk.unit)
    for fs, cmd in commands.items():
        assert cmd[:2] == ["/usr/bin/systemd-mount", "--no-block"], cmd  # udev must not wait for PID 1
        given = next(c for c in cmd if c.startswith("--options=")).split("=", 1)[1]
        options = dict(o.partition("=")[::2] for o in given.split(","))
        assert options["uid"] == "1000" and options["gid"] == "1000", fs  # the player's user, who runs the unit
        assert options["umask"] == "0077"  # hidden cards in an export are the players' only
        where = cmd[-1].replace("$env{MAYA_STICK}", "TABLE")
        assert where == "/media/maya-companion/TABLE"
        # The service may write there (its ReadWritePaths=), and Export looks there first.
        assert any(where.startswith(p + "/") for p in unit.read_write_paths())
        assert any(fnmatch.fnmatch(where, g) for g in export.MOUNT_GLOBS)
    assert "@" not in kiosk.usb_rule.read_text().replace("@UID@", "").replace("@GID@", "")


def test_the_app_only_set_up_leaves_sticks_to_the_desktop_and_uninstall_removes_the_rule(tmp_path, kiosk):
    app_only = Sandbox(tmp_path / "app-only")
    assert app_only.run("--app-only").returncode == 0
    assert not app_only.usb_rule.exists()
    r = kiosk.run("--uninstall")
    assert r.returncode == 0, r.stderr
    assert not kiosk.usb_rule.exists() and not kiosk.media.exists()
