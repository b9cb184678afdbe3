"""What of a text did not pass through a catalog (issue 24's pseudo-locale tests).

Under the pseudo-locale (companion.i18n.PSEUDO, "qps") every translated text comes
out bracketed and accented: "[Åñå bûîļdš~~~]". What is left of a text once every
bracketed part, the players' names, numbers and symbols are taken out is English
that no catalog saw:

    with language(PSEUDO):
        left = plain_english(view["waiting_for"]["sentence"], names=["Ana", "Ben"])
    assert left == [], left
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

_BRACKETED = re.compile(r"\[[^\[\]]*\]")
_WORD = re.compile(r"[A-Za-z]{2,}")
#: Markup of Kivy labels ([b], [color=#fff], [/size]...), not words.
_MARKUP = re.compile(r"\[/?(?:b|i|u|s|sub|sup|color|size|font|ref|anchor)(?:=[^\]]*)?\]")


def plain_english(text: str, names: Iterable[str] = (), allowed: Iterable[str] = ()) -> list[str]:
    """The words of `text` outside every translated (bracketed) part, less the names
    and the `allowed` words (proper nouns such as pyramid names)."""
    text = _MARKUP.sub(" ", str(text)).replace("&bl;", "[").replace("&br;", "]")  # markup's escapes
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    while True:  # nested: a translated text inside another ("[Ŵĥō {x}]" with x "[Ţĥé]")
        shorter = _BRACKETED.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    skip = {w.lower() for a in allowed for w in _WORD.findall(a)}
    return [w for w in _WORD.findall(text) if w.lower() not in skip]


def strings(node: Any, keys: Iterable[str] = ("sentence", "sentences", "label", "text", "title", "help",
                                               "line", "lines", "name_label", "tokens_label")) -> Iterator[str]:
    """Every string under the given keys of a view (nested dicts and lists)."""
    wanted = set(keys)
    if isinstance(node, Mapping):
        for k, v in node.items():
            if k in wanted:
                if isinstance(v, str):
                    yield v
                elif isinstance(v, (list, tuple)):
                    yield from (s for s in v if isinstance(s, str))
            if isinstance(v, (Mapping, list, tuple)):
                yield from strings(v, wanted)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from strings(item, wanted)
