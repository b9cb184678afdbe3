"""A first-game guide (issue 25 §1): with "First game: explain each phase" chosen at
New game (`teach` in the session's meta), the first time each phase comes up the
table screen shows a short card: what happens now and what to do at the real table.
One tap dismisses it, and it is not shown again in that game.

Everything a card says comes from the game's own `teach` module (a `teach.py`
beside its `game.toml`, found like its help, companion/table/help.py):

    def teach_key(view) -> str | None: ...                        # this state's card, or None
    def teach_card(key, view) -> tuple[str, Sequence[str]] | None  # (title, lines), translated

both given the TABLE view only, so a card never names what a seat hides. A game
whose `teach_card("setup", view)` gives a card has it shown first, at the first
state the table sees, before that state's own card.

What was shown is derived, not stored: a card is due only in the first state of the
game (of the actions in effect) whose key it is, counting the states the table sees
(one where a seat acts; with physical randomness also a draw the table enters). A
state seen earlier means its card was shown, so a resumed game never shows again a
card of a phase it has moved past, and needs nothing on disk. Dismissals are also
kept in memory for the table (an Undo back into a phase's first state does not show
its card again). The one case that shows a card twice: the app restarted in the very
state its phase first came up (nothing was played since it was shown; it may not
have been read).

    guide = Guide.of(table)            # None when the table did not ask for the guide
    card = guide.due()                 # the Card due now (for the table's actions in effect), or None
    guide.dismiss(card)
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from companion.rules.corrections import step
from companion.rules.engine import CHANCE, TABLE
from companion.table.help import game_module

#: the session meta's key: True when New game asked for the first-game guide
TEACH = "teach"
#: the key of a game's setting-up card, shown before the first state's own card
SETUP = "setup"


@dataclass(frozen=True)
class Card:
    """One card of the guide: its key (the phase it teaches), title and lines, in
    the table's language when made."""

    key: str
    title: str
    lines: tuple[str, ...]

    def texts(self) -> list[str]:
        return [self.title, *self.lines]


def wants_teach(session: Any) -> bool:
    """Whether the table asked for the guide at New game (a session or its journal row)."""
    meta = session.get("meta") if isinstance(session, Mapping) else getattr(session, "meta", None)
    return isinstance(meta, Mapping) and meta.get(TEACH) is True


def game_teach(game: Any) -> ModuleType | None:
    """The game's own guide module, or None when it has none."""
    module = game_module(game, "teach")
    return module if module is not None and hasattr(module, "teach_key") and hasattr(module, "teach_card") else None


class Guide:
    """Which card is due for one game, from its setup and the actions in effect.

    The keys of the states already looked at are kept, so each call steps only
    through the actions that are new (an Undo or another history: from the first
    action that differs)."""

    def __init__(self, game: Any, players: Sequence[str], options: Mapping[str, Any], randomness: str = "digital",
                 module: ModuleType | None = None):
        self.game, self.module = game, module or game_teach(game)
        self._setup = (list(players), dict(options))
        self._physical = randomness == "physical"
        self._acts: list[Any] = []  # the actions stepped through, in order
        self._keys: list[tuple[str, ...]] = []  # _keys[i]: the keys of state i, () when the table does not see it
        self._state: Any = None  # the state after _acts
        self.dismissed: set[str] = set()
        self.table: Any = None  # the TableController of Guide.of: due() reads its session's actions

    @classmethod
    def of(cls, table: Any) -> Guide | None:
        """The guide of a TableController whose session asked for it, else None."""
        session = table.session
        if not wants_teach(session) or game_teach(session.game) is None:
            return None
        guide = cls(session.game, session.players, session.options, session.randomness)
        guide.table = table
        return guide

    # --- the states' keys ---------------------------------------------------------
    def _keys_of(self, state: Any, first_seen: bool) -> tuple[str, ...]:
        if not self._physical and not any(a != CHANCE for a in self.game.actors(state)):
            return ()  # a draw the companion makes at once: the table never sees this state
        view = self.game.view(state, TABLE)
        key = self.module.teach_key(view) if self.module is not None else None
        keys = [SETUP] if first_seen and self._card(SETUP, view) is not None else []
        if key and key not in keys:
            keys.append(str(key))
        return tuple(keys) if keys else ("",)  # seen, teaching nothing

    def _sync(self, actions: Sequence[Any]) -> None:
        k = 0
        mine = self._acts
        while k < len(mine) and k < len(actions) and mine[k] is actions[k]:
            k += 1
        if self._state is None or k < len(mine):  # the start, or another history from action k on
            players, options = self._setup
            state = self.game.setup(players, options)
            for action in actions[:k]:
                state = step(self.game, state, action)
            self._acts, self._keys = list(actions[:k]), self._keys[:k + 1] if self._state is not None else []
            self._state = state
            if not self._keys:
                self._keys.append(self._keys_of(state, True))
        for action in actions[len(self._acts):]:
            self._state = step(self.game, self._state, action)
            self._acts.append(action)
            self._keys.append(self._keys_of(self._state, not any(self._keys)))

    def keys_seen(self, actions: Sequence[Any]) -> list[tuple[str, ...]]:
        """The keys of each state of `actions`' history (tests: what the guide saw)."""
        self._sync(actions)
        return list(self._keys)

    # --- the card due ---------------------------------------------------------------
    def due(self, actions: Sequence[Any] | None = None) -> Card | None:
        """The card to show now: the first of the current state's keys not seen in an
        earlier state and not dismissed; None when none is (or the game is over).
        actions: the actions in effect (by default those of the table's session)."""
        if actions is None:
            actions = self.table.session.actions if self.table is not None else []
        self._sync(actions)
        if self.game.result(self._state) is not None:
            return None
        earlier = {key for keys in self._keys[:-1] for key in keys}
        for key in self._keys[-1]:
            if key and key not in earlier and key not in self.dismissed:
                card = self._card(key, self.game.view(self._state, TABLE))
                if card is not None:
                    return card
        return None

    def dismiss(self, card: Card | str) -> None:
        """The card was dismissed (one tap): it does not come back in this game."""
        self.dismissed.add(card.key if isinstance(card, Card) else str(card))

    def _card(self, key: str, view: Mapping[str, Any]) -> Card | None:
        made = self.module.teach_card(key, view) if self.module is not None else None
        if not made or not made[0]:
            return None
        title, lines = made
        return Card(key, str(title), tuple(str(line) for line in lines if line))


__all__ = ["SETUP", "TEACH", "Card", "Guide", "game_teach", "wants_teach"]
