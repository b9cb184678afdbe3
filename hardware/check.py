"""``maya-companion devices``: check every button, LED and reader before game night.

Lists the configured devices and their status, lights each LED for a moment,
then prints every event as it happens (press each button, tap each tag) until
Ctrl-C, or for ``--seconds``. ``--sim`` uses the simulated twins; ``--demo``
(with --sim) makes them press, hold and tap by themselves.
"""
from __future__ import annotations

import argparse
import functools
import queue
import sys
import threading
import time
from collections.abc import Callable

from . import config as config_mod
from .events import ButtonEvent, DeviceEvent, DeviceStatus, TagEvent, TagRemoved
from .facade import Hardware, start


def describe_event(event: object) -> str:
    if isinstance(event, ButtonEvent):
        return f"button {event.button}: {event.kind}"
    if isinstance(event, TagEvent):
        return f"tag {event.uid} on {event.reader}"
    if isinstance(event, TagRemoved):
        return f"tag {event.uid} left {event.reader}"
    if isinstance(event, DeviceStatus):
        return f"{event.device}: {event.status}" + (f" - {event.detail}" if event.detail else "")
    return repr(event)


def _demo(hw: Hardware, stop: threading.Event) -> None:
    """Exercise the twins so a person without hardware sees the event stream."""
    if hw.sim is None:
        return
    steps: list[Callable[[], object]] = []
    for b in hw.sim.buttons.values():
        steps += [b.tap, functools.partial(b.hold, b.config.hold_time + 0.1)]
    twin = hw.sim.reader
    if twin is not None:
        uid = twin.family.sample_uid
        steps += [lambda: twin.present(uid), twin.remove]
    for step in steps:
        if stop.wait(0.3):
            return
        step()
        if stop.wait(max((b.config.hold_time for b in hw.sim.buttons.values()), default=0.5) + 0.3):
            return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="maya-companion devices", description=__doc__.splitlines()[0])
    parser.add_argument("--config", help="config file (default: the app's config.toml)")
    parser.add_argument("--sim", action="store_true", help="use simulated devices")
    parser.add_argument("--real", action="store_true", help="use the real devices even off a Pi")
    parser.add_argument("--seconds", type=float, default=None, help="stop after this many seconds")
    parser.add_argument("--demo", action="store_true", help="with --sim: the twins press and tap by themselves")
    args = parser.parse_args(argv)
    path = args.config or config_mod.default_path()
    try:
        cfg = config_mod.load(path)
    except config_mod.BadConfig as e:
        print(e, file=sys.stderr)
        return 2
    events: queue.Queue[DeviceEvent] = queue.Queue()
    simulate = True if args.sim else (False if args.real else None)
    hw = start(cfg, events.put, simulate=simulate)
    out = sys.stdout
    print(f"Config: {cfg.source or f'{path} (not found; built-in defaults)'}", file=out)
    print(hw.why, file=out)
    time.sleep(0.3)  # let the readers connect, so the list shows their status
    for row in hw.describe():
        print(f"  {row['device']:<16} {row['status']:<13} {row['where']}", file=out)
        if row["detail"] and row["status"] not in ("connected", "simulated", "ready"):
            print(f"  {'':<16} {row['detail']}", file=out)
    for name in hw.leds.names:  # a quick wave so each LED's wiring shows
        hw.leds.on(name)
        time.sleep(0.15)
        hw.leds.off(name)
    print("Press each button and tap each tag; every event is printed. Ctrl-C stops.", file=out, flush=True)
    stop = threading.Event()
    if args.demo and hw.simulated:
        threading.Thread(target=_demo, args=(hw, stop), daemon=True).start()
    end = None if args.seconds is None else time.monotonic() + args.seconds
    try:
        while end is None or time.monotonic() < end:
            wait = 0.5 if end is None else max(0.0, min(0.5, end - time.monotonic()))
            try:
                event = events.get(timeout=wait)
            except queue.Empty:
                continue
            print(time.strftime("%H:%M:%S"), describe_event(event), file=out, flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        hw.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
