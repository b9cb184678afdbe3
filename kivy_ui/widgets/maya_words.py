"""Moved: Maya's sentences live in companion/games/maya/words.py (and the public
menu in companion/games/maya/menu.py). This name stays only for a test outside
the Maya screen that still imports `number` from here; delete it once that
test imports companion.games.maya.words."""
from companion.games.maya.words import number

__all__ = ["number"]
