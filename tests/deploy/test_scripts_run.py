"""./scripts/run, the README's first command, on a Raspberry Pi: real devices
from the first run, said in one line (tests/deploy/sandbox.py stubs the system)."""
from __future__ import annotations

from .sandbox import PI5, Sandbox


def test_on_a_pi_the_first_run_sets_up_real_devices_and_says_so_in_one_line(tmp_path):
    sb = Sandbox(tmp_path)
    r = sb.run("--sim", script="scripts/run")
    assert r.returncode == 0, r.stdout + r.stderr
    said = [line for line in r.stdout.splitlines() if line.startswith("On this")]
    assert len(said) == 1 and PI5 in said[0] and "real buttons and reader" in said[0]
    assert "deploy/install-pi.sh --console --now" in said[0]
    # What the installer does for the app: a venv that sees lgpio, the config (real devices on a Pi),
    # the touchscreen settings, the reader's rule; not the service, not the boot target.
    assert "include-system-site-packages = true" in (sb.app / ".venv/pyvenv.cfg").read_text()
    install = " ".join(c for c in sb.calls() if c.startswith("apt-get install"))
    assert "python3-lgpio" in install and "libmtdev1t64" in install
    assert sb.config.exists() and sb.kivy_ini.exists() and sb.rule.exists()
    assert not sb.unit.exists() and sb.state("default-target") == "graphical.target"
    assert sb.calls()[-1] == "maya-companion --sim"
    # The second run only starts the app.
    r = sb.run(script="scripts/run")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "On this" not in r.stdout
    assert [c for c in sb.calls() if not c.startswith("systemctl is-active")] == ["maya-companion "]


def test_on_a_pi_with_the_service_running_it_says_so_instead_of_fighting_for_the_screen(tmp_path):
    sb = Sandbox(tmp_path)
    (sb.dir / "active").write_text("")
    r = sb.run(script="scripts/run")
    assert r.returncode == 1
    assert "sudo systemctl stop maya-companion" in r.stderr
    assert not any(c.startswith("maya-companion") for c in sb.calls())


def test_elsewhere_it_only_sets_up_and_starts_the_app(tmp_path):
    sb = Sandbox(tmp_path, model=None)
    r = sb.run(script="scripts/run")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "On this" not in r.stdout
    assert not sb.config.exists() and not sb.rule.exists()
    assert "include-system-site-packages = false" in (sb.app / ".venv/pyvenv.cfg").read_text()
    assert sb.calls()[-1] == "maya-companion "
