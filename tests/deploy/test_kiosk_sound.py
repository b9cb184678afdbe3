"""Sound on the kiosk (kivy_ui/main.py choose_sound): on the Pi's console there is
no sound server, so the app picks a card that can play, or says there is none
instead of printing ALSA errors. /proc/asound and /sys/class/drm are faked."""
from __future__ import annotations

import pytest

from kivy_ui import main as app_main

PI5_CARDS = """\
 0 [vc4hdmi0       ]: vc4-hdmi - vc4-hdmi-0
                      vc4-hdmi-0
 1 [vc4hdmi1       ]: vc4-hdmi - vc4-hdmi-1
                      vc4-hdmi-1
"""
USB_CARD = """\
 2 [Device         ]: USB-Audio - USB Audio Device
                      GeneralPlus USB Audio Device at usb-xhci-hcd.1-1, full speed
"""


@pytest.fixture
def pi(tmp_path, monkeypatch):
    asound, drm = tmp_path / "asound", tmp_path / "drm"
    asound.mkdir()
    drm.mkdir()
    monkeypatch.setattr(app_main, "ASOUND", str(asound))
    monkeypatch.setattr(app_main, "DRM", str(drm))
    monkeypatch.setattr(app_main, "_on_a_pi", lambda: True)
    for var in ("SDL_AUDIODRIVER", "AUDIODEV", "PULSE_SERVER"):
        monkeypatch.setenv(var, "-")  # so that teardown restores whatever choose_sound sets
        monkeypatch.delenv(var)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.setattr(app_main.sys, "platform", "linux")

    class Pi:
        def cards(self, text: str, usb: int | None = None) -> None:
            (asound / "cards").write_text(text)
            if usb is not None:
                (asound / f"card{usb}").mkdir()
                (asound / f"card{usb}" / "usbid").write_text("1b3f:2008\n")

        def screen(self, port: str, connected: bool) -> None:
            folder = drm / f"card1-{port}"
            folder.mkdir()
            (folder / "status").write_text("connected\n" if connected else "disconnected\n")

    return Pi()


def test_a_pi_5_with_only_the_dsi_display_is_silent_and_says_why(pi):
    pi.cards(PI5_CARDS)
    pi.screen("DSI-1", True)
    pi.screen("HDMI-A-1", False)
    said = app_main.choose_sound()
    assert app_main.os.environ["SDL_AUDIODRIVER"] == "dummy"
    assert "no sound device" in said and "no headphone jack" in said


def test_a_usb_speaker_is_chosen_first(pi):
    pi.cards(PI5_CARDS + USB_CARD, usb=2)
    pi.screen("HDMI-A-1", True)
    said = app_main.choose_sound()
    assert app_main.os.environ["AUDIODEV"] == "plughw:CARD=Device,DEV=0"
    assert app_main.os.environ["SDL_AUDIODRIVER"] == "alsa"
    assert "USB Audio Device (USB)" in said


def test_an_hdmi_screen_plugged_in_gets_the_sound_of_its_own_port(pi):
    pi.cards(PI5_CARDS)
    pi.screen("HDMI-A-1", False)
    pi.screen("HDMI-A-2", True)
    app_main.choose_sound()
    assert app_main.os.environ["AUDIODEV"] == "plughw:CARD=vc4hdmi1,DEV=0"


def test_under_a_desktop_the_sound_server_keeps_its_choice(pi, tmp_path):
    pi.cards(PI5_CARDS + USB_CARD, usb=2)
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "pipewire-0").write_text("")
    assert app_main.choose_sound() == ""
    assert "AUDIODEV" not in app_main.os.environ and "SDL_AUDIODRIVER" not in app_main.os.environ
