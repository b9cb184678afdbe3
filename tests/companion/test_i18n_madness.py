"""Maya Madness in every language (issue 24): no sentence a player reads skips the
catalog, German reads like the table speaks, and a log says the same numbers in
English and German.

Under the pseudo-locale every translated text comes out bracketed, so whatever is
left of a sentence once names, numbers and the translated parts are taken out is
English no catalog saw (tests/i18n_check.py).
"""
from __future__ import annotations

import pathlib
import random
import re
import sys

import pytest

from companion.errors import CompanionError
from companion.games import get_game
from companion.i18n import PSEUDO, language
from companion.rules.engine import CHANCE, TABLE

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from i18n_check import plain_english, strings  # tests/, put on the path above

G = get_game("maya-madness")
NAMES = ("Ana", "Ben", "Cy", "Dee")
ALLOWED = ("Maya Madness",)  # the game's title, a proper noun in every language
#: The words of a Madness view beyond the schema's sentences.
KEYS = ("sentence", "sentences", "label", "text", "title", "help", "line", "lines", "name_label", "tokens_label",
        "count_line", "look_label", "hand_hint", "direction_label", "secret_caption", "hand_label", "why",
        "confirm", "tiebreak")


def _english(texts, n):
    left = []
    for text in texts:
        words = plain_english(text, names=NAMES[:n], allowed=ALLOWED)
        if words:
            left.append((text, words))
    return left


def _choice_texts(choices):
    for c in choices:
        yield c.label
        yield c.sentence
        yield c.group
        if c.why:
            yield c.why
        if c.confirm:
            yield c.confirm
        for part in c.parts:
            yield part.label
            yield from (str(o.label) for o in part.options)


def _refusals(s, n, rng):
    """What `apply` says to actions a table might try: out of turn, out of place, malformed."""
    tries = [
        {"actor": rng.randrange(n), "type": "play", "card": rng.choice(["+1", "-3", "wild", "temple", "7"])},
        {"actor": rng.randrange(n), "type": "play", "card": "wild", "value": rng.choice([0, 9, None])},
        {"actor": rng.randrange(n), "type": "play", "card": "+2", "value": 3},
        {"actor": rng.randrange(n), "type": "guess", "target": rng.randrange(n), "number": rng.choice([0, 3, 42])},
        {"actor": rng.randrange(n), "type": "end_turn"},
        {"actor": rng.randrange(n), "type": "start_card", "card": "0"},
        {"actor": rng.randrange(n), "type": "start_count", "count": rng.choice([0, 2, 8])},
        {"actor": CHANCE, "type": "draw_token", "seat": rng.randrange(n), "token": rng.choice([1, 11])},
        {"actor": CHANCE, "type": "shuffle", "order": []},
        {"actor": CHANCE, "type": "reshuffle", "order": ["x"]},
        {"actor": rng.randrange(n), "type": "draw_token", "seat": 0, "token": 1},
        {"actor": CHANCE, "type": "play", "card": "+1"},
        {"actor": 7, "type": "play", "card": "+1"},
    ]
    out = []
    for action in tries:
        try:
            G.apply(s, action)
        except CompanionError as e:
            out.append(str(e))
    if s.phase == "play" and s.count is not None:
        for key, value in (("count", 500), ("count", True), ("gold", 1)):
            try:
                G.correct(s, key, value)
            except CompanionError as e:
                out.append(str(e))
    return out


def _texts_of(s, n, rng):
    """Every sentence a player of `s` can read: the table's and each seat's view, the
    phones' private lines, each seat's choices, the sentences of its legal moves,
    the result, and what apply says to a wrong move."""
    yield from strings(G.view(s, TABLE), KEYS)
    for seat in range(n):
        view = G.view(s, seat)
        yield from strings(view, KEYS)
        yield from G.private_lines(view)
        yield from _choice_texts(G.menu(s, seat))
        for a in G.legal_actions(s, seat)[:30]:
            yield G.describe_action(view, a)
    for c in G.corrections(s):
        yield c.label
    r = G.result(s)
    if r is not None:
        if r.tiebreak:
            yield r.tiebreak
        yield from strings(r.to_json(), KEYS)
    yield from _refusals(s, n, rng)


def random_game(seed, n, deck, advanced, steps=600):
    """The states of one random game (random legal moves, random draws)."""
    rng = random.Random(seed)
    s = G.setup(NAMES[:n], {"deck": deck, "advanced": advanced, "tokens_to_win": 3})
    states = [s]
    for _ in range(steps):
        if G.result(s) is not None:
            break
        (actor,) = G.actors(s)
        action = G.sample_chance(s, rng) if actor == CHANCE else rng.choice(G.legal_actions(s, actor))
        s = G.apply(s, action)
        states.append(s)
    return states


GAMES = [(seed, 2 + seed % 3, ("physical", "full")[seed % 2], seed % 4 >= 2) for seed in range(12)]


@pytest.mark.parametrize("seed,n,deck,advanced", GAMES)
def test_every_sentence_of_a_random_game_passes_through_the_catalog(seed, n, deck, advanced):
    rng = random.Random(seed)
    with language(PSEUDO):
        states = random_game(seed, n, deck, advanced)
        assert G.result(states[-1]) is not None, "the game should end in its steps"
        left = []
        for s in states[:: max(1, len(states) // 60)] + states[-1:]:
            left += _english(_texts_of(s, n, rng), n)
    assert left == [], left[:5]


def test_the_option_words_are_translated_from_game_toml():
    from companion.games.maya_madness.i18n import _

    with language("de"):
        assert _("Secret number tokens to win") == "Geheimzahl-Plättchen zum Sieg"
        assert _("the companion deals them") == "der Begleiter teilt sie aus"


def _reverse_at_six(names):
    """Rulebook, "Power cards": the count is 6 and a Reverse is played: it is −6, and
    with three players play changes direction."""
    s = G.setup(names, {"deck": "physical"})  # Cy deals; Ana plays first
    s = G.apply(s, {"actor": 2, "type": "start_card", "card": "+1"})
    for seat, token in ((0, 9), (1, 10), (2, 8)):
        s = G.apply(s, {"actor": CHANCE, "type": "draw_token", "seat": seat, "token": token})
    s = G.apply(s, {"actor": 0, "type": "play", "card": "+5"})
    return G.apply(s, {"actor": 1, "type": "play", "card": "reverse"})


def test_a_german_table_hears_the_rulebooks_reverse_in_german():
    s = _reverse_at_six(["Ana", "Ben", "Cy"])
    with language("de"):
        view = G.view(s, TABLE)
        assert [e["sentence"] for e in view["events"]] == [
            "Ben spielt einen Richtungswechsel: Die Summe ist −6, und die Spielrichtung dreht sich um."]
        assert view["waiting_for"]["sentence"] == "Ana ist dran: Karte spielen."
        assert view["direction_label"] == "↺ gegen den Uhrzeigersinn"
        assert G.view(s, 0)["you"]["secret_caption"] == "Deine Geheimzahl"
        with pytest.raises(CompanionError, match="^Ana ist dran, nicht Ben.$"):
            G.apply(s, {"actor": 1, "type": "play", "card": "+1"})
    assert G.view(s, TABLE)["events"][0]["sentence"] == (
        "Ben plays a Reverse: the count is −6 and play changes direction.")  # English stays the default


def test_a_german_phone_reads_its_hand_and_the_game_over_in_german():
    s = G.setup(["Ana", "Ben"], {"deck": "physical", "tokens_to_win": 3})
    s = G.apply(s, {"actor": 1, "type": "start_card", "card": "wild"})
    s = G.apply(s, {"actor": 1, "type": "start_count", "count": 2})
    with language("de"):
        assert G.view(s, TABLE)["events"][0]["sentence"] == "Ben wählt die Startsumme 2."
        s = G.apply(s, {"actor": CHANCE, "type": "draw_token", "seat": 0, "token": 3})
        s = G.apply(s, {"actor": CHANCE, "type": "draw_token", "seat": 1, "token": 5})
        assert G.private_lines(G.view(s, 0)) == ["Deine Geheimzahl: 3."]
        s = G.apply(s, {"actor": 0, "type": "play", "card": "+1"})
        assert G.view(s, TABLE)["events"][-1]["sentence"] == (
            "Ana bringt die Summe auf 3 und gewinnt das Geheimzahl-Plättchen 3!")
        assert G.view(s, TABLE)["players"][0]["tokens_label"] == "★ 1 von 3 (3)"


def _log(states):
    """The game's log as the table reads it: each step's events."""
    return [e["sentence"] for s in states for e in G.view(s, TABLE)["events"]]


_NUMBER = re.compile(r"[−-]?\d+")


@pytest.mark.parametrize("seed", [3, 8, 11])
def test_the_same_log_says_the_same_numbers_in_english_and_german(seed):
    _s, n, deck, advanced = GAMES[seed]
    states = random_game(seed, n, deck, advanced)
    english = _log(states)
    with language("de"):
        german = _log(states)
    assert german != english
    assert len(german) == len(english)
    for en, de in zip(english, german, strict=True):
        assert _NUMBER.findall(en) == _NUMBER.findall(de), (en, de)
