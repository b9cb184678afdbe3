"""This machine's own addresses on the networks phones can use, read from its interfaces.

Resolving the host name does not work on a stock Pi: Debian and Raspberry Pi OS map
it to 127.0.1.1 in /etc/hosts, so a QR code built from it points every phone at
itself. Instead:

* the default route's source address comes first: a UDP socket `connect()`ed to an
  address off the local networks makes the kernel pick the route and the source
  address. UDP `connect` sends nothing; the socket is closed unused.
* then every other IPv4 address of an interface that is up and running (Wi-Fi and
  Ethernet both plugged in), read with the C library's getifaddrs through ctypes
  (Linux and macOS; no package needed). Loopback and link-local (169.254/16, what a
  machine gives itself when no network answered) are left out: no phone reaches them.

IPv4 only: a phone scanning a code on a table's Wi-Fi has an IPv4 address, and an
IPv4 URL is short enough for a small QR code.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import ipaddress
import socket
import sys

# An address from TEST-NET-2 (RFC 5737): never on a local network, so the route the
# kernel picks for it is the default route. Nothing is ever sent to it.
_OFF_NET = ("198.51.100.1", 9)

_IFF_UP = 0x1
_IFF_LOOPBACK = 0x8
_IFF_RUNNING = 0x40


def default_route_address() -> str | None:
    """The source address of the default route, or None when there is no route."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(_OFF_NET)  # UDP: picks a route and a source address, sends no packet
        addr = str(s.getsockname()[0])
    except OSError:  # no route at all: no network
        return None
    finally:
        s.close()
    return addr if usable(addr) else None


def usable(addr: str) -> bool:
    """An address a phone on the same network could reach."""
    try:
        ip = ipaddress.IPv4Address(addr)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


class _IfAddrs(ctypes.Structure):
    pass


_IfAddrs._fields_ = [  # struct ifaddrs: the same layout on Linux and the BSDs/macOS
    ("ifa_next", ctypes.POINTER(_IfAddrs)),
    ("ifa_name", ctypes.c_char_p),
    ("ifa_flags", ctypes.c_uint),
    ("ifa_addr", ctypes.POINTER(ctypes.c_ubyte * 16)),
    ("ifa_netmask", ctypes.c_void_p),
    ("ifa_ifu", ctypes.c_void_p),
    ("ifa_data", ctypes.c_void_p),
]


def _family(sa: bytes) -> int:
    # Linux: a 16-bit sa_family first; BSD/macOS: an 8-bit sa_len, then an 8-bit family.
    if sys.platform.startswith("linux"):
        return int.from_bytes(sa[0:2], sys.byteorder)
    return sa[1]


def interface_addresses() -> list[tuple[str, str]]:
    """(interface, IPv4 address) for every interface that is up and running,
    loopback and link-local left out; [] where getifaddrs is not available."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name, use_errno=True) if name else ctypes.CDLL(None, use_errno=True)
        getifaddrs, freeifaddrs = libc.getifaddrs, libc.freeifaddrs
    except (OSError, AttributeError):
        return []
    getifaddrs.argtypes = [ctypes.POINTER(ctypes.POINTER(_IfAddrs))]
    freeifaddrs.argtypes = [ctypes.POINTER(_IfAddrs)]
    head = ctypes.POINTER(_IfAddrs)()
    if getifaddrs(ctypes.byref(head)) != 0:
        return []
    out: list[tuple[str, str]] = []
    try:
        node = head
        while node:
            ifa = node.contents
            flags = ifa.ifa_flags
            if ifa.ifa_addr and flags & _IFF_UP and flags & _IFF_RUNNING and not flags & _IFF_LOOPBACK:
                sa = bytes(ifa.ifa_addr.contents)
                if _family(sa) == socket.AF_INET:
                    addr = socket.inet_ntoa(sa[4:8])
                    if usable(addr):
                        out.append(((ifa.ifa_name or b"").decode(errors="replace"), addr))
            node = ifa.ifa_next
    finally:
        freeifaddrs(head)
    return out


def lan_addresses() -> list[str]:
    """This machine's addresses phones can use, the default route's first; [] when
    the machine is on no network (only loopback)."""
    found: list[str] = []
    first = default_route_address()
    if first is not None:
        found.append(first)
    for _name, addr in interface_addresses():
        if addr not in found:
            found.append(addr)
    return found


__all__ = ["default_route_address", "interface_addresses", "lan_addresses", "usable"]
