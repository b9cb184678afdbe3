"""The project is a package others may use (issue 20): an MIT licence that
the installed metadata carries, one source for the version, typed packages,
and the development tools kept out of what a table's Pi installs."""
from __future__ import annotations

import importlib.metadata
import pathlib
import tomllib

import companion

REPO = pathlib.Path(__file__).resolve().parents[1]
DEV_TOOLS = {"pytest", "hypothesis", "pytest-timeout", "ruff", "mypy", "selenium", "jsonschema"}


def requirement_name(req: str) -> str:
    for sep in "<>=!~;[ ":
        req = req.split(sep)[0]
    return req.strip().lower()


def test_the_licence_is_mit_and_the_installed_metadata_says_so():
    text = (REPO / "LICENSE").read_text()
    assert text.startswith("MIT License") and "Permission is hereby granted, free of charge" in text
    meta = importlib.metadata.metadata("maya-companion")
    assert meta["License-Expression"] == "MIT"
    assert "LICENSE" in (meta.get_all("License-File") or [])
    assert meta["Author"] or meta["Author-email"]
    assert "Typing :: Typed" in (meta.get_all("Classifier") or [])


def test_the_version_has_one_source():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert importlib.metadata.version("maya-companion") == companion.__version__


def test_the_packages_are_marked_typed_and_ship_the_marker():
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert "py.typed" in config["tool"]["setuptools"]["package-data"]["*"]
    for package in ("companion", "hardware", "kivy_ui"):
        assert (REPO / package / "py.typed").is_file()


def test_a_table_installs_no_development_tool():
    requires = {requirement_name(r) for r in importlib.metadata.requires("maya-companion") or []
                if "extra ==" not in r}
    assert requires and not requires & DEV_TOOLS
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert "optional-dependencies" not in config["project"] or not any(
        requirement_name(r) in DEV_TOOLS for deps in config["project"]["optional-dependencies"].values()
        for r in deps)
    dev = config["dependency-groups"]["dev"]
    named = {requirement_name(r) for r in dev if isinstance(r, str)}
    test = {requirement_name(r) for r in config["dependency-groups"]["test"]}
    assert {"ruff", "mypy", "selenium"} <= named and {"pytest", "hypothesis"} <= test
