"""The phone pages' bytes in a language (issue 24): a seat's page (seat.html with its
`lang` attribute, its words and the language chooser as JSON blocks) and the page
of a link that opens no seat. companion/phones/server.py serves them."""
from __future__ import annotations

import html
import json
import pathlib
from typing import Any

from aiohttp import web

from companion.i18n import LANGUAGES, language

from .i18n import _
from .languages import COOKIE, decide
from .messages import page_words

_GONE_PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{app}</title>
<style>body{font-family:sans-serif;background:#1d1a16;color:#f3ead8;padding:2em;font-size:20px}</style>
</head><body><h1>{title}</h1>
<p id="why">{why}</p></body></html>"""


def gone_page(why: str, lang: str) -> str:
    """The page of a link that opens no seat, in `lang` (why: already in it)."""
    with language(lang):
        words = {"{lang}": lang, "{app}": _("Maya companion"), "{title}": _("This link does not open a seat")}
    page = _GONE_PAGE
    for key, value in words.items():
        page = page.replace(key, html.escape(value))
    return page.replace("{why}", html.escape(why))


def visitor_language(request: web.Request) -> str:
    """The language of a visitor who opens no seat: its cookie, its browser's, the table's."""
    return decide(None, None, request.cookies.get(COOKIE), request.headers.get("Accept-Language"))


def _json_block(block: str, value: Any) -> str:
    data = json.dumps(value, ensure_ascii=True).replace("<", "\\u003c").replace(">", "\\u003e")
    return f'<script type="application/json" id="{block}">{data}</script>'


def _words_script(lang: str) -> str:
    """The page's words in `lang` as a JSON block (what it shows before its first
    message, and its buttons), and the languages its chooser offers, each in its own name."""
    with language(lang):
        words = page_words()
    chooser = {"lang": lang, "languages": [[code, name] for code, name in LANGUAGES.items()]}
    return _json_block("words", words) + "\n" + _json_block("chooser", chooser)


def seat_page(template: pathlib.Path, lang: str) -> bytes:
    """seat.html in `lang`: its lang attribute and its words."""
    page = template.read_text(encoding="utf-8")
    page = page.replace('<html lang="en">', f'<html lang="{html.escape(lang)}">', 1)
    return page.replace("<!--words-->", _words_script(lang)).encode("utf-8")
