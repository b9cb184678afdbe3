#!/usr/bin/env bash
# Install the Maya table companion on a Raspberry Pi as a kiosk: full screen
# from boot, restarted whatever happens. System packages, a virtual environment
# with the companion (the tested versions, deploy/constraints.txt), the config
# file, Kivy's touchscreen settings, the udev rule for a USB RFID reader, the
# user's groups, the serial port (when the reader is on the Pi's UART), console
# blanking off and the systemd unit. For Raspberry Pi OS Bookworm or Trixie on
# a Pi 4 or Pi 5 with an official touch display; see docs/hardware.md.
#
#   deploy/install-pi.sh              install and enable (starts at the next boot)
#   deploy/install-pi.sh --now        ... and (re)start it now
#   deploy/install-pi.sh --console    ... and boot to the console, not the desktop
#                                     (the app needs the display for itself)
#   deploy/install-pi.sh --update     pull the newest companion, reinstall, restart;
#                                     the games, tags, config and settings stay
#   deploy/install-pi.sh --uninstall  remove the service, the udev rule and what the
#                                     install changed (boot target, console blanking)
#                                     and give tty1 back; the games, config and .venv stay
#   deploy/install-pi.sh --force      install on a machine that is not a Raspberry Pi
#   deploy/install-pi.sh --app-only   only the app's part (packages, .venv, config, touchscreen,
#                                     udev rule, UART, groups): what ./scripts/run does on a Pi
#
# Run it from the project folder's copy on the Pi, as the user who will own the
# game data (not root); it asks sudo for the system parts. Run it as often as
# you like: it changes only what is missing, never your own edits.
set -euo pipefail

APP_DIR="$(cd "$(dirname "$0")/.." && pwd)"
cd "$APP_DIR"
# shellcheck source=deploy/packages.sh
. deploy/packages.sh

ROOT="${MAYA_INSTALL_ROOT:-}"  # the tests' sandbox; empty on a real Pi
UNIT_NAME=maya-companion.service
UNIT="$ROOT/etc/systemd/system/$UNIT_NAME"
RULE="$ROOT/etc/udev/rules.d/99-maya-rfid.rules"
USB_RULE="$ROOT/etc/udev/rules.d/99-maya-usb-stick.rules"
MEDIA="$ROOT/media/maya-companion"  # where a USB stick is mounted for Export (the unit may write there)
CMDLINE="$ROOT/boot/firmware/cmdline.txt"
[ -e "$CMDLINE" ] || CMDLINE="$ROOT/boot/cmdline.txt"
STATE_DIR="${XDG_STATE_HOME:-$HOME/.local/state}/maya-companion"
STATE="$STATE_DIR/install-pi.state"  # what the install changed, for --uninstall
CONFIG="${XDG_CONFIG_HOME:-$HOME/.config}/maya-companion/config.toml"
KIVY_INI="${KIVY_HOME:-$HOME/.kivy}/config.ini"
GROUPS_WANTED=(video render input gpio dialout audio)

NOW="" CONSOLE="" UNINSTALL="" UPDATE="" FORCE="" APP_ONLY=""
for arg in "$@"; do
  case "$arg" in
    --now) NOW=1 ;;
    --console) CONSOLE=1 ;;
    --update) UPDATE=1 ;;
    --uninstall) UNINSTALL=1 ;;
    --force) FORCE=1 ;;
    --app-only) APP_ONLY=1 ;;  # scripts/run on a Pi: everything but the service and the boot
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-pi.sh: unknown option $arg (try --help)" >&2; exit 2 ;;
  esac
done

if [ "$(id -u)" = 0 ]; then
  echo "Run this as the user who will play (it uses sudo where it must), not as root." >&2
  exit 2
fi
USER_NAME="$(id -un)"
SUDO=sudo
REBOOT=""
say() { printf '\n== %s\n' "$*"; }
state_get() { [ -e "$STATE" ] || return 0; sed -n "s/^$1=//p" "$STATE" | tail -n 1; }
state_set() {
  mkdir -p "$STATE_DIR"
  { grep -v "^$1=" "$STATE" 2>/dev/null || true; echo "$1=$2"; } >"$STATE.new"
  mv "$STATE.new" "$STATE"
}
# put FILE: install stdin as the root-owned FILE unless it already says exactly that;
# status 0 when it changed.
put() {
  local new
  new="$(mktemp)"
  cat >"$new"
  if [ -e "$1" ] && cmp -s "$new" "$1"; then rm -f "$new"; return 1; fi
  $SUDO install -D -m 0644 "$new" "$1"
  rm -f "$new"
}

# --- uninstall -----------------------------------------------------------------------
if [ -n "$UNINSTALL" ]; then
  say "Removing the kiosk service and what the install changed"
  if [ -e "$UNIT" ]; then
    $SUDO systemctl disable --now "$UNIT_NAME" || true
    $SUDO rm -f "$UNIT"
    echo "  removed $UNIT"
  fi
  $SUDO systemctl daemon-reload
  $SUDO systemctl reset-failed "$UNIT_NAME" 2>/dev/null || true
  for r in "$RULE" "$USB_RULE"; do
    if [ -e "$r" ]; then
      $SUDO rm -f "$r"
      $SUDO udevadm control --reload || true
      echo "  removed $r"
    fi
  done
  # Empty unless a stick is in: then it stays, with the stick.
  [ ! -d "$MEDIA" ] || $SUDO rmdir "$MEDIA" 2>/dev/null || true
  target="$(state_get default_target)"
  if [ -n "$target" ] && [ "$(systemctl get-default)" = multi-user.target ]; then
    $SUDO systemctl set-default "$target"
    echo "  the Pi boots to $target again, as before the install"
    REBOOT=1
  fi
  if [ "$(state_get consoleblank)" = added ] && [ -e "$CMDLINE" ]; then
    $SUDO sed -i -e 's/ consoleblank=0//' "$CMDLINE"
    echo "  console blanking is back to the system's default (next boot)"
  fi
  # The unit's Conflicts= stopped the login prompt on tty1: give it back now.
  $SUDO systemctl start getty@tty1.service 2>/dev/null || true
  rm -f "$STATE"
  echo
  echo "Done. Left alone: the games and tags (${XDG_DATA_HOME:-$HOME/.local/share}/maya-companion),"
  echo "the config ($CONFIG), Kivy's settings ($KIVY_INI), .venv, your groups and the serial port settings."
  [ -z "$REBOOT" ] || echo "Reboot to come back to the desktop:  sudo reboot"
  exit 0
fi

# --- a Raspberry Pi? -------------------------------------------------------------------
if MODEL="$(pi_model)"; then
  :
elif [ -n "$FORCE" ]; then
  MODEL="$(uname -m) machine (not a Raspberry Pi)"
  echo "This is not a Raspberry Pi; installing anyway, as asked (--force)."
else
  echo "This is not a Raspberry Pi (${MAYA_INSTALL_ROOT:-}/proc/device-tree/model says so), so nothing was changed:" >&2
  echo "this installer makes a Pi boot into the companion. On this machine run ./scripts/run;" >&2
  echo "to install the kiosk service here all the same: deploy/install-pi.sh --force" >&2
  exit 2
fi

# --- update: the newest companion first ------------------------------------------------------
if [ -n "$UPDATE" ] && [ -z "${MAYA_UPDATE_PULLED:-}" ]; then
  say "Update: pulling the newest companion"
  if [ -d .git ] || git rev-parse --git-dir >/dev/null 2>&1; then
    git pull --ff-only || { echo "git pull failed (above: git's words); nothing else was changed." >&2; exit 1; }
    # The rest of the update is the new version's own installer.
    MAYA_UPDATE_PULLED=1 exec bash "$APP_DIR/deploy/install-pi.sh" "$@"
  else
    echo "  $APP_DIR is not a git clone: copy the new version over it, then run --update again."
  fi
fi

# --- system packages ---------------------------------------------------------------------
say "System packages"
mapfile -t was_missing < <(missing_packages "${PI_PACKAGES[@]}")
if ! ensure_packages "${PI_PACKAGES[@]}"; then
  echo "The install stopped at the system packages (above: why); the rest of it did not run." >&2
  exit 1
fi
# The report names what is there now, under the name that is installed ("libmtdev1t64",
# not "libmtdev1t64|libmtdev1"), and says which of them this run installed.
installed_now=() already=() skipped=()
declare -A was_missing_set=()
for alternatives in "${was_missing[@]}"; do was_missing_set[$alternatives]=1; done
for alternatives in "${PI_PACKAGES[@]}"; do
  IFS='|' read -r -a names <<<"${alternatives%\?}"
  name=""
  for n in "${names[@]}"; do
    if package_installed "$n"; then name="$n"; break; fi
  done
  if [ -z "$name" ]; then
    skipped+=("${alternatives%\?}")
  elif [ -n "${was_missing_set[$alternatives]:-}" ]; then
    installed_now+=("$name")
  else
    already+=("$name")
  fi
done
[ ${#installed_now[@]} -eq 0 ] || echo "  installed now: ${installed_now[*]}"
[ ${#already[@]} -eq 0 ] || echo "  already installed: ${already[*]}"
[ ${#skipped[@]} -eq 0 ] || echo "  not in this release, optional, so skipped: ${skipped[*]//|/ or }"

# --- the companion in a virtual environment ---------------------------------------------
# --system-site-packages: lgpio comes from the OS (python3-lgpio), not from pip.
say "The companion in $APP_DIR/.venv"
if [ ! -x .venv/bin/python ]; then
  python3 -m venv --system-site-packages .venv
elif grep -q '^include-system-site-packages = false' .venv/pyvenv.cfg; then
  sed -i 's/^include-system-site-packages = false/include-system-site-packages = true/' .venv/pyvenv.cfg
fi
venv_install "" ${UPDATE:+--force}
echo "  installed (the tested versions: deploy/constraints.txt)"
# In a folder of its own: importing lgpio makes its notification pipe in LG_WD (else here).
lg_wd="$(mktemp -d)"
if ! LG_WD="$lg_wd" .venv/bin/python -c 'import lgpio' 2>/dev/null; then
  if [[ "$MODEL" == *"Raspberry Pi 5"* ]]; then
    echo "  Warning: lgpio is not importable, and a Pi 5 has no other way to its pins: the buttons"
    echo "  and LEDs will not work (sudo apt install python3-lgpio, then run this again)."
  else
    echo "  Warning: lgpio is not importable; gpiozero will fall back to RPi.GPIO."
  fi
fi
rm -rf "$lg_wd"

# --- config: with a config file on a Pi the app uses the real devices -------------------
say "Config $CONFIG"
mkdir -p "$(dirname "$CONFIG")"
if [ -e "$CONFIG" ]; then
  echo "  kept (it exists); the sample is deploy/config.toml"
else
  cp deploy/config.toml "$CONFIG"
  echo "  copied from deploy/config.toml: check the pins and the reader's port"
fi

# --- Kivy: the touchscreen --------------------------------------------------------------
say "Touchscreen settings in $KIVY_INI"
.venv/bin/python deploy/kivy_ini.py "$KIVY_INI" deploy/kivy-touchscreen.ini

# --- the data folder ----------------------------------------------------------------------
# The kiosk service may write only there and in Kivy's folder (ProtectSystem=strict in
# the unit), so it must exist before the first start; private (0700): hidden cards,
# bids and tokens are in the journal.
DATA_DIR="$HOME/.local/share/maya-companion"
[ -d "$DATA_DIR" ] || mkdir -p "$DATA_DIR"
chmod 700 "$DATA_DIR"

# --- the RFID reader ----------------------------------------------------------------
# The configured reader's port, e.g. /dev/rfid or /dev/serial0 (the first [[readers]] port).
PORT="$(sed -n 's/^[[:space:]]*port[[:space:]]*=[[:space:]]*"\([^"]*\)".*/\1/p' "$CONFIG" | head -n 1)"
PORT="${PORT:-/dev/rfid}"
# udev properties of a serial device: "vendor product serial", or nothing.
usb_ids() {
  udevadm info --query=property --name="$1" 2>/dev/null | awk -F= '
    $1=="ID_VENDOR_ID"{v=$2} $1=="ID_MODEL_ID"{p=$2} $1=="ID_SERIAL_SHORT"{s=$2}
    END{if (v != "" && p != "") print v, p, s}'
}
# The rule's line for vendor:product from the sample, with the serial number when known.
rule_line() {
  local serial=""
  [ -z "${3:-}" ] || serial=" ATTRS{serial}==\"$3\","
  grep -i "ATTRS{idVendor}==\"$1\", ATTRS{idProduct}==\"$2\"" deploy/99-maya-rfid.rules | head -n 1 \
    | sed "s/ATTRS{idProduct}==\"$2\",/&$serial/"
}
reader_rule() {
  local candidates=() dev ids pinned=""
  case "$PORT" in
    /dev/rfid) for dev in "$ROOT"/dev/serial/by-id/*; do [ -e "$dev" ] && candidates+=("$dev"); done ;;
    /dev/*) candidates=("$ROOT$PORT") ;;
  esac
  local -a known=()
  for dev in "${candidates[@]}"; do
    ids="$(usb_ids "$dev")"
    # shellcheck disable=SC2086  # "vendor product [serial]" splits into its words
    [ -n "$ids" ] && [ -n "$(rule_line $ids)" ] && known+=("$ids")
  done
  if [ ${#known[@]} -eq 1 ]; then
    # shellcheck disable=SC2086
    pinned="$(rule_line ${known[0]})"
  fi
  echo "# Made by deploy/install-pi.sh from deploy/99-maya-rfid.rules: /dev/rfid for the RFID reader."
  if [ -n "$pinned" ]; then
    echo "# The configured reader's adapter (vendor product serial: ${known[0]}); run the installer"
    echo "# again after changing the adapter."
    echo "$pinned"
  else
    echo "# Any of these adapters (no single reader adapter was plugged in or named by the config's port)."
    grep '^SUBSYSTEM' deploy/99-maya-rfid.rules
  fi
}
case "$PORT" in
  /dev/serial0|/dev/ttyAMA*|/dev/ttyS0)
    say "The reader is on the Pi's UART ($PORT)"
    if [ -e "$RULE" ]; then $SUDO rm -f "$RULE"; $SUDO udevadm control --reload || true; echo "  removed the USB adapter rule"; fi
    # The port must be on and the login console off it.
    if command -v raspi-config >/dev/null; then
      if [ "$($SUDO raspi-config nonint get_serial_hw)" = 0 ] && [ "$($SUDO raspi-config nonint get_serial_cons)" = 1 ]; then
        echo "  UART on, serial console off: already so"
      else
        $SUDO raspi-config nonint do_serial_hw 0
        $SUDO raspi-config nonint do_serial_cons 1
        echo "  UART turned on, serial console turned off"
        REBOOT=1
      fi
    else
      echo "  No raspi-config: enable the UART and disable the serial console by hand (docs/hardware.md)."
    fi
    # A Pi 5's /dev/serial0 is the debug connector; pins 8/10 are uart0 (/dev/ttyAMA0), off by default.
    boot_config="$(dirname "$CMDLINE")/config.txt"
    if [[ "$MODEL" == *"Raspberry Pi 5"* ]] && ! grep -qs '^dtparam=uart0=on' "$boot_config"; then
      echo "  Pi 5: pins 8/10 need uart0; add it and reboot:  echo dtparam=uart0=on | sudo tee -a $boot_config"
      [ "$PORT" = /dev/ttyAMA0 ] || echo "  and set port = \"/dev/ttyAMA0\" in $CONFIG (/dev/serial0 is the debug connector on a Pi 5)"
    fi
    ;;
  *)
    say "udev rule for the USB RFID reader (/dev/rfid) in $RULE"
    if reader_rule | put "$RULE"; then
      $SUDO udevadm control --reload
      $SUDO udevadm trigger --subsystem-match=tty || true
      sed -n '2p' "$RULE" | sed 's/^# /  /'
    else
      echo "  unchanged"
    fi
    ;;
esac

# --- groups ---------------------------------------------------------------------------
say "Groups for $USER_NAME"
in_groups=" $(id -nG "$USER_NAME") "  # read whole, then looked at (SIGPIPE under pipefail)
for g in "${GROUPS_WANTED[@]}"; do
  if getent group "$g" >/dev/null && [[ $in_groups != *" $g "* ]]; then
    $SUDO usermod -aG "$g" "$USER_NAME"
    echo "  added to $g"
    REBOOT=1
  fi
done
echo "  in: $(id -nG "$USER_NAME")"

if [ -n "$APP_ONLY" ]; then
  say "Done (the app; the kiosk service: deploy/install-pi.sh --console --now)"
  [ -z "$REBOOT" ] || echo "Reboot for the new groups / serial settings to take effect:  sudo reboot"
  exit 0
fi

# --- console blanking off --------------------------------------------------------------
say "Console blanking"
if [ ! -e "$CMDLINE" ]; then
  echo "  no $CMDLINE here; the unit still turns blanking off on tty1 when it starts"
elif grep -q 'consoleblank=' "$CMDLINE"; then
  echo "  kept: $CMDLINE already sets consoleblank"
else
  $SUDO sed -i -e '1 s/$/ consoleblank=0/' "$CMDLINE"
  state_set consoleblank added
  echo "  off from the next boot (consoleblank=0 in $CMDLINE)"
fi

# --- USB sticks for Export ------------------------------------------------------------------
# Raspberry Pi OS Lite mounts no stick, and the service sees /media read-only but for
# $MEDIA: the rule mounts each stick there for this user (deploy/99-maya-usb-stick.rules).
say "USB sticks for Export: mounted in $MEDIA"
[ -d "$MEDIA" ] || $SUDO install -d -m 0755 "$MEDIA"
if sed -e "s/@UID@/$(id -u)/g" -e "s/@GID@/$(id -g)/g" deploy/99-maya-usb-stick.rules | put "$USB_RULE"; then
  $SUDO udevadm control --reload
  echo "  rule written ($USB_RULE): a FAT or exFAT stick plugged in is mounted there for $USER_NAME"
else
  echo "  unchanged"
fi

# --- the service ------------------------------------------------------------------------
say "systemd unit $UNIT"
# Only groups this system has: systemd refuses to start a unit naming a missing one.
groups=""
for g in "${GROUPS_WANTED[@]}"; do
  if getent group "$g" >/dev/null; then groups="$groups $g"; fi
done
if sed -e "s|@USER@|$USER_NAME|g" -e "s|@HOME@|$HOME|g" -e "s|@APP_DIR@|$APP_DIR|g" \
       -e "s|^SupplementaryGroups=.*|SupplementaryGroups=${groups# }|" \
       deploy/maya-companion.service | put "$UNIT"; then
  $SUDO systemctl daemon-reload
  echo "  written"
else
  echo "  unchanged"
fi
if systemctl is-enabled --quiet "$UNIT_NAME" 2>/dev/null; then
  echo "  enabled (starts at boot)"
else
  $SUDO systemctl enable "$UNIT_NAME"
fi
if [ "$(systemctl get-default)" = graphical.target ]; then
  if [ -n "$CONSOLE" ]; then
    [ -n "$(state_get default_target)" ] || state_set default_target graphical.target
    $SUDO systemctl set-default multi-user.target
    echo "  The Pi now boots to the console (--uninstall puts the desktop back)."
    REBOOT=1
  else
    echo "  Warning: the Pi boots to the desktop, which holds the display; the app"
    echo "  cannot draw while it runs. Run again with --console, or see docs/hardware.md."
  fi
fi
if [ -n "$NOW" ] || { [ -n "$UPDATE" ] && systemctl is-active --quiet "$UNIT_NAME"; }; then
  # Type=notify: this returns once the app's first frame is on the screen (or it failed).
  if $SUDO systemctl restart "$UNIT_NAME"; then
    echo "  (re)started, on the screen now: journalctl -u maya-companion -f"
  else
    echo "  Warning: the service did not come up; it is tried again every 2 s."
    echo "  Why: journalctl -u maya-companion -b (a desktop holding the display: --console)."
  fi
fi

say "Done on this $MODEL"
echo "Check the buttons and the reader:  $APP_DIR/.venv/bin/maya-companion devices"
echo "(stop the service first, the reader is opened by one program at a time)."
echo "Update later:  deploy/install-pi.sh --update"
if [ -n "$REBOOT" ]; then
  echo "Reboot for the new groups / serial / boot settings to take effect:  sudo reboot"
fi
