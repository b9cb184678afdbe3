"""Issue 9 point 4: one record per reader family is all the config, the twin, the
devices check and the reader thread know about it, so a new reader is one record."""
from __future__ import annotations

import dataclasses
import queue

import pytest

from hardware import config
from hardware.config import ReaderConfig
from hardware.events import DeviceStatus, TagEvent
from hardware.rfid import families
from hardware.rfid.families import FAMILIES
from hardware.rfid.reader import Reader
from hardware.sim import SimReader


@pytest.mark.parametrize("fam", FAMILIES, ids=lambda f: f.name)
def test_every_name_and_alias_of_a_family_configures_it_with_its_baud(tmp_path, fam):
    for spelling in (fam.name, *fam.aliases, fam.name.upper()):
        p = tmp_path / "config.toml"
        p.write_text(f"[[readers]]\nprotocol = '{spelling}'\n")
        reader = config.load(p).readers[0]
        assert (reader.protocol, reader.baud) == (fam.name, fam.baud)


def read_one_tag(protocol: str, uid: str) -> TagEvent:
    sim = SimReader(protocol)
    q: queue.Queue = queue.Queue()
    reader = Reader(ReaderConfig(port=sim.path, protocol=protocol, baud=families.family(protocol).baud), q.put)
    reader.start()
    try:
        while not (isinstance(e := q.get(timeout=3), DeviceStatus) and e.status == "connected"):
            pass
        sim.present(uid)
        while not isinstance(e := q.get(timeout=3), TagEvent):
            pass
        return e
    finally:
        reader.close()
        sim.close()


def test_a_new_reader_family_is_one_record(tmp_path, monkeypatch):
    """An EM4095 board speaking the RDM6300's frames at 19200 baud: add its record and the
    config accepts it, the twin speaks it and the reader reads its sample tag."""
    em = dataclasses.replace(families.BY_NAME["rdm6300"], name="em4095", title="EM4095 board",
                             aliases=("em-4095",), baud=19200, sample_uid="0102030405")
    monkeypatch.setitem(families.BY_NAME, "em4095", em)
    monkeypatch.setitem(families._SPELLINGS, "em4095", em)
    monkeypatch.setitem(families._SPELLINGS, "em-4095", em)
    p = tmp_path / "config.toml"
    p.write_text("[[readers]]\nprotocol = 'EM-4095'\n")
    assert (config.load(p).readers[0].protocol, config.load(p).readers[0].baud) == ("em4095", 19200)
    assert read_one_tag("em4095", em.sample_uid) == TagEvent(em.sample_uid, "reader")
