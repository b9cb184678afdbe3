"""This game's words in the language current where they are made (companion/i18n.py):
its own catalog, locale/de/LC_MESSAGES/maya.po."""
from __future__ import annotations

from companion.i18n import N_, Words

WORDS = Words.of("companion.games.maya")
_ = WORDS.gettext
ngettext = WORDS.ngettext
pgettext = WORDS.pgettext

__all__ = ["N_", "WORDS", "_", "ngettext", "pgettext"]
