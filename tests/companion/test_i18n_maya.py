"""Maya speaks the table's language (issue 24): every sentence a player reads of a
Maya game passes through the maya catalog, and a German table reads German.

Under the pseudo-locale every translated text comes out bracketed, so an English
word left over in a view, a choice, a refusal or the log is one no catalog saw.
MAYA_I18N_GAMES=200 plays more games than the default."""
from __future__ import annotations

import os
import pathlib
import random
import re
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from companion.errors import IllegalAction
from companion.games.maya import GAME, hooks
from companion.i18n import PSEUDO, language
from companion.rules.engine import CHANCE, TABLE
from companion.table.log import game_log

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from i18n_check import plain_english, strings

GAMES = int(os.environ.get("MAYA_I18N_GAMES", "8"))
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli"]
PYRAMIDS = ["Chichen Itza", "Tikal", "Copan", "Uxmal", "Palenque"]
#: what a view says besides the shared keys of i18n_check.strings: the header, a tile's
#: status and private button, a summary's table columns and cells and its button
VIEW_KEYS = ("sentence", "sentences", "label", "text", "title", "help", "line", "lines", "header", "status",
             "private", "columns", "cells", "done", "tiebreak")
OPTIONS = {
    "advanced": (False, True),
    "quarries": ("companion", "scoring-only"),
    "starting_player": ("keep", "clockwise"),
    "unscored_marker": ("stays", "highest"),
    "tiebreak": ("pool", "none"),
    "bonus_block": ("majority", "completer"),
    "second_after_tie": ("paid", "none"),
    "lowest_bid_tie": ("clockwise", "none"),
}


def english(text: Any, where: str) -> list[str]:
    left = plain_english(str(text), names=NAMES, allowed=PYRAMIDS)
    return [f"{where}: {w!r} in {text!r}" for w in left]


def choice_texts(choice: Any) -> Iterator[str]:
    """Every text of a Choice a screen or phone shows: its label, sentence, group,
    question, why greyed, its pickers' questions and options, a picked card's line."""
    yield from (t for t in (choice.label, choice.sentence, choice.group, choice.confirm, choice.why) if t)
    for part in choice.parts:
        yield part.label
        yield from (o.label for o in part.options)
    yield from (v for v in (choice.extra.get("picked") or {}).values())


def near_misses(state: Any, actor: Any, legal: list[dict[str, Any]], rng: random.Random) -> list[dict[str, Any]]:
    """Actions shaped like legal ones with one value changed, or of another type."""
    out = []
    for a in rng.sample(legal, min(2, len(legal))):
        for key in ("pyramid", "quarry", "card", "seat", "target", "gold", "level", "to", "marker", "free", "as",
                    "pyramids", "markers"):
            if key in a:
                out.append({**a, key: rng.choice([-1, 0, 2, 5, 11, True, "joker", [0], [0, 9]])})
    kinds = ["pass", "place_block", "double_move", "use_joker", "bid", "decline", "place_worker", "setup_block"]
    out.append({"actor": actor, "type": rng.choice(kinds)})
    return out


def maya_refusal(err: IllegalAction) -> bool:
    """A refusal Maya's rules said (not one of the shared engine's own checks)."""
    tb = err.__traceback__
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame.f_code.co_filename)
        tb = tb.tb_next
    while frames and frames[-1].endswith(("engine.py", "errors.py", "moves.py")):
        frames.pop()
    return bool(frames) and "games/maya/" in frames[-1].replace(os.sep, "/")


def random_game(seed: int) -> tuple[list[str], dict[str, Any], random.Random]:
    rng = random.Random(seed)
    players = NAMES[:rng.choice((3, 4, 5))]
    options = {k: rng.choice(v) for k, v in OPTIONS.items()}
    return players, options, rng


def pseudo_problems(seed: int) -> tuple[list[str], int]:
    """Play one random game under the pseudo-locale; every English word found, and
    how many refusals were looked at."""
    players, options, rng = random_game(seed)
    problems: list[str] = []
    refusals = 0
    actions = []
    with language(PSEUDO):
        state = GAME.setup(players, options)
        for _step in range(5000):
            for viewer in (TABLE, *range(len(players))):
                view = GAME.view(state, viewer)
                for text in strings(view, VIEW_KEYS):
                    problems += english(text, f"view {viewer} ({state.phase})")
                result = view.get("result") or {}
                for text in (result.get("tiebreak"), (result.get("detail") or {}).get("sentence")):
                    if text:
                        problems += english(text, "result")
            for seat in (*range(len(players)), CHANCE):
                for choice in GAME.menu(state, seat):
                    for text in choice_texts(choice):
                        problems += english(text, f"choice {choice.key}")
            if GAME.result(state) is not None:
                break
            actor = rng.choice(sorted(GAME.actors(state), key=str))
            legal = GAME.legal_actions(state, actor) if actor != CHANCE else []
            if legal:
                for wrong in near_misses(state, actor, legal, rng):
                    try:
                        GAME.apply(state, wrong)
                    except IllegalAction as err:
                        if maya_refusal(err):
                            refusals += 1
                            problems += english(str(err), f"refusal of {wrong}")
                for a in rng.sample(legal, min(3, len(legal))):
                    problems += english(GAME.describe_action(GAME.view(state, TABLE), a), f"describe {a}")
            action = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(legal)
            state = GAME.apply(state, action)
            actions.append(action)
        assert GAME.result(state) is not None
        for entry in game_log(GAME, players, options, actions):
            for text in entry["sentences"]:
                problems += english(text, f"log {entry['n']}")
        for c in GAME.corrections(state):
            problems += english(c.label, "correction")
    return problems, refusals


@pytest.mark.parametrize("seed", range(GAMES))
def test_every_sentence_of_a_random_game_passes_through_the_catalog(seed):
    problems, refusals = pseudo_problems(seed)
    assert problems == [], "\n".join(problems[:20])
    assert refusals > 0


def test_the_box_setup_and_tag_words_pass_through_the_catalog():
    spec = GAME.box_spec()
    assert spec is not None
    import tomllib

    data = tomllib.loads(spec.shipped.read_text())
    problems: list[str] = []
    with language(PSEUDO):
        for n in spec.numbers(data, data):
            problems += english(n.label, n.key) + english(n.source, n.key)
        (kind,) = GAME.tag_kinds()
        for learn in kind.learn_sets():
            problems += english(learn.label, "learn set")
            for text, meaning in learn.steps():
                problems += english(text, "step") + english(kind.describe(meaning), "describe")
    assert problems == [], "\n".join(problems[:20])


# --- German ----------------------------------------------------------------------------

def played(seed: int) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
    players, options, rng = random_game(seed)
    state = GAME.setup(players, options)
    actions = []
    while GAME.result(state) is None:
        actor = rng.choice(sorted(GAME.actors(state), key=str))
        action = GAME.sample_chance(state, rng) if actor == CHANCE else rng.choice(GAME.legal_actions(state, actor))
        state = GAME.apply(state, action)
        actions.append(action)
    return players, options, actions


def test_a_german_table_reads_the_rulebooks_moves_in_german():
    # Preparation: each player places two starting blocks in the bottom levels
    state = GAME.setup(["Blau", "Rot", "Grün"])
    with language("de"):
        view = GAME.view(state, TABLE)
        assert view["waiting_for"]["sentence"] == "Blau setzt einen Startstein in die unterste Ebene einer Pyramide."
        assert view["header"] == "Runde 1/3 · Vorbereitung"
        state = GAME.apply(state, {"actor": 0, "type": "setup_block", "pyramid": 0})
        pyramid = GAME.view(state, TABLE)["pyramids"][0]["name"]
        assert GAME.view(state, TABLE)["events"][0]["sentence"] == f"Blau setzt einen Startstein in {pyramid}."
        with pytest.raises(IllegalAction, match="Es gibt keine Pyramide 9"):
            GAME.apply(state, {"actor": 1, "type": "setup_block", "pyramid": 9})
        labels = [c.label for c in GAME.menu(state, 1)]
        assert pyramid in labels and {c.group for c in GAME.menu(state, 1)} == {"Startstein"}


def test_a_german_log_reads_german_with_the_same_numbers_as_the_english():
    players, options, actions = played(3)
    english_log = game_log(GAME, players, options, actions)
    with language("de"):
        german_log = game_log(GAME, players, options, actions)
    text_en = " ".join(s for e in english_log for s in e["sentences"])
    text_de = " ".join(s for e in german_log for s in e["sentences"])
    assert re.findall(r"\d+", text_en) == re.findall(r"\d+", text_de)
    assert "Steinbruch" in text_de and "Runde 1 gewertet" in text_de
    for word in (" lays ", " passes", " builds ", "Quarry ", " gold"):
        assert word not in text_de, word
    for e_en, e_de in zip(english_log, german_log):
        assert len(e_en["sentences"]) == len(e_de["sentences"])


def test_the_box_numbers_and_the_worker_card_tags_speak_german():
    with language("de"):
        assert hooks.describe_card({"colour": "blue", "value": -3}) == "Blau −3"
        (kind,) = GAME.tag_kinds()
        assert [s.label for s in kind.learn_sets()][:2] == ["Blaue Karten", "Rote Karten"]


def _maya_scenes() -> Any:
    """The Maya tests' scene helpers (tests/companion/games/maya/conftest.py)."""
    import importlib.util

    path = pathlib.Path(__file__).with_name("games") / "maya" / "conftest.py"
    spec = importlib.util.spec_from_file_location("maya_scenes", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_rulebooks_first_distribution_example_reads_german():
    """"Blue has a score of 11 points, which gives him 4 blocks and the Special
    Property marker. Red comes in second with 6 points and receives 3 blocks.\""""
    scenes = _maya_scenes()
    box = scenes.load_box(5)
    at = next(i for i, q in enumerate(box.quarries) if q.blocks == (4, 3, 1))
    column = [(scenes.BLUE, 4), (scenes.RED, 6), (scenes.BLUE, 7)]
    s = scenes.at_distribution([column if q == at else [] for q in range(len(box.quarries))])
    with language("de"):
        view = GAME.view(s, TABLE)
        (said,) = [r["sentence"] for r in view["quarry_results"] if r["quarry"] == at]
        marker = {"protect": "Schutz", "move_block": "Stein versetzen", "pool_block": "Stein aus dem Vorrat",
                  "first_player": "Erster Spieler", "transport2": "+2 Transport", "free_pass": "Freipass",
                  "free_double": "Freier Doppelzug"}[box.quarries[at].marker]
        assert said == (f"Steinbruch {at + 1}: Blue 11 Punkte, 4 Steine; Red 6 Punkte, 3 Steine. "
                        f"Blue nimmt das Plättchen „{marker}“.")
    with language("en"):
        (said,) = [r["sentence"] for r in GAME.view(s, TABLE)["quarry_results"] if r["quarry"] == at]
        assert said.startswith(f"Quarry {at + 1}: Blue 11 points, 4 blocks; Red 6 points, 3 blocks. Blue takes the ")
