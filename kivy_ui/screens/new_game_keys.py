"""The on-screen keyboard's layouts for typing names (issue 22 §4): the letters of
the table's language on the keys (ä ö ü ß on a German table, é è à ç on a French
one…), a hyphen and an apostrophe for "Jean-Luc" and "O'Neil", and a second page
(the "àé…" key) with the accented letters of other languages and the digits.

The language comes from the [app] setting `keyboard` ("de", "fr", …; "auto", the
default, reads the system locale: LC_ALL, LC_MESSAGES, LANG), qwerty otherwise.
Layouts are in Kivy's VKeyboard format (kivy/data/keyboards/*.json): rows of
[shown, typed, key code, width].

    language("auto")    # "de" on a system whose LANG is de_DE.UTF-8
    layouts("de")       # {"names-de": qwertz with ä ö ü ß, "names-de-more": the second page}
"""
from __future__ import annotations

import os
from typing import Any

#: language -> the three letter rows (lower case), left to right.
LETTERS: dict[str, tuple[str, str, str]] = {
    "en": ("qwertyuiop", "asdfghjkl", "zxcvbnm"),
    "de": ("qwertzuiopü", "asdfghjklöä", "yxcvbnmß"),
    "fr": ("azertyuiop", "qsdfghjklm", "wxcvbnéèàç"),
    "es": ("qwertyuiop", "asdfghjklñ", "zxcvbnmáéó"),
    "it": ("qwertyuiop", "asdfghjklèé", "zxcvbnmàòù"),
    "pt": ("qwertyuiop", "asdfghjklç", "zxcvbnmãáé"),
    "sv": ("qwertyuiopå", "asdfghjklöä", "zxcvbnm"),
    "fi": ("qwertyuiopå", "asdfghjklöä", "zxcvbnm"),
    "da": ("qwertyuiopå", "asdfghjklæø", "zxcvbnm"),
    "nb": ("qwertyuiopå", "asdfghjkløæ", "zxcvbnm"),
    "nl": ("qwertyuiop", "asdfghjklë", "zxcvbnméï"),
}
#: locale names that mean one of the languages above.
ALIASES = {"no": "nb", "nn": "nb", "c": "en", "posix": "en"}
#: the second page: accented letters of other languages, then the digits.
EXTRA = ("áàâäãåæçéèêë", "íìîïñóòôöõøœ", "úùûüýÿßšžčł", "1234567890")

NAMES = tuple(sorted(LETTERS))


def language(setting: str = "auto", environ: dict[str, str] | None = None) -> str:
    """The keyboard's language: the setting when it names one, else the system
    locale's (LC_ALL, LC_MESSAGES, LANG: "de_AT.UTF-8" -> "de"), else "en"."""
    env = os.environ if environ is None else environ
    wanted = (setting or "auto").strip().lower()
    if wanted in ("", "auto"):
        wanted = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "en")
    code = wanted.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    code = ALIASES.get(code, code)
    return code if code in LETTERS else "en"


def _key(ch: str, upper: bool) -> list[Any]:
    shown = ch.upper() if upper and ch != "ß" else ch
    return [shown, shown, ch, 1]


def _rows(letters: tuple[str, ...], cols: int, upper: bool, page_key: str, last: list[Any]) -> list[list[Any]]:
    r1, r2, r3 = letters[:3]
    third = [_key(c, upper) for c in r3] + [["-", "-", "-", 1], ["'", "'", "'", 1]]
    return [
        [_key(c, upper) for c in r1] + [["⌫", None, "backspace", cols - len(r1)]],
        [_key(c, upper) for c in r2] + [["⏎", None, "enter", cols - len(r2)]],
        [["⇧", None, "shift", 1.5], *third, ["⇧", None, "shift", cols - 1.5 - len(third)]],
        [[page_key, None, "page", 2.5], *last, ["✓", None, "escape", cols - 2.5 - sum(k[3] for k in last)]],
    ]


def layouts(lang: str) -> dict[str, dict[str, Any]]:
    """Kivy layouts for `lang`: "names-LANG" (its letters) and "names-LANG-more" (the
    second page), each with normal (lower case) and shift (capitals) modes."""
    rows = LETTERS.get(lang, LETTERS["en"])
    out = {}
    for name, letters, key in ((f"names-{lang}", rows, "àé…"), (f"names-{lang}-more", EXTRA[:3], "abc")):
        # As few columns as the page needs: the widest keys a narrow panel can have.
        cols = max(len(letters[0]) + 2, len(letters[1]) + 2, len(letters[2]) + 5, 12 if name.endswith("more") else 0)
        last = ([[d, d, d, 1] for d in EXTRA[3][: int(cols - 5.5)]] if name.endswith("more")
                else [[" ", " ", "spacebar", cols - 5.5]])
        d: dict[str, Any] = {"title": name, "description": f"Names ({lang})", "cols": cols, "rows": 4}
        for mode, upper in (("normal", False), ("shift", True)):
            for i, row in enumerate(_rows(letters, cols, upper, key, last), 1):
                d[f"{mode}_{i}"] = row
        out[name] = d
    return out


def layouts_for(setting: str = "auto") -> tuple[str, dict[str, dict[str, Any]]]:
    """The language for this setting (and the system locale) and its two layouts."""
    lang = language(setting)
    return lang, layouts(lang)
