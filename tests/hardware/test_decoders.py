"""RDM6300 and ID-12LA/ID-20LA frames: real frames, every split, noise, bad checksums,
and hypothesis properties (random bytes never give a tag; a frame in noise is always found)."""
from hypothesis import given
from hypothesis import strategies as st

from hardware.rfid.ascii125 import ID12, RDM6300, encode

# The example in the RDM630/RDM6300 datasheet: card 62E3086CED, checksum 08.
RDM_FRAME = b"\x02" + b"62E3086CED" + b"08" + b"\x03"
# The same tag as an ID-12LA / ID-20LA sends it in ASCII mode (CR LF before ETX).
ID12_FRAME = b"\x02" + b"62E3086CED" + b"08" + b"\r\n\x03"
UID = "62E3086CED"


def feed_chunks(decoder, chunks):
    found = []
    for c in chunks:
        found += decoder.feed(c)
    return found


def test_the_datasheet_rdm6300_frame_gives_its_tag():
    assert RDM6300().feed(RDM_FRAME) == [UID]


def test_the_id12_frame_gives_its_tag():
    assert ID12().feed(ID12_FRAME) == [UID]


def test_the_id12la_datasheet_checksum_example():
    """ID-2/12/20LA datasheet, "Example for Calculation of Checksum for ASCII":
    output data 0C000621A58E, data 0C 00 06 21 A5, checksum 8E."""
    assert ID12().feed(b"\x020C000621A58E\r\n\x03") == ["0C000621A5"]
    assert ID12().feed(b"\x020C000621A58F\r\n\x03") == []


def test_encode_builds_the_datasheet_frame():
    assert encode(UID) == RDM_FRAME
    assert encode(UID, b"\r\n") == ID12_FRAME


def test_a_frame_split_at_every_byte_boundary_is_found_once():
    for decoder, frame in ((RDM6300, RDM_FRAME), (ID12, ID12_FRAME)):
        for cut in range(len(frame) + 1):
            assert feed_chunks(decoder(), [frame[:cut], frame[cut:]]) == [UID], (decoder, cut)
        assert feed_chunks(decoder(), [bytes([b]) for b in frame]) == [UID]


def test_noise_before_between_and_after_frames_is_skipped():
    noise = b"\x00\xff\x02\x0212\x03garbage\x02ZZ"
    stream = noise + RDM_FRAME + noise + encode("0102030405") + noise
    assert RDM6300().feed(stream) == [UID, "0102030405"]


def test_noise_inside_a_frame_loses_that_frame_but_not_the_next():
    broken = RDM_FRAME[:6] + b"\x55" + RDM_FRAME[6:]
    assert RDM6300().feed(broken + RDM_FRAME) == [UID]
    broken12 = ID12_FRAME[:9] + b"\x02" + ID12_FRAME[9:]
    assert ID12().feed(broken12 + ID12_FRAME) == [UID]


def test_a_good_frame_starting_inside_a_broken_one_is_found():
    # the first frame is cut short by the start of the next: only the second is whole
    assert RDM6300().feed(RDM_FRAME[:7] + RDM_FRAME) == [UID]


def test_a_bad_checksum_gives_no_tag():
    bad = RDM_FRAME.replace(b"08\x03", b"09\x03")
    assert RDM6300().feed(bad) == []
    assert ID12().feed(ID12_FRAME.replace(b"08\r", b"18\r")) == []


def test_a_frame_without_its_end_byte_gives_no_tag():
    assert RDM6300().feed(RDM_FRAME[:-1] + b"\x04") == []
    assert ID12().feed(ID12_FRAME.replace(b"\r\n", b"\n\r")) == []


def test_rdm6300_and_id12_frames_are_not_mistaken_for_each_other():
    assert RDM6300().feed(ID12_FRAME) == []
    assert ID12().feed(RDM_FRAME) == []


def test_lower_case_hex_is_refused_the_readers_send_upper_case_only():
    """Both datasheets' examples are upper case; a flipped 0x20 bit turns 'E' into 'e'."""
    assert RDM6300().feed(RDM_FRAME.replace(b"62E3086CED", b"62e3086ced")) == []
    assert ID12().feed(ID12_FRAME.replace(b"62E3086CED", b"62e3086ced")) == []


@given(st.lists(st.binary(max_size=40), max_size=8))
def test_random_bytes_never_give_a_tag_and_never_raise(chunks):
    for decoder in (RDM6300(), ID12()):
        assert feed_chunks(decoder, chunks) == []


@given(st.binary(max_size=60), st.binary(min_size=5, max_size=5), st.binary(max_size=60),
       st.integers(0, 20), st.booleans())
def test_any_valid_frame_in_noise_is_found(before, data, after, cut, id12):
    uid = data.hex().upper()
    decoder = ID12() if id12 else RDM6300()
    stream = before + encode(uid, b"\r\n" if id12 else b"") + after
    cut = min(cut, len(stream))
    assert uid in feed_chunks(decoder, [stream[:cut], stream[cut:]])
