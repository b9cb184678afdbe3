"""Which files of the product are generic layers, and which belong to one game
(issue 21: the generic-layer check covers every file outside companion/games/<game>/
and that game's own screen files).

A game owns: its package (the folder of its entry point's module, its bot.py
included), its own table screen (the
module its `maya_companion.screens` entry point names, with the .kv beside it, and
its siblings named after it: maya_madness_pad.py beside maya_madness.py) and the
kivy_ui/widgets modules those import, directly or through each other.
Every other .py, .kv, .html and .js file under companion/, kivy_ui/ and hardware/
is a generic layer.
"""
from __future__ import annotations

import ast
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion import games  # noqa: E402
from companion.store import entrypoints  # noqa: E402

PRODUCT = ("companion", "kivy_ui", "hardware")
SUFFIXES = (".py", ".kv", ".html", ".js")


def _module_file(module: str) -> pathlib.Path | None:
    base = ROOT / pathlib.Path(*module.split("."))
    for candidate in (base / "__init__.py", base.with_suffix(".py")):
        if candidate.exists():
            return candidate
    return None


def _imported_widgets(path: pathlib.Path) -> set[pathlib.Path]:
    """The kivy_ui/widgets modules `path` imports (relative or absolute)."""
    out = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.parent
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = package
            for _ in range(node.level - 1):
                base = base.parent
            target = base / pathlib.Path(*(node.module or "").split(".")) if node.module else base
        else:
            target = ROOT / pathlib.Path(*(node.module or "").split("."))
        names = [target] + [target / a.name for a in node.names]
        for t in names:
            f = t.with_suffix(".py")
            if f.exists() and f.parent == ROOT / "kivy_ui" / "widgets":
                out.add(f.resolve())
    return out


def owned() -> dict[pathlib.Path, str]:
    """file -> the game that owns it."""
    out: dict[pathlib.Path, str] = {}
    screens = entrypoints.scan("maya_companion.screens")
    for name, value in games.modules().items():
        module = value.split(":")[0]
        first = _module_file(module)
        if first is None or ROOT not in first.parents:
            continue
        if first.name == "__init__.py":
            for p in first.parent.rglob("*"):
                out[p.resolve()] = name
        else:
            out[first.resolve()] = name
        todo = []
        for spec in (screens.get(name),):
            screen = _module_file(spec.split(":")[0]) if spec else None
            if screen is not None:
                out[screen.resolve()] = name
                out[screen.with_suffix(".kv").resolve()] = name
                todo.append(screen)
                for sibling in screen.parent.glob(screen.stem + "_*.py"):  # the screen split in parts
                    out[sibling.resolve()] = name
                    todo.append(sibling)
        while todo:
            for w in _imported_widgets(todo.pop()):
                if w not in out:
                    out[w] = name
                    todo.append(w)
    return out


def generic() -> list[pathlib.Path]:
    """Every product file no game owns, in path order."""
    mine = owned()
    return [p for top in PRODUCT for p in sorted((ROOT / top).rglob("*"))
            if p.suffix in SUFFIXES and p.resolve() not in mine and "__pycache__" not in p.parts]


def docstring_ids(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (the checks on what files say
    skip them: a docstring may name what it explains)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


if __name__ == "__main__":
    for p in generic():
        print(p.relative_to(ROOT))
