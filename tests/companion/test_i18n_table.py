"""The table's own words in the language they are read in (issue 24): the session's
log written again for another language (same numbers, the English back when read in
English again), the controller's frame made in the language current when it is read,
and under the pseudo-locale no English word of the controller's own (undo, redo, the
gate, the end's headline, a fix) over random games of every title."""
from __future__ import annotations

import pathlib
import random
import re
import sys

import pytest

from companion import games
from companion.bots import RandomBot
from companion.i18n import PSEUDO, current, language
from companion.rules.corrections import correction_sentence
from companion.rules.engine import CHANCE
from companion.table import words
from companion.table.controller import TableController
from companion.table.session import Session
from companion.table.undo import confirm_sentence

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
from i18n_check import plain_english

TITLES = ["maya", "maya-madness", "mayan-curse"]
NAMES = ["Ana", "Ben", "Cy"]


def digits(text: str) -> list[str]:
    return re.findall(r"\d+", text)


def play(session: Session, moves: int, seed: int) -> None:
    rng, bot = random.Random(seed), RandomBot()
    for _turn in range(moves):
        if session.is_over():
            return
        seat = rng.choice(sorted(a for a in session.actors() if a != CHANCE))
        session.act(bot.choose(session.game, session.state, seat, rng))


def madness(journal, seed=3) -> Session:
    return Session.create(journal, "maya-madness", ["Ana", "Ben"], seed=seed)


# --- the log, in the language it is read in ---------------------------------------------
def test_a_log_played_in_english_reads_german_with_the_same_numbers_and_english_again(journal):
    s = madness(journal)
    play(s, 6, seed=3)
    s.correct("count", 7 if s.view()["count"] != 7 else 8, by_seat=1)
    play(s, 3, seed=4)
    english = s.log
    assert english[-1].language == "en" or english[-4].language == "en"
    with language("de"):
        german = s.log
        assert all(e.language == "de" for e in german)
    assert len(german) == len(english)
    for en, de in zip(english, german):
        assert (en.n, en.actor, en.kind) == (de.n, de.actor, de.kind)
        assert digits(en.sentence) == digits(de.sentence), (en.sentence, de.sentence)
    fix = next(e for e in german if e.kind == "correction")
    value = digits(fix.sentence)[-1]
    assert fix.sentence.startswith("Ben hat korrigiert: ") and fix.sentence.endswith(f" ist jetzt {value}.")
    assert next(e for e in english if e.kind == "correction").sentence.startswith("Ben fixed the count to ")
    assert s.log == english and [e.sentence for e in s.log] == [e.sentence for e in english], \
        "read in English again: the English entries"


def test_a_resumed_game_writes_its_past_in_the_language_it_is_first_read_in(journal):
    s = madness(journal, seed=5)
    play(s, 8, seed=5)
    english = [e.sentence for e in s.log]
    again = Session.resume(journal, s.id)
    with language("de"):
        assert all(e.language == "de" for e in again.log)
    assert [e.sentence for e in again.log] == english


def test_each_language_keeps_its_own_entries_through_undo_and_redo(journal, monkeypatch):
    s = madness(journal, seed=7)
    # every sentence says which language it was made in: a stale one shows
    monkeypatch.setattr(type(s.game), "describe_action",
                        lambda self, view, action: f"{current()}:{action.get('type')}")
    monkeypatch.setattr(s.game, "view", _no_events(s.game.view))
    play(s, 5, seed=7)
    with language("de"):
        assert {e.sentence.split(":")[0] for e in s.log} == {"de"}
    assert {e.sentence.split(":")[0] for e in s.log} == {"en"}
    s.undo()
    with language("de"):
        assert len(s.log) == len(s.actions)
    s.redo()
    for lang in ("en", "de", "en", PSEUDO):
        with language(lang):
            log = s.log
            assert len(log) == len(s.actions)
            assert {e.sentence.split(":")[0] for e in log} == {lang}, lang
            assert [e.n for e in log] == list(range(len(s.actions)))
    assert any(e.redone for e in s.log)
    with language("de"):
        assert any(e.redone for e in s.log), "redone, in every language"


def _no_events(view):
    def without(state, viewer):
        v = dict(view(state, viewer))
        v["events"] = []
        return v
    return without


# --- the frame, in the language it is read in ------------------------------------------
def test_the_frame_read_in_german_is_the_same_change_in_german_words(journal):
    s = madness(journal)
    table = TableController(s)
    play(s, 3, seed=1)
    table.undo()
    english = table.frame()
    assert english.notice.startswith("Took back ")
    with language("de"):
        german = table.frame()
        assert table.frame() is german, "made once per language"
    assert german.serial == english.serial and german.kind == english.kind
    assert german.redo.sentence.startswith("Zug von ") and german.redo.sentence.endswith(" wiederholen.")
    assert english.redo.sentence.startswith("Redo ")
    assert table.frame() is english
    assert german.notice.startswith("Letzten Zug von ") and german.notice.endswith(" zurückgenommen."), \
        "the controller's notice is said again in the language read"
    table.redo()
    with language("de"):
        frame = table.frame()
    assert frame.serial > english.serial and frame.notice.startswith("Zug von ")
    assert frame.notice.endswith(" wiederhergestellt.") and table.frame().notice.startswith("Put back ")
    table.choose("no such choice")  # refused: the table's message
    with language("de"):
        assert table.frame().message == "Das geht gerade nicht."
    assert table.frame().message == "That cannot be done now."


def test_the_controllers_own_words_in_german():
    with language("de"):
        assert words.headline(["Ana"]) == "Ana gewinnt!"
        assert words.headline(["Ana", "Ben"]) == "Ana und Ben gewinnen!"
        assert words.headline([]) == "Niemand gewinnt."
        assert words.names(["Ana", "Ben", "Cy"]) == "Ana, Ben und Cy"
        assert words.moves(1) == "1 Zug" and words.moves(12) == "12 Züge"
        assert words.took_back("Ana", fix=False) == "Letzten Zug von Ana zurückgenommen."
        assert words.ask_away("Ben") == "Alle außer Ben: bitte wegschauen."
        assert words.abandon_consequence(1).endswith("Ihr Zug bleibt im Spieljournal.")
        assert words.abandon_consequence(3).endswith("Ihre 3 Züge bleiben im Spieljournal.")
        assert confirm_sentence("Ana", ["Ben gewinnt einen Chip"]) == (
            "Letzten Zug von Ana rückgängig machen? Alle haben das gesehen: Ben gewinnt einen Chip. "
            "Das bleibt bekannt.")
        fix = {"actor": 0, "type": "correction", "key": "count", "value": 7, "label": "The count"}
        assert correction_sentence(fix, ["Ana", "Ben"], "Der Zähler") == "Ana hat korrigiert: Der Zähler ist jetzt 7."
    assert words.headline(["Ana", "Ben", "Cy"]) == "Ana and Ben and Cy win!"
    assert words.abandon_consequence(1).endswith("Its move stays in the journal.")
    assert correction_sentence(fix, ["Ana", "Ben"]) == "Ana fixed the count to 7."


def test_a_refusal_of_the_rules_is_german_at_a_german_table(journal):
    from companion.errors import IllegalAction
    from companion.rules.moves import check_turn
    from companion.rules.seats import parse_seat

    s = madness(journal)
    with language("de"):
        with pytest.raises(IllegalAction, match="^Das ist keine Aktion: Sie braucht einen Handelnden und eine Art.$"):
            s.act(["play"])
        with pytest.raises(IllegalAction, match="^An diesem Tisch gibt es keinen Platz 7.$"):
            parse_seat(7, ["Ana", "Ben"])
        with pytest.raises(IllegalAction, match="^Die Partie ist vorbei; es sind keine Aktionen mehr möglich.$"):
            check_turn(_Over(), None, {"actor": 0, "type": "x"}, ["Ana", "Ben"])
        with pytest.raises(IllegalAction, match="^Ben ist dran, nicht Ana.$"):
            check_turn(_Waiting({1}), None, {"actor": 0, "type": "x"}, ["Ana", "Ben"])
        with pytest.raises(IllegalAction, match="^Es wird auf Ana und Ben gewartet, nicht auf Cy.$"):
            check_turn(_Waiting({0, 1}), None, {"actor": 2, "type": "x"}, ["Ana", "Ben", "Cy"])


class _Over:
    def actors(self, state):
        return frozenset()


class _Waiting:
    def __init__(self, seats):
        self.seats = frozenset(seats)

    def actors(self, state):
        return self.seats


# --- under the pseudo-locale: none of the controller's own words is plain English ---------
def own_strings(table: TableController) -> list[str]:
    """The sentences of the frame that the companion domain makes (not a game's own)."""
    f = table.frame()
    out = [f.undo.sentence, f.redo.sentence, f.notice, f.pending_undo or "", f.gate.title, f.gate.ask_title,
           f.gate.ask, f.gate.show]
    if f.result is not None:
        out.append(f.result.headline)
        if table.session.randomness == "digital":
            out.append(f.result.lines[-1])  # the seed revealed
    out.append(table.gate_countdown())
    out += [e.sentence for e in f.log if e.kind == "correction"]
    return [s for s in out if s]


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_controllers_own_words_all_pass_through_the_catalog(journal, title, seed):
    game = games.get_game(title)
    players = NAMES[:max(game.min_players, 2)]
    from companion.cli.main import simulation_options

    s = Session.create(journal, title, players, options=simulation_options(game, {}), seed=seed)
    table = TableController(s)
    rng, bot = random.Random(seed), RandomBot()
    checked = 0
    with language(PSEUDO):
        for step in range(60):
            if s.is_over():
                break
            seat = rng.choice(sorted(a for a in s.actors() if a != CHANCE))
            table.play(bot.choose(s.game, s.state, seat, rng))
            if step % 7 == 3:
                table.undo()
                if table.pending_undo:
                    table.cancel_undo()
            if step % 7 == 4 and table.can_redo():
                table.redo()
            if step % 5 == 0:
                table.request_peek(rng.randrange(len(players)))
            if step % 5 == 1 and table.pending_peek is not None:
                table.confirm_peek()
            if step % 9 == 2:
                fixes = table.corrections()
                if fixes:
                    fix = fixes[0]
                    value = fix.value + 1 if fix.value < fix.hi else fix.value - 1
                    table.correct(fix.key, value, by_seat=rng.randrange(len(players)))
            for text in own_strings(table):
                checked += 1
                assert plain_english(text, names=players) == [], text
    assert checked > 0


def test_every_sentence_of_the_table_words_passes_through_the_catalog():
    from companion.rules.chance import revealed_sentence, sealed_sentence

    names = ["Ana", "Ben", "Cy"]
    with language(PSEUDO):
        said = [words.took_back("Ana", True), words.took_back(None, False), words.put_back("Ben"),
                words.put_back(None), words.gate_title("Ana"), words.ask_title("Ana"), words.ask_away("Ana"),
                words.ask_show("Ana"), words.hides_in(3), words.headline(names), words.headline([]),
                words.not_over(), words.fix_hint(True), words.fix_hint(False), words.fixed_by("Cy"),
                words.closed_view("Ana", "disk full"), words.names(names), words.moves(1), words.moves(4),
                words.resume_hint(True), words.resume_hint(False), words.show_more(True, 5, 9),
                words.show_more(False, 5, 9), words.resume_row("Maya", 3, "12"), words.abandon_question("Maya", names),
                words.abandon_consequence(0), words.abandon_consequence(2), words.abandoned("Maya", names),
                words.empty_log(), sealed_sentence(7), revealed_sentence(7)]
    for text in said:
        assert plain_english(text, names=names + ["Maya", "disk full"], allowed=["maya-companion verify"]) == [], text


def test_a_game_set_aside_at_a_german_table_keeps_its_reason_in_english(journal, monkeypatch):
    from companion.errors import JournalError
    from companion.table import session as session_module
    from companion.table.session_parts import broken
    from companion.words import N_

    with language("de"):
        e = broken(N_("Game {id} has an undo the journal cannot explain."), id=4)
    assert str(e) == "Partie 4 enthält ein Rückgängig, das sich aus dem Spieljournal nicht erklären lässt."
    assert e.reason == "Game 4 has an undo the journal cannot explain."
    s = madness(journal)
    play(s, 2, seed=1)

    def damaged(self, entries):
        raise session_module._damaged(self.id, 3)

    monkeypatch.setattr(Session, "_replay", damaged)
    with language("de"), pytest.raises(JournalError):
        Session.resume(journal, s.id)
    (kept,) = journal._conn.execute("SELECT set_aside FROM sessions WHERE id = ?", (s.id,)).fetchone()
    assert kept == "entry 3 is damaged", "the journal keeps data (its own words for it), not a German sentence"
    with language("de"):
        said = journal._set_aside[s.id]
    assert "Eintrag 3 ist beschädigt" in said and "damaged" not in said, said
    assert "entry 3 is damaged" in journal._set_aside[s.id]
