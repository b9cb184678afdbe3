"""Count action-type string literals outside each game's package (issue 9, "Done when":
target 0). A game's action types are the constants of its actions.py (PLACE_WORKER =
"place_worker") plus every type seen in random play; a literal is a string constant
in code (not a docstring) equal to one of them, in companion/, kivy_ui/ or hardware/
outside companion/games/<that game>/.

    python tests/companion/action_literals.py          # a table per game, then the places
"""
from __future__ import annotations

import ast
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion import games  # noqa: E402
from companion.rules.engine import CHANCE  # noqa: E402

PRODUCT = ("companion", "kivy_ui", "hardware")


def action_types(name: str, seeds: int = 6, steps: int = 3000) -> set[str]:
    game = games.get_game(name)
    found: set[str] = set()
    module = games.modules()[name].split(":")[0]
    path = ROOT / pathlib.Path(*module.split(".")) / "actions.py"
    if path.exists():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                    and node.targets[0].id.isupper() and isinstance(node.value, ast.Constant)
                    and isinstance(node.value.value, str)):
                found.add(node.value.value)
    for seed in range(seeds):
        rng = random.Random(seed)
        state = game.setup([f"P{i}" for i in range(game.min_players + seed % 2)], {})
        for _ in range(steps):
            if game.result(state) is not None:
                break
            actor = rng.choice(sorted(game.actors(state), key=str))
            legal = [game.sample_chance(state, rng)] if actor == CHANCE else game.legal_actions(state, actor)
            found |= {a["type"] for a in legal}
            state = game.apply(state, rng.choice(legal))
    return found


def _literals(path: pathlib.Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs]


def count(name: str, files: list[pathlib.Path] | None = None) -> list[str]:
    """Each place outside the game's package where one of its action types is retyped."""
    packages = [ROOT / pathlib.Path(*m.split(":")[0].split(".")) for m in games.modules().values()]
    types = action_types(name)
    if files is None:
        files = [p for top in PRODUCT for p in sorted((ROOT / top).rglob("*.py"))]
    out = []
    for path in files:
        # a game's package types its own actions (another game's "end_turn" is its own)
        if any(package in path.parents or path == package.with_suffix(".py") for package in packages):
            continue
        for line, text in _literals(path):
            if text in types:
                out.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    return out


def main() -> int:
    total = 0
    for name in games.available():
        places = count(name)
        total += len(places)
        print(f"{name}: {len(places)} action-type literals outside its package")
        for place in places:
            print(f"    {place}")
    print(f"total: {total}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
