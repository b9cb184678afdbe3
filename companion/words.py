"""The table's own words in the language current where they are made (companion/i18n.py):
the catalog companion/locale/de/LC_MESSAGES/companion.po (everything in companion/ but the
games and the phone pages)."""
from __future__ import annotations

from companion.i18n import N_, Words

WORDS = Words("companion", "companion")
_ = WORDS.gettext
ngettext = WORDS.ngettext
pgettext = WORDS.pgettext

__all__ = ["N_", "WORDS", "_", "ngettext", "pgettext"]
