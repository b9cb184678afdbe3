"""The phone pages' words in the language current where they are made (companion/i18n.py):
the catalog companion/phones/locale/de/LC_MESSAGES/phones.po."""
from __future__ import annotations

from companion.i18n import N_, Words

WORDS = Words("phones", "companion.phones")
_ = WORDS.gettext
ngettext = WORDS.ngettext
pgettext = WORDS.pgettext

__all__ = ["N_", "WORDS", "_", "ngettext", "pgettext"]
