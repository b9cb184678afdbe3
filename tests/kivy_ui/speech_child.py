"""The app started as a table starts it (its config file read), on its Settings screen:

    python tests/kivy_ui/speech_child.py

prints one JSON line: the spoken cues' setting (on, volume) the app started with, and
the Settings screen's highlighted answer and the volume it reads. tests/kivy_ui/test_speech.py runs it.
"""
from __future__ import annotations

import json
import os


def main() -> int:
    from kivy_ui.driver import AppDriver

    d = AppDriver(simulate=True)
    d.start()
    assert d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
    d.tap(d.screen().ids.settings)
    screen = d.screen()
    ids = screen.ids
    print(json.dumps({"on": d.app.speech.on, "volume": d.app.speech.volume, "screen": screen.name,
                      "highlighted": [b.text for b in (ids.speech_off, ids.speech_on) if b.bold],
                      "volume_text": ids.volume.text}), flush=True)
    d.stop()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    raise SystemExit(main())
