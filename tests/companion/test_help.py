""""What can I do now?" (issue 25 §1, companion/table/help.py): the phase, what each
choice does and why the moves players often try are refused, from the game's own
choices and apply; the table's help never tells what a seat hides."""
from __future__ import annotations

import itertools
import pathlib
import re
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from companion import games
from companion.i18n import PSEUDO, language
from companion.rules.engine import TABLE
from companion.table.help import game_help, state_help

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_choices_privacy import TITLES, canon, states, variants


def strings(value: Any) -> Iterator[str]:
    """Every text in a view's part, however deep."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def hidden_strings(game: Any, state: Any) -> set[str]:
    """The texts found only in some seat's own view (its `you`), never in the table's."""
    public = set(strings(game.view(state, TABLE)))
    found: set[str] = set()
    for seat in range(len(state.names)):
        found |= {s for s in strings(game.view(state, seat).get("you")) if len(s) > 2}
    return {s for s in found if s not in public}


@pytest.mark.parametrize("code", ["en", PSEUDO])
@pytest.mark.parametrize("name", sorted(TITLES))
def test_the_public_help_never_names_what_a_seat_hides(name: str, code: str) -> None:
    game = games.get_game(name)
    problems = []
    with language(code):
        for seed in range(6):
            for state in states(name, seed, 90):
                h = state_help(game, state)
                # the phase's summary is the game's fixed text for the phase (see below), never a state's
                help_texts = [t for t in h.texts() if t not in h.summary]
                for secret in hidden_strings(game, state):
                    word = re.compile(rf"(?<!\w){re.escape(secret)}(?!\w)")  # "skip" is in "Skip skips"
                    problems += [f"{name} {seed}: {secret!r} in {t!r}" for t in help_texts if word.search(t)]
    assert problems == []


@pytest.mark.parametrize("name", sorted(TITLES))
def test_the_public_help_is_the_same_whatever_the_seats_hide(name: str) -> None:
    """A refusal that worded a hidden card differently would change here, though it names no text of `you`."""
    game = games.get_game(name)
    problems = []
    for seed in range(5):
        for state in states(name, seed, 90):
            table, mine = canon(game.view(state, TABLE)), state_help(game, state)
            for other, changed in itertools.islice(variants(name, state), 4):
                try:
                    if canon(game.view(other, TABLE)) != table:
                        continue
                    theirs = state_help(game, other)
                except Exception:  # a swap the game's state cannot hold
                    continue
                if theirs != mine:
                    problems.append(f"{name} {seed}: the help changes with seats {changed}'s secrets")
    assert problems == []


@pytest.mark.parametrize("name", sorted(TITLES))
def test_every_phase_of_a_random_game_has_its_fixed_summary(name: str) -> None:
    game = games.get_game(name)
    assert game_help(game) is not None
    said: dict[str, tuple[str, ...]] = {}
    for seed in range(3):
        for state in states(name, seed, 60):
            view = game.view(state, TABLE)
            h = state_help(game, state)
            assert h.phase and h.summary, (name, view["phase"])
            key = canon([view["phase"], view.get("options")])
            assert said.setdefault(key, h.summary) == h.summary  # the same words for the phase, whatever the state


def test_a_refusal_is_the_games_own_sentence_and_changes_nothing() -> None:
    game = games.get_game("maya-madness")
    state = next(s for s in states("maya-madness", 0, 90) if game.view(s, TABLE)["phase"] == "play")
    before = canon(game.view(state, TABLE))
    h = state_help(game, state)
    assert any("turn" in r.sentence for r in h.refusals), h.refusals
    assert canon(game.view(state, TABLE)) == before


def test_each_choice_says_what_it_does() -> None:
    game = games.get_game("maya")
    state = next(s for s in states("maya", 1, 90) if game.view(s, TABLE)["phase"] == "building")
    h = state_help(game, state)
    assert h.choices and all(line.label and line.sentence for line in h.choices)


def test_a_seat_is_told_its_own_refusals_behind_the_gate() -> None:
    game = games.get_game("maya")
    state = next(s for s in states("maya", 0, 90) if game.view(s, TABLE)["phase"] == "quarrying"
                 and any(not q["cards"] for q in game.view(s, TABLE)["quarries"])
                 and any(c > 5 for c in game.view(s, s.turn)["you"]["cards"]))
    own = state_help(game, state, state.turn)
    assert any("low card" in r.sentence for r in own.refusals), own.refusals
    assert not any("low card" in r.sentence for r in state_help(game, state).refusals)


def test_a_game_without_a_help_module_still_has_its_choices(toy: Any) -> None:
    game = toy
    state = game.setup(["Ana", "Ben"], {})
    h = state_help(game, state)
    assert game_help(game) is None
    assert h.title and h.phase == str(game.view(state, TABLE).get("phase") or "")


@pytest.mark.parametrize("name", sorted(TITLES))
def test_a_seats_help_never_names_what_another_seat_hides(name: str) -> None:
    game = games.get_game(name)
    problems = []
    for seed in range(4):
        for state in states(name, seed, 90):
            for seat in sorted(a for a in game.actors(state) if isinstance(a, int)):
                own = set(strings(game.view(state, seat)))
                h = state_help(game, state, seat)
                texts = [t for t in h.texts() if t not in h.summary]
                for secret in hidden_strings(game, state) - own:
                    word = re.compile(rf"(?<!\w){re.escape(secret)}(?!\w)")
                    problems += [f"{name} {seed} seat {seat}: {secret!r} in {t!r}" for t in texts if word.search(t)]
    assert problems == []
