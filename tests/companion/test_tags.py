"""The tag registry: learn mode, clear sentences for unknown and duplicate tags,
atomic storage in the data directory, a damaged file moved aside (never deleted)."""
import json
import os

import pytest

from companion.store.paths import data_dir
from companion.table.tags import TagError, TagInUse, TagRegistry, UnknownTag, describe

BLUE_7 = {"kind": "worker", "colour": "blue", "value": 7}


def test_a_learned_tag_is_known_after_reopening():
    reg = TagRegistry.open()
    reg.learn("62E3086CED", BLUE_7)
    reg.learn("04:a2:24:e2:c1:5c:80", {"kind": "fob", "player": "Ana"})
    again = TagRegistry.open()
    assert again.path == data_dir() / "tags.json"
    assert again.meaning("62e3086ced") == BLUE_7
    assert again.lookup("04A224E2C15C80") == {"kind": "fob", "player": "Ana"}
    assert again.fob("Ana") == "04A224E2C15C80"


def test_an_unknown_tag_says_to_use_learn_mode():
    reg = TagRegistry.open()
    assert reg.lookup("0102030405") is None
    with pytest.raises(UnknownTag, match="This tag is not known yet; use learn mode to assign it."):
        reg.meaning("0102030405")


def test_a_tag_bound_to_something_else_is_refused_unless_replaced():
    reg = TagRegistry.open()
    reg.learn("62E3086CED", BLUE_7)
    with pytest.raises(TagInUse) as e:
        reg.learn("62E3086CED", {"kind": "worker", "colour": "red", "value": 4})
    assert str(e.value) == ("This tag is already Blue's 7; to make it Red's 4 instead, "
                            "confirm that you want to replace it.")
    assert reg.meaning("62E3086CED") == BLUE_7  # a refused learn changes nothing
    reg.learn("62E3086CED", {"kind": "worker", "colour": "red", "value": 4}, replace=True)
    assert TagRegistry.open().meaning("62E3086CED")["colour"] == "red"


def test_learning_the_same_meaning_twice_is_fine():
    reg = TagRegistry.open()
    reg.learn("62E3086CED", BLUE_7)
    assert reg.learn("62E3086CED", dict(BLUE_7)) == BLUE_7


def test_a_player_has_one_fob_unless_it_is_replaced():
    reg = TagRegistry.open()
    reg.learn("AA01", {"kind": "fob", "player": "Ben"})
    with pytest.raises(TagInUse, match="Ben already has a fob"):
        reg.learn("AA02", {"kind": "fob", "player": "Ben"})
    reg.learn("AA02", {"kind": "fob", "player": "Ben"}, replace=True)
    assert reg.fob("Ben") == "AA02" and reg.lookup("AA01") is None


def test_two_tags_may_stand_for_the_same_kind_of_stone_or_stela():
    reg = TagRegistry.open()
    reg.learn("01", {"kind": "stone", "symbols": ["jaguar"]})
    reg.learn("02", {"kind": "stone", "symbols": ["jaguar"]})
    reg.learn("03", {"kind": "stela", "colour": "gray", "value": 3})
    reg.learn("04", {"kind": "command", "name": "undo"})
    assert reg.uids_for({"kind": "stone", "symbols": ["jaguar"]}) == ["01", "02"]
    assert describe(reg.meaning("03")) == "a gray stela (3)"
    assert describe(reg.meaning("04")) == "the undo command"


@pytest.mark.parametrize("meaning, message", [
    ({"kind": "card"}, "A tag must stand for one of: fob, worker, stone, stela, command"),
    ({"kind": "worker", "colour": "blue"}, "A worker tag needs its value."),
    ({"kind": "worker", "colour": "blue", "value": "7"}, "A worker tag's value must be a whole number"),
    ({"kind": "fob", "player": "Ana", "seat": 1}, "A fob tag has no field 'seat'"),
    ({"kind": "stone", "symbols": ["a", "b", "c"]}, "one or two symbol names"),
])
def test_a_bad_meaning_is_refused_with_a_sentence(meaning, message):
    reg = TagRegistry.open()
    with pytest.raises(TagError, match=message):
        reg.learn("62E3086CED", meaning)
    assert len(reg) == 0


def test_a_uid_that_is_not_hex_is_refused():
    with pytest.raises(TagError, match="is not a tag id"):
        TagRegistry.open().learn("hello", BLUE_7)


def test_forget_unbinds_a_tag():
    reg = TagRegistry.open()
    reg.learn("62E3086CED", BLUE_7)
    assert reg.forget("62E3086CED") == BLUE_7
    assert TagRegistry.open().lookup("62E3086CED") is None


def test_a_damaged_file_is_moved_aside_not_deleted():
    path = data_dir() / "tags.json"
    path.write_text("{not json")
    reg = TagRegistry.open()
    assert len(reg) == 0 and "The tag list was damaged" in reg.notice
    aside = [p for p in data_dir().iterdir() if p.name.startswith("tags.json.damaged-")]
    assert len(aside) == 1 and aside[0].read_text() == "{not json"
    assert str(aside[0]) in reg.notice
    reg.learn("62E3086CED", BLUE_7)  # and the registry works on
    assert TagRegistry.open().notice is None


def test_a_file_with_a_bad_entry_is_moved_aside_too():
    path = data_dir() / "tags.json"
    path.write_text(json.dumps({"version": 1, "tags": {"62E3086CED": {"kind": "worker"}}}))
    reg = TagRegistry.open()
    assert reg.notice and len(reg) == 0


def test_saving_replaces_the_file_atomically(monkeypatch):
    reg = TagRegistry.open()
    reg.learn("01", BLUE_7)
    before = (data_dir() / "tags.json").read_text()
    calls = []
    real_replace = os.replace

    def failing_replace(src, dst):
        calls.append((src, dst))
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OSError):
        reg.learn("02", {"kind": "fob", "player": "Ana"})
    monkeypatch.setattr(os, "replace", real_replace)
    assert (data_dir() / "tags.json").read_text() == before  # the old file is whole
    assert calls and str(calls[0][0]).endswith(".tmp")
    assert reg.lookup("02") is None  # and a failed save changed nothing in memory either
    assert not any(p.name.endswith(".tmp") for p in data_dir().iterdir())


def test_a_tag_list_the_disk_refuses_is_a_sentence_and_changes_nothing(tmp_path):
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the data folder should be")
    reg = TagRegistry(blocked / "tags.json")
    with pytest.raises(TagError, match=r"The tag list could not be saved at .*; nothing was changed\."):
        reg.learn("01", BLUE_7)
    assert reg.lookup("01") is None


def test_an_unreadable_tag_list_starts_empty_with_a_sentence_and_keeps_the_file(tmp_path):
    path = tmp_path / "tags.json"
    path.mkdir()  # a folder where the file should be: reading it fails on every system, even as root
    registry = TagRegistry.open(path)
    assert registry.lookup("62E3086CED") is None
    assert "could not be read" in registry.notice
    assert path.is_dir()  # nothing moved or deleted


def test_tags_of_a_game_not_installed_are_kept_as_they_were_written():
    """Issue 21: the tag list no longer keeps a table of the shipped games' kinds; a tag
    of a kind no installed game declares (its game removed, or a newer one's) is kept
    as plain data and named as such, and the rest of the list still works."""
    path = data_dir() / "tags.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "tags": {
        "62E3086CED": {"kind": "fob", "player": "Ana"},
        "0415A2B3C4": {"kind": "rune", "colour": "teal", "value": 3, "faces": ["sun", "moon"]}}}))
    reg = TagRegistry.open()
    assert reg.notice is None and len(reg) == 2
    assert reg.meaning("0415A2B3C4") == {"kind": "rune", "colour": "teal", "value": 3, "faces": ["sun", "moon"]}
    assert describe(reg.meaning("0415A2B3C4")) == "a rune tag (its game is not installed)"
    with pytest.raises(TagError):  # learning one is still checked against the kinds in use
        reg.learn("0415A2B3C5", {"kind": "rune", "colour": "teal"})


def test_a_stored_tag_of_an_unknown_kind_that_is_not_plain_data_makes_the_list_damaged():
    path = data_dir() / "tags.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "tags": {"0415A2B3C4": {"kind": "rune", "deep": {"a": [1, 2]}}}}))
    reg = TagRegistry.open()
    assert len(reg) == 0 and "The tag list was damaged" in reg.notice
