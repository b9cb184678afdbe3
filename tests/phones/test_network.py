"""Phones on a real network, in a network namespace each test makes for itself
(`unshare -n`): a tap interface on a documentation address (192.0.2.10/24) with a
default route through it. What the Phones screen offers and its QR codes must use
that address, and a client in the namespace loads a seat page through it. The
namespace has no way out: all traffic stays in it (the UDP socket that finds the
default route's source address is connect()ed, which sends nothing)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

CHILD = r'''
import fcntl, json, os, struct, subprocess, sys, tempfile, types, urllib.request
os.environ["KIVY_NO_ARGS"] = "1"; os.environ["KIVY_NO_CONSOLELOG"] = "1"

def ip(*args):
    subprocess.run(["ip", *args], check=True)

taps = []
def tap(name, cidr):
    """A tap interface with carrier (its file stays open): up and running, like a real NIC."""
    fd = os.open("/dev/net/tun", os.O_RDWR)
    fcntl.ioctl(fd, 0x400454CA, struct.pack("16sH", name.encode(), 0x0002 | 0x1000))  # TUNSETIFF, IFF_TAP|IFF_NO_PI
    taps.append(fd)
    ip("addr", "add", cidr, "dev", name)
    ip("link", "set", name, "up")

ip("link", "set", "lo", "up")
networks = sys.argv[1]
if networks in ("wifi", "both"):
    tap("tap0", "192.0.2.10/24")
    ip("route", "add", "default", "via", "192.0.2.1")
if networks == "both":
    tap("tap1", "198.18.0.10/24")  # a second network (Ethernet beside the Wi-Fi)

from kivy.event import EventDispatcher
from kivy.properties import ObjectProperty
import kivy_ui.phones as P
from companion.store.journal import Journal
from companion.table.session import Session
from companion.table.controller import TableController

class App(EventDispatcher):
    table = ObjectProperty(None, allownone=True)

P.Clock = types.SimpleNamespace(schedule_once=lambda fn, t=0: None)  # nothing here needs the main loop
app = App()
s = Session.create(Journal.open(os.path.join(tempfile.mkdtemp(), "j.sqlite3")), "maya-madness", ["Ana", "Ben"],
                   options={"deck": "full"}, seed=1)
app.table = TableController(s, settle=0)
svc = P.PhoneService(app, "0.0.0.0", 0)
out = {"started": svc.start(), "problem": svc.problem, "addresses": svc.addresses, "address": svc.address,
       "others": svc.others()}
if out["started"]:
    url = svc.url(0)
    out["url"] = url
    out["token"] = svc.hub.token(0)
    out["port"] = svc.server.port
    out["qr_matrix"] = [list(r) for r in P.qr_code(url).matrix]
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy: straight to the address
    with opener.open(url, timeout=10) as r:
        out["page_status"] = r.status
        out["page_is_seat"] = "/static/seat.js" in r.read().decode()
    svc.next_address()
    out["after_next"] = svc.address
    svc.stop()
print("RESULT " + json.dumps(out))
'''


def _no_namespace(reason: str) -> None:
    reason = f"missing tool: {reason}"
    if os.environ.get("CI"):
        pytest.fail(reason)  # in CI the namespace test must run (tests/conftest.py turns such skips into failures too)
    pytest.skip(reason)


# How to make a network namespace here: as root; as a user, in a user namespace of
# its own (where the kernel allows it); or through sudo without a password (CI runners).
WAYS = (["unshare", "-n"], ["unshare", "-r", "-n"], ["sudo", "-n", "unshare", "-n"])


def _namespace_command() -> list[str]:
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        _no_namespace("unshare and ip (util-linux, iproute2) are needed for the network namespace test")
    said = []
    for way in WAYS:
        if way[0] == "sudo" and shutil.which("sudo") is None:
            continue
        probe = subprocess.run([*way, "ip", "tuntap", "add", "probe0", "mode", "tap"], capture_output=True, text=True)
        if probe.returncode == 0:
            return way
        said.append(f"{' '.join(way)}: {probe.stderr.strip()[:80]}")
    _no_namespace("a network namespace with a tap device cannot be made here (" + "; ".join(said) + ")")
    raise AssertionError("unreachable")


def in_namespace(networks: str) -> dict:
    way = _namespace_command()
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}  # nothing may leave for a proxy
    env["KIVY_HOME"] = tempfile.mkdtemp(prefix="phones-netns-kivy-")
    r = subprocess.run([*way, sys.executable, "-c", CHILD, networks], capture_output=True, text=True,
                       timeout=120, env=env)
    lines = [x for x in r.stdout.splitlines() if x.startswith("RESULT ")]
    assert r.returncode == 0 and lines, r.stderr[-3000:]
    return json.loads(lines[-1][len("RESULT "):])


def test_the_codes_use_the_wifi_address_and_a_phone_on_that_network_loads_its_seat():
    import segno

    got = in_namespace("wifi")
    assert got["started"], got["problem"]
    assert got["addresses"] == ["192.0.2.10"] and got["others"] == []
    base = f"http://192.0.2.10:{got['port']}"
    assert got["address"] == base
    assert got["url"] == f"{base}/s/{got['token']}"
    assert got["qr_matrix"] == [list(r) for r in segno.make(got["url"], error="m").matrix]
    assert got["page_status"] == 200 and got["page_is_seat"]


def test_with_wifi_and_ethernet_both_addresses_are_offered_the_default_routes_first():
    got = in_namespace("both")
    assert got["addresses"] == ["192.0.2.10", "198.18.0.10"]
    assert got["address"] == f"http://192.0.2.10:{got['port']}"
    assert got["others"] == [f"http://198.18.0.10:{got['port']}"]
    assert got["after_next"] == f"http://198.18.0.10:{got['port']}"  # "Other network" puts it in the codes


def test_a_table_on_no_network_says_so_instead_of_showing_a_loopback_address():
    got = in_namespace("none")
    assert not got["started"]
    assert got["problem"].startswith("This table has no network: connect it to Wi-Fi")
