"""Issue 12 point 8: a single corrupted frame never becomes a tag.

Adversarial noise goes down the simulated reader's line into the real Reader
thread (pty, pyserial, decoder, confirmation): frames of random tags whose
checksum byte is random (one in 256 passes), and frames of one real tag with two
bits flipped (one data bit and the same bit of the checksum digit pass the XOR
check). Before confirmed tags, both gave false tags by the dozen in 100 KB.
The 10 MB figures per decoder and kind are in tests/bench/bench_hardware.py.
"""
from __future__ import annotations

import random
import time

import pytest

from hardware.events import TagEvent
from hardware.rfid import ascii125, pn532
from tests.reliability.test_hw_rig import Rig

SAMPLE = {"rdm6300": "62E3086CED", "id12": "62E3086CED", "pn532": "04A224E2C15C80"}
SIZE = 100_000  # bytes of each kind of noise per reader family


def frame(protocol: str, uid: bytes) -> bytes:
    if protocol == "pn532":
        return pn532.target_response(uid)
    return ascii125.encode(uid.hex(), b"\r\n" if protocol == "id12" else b"")


def noise(kind: str, protocol: str, size: int, rng: random.Random) -> bytes:
    out = bytearray()
    good = frame(protocol, bytes.fromhex(SAMPLE[protocol]))
    while len(out) < size:
        if kind == "almost":
            f = bytearray(frame(protocol, rng.randbytes(7 if protocol == "pn532" else 5)))
            if protocol == "pn532":
                f[-2] = rng.getrandbits(8)
            else:
                f[11:13] = b"%02X" % rng.getrandbits(8)
        else:
            f = bytearray(good)
            for bit in rng.sample(range(len(f) * 8), 2):
                f[bit // 8] ^= 1 << (bit % 8)
        out += f
    return bytes(out)


@pytest.mark.parametrize("kind", ["almost", "flipped"])
@pytest.mark.parametrize("protocol", ["rdm6300", "id12", "pn532"])
def test_adversarial_noise_on_the_line_never_gives_a_false_tag(protocol, kind):
    rig = Rig(protocol, unseen=0.2)
    try:
        data = noise(kind, protocol, SIZE, random.Random(f"{protocol}-{kind}"))
        for i in range(0, len(data), 4096):
            rig.sim.write(data[i:i + 4096])
            time.sleep(0.002)
        genuine = SAMPLE[protocol] if kind == "flipped" else None
        false = [e for e in rig.tags(0.6) if isinstance(e, TagEvent) and e.uid != genuine]
        assert false == [], f"{len(false)} false tags in {SIZE // 1000} KB of {kind} noise"
    finally:
        rig.close()


@pytest.mark.parametrize("protocol", ["rdm6300", "id12", "pn532"])
def test_a_real_tag_still_gives_exactly_one_event_and_soon(protocol):
    """Exactly one event, well within a second of the tag's first frame. The latency
    targets themselves (150 ms on a reader that repeats, the 20 ms quiet time on the
    ID-12LA) are measured by `python tests/bench/run.py hardware`, not by a timed
    test on a shared machine."""
    within = 1.0
    rig = Rig(protocol)
    try:
        for uid in (SAMPLE[protocol], SAMPLE[protocol][:-2] + "01"):
            t0 = time.monotonic()
            rig.sim.present(uid)
            got = rig.next(lambda e: isinstance(e, TagEvent), 2.0)
            assert got is not None and got[1].uid == uid
            assert got[0] - t0 < within, f"{(got[0] - t0) * 1000:.0f} ms"
            assert [e for e in rig.tags(0.4) if isinstance(e, TagEvent)] == []  # exactly one
            rig.sim.remove()
            rig.tags(0.8)
    finally:
        rig.close()
