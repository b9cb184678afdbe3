"""A greedy bot for Maya: one step of look-ahead where everything is public
(building, markers), a simple estimate where cards are concealed (quarrying).

It decides from what its seat may see: concealed cards of others are valued
at the average of their kind (low or high), never at their real value."""
from __future__ import annotations

from companion.bots import Bot, register
from companion.games.maya import markers as mk
from companion.games.maya import scoring
from companion.games.maya.state import MINUS

# The worth of a blue marker at the auction, and the order of choice.
BLUE_PREFERENCE = ("transport4", "extra_block", "two_points", "joker")
LOW_GUESS, HIGH_GUESS = 4, 6


@register("maya", "greedy")
class GreedyBot(Bot):
    kind = "greedy"

    def choose(self, game, state, seat, rng):
        actions = self.legal(game, state, seat)
        kind = actions[0]["type"]
        types = {a["type"] for a in actions}
        if len(actions) == 1:
            return actions[0]
        if "place_worker" in types or types == {"pass"}:
            return self._quarry(game, state, seat, actions, rng)
        if kind == "bid":
            return actions[min(len(actions) - 1, rng.choice((0, 1, 2, 3, 4)))]
        if kind == "choose_blue_marker":
            return min(actions, key=lambda a: BLUE_PREFERENCE.index(a["marker"]))
        if kind in ("choose_starting_player", "appoint_starting_player"):
            return next(a for a in actions if a["seat"] == seat)
        if kind == "minus_three":
            return self._minus_three(state, seat, actions)
        if types & {"place_block", "double_move"} or "pass" in types:
            return self._build(game, state, seat, actions, rng)
        if kind == "use_joker":
            prefer = [a for a in actions if a["as"] == "pool_block"] or [a for a in actions if a["as"] == "transport2"]
            return prefer[0]
        if "decline" in types:
            useful = [a for a in actions if a["type"] in ("pool_block", "place_two_points")]
            if useful and useful[0]["type"] == "place_two_points":
                return self._two_points(game, state, seat, useful)
            if useful:
                # only the block's own effect: applying through the game would
                # go on to reveal quarries this seat may not see yet
                return max(useful, key=lambda a: self._worth(mk.pool_block(state, seat, a), seat) + rng.random() * 1e-3)
            return next(a for a in actions if a["type"] == "decline")
        return rng.choice(actions)

    # --- quarrying ---------------------------------------------------------------
    def _quarry(self, game, state, seat, actions, rng):
        view = game.view(state, seat)
        me = view["players"][seat]
        cards = me["cards"]
        transport = sum(v for v in cards if v != MINUS)
        expected = self._expected_blocks(view, seat)
        best, best_value = None, 0.0
        for a in actions:
            if a["type"] != "place_worker":
                continue
            v = a["card"]
            left = transport - (v if v != MINUS else 0)
            gain = self._gain(view, seat, a["quarry"], v)
            # blocks that cannot be carried are worth nothing
            value = gain - max(0, expected + gain - left) - 0.05 * v
            if value > best_value + 1e-9 or (abs(value - best_value) < 1e-9 and best is not None and rng.random() < 0.5):
                best, best_value = a, value
        return best or next(a for a in actions if a["type"] == "pass")

    @staticmethod
    def _totals(view, seat, q):
        totals = {}
        for c in view["quarries"][q]["cards"]:
            v = c.get("value")
            if v is None:
                v = LOW_GUESS if c["low"] else HIGH_GUESS
            totals.setdefault(c["seat"], 0)
            totals[c["seat"]] += max(v, 0)
        return totals

    def _blocks_at(self, view, seat, q, totals):
        order = list(dict.fromkeys(c["seat"] for c in view["quarries"][q]["cards"]))
        ranked = sorted(totals, key=lambda s: (-totals[s], order.index(s) if s in order else 99))
        blocks = view["quarries"][q]["blocks"]
        if seat not in ranked:
            return 0
        place = ranked.index(seat)
        return blocks[place] if place < len(blocks) else 0

    def _gain(self, view, seat, q, v):
        before = self._totals(view, seat, q)
        had = self._blocks_at(view, seat, q, before) if seat in before else 0
        after = dict(before)
        if v == MINUS:
            others = [s for s in after if s != seat]
            if not others:
                return -1
            top = max(others, key=lambda s: after[s])
            after[top] -= 3
            after.setdefault(seat, 0)
        else:
            after[seat] = after.get(seat, 0) + v
        return self._blocks_at(view, seat, q, after) - had

    def _expected_blocks(self, view, seat):
        total = 0
        for q in range(len(view["quarries"])):
            totals = self._totals(view, seat, q)
            if seat in totals:
                total += self._blocks_at(view, seat, q, totals)
        return total

    def _minus_three(self, state, seat, actions):
        from companion.games.maya.distribution import points
        pts = points(state, state.current)  # the column is face up now
        return max(actions, key=lambda a: pts.get(a["target"], 0))

    def _two_points(self, game, state, seat, actions):
        view = game.view(state, seat)
        return max(actions, key=lambda a: self._gain_two(view, seat, a["quarry"]))

    def _gain_two(self, view, seat, q):
        before = self._totals(view, seat, q)
        had = self._blocks_at(view, seat, q, before) if seat in before else 0
        after = dict(before)
        after[seat] = after.get(seat, 0) + 2
        return self._blocks_at(view, seat, q, after) - had

    # --- building: one step of look-ahead (everything that matters is public) ----
    def _build(self, game, state, seat, actions, rng):
        best, best_value = None, None
        for a in actions:
            after = game.apply(state, a)
            value = self._worth(after, seat) + rng.random() * 1e-3
            if best_value is None or value > best_value:
                best, best_value = a, value
        return best

    @staticmethod
    def _worth(state, seat):
        pay = scoring.payments(state)
        mine = sum(level[seat] for pyr in pay for level in pyr)
        others = max(sum(level[s] for pyr in pay for level in pyr) for s in range(state.n) if s != seat)
        placed = sum(level[seat] for pyr in state.pyramids for level in pyr)
        return mine - 0.3 * others + 0.4 * (placed + state.hand[seat]) + state.gold[seat]
