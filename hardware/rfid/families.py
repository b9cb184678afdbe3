"""One record per RFID reader family: everything the config, the reader thread,
the simulated twin and ``maya-companion devices`` need to know about it.

Adding a reader family is one ``Family`` in ``FAMILIES`` (plus its decoder module):
config.py takes the protocol names, aliases and default baud from here, the
reader thread builds the decoder and the tag confirmation from here, sim.py
builds the twin's frames from here and check.py its demo tag.

How a family makes sure a tag is real before it counts (docs/hardware.md,
"Confirmed tags"):

* ``confirm_reads`` identical reads in a row, each within ``confirm_window``
  seconds of the one before and with no noise between them, before a new tag
  is announced. The RDM6300 repeats its frame while a tag stays in the field,
  so three identical frames are asked for; the PN532 answers every poll, so
  the next two polls must name the same uid, each answer being the chip's ACK
  then its response with no noise around them (the decoder polls again at once
  while a new uid is confirmed, see pn532.py);
* the ID-12LA/ID-20LA send one frame per presentation, so a second read would
  never come: their decoder checks the framing more strictly instead (upper-case
  hex only, and a quiet line before and after the frame, see ascii125.py).
"""
from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass

from . import ascii125, pn532
from .base import Protocol


@dataclass(frozen=True)
class Family:
    """What one reader family is and how it speaks."""

    name: str  # the protocol name in config.toml ("rdm6300")
    title: str  # for people: "RDM6300 (125 kHz)"
    aliases: tuple[str, ...]  # other spellings accepted in config.toml
    decoder: Callable[[float], Protocol]  # poll seconds -> a fresh protocol object (one per connection)
    baud: int  # the reader's serial speed
    encode: Callable[[bytes], bytes]  # the bytes the reader sends for a tag (the twin writes them)
    sample_uid: str  # a tag the twin and `devices --demo` present
    uid_sizes: tuple[int, ...]  # uid lengths in bytes
    continuous: bool  # keeps reporting a tag while it stays (repeated frames or answered polls)
    polls: bool  # the host asks and the reader answers (the twin must answer commands)
    confirm_reads: int  # identical reads before a new tag counts
    confirm_window: float  # seconds allowed between two of those reads


FAMILIES: tuple[Family, ...] = (
    Family(
        name="rdm6300", title="RDM6300 (125 kHz)", aliases=("rdm630", "rdm-6300", "rdm6300m"),
        decoder=lambda poll: ascii125.RDM6300(), baud=9600,
        encode=lambda uid: ascii125.encode(uid.hex()),
        sample_uid="62E3086CED", uid_sizes=(5,), continuous=True, polls=False,
        # It repeats its frame while a tag stays (an EM4100 code takes 33 ms to read at
        # RF/64, the frame 15 ms to send); the Arduino rdm6300 library counts a tag as
        # still near for 300 ms after a frame. Three reads, not two: one bit flipped in
        # a data digit and the same bit in the checksum digit passes the XOR check
        # (~0.6 % of two-bit errors), and two frames in a row with the same such error
        # came up once in 10 MB of such noise; three in a row did not (bench_hardware.py).
        confirm_reads=3, confirm_window=0.3,
    ),
    Family(
        name="id12", title="ID-12LA / ID-20LA (125 kHz, ASCII mode)",
        aliases=("id-12la", "id12la", "id-12", "id20", "id-20la", "id20la", "id-20"),
        decoder=lambda poll: ascii125.ID12(), baud=9600,
        encode=lambda uid: ascii125.encode(uid.hex(), b"\r\n"),
        sample_uid="62E3086CED", uid_sizes=(5,), continuous=False, polls=False,
        confirm_reads=1, confirm_window=0.0,  # one frame per presentation: stricter framing instead
    ),
    Family(
        name="pn532", title="PN532 (13.56 MHz NFC, HSU mode)", aliases=("pn532-hsu", "pn532_hsu", "pn532hsu"),
        decoder=lambda poll: pn532.PN532(poll=poll), baud=115200,
        encode=pn532.target_response,
        sample_uid="04A224E2C15C80", uid_sizes=(4, 7, 10), continuous=True, polls=True,
        # the next polls follow the first at once, each answered as the chip answers (pn532.py)
        confirm_reads=pn532.CONFIRM_READS, confirm_window=1.0,
    ),
)

BY_NAME: dict[str, Family] = {f.name: f for f in FAMILIES}
_SPELLINGS: dict[str, Family] = {s: f for f in FAMILIES for s in (f.name, *f.aliases)}
NAMES: tuple[str, ...] = tuple(BY_NAME)


def family(name: str) -> Family:
    """The family for a protocol name or alias (any case); KeyError naming the known ones."""
    found = find(name)
    if found is None:
        raise KeyError(f"There is no RFID reader family {name!r}; the families are: {', '.join(NAMES)}.")
    return found


def find(name: object) -> Family | None:
    """The family for a protocol name or alias (any case, spaces ignored), or None."""
    if not isinstance(name, str):
        return None
    return _SPELLINGS.get(name.strip().lower())


def nearest(name: object) -> str | None:
    """The closest known protocol name to a misspelt one ("rdm630x" -> "rdm6300"), or None."""
    if not isinstance(name, str):
        return None
    close = difflib.get_close_matches(name.strip().lower(), list(_SPELLINGS), n=1, cutoff=0.6)
    return _SPELLINGS[close[0]].name if close else None
