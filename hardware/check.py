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
from typing import Any

from . import config as config_mod
from .events import ButtonEvent, DeviceEvent, DeviceStatus, TagEvent, TagRemoved, device_name, word
from .facade import Hardware, start
from .i18n import _


def describe_event(event: object) -> str:
    if isinstance(event, ButtonEvent):
        return _("button {name}: {kind}", name=event.button, kind=word(event.kind))
    if isinstance(event, TagEvent):
        return _("tag {uid} on {reader}", uid=event.uid, reader=event.reader)
    if isinstance(event, TagRemoved):
        return _("tag {uid} left {reader}", uid=event.uid, reader=event.reader)
    if isinstance(event, DeviceStatus):
        if event.detail:
            return _("{device}: {status} - {detail}", device=device_name(event.device), status=word(event.status),
                     detail=event.detail)
        return _("{device}: {status}", device=device_name(event.device), status=word(event.status))
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
    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
            super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    parser = argparse.ArgumentParser(prog="maya-companion devices", add_help=False, formatter_class=Formatter,
                                     description=_("Check every button, LED and reader before game night."))
    parser._optionals.title = _("options")  # argparse's own headings are English: the catalog's instead
    parser.add_argument("-h", "--help", action="help", help=_("show this help and exit"))
    parser.add_argument("--config", help=_("config file (default: the app's config.toml)"))
    parser.add_argument("--sim", action="store_true", help=_("use simulated devices"))
    parser.add_argument("--real", action="store_true", help=_("use the real devices even off a Pi"))
    parser.add_argument("--seconds", type=float, default=None, help=_("stop after this many seconds"))
    parser.add_argument("--demo", action="store_true", help=_("with --sim: the twins press and tap by themselves"))
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
    if cfg.source:
        print(_("Config: {file}", file=cfg.source), file=out)
    else:
        print(_("Config: {file} (not found; built-in defaults)", file=path), file=out)
    print(hw.why, file=out)
    time.sleep(0.3)  # let the readers connect, so the list shows their status
    for row in hw.describe():
        print(f"  {device_name(row['device']):<16} {word(row['status']):<13} {row['where']}", file=out)
        if row["detail"] and row["status"] not in ("connected", "simulated", "ready"):
            print(f"  {'':<16} {row['detail']}", file=out)
    for name in hw.leds.names:  # a quick wave so each LED's wiring shows
        hw.leds.on(name)
        time.sleep(0.15)
        hw.leds.off(name)
    print(_("Press each button and tap each tag; every event is printed. Ctrl-C stops."), file=out, flush=True)
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
