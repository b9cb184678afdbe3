"""The greedy Maya Madness bot: aims for its own number, avoids handing the next player theirs.

It decides only from what its seat may know: `choose(game, view, legal, rng)`
gets that seat's view (the count, its own secret and hand, the collected tokens
the table can see, wrong guesses said aloud) and its legal actions, never the
state, so it cannot read another seat's secret, hand or the draw pile.

How it scores a card (see docs/rules-notes.md, "The greedy bot"):
1. A card that makes the count its own secret number wins a token: play it,
   cheapest card first (a number card before a Wild, a Temple of Zero last).
2. Temple of Zero, and Skip with two players, give another play at once: the
   card is worth the best follow-up from the new count with the cards left.
3. Otherwise it weighs the risk that the next player can hit their secret
   number from the count it leaves: for each number that could be their secret
   (tokens it cannot see, weighted by how many are left) the chance that a hand
   of five holds a card that reaches it (a 0 or Skip keeps the count, a number
   card or Wild moves it, a Reverse negates it). Skip and Reverse change who is
   next. A small pull toward its own number and a price on keeping power cards
   break ties.
4. Advanced play: it guesses an opponent's number only when one value is more
   likely right than wrong (a wrong guess hands over its own token).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from companion.games.maya_madness.actions import GUESS, PLAY, START_CARD, START_COUNT
from companion.games.maya_madness.cards import (
    HAND_SIZE,
    NUMBER_VALUE,
    REVERSE,
    SKIP,
    TEMPLE,
    WILD,
    WILD_VALUES,
    ZERO,
    effect,
    load_box,
)
from companion.rules.bots import Bot, register

# Keeping power cards is worth something: they are the flexible ones later.
CARD_COST = {TEMPLE: 3.0, WILD: 2.0, SKIP: 1.0, ZERO: 1.0, REVERSE: 0.5}
RISK_WEIGHT = 20.0
CLOSENESS_WEIGHT = 0.3
WIN = 1000.0

_BOX: dict[str, int] | None = None


def _deck_counts() -> dict[str, int]:
    global _BOX
    if _BOX is None:
        deck, _ = load_box()
        counts: dict[str, int] = {}
        for c in deck:
            counts[c] = counts.get(c, 0) + 1
        _BOX = counts
    return _BOX


_HOLDS: dict[int, list[float]] = {}


def _holds_table(unseen: int) -> list[float]:
    """Chance that a hand of five holds at least one of k given cards, for k = 0..unseen
    (approximated as independent draws; shared, since unseen is nearly always 64 or 69)."""
    table = _HOLDS.get(unseen)
    if table is None:
        table = _HOLDS[unseen] = [1.0 - (1.0 - k / unseen) ** HAND_SIZE for k in range(unseen + 1)]
    return table


class _Knowledge:
    """What the seat knows, computed once per decision from its own view."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.n = len(view["players"])
        # option skip_wins: with three or four players a Skip may win nothing
        self.skip_wins = self.n == 2 or (view.get("options") or {}).get("skip_wins", "always") == "always"
        self.count = view["count"]
        self.direction = 1 if view["direction"] == "clockwise" else -1
        me = view["you"]
        self.secret = me["secret"]
        self.hand = me["hand"]  # None in physical deck mode: any card may be played
        # tokens this seat cannot see: 2 of each value minus the face-up ones and its own
        box_tokens = {v: 2 for v in range(1, 11)}
        seen = list(me["token_values"])
        if me["secret"] is not None:
            seen.append(me["secret"])
        for s in view["players"]:
            if s["seat"] != seat and s["token_values"] is not None:
                seen += s["token_values"]
        for v in seen:
            if box_tokens.get(v, 0) > 0:
                box_tokens[v] -= 1
        self.unseen_tokens = box_tokens
        self.wrong_guesses = {s["seat"]: {g["number"] for g in s["guesses"]} for s in view["players"]}
        # cards this seat cannot see: the box minus its own hand
        unseen = dict(_deck_counts())
        for c in self.hand or ():
            unseen[c] -= 1
        self.unseen_cards = unseen
        self.unseen_total = max(1, sum(unseen.values()))
        # memo: many candidate cards leave the same count
        self._odds: dict[int, dict[int, float]] = {}
        self._risk: dict[tuple[int, int], float] = {}
        self._by_delta: dict[int, int] = {}
        self._holds: list[float] = []

    def secret_odds(self, seat: int) -> dict[int, float]:
        """P(seat's secret = v) from the tokens this seat cannot see."""
        if seat in self._odds:
            return self._odds[seat]
        wrong = self.wrong_guesses.get(seat, ())
        w = {v: k for v, k in self.unseen_tokens.items() if k and v not in wrong}
        total = sum(w.values())
        odds = self._odds[seat] = {v: k / total for v, k in w.items()} if total else {}
        return odds

    def _tables(self) -> None:
        """Cards that move the count by d (d = 0: a 0 or a Skip keeps it), and the odds of holding k of them."""
        u = self.unseen_cards
        by_delta = {0: u.get(ZERO, 0) + (u.get(SKIP, 0) if self.skip_wins else 0)}
        for d in range(1, 6):
            by_delta[d] = u.get(f"+{d}", 0) + u.get(WILD, 0)
            by_delta[-d] = u.get(f"-{d}", 0) + u.get(WILD, 0)
        self._by_delta = by_delta
        self._holds = _holds_table(self.unseen_total)

    def risk(self, seat: int, count: int) -> float:
        """Chance that `seat`, playing next at `count`, can make its own secret number."""
        key = (seat, count)
        if key in self._risk:
            return self._risk[key]
        if not self._by_delta:
            self._tables()
        by_delta, holds, u = self._by_delta, self._holds, self.unseen_cards
        reverse, temple = u.get(REVERSE, 0), u.get(TEMPLE, 0) // 2
        total = 0.0
        for s, p in self.secret_odds(seat).items():
            k = by_delta.get(s - count, 0)
            if -count == s:
                k += reverse
            if s <= 5:  # Temple of Zero, then a card to s
                k += temple
            total += p * holds[min(k, len(holds) - 1)]
        self._risk[key] = total
        return total


def _score(know: _Knowledge, card: str, value: int | None, count: int, hand: list[str] | None, depth: int) -> float:
    """How good playing `card` at `count` is for this seat (higher is better)."""
    new, again, skip, reverse = effect(card, value, count, know.n)
    cost = CARD_COST.get(card, 0.0)
    if know.secret is not None and new == know.secret and (card != SKIP or know.skip_wins):
        return WIN - cost
    if again:
        rest = _without(hand, card)
        options = list(_plays(rest))
        if not options or depth >= 2:
            # nothing left to play: the turn passes at this count
            return _leave(know, new, False, False) - cost
        return max(_score(know, c, v, new, rest, depth + 1) for c, v in options) - cost
    return _leave(know, new, skip, reverse) - cost


def _leave(know: _Knowledge, count: int, skip: bool, reverse: bool) -> float:
    direction = -know.direction if reverse else know.direction
    nxt = (know.seat + direction * (2 if skip else 1)) % know.n
    score = -RISK_WEIGHT * know.risk(nxt, count)
    if know.secret is not None:
        score -= CLOSENESS_WEIGHT * abs(know.secret - count)
    return score


def _without(hand: list[str] | None, card: str) -> list[str] | None:
    if hand is None:
        return None
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


_ANY = tuple(NUMBER_VALUE) + (SKIP, REVERSE, TEMPLE)


def _plays(hand: list[str] | None) -> Iterator[tuple[str, int | None]]:
    """(card, value) pairs a hand can play; None (physical deck) means any card."""
    cards = set(_ANY + (WILD,)) if hand is None else set(hand)
    for c in sorted(cards):
        if c == WILD:
            for v in WILD_VALUES:
                yield c, v
        else:
            yield c, None


@register("maya-madness", "greedy")
class GreedyBot(Bot):
    """Greedy Maya Madness player; see the module docstring for how it scores a card."""

    kind = "greedy"

    def choose(self, game: Any, view: Any, legal: Any, rng: Any) -> dict[str, Any]:
        """One of `legal` for the seat whose `view` this is (the seat view: its
        secrets under "you")."""
        actions = list(legal)
        seat = view["you"]["seat"]
        kind = actions[0]["type"]
        if kind == START_CARD:  # physical deck: the card is whatever was really turned over
            return dict(rng.choice(actions))
        know = _Knowledge(view, seat)
        if kind == START_COUNT:
            # the dealer leaves the first player as little as it can
            first = (seat + 1) % know.n
            return min(actions, key=lambda a: (know.risk(first, a["count"]), a["count"]))
        best, best_score = None, None
        for a in actions:
            t = a["type"]
            if t == PLAY:
                s = _score(know, a["card"], a.get("value"), know.count, know.hand, 0)
            elif t == GUESS:
                p = know.secret_odds(a["target"]).get(a["number"], 0.0)
                # right: +1 for me; wrong: I lose my token and they gain one
                s = WIN / 2 if p > 0.5 else -WIN
            else:  # end_turn (physical deck, no card left for a bonus play)
                s = -WIN / 2
            # ties broken at random so two greedy bots do not play identically
            s += rng.random() * 1e-6
            if best_score is None or s > best_score:
                best, best_score = a, s
        assert best is not None
        return dict(best)


__all__ = ["GreedyBot"]
