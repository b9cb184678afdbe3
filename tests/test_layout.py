"""The layout shows the architecture (issue 21 §6): companion/ is grouped into
packages by concept, no two modules import each other round a circle, the
packages stack one way (rules and store at the bottom, the table above them,
history and the command line on top), and no source file is past ~500 lines."""
from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "kivy_ui", "hardware")
LONGEST = 520  # "no file past ~500 lines"
#: Which companion package may import which (a package always imports itself).
#: Languages (issue 24) stand under everything: any part that speaks may use them.
SPEECH = {"companion.i18n", "companion.words"}
BELOW = {
    "companion.i18n": set(),
    "companion.i18n_catalogs": set(),
    "companion.words": {"companion.i18n"},
    "companion.errors": set(),
    "companion.store": {"companion.errors"},
    "companion.rules": {"companion.errors", "companion.store"},
    "companion.games": {"companion.errors", "companion.store", "companion.rules"},
    "companion.bots": {"companion.errors", "companion.rules", "companion.games"},
    "companion.table": {"companion.errors", "companion.store", "companion.rules", "companion.games"},
    "companion.phones": {"companion.errors", "companion.rules", "companion.games", "companion.table"},
    "companion.history": {"companion.errors", "companion.store", "companion.rules", "companion.games",
                          "companion.table"},
    "companion.cli": {"companion.errors", "companion.store", "companion.rules", "companion.games",
                      "companion.bots", "companion.table", "companion.history", "companion"},
}


def modules() -> dict[str, pathlib.Path]:
    out = {}
    for p in (ROOT / "companion").rglob("*.py"):
        parts = p.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p
    return out


def _run_time(tree: ast.Module) -> list[ast.AST]:
    """Every node but those under `if TYPE_CHECKING:` (a type named for mypy only ties
    nothing together when the program runs)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for child in node.body for n in ast.walk(child))
    return [n for n in ast.walk(tree) if id(n) not in skip]


def imports(name: str, path: pathlib.Path, known: dict[str, pathlib.Path]) -> set[str]:
    """The companion modules `name` imports when it runs, anywhere in the file (a lazy
    import inside a function still ties the modules together)."""
    found = set()
    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in _run_time(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = pkg.split(".")[: len(pkg.split(".")) - (node.level - 1)] if node.level else []
            full = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                sub = f"{full}.{alias.name}"
                found.add(sub if sub in known else full)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {m for m in found if m in known and m != name}


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def group(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 else module


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


def depth(g: dict[str, set[str]]) -> int:
    """The longest chain of imports, counted in modules (the graph has no circle)."""
    done: dict[str, int] = {}

    def d(v: str, path: frozenset[str]) -> int:
        if v not in done:
            done[v] = 1 + max((d(w, path | {v}) for w in g[v] if w not in path), default=0)
        return done[v]
    return max((d(v, frozenset()) for v in g), default=0)


def test_no_module_imports_itself_round_a_circle():
    assert cycles(graph()) == []


def test_the_packages_stack_one_way():
    wrong = []
    for module, deps in graph().items():
        mine = group(module)
        if mine == "companion" or mine.endswith("__main__"):
            continue
        allowed = BELOW.get(mine)
        assert allowed is not None, f"{mine} is a package the layout does not know: add it to BELOW"
        wrong += [f"{module} imports {d}" for d in sorted(deps)
                  if group(d) != mine and group(d) not in allowed and group(d) not in SPEECH]
    assert wrong == []


def test_the_stack_is_not_deep():
    """Twelve modules deep, circles included, before the regroup (issue 21): cli_history ->
    stats -> export -> fairness -> session -> undo -> log -> ... -> errors. Without the
    circles the longest chain now runs inside the table and the rules core; it must not
    grow, and the packages stand at most eight deep (cli, history, phones, table, bots, games,
    rules, store, errors). The languages (SPEECH) stand under all of it and are not counted."""
    spoken = {m: deps - SPEECH for m, deps in graph().items() if m not in SPEECH}
    assert depth(spoken) <= 12
    packages: dict[str, set[str]] = {}
    for module, deps in spoken.items():
        packages.setdefault(group(module), set()).update(group(d) for d in deps if group(d) != group(module))
    assert cycles(packages) == []
    assert depth(packages) <= 8


def test_no_source_file_is_past_500_lines():
    long = []
    for package in PACKAGES:
        for p in sorted((ROOT / package).rglob("*.py")):
            n = len(p.read_text(encoding="utf-8").splitlines())
            if n > LONGEST:
                long.append(f"{p.relative_to(ROOT)}: {n} lines")
    assert long == []


if __name__ == "__main__":  # the figures for a note: python tests/test_layout.py
    g = graph()
    p: dict[str, set[str]] = {}
    for m, deps in g.items():
        p.setdefault(group(m), set()).update(group(d) for d in deps if group(d) != group(m))
    print("modules", len(g), "depth", depth(g), "cycles", cycles(g))
    print("packages deep", depth(p), "package cycles", cycles(p))


def _docs() -> list[pathlib.Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_every_path_the_docs_name_exists():
    """A file named by path in the docs (companion/table/gate.py) exists after the
    regroup, and a file named bare in backticks (`gate.py`) exists somewhere in the
    tree: a map of the architecture that names files which are gone misleads."""
    import re

    names = {p.name for d in (*PACKAGES, "tests", "deploy", "scripts") for p in (ROOT / d).rglob("*.py")}
    missing = []
    for doc in _docs():
        text = doc.read_text(encoding="utf-8")
        for m in re.finditer(r"(?<![\w/.])((?:companion|kivy_ui|hardware|tests)/[\w/.-]+\.py)\b", text):
            if not (ROOT / m.group(1)).exists():
                missing.append(f"{doc.name}: {m.group(1)}")
        for m in re.finditer(r"`([a-z_]+\.py)`", text):
            if m.group(1) not in names:
                missing.append(f"{doc.name}: {m.group(1)}")
    assert not missing, missing
