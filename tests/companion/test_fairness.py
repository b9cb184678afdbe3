"""Fairness you can check (companion/history/fairness.py): every digital draw of an
exported game follows from its revealed seed, the seed matches the fingerprint
committed at the start, and any tampering with a draw, the seed or the moves
is caught by `verify` with a sentence naming what is wrong."""
from __future__ import annotations

import json
import pathlib
import random
import sys

import pytest

from companion.cli.history import verify_command
from companion.history import export, fairness
from companion.table.session import Session

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from history_steps import play_session, random_history


@pytest.mark.parametrize("seed", range(6))
def test_every_exported_game_verifies_even_after_undos_and_redos(journal, toy, seed):
    sessions = random_history(journal, random.Random(seed), count=3)
    for s in sessions:
        text = export.jsonl(journal, s.id)
        verified = fairness.verify_lines(text.splitlines())
        assert verified.draws > 0
        assert fairness.short_fingerprint(s.seed) in verified.sentence()


def test_an_undone_draw_comes_back_the_same_and_still_verifies(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], seed=7)
    s.act({"actor": 0, "type": "roll"})
    rolled = s.actions[-1]
    s.undo()
    s.act({"actor": 0, "type": "roll"})
    assert s.actions[-1] == rolled  # the remembered draw, dealt again
    while not s.is_over():
        actor = next(iter(s.actors()))
        s.act({"actor": actor, "type": "roll"})
    assert fairness.verify_lines(export.jsonl(journal, s.id).splitlines()).randomness == "digital"


def _tamper_first_die(lines, in_history: bool, in_moves: bool):
    setup = json.loads(lines[0])
    hist = setup["fairness"]["history"]
    k = next(i for i, (kind, a) in enumerate(hist) if kind == "action" and a.get("type") == "die")
    old = hist[k][1]["value"]
    new = 1 + old % 6
    if in_history:
        hist[k][1]["value"] = new
    out = [json.dumps(setup)]
    done = False
    for raw in lines[1:]:
        a = json.loads(raw)
        if in_moves and not done and a.get("type") == "die" and a["value"] == old:
            a["value"] = new
            done = True
        out.append(json.dumps(a))
    return out


def _finished_toy(journal, seed=11):
    return play_session(journal, "toy", ["Ana", "Ben", "Cleo"], random.Random(seed), undo_rate=0)


def test_a_die_changed_in_the_moves_alone_is_caught(journal, toy):
    s = _finished_toy(journal)
    lines = _tamper_first_die(export.jsonl(journal, s.id).splitlines(), in_history=False, in_moves=True)
    with pytest.raises(fairness.VerifyError, match=r"Line \d+: the moves in the file are not the ones"):
        fairness.verify_lines(lines)


def test_a_die_changed_everywhere_does_not_follow_from_the_seed(journal, toy):
    s = _finished_toy(journal)
    lines = _tamper_first_die(export.jsonl(journal, s.id).splitlines(), in_history=True, in_moves=True)
    with pytest.raises(fairness.VerifyError, match="does not follow from the seed"):
        fairness.verify_lines(lines)


def test_another_seed_does_not_match_the_committed_fingerprint(journal, toy):
    s = _finished_toy(journal)
    lines = export.jsonl(journal, s.id).splitlines()
    setup = json.loads(lines[0])
    setup["fairness"]["seed"] = str(int(setup["fairness"]["seed"]) + 1)
    with pytest.raises(fairness.VerifyError, match="does not match the committed fingerprint"):
        fairness.verify_lines([json.dumps(setup)] + lines[1:])


def test_the_fingerprint_is_short_and_does_not_show_the_seed():
    assert fairness.short_fingerprint(123456789) in fairness.sealed_sentence(123456789)
    assert "123456789" not in fairness.sealed_sentence(123456789)
    assert "123456789" in fairness.revealed_sentence(123456789)
    fp = fairness.short_fingerprint(123456789)
    assert len(fp) == 14 and fp.count("-") == 2
    assert "123456789" not in fairness.fingerprint(123456789)
    assert fairness.short_fingerprint(123456789) != fairness.short_fingerprint(123456790)


def test_physical_draws_have_nothing_to_check_and_say_so(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], randomness="physical")
    s.act({"actor": "chance", "type": "deal", "seat": 0, "secret": 1})
    s.act({"actor": "chance", "type": "deal", "seat": 1, "secret": 2})
    for _ in range(200):
        if s.is_over():
            break
        if s.waiting_for_chance():
            s.act({"actor": "chance", "type": "die", "value": 6})
        else:
            s.act({"actor": next(iter(s.actors())), "type": "roll"})
    v = fairness.verify_lines(export.jsonl(journal, s.id).splitlines())
    assert "made at the table" in v.sentence()


def test_verify_command_exit_codes_and_sentences(journal, toy, tmp_path, capsys):
    s = _finished_toy(journal)
    good = tmp_path / "good.jsonl"
    good.write_text(export.jsonl(journal, s.id))
    assert verify_command([str(good)]) == 0
    assert "verified" in capsys.readouterr().out
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(_tamper_first_die(good.read_text().splitlines(), True, True)) + "\n")
    assert verify_command([str(bad)]) == 1
    assert "NOT VERIFIED" in capsys.readouterr().err


def test_a_game_with_no_digital_draw_says_so_instead_of_all_zero_draws():
    from companion.history.fairness import Verified

    sentence = Verified(game="maya", randomness="digital", draws=0, fingerprint="ab" * 32, actions=12).sentence()
    assert "no digital draw to check" in sentence and "All 0" not in sentence


def test_a_changed_draw_is_caught_even_when_the_file_claims_physical_randomness(journal, toy):
    """verify_physical_flip.py: the seed and fingerprint are still in the file, so the
    draws are checked against them whatever "randomness" says."""
    s = _finished_toy(journal)
    lines = _tamper_first_die(export.jsonl(journal, s.id).splitlines(), in_history=True, in_moves=True)
    setup = json.loads(lines[0])
    setup["fairness"]["randomness"] = "physical"
    with pytest.raises(fairness.VerifyError, match="does not follow from the seed"):
        fairness.verify_lines([json.dumps(setup)] + lines[1:])


def test_the_verify_command_says_not_verified_for_the_flipped_file(journal, toy, tmp_path, capsys):
    s = _finished_toy(journal)
    lines = _tamper_first_die(export.jsonl(journal, s.id).splitlines(), in_history=True, in_moves=True)
    setup = json.loads(lines[0])
    setup["fairness"]["randomness"] = "physical"
    path = tmp_path / "flipped.jsonl"
    path.write_text("\n".join([json.dumps(setup)] + lines[1:]) + "\n")
    assert verify_command([str(path)]) == 1
    assert "NOT VERIFIED" in capsys.readouterr().err


def test_a_physical_game_is_exported_without_a_seed_it_never_used(journal, toy):
    s = Session.create(journal, "toy", ["Ana", "Ben"], randomness="physical")
    s.act({"actor": "chance", "type": "deal", "seat": 0, "secret": 1})
    s.act({"actor": "chance", "type": "deal", "seat": 1, "secret": 2})
    while not s.is_over():
        if s.waiting_for_chance():
            s.act({"actor": "chance", "type": "die", "value": 6})
        else:
            s.act({"actor": next(iter(s.actors())), "type": "roll"})
    fair = json.loads(export.jsonl(journal, s.id).splitlines()[0])["fairness"]
    assert fair["randomness"] == "physical" and "seed" not in fair and "fingerprint" not in fair


def test_a_digital_game_whose_commitment_was_removed_is_not_verified(journal, toy):
    s = _finished_toy(journal)
    lines = export.jsonl(journal, s.id).splitlines()
    setup = json.loads(lines[0])
    del setup["fairness"]["fingerprint"]
    with pytest.raises(fairness.VerifyError, match="fingerprint"):
        fairness.verify_lines([json.dumps(setup)] + lines[1:])


def test_a_shuffle_changed_late_in_its_order_is_named_where_it_differs(journal):
    """The sentence quoted the first 120 characters of each draw: two cards swapped
    at the end of a 69-card shuffle gave two quotes that read the same, and the
    players could not see what was wrong. It names the first place they differ."""
    from companion.rules.engine import CHANCE

    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], options={"deck": "full"}, seed=12)
    rng = random.Random(2)
    while not s.is_over():
        s.act(rng.choice(s.legal_actions(sorted(x for x in s.actors() if x != CHANCE)[0])))
    lines = export.jsonl(journal, s.id).splitlines()
    setup = json.loads(lines[0])
    hist = setup["fairness"]["history"]
    k = next(i for i, (kind, a) in enumerate(hist) if kind == "action" and a.get("type") == "shuffle")
    order = hist[k][1]["order"]
    i = next(i for i in range(len(order) - 2, 40, -1) if order[i] != order[i + 1])
    order[i], order[i + 1] = order[i + 1], order[i]
    with pytest.raises(fairness.VerifyError) as e:
        fairness.verify_lines([json.dumps(setup)] + lines[1:])
    said = str(e.value)
    assert "does not follow from the seed" in said
    assert f"item {i + 1} of its order" in said, said
    assert f'the seed gives "{order[i + 1]}", the file says "{order[i]}"' in said, said
    assert len(said) < 300
