"""A greedy bot for Maya, deciding from its seat's view and its legal actions
only (never the state): one step of look-ahead over the public pyramids while
building, a simple estimate where cards are concealed (quarrying).

Concealed cards of others are valued at the average of their kind (low or
high); its own concealed cards come from the view's `you`."""
from __future__ import annotations

import random
from typing import Any

from companion.games.maya import actions as A
from companion.games.maya.scoring import level_payments
from companion.rules.bots import Bot, register

# The worth of a blue marker at the auction, and the order of choice.
BLUE_PREFERENCE = ("transport4", "extra_block", "two_points", "joker")
LOW_GUESS, HIGH_GUESS = 4, 6
MINUS = -3

View = dict[str, Any]


@register("maya", "greedy")
class GreedyBot(Bot):
    kind = "greedy"

    def choose(self, game: Any, view: Any, legal: Any, rng: random.Random) -> dict[str, Any]:
        if not isinstance(view, dict):  # the older call choose(game, state, seat, rng)
            state, seat = view, legal
            view, legal = game.view(state, seat), self.legal(game, state, seat)
        actions: list[dict[str, Any]] = [dict(a) for a in legal]
        seat = view["you"]["seat"]
        types = {a["type"] for a in actions}
        if len(actions) == 1:
            return actions[0]
        if A.PLACE_WORKER in types or (types == {A.PASS} and view["phase"] == "quarrying"):
            return self._quarry(view, seat, actions, rng)
        if A.BID in types:
            return actions[min(len(actions) - 1, rng.choice((0, 1, 2, 3, 4)))]
        if A.CHOOSE_BLUE_MARKER in types:
            return min(actions, key=lambda a: BLUE_PREFERENCE.index(a["marker"]))
        if types & {A.CHOOSE_STARTING_PLAYER, A.APPOINT_STARTING_PLAYER}:
            return next(a for a in actions if a["seat"] == seat)
        if A.MINUS_THREE in types:
            return self._minus_three(view, actions)
        if types & {A.PLACE_BLOCK, A.DOUBLE_MOVE} or view["phase"] == "building":
            return self._best(view, seat, actions, rng)
        if A.PLACE_TWO_POINTS in types:
            return max((a for a in actions if a["type"] == A.PLACE_TWO_POINTS),
                       key=lambda a: self._gain(view, seat, a["quarry"], 2, plus=True))
        if A.USE_JOKER in types or A.POOL_BLOCK in types or A.MOVE_BLOCK in types:
            return self._best(view, seat, actions, rng)
        return rng.choice(actions)

    # --- quarrying ---------------------------------------------------------------
    def _quarry(self, view: View, seat: int, actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        cards = view["you"]["cards"]
        transport = sum(v for v in cards if v != MINUS)
        expected = self._expected_blocks(view, seat)
        best, best_value = None, 0.0
        for a in actions:
            if a["type"] != A.PLACE_WORKER:
                continue
            v = a["card"]
            left = transport - (v if v != MINUS else 0)
            gain = self._gain(view, seat, a["quarry"], v)
            # blocks that cannot be carried are worth nothing
            value = gain - max(0, expected + gain - left) - 0.05 * v
            if value > best_value + 1e-9 or (abs(value - best_value) < 1e-9 and best is not None
                                             and rng.random() < 0.5):
                best, best_value = a, value
        return best or next(a for a in actions if a["type"] == A.PASS)

    @staticmethod
    def _totals(view: View, q: int) -> dict[int, int]:
        mine = {(x["quarry"], x["index"]): x["value"] for x in view["you"]["laid"]}
        totals: dict[int, int] = {}
        for i, c in enumerate(view["quarries"][q]["cards"]):
            v = c.get("value", mine.get((q, i)))
            if v is None:
                v = LOW_GUESS if c["low"] else HIGH_GUESS
            totals[c["seat"]] = totals.get(c["seat"], 0) + max(v, 0)
        return totals

    @staticmethod
    def _blocks_at(view: View, seat: int, q: int, totals: dict[int, int]) -> int:
        order = list(dict.fromkeys(c["seat"] for c in view["quarries"][q]["cards"]))
        ranked = sorted(totals, key=lambda s: (-totals[s], order.index(s) if s in order else 99))
        blocks = view["quarries"][q]["blocks"]
        if seat not in ranked:
            return 0
        place = ranked.index(seat)
        return int(blocks[place]) if place < len(blocks) else 0

    def _gain(self, view: View, seat: int, q: int, v: int, plus: bool = False) -> int:
        before = self._totals(view, q)
        had = self._blocks_at(view, seat, q, before) if seat in before else 0
        after = dict(before)
        if v == MINUS and not plus:
            others = [s for s in after if s != seat]
            if not others:
                return -1
            top = max(others, key=lambda s: after[s])
            after[top] -= 3
            after.setdefault(seat, 0)
        else:
            after[seat] = after.get(seat, 0) + v
        return self._blocks_at(view, seat, q, after) - had

    def _expected_blocks(self, view: View, seat: int) -> int:
        total = 0
        for q in range(len(view["quarries"])):
            totals = self._totals(view, q)
            if seat in totals:
                total += self._blocks_at(view, seat, q, totals)
        return total

    @staticmethod
    def _minus_three(view: View, actions: list[dict[str, Any]]) -> dict[str, Any]:
        """Take the points from whoever has the most at the face-up quarry."""
        q = view["pending"]["quarry"] if view.get("pending") else view["current_quarry"]
        pts: dict[int, int] = {}
        for c in view["quarries"][q]["cards"]:
            v = c.get("value", 0)
            pts[c["seat"]] = pts.get(c["seat"], 0) + (v if v != MINUS else 0)
        for _, target in view["deductions"]:
            pts[target] = pts.get(target, 0) - 3
        hits = [a for a in actions if a["type"] == A.MINUS_THREE]
        return max(hits, key=lambda a: pts.get(a["target"], 0)) if hits else actions[0]

    # --- building: one step of look-ahead over the public pyramids ----------------
    def _best(self, view: View, seat: int, actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
        return max(actions, key=lambda a: self._worth(view, seat, a) + rng.random() * 1e-3)

    @staticmethod
    def _open_level(levels_of: list[list[dict[str, Any]]]) -> int | None:
        lowest = None
        for pyr in levels_of:
            for lv, level in enumerate(pyr):
                if lowest is not None and lv >= lowest:
                    break
                if sum(level["blocks"]) < level["spaces"]:
                    lowest = lv
                    break
        return lowest

    def _worth(self, view: View, seat: int, action: dict[str, Any]) -> float:
        """Gold the pyramids would pay this seat after the action, less the best
        other's, plus the blocks still to build with."""
        pyramids = [[dict(lv, blocks=list(lv["blocks"])) for lv in p["levels"]] for p in view["pyramids"]]
        me = view["players"][seat]
        hand, gold = me["blocks"], me["gold"]

        def place(p: int, level: int | None = None) -> None:
            lv = self._open_level(pyramids) if level is None else level
            if lv is not None and lv < len(pyramids[p]):
                pyramids[p][lv]["blocks"][seat] += 1

        t, as_ = action["type"], action.get("as")
        if t == A.PLACE_BLOCK:
            place(action["pyramid"])
            hand -= 1
        elif t == A.DOUBLE_MOVE or (t == A.USE_JOKER and as_ == "free_double"):
            for p in action.get("pyramids", []):
                place(p)
            hand -= 2 + (0 if action.get("free", True) or t == A.USE_JOKER else 1)
        elif t == A.PASS:
            if not action.get("free"):
                hand -= 1  # a paid pass costs a block
        elif t == A.POOL_BLOCK or (t == A.USE_JOKER and as_ == A.POOL_BLOCK):
            p = action["pyramid"]
            free = next((lv for lv, level in enumerate(pyramids[p]) if sum(level["blocks"]) < level["spaces"]), None)
            place(p, free)
        elif t == A.MOVE_BLOCK or (t == A.USE_JOKER and as_ == A.MOVE_BLOCK):
            pyramids[action["pyramid"]][action["level"]]["blocks"][seat] -= 1
            place(action["to"], 0)
        elif t == A.DECLINE:
            pass
        n = len(view["players"])
        won = [0] * n
        for pyr in pyramids:
            for level in pyr:
                for s, g in enumerate(level_payments(tuple(level["blocks"]), level["gold"][0], level["gold"][1])):
                    won[s] += g
        others = max(won[s] for s in range(n) if s != seat)
        placed = sum(level["blocks"][seat] for pyr in pyramids for level in pyr)
        return float(won[seat] - 0.3 * others + 0.4 * (placed + hand) + gold)
