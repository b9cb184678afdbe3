"""States for test_sizes.py and test_languages.py: the Settings screen (reached from
Home's top right), its language row with each language in its own name, the spoken
cues on (the volume row live), and a machine without espeak-ng (the row's sentence)."""
from __future__ import annotations


def states(d):
    d.tap(d.screen().ids.settings)
    screen = d.screen()
    assert screen.name == "settings"
    yield "settings"
    from kivy_ui.speech import Speaker

    speech = d.app.speech
    kept = speech.speaker, speech.on
    try:
        speech.on = True  # as On would, without writing the config file
        speech.speaker = Speaker(exe="espeak-ng", spawn=lambda *a, **k: None)
        screen.refresh()
        yield "settings-speech-on"
        speech.on, speech.speaker = False, Speaker(exe="")
        screen.refresh()
        yield "settings-no-espeak"
    finally:
        speech.speaker, speech.on = kept
        screen.refresh()
