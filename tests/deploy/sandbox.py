"""A sandbox where deploy/install-pi.sh runs for real against stubbed system tools.

The installer's own logic runs unchanged: only the commands that would change
the machine (sudo, apt-get, systemctl, raspi-config, usermod, udevadm, git,
python3 -m venv, pip) are small scripts on PATH that record each call and keep
a little state (installed packages, enabled units, the boot target, groups).
MAYA_INSTALL_ROOT points the installer's system paths (/proc/device-tree/model,
/etc/systemd/system, /etc/udev/rules.d, /boot/firmware/cmdline.txt, /dev) into
the sandbox; HOME is a fresh folder.
"""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[2]

# The stubs. $SB is the sandbox folder; every call is appended to $SB/calls.log.
STUBS = {
    "sudo": 'echo "sudo $*" >>"$SB/calls.log"; exec "$@"',
    "apt-get": r'''echo "apt-get $*" >>"$SB/calls.log"
if [ "$1" = install ]; then
  for a in "$@"; do case "$a" in -*|install) ;; *) echo "$a" >>"$SB/installed" ;; esac; done
fi''',
    # This release's names: the t64 ones (Trixie) unless $SB/release says bookworm; none of $SB/absent.
    "apt-cache": r'''n="${2:-}"
if grep -qx "$n" "$SB/absent"; then echo "$n:"; echo "  Candidate: (none)"; exit 0; fi
case "$(cat "$SB/release")-$n" in
  trixie-libmtdev1|trixie-libasound2|bookworm-*t64) echo "$n:"; echo "  Candidate: (none)" ;;
  *) echo "$n:"; echo "  Candidate: 1.0-1" ;;
esac''',
    "dpkg-query": r'''for n; do :; done
if grep -qx "$n" "$SB/installed"; then printf 'install ok installed'; else exit 1; fi''',
    "systemctl": r'''echo "systemctl $*" >>"$SB/calls.log"
case "$1" in
  get-default) cat "$SB/default-target" ;;
  set-default) echo "$2" >"$SB/default-target" ;;
  enable) touch "$SB/enabled" ;;
  disable) rm -f "$SB/enabled" "$SB/active" ;;
  is-enabled) [ -e "$SB/enabled" ] ;;
  is-active) [ -e "$SB/active" ] ;;
  restart|start) [ "$2" = getty@tty1.service ] && exit 0; [ ! -e "$SB/fail-start" ] || exit 1; touch "$SB/active" ;;
esac''',
    "raspi-config": r'''echo "raspi-config $*" >>"$SB/calls.log"
case "$2" in
  get_serial_hw) cat "$SB/serial-hw" ;;
  get_serial_cons) cat "$SB/serial-cons" ;;
  do_serial_hw) echo "$3" >"$SB/serial-hw" ;;
  do_serial_cons) echo "$3" >"$SB/serial-cons" ;;
esac''',
    "usermod": r'''echo "usermod $*" >>"$SB/calls.log"; echo "$2" | tr ',' '\n' >>"$SB/groups"''',
    "id": r'''case "${1:-}" in
  -u) echo 1000 ;;
  -g) echo 1000 ;;
  -un) echo pi ;;
  -nG) tr '\n' ' ' <"$SB/groups"; echo ;;
  *) echo "uid=1000(pi)" ;;
esac''',
    "getent": r'''[ "$1" = group ] && grep -qx "$2" "$SB/system-groups"''',
    # udevadm info: the properties in $SB/udev/<device name>, when that file exists.
    "udevadm": r'''echo "udevadm $*" >>"$SB/calls.log"
if [ "$1" = info ]; then
  for a; do :; done; f="$SB/udev/$(basename "${a#--name=}")"; [ -e "$f" ] && cat "$f"
fi; true''',
    "git": r'''echo "git $*" >>"$SB/calls.log"
case "$1" in rev-parse) echo .git ;; esac''',
    # python3 -m venv makes a fake venv whose python records pip and import checks
    # and runs everything else (the installer's Kivy settings step) with the real Python.
    "python3": r'''if [ "$1" = -m ] && [ "$2" = venv ]; then
  echo "python3 $*" >>"$SB/calls.log"; for a; do :; done
  mkdir -p "$a/bin"; sys=false; case " $* " in *" --system-site-packages "*) sys=true ;; esac
  echo "include-system-site-packages = $sys" >"$a/pyvenv.cfg"
  cp "$SB/fake-venv-python" "$a/bin/python"; cp "$SB/fake-app" "$a/bin/maya-companion"
  exit 0
fi
exec "$REAL_PYTHON" "$@"''',
}

FAKE_VENV_PYTHON = r'''#!/bin/sh
if [ "$1" = -m ] && [ "$2" = pip ]; then echo "pip $*" >>"$SB/calls.log"; exit 0; fi
if [ "$1" = -c ]; then exit 0; fi
exec "$REAL_PYTHON" "$@"
'''

FAKE_APP = '''#!/bin/sh
echo "maya-companion $*" >>"$SB/calls.log"
'''

PI5 = "Raspberry Pi 5 Model B Rev 1.0"
CMDLINE = "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootfstype=ext4 rootwait"


class Sandbox:
    def __init__(self, root: pathlib.Path, model: str | None = PI5, release: str = "trixie"):
        self.dir = root
        self.app = root / "app"
        self.root = root / "root"
        self.home = root / "home"
        self.bin = root / "bin"
        for d in (self.app, self.root / "etc/systemd/system", self.root / "etc/udev/rules.d",
                  self.root / "boot/firmware", self.home, self.bin, root / "udev"):
            d.mkdir(parents=True, exist_ok=True)
        shutil.copytree(REPO / "deploy", self.app / "deploy", ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(REPO / "scripts", self.app / "scripts")
        shutil.copy(REPO / "pyproject.toml", self.app / "pyproject.toml")
        if model is not None:
            (self.root / "proc/device-tree").mkdir(parents=True)
            (self.root / "proc/device-tree/model").write_bytes(model.encode() + b"\0")
        self.cmdline.write_text(CMDLINE + "\n")
        (root / "release").write_text(release + "\n")
        (root / "installed").write_text("")
        (root / "absent").write_text("")  # packages this release does not have
        (root / "default-target").write_text("graphical.target\n")
        (root / "groups").write_text("pi\nvideo\n")
        (root / "system-groups").write_text("video\nrender\ninput\ngpio\ndialout\naudio\n")
        (root / "serial-hw").write_text("1\n")
        (root / "serial-cons").write_text("0\n")
        (root / "calls.log").write_text("")
        for name, body in STUBS.items():
            path = self.bin / name
            path.write_text("#!/bin/sh\n" + body + "\n")
            path.chmod(0o755)
        (root / "fake-venv-python").write_text(FAKE_VENV_PYTHON)
        (root / "fake-venv-python").chmod(0o755)
        (root / "fake-app").write_text(FAKE_APP)
        (root / "fake-app").chmod(0o755)

    @property
    def cmdline(self) -> pathlib.Path:
        return self.root / "boot/firmware/cmdline.txt"

    @property
    def unit(self) -> pathlib.Path:
        return self.root / "etc/systemd/system/maya-companion.service"

    @property
    def rule(self) -> pathlib.Path:
        return self.root / "etc/udev/rules.d/99-maya-rfid.rules"

    @property
    def usb_rule(self) -> pathlib.Path:
        return self.root / "etc/udev/rules.d/99-maya-usb-stick.rules"

    @property
    def media(self) -> pathlib.Path:
        return self.root / "media/maya-companion"

    @property
    def config(self) -> pathlib.Path:
        return self.home / ".config/maya-companion/config.toml"

    @property
    def kivy_ini(self) -> pathlib.Path:
        return self.home / ".kivy/config.ini"

    def plug(self, name: str, vendor: str, product: str, serial: str) -> None:
        """A USB serial adapter plugged in: /dev/serial/by-id/NAME with its udev properties."""
        by_id = self.root / "dev/serial/by-id"
        by_id.mkdir(parents=True, exist_ok=True)
        (by_id / name).write_text("")
        (self.dir / "udev" / name).write_text(
            f"ID_VENDOR_ID={vendor}\nID_MODEL_ID={product}\nID_SERIAL_SHORT={serial}\n")

    def run(self, *args: str, script: str = "deploy/install-pi.sh") -> subprocess.CompletedProcess[str]:
        (self.dir / "calls.log").write_text("")
        env = {
            "PATH": f"{self.bin}:/usr/bin:/bin",
            "HOME": str(self.home),
            "SB": str(self.dir),
            "REAL_PYTHON": sys.executable,
            "MAYA_INSTALL_ROOT": str(self.root),
            "LANG": "C.UTF-8",
        }
        return subprocess.run(["bash", str(self.app / script), *args], env=env, cwd=self.home,
                              capture_output=True, text=True, timeout=120)

    def calls(self) -> list[str]:
        return (self.dir / "calls.log").read_text().splitlines()

    def state(self, name: str) -> str:
        return (self.dir / name).read_text().strip()

    def files(self) -> dict[str, bytes]:
        """Every file the install may write, for comparing two runs."""
        out = {}
        for base in (self.root, self.home, self.app / ".venv"):
            for p in sorted(base.rglob("*")):
                if p.is_file():
                    out[str(p)] = p.read_bytes()
        return out
