"""Issue 21, "Done when": screens render frames and send back choices.

(b) No file under kivy_ui/ builds an action dict — a dict literal with a "type" or
"actor" key, `dict(type=..., actor=...)`, or setting `x["type"]` / `x["actor"]` —
or reads `.session` (the table controller's frame is the one door).

(c) No screen or widget under kivy_ui/, and no phone page (companion/phones/static),
holds a player-facing string literal outside the chrome words: the game (or the
controller) writes every sentence.

Other helpers are converting the game screens, the phones and the controller, log,
fix, end and app screens while this check lands: ALLOW_* list today's offending
files, each with who fixes it, so the lead can empty them after merging. A file not
listed that offends fails; a listed file that no longer offends fails too (take it
out of the list).
"""
from __future__ import annotations

import ast
import functools
import importlib.util
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
UI = sorted(p for p in (ROOT / "kivy_ui").rglob("*.py") if "__pycache__" not in p.parts)
ACTION_KEYS = {"type", "actor"}

# --- (b) actions and the session ---------------------------------------------------------
#: Files under kivy_ui/ that build actions or read .session today -> who fixes it.
ALLOW_ACTIONS = {
}


def action_building(source: str) -> list[str]:
    """Each place the code builds an action dict or reads `.session`."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            if keys & ACTION_KEYS:
                out.append(f"line {node.lineno}: a dict with {sorted(keys & ACTION_KEYS)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
            if {k.arg for k in node.keywords} & ACTION_KEYS:
                out.append(f"line {node.lineno}: dict(type=/actor=)")
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if (isinstance(t, ast.Subscript) and isinstance(t.slice, ast.Constant)
                        and t.slice.value in ACTION_KEYS):
                    out.append(f"line {node.lineno}: sets [{t.slice.value!r}]")
        elif isinstance(node, ast.Attribute) and node.attr == "session" and isinstance(node.ctx, ast.Load):
            out.append(f"line {node.lineno}: reads .session")
    return out


# --- (c) player-facing words --------------------------------------------------------------
#: The chrome a screen may write itself; every other word a player reads comes from the
#: game or the controller.
CHROME = {"Home", "Help", "Log", "Undo", "Redo", "Back", "Hide", "Yes", "No", "Cancel", "OK", "Start", "Close", "Done",
          "Next", "Previous", "Save", "Export", "Settings"}
SCREENS = sorted([*(ROOT / "kivy_ui" / "screens").glob("*.py"), *(ROOT / "kivy_ui" / "screens").glob("*.kv"),
                  *(ROOT / "kivy_ui" / "widgets").glob("*.py"), *(ROOT / "kivy_ui").glob("*.kv"),
                  *(ROOT / "companion" / "phones" / "static").glob("*.html"),
                  *(ROOT / "companion" / "phones" / "static").glob("*.js")])
_WORD = re.compile(r"[A-Za-z][a-z]+")


def player_facing(text: str) -> bool:
    """Whether a literal reads as words for a player: a capitalised word, words with a
    space between them, or a sentence's punctuation — not an id, a key, a font size,
    a format or a chrome word."""
    words = _WORD.findall(text)
    if not words or text.strip() in CHROME:
        return False
    if re.fullmatch(r"[A-Z][a-z]+(?:[A-Z][a-z]*)+", text.strip()):
        return False  # a class name (Factory.register("ChoicesBar", ...)), not words
    if all(w in CHROME for w in words):
        return False
    stripped = text.strip()
    return ((" " in stripped and len(words) >= 1 and any(c.isalpha() for c in stripped)
            and not re.fullmatch(r"[\w.\-]+( [\w.\-]+)*", stripped.lower())) or stripped[:1].isupper()
            or stripped.endswith((".", "?", "!", ":", "…")))


@functools.cache
def _generic_files():
    spec = importlib.util.spec_from_file_location("generic_files", ROOT / "tests/companion/generic_files.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _docstrings(tree: ast.AST) -> set[int]:
    return _generic_files().docstring_ids(tree)


#: The calls that hand a literal to a catalog (issue 24): a screen's own words marked so are
#: its chrome, translated; a sentence about the game still comes from the game.
GETTEXT = {"_", "gettext", "ngettext", "pgettext", "N_"}
#: Literals that are not words: a Babel date skeleton, a font's name.
NOT_WORDS = {"MMMd", "yMMMd", "Roboto"}


def _marked(tree: ast.AST) -> set[int]:
    """The ids of literals handed to a gettext call (`_("Undo")`, `tr._("Undo")`)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in GETTEXT:
                out.update(id(a) for a in node.args if isinstance(a, ast.Constant))
    return out


def py_words(source: str) -> list[str]:
    tree = ast.parse(source)
    skip = _docstrings(tree) | _marked(tree)
    out = []
    inside_fstring = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            if player_facing(text.replace("{}", "")) or (_WORD.search(text.replace("{}", " "))
                                                         and " " in text.replace("{}", "").strip()):
                out.append(f"line {node.lineno}: {text!r:.70}")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
              and id(node) not in inside_fstring and node.value not in NOT_WORDS and player_facing(node.value)):
            out.append(f"line {node.lineno}: {node.value!r:.70}")
    return out


_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\'')
#: A gettext call's parentheses in a .kv or .js line (`tr._("Undo")`, `words.t("…")` is not one).
_MARKED = re.compile(r"""\b(?:_|gettext|ngettext|pgettext|N_)\((?:[^()"']|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')*\)""")


def text_words(text: str, suffix: str) -> list[str]:
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        code = line
        if suffix == ".kv" and line.lstrip().startswith("#"):
            continue
        if suffix == ".js":
            code = line.split("//", 1)[0] if not line.lstrip().startswith("//") else ""
        code = _MARKED.sub("0", code)
        parts = [m.group(1) if m.group(1) is not None else m.group(2) for m in _QUOTED.finditer(code)]
        if suffix == ".html":
            parts = [t for t in re.findall(r">([^<>]+)<", code)]
        out += [f"line {n}: {p!r:.70}" for p in parts if player_facing(p)]
    return out


def words_in(path: pathlib.Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return py_words(text) if path.suffix == ".py" else text_words(text, path.suffix)


#: Screens, widgets and phone page files with words of their own today -> who fixes it.
#: "next issue": the app's own screens (Home, Past games, New game…) are not a game's and
#: nobody converts them in issue 21; the next issue (the table and phone screens) gives
#: them a words table of their own.
ALLOW_WORDS = {
    "companion/phones/static/seat.js": "phones",
    "kivy_ui/screens/end.py": "frame",
    "kivy_ui/screens/mayan_curse.py": "curse",
    "kivy_ui/screens/box_setup.py": "next issue",
    "kivy_ui/screens/new_game.py": "registry / next issue",
    "kivy_ui/screens/new_game_keys.py": "next issue (24: the keyboard layouts' titles)",
    "kivy_ui/widgets/sim_panel.py": "next issue (the simulated devices' panel)",
}


def _rel(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", UI, ids=_rel)
def test_no_screen_builds_an_action_or_reads_the_session(path):
    found = action_building(path.read_text(encoding="utf-8"))
    rel = _rel(path)
    if rel in ALLOW_ACTIONS:
        assert found, f"{rel} is clean now: take it out of ALLOW_ACTIONS ({ALLOW_ACTIONS[rel]})"
        return
    assert found == [], f"{rel} builds an action or reads the session: " + "; ".join(found)


@pytest.mark.parametrize("path", SCREENS, ids=_rel)
def test_no_screen_writes_a_players_sentence(path):
    found = words_in(path)
    rel = _rel(path)
    if rel in ALLOW_WORDS:
        assert found, f"{rel} is clean now: take it out of ALLOW_WORDS ({ALLOW_WORDS[rel]})"
        return
    assert found == [], f"{rel} writes words a player reads: " + "; ".join(found)


def test_the_allow_lists_name_real_files():
    for rel in (*ALLOW_ACTIONS, *ALLOW_WORDS):
        assert (ROOT / rel).exists(), rel


def test_the_checks_find_what_they_are_about():
    source = ('''"""A docstring: "Pass" here is fine."""\n'''
              'def f(seat, table, b):\n'
              '    action = {"actor": seat, "type": "pass"}\n'
              '    move = dict(type="bid", actor=seat)\n'
              '    action["type"] = "pass"\n'
              '    legal = table.session.legal_actions(seat)\n'
              '    b.text = "Ana passes."\n'
              '    b.text = f"{seat} passes"\n'
              '    back = "Back"\n'
              '    key = "game_choice"\n')
    found = " ".join(action_building(source))
    for expected in ("line 3: a dict", "line 4: dict(type=", "line 5: sets [\'type\']", "line 6: reads .session"):
        assert expected in found, expected
    words = " ".join(py_words(source))
    assert "Ana passes." in words and "passes" in words
    assert "Back" not in words and "game_choice" not in words and "docstring" not in words
    assert text_words('        text: "Only you look"\n        # "A comment" is fine\n', ".kv") == [
        "line 1: \'Only you look\'"]
    assert text_words("<h1>Your hand</h1><b>OK</b>", ".html") == ["line 1: \'Your hand\'"]
