"""RFID readers on a serial port: decoders per reader family and the reader thread.

Framing is kept apart from I/O as in pyserial's ``serial.threaded``: a protocol
object's ``data_received(bytes)`` only buffers and frames (and, for the PN532,
decides which command to send next); ``Reader`` (reader.py) only opens the port,
reads with a timeout, writes what the protocol asks and reconnects. What differs
between reader families (decoder, baud rate, the twin's frames, how a tag is
confirmed) is one record per family in families.py.
"""
from .base import Protocol
from .families import BY_NAME, FAMILIES, Family, family

PROTOCOLS = {f.name: f.decoder for f in FAMILIES}

__all__ = ["BY_NAME", "FAMILIES", "PROTOCOLS", "Family", "Protocol", "family", "make_protocol"]


def make_protocol(name: str, poll: float = 0.1) -> Protocol:
    """A fresh protocol object (one per connection) for a family's name or alias."""
    return family(name).decoder(poll)
