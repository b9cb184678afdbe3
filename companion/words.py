"""The table's own words in the language current where they are made (companion/i18n.py):
the catalog companion/locale/de/LC_MESSAGES/companion.po (everything in companion/ but the
games and the phone pages)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from companion.i18n import N_, Words

WORDS = Words("companion", "companion")
_ = WORDS.gettext
ngettext = WORDS.ngettext
pgettext = WORDS.pgettext


def joined(items: Iterable[Any]) -> str:
    """Names joined one pair at a time, "Ana and Ben and Cy" (a sentence's list of
    who is waiting or who wins), in the current language."""
    out = ""
    for i, item in enumerate(items):
        # i18n: two names (or more, one pair at a time): "Ana and Ben"
        out = str(item) if i == 0 else _("{first} and {second}", first=out, second=item)
    return out


__all__ = ["N_", "WORDS", "_", "joined", "ngettext", "pgettext"]
