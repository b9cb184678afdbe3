"""Languages (issue 24): every sentence a player reads, in the language of whoever reads it.

The well-kept tools of the field: stdlib `gettext` catalogs, written as `.po` files in
the repository (each domain beside its code: ``<package>/locale/<lang>/LC_MESSAGES/
<domain>.po``) and compiled to `.mo` on first use into the user cache folder (never
committed); Babel for extraction (`scripts/i18n extract`), for the plural rules (the
catalogs' Plural-Forms, which Babel writes from CLDR) and for dates and numbers.

A domain is one part of the program that owns its words: the table's own sentences
(companion/locale, domain "companion"), each game package (its own locale/ folder,
its package name as domain), the screens' chrome, the phone pages. Names of players
and numbers are never translated; a sentence is made when it is shown, in the
language current then, so the journal stays language-free.

    from companion.i18n import Words
    words = Words("maya", __package__)     # the domain, and the package holding locale/
    _, ngettext = words.gettext, words.ngettext
    _("{name} builds.", name=name)          # translated first, then formatted
    ngettext("{n} block", "{n} blocks", n)   # n is given to the format as `n`
    N_("Building")                           # marked for extraction, translated where shown: _(X)

    with language("de"):                    # this thread or task reads German
        view = game.view(state, seat)

The current language is a context variable: the table's (set_table_language, from
the Settings screen, else the system's LANG) unless a `with language(...)` says
otherwise, as the phone server does for each phone. "qps" is the pseudo-locale the
tests use: every translated text comes out bracketed, accented and ~40% longer, so a
plain English word on a screen is one that did not pass through a catalog.
"""
from __future__ import annotations

import contextlib
import contextvars
import gettext as _gettext
import hashlib
import io
import os
import pathlib
import re
import threading
from collections.abc import Iterator, Mapping
from typing import Any

#: The languages the companion ships, each in its own name (what the Settings screen lists).
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch"}
#: The pseudo-locale (tests only): not listed on the Settings screen.
PSEUDO = "qps"
SOURCE = "en"

_table_language = SOURCE
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("language", default=None)


def system_language(env: Mapping[str, str] | None = None) -> str:
    """The language the system's locale names (LC_ALL, LC_MESSAGES, LANG, LANGUAGE:
    "de_AT.UTF-8" -> "de") when the companion ships it, else English."""
    env = os.environ if env is None else env
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        said = False
        for wanted in (env.get(key) or "").split(":"):  # LANGUAGE: a list, the first one shipped
            code = wanted.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES or code == PSEUDO:
                return code
            said = said or (bool(code) and code not in ("c", "posix"))
        if said:  # a language the companion does not ship: English, not a variable further down
            return SOURCE
    return SOURCE


def known(code: Any) -> str | None:
    """`code` when the companion can speak it ("de", "de-DE", "de_DE" -> "de"), else None."""
    if not isinstance(code, str):
        return None
    short = code.strip().replace("-", "_").split("_")[0].lower()
    return short if short in LANGUAGES or short == PSEUDO else None


def set_table_language(code: str) -> None:
    """The language of the table's screen (and of whatever says nothing else)."""
    global _table_language
    _table_language = known(code) or SOURCE


def table_language() -> str:
    return _table_language


def current() -> str:
    """The language a sentence made now is made in."""
    return _current.get() or _table_language


@contextlib.contextmanager
def language(code: str | None) -> Iterator[str]:
    """Within the block (this thread or asyncio task), sentences are made in `code`
    (None or an unknown code: the table's language)."""
    token = _current.set(known(code))
    try:
        yield current()
    finally:
        _current.reset(token)


def N_(message: str) -> str:
    """Marks `message` for extraction without translating it (a constant made at import):
    translate it where it is shown, with the domain's gettext."""
    return message


# --- catalogs ---------------------------------------------------------------------------
_lock = threading.Lock()
_catalogs: dict[tuple[str, str, str], _gettext.NullTranslations] = {}


def _cache_dir() -> pathlib.Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(pathlib.Path.home() / ".cache")
    return pathlib.Path(base) / "maya-companion" / "locale"


def po_path(locale_dir: pathlib.Path, domain: str, lang: str) -> pathlib.Path:
    return locale_dir / lang / "LC_MESSAGES" / f"{domain}.po"


def compile_po(po: pathlib.Path) -> bytes:
    """The .mo bytes of a .po file (Babel's reader and writer; fuzzy entries left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def _load(locale_dir: pathlib.Path, domain: str, lang: str) -> _gettext.NullTranslations:
    """The domain's catalog for `lang`: the .mo compiled from its .po on first use and
    kept in the cache folder (named by the .po's path, size and time, so an edited .po
    compiles again); where the cache cannot be written (a read-only home), compiled in
    memory. No .po for the language: the source's own words."""
    po = po_path(locale_dir, domain, lang)
    try:
        st = po.stat()
    except OSError:
        return _gettext.NullTranslations()
    key = hashlib.sha256(f"{po.resolve()}|{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:16]
    cached = _cache_dir() / f"{domain}-{lang}-{key}.mo"
    try:
        with cached.open("rb") as f:
            return _gettext.GNUTranslations(f)
    except (OSError, ValueError):
        pass
    try:
        data = compile_po(po)
    except Exception:  # a damaged .po: its words are not read, the English ones are shown
        return _gettext.NullTranslations()
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, cached)
    except OSError:
        pass
    return _gettext.GNUTranslations(io.BytesIO(data))


_FIELD = re.compile(r"(\{[^{}]*\}|%\([a-z_]+\)[sd])")
_ACCENTS = str.maketrans("AaCcEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
                         "ÅåÇçÉéĜĝĤĥÎîĴĵĶķĻļÑñÖöŔŕŠšŢţÛûŴŵÝýŽž")


def pseudo(text: str) -> str:
    """The pseudo-locale's text: accented, ~40% longer, bracketed; its fields kept."""
    parts = _FIELD.split(text)
    body = "".join(p if _FIELD.fullmatch(p) else p.translate(_ACCENTS) for p in parts)
    letters = sum(ch.isalpha() for ch in text)
    pad = "~" * max(1, round(letters * 0.4)) if letters else ""
    return f"[{body}{pad}]"


class Words:
    """One domain's translations: `gettext`, `ngettext`, `pgettext`, each in the
    language current when called. `package`: the dotted name of the package whose
    folder holds locale/ (or a folder)."""

    def __init__(self, domain: str, package: str | os.PathLike[str]) -> None:
        self.domain = domain
        if isinstance(package, str) and "/" not in package:
            import importlib.util

            spec = importlib.util.find_spec(package)
            if spec is None or not spec.submodule_search_locations:
                raise ValueError(f"{package} is not a package")
            folder = pathlib.Path(next(iter(spec.submodule_search_locations)))
        else:
            folder = pathlib.Path(package)
        self.locale_dir = folder / "locale"
        self._key = str(self.locale_dir)  # (made once: a view makes hundreds of sentences)

    @classmethod
    def of(cls, package: str) -> Words:
        """The domain of a package: its last name ("companion.games.maya" -> "maya"), its
        folder's locale/ (a game's words, found from the game's own package)."""
        return cls(package.rsplit(".", 1)[-1], package)

    def catalog(self, lang: str | None = None) -> _gettext.NullTranslations:
        lang = lang or current()
        key = (self._key, self.domain, lang)
        found = _catalogs.get(key)
        if found is None:
            with _lock:
                found = _catalogs.get(key)
                if found is None:
                    found = (_gettext.NullTranslations() if lang in (SOURCE, PSEUDO)
                             else _load(self.locale_dir, self.domain, lang))
                    _catalogs[key] = found
        return found

    def gettext(self, message: str, /, **fields: Any) -> str:
        lang = current()
        if lang == SOURCE:  # the source's own words: no catalog to ask
            text = message
        else:
            text = pseudo(message) if lang == PSEUDO else self.catalog(lang).gettext(message)
        return text.format(**fields) if fields else text

    def ngettext(self, singular: str, plural: str, n: int | float, /, **fields: Any) -> str:
        """The form for `n` in the current language (its catalog's Plural-Forms); the
        format is given n too ("{n} blocks")."""
        lang = current()
        count = n if isinstance(n, int) else (1 if n == 1 else 2)
        if lang == PSEUDO:
            text = pseudo(singular if count == 1 else plural)
        else:
            text = self.catalog(lang).ngettext(singular, plural, count)
        return text.format(n=n, **fields)

    def pgettext(self, context: str, message: str, /, **fields: Any) -> str:
        """A message whose words depend on where it stands ("Pass" a button / "Pass" an event)."""
        lang = current()
        text = pseudo(message) if lang == PSEUDO else self.catalog(lang).pgettext(context, message)
        return text.format(**fields) if fields else text


def forget_catalogs() -> None:
    """Catalogs are read again on next use (tests; a .po edited while running)."""
    with _lock:
        _catalogs.clear()


# --- dates and numbers (Babel, CLDR) ------------------------------------------------------
def _babel_locale() -> str:
    lang = current()
    return SOURCE if lang == PSEUDO else lang


def format_date(value: Any, format: str = "medium") -> str:
    """A date in the current language ("Nov 12, 2026", "12.11.2026")."""
    from babel.dates import format_date as fd

    return str(fd(value, format=format, locale=_babel_locale()))


def format_datetime(value: Any, format: str = "medium") -> str:
    from babel.dates import format_datetime as fdt

    return str(fdt(value, format=format, locale=_babel_locale()))


def format_skeleton(skeleton: str, value: Any) -> str:
    """A date by CLDR skeleton ("MMMd" -> "Nov 12" / "12. Nov.")."""
    from babel.dates import format_skeleton as fs

    return str(fs(skeleton, value, locale=_babel_locale()))


def format_decimal(value: float, format: str | None = None) -> str:
    """A number in the current language ("1,234.5", "1.234,5")."""
    from babel.numbers import format_decimal as fd

    return str(fd(value, format=format, locale=_babel_locale()))


def format_percent(value: float, format: str | None = None) -> str:
    from babel.numbers import format_percent as fp

    return str(fp(value, format=format, locale=_babel_locale()))


__all__ = [
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "SOURCE",
    "Words",
    "compile_po",
    "current",
    "forget_catalogs",
    "format_date",
    "format_datetime",
    "format_decimal",
    "format_percent",
    "format_skeleton",
    "known",
    "language",
    "po_path",
    "pseudo",
    "set_table_language",
    "system_language",
    "table_language",
]
