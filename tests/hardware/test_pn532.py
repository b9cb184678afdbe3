"""PN532 in HSU mode: frame checksums, ACKs, 4- and 7-byte uids, the command sequence."""
from hypothesis import given
from hypothesis import strategies as st

from hardware.rfid import pn532
from hardware.rfid.pn532 import ACK, PN532, FrameParser, command, response, target_response

# InListPassiveTarget answers written out byte by byte from the user manual's frame
# layout (checksums summed by hand): a MIFARE Classic 1K, uid 4 bytes ...
MIFARE = bytes.fromhex("0000FF0CF4D54B010100040804DEADBEEF9600")
# ... and an NTAG213 sticker, uid 7 bytes.
NTAG = bytes.fromhex("0000FF0FF1D54B01010044000704A224E2C15C804A00")
NO_TARGET = bytes.fromhex("0000FF03FDD54B00E000")


def feed_all(parts):
    p = PN532()
    found = []
    for part in parts:
        found += p.feed(part)
    return found


class Transport:
    def __init__(self):
        self.written = []

    def write(self, data):
        self.written.append(bytes(data))


def test_responses_are_built_byte_for_byte_as_the_chip_sends_them():
    assert target_response(bytes.fromhex("DEADBEEF")) == MIFARE
    assert target_response(bytes.fromhex("04A224E2C15C80")) == NTAG
    assert target_response(None) == NO_TARGET


def test_a_4_byte_and_a_7_byte_uid_are_read():
    assert feed_all([ACK + MIFARE]) == ["DEADBEEF"]
    assert feed_all([ACK + NTAG]) == ["04A224E2C15C80"]


def test_no_target_means_the_tag_left():
    assert feed_all([ACK + NO_TARGET]) == [None]


def test_a_response_split_at_every_byte_boundary_is_found_once():
    stream = ACK + NTAG
    for cut in range(len(stream) + 1):
        assert feed_all([stream[:cut], stream[cut:]]) == ["04A224E2C15C80"], cut


def test_a_bad_length_checksum_or_data_checksum_gives_nothing():
    bad_lcs = NTAG[:4] + bytes([NTAG[4] ^ 1]) + NTAG[5:]
    bad_dcs = NTAG[:-2] + bytes([NTAG[-2] ^ 1]) + NTAG[-1:]
    assert feed_all([bad_lcs]) == []
    assert feed_all([bad_dcs]) == []
    assert feed_all([bad_dcs + MIFARE]) == ["DEADBEEF"]


def test_noise_before_between_and_inside():
    noise = b"\x55\x00\xff\x03\x00\xd5\x12\x00\x00"
    inside = NTAG[:8] + b"\x99" + NTAG[8:]
    assert feed_all([noise + MIFARE + noise + inside + noise + NTAG]) == ["DEADBEEF", "04A224E2C15C80"]


def test_a_false_length_in_noise_does_not_hold_back_the_next_frame():
    # 00 FF FF 01 looks like the start of a 255-byte frame
    assert feed_all([b"\x00\xff\xff\x01" + ACK + MIFARE]) == ["DEADBEEF"]


def test_ack_nack_and_error_frames_are_told_apart():
    items = FrameParser().feed(ACK + pn532.NACK + bytes.fromhex("0000FF01FF7F8100"))
    assert items == [("ack",), ("nack",), ("frame", 0x7F, b"")]


def test_the_reader_wakes_the_chip_configures_it_and_polls():
    t = Transport()
    now = [0.0]
    p = PN532(poll=0.1, clock=lambda: now[0])
    p.connection_made(t)
    assert t.written[0].startswith(b"\x55\x55") and t.written[0].endswith(command(pn532.SAM_NORMAL))
    p.feed(ACK + response(b"\x15"))
    assert t.written[1] == command(pn532.MAX_RETRIES)
    p.feed(ACK + response(b"\x33"))
    p.tick(now[0])
    assert t.written[2] == command(pn532.POLL_TYPE_A)
    assert p.feed(ACK + NO_TARGET) == [None]
    p.tick(now[0] + 0.05)
    assert len(t.written) == 3  # waits the poll interval before asking again
    p.tick(now[0] + 0.11)
    assert t.written[3] == command(pn532.POLL_TYPE_A)


def test_a_chip_that_does_not_answer_is_woken_again():
    t = Transport()
    now = [0.0]
    p = PN532(timeout=1.0, clock=lambda: now[0])
    p.connection_made(t)
    p.tick(0.5)
    assert len(t.written) == 1
    now[0] = 1.2
    p.tick(1.2)
    assert t.written[1].startswith(b"\x55\x55")


@given(st.lists(st.binary(max_size=60), max_size=8))
def test_random_bytes_never_give_a_tag_and_never_raise(chunks):
    found = feed_all(chunks)
    assert all(uid is None for uid in found)


@given(st.binary(max_size=60), st.sampled_from([4, 7, 10]), st.data(), st.binary(max_size=60))
def test_any_valid_response_in_noise_is_found(before, size, data, after):
    uid = data.draw(st.binary(min_size=size, max_size=size))
    found = feed_all([before + ACK + target_response(uid) + after])
    assert uid.hex().upper() in found
