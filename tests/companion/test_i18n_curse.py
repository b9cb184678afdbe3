"""Mayan Curse speaks the table's language (issue 24): every sentence the engine makes
for a player (views, choices, refusals, the log, the end) passes through the game's
catalog, and a German table reads German with the same numbers as an English one."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from companion.errors import IllegalAction
from companion.games.mayan_curse import GAME
from companion.games.mayan_curse.state import OVER
from companion.i18n import PSEUDO, language
from companion.rules import bots
from companion.rules.engine import CHANCE, TABLE
from companion.table.log import game_log

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from i18n_check import plain_english, strings

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
#: Words that are no sentence of the game: its title (a proper noun, kept in German too).
ALLOWED = ["Mayan Curse"]


def _bot():
    from companion.games.mayan_curse.bot import PlausibleBot

    return PlausibleBot()


def _options(seed: int, players: int) -> dict:
    rng = random.Random(seed * 7 + 1)
    opts = {"purse": rng.choice(["companion", "real"]), "stelae": rng.choice(["digital", "physical"])}
    if players == 1:
        if rng.random() < 0.6:
            opts["scenario"] = rng.randint(1, 12)
            opts["all_stelae"] = rng.choice(["strict", "uncrushed"])
        else:
            opts["difficulty"] = rng.choice(["easy", "normal", "adventurer", "thrill-seeker"])
    else:
        opts["token_skips_escaped"] = rng.random() < 0.7
    return opts


def play(seed: int, players: int, options: dict | None = None, visit=None, limit: int = 3000):
    """A game the bot plays to its end (chance: sampled); `visit(state)` sees each state."""
    rng = random.Random(seed)
    bot = _bot()
    names = NAMES[:players]
    state = GAME.setup(names, options if options is not None else _options(seed, players))
    actions = []
    for _ in range(limit):
        if visit:
            visit(state)
        if state.phase == OVER:
            return state, actions
        actor = sorted(GAME.actors(state), key=str)[0]
        action = GAME.sample_chance(state, rng) if actor == CHANCE else bots.move(bot, GAME, state, actor, rng)
        state = GAME.apply(state, action)
        actions.append(action)
    raise AssertionError(f"seed {seed}: no end after {limit} actions")


def bad_actions(state) -> list[dict]:
    """Actions the game itself refuses now (of a move the phase has, by a seat that may
    act): a wrong colour, stone, item, boulder, row, value, or a move of another step."""
    out = []
    for actor in GAME.actors(state):
        if actor == CHANCE:
            if state.phase == "draw":
                seat = state.queue[0]
                out += [{"actor": CHANCE, "type": "draw_stones", "seat": seat, "stones": ["rock", "rock", "rock"]},
                        {"actor": CHANCE, "type": "draw_stones", "seat": seat, "stones": ["dog"]},
                        {"actor": CHANCE, "type": "draw_stones", "seat": (seat + 1) % len(state.seats),
                         "stones": ["dog", "dog", "dog"]}]
            else:
                seat = state.queue[0]
                colour = state.seats[seat].stelae[-1][0]
                out += [{"actor": CHANCE, "type": "stela_value", "seat": seat, "colour": colour, "value": 99}]
            continue
        a = {"actor": actor}
        if state.phase == "turn":
            out += [dict(a, type="discover_stela", colour="purple", place="passage"),
                    dict(a, type="discover_stela", colour="gray", place="moon"),
                    dict(a, type="discover_stela", colour="beige", place="temple"),
                    dict(a, type="play_stone", stone="rock"),
                    dict(a, type="use_backpack", item="rope"),
                    dict(a, type="claim_camera"), dict(a, type="reach_temple_board"),
                    dict(a, type="enter_stones", stones=["dog", "dog", "dog"]),
                    dict(a, type="enter_stela_value", stela=99, value=1),
                    dict(a, type="boulder_stopped", boulder="left", where="entrance"),
                    dict(a, type="stela_crushed", colour="gray")]
        elif state.phase == "boulders":
            now = state.box.boulder_names[state.tumbling[0]]
            other = next(n for n in state.box.boulder_names if n != now)
            out += [dict(a, type="boulder_stopped", boulder="purple", where="entrance"),
                    dict(a, type="boulder_stopped", boulder=other, where="entrance"),
                    dict(a, type="boulder_stopped", boulder=now, where="sky"),
                    dict(a, type="boulder_stopped", boulder=now, where="passage", row=99),
                    dict(a, type="boulder_stopped", boulder=now, where="passage", row=1, place=7),
                    dict(a, type="stela_crushed", colour="purple"),
                    dict(a, type="end_turn")]
        elif state.phase == "reveal":
            out += [dict(a, type="enter_stela_value", stela=99, value=1),
                    dict(a, type="enter_stela_value", stela=0, value=99)]
    if state.phase == "reveal":
        waiting = set(GAME.actors(state))
        out += [{"actor": i, "type": "enter_stela_value", "stela": 0, "value": 1}
                for i in range(len(state.seats)) if i not in waiting][:1]
    return out


def refusals(state) -> list[str]:
    said = []
    for action in bad_actions(state):
        try:
            GAME.apply(state, action)
        except IllegalAction as e:
            said.append(str(e))
    for c in GAME.corrections(state)[:1]:
        for key, value in ((c.key, c.hi + 5), ("tokens.nowhere", 1)):
            try:
                GAME.correct(state, key, value)
            except IllegalAction as e:
                said.append(str(e))
    return said


def texts_of(state) -> list[str]:
    """Every sentence a player reads of this state: the table's view and each seat's,
    each seat's choices (labels, sentences, reasons, questions, pickers), the private
    lines, the corrections, the refusals of what cannot be done now."""
    out: list[str] = []
    for viewer in [TABLE, *range(len(state.seats))]:
        v = dict(GAME.view(state, viewer))
        out += list(strings(v))
        out += [v["info"], v["words"]["entrance"], v["words"]["board"], *v["words"]["stelae_left"]]
        for p in v["players"]:
            out += [p["hand"], *p["marks"]]
        if v.get("boulder_cue"):
            out.append(v["boulder_cue"]["does"])
        if v.get("round_end"):
            out.append(v["round_end"]["close"])
        if v.get("solo") and v["solo"].get("scenario_text"):
            out.append(v["solo"]["scenario_text"])
        if v.get("result"):
            out.append(str(v["result"].get("tiebreak") or ""))
        if isinstance(viewer, int):
            w = v["you"]["words"]
            out += [w["stones"], w["play"], w["played"], w["knowledge"], *w["names"].values()]
            out += list(GAME.private_lines(v))
            for c in GAME.menu(state, viewer):
                out += [c.label, c.sentence, c.group, c.why or "", c.confirm or ""]
                for part in c.parts:
                    out += [part.label, *(o.label for o in part.options)]
    out += [c.label for c in GAME.corrections(state)]
    out += refusals(state)
    return [t for t in out if t]


def _leaks(texts, names) -> list[tuple[str, list[str]]]:
    return [(t, left) for t in texts if (left := plain_english(t, names=names, allowed=ALLOWED))]


SEEDS = [(seed, seed % 6 + 1) for seed in range(36)]


@pytest.mark.parametrize("seed,players", SEEDS)
def test_every_sentence_of_a_random_game_passes_through_the_catalog(seed, players):
    """Under the pseudo-locale, nothing a player reads in a whole game (views, choices,
    refusals, the end, the log) is English that no catalog saw."""
    names = NAMES[:players]
    leaks: list[tuple[str, list[str]]] = []
    with language(PSEUDO):
        state, actions = play(seed, players, visit=lambda s: leaks.extend(_leaks(texts_of(s), names)))
        for viewer in (TABLE, 0):
            for entry in game_log(GAME, names, _options(seed, players), actions, viewer):
                leaks += _leaks(entry["sentences"], names)
        for a in actions[:60]:
            leaks += _leaks([GAME.describe_action(GAME.view(state, TABLE), a)], names)
        result = GAME.result(state)
        leaks += _leaks([result.detail["sentence"], *result.detail["lines"], result.tiebreak or ""], names)
    assert leaks == [], leaks[:5]


def test_the_refusals_are_the_games_own():
    """The refusals the random games check are the game's own sentences (the engine's would
    not be bracketed), so the property above is about Mayan Curse's words."""
    with language(PSEUDO):
        said = refusals(GAME.setup(NAMES[:3], {}))
    assert len(said) >= 3 and all(s.startswith("[") for s in said), said


def test_the_tags_and_the_box_setup_screen_speak_the_catalog():
    with language(PSEUDO):
        texts = []
        for kind in GAME.tag_kinds():
            texts.append(kind.title)
            for learn in kind.learn_sets():
                texts.append(learn.label)
                texts += [prompt for prompt, _ in learn.steps()[:30]]
                texts += [kind.describe(m) for _, m in learn.steps()[:5]]
        spec = GAME.box_spec()
        import tomllib

        data = tomllib.loads(spec.shipped.read_text())
        for n in spec.numbers(data, data):
            texts += [n.label, n.source]
    assert _leaks(texts, []) == []


# --- German ----------------------------------------------------------------------------------

def _boulders_reach(driver_players=2):
    """Two players; Ana reaches the temple board first (every trigger token off), the
    round ends and the left boulder tumbles to the entrance."""
    s = GAME.setup(NAMES[:driver_players], {})
    rng = random.Random(0)
    while s.phase == "draw":
        s = GAME.apply(s, GAME.sample_chance(s, rng))
    s = GAME.apply(s, {"actor": 0, "type": "reach_temple_board"})
    first = GAME.view(s, TABLE)
    s = GAME.apply(s, {"actor": 0, "type": "end_turn"})
    s = GAME.apply(s, {"actor": 1, "type": "end_turn"})
    tumbling = GAME.view(s, TABLE)
    s = GAME.apply(s, {"actor": 0, "type": "boulder_stopped", "boulder": "left", "where": "entrance"})
    return first, tumbling, GAME.view(s, TABLE)


def test_a_german_table_reads_the_temple_board_and_a_boulder_in_german():
    """Leaving the Passage: the first to reach the temple transition board removes every
    trigger token; the boulders then tumble (Step 3), and one at the entrance resets slabs."""
    with language("de"):
        first, tumbling, after = _boulders_reach()
    assert first["events"][0]["sentence"] == (
        "Ana hat das Tempel-Übergangstableau vor allen anderen erreicht: Entfernt alle Auslöser-Marker. "
        "Alle Felsen, die noch im Spiel sind, werden rollen.")
    assert tumbling["waiting_for"]["sentence"] == "Der Felsen links rollt: Ana, wo ist er liegen geblieben?"
    assert after["events"][0]["sentence"] == (
        "Der Felsen links hat den Eingang erreicht: Setzt die ersten 7 Platten zurück, sodass sie bündig "
        "am Eingangstableau liegen.")
    with language("en"):
        first_en, _, _ = _boulders_reach()
    assert first_en["events"][0]["sentence"].startswith("Ana reached the temple transition board first")


def test_a_german_menu_and_refusal():
    s = GAME.setup(NAMES[:2], {})
    rng = random.Random(1)
    while s.phase == "draw":
        s = GAME.apply(s, GAME.sample_chance(s, rng))
    with language("de"):
        labels = {c.key: c.label for c in GAME.menu(s, 0)}
        camera = next(c for c in GAME.menu(s, 0) if c.key == "camera")
        with pytest.raises(IllegalAction) as e:
            GAME.apply(s, {"actor": 0, "type": "claim_camera"})
    assert labels["end_turn"] == "Zug beenden"
    assert camera.why == "Ana hat den Tempel noch nicht erreicht."
    assert str(e.value) == "Ana hat den Tempel noch nicht erreicht."


DIGITS = re.compile(r"\d+")


@pytest.mark.parametrize("seed,players", [(5, 1), (8, 3), (11, 6)])
def test_a_game_log_in_german_has_the_english_numbers_in_order(seed, players):
    names = NAMES[:players]
    _state, actions = play(seed, players)
    options = _options(seed, players)
    with language("en"):
        en = game_log(GAME, names, options, actions)
    with language("de"):
        de = game_log(GAME, names, options, actions)
    assert len(en) == len(de)
    different = 0
    for e, d in zip(en, de):
        e_text, d_text = " ".join(e["sentences"]), " ".join(d["sentences"])
        assert DIGITS.findall(e_text) == DIGITS.findall(d_text), (e_text, d_text)
        different += e_text != d_text
    assert different == len(en)  # every line reads German


#: English words of the game that a German sentence never holds: a component's name
#: passed into a sentence untranslated would show one (the pseudo-locale test cannot see
#: a field's words inside a translated sentence).
ENGLISH = re.compile(r"\b(brown|gray|left|centre|right|dog|serpent|bird|map|compass|elixir|easy|adventurer|the|and|"
                     r"boulders?|stelae?|of|is|with|scenario|round|row|drawn|held|camera|temple|knowledge|purse|"
                     r"escaped|tokens?|nobody)\b", re.I)


@pytest.mark.parametrize("seed,players", [(0, 1), (1, 2), (2, 3), (9, 4), (4, 5), (11, 6), (6, 1), (12, 1)])
def test_a_german_game_names_every_component_in_german(seed, players):
    names = NAMES[:players]
    english: set[str] = set()

    def visit(state):
        english.update(t for t in texts_of(state) if ENGLISH.search(t))

    with language("de"):
        state, actions = play(seed, players, visit=visit)
        for entry in game_log(GAME, names, _options(seed, players), actions):
            english.update(t for t in entry["sentences"] if ENGLISH.search(t))
        result = GAME.result(state)
        english.update(t for t in [result.detail["sentence"], *result.detail["lines"], result.tiebreak or ""]
                       if ENGLISH.search(t))
    english = {t for t in english if not re.search(r"'(rock|purple|moon|rope)'", t)}  # the refused words themselves
    assert english == set(), sorted(english)[:5]
