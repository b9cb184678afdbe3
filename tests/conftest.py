"""Shared test setup: every test gets its own data and config directories,
so no test reads or writes the user's real journal, tags or config."""
import pytest
from hypothesis import HealthCheck, settings

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
