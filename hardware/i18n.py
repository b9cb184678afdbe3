"""The devices' words (their errors and the device check's lines) in the language
current where they are made. hardware/ imports neither companion nor Kivy (the
layering), so the translator is handed in by whoever runs the devices: the app and
the command line call `use(companion.i18n.Words("hardware", "hardware"))`; until then
the words are the English source. The catalog: hardware/locale/de/LC_MESSAGES/hardware.po."""
from __future__ import annotations

from typing import Any, Protocol


class Translator(Protocol):
    def gettext(self, message: str, /, **fields: Any) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int | float, /, **fields: Any) -> str: ...


_words: Translator | None = None


def use(words: Translator | None) -> None:
    """The translator for the devices' words (None: English)."""
    global _words
    _words = words


def _(message: str, /, **fields: Any) -> str:
    if _words is not None:
        return _words.gettext(message, **fields)
    return message.format(**fields) if fields else message


def ngettext(singular: str, plural: str, n: int | float, /, **fields: Any) -> str:
    if _words is not None:
        return _words.ngettext(singular, plural, n, **fields)
    return (singular if n == 1 else plural).format(n=n, **fields)


def N_(message: str) -> str:
    return message


__all__ = ["N_", "Translator", "_", "ngettext", "use"]
