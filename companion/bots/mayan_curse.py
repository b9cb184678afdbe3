"""A Mayan Curse bot that reports plausible expeditions, for `simulate` and tests.

The board is physical, so a bot cannot plan moves; it plays a random legal
action shaped like a real expedition: brown stelae near the entrance in the
first rounds, gray deeper, beige near the temple; the temple transition board
after a few rounds; the camera at the top; then back out, escaping sooner the
more boulders block the entrance. Boulders it reports tumble one to three rows.
It decides from its seat's view and the legal actions only.
"""
from __future__ import annotations

from companion.bots import Bot, register

# Which colour an adventurer meets first, by round (brown near the entrance, beige near the temple).
_DEPTH = ("brown", "brown", "gray", "gray", "beige")


@register("mayan-curse", "greedy")
class PlausibleBot(Bot):
    """Random legal play shaped like an expedition (registered as the game's own bot)."""

    kind = "greedy"

    def choose(self, game, state, seat, rng):
        actions = self.legal(game, state, seat)
        by_type = {}
        for a in actions:
            by_type.setdefault(a["type"], []).append(a)
        if "enter_stela_value" in by_type:  # physical stelae: the value of the token in hand
            return rng.choice(by_type["enter_stela_value"])
        if "boulder_stopped" in by_type:
            return self._boulder(game.view(state, seat), by_type, rng)
        if "end_turn" not in by_type:
            return rng.choice(actions)
        view = game.view(state, seat)
        me = view["players"][seat]
        r = rng.random()
        if not me["reached_temple"]:
            return self._outward(view, by_type, r, rng)
        if "claim_camera" in by_type and r < 0.8:
            return by_type["claim_camera"][0]
        if rng.random() < 0.3 + 0.2 * view["boulders_at_entrance"]:
            return by_type["escape"][0]
        if r < 0.25 and "discover_stela" in by_type:
            return rng.choice(by_type["discover_stela"])
        return by_type["end_turn"][0]

    def _outward(self, view, by_type, r, rng):
        rnd = view["round"]
        if "reach_temple_board" in by_type and rng.random() < 0.12 * (rnd - 3):
            return by_type["reach_temple_board"][0]
        if r < 0.45 and "discover_stela" in by_type:
            colour = _DEPTH[min(rnd, len(_DEPTH)) - 1]
            here = [a for a in by_type["discover_stela"] if a["colour"] == colour] or by_type["discover_stela"]
            return rng.choice(here)
        if r < 0.48 and "use_backpack" in by_type:
            return rng.choice(by_type["use_backpack"])
        return by_type["end_turn"][0]

    def _boulder(self, view, by_type, rng):
        if "stela_crushed" in by_type and rng.random() < 0.15:
            return rng.choice(by_type["stela_crushed"])
        stops = by_type["boulder_stopped"]
        now = next(b for b in view["boulders"] if b["name"] == view["tumbling"]["now"])
        # a boulder blocked where it stands is rare: the bot tumbles it at least one row
        rows = [a for a in stops if a["where"] == "passage" and a["row"] != now["row"]]
        # rows are listed nearest the entrance first; tumble one to three rows
        step = rng.randint(1, 3)
        return rows[-step] if step <= len(rows) else stops[-1]
