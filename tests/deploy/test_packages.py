"""deploy/packages.sh's ensure_packages, under `set -euo pipefail` as the
scripts source it, against stand-in apt-cache, apt-get and dpkg-query.

The stand-in apt-cache prints the candidate first and then a long version
table, as a machine with many sources does: a `apt-cache | grep -q` pipeline
then dies of SIGPIPE and pipefail counts a package that exists as missing
(issue 20: 7 of 20 calls in a fresh root said "no package xvfb")."""
from __future__ import annotations

import pathlib
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[2]

STUBS = {
    # Packages named in $SB/absent have no candidate; every other one has, and
    # its policy goes on for 20,000 lines after the candidate.
    "apt-cache": r'''n="$2"
echo "$n:"
echo "  Installed: (none)"
if grep -qx "$n" "$SB/absent"; then echo "  Candidate: (none)"; exit 0; fi
echo "  Candidate: 1:2.3-4"
echo "  Version table:"
yes "     1:2.3-4 500        500 http://deb.debian.org/debian bookworm/main amd64 Packages" | head -n 20000''',
    "apt-get": r'''echo "apt-get $*" >>"$SB/calls.log"
if [ "$1" = install ]; then
  for a; do case "$a" in -*|install) ;; *) echo "$a" >>"$SB/installed" ;; esac; done
fi''',
    "dpkg-query": r'''for n; do :; done
if grep -qx "$n" "$SB/installed"; then printf 'install ok installed'; else exit 1; fi''',
}


def ensure(tmp_path: pathlib.Path, *packages: str, absent: tuple[str, ...] = (),
           installed: tuple[str, ...] = ()) -> subprocess.CompletedProcess[str]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, body in STUBS.items():
        (bin_dir / name).write_text("#!/bin/bash\n" + body + "\n")
        (bin_dir / name).chmod(0o755)
    (tmp_path / "absent").write_text("".join(f"{n}\n" for n in absent))
    (tmp_path / "installed").write_text("".join(f"{n}\n" for n in installed))
    (tmp_path / "calls.log").write_text("")
    script = 'set -euo pipefail; . deploy/packages.sh; ensure_packages "$@"; echo "status $?"'
    return subprocess.run(["bash", "-c", script, "ensure", *packages], cwd=REPO,
                          env={"PATH": f"{bin_dir}:/usr/bin:/bin", "SB": str(tmp_path), "LANG": "C.UTF-8"},
                          capture_output=True, text=True, timeout=120)


def installs(tmp_path: pathlib.Path) -> list[str]:
    return [c.split() for c in (tmp_path / "calls.log").read_text().splitlines() if " install " in f" {c} "]


def test_every_package_with_a_candidate_is_chosen_even_when_apt_cache_says_a_lot(tmp_path):
    wanted = ["xvfb", "xauth", "libgl1", "libegl1", "shellcheck", "libx11-6", "libxext6", "libxi6",
              "libxrender1", "libxcursor1", "libxrandr2", "libxss1", "libxxf86vm1", "libgbm1", "libdrm2",
              "libgles2", "python3-lgpio", "libgl1-mesa-dri", "chromium", "chromium-driver"]
    r = ensure(tmp_path, *wanted)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no package" not in r.stdout + r.stderr
    (call,) = installs(tmp_path)
    assert call[-len(wanted):] == wanted
    assert r.stdout.rstrip().endswith("status 0")


def test_the_first_name_this_release_has_is_installed(tmp_path):
    r = ensure(tmp_path, "libmtdev1t64|libmtdev1", "libasound2t64|libasound2", absent=("libmtdev1t64",))
    assert r.returncode == 0, r.stdout + r.stderr
    (call,) = installs(tmp_path)
    assert call[-2:] == ["libmtdev1", "libasound2t64"]


def test_nothing_missing_means_nothing_said_and_no_apt_get(tmp_path):
    r = ensure(tmp_path, "xvfb", "libmtdev1t64|libmtdev1", installed=("xvfb", "libmtdev1"))
    assert r.returncode == 0 and r.stdout == "status 0\n" and r.stderr == ""
    assert (tmp_path / "calls.log").read_text() == ""


def test_a_needed_package_the_release_lacks_stops_with_a_sentence_naming_it(tmp_path):
    r = ensure(tmp_path, "xvfb", "xauth", "libmtdev1t64|libmtdev1", absent=("xauth", "libmtdev1t64", "libmtdev1"))
    assert r.returncode == 1, r.stdout + r.stderr
    assert "status" not in r.stdout  # the calling script stops here (set -e)
    assert "has no package xauth libmtdev1t64 or libmtdev1, which the companion needs" in r.stderr
    assert "nothing was installed" in r.stderr
    assert installs(tmp_path) == []


def test_an_optional_package_the_release_lacks_is_said_and_skipped_and_an_empty_choice_is_fine(tmp_path):
    r = ensure(tmp_path, "frobnicator?", absent=("frobnicator",))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no package frobnicator in this release; it is optional, so it is skipped" in r.stdout
    assert installs(tmp_path) == []


def test_a_package_apt_get_did_not_install_is_not_called_installed(tmp_path):
    # apt-get exits 0 but the package is not there afterwards (a broken hook, a held package).
    bin_dir = tmp_path / "bin"
    ensure(tmp_path)  # writes the stubs
    (bin_dir / "apt-get").write_text('#!/bin/bash\necho "apt-get $*" >>"$SB/calls.log"\n')
    (bin_dir / "apt-get").chmod(0o755)
    script = 'set -euo pipefail; . deploy/packages.sh; ensure_packages xvfb; echo "status $?"'
    r = subprocess.run(["bash", "-c", script], cwd=REPO,
                       env={"PATH": f"{bin_dir}:/usr/bin:/bin", "SB": str(tmp_path), "LANG": "C.UTF-8"},
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    assert "apt-get finished, but xvfb is still not installed." in r.stderr


def test_no_script_pipes_into_grep_q():
    """`cmd | grep -q` under pipefail fails whenever grep stops reading before cmd
    has written everything (SIGPIPE): the defect behind "no package xvfb". Every
    script reads a command's answer whole and then looks at it."""
    import re
    scripts = [p for d in ("scripts", "deploy", ".ci") for p in sorted((REPO / d).iterdir())
               if p.is_file() and (p.suffix == ".sh" or p.read_bytes()[:2] == b"#!")]
    found = [f"{p.relative_to(REPO)}:{n}: {line.strip()}" for p in scripts
             for n, line in enumerate(p.read_text(errors="replace").splitlines(), 1)
             if re.search(r"\|\s*grep\s+-[a-zA-Z]*q", line) and not line.lstrip().startswith("#")]
    assert not found, "\n".join(found)
