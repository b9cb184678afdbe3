"""What the spoken cues say and when (kivy_ui/speech.py), without a window or a voice:
`news` over frames, the speaker's one-at-a-time rule, and the [app] settings."""
from __future__ import annotations

import subprocess
from types import SimpleNamespace

import pytest

from companion.errors import BadConfig
from kivy_ui.speech import Speaker, SpokenCues, command, news, speakable, steps


def frame(kind="move", acting=(0,), waiting="Ana's turn: play a card.", over=False, headline="", **view):
    return SimpleNamespace(kind=kind, acting=tuple(acting), waiting=waiting, over=over, view=view,
                           result=SimpleNamespace(headline=headline) if over else None)


def said(frames):
    heard, out = None, []
    for f in frames:
        heard, parts = news(heard, f)
        out.append(" ".join(parts))
    return out


def test_whose_turn_is_said_when_another_seat_comes_to_act():
    assert said([
        frame(acting=(0,)),
        frame(acting=(1,), waiting="Ben's turn: play a card."),
        frame(acting=(1,), waiting="Ben plays again."),  # a Temple of Zero: the same player
        frame(acting=(0, 1, 2), waiting="Everyone bids."),  # a sealed bid: all at once
        frame(acting=(0, 2), waiting="Ana and Cy bid."),  # one sealed: nobody new
    ]) == ["Ana's turn: play a card.", "Ben's turn: play a card.", "", "Everyone bids.", ""]


def test_a_boulder_and_a_round_end_are_said_once_and_never_again_after_an_undo_or_a_gate():
    cue = {"alert": {"title": "The LEFT boulder tumbles!", "sentence": "From its board. Ben: where did it stop?",
                     "key": "2:left:8"}, "round": 2}
    end = {"round_end": {"round": 2, "tumbles": [{}], "title": "Round 2: the boulders tumbled"}, "round": 3}
    assert said([
        frame(acting=(0,), round=2),
        frame(acting=(1,), waiting="The left boulder tumbles: Ben, where did it stop?", **cue),
        frame("gate", acting=(1,), **cue),
        frame(acting=(2,), waiting="Cy's turn.", **end),
        frame("undo", acting=(1,), waiting="Ben, where did it stop?", **cue),  # its turn, not the boulder
        frame("redo", acting=(2,), waiting="Cy's turn.", **end),
    ]) == ["Ana's turn: play a card.",
           "The LEFT boulder tumbles! From its board. Ben: where did it stop?",  # the cue names the reporter
           "", "Round 2: the boulders tumbled Cy's turn.", "Ben, where did it stop?", "Cy's turn."]


def test_a_rounds_summary_among_the_events_is_said_by_its_title():
    scoring = {"events": [{"kind": "scoring", "round": 1, "summary": {"title": "Round 1 scored"}}]}
    assert said([frame(acting=(0,)), frame(acting=(0,), **scoring), frame(acting=(1,), waiting="Ben.", **scoring)]) \
        == ["Ana's turn: play a card.", "Round 1 scored", "Ben."]


def test_the_end_is_its_headline_alone_and_only_once():
    assert said([frame(acting=(0,)), frame(over=True, acting=(), headline="Ana wins!"),
                 frame("undo", acting=(0,)), frame("redo", over=True, acting=(), headline="Ana wins!")]) \
        == ["Ana's turn: play a card.", "Ana wins!", "Ana's turn: play a card.", ""]


class Proc:
    def __init__(self, log, args):
        self.log, self.args, self.code = log, args, None

    def poll(self):
        return self.code

    def terminate(self):
        self.log.append(("stop", self.args[-1]))
        self.code = -15


def test_a_newer_cue_stops_the_one_still_speaking_and_never_waits():
    log: list = []

    def spawn(args, **kw):
        assert kw["stdin"] == kw["stdout"] == kw["stderr"] == subprocess.DEVNULL
        p = Proc(log, args)
        log.append(("say", args[-1]))
        return p

    speaker = Speaker(exe="espeak-ng", spawn=spawn)
    assert speaker.say("Ana's turn.", "de", 50) and speaker.speaking
    assert speaker.say("Ben's turn.", "de", 50)
    assert log == [("say", "Ana's turn."), ("stop", "Ana's turn."), ("say", "Ben's turn.")]
    speaker._speaking.code = 0  # Ben's finished by itself: nothing to stop
    speaker.say("Cy's turn.", "en", 50)
    assert log[-1] == ("say", "Cy's turn.") and ("stop", "Ben's turn.") not in log


def test_espeak_ng_gone_since_the_start_is_silence_not_an_error():
    def gone(args, **kw):
        raise FileNotFoundError(args[0])

    cues = SpokenCues({"speech": True}, Speaker(exe="/usr/bin/espeak-ng", spawn=gone))
    assert cues.say("Ana's turn.", "en") is False and cues.available is False
    assert cues.news(frame()) == ""  # and nothing more is tried


def test_the_voice_is_the_tables_language_and_the_volume_espeaks_amplitude():
    assert command("Ana ist dran.", "de", 50)[:5] == ["espeak-ng", "-v", "de", "-a", "100"]
    assert command("x", "qps", 100)[:5] == ["espeak-ng", "-v", "en", "-a", "200"]  # the pseudo-locale: English
    assert command("-3 for Ana", "en", 10, wav="o.wav")[-4:] == ["-w", "o.wav", "--", "-3 for Ana"]
    assert speakable("▶ ● Ana\n plays −3 ★") == "Ana plays −3"
    assert [steps(range(10, 101, 10), v, s) for v, s in ((50, 1), (100, 1), (10, -1), (55, -1))] == [60, 100, 10, 40]


def test_off_says_nothing_and_turning_on_later_repeats_no_old_news():
    cues = SpokenCues({}, Speaker(exe="espeak-ng", spawn=lambda *a, **k: Proc([], a[0])))
    end = {"round_end": {"round": 1, "tumbles": [], "title": "Round 1"}}
    assert cues.on is False and cues.news(frame(acting=(0,), **end)) == ""
    cues.on = True
    assert cues.news(frame(acting=(0,), **end)) == "" and cues.news(frame(acting=(1,), waiting="Ben.")) == "Ben."


# --- the [app] settings ----------------------------------------------------------------------
def test_spoken_cues_are_off_by_default_at_half_volume():
    from kivy_ui.devices import app_settings

    s = app_settings({})
    assert (s["speech"], s["speech_volume"]) == (False, 50)
    assert app_settings({"app": {"speech": True, "speech_volume": 80}})["speech_volume"] == 80


@pytest.mark.parametrize("app, says", [
    ({"speech": "yes"}, "app.speech must be true or false, not 'yes'."),
    ({"speech_volume": 55}, "app.speech_volume must be a volume in per cent, one of 10, 20, 30, 40, 50, 60, 70, "
                            "80, 90, 100, not 55."),
    ({"speech_volume": True}, "app.speech_volume must be a volume in per cent"),
    ({"speach": True}, "app.speach — did you mean speech?"),
    ({"speech_volum": 50}, "did you mean speech_volume?"),
])
def test_a_bad_speech_setting_is_a_sentence_naming_it(app, says):
    from kivy_ui.devices import app_settings

    with pytest.raises(BadConfig) as e:
        app_settings({"app": app})
    assert says in str(e.value)


def test_remembering_the_spoken_cues_keeps_the_rest_of_the_file(tmp_path):
    from kivy_ui.devices import app_settings, load_config, remember

    path = tmp_path / "config.toml"
    path.write_text('# ours\n[app]\nlanguage = "de"  # German\nspeech_volume = 20\n\n[hardware]\nreader = "x"\n')
    remember("speech", True, path)
    remember("speech_volume", 70, path)
    text = path.read_text()
    assert text.startswith("# ours\n") and '# German' in text
    assert app_settings(load_config(path)) | {} == {**app_settings({}), "language": "de", "speech": True,
                                                    "speech_volume": 70}
    assert load_config(path)["hardware"] == {"reader": "x"}
