#!/usr/bin/env bash
# Install the Maya table companion on a Raspberry Pi so it starts full screen at
# boot: system packages, a virtual environment with the companion, the config
# file, Kivy's touchscreen settings, the udev rule for a USB RFID reader, the
# user's groups, the serial port (when the reader is on the Pi's UART) and the
# systemd unit. Made for Raspberry Pi OS Bookworm 64-bit (Python 3.11) on a
# Pi 4 or Pi 5 with the official 7" display; see docs/hardware.md, "Raspberry Pi".
#
#   deploy/install-pi.sh              install and enable (starts at the next boot)
#   deploy/install-pi.sh --now        ... and (re)start it now
#   deploy/install-pi.sh --console    ... and boot to the console, not the desktop
#                                     (the app needs the display for itself)
#   deploy/install-pi.sh --uninstall  stop and remove the unit and the udev rule
#                                     (the journal, config and .venv stay)
#
# Run it from the project folder's copy on the Pi, as the user who will own the
# game data (not root); it asks sudo for the system parts. Safe to run again.
set -euo pipefail

APP_DIR="$(cd "$(dirname "$0")/.." && pwd)"
cd "$APP_DIR"
UNIT=/etc/systemd/system/maya-companion.service
RULE=/etc/udev/rules.d/99-maya-rfid.rules
NOW="" CONSOLE="" UNINSTALL="" REBOOT=""
for arg in "$@"; do
  case "$arg" in
    --now) NOW=1 ;;
    --console) CONSOLE=1 ;;
    --uninstall) UNINSTALL=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-pi.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
  esac
done

if [ "$(id -u)" = 0 ]; then
  echo "Run this as the user who will play (it uses sudo where it must), not as root." >&2
  exit 2
fi
USER_NAME="$(id -un)"
say() { printf '\n== %s\n' "$*"; }

if [ -n "$UNINSTALL" ]; then
  say "Removing the service and the udev rule"
  sudo systemctl disable --now maya-companion.service 2>/dev/null || true
  sudo rm -f "$UNIT" "$RULE"
  sudo systemctl daemon-reload
  sudo udevadm control --reload || true
  echo "Done. The journal ($HOME/.local/share/maya-companion), the config and .venv were left alone."
  exit 0
fi

if ! grep -qi "raspberry pi" /proc/device-tree/model 2>/dev/null; then
  echo "Note: this does not look like a Raspberry Pi; installing anyway."
fi

# --- system packages ----------------------------------------------------------------
# Kivy's wheel brings its own SDL2; these are the libraries it loads at run time
# (GL ES / EGL / GBM / DRM for drawing without a desktop, mtdev for the
# touchscreen, ALSA for the sounds), python3-lgpio for gpiozero (the Pi 5 has
# nothing else), and venv. "a|b": whichever name this release has (t64 rename).
say "System packages"
pkgs=(python3-venv python3-dev python3-lgpio libmtdev1 libgl1 libegl1 libgles2
      libgbm1 libdrm2 libgl1-mesa-dri "libasound2t64|libasound2")
sudo apt-get update -qq
chosen=()
for alternatives in "${pkgs[@]}"; do
  IFS='|' read -r -a names <<<"$alternatives"
  pick=""
  for n in "${names[@]}"; do
    if apt-cache policy "$n" 2>/dev/null | grep -q 'Candidate: [0-9]'; then pick="$n"; break; fi
  done
  if [ -n "$pick" ]; then chosen+=("$pick"); else echo "  (no package $alternatives here; skipped)"; fi
done
sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${chosen[@]}"

# --- the companion in a virtual environment ---------------------------------------------
# --system-site-packages: lgpio comes from the OS (python3-lgpio), not from pip.
say "The companion in $APP_DIR/.venv"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv --system-site-packages .venv
elif grep -q '^include-system-site-packages = false' .venv/pyvenv.cfg; then
  sed -i 's/^include-system-site-packages = false/include-system-site-packages = true/' .venv/pyvenv.cfg
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e .
.venv/bin/python -c 'import companion, hardware, kivy_ui' \
  || { echo "The companion's packages did not install (see pip's words above)." >&2; exit 1; }
.venv/bin/python -c 'import lgpio' 2>/dev/null \
  || echo "  Warning: lgpio is not importable; gpiozero will fall back to RPi.GPIO (not on a Pi 5)."

# --- config: with a config file on a Pi the app uses the real devices -------------------
CONFIG_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/maya-companion"
CONFIG="$CONFIG_DIR/config.toml"
say "Config $CONFIG"
mkdir -p "$CONFIG_DIR"
if [ -e "$CONFIG" ]; then
  echo "  kept (it exists); the sample is deploy/config.toml"
else
  cp deploy/config.toml "$CONFIG"
  echo "  copied from deploy/config.toml: check the pins and the reader's port"
fi

# --- Kivy: the official 7" touchscreen -----------------------------------------------
KIVY_INI="$HOME/.kivy/config.ini"
say "Touchscreen settings in $KIVY_INI"
mkdir -p "$HOME/.kivy"
.venv/bin/python - "$KIVY_INI" deploy/kivy-touchscreen.ini <<'EOF'
"""Merge the [input] keys of the sample into Kivy's config.ini: every other
probesysfs line goes (each one opens the touchscreen again: double taps)."""
import configparser, sys
target, sample = sys.argv[1], sys.argv[2]
def parser():
    p = configparser.RawConfigParser()
    p.optionxform = str  # Kivy's keys are case-sensitive ("%(name)s")
    return p
want, have = parser(), parser()
want.read(sample)
have.read(target)
if not have.has_section("input"):
    have.add_section("input")
for key, value in list(have.items("input")):
    if value.strip().startswith("probesysfs"):
        have.remove_option("input", key)
for key, value in want.items("input"):
    have.set("input", key, value)
with open(target, "w") as f:
    have.write(f)
EOF
sed -n '/^\[input\]/,/^$/p' "$KIVY_INI" | sed 's/^/  /'

# --- the RFID reader ----------------------------------------------------------------
say "udev rule for a USB RFID reader (/dev/rfid)"
sudo install -m 0644 deploy/99-maya-rfid.rules "$RULE"
sudo udevadm control --reload
sudo udevadm trigger --subsystem-match=tty || true
if grep -Eq '^[[:space:]]*port[[:space:]]*=[[:space:]]*"/dev/(serial0|ttyAMA0|ttyS0)"' "$CONFIG"; then
  # The reader is on the Pi's own UART: the port must be on, the login console off it.
  say "Serial port: UART on, serial console off (the reader is on the Pi's UART)"
  if command -v raspi-config >/dev/null; then
    sudo raspi-config nonint do_serial_hw 0
    sudo raspi-config nonint do_serial_cons 1
    REBOOT=1
  else
    echo "  No raspi-config: enable the UART and disable the serial console by hand (deploy/wiring.md)."
  fi
fi

# --- groups ---------------------------------------------------------------------------
say "Groups for $USER_NAME"
for g in video render input gpio dialout; do
  if getent group "$g" >/dev/null && ! id -nG "$USER_NAME" | tr ' ' '\n' | grep -qx "$g"; then
    sudo usermod -aG "$g" "$USER_NAME"
    echo "  added to $g"
    REBOOT=1
  fi
done

# --- the service ------------------------------------------------------------------------
say "systemd unit $UNIT"
# Only groups this system has: systemd refuses to start a unit naming a missing one.
groups=""
for g in video render input gpio dialout; do
  getent group "$g" >/dev/null && groups="$groups $g"
done
sed -e "s|@USER@|$USER_NAME|g" -e "s|@HOME@|$HOME|g" -e "s|@APP_DIR@|$APP_DIR|g" \
    -e "s|^SupplementaryGroups=.*|SupplementaryGroups=${groups# }|" \
  deploy/maya-companion.service | sudo tee "$UNIT" >/dev/null
sudo systemctl daemon-reload
sudo systemctl enable maya-companion.service
if [ "$(systemctl get-default)" = graphical.target ]; then
  if [ -n "$CONSOLE" ]; then
    sudo systemctl set-default multi-user.target
    echo "  The Pi now boots to the console (undo: sudo systemctl set-default graphical.target)."
    REBOOT=1
  else
    echo "  Warning: the Pi boots to the desktop, which holds the display; the app"
    echo "  cannot draw while it runs. Run again with --console, or see docs/hardware.md."
  fi
fi
if [ -n "$NOW" ]; then
  sudo systemctl restart maya-companion.service
  echo "  started: journalctl -u maya-companion -f"
fi

say "Done"
echo "Check the buttons and the reader:  $APP_DIR/.venv/bin/maya-companion devices"
echo "(stop the service first, the reader is opened by one program at a time)."
if [ -n "$REBOOT" ]; then
  echo "Reboot for the new groups / serial settings to take effect:  sudo reboot"
fi
