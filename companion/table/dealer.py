"""The dealer: the Session's mixin that picks every pending draw with
companion/rules/chance.py's `draw_rng` (an undone outcome is dealt again first)."""
from __future__ import annotations

from typing import Any

from companion.errors import IllegalAction, JournalError
from companion.rules.chance import draw_rng
from companion.rules.engine import CHANCE
from companion.store.journal import dumps, loads
from companion.table.session_parts import SessionCore
from companion.words import _

MAX_DEALS = 10_000  # a game that keeps asking for draws forever is a bug, not a hang


class Dealer(SessionCore):
    """The Session's dealer (mixed into Session): digital randomness's draws."""

    def waiting_for_chance(self) -> bool:
        """True when a person must enter what was really drawn (physical randomness)."""
        return self.randomness == "physical" and CHANCE in self.game.actors(self.state)

    def _draws_after(self, state: Any, remembered: list[dict[str, Any]] | None = None) -> list[Any]:
        """Digital randomness: every draw pending after `state`, chosen but not
        committed [(action, payload, state after)]. An outcome that was undone
        is dealt again first if it is still legal."""
        if self.randomness != "digital":
            return []
        game = self.game
        steps: list[Any] = []
        remembered = list(self._remembered if remembered is None else remembered)
        draws = self._draws
        while CHANCE in game.actors(state):
            if len(steps) >= MAX_DEALS:
                raise JournalError(_("{title} kept asking for draws; the game is stuck.",
                                     title=game.title or game.name))
            action, after = self._remembered_outcome(state, remembered)
            if action is None:
                action = game.sample_chance(state, draw_rng(self.seed, draws))
                payload = dumps(action)
                action = loads(payload)
                after = game.apply(state, action)
            else:
                remembered.remove(action)
                payload = dumps(action)
            steps.append((action, payload, after))
            draws += 1
            state = after
        return steps

    def _remembered_outcome(self, state: Any, remembered: list[dict[str, Any]]) -> tuple[Any, Any]:
        for action in remembered:
            try:
                return action, self.game.apply(state, action)
            except IllegalAction:
                continue
        return None, None

    def _dealt_again(self, action: dict[str, Any]) -> None:
        """An undone chance outcome is in effect again: no longer waiting to be dealt."""
        try:
            self._remembered.remove(action)
        except ValueError:
            pass


__all__ = ["MAX_DEALS", "Dealer", "draw_rng"]
