"""States for test_sizes.py and test_languages.py: the Settings screen (reached from
Home's top right), its language row with each language in its own name."""
from __future__ import annotations


def states(d):
    d.tap(d.screen().ids.settings)
    assert d.screen().name == "settings"
    yield "settings"
