"""Choices leak nothing (issue 21): over random games of every title, a second game
that differs from the first only in what some seats hide (their cards, hands, bids,
secret tokens, stones, stela values, and with them what is left in the pile, the
purse or the supply) and shows the same TABLE view offers the same public choices,
field for field: labels, sentences, why, confirm, extra, the pickers' options and
every legal combination. A public picker that offered only the values consistent
with a hidden card would differ here, although no word of it names the card.

The same for one seat's own choices: when only the OTHER seats' secrets differ and
that seat's own view is the same, its choices (behind its gate, on its phone) are
the same: a seat's picker must not tell it what the others hold.
"""
from __future__ import annotations

import dataclasses
import itertools
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion import games
from companion.rules.engine import CHANCE, TABLE

TITLES = {
    "maya": ({}, {"advanced": True}, {"quarries": "scoring-only"}),
    "maya-madness": ({}, {"deck": "full"}, {"deck": "full", "advanced": True}, {"advanced": True}),
    "mayan-curse": ({}, {"purse": "real"}, {"stelae": "physical"}),
}


VARIANTS = 6  # secrets changed per state looked at (the first of each kind come first)


def canon(value: Any) -> str:
    def plain(o: Any) -> Any:
        if dataclasses.is_dataclass(o) and not isinstance(o, type):
            return {f.name: getattr(o, f.name) for f in dataclasses.fields(o)}
        if isinstance(o, (set, frozenset)):
            return sorted(o, key=repr)
        return dict(o) if hasattr(o, "items") else repr(o)

    return json.dumps(value, default=plain, sort_keys=True)


def states(name: str, seed: int, moves: int = 120) -> Iterator[Any]:
    """States along one random game (chance drawn from its outcomes)."""
    game = games.get_game(name)
    rng = random.Random(seed)
    options = TITLES[name][seed % len(TITLES[name])]
    n = rng.randint(game.min_players, game.max_players)
    state = game.setup([f"P{i}" for i in range(n)], options)
    for _ in range(moves):
        if game.is_over(state):
            return
        yield state
        actors = sorted(game.actors(state), key=str)
        actor = rng.choice(actors)
        if actor == CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(game.legal_actions(state, actor))
        state = game.apply(state, action)


def _swap(t: tuple[Any, ...], i: int, j: int) -> tuple[Any, ...]:
    out = list(t)
    out[i], out[j] = out[j], out[i]
    return tuple(out)


def variants(name: str, state: Any) -> Iterator[tuple[Any, set[int]]]:
    """States that differ from `state` only in what seats hide, each with the seats
    whose secrets changed."""
    n = len(state.names)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    if name == "maya":
        low = state.box.low_values
        if state.options.quarries == "companion":  # scoring-only: the real cards are laid face up
            for q, quarry in enumerate(state.quarries):  # a card in hand and one laid face down change places
                if quarry.revealed:
                    continue
                for k, (seat, laid) in enumerate(quarry.cards):
                    for held in sorted(set(state.cards[seat])):
                        if held != laid and (held in low) == (laid in low):
                            hand = list(state.cards[seat])
                            hand[hand.index(held)] = laid
                            quarries = _set(state.quarries, q, _replace(quarry, cards=_set(quarry.cards, k,
                                                                                          (seat, held))))
                            yield _replace(state, quarries=quarries,
                                           cards=_set(state.cards, seat, tuple(sorted(hand)))), {seat}
        for i, j in pairs:
            if state.bids and (state.bids[i] is None) == (state.bids[j] is None) and state.bids[i] != state.bids[j]:
                yield _replace(state, bids=_swap(state.bids, i, j)), {i, j}
    elif name == "maya-madness":
        for i, j in pairs:
            if state.hands and len(state.hands[i]) == len(state.hands[j]) and state.hands[i] != state.hands[j]:
                yield _replace(state, hands=_swap(state.hands, i, j)), {i, j}
            if None not in (state.secrets[i], state.secrets[j]) and state.secrets[i] != state.secrets[j]:
                yield _replace(state, secrets=_swap(state.secrets, i, j)), {i, j}
        for i in range(n):  # a card of the hand and one of the draw pile change places
            if state.hands and state.hands[i] and state.pile and state.pile[0] not in state.hands[i]:
                hand = (state.pile[0], *state.hands[i][1:])
                pile = (state.hands[i][0], *state.pile[1:])
                yield _replace(state, hands=_set(state.hands, i, tuple(sorted(hand))), pile=pile), {i}
    elif name == "mayan-curse":
        seats = state.seats
        for i, j in pairs:
            if len(seats[i].stones) == len(seats[j].stones) and sorted(seats[i].stones) != sorted(seats[j].stones):
                a, b = seats[i], seats[j]
                new = _set(_set(seats, i, _replace(a, stones=b.stones)), j,
                           _replace(b, stones=a.stones))
                yield _replace(state, seats=new), {i, j}
        kinds = state.box.kinds
        for i, s in enumerate(seats):  # a stone in hand and one still in the purse change places
            for stone in sorted(set(s.stones)):
                for k, left in enumerate(state.purse):
                    if left and kinds[k] != stone:
                        purse = list(state.purse)
                        purse[k] -= 1
                        purse[kinds.index(stone)] += 1
                        hand = list(s.stones)
                        hand[hand.index(stone)] = kinds[k]
                        yield _replace(state, purse=tuple(purse),
                                       seats=_set(seats, i, _replace(s, stones=tuple(sorted(hand))))), {i}
                        break
        from companion.games.mayan_curse.components import COLOURS

        for i, s in enumerate(seats):  # a stela drawn with another value: the supply has the other one left
            for k, (colour, place, value) in enumerate(s.stelae):
                if not value:
                    continue
                ci = COLOURS.index(colour)
                values = [v for v, _ in state.box.values[ci]]
                left = list(state.supply[ci])
                for other, n_left in zip(values, left):
                    if other != value and n_left:
                        left2 = list(left)
                        left2[values.index(other)] -= 1
                        left2[values.index(value)] += 1
                        supply = _set(state.supply, ci, tuple(left2))
                        stelae = _set(s.stelae, k, (colour, place, other))
                        yield _replace(state, supply=supply,
                                                  seats=_set(seats, i, _replace(s, stelae=stelae))), {i}
                        break


def _replace(obj: Any, **changes: Any) -> Any:
    """dataclasses.replace, or a NamedTuple's _replace (Maya Madness's state)."""
    if hasattr(obj, "_replace"):
        return obj._replace(**changes)
    return dataclasses.replace(obj, **changes)


def _set(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return t[:i] + (value,) + t[i + 1:]


def menus(game: Any, state: Any) -> dict[int, list[Any]]:
    return {seat: game.menu(state, seat) for seat in range(len(state.names))}


def _check(name: str, seeds: range, own: bool) -> list[str]:
    game = games.get_game(name)
    problems: list[str] = []
    for seed in seeds:
        for state in states(name, seed):
            table = canon(game.view(state, TABLE))
            before = menus(game, state)
            for other, changed in itertools.islice(variants(name, state), VARIANTS):
                try:
                    if canon(game.view(other, TABLE)) != table:
                        continue  # the TABLE view shows the difference: not a secret
                    after = menus(game, other)
                except Exception:  # a swap the game's state cannot hold
                    continue
                for seat in before:
                    if not own:
                        a = canon([c for c in before[seat] if c.public])
                        b = canon([c for c in after[seat] if c.public])
                    elif seat in changed or canon(game.view(state, seat)) != canon(game.view(other, seat)):
                        continue
                    else:
                        a = canon([c for c in before[seat] if c.seat == seat])
                        b = canon([c for c in after[seat] if c.seat == seat])
                    if a != b:
                        problems.append(f"{name} seed {seed} phase {getattr(state, 'phase', '?')}: seat {seat}'s "
                                        f"{'own' if own else 'public'} choices change with seats {changed}'s "
                                        f"secrets: {a[:200]} != {b[:200]}")
                        if len(problems) > 3:
                            return problems
    return problems


@pytest.mark.parametrize("name", sorted(TITLES))
def test_public_choices_are_the_same_whatever_the_seats_hide(name: str) -> None:
    assert not _check(name, range(8), own=False)


@pytest.mark.parametrize("name", ["maya", "maya-madness"])
def test_a_seats_own_choices_do_not_tell_it_what_the_others_hide(name: str) -> None:
    assert not _check(name, range(8), own=True)


def test_a_curse_seats_own_choices_do_not_tell_it_what_the_others_hide() -> None:
    """Issue 22: a seat entering its own draw (the real purse, physical stelae) is offered
    every stone kind and every value of the colour, never only what the companion's count
    of the bag or the supply still has (the others' hidden draws decide that)."""
    assert not _check("mayan-curse", range(8), own=True)
