"""Mayan Curse: the expedition keeper — sacred purse, hidden stelae, boulder timers,
temple, solo scenarios. See game.py for the contract and docs/actions.md for actions."""
from .game import MayanCurse

GAME = MayanCurse()

__all__ = ["GAME", "MayanCurse"]
