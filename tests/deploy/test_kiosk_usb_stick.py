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

from companion.history import files as export_files

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
        # The mount is bound to the device (BindsTo=), so pulling the stick ends it. Said
        # outright: systemd 252 binds a device path by default, newer ones (Trixie's 257)
        # only when asked, and a mount left behind by a pulled stick kept the same stick,
        # plugged in again, from being mounted there (its unit name was taken).
        assert "--bind-device" in cmd, cmd
        given = next(c for c in cmd if c.startswith("--options=")).split("=", 1)[1]
        options = dict(o.partition("=")[::2] for o in given.split(","))
        assert options["uid"] == "1000" and options["gid"] == "1000", fs  # the player's user, who runs the unit
        assert options["umask"] == "0077"  # hidden cards in an export are the players' only
        where = cmd[-1].replace("$env{MAYA_STICK}", "TABLE")
        assert where == "/media/maya-companion/TABLE"
        # The service may write there (its ReadWritePaths=), and Export looks there first.
        assert any(where.startswith(p + "/") for p in unit.read_write_paths())
        assert any(fnmatch.fnmatch(where, g) for g in export_files.MOUNT_GLOBS)
    assert "@" not in kiosk.usb_rule.read_text().replace("@UID@", "").replace("@GID@", "")


def test_the_app_only_set_up_leaves_sticks_to_the_desktop_and_uninstall_removes_the_rule(tmp_path, kiosk):
    app_only = Sandbox(tmp_path / "app-only")
    assert app_only.run("--app-only").returncode == 0
    assert not app_only.usb_rule.exists()
    r = kiosk.run("--uninstall")
    assert r.returncode == 0, r.stderr
    assert not kiosk.usb_rule.exists() and not kiosk.media.exists()


# --- which devices the rule mounts: the rule read as udev reads it ------------------------
def _udev_match(value: str, pattern: str) -> bool:
    return any(fnmatch.fnmatchcase(value, p) for p in pattern.split("|"))


def udev_runs(rule: pathlib.Path, env: dict[str, str], attrs: dict[str, str], kernel: str = "sda1",
              action: str = "add", subsystem: str = "block") -> list[str]:
    """The RUN commands the rule gives a device: a reading of the few keys the rule
    uses (ACTION, SUBSYSTEM, ENV, ATTRS on the device or a parent, GOTO, LABEL, RUN),
    as udev(7) describes them."""
    env = dict(env)
    runs: list[str] = []
    lines = [ln for ln in rule.read_text().splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    goto = None

    def expand(v: str) -> str:
        v = re.sub(r"\$env\{(\w+)\}", lambda m: env.get(m.group(1), ""), v)
        return v.replace("%k", kernel).replace("$devnode", f"/dev/{kernel}")

    for line in lines:
        pairs = re.findall(r'([A-Z]+(?:\{[^}]+\})?)\s*(==|!=|\+=|=)\s*"([^"]*)"', line)
        if goto is not None:
            if ("LABEL", "=", goto) in pairs:
                goto = None
            continue
        ok = True
        for key, op, value in pairs:
            if op not in ("==", "!="):
                continue
            if key == "ACTION":
                have = action
            elif key == "SUBSYSTEM":
                have = subsystem
            elif key.startswith("ENV{"):
                have = env.get(key[4:-1], "")
            elif key.startswith("ATTRS{"):
                have = attrs.get(key[6:-1])
                if have is None:  # no device up the chain has it: no match either way
                    ok = False
                    break
            else:
                raise AssertionError(f"the test does not read {key}")
            if _udev_match(have, value) != (op == "=="):
                ok = False
                break
        if not ok:
            continue
        for key, op, value in pairs:
            if key.startswith("ENV{") and op == "=":
                env[key[4:-1]] = expand(value)
            elif key.startswith("RUN") and op == "+=":
                runs.append(expand(value))
            elif key == "GOTO":
                goto = value
    return runs


STICK = {"ID_BUS": "usb", "ID_FS_USAGE": "filesystem", "ID_FS_TYPE": "vfat", "ID_FS_LABEL": "TABLE"}


def test_a_stick_is_mounted_whether_or_not_it_says_it_is_removable(kiosk):
    """Many sticks (SanDisk's among them) report themselves as fixed disks
    (removable=0): the rule passed them over and Export went to the data folder."""
    for removable in ("1", "0"):
        runs = udev_runs(kiosk.usb_rule, STICK, {"removable": removable})
        assert len(runs) == 1 and runs[0].endswith(" /dev/sda1 /media/maya-companion/TABLE"), (removable, runs)
    exfat = udev_runs(kiosk.usb_rule, {**STICK, "ID_FS_TYPE": "exfat", "ID_FS_LABEL": ""}, {"removable": "0"})
    assert len(exfat) == 1 and exfat[0].endswith(" /dev/sda1 /media/maya-companion/usb-sda1")


def test_the_pis_own_disks_and_other_file_systems_are_not_mounted(kiosk):
    none = {"removable": "0"}
    # A Pi booting from a USB disk: its boot partition (Raspberry Pi OS labels it bootfs,
    # boot before Bookworm) is the system's, mounted at /boot/firmware.
    for label in ("bootfs", "boot"):
        assert udev_runs(kiosk.usb_rule, {**STICK, "ID_FS_LABEL": label}, none) == []
    assert udev_runs(kiosk.usb_rule, {**STICK, "ID_FS_TYPE": "ext4", "ID_FS_LABEL": "rootfs"}, none) == []
    assert udev_runs(kiosk.usb_rule, {**STICK, "ID_FS_TYPE": "ntfs"}, none) == []
    assert udev_runs(kiosk.usb_rule, {**STICK, "ID_BUS": "ata"}, none) == []  # not USB
    assert udev_runs(kiosk.usb_rule, STICK, {"removable": "1"}, action="remove") == []
    # A label that would leave /media/maya-companion names the folder by the device instead.
    for label in ("..", "a/b"):
        runs = udev_runs(kiosk.usb_rule, {**STICK, "ID_FS_LABEL": label}, none)
        assert runs and runs[0].endswith(" /media/maya-companion/usb-sda1"), (label, runs)
