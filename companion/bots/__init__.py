"""Bots: computer players for simulation, tests and empty seats.

A bot picks one legal action for one seat, from what that seat may know:

    bot = get_bot(game_name, "greedy")
    action = bot.choose(game, view, legal, rng)    # view = game.view(state, seat)

It is handed the seat's view (its secrets under "you") and that seat's legal
actions, never the state. `move(bot, game, state, seat, rng)` does the handing
for a caller that holds a state (simulate, tests, the app's empty seats).

`RandomBot` plays any game (a uniformly random legal action). A game's own
bots live in `companion/bots/<module name>.py` (the game's name with "-" as
"_"), imported on first use, and register themselves:

    from companion.bots import Bot, register

    @register("some-game", "greedy")
    class GreedyBot(Bot):
        def choose(self, game, view, legal, rng):
            ...

Until every game's bot takes (game, view, legal, rng), a bot written the older
way, choose(game, state, seat, rng), still works through `move`, and a new-style
bot still accepts the older call (both are adapters, to go once all are converted).
"""
from __future__ import annotations

import functools
import importlib
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from ..engine import Game
from ..errors import BadOption

KINDS = ("random", "greedy")

# (game name, kind) -> Bot subclass
_REGISTRY: dict[tuple[str, str], type[Bot]] = {}

B = TypeVar("B", bound="type[Bot]")


def _takes_view(fn: Callable[..., Any]) -> bool:
    """choose(self, game, view, legal, rng): the contract's way."""
    params = list(inspect.signature(fn).parameters)
    return len(params) >= 3 and params[2] in ("view", "_view")


class Bot:
    """A computer player. Subclasses override `choose(game, view, legal, rng)`."""

    kind = "bot"
    #: True when choose takes (game, view, legal, rng); set for each subclass.
    takes_view = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "choose" not in cls.__dict__:
            return
        cls.takes_view = _takes_view(cls.__dict__["choose"])
        if cls.takes_view:
            cls.choose = _accept_state_call(cls.__dict__["choose"])  # type: ignore[method-assign]

    def choose(self, game: Game, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
               rng: random.Random) -> dict[str, Any]:
        raise NotImplementedError

    @staticmethod
    def legal(game: Game, state: Any, seat: int) -> list[dict[str, Any]]:
        """The seat's legal actions; BadOption with a sentence when it has none
        (it is not that seat's turn), so every bot refuses the same way."""
        actions = game.legal_actions(state, seat)
        if not actions:
            raise BadOption(f"Seat {seat} has no legal action now, so no bot can move for it.")
        return actions


def _accept_state_call(choose: Callable[..., Any]) -> Callable[..., Any]:
    """Let a view-taking bot be called the older way, choose(game, state, seat, rng):
    the state goes no further than this wrapper (the bot still gets view and legal)."""

    @functools.wraps(choose)
    def wrapper(self: Bot, game: Game, view: Any, legal: Any, rng: random.Random) -> Any:
        if isinstance(legal, int) and not isinstance(legal, bool):
            state, seat = view, legal
            legal = Bot.legal(game, state, seat)
            view = game.view(state, seat)
        return choose(self, game, view, legal, rng)

    return wrapper


def move(bot: Bot, game: Game, state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    """The bot's action for seat: it is handed the seat's view and legal actions only."""
    legal = Bot.legal(game, state, seat)
    if not bot.takes_view:  # a bot not yet converted to the contract
        return dict(bot.choose(game, state, seat, rng))  # type: ignore[arg-type]
    return dict(bot.choose(game, game.view(state, seat), legal, rng))


class RandomBot(Bot):
    """Plays a uniformly random legal action; works for every game."""

    kind = "random"

    def choose(self, game: Game, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
               rng: random.Random) -> dict[str, Any]:
        return dict(rng.choice(list(legal)))


def register(game_name: str, kind: str = "greedy") -> Callable[[B], B]:
    """Class decorator: make `cls` the `kind` bot of `game_name`."""

    def decorate(cls: B) -> B:
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


__all__ = ["KINDS", "Bot", "RandomBot", "available_kinds", "get_bot", "has_bot", "move", "register"]
