"""`replay` names the line and the value of a number too large for any move, short,
instead of "something went wrong" (issue 20 section 5)."""
from __future__ import annotations

import json

import pytest

from companion.cli import main as cli


def _replay(capsys, tmp_path, lines: list[str]) -> tuple[int, str, str]:
    f = tmp_path / "g.jsonl"
    f.write_text("\n".join(lines) + "\n")
    code = cli.main(["replay", str(f)])
    out, err = capsys.readouterr()
    return code, out, err


SETUP = json.dumps({"game": "maya-madness", "players": ["Ana", "Ben"]})


@pytest.mark.parametrize("digits", [40, 400, 4300, 5000, 20000])
def test_a_huge_whole_number_in_a_move_is_named_with_its_line_and_size(capsys, tmp_path, digits):
    huge = "1234" + "5" * (digits - 4)
    code, out, err = _replay(capsys, tmp_path, [SETUP, '{"actor": 1, "type": "start_card", "card": "+1"}',
                                                 f'{{"actor": 0, "type": "play", "card": "+1", "n": {huge}}}'])
    assert code == 1 and out == ""
    assert f"Line 3: the number 1234…({digits} digits) is too large" in err, err
    assert "something went wrong" not in err and "Traceback" not in err
    assert len(err) < 200


def test_a_huge_negative_number_in_the_setup_is_named_too(capsys, tmp_path):
    setup = '{"game": "maya-madness", "players": ["Ana", "Ben"], "options": {"x": -' + "9" * 500 + "}}"
    code, _, err = _replay(capsys, tmp_path, [setup])
    assert code == 1 and "Line 1: the number -9999…(500 digits) is too large" in err, err


def test_the_seed_in_an_exported_setup_is_not_a_number_too_large(capsys, tmp_path):
    setup = json.dumps({"game": "maya-madness", "players": ["Ana", "Ben"],
                        "fairness": {"seed": 2**63 - 1}})
    code, out, err = _replay(capsys, tmp_path, [setup])
    assert code == 0 and err == "" and json.loads(out)["actions"] == 0
