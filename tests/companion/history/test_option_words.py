"""A game's options in the rulebook's words, only where they apply (issue 22 §4):
Past games lists the options that applied to the table that played, New game asks
only those, and counted words agree with their number ("1 play", "2 plays")."""
from __future__ import annotations

import pytest

from companion.games import get_game
from companion.history.option_words import applies, described, label, text
from companion.history.words import count

INTERNAL = ("_", "physical", "-1", "seat", "scoring-only", "strict", "digital", "True", "False")


def defaults(game):
    return {o.name: o.default for o in get_game(game).options}


def test_a_four_player_curse_game_lists_no_solo_option():
    shown = described("mayan-curse", defaults("mayan-curse"), players=4)
    assert shown == ["Sacred stones: drawn by the companion", "Stelae knowledge values: drawn by the companion",
                     "First player: 0", "First player token: skips escaped players"]


def test_the_first_player_is_a_players_name():
    assert text("maya", "first", 2, ["Ana", "Ben", "Cy"]) == "First player: Cy"
    assert text("mayan-curse", "first", 1, ["Ana", "Ben"]) == "First player: Ben"


def test_a_solo_curse_game_lists_its_goal_and_what_a_scenario_needs():
    options = defaults("mayan-curse")
    assert "Difficulty level: Normal (25 knowledge)" in described("mayan-curse", options, players=1)
    options["scenario"] = 9
    shown = described("mayan-curse", options, players=1)
    assert "Solo scenario: 9" in shown and "A stela crushed by a boulder: fails the scenario" in shown
    assert not any(s.startswith("Difficulty") for s in shown), "a scenario sets its own goal"
    options["scenario"] = 3
    assert not any("crushed" in s for s in described("mayan-curse", options, players=1))


@pytest.mark.parametrize("game", ["maya", "maya-madness", "mayan-curse"])
def test_every_option_of_every_game_reads_as_words_not_as_its_internal_name(game):
    for o in get_game(game).options:
        values = (False, True) if o.kind == "bool" else o.choices or (o.default,)
        for v in values:
            words = text(game, o.name, v, ["Ana", "Ben"])
            assert not any(bit in words for bit in INTERNAL), words
            assert words.startswith(label(game, o.name) + ": ") and label(game, o.name)[0].isupper()


def test_the_dealer_is_a_players_name_or_the_last_player():
    assert text("maya-madness", "dealer", -1, ["Ana", "Ben"]) == "Dealer: the last player"
    assert text("maya-madness", "dealer", 1, ["Ana", "Ben"]) == "Dealer: Ben"


def test_the_auction_tie_applies_only_to_the_advanced_game():
    options = defaults("maya")
    assert not applies("maya", "lowest_bid_tie", 4, options)
    options["advanced"] = True
    assert applies("maya", "lowest_bid_tie", 4, options)


def test_a_game_without_words_shows_its_option_names_readably():
    assert label("no-such-game", "tokens_to_win") == "Tokens to win"
    assert text("no-such-game", "advanced", True) == "Advanced: on"


@pytest.mark.parametrize("n, word, says", [(1, "play", "1 play"), (0, "play", "0 plays"), (2, "win", "2 wins"),
                                           (1, "game", "1 game"), (3, "match", "3 matches")])
def test_counted_words_agree_with_their_number(n, word, says):
    assert count(n, word) == says


def test_the_fairness_sentence_counts_one_move_and_one_draw_in_the_singular():
    from companion.history.fairness import Verified

    one = Verified(game="maya", randomness="digital", draws=1, fingerprint="ab" * 32, actions=1)
    assert one.sentence().startswith("The one draw follows from the revealed seed")
    table = Verified(game="maya", randomness="physical", draws=0, fingerprint="ab" * 32, actions=1)
    assert "its 1 move replays as recorded." in table.sentence()
