"""companion/i18n.py (issue 24): sentences in the language current where they are made."""
from __future__ import annotations

import datetime
import os
import threading

import pytest

from companion import i18n
from companion.i18n import Words, language

PO = '''msgid ""
msgstr ""
"Language: de\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"
"Content-Type: text/plain; charset=utf-8\\n"

msgid "{name} builds."
msgstr "{name} baut."

msgid "{n} game"
msgid_plural "{n} games"
msgstr[0] "{n} Spiel"
msgstr[1] "{n} Spiele"

msgctxt "button"
msgid "Pass"
msgstr "Passen"
'''


@pytest.fixture
def words(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    po = tmp_path / "pkg" / "locale" / "de" / "LC_MESSAGES" / "demo.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    i18n.forget_catalogs()
    yield Words("demo", tmp_path / "pkg")
    i18n.forget_catalogs()
    i18n.set_table_language("en")


def test_a_sentence_is_made_in_the_language_current_then(words):
    assert words.gettext("{name} builds.", name="Jörg") == "Jörg builds."
    with language("de"):
        assert words.gettext("{name} builds.", name="Jörg") == "Jörg baut."
        assert words.pgettext("button", "Pass") == "Passen"
        assert [words.ngettext("{n} game", "{n} games", n) for n in (1, 2, 0)] == ["1 Spiel", "2 Spiele", "0 Spiele"]
    assert words.ngettext("{n} game", "{n} games", 1) == "1 game"


def test_the_table_language_is_the_default_and_a_block_overrides_it(words):
    i18n.set_table_language("de")
    assert words.gettext("{name} builds.", name="Ana") == "Ana baut."
    with language("en"):
        assert words.gettext("{name} builds.", name="Ana") == "Ana builds."
    seen = []
    t = threading.Thread(target=lambda: seen.append(words.gettext("{name} builds.", name="Ben")))
    with language("en"):  # another thread reads the table's language, not this block's
        t.start()
        t.join()
    assert seen == ["Ben baut."]


def test_an_untranslated_message_or_language_reads_in_english(words):
    with language("de"):
        assert words.gettext("Nobody wins.") == "Nobody wins."
    with language("fr"):  # not shipped: the table's language
        assert words.gettext("{name} builds.", name="Ana") == "Ana builds."


def test_the_pseudo_locale_marks_every_translated_text_and_keeps_its_fields(words):
    with language(i18n.PSEUDO):
        text = words.gettext("{name} builds {count} blocks.", name="Ana", count=3)
    assert text.startswith("[") and text.endswith("]") and "Ana" in text and "3" in text
    assert "builds" not in text and len(text) >= 1.3 * len("Ana builds 3 blocks.")


def test_a_catalog_compiles_once_and_a_read_only_cache_compiles_in_memory(words, tmp_path):
    with language("de"):
        words.gettext("{name} builds.", name="x")
    assert list((tmp_path / "cache").rglob("*.mo"))
    i18n.forget_catalogs()
    cache = tmp_path / "cache"
    for p in cache.rglob("*.mo"):
        p.unlink()
    os.chmod(cache / "maya-companion" / "locale", 0o500)
    try:
        with language("de"):
            assert words.gettext("{name} builds.", name="x") == "x baut."
    finally:
        os.chmod(cache / "maya-companion" / "locale", 0o700)


def test_a_damaged_catalog_reads_in_english(words, tmp_path):
    po = tmp_path / "pkg" / "locale" / "de" / "LC_MESSAGES" / "demo.po"
    po.write_bytes(b'msgid "x\n\xff\xfe garbage')
    i18n.forget_catalogs()
    with language("de"):
        assert words.gettext("{name} builds.", name="Ana") == "Ana builds."


@pytest.mark.parametrize("env, lang", [
    ({"LANG": "de_AT.UTF-8"}, "de"), ({"LANG": "C.UTF-8"}, "en"), ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LANGUAGE": "fr:de", "LANG": "fr_FR.UTF-8"}, "de"),
    ({"LC_ALL": "de_CH.UTF-8", "LANG": "en_GB.UTF-8"}, "de"),
])
def test_the_system_language_is_the_first_start_default(env, lang):
    assert i18n.system_language(env) == lang


def test_dates_and_numbers_follow_the_language():
    day = datetime.date(2026, 11, 12)
    with language("de"):
        assert i18n.format_skeleton("MMMd", day) == "12. Nov."
        assert i18n.format_decimal(1234.5) == "1.234,5"
    with language("en"):
        assert i18n.format_skeleton("MMMd", day) == "Nov 12"
        assert i18n.format_decimal(1234.5) == "1,234.5"
