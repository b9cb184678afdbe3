"""A game's log: every action in effect, in sentences, as one viewer may read it.

Built from views only (docs/architecture.md, "The view schema"): for each action,
the events of the view after it (what it caused, in the game's words), or, when
the game reported no event, the game's `describe_action` of it. The TABLE log
never names a hidden value, because TABLE views never do.

    entries = game_log(game, players, options, actions)           # TABLE
    entries[-1] == {"n": 12, "actor": 1, "sentences": ["Ben plays a 4: the count is 5."]}
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from .corrections import correction_sentence, is_correction, step
from .engine import TABLE, Game


def entry(game: Game, before_view: Mapping[str, Any], action: Mapping[str, Any], after_view: Mapping[str, Any],
          n: int) -> dict[str, Any]:
    """One log entry: the sentences a viewer reads for action number n. A correction
    says who fixed which number ("Ana fixed the count to 7."): the game's own event
    for it would only say the same without the name."""
    if is_correction(action):
        names = [str(p.get("name", "")) for p in before_view.get("players", []) if isinstance(p, Mapping)]
        return {"n": n, "actor": action.get("actor"), "sentences": [correction_sentence(action, names)],
                "correction": True}
    sentences = [str(e["sentence"]) for e in after_view.get("events", []) if e.get("sentence")]
    if not sentences:
        sentences = [game.describe_action(before_view, action)]
    return {"n": n, "actor": action.get("actor"), "sentences": sentences}


def iter_log(game: Game, state: Any, actions: Iterable[Mapping[str, Any]],
             viewer: Any = TABLE) -> Iterator[dict[str, Any]]:
    """Entries for `actions` applied one by one from `state` (a pure replay)."""
    before = game.view(state, viewer)
    for n, action in enumerate(actions):
        state = step(game, state, action)  # a correction through Game.correct
        after = game.view(state, viewer)
        yield entry(game, before, action, after, n)
        before = after


def game_log(game: Game, players: Sequence[str], options: Mapping[str, Any] | None,
             actions: Iterable[Mapping[str, Any]], viewer: Any = TABLE) -> list[dict[str, Any]]:
    """The whole log of a game from its setup and the actions in effect."""
    state = game.setup(list(players), dict(options or {}))
    return list(iter_log(game, state, actions, viewer))
