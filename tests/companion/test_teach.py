"""The first-game guide (issue 25 §1, companion/table/teach.py): over whole random
games of all three, each phase's card comes up exactly once, in the order the phases
first come up, never again after it was dismissed, nor after an Undo or a resume; a
card is made from the TABLE view only, so it never names what a seat hides."""
from __future__ import annotations

import pathlib
import random
import re
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from companion import games
from companion.i18n import PSEUDO, language
from companion.rules.engine import CHANCE, TABLE
from companion.table.session import Session
from companion.table.teach import SETUP, TEACH, Guide, game_teach, wants_teach

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_choices_privacy import TITLES, canon, variants
from test_help import hidden_strings

NAMES = ["Ana", "Ben", "Cy", "Di", "Ed"]


def play(name: str, options: dict[str, Any], players: int, seed: int, physical: bool = False,
         limit: int = 2000) -> tuple[Any, list[Any], list[dict[str, Any]]]:
    """A whole random game: the game, its states and its actions (chance drawn from its outcomes)."""
    game = games.get_game(name)
    rng = random.Random(seed)
    state = game.setup(NAMES[:players], game.resolve_options(options))
    states, actions = [state], []
    while game.result(state) is None and len(actions) < limit:
        actor = rng.choice(sorted(game.actors(state), key=str))
        if actor == CHANCE:
            outcomes = game.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(game.legal_actions(state, actor))
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return game, states, actions


def seen_by_table(game: Any, state: Any, physical: bool) -> bool:
    return physical or any(a != CHANCE for a in game.actors(state))


def expected_order(game: Any, states: list[Any], physical: bool) -> list[str]:
    """The keys in the order their phases first come up in states the table sees,
    the setting-up card first: read straight from the game's own teach module."""
    module = game_teach(game)
    order: list[str] = []
    for state in states:
        if game.result(state) is not None or not seen_by_table(game, state, physical):
            continue
        view = game.view(state, TABLE)
        if not order and module.teach_card(SETUP, view) is not None:
            order.append(SETUP)
        key = module.teach_key(view)
        if key and key not in order and module.teach_card(key, view) is not None:
            order.append(key)
    return order


def shown_along(game: Any, states: list[Any], actions: list[Any], options: dict[str, Any], players: int,
                physical: bool = False) -> list[tuple[int, str]]:
    """What a table screen shows: at each state the table sees, every card due, each
    dismissed with one tap (the next one due then shows)."""
    guide = Guide(game, NAMES[:players], game.resolve_options(options), "physical" if physical else "digital")
    shown = []
    for i, state in enumerate(states):
        if not seen_by_table(game, state, physical):
            continue
        for _ in range(5):
            card = guide.due(actions[:i])
            if card is None:
                break
            assert card.title and card.lines and len(card.lines) <= 4, card
            shown.append((i, card.key))
            guide.dismiss(card)
        assert guide.due(actions[:i]) is None  # dismissed: not shown again, here or later
    return shown


CASES = [(name, options) for name, variants_ in TITLES.items() for options in variants_]


@pytest.mark.parametrize("name,options", CASES)
def test_each_phase_card_comes_up_exactly_once_in_the_order_the_phases_do(name: str, options: dict) -> None:
    game = games.get_game(name)
    for seed in range(3):
        players = random.Random(seed).randint(max(game.min_players, 2), game.max_players)
        game, states, actions = play(name, options, players, seed)
        shown = shown_along(game, states, actions, options, players)
        keys = [k for _i, k in shown]
        assert len(keys) == len(set(keys)), (name, seed, keys)
        assert keys == expected_order(game, states, False), (name, seed, keys)
        assert keys[0] == SETUP and len(keys) >= 2, keys
        assert [i for i, _k in shown] == sorted(i for i, _k in shown)


@pytest.mark.parametrize("name", sorted(TITLES))
def test_with_physical_randomness_the_draws_the_table_enters_are_taught_too(name: str) -> None:
    game, states, actions = play(name, {}, 3, 7, physical=True)
    keys = [k for _i, k in shown_along(game, states, actions, {}, 3, physical=True)]
    assert keys == expected_order(game, states, True)
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("name", sorted(TITLES))
def test_a_resumed_game_shows_no_card_of_a_phase_it_has_moved_past(name: str) -> None:
    """A restart at any point: a fresh guide (nothing stored) shows a card only in the
    very state its phase first came up, the one a live table would show there too."""
    game, states, actions = play(name, {}, 3, 11)
    first = {}
    live = Guide(game, NAMES[:3], game.resolve_options({}))
    for i in range(len(states)):
        for keys in live.keys_seen(actions[:i])[-1:]:
            for key in keys:
                first.setdefault(key, i)
    for i in range(0, len(states), 3):
        card = Guide(game, NAMES[:3], game.resolve_options({})).due(actions[:i])
        assert card is None or first[card.key] == i, (name, i, card)


@pytest.mark.parametrize("name", sorted(TITLES))
def test_an_undo_back_into_a_phase_does_not_show_its_card_again(name: str) -> None:
    game, states, actions = play(name, {}, 3, 3)
    guide = Guide(game, NAMES[:3], game.resolve_options({}))
    shown = shown_along(game, states, actions, {}, 3)
    at, key = shown[1]  # the first phase's own card
    for _ in range(3):  # reach it, dismiss it
        card = guide.due(actions[:at])
        if card is None:
            break
        guide.dismiss(card)
    assert key in guide.dismissed
    guide.due(actions[:at + 5])
    assert guide.due(actions[:at]) is None  # undone back to it: not again
    assert guide.due([dict(a) for a in actions[:at]]) is None  # the same history, other objects


@pytest.mark.parametrize("code", ["en", PSEUDO, "de"])
@pytest.mark.parametrize("name", sorted(TITLES))
def test_no_card_names_what_a_seat_hides(name: str, code: str) -> None:
    """Over random games: no text of a card is a text only some seat's own view holds,
    and a card is the same whatever the seats hide (same TABLE view, same card)."""
    problems = []
    with language(code):
        for seed in range(3):
            options = TITLES[name][seed % len(TITLES[name])]
            game, states, actions = play(name, options, 3, seed)
            guide = Guide(game, NAMES[:3], game.resolve_options(options))
            for i, state in enumerate(states[:150]):
                card = guide.due(actions[:i])
                if card is None:
                    continue
                for secret in hidden_strings(game, state):
                    word = re.compile(rf"(?<!\w){re.escape(secret)}(?!\w)")
                    problems += [f"{name} {seed} {i}: {secret!r} in {t!r}" for t in card.texts() if word.search(t)]
                table = canon(game.view(state, TABLE))
                for other, _changed in list(variants(name, state))[:4]:
                    try:
                        if canon(game.view(other, TABLE)) != table:
                            continue
                    except Exception:  # a swap the game's state cannot hold
                        continue
                    made = game_teach(game).teach_card(card.key, game.view(other, TABLE))
                    if made is None or (made[0], tuple(made[1])) != (card.title, card.lines):
                        problems.append(f"{name} {seed} {i}: the card changes with what seats hide")
    assert problems == []


def test_every_card_is_translated_into_german() -> None:
    for name in sorted(TITLES):
        game, states, _actions = play(name, {}, 3, 1)
        module = game_teach(game)
        view = game.view(states[1], TABLE)
        for key in module.CARDS:
            with language("en"):
                english = module.teach_card(key, view)
            with language("de"):
                german = module.teach_card(key, view)
            assert english is not None and german is not None
            assert german[0] != english[0] and all(d != e for d, e in zip(german[1], english[1])), (name, key)


def test_the_session_keeps_the_tables_choice_and_a_resume_shows_no_card_twice(journal) -> None:
    s = Session.create(journal, "maya", NAMES[:3], seed=4, meta={TEACH: True})
    assert wants_teach(s) and not wants_teach(Session.create(journal, "maya", NAMES[:3], seed=4))
    guide = Guide.of(SimpleNamespace(session=s))
    assert guide is not None
    card = guide.due(s.actions)
    assert card is not None and card.key == SETUP
    guide.dismiss(card)
    rng = random.Random(2)
    while len(s.actions) < 12:  # through the starting blocks into quarrying
        seat = sorted(a for a in s.actors() if a != CHANCE)[0]
        s.act(rng.choice(s.legal_actions(seat)))
        while (card := guide.due(s.actions)) is not None:
            guide.dismiss(card)
    again = Session.resume(journal, s.id)
    assert wants_teach(again)
    resumed = Guide.of(SimpleNamespace(session=again))
    assert resumed is not None and resumed.due(again.actions) is None
