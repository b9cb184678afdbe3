"""Bots: computer players for simulation, tests and empty seats.

A bot picks one legal action for one seat:

    bot = get_bot("maya-madness", "greedy")
    action = bot.choose(game, state, seat, rng)

`RandomBot` plays any game (a uniformly random legal action). A game's own
bots live in `companion/bots/<module name>.py` (e.g. `maya_madness.py` for
`maya-madness`), imported on first use, and register themselves:

    from companion.bots import Bot, register

    @register("maya-madness", "greedy")
    class GreedyBot(Bot):
        def choose(self, game, state, seat, rng):
            ...

Bots never see more than a player could: a well-behaved bot decides from
`game.view(state, seat)`; the state is passed so that legal_actions can be
asked without rebuilding it.
"""
from __future__ import annotations

import importlib
import random

from ..errors import BadOption

KINDS = ("random", "greedy")

# (game name, kind) -> Bot subclass
_REGISTRY: dict[tuple[str, str], type] = {}


class Bot:
    """A computer player. Subclasses override `choose`."""

    kind = "bot"

    def choose(self, game, state, seat: int, rng: random.Random) -> dict:
        raise NotImplementedError

    @staticmethod
    def legal(game, state, seat: int) -> list:
        """The seat's legal actions; BadOption with a sentence when it has none
        (it is not that seat's turn), so every bot refuses the same way."""
        actions = game.legal_actions(state, seat)
        if not actions:
            raise BadOption(f"Seat {seat} has no legal action now, so no bot can move for it.")
        return actions


class RandomBot(Bot):
    """Plays a uniformly random legal action; works for every game."""

    kind = "random"

    def choose(self, game, state, seat, rng):
        return rng.choice(self.legal(game, state, seat))


def register(game_name: str, kind: str = "greedy"):
    """Class decorator: make `cls` the `kind` bot of `game_name`."""

    def decorate(cls):
        _REGISTRY[(game_name, kind)] = cls
        return cls

    return decorate


def _load_game_bots(game_name: str) -> None:
    module_name = "companion.bots." + game_name.replace("-", "_")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name == module_name:  # no bot module for this game (yet)
            return
        raise
    # A module that defines its bot without calling register: take its one Bot
    # subclass as the greedy bot, so a missing decorator is not a silent fallback.
    if (game_name, "greedy") not in _REGISTRY:
        own = [
            v for v in vars(module).values()
            if isinstance(v, type) and issubclass(v, Bot) and v not in (Bot, RandomBot)
            and v.__module__ == module.__name__
        ]
        if len(own) == 1:
            _REGISTRY[(game_name, "greedy")] = own[0]


def get_bot(game_name: str, kind: str = "random") -> Bot:
    """A fresh bot of `kind` ("random" or "greedy") for `game_name`."""
    if kind == "random":
        return RandomBot()
    if (game_name, kind) not in _REGISTRY:
        _load_game_bots(game_name)
    cls = _REGISTRY.get((game_name, kind))
    if cls is None:
        have = sorted({"random"} | {k for (g, k) in _REGISTRY if g == game_name})
        raise BadOption(
            f"There is no {kind} bot for {game_name}; the bots for it are: {', '.join(have)}."
        )
    return cls()


def has_bot(game_name: str, kind: str) -> bool:
    """Whether get_bot(game_name, kind) would succeed."""
    try:
        get_bot(game_name, kind)
    except BadOption:
        return False
    return True


def available_kinds(game_name: str) -> list[str]:
    return [k for k in KINDS if has_bot(game_name, k)]


__all__ = ["Bot", "RandomBot", "register", "get_bot", "has_bot", "available_kinds", "KINDS"]
