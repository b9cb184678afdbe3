"""The app in one language, walked through the states every `sizes_*.py` module
yields (the walk of test_sizes.py), checked as a reader of that language would:

    python tests/kivy_ui/languages_child.py LANG WIDTH HEIGHT SHOTS_DIR [MODULE ...]
    python tests/kivy_ui/languages_child.py home     (started from its config file: Home's texts)

prints one JSON line: for each state the English words left on screen (under the
pseudo-locale, companion.i18n.PSEUDO: what passed through no catalog), split into
the chrome's (a literal of kivy_ui/ shown as it is written) and the rest's (the
games' and the companion's sentences), and the texts cut off or drawn over each
other. Screenshots: SHOTS_DIR/lang-LANG-NAME.png. tests/kivy_ui/test_languages.py runs it.
"""
from __future__ import annotations

import ast
import importlib
import json
import os
import pathlib
import re
import sys
import traceback

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
#: The names the walks seat (tests/kivy_ui/sizes_*.py), never translated.
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay", "Cleo", "Dev", "Annabelle", "Benedikt", "Cyrille",
         "Dominique", "Maximiliane", "Sophie", "Evangeline")
#: Words that are the same in every language: proper nouns, product names; and the months
#: Babel writes in a date, English in the pseudo-locale by design (companion.i18n).
ALLOWED = ("BG Stats", "Wi-Fi", "QR", "aiohttp", "maya-companion", "TOML", "UTF", "http",
           "Tikal Chichen Itza Copan Uxmal Palenque",  # Maya's pyramids: the sites' names
           "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec")
_WORD = re.compile(r"[A-Za-z]{2,}")


def _marked() -> set[str]:
    """Every message the kivy_ui catalog holds (a literal marked for translation)."""
    from babel.messages.pofile import read_po

    with open(ROOT / "kivy_ui" / "locale" / "kivy_ui.pot", "rb") as f:
        return {i for m in read_po(f) if m.id for i in ((m.id,) if isinstance(m.id, str) else m.id)}


def chrome_literals() -> list[tuple[str, ...]]:
    """The word sequences of kivy_ui's string literals that could be shown (a capital or a
    space in them) and are not marked: what the chrome would show in English."""
    marked = _marked()
    found: set[str] = set()
    for path in (ROOT / "kivy_ui").rglob("*.py"):
        if path.name in ("sim_panel.py", "driver.py", "main.py"):  # a developer's panel, the terminal
            continue
        tree = ast.parse(path.read_text())
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}  # docstrings, bare strings
        found.update(n.value for n in ast.walk(tree)
                     if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs)
    for path in (ROOT / "kivy_ui").rglob("*.kv"):
        for line in path.read_text().splitlines():
            if not line.strip().startswith("#"):
                found.update(re.findall(r'"([^"]*)"', line))
    classes = {n.name for path in (ROOT / "kivy_ui").rglob("*.py") for n in ast.walk(ast.parse(path.read_text()))
               if isinstance(n, ast.ClassDef)}
    out = []
    for text in found - classes:  # a class named in a string (Factory, a cast) is not shown
        if text in marked or not (" " in text or re.match(r"[A-Z][a-z]", text)):
            continue
        words = tuple(_WORD.findall(re.sub(r"\{[^{}]*\}", " ", text)))
        if len(words) > 1 or (words and words[0][0].isupper()):  # a sentence or a Word, not " for "
            out.append(words)
    return out


def _contains(words: list[str], seq: tuple[str, ...]) -> bool:
    n = len(seq)
    return any(tuple(words[i:i + n]) == seq for i in range(len(words) - n + 1))


def english(d, root, literals) -> tuple[list[str], list[str]]:
    """(chrome, other): each visible label's text with English left in it."""
    sys.path.insert(0, str(ROOT / "tests"))
    from i18n_check import plain_english

    from companion.i18n import LANGUAGES

    names = list(NAMES) + list(LANGUAGES.values())  # Settings lists each language in its own name
    table = getattr(d.app, "table", None)
    if table is not None:
        names += list(table.frame().players)
    chrome, other = [], []
    for w in d.public_labels(root):
        left = plain_english(w.text, names=names, allowed=ALLOWED)
        if not left:
            continue
        line = f"{w.text[:90]!r}: {' '.join(left[:12])}"
        (chrome if any(_contains(left, seq) for seq in literals) else other).append(line)
    return chrome, other


def child(lang: str, width: int, height: int, shots: str, names: list[str]) -> int:
    sys.path.insert(0, str(HERE))
    from sizes_child import modules, on_top

    from kivy_ui.driver import AppDriver

    d = AppDriver(simulate=True, width=width, height=height)
    d.start()
    assert d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
    d.app.set_language(lang, remember=False)
    literals = chrome_literals()
    report: dict = {"language": lang, "states": {}, "errors": {}}
    for module in modules(names):
        d.app.show("home")
        d.frames(2)
        try:
            for name in importlib.import_module(module).states(d):
                d.frames(3)
                d.screenshot(f"lang-{lang}-{name}", shots)
                root = on_top(d)
                chrome, other = english(d, root, literals)
                report["states"][name] = {
                    "screen": d.screen().name, "chrome": chrome, "other": other,
                    "cut": [f"{t[:60]!r} texture {ts} in {ws}" for t, ts, ws in d.cut_off(root)],
                    "over": [f"{a!r} over {b!r}" for a, b in d.overlaps(root)]}
        except Exception:  # reported by name; the next module still runs
            report["errors"][module] = traceback.format_exc(limit=6)[-2500:]
        try:
            d.app.show("home")
        except Exception:
            pass
    print(json.dumps(report), flush=True)
    d.stop()
    return 0


def home() -> int:
    """The app started as a table starts it (its config file read): the language it
    speaks and Home's texts, as one JSON line."""
    from kivy_ui.driver import AppDriver

    d = AppDriver(simulate=True)
    d.start()
    assert d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
    d.frames(2)
    print(json.dumps({"language": d.app.language, "screen": d.screen().name,
                      "texts": [w.text for w in d.public_labels(d.screen())]}), flush=True)
    d.stop()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    if sys.argv[1] == "home":
        raise SystemExit(home())
    lang, w, h, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    raise SystemExit(child(lang, w, h, out, sys.argv[5:]))
