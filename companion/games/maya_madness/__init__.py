"""Maya Madness: the rules engine (registered as "maya-madness").

Modules: cards (codes, box contents), state (the immutable state), rules
(legal actions and apply), views (what each viewer sees), game (the Game object).
"""
from .game import GAME, MayaMadness

__all__ = ["GAME", "MayaMadness"]
