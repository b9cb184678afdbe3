"""The screens' chrome words in the language current where they are made (companion/i18n.py):
the catalog kivy_ui/locale/de/LC_MESSAGES/kivy_ui.po."""
from __future__ import annotations

from companion.i18n import N_, Words

WORDS = Words("kivy_ui", "kivy_ui")
_ = WORDS.gettext
ngettext = WORDS.ngettext
pgettext = WORDS.pgettext

__all__ = ["N_", "WORDS", "_", "ngettext", "pgettext"]
