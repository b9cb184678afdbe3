"""The bot framework: a Bot picks one legal action for one seat from that seat's
view; `register` files a game's own bots; `RandomBot` plays any game. Games'
bots (companion/games/<game>/bot.py) build on this; companion/bots finds and
hands them out (get_bot)."""
from __future__ import annotations

import functools
import inspect
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from companion.errors import BadOption
from companion.rules.engine import Game
from companion.words import _

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
            raise BadOption(_("Seat {seat} has no legal action now, so no bot can move for it.", seat=seat))
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
