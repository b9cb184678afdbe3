# shellcheck shell=bash
# Shared by scripts/setup and deploy/install-pi.sh (sourced, not run): the
# system packages a Raspberry Pi needs, finding the Pi, and installing only the
# packages that are missing.
#
# "a|b" in a package list means either name will do: Debian 13 (trixie) and
# Raspberry Pi OS based on it renamed some libraries with a t64 suffix
# (libmtdev1 -> libmtdev1t64, libasound2 -> libasound2t64). A package counts
# as present under either name, so nothing is installed (and `apt-get update`
# never runs) when everything is already there.

# What Kivy's bundled SDL2 loads on a Pi drawing without a desktop (GL ES, EGL,
# GBM and DRM through KMS), the touchscreen (mtdev), sound (ALSA), the Pi 5's
# only GPIO library for gpiozero (python3-lgpio, seen through a venv made with
# --system-site-packages), venv itself, and espeak-ng for the spoken cues
# (Settings; off until a table turns them on; its voices are in the package,
# nothing is fetched when it speaks).
# shellcheck disable=SC2034  # used by the scripts that source this file
PI_PACKAGES=(python3-venv python3-lgpio "libmtdev1t64|libmtdev1" libgl1 libegl1
             libgles2 libgbm1 libdrm2 libgl1-mesa-dri "libasound2t64|libasound2" espeak-ng)

# The Pi's model ("Raspberry Pi 5 Model B Rev 1.0") on stdout, or status 1 when
# this is not a Raspberry Pi. MAYA_INSTALL_ROOT prefixes every system path the
# installer touches (the tests point it at a sandbox).
pi_model() {
  local model
  model="$(tr -d '\0' 2>/dev/null <"${MAYA_INSTALL_ROOT:-}/proc/device-tree/model")" || return 1
  case "$model" in
    *"Raspberry Pi"*) printf '%s\n' "$model" ;;
    *) return 1 ;;
  esac
}

package_installed() {
  # The whole answer is read before it is looked at: piping dpkg-query into a quiet grep
  # under `set -o pipefail` fails when grep stops reading early (SIGPIPE).
  local status
  status="$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" || return 1
  [[ $status == *"install ok installed"* ]]
}

# package_candidate NAME : status 0 when this release's package lists offer
# NAME. `apt-cache policy` prints a long table; piping it into `grep -q` made
# apt-cache die of SIGPIPE when grep had seen enough, and pipefail counted a
# package that exists as missing (7 of 20 calls in a fresh root).
package_candidate() {
  local policy
  policy="$(apt-cache policy "$1" 2>/dev/null)" || return 1
  [[ $policy =~ Candidate:\ [0-9] ]]
}

# missing_packages ALT... : the alternatives ("a|b") of which no name is installed.
# A trailing "?" marks an alternative as optional; it is printed with it.
missing_packages() {
  local alternatives n found
  local -a names
  for alternatives in "$@"; do
    IFS='|' read -r -a names <<<"${alternatives%\?}"
    found=""
    for n in "${names[@]}"; do
      if package_installed "$n"; then found=1; break; fi
    done
    [ -n "$found" ] || printf '%s\n' "$alternatives"
  done
}

# ensure_packages ALT... : install what is missing (through $SUDO, if set);
# returns at once, printing nothing, when nothing is. Each "a|b" installs the
# first name this release has. A package this release does not have stops
# the command with a sentence naming it (status 1), unless it is marked
# optional with a trailing "?" ("shellcheck?"), which is said and skipped.
# Whatever was installed is checked afterwards, so "installed" is never said
# of a package that is not there.
ensure_packages() {
  local -a missing=() chosen=() names=() absent=()
  local alternatives pick n optional
  mapfile -t missing < <(missing_packages "$@")
  [ ${#missing[@]} -gt 0 ] || return 0
  echo "Installing system packages: ${missing[*]}"
  if ! ${SUDO:-} apt-get update -qq; then
    echo "Could not read Debian's package lists (apt-get update failed, above); nothing was installed." >&2
    return 1
  fi
  for alternatives in "${missing[@]}"; do
    optional=""
    [[ $alternatives == *\? ]] && optional=1
    IFS='|' read -r -a names <<<"${alternatives%\?}"
    pick=""
    for n in "${names[@]}"; do
      if package_candidate "$n"; then pick="$n"; break; fi
    done
    if [ -n "$pick" ]; then
      chosen+=("$pick")
    elif [ -n "$optional" ]; then
      echo "  (no package ${alternatives%\?} in this release; it is optional, so it is skipped)"
    else
      absent+=("${alternatives%\?}")
    fi
  done
  if [ ${#absent[@]} -gt 0 ]; then
    echo "This release of the system has no package ${absent[*]//|/ or }, which the companion needs; nothing was installed." >&2
    echo "Check the package sources in /etc/apt/sources.list and /etc/apt/sources.list.d/ (Debian 12 or 13, or Raspberry Pi OS), then run this again." >&2
    return 1
  fi
  [ ${#chosen[@]} -gt 0 ] || return 0
  if ! ${SUDO:-} env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${chosen[@]}" >/dev/null; then
    echo "Installing ${chosen[*]} failed (apt-get's own words above)." >&2
    return 1
  fi
  local -a still=()
  for n in "${chosen[@]}"; do package_installed "$n" || still+=("$n"); done
  if [ ${#still[@]} -gt 0 ]; then
    echo "apt-get finished, but ${still[*]} is still not installed." >&2
    return 1
  fi
}

# The Python packages, installed into .venv only when pyproject.toml, the
# constraints or the group changed since the last time (a stamp in .venv), so
# running again costs nothing. deploy/constraints.txt pins the versions the
# test suite passed with: a Pi installed next year gets what was tested.
# venv_install [GROUP] [--force] : the companion, plus pyproject.toml's
# dependency group GROUP ("dev": the test and development tools; PEP 735,
# which needs pip 25.1 or newer: pip is brought up to date first).
venv_install() {
  local group="${1:-}" stamp=.venv/.maya-installed hash have
  hash="$(cat pyproject.toml deploy/constraints.txt | sha256sum | cut -d' ' -f1)"
  have="$(cat "$stamp" 2>/dev/null || true)"
  # The same files, and the same group or more ("dev" holds everything "" needs).
  if [ "${2:-}" != --force ] && { [ "$have" = "$hash ${group:-.}" ] || [ "$have" = "$hash dev" ]; } \
     && .venv/bin/python -c 'import companion, hardware, kivy_ui' 2>/dev/null; then
    return 0
  fi
  local log
  local -a group_args=()
  [ -z "$group" ] || group_args=(--group "$group")
  log="$(mktemp)"
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
  local help
  help="$(.venv/bin/python -m pip install --help 2>/dev/null || true)"  # read whole: no grep -q under pipefail
  if [ -n "$group" ] && [[ $help != *--group* ]]; then
    echo "The pip in .venv is too old for pyproject.toml's dependency groups (pip 25.1 or newer is needed) and could not be brought up to date; check the network to the Python package index, then run this again." >&2
    return 1
  fi
  if ! .venv/bin/python -m pip install -q -c deploy/constraints.txt -e . "${group_args[@]}" >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"
    echo "Could not install the companion's Python packages (above: pip's own words)." >&2
    return 1
  fi
  rm -f "$log"
  .venv/bin/python -c 'import companion, hardware, kivy_ui' >/dev/null
  printf '%s\n' "$hash ${group:-.}" >"$stamp"
}
