"""Devices for the Maya table companion: gpiozero buttons and LEDs, pyserial RFID
readers, and their simulated twins. Knows nothing of games or Kivy; every device
posts plain events (hardware.events) to a sink that is safe to call from any thread.

    import hardware
    hw = hardware.start(hardware.config.load(path), sink)   # see hardware/facade.py
"""
from . import config, events
from .config import BadConfig
from .events import ButtonEvent, DeviceEvent, DeviceStatus, TagEvent, TagRemoved
from .facade import Hardware, start

__all__ = ["BadConfig", "ButtonEvent", "DeviceEvent", "DeviceStatus", "Hardware", "TagEvent", "TagRemoved",
           "config", "events", "start"]
