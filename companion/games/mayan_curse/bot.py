"""A Mayan Curse bot that reports plausible expeditions, for `simulate` and tests.

The board is physical, so a bot cannot plan moves; it plays a random legal
action shaped like a real expedition: it enters the stones it drew (the real
purse) and plays one or two of them, finds brown stelae near the entrance in
the first rounds, gray deeper, beige near the temple; the temple transition
board after a few rounds; the camera at the top; then back out, escaping
sooner the more boulders block the entrance. Boulders it reports tumble one
to three rows. It decides from its seat's view and the legal actions only.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.mayan_curse import actions as A
from companion.rules.bots import Bot, register
from companion.rules.engine import Game

# Which colour an adventurer meets first, by round (brown near the entrance, beige near the temple).
_DEPTH = ("brown", "brown", "gray", "gray", "beige")


@register("mayan-curse", "greedy")
class PlausibleBot(Bot):
    """Random legal play shaped like an expedition (registered as the game's own bot)."""

    kind = "greedy"

    def choose(self, game: Game, view: Mapping[str, Any], legal: Sequence[Mapping[str, Any]],
               rng: random.Random) -> dict[str, Any]:
        by_type: dict[str, list[dict[str, Any]]] = {}
        for a in legal:
            by_type.setdefault(str(a["type"]), []).append(dict(a))
        if A.ENTER_STELA_VALUE in by_type and A.END_TURN not in by_type:  # the end: the tokens in hand
            return rng.choice(by_type[A.ENTER_STELA_VALUE])
        if A.BOULDER_STOPPED in by_type:
            return self._boulder(view, by_type, rng)
        if A.END_TURN not in by_type:
            return dict(rng.choice(list(legal)))
        if A.ENTER_STONES in by_type:  # the real purse: what it drew
            return rng.choice(by_type[A.ENTER_STONES])
        you = view["you"]
        if A.PLAY_STONE in by_type and len(you["played"]) < 2 and rng.random() < 0.5:
            return rng.choice(by_type[A.PLAY_STONE])
        if A.ENTER_STELA_VALUE in by_type and rng.random() < 0.3:  # looked under a token early
            return rng.choice(by_type[A.ENTER_STELA_VALUE])
        me = view["players"][you["seat"]]
        r = rng.random()
        if not me["reached_temple"]:
            return self._outward(view, by_type, r, rng)
        if A.CLAIM_CAMERA in by_type and r < 0.8:
            return by_type[A.CLAIM_CAMERA][0]
        if rng.random() < 0.3 + 0.2 * view["boulders_at_entrance"]:
            return by_type[A.ESCAPE][0]
        if r < 0.25 and A.DISCOVER_STELA in by_type:
            return rng.choice(by_type[A.DISCOVER_STELA])
        return by_type[A.END_TURN][0]

    @staticmethod
    def _outward(view: Mapping[str, Any], by_type: dict[str, list[dict[str, Any]]], r: float,
                 rng: random.Random) -> dict[str, Any]:
        rnd = view["round"]
        if A.REACH_TEMPLE_BOARD in by_type and rng.random() < 0.12 * (rnd - 3):
            return by_type[A.REACH_TEMPLE_BOARD][0]
        if r < 0.45 and A.DISCOVER_STELA in by_type:
            colour = _DEPTH[min(rnd, len(_DEPTH)) - 1]
            left = view["stelae_on_board"]
            here = [a for a in by_type[A.DISCOVER_STELA]
                    if a["colour"] == colour and left[a["colour"]][a["place"]] > 0] or \
                [a for a in by_type[A.DISCOVER_STELA] if left[a["colour"]][a["place"]] > 0]
            if here:
                return rng.choice(here)
        if r < 0.48 and A.USE_BACKPACK in by_type:
            return rng.choice(by_type[A.USE_BACKPACK])
        return by_type[A.END_TURN][0]

    @staticmethod
    def _boulder(view: Mapping[str, Any], by_type: dict[str, list[dict[str, Any]]],
                 rng: random.Random) -> dict[str, Any]:
        if A.STELA_CRUSHED in by_type and rng.random() < 0.15:
            left = view["stelae_on_board"]
            laid = [a for a in by_type[A.STELA_CRUSHED] if left[a["colour"]]["passage"] > 0]
            if laid:
                return rng.choice(laid)
        stops = by_type[A.BOULDER_STOPPED]
        now = next(b for b in view["boulders"] if b["name"] == view["tumbling"]["now"])
        # a blocked boulder is rare: the bot tumbles it at least one row (leftmost place on a shared row)
        rows = [a for a in stops if a["where"] == "passage" and a["row"] != now["row"] and not a.get("place")]
        # rows are listed nearest the entrance first; tumble one to three rows
        step = rng.randint(1, 3)
        return rows[-step] if step <= len(rows) else stops[-1]
