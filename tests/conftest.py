"""Shared test setup: every test gets its own data and config directories,
so no test reads or writes the user's real journal, tags or config."""
import importlib.util
import os
import pathlib
import sys

import pytest
from hypothesis import HealthCheck, settings

FOURTH = pathlib.Path(__file__).with_name("companion") / "fourth.py"

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("MAYA_COMPANION_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("MAYA_COMPANION_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    yield


@pytest.fixture
def charms():
    """The test-only fourth game (tests/companion/fourth_game), registered as "charms"
    for one test: it proves a new game needs no edit in the generic layers."""
    if "fourth" not in sys.modules:
        spec = importlib.util.spec_from_file_location("fourth", FOURTH)
        sys.modules["fourth"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    fourth = sys.modules["fourth"]
    yield fourth.register()
    fourth.unregister()


#: A skip whose reason starts with this says a tool the suite needs is missing
#: (Xvfb, shellcheck, chromium-driver...). scripts/test installs them all, so
#: in CI (CI=true) such a skip is a failure: a missing install step must not
#: pass as a green run with the browser tests quietly left out.
MISSING_TOOL = "missing tool:"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if not report.skipped or not os.environ.get("CI"):
        return
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    if MISSING_TOOL in reason:
        report.outcome = "failed"
        report.longrepr = f"In CI a missing tool is a failure, not a skip: {reason}"
