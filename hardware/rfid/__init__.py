"""RFID readers on a serial port: decoders per reader family and the reader thread.

Framing is kept apart from I/O as in pyserial's ``serial.threaded``: a protocol
object's ``data_received(bytes)`` only buffers and frames (and, for the PN532,
decides which command to send next); ``Reader`` (reader.py) only opens the port,
reads with a timeout, writes what the protocol asks and reconnects.
"""
from .ascii125 import ID12, RDM6300
from .pn532 import PN532

PROTOCOLS = {"rdm6300": RDM6300, "id12": ID12, "pn532": PN532}


def make_protocol(name: str, poll: float = 0.1):
    """A fresh protocol object (one per connection) for "rdm6300", "id12" or "pn532"."""
    return PN532(poll=poll) if name == "pn532" else PROTOCOLS[name]()
