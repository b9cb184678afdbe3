"""Bots: computer players for simulation, tests and empty seats.

A bot picks one legal action for one seat, from what that seat may know:

    bot = get_bot(game_name, "greedy")
    action = bot.choose(game, view, legal, rng)    # view = game.view(state, seat)

It is handed the seat's view (its secrets under "you") and that seat's legal
actions, never the state. `move(bot, game, state, seat, rng)` does the handing
for a caller that holds a state (simulate, tests, the app's empty seats).

`RandomBot` plays any game (a uniformly random legal action). A game's own
bots live in its package's `bot.py` (companion/games/maya/bot.py), imported on
first use, and register themselves:

    from companion.rules.bots import Bot, register

    @register("some-game", "greedy")
    class GreedyBot(Bot):
        def choose(self, game, view, legal, rng):
            ...

Until every game's bot takes (game, view, legal, rng), a bot written the older
way, choose(game, state, seat, rng), still works through `move`, and a new-style
bot still accepts the older call (both are adapters, to go once all are converted).
"""
from __future__ import annotations

import importlib
import importlib.util

from companion.errors import BadOption
from companion.rules.bots import _REGISTRY, KINDS, Bot, RandomBot, move, register
from companion.words import _


def _bot_module(game_name: str) -> str | None:
    """Where a game's own bots live: `bot` in the game's package (a new game is its
    package); None for a game that is a single module, not a package."""
    from companion.games import modules

    module = modules().get(game_name, "").split(":", 1)[0]
    if not module:
        return None
    spec = importlib.util.find_spec(module)
    if spec is None or spec.submodule_search_locations is None:
        return None
    return module + ".bot"


def _load_game_bots(game_name: str) -> None:
    module_name = _bot_module(game_name)
    if module_name is None:
        return
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
        raise BadOption(_("There is no {kind} bot for {game}; the bots for it are: {bots}.", kind=kind,
                          game=game_name, bots=", ".join(have)))
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


__all__ = ["KINDS", "Bot", "RandomBot", "available_kinds", "get_bot", "has_bot", "move", "register"]
