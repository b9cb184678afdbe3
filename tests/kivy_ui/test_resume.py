"""Kill the app at any moment, start it again: the same game at the same point."""
import json
import pathlib
import signal
import subprocess
import sys

import pytest

CHILD = pathlib.Path(__file__).with_name("app_child.py")


def run_child(env, *args):
    return subprocess.Popen([sys.executable, str(CHILD), *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)


@pytest.mark.parametrize("game, moves", [("maya-madness", 5), ("maya", 40), ("mayan-curse", 12)])
def test_killed_app_resumes_the_same_game_at_the_same_point(display, tmp_path, game, moves):
    """Each game, killed mid-game with SIGKILL: Resume brings back the same table
    screen with the same public view (the same round, phase, turn and last event)."""
    env = dict(display, MAYA_COMPANION_DATA=str(tmp_path / "data"), KIVY_HOME=str(tmp_path / "kivy"),
               MAYA_COMPANION_CONFIG=str(tmp_path / "config.toml"))  # not the machine's own config
    child = run_child(env, "play", str(moves), *(() if game == "maya-madness" else (game,)))
    try:
        before = json.loads(child.stdout.readline())
        child.send_signal(signal.SIGKILL)  # no on_stop, no clean-up: a pulled plug
        child.wait(10)
    finally:
        child.kill()
    assert before["screen"] == game
    if game == "maya-madness":
        assert before["count"] is not None and len(before["events"]) >= 1
    again = run_child(env, "resume")
    try:
        after = json.loads(again.stdout.readline())
        assert again.wait(20) == 0
    finally:
        again.kill()
    assert after == before


def test_the_app_works_in_a_larger_window_with_nothing_cut_off(display, tmp_path):
    shots = pathlib.Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
    env = dict(display, MAYA_COMPANION_DATA=str(tmp_path / "data"), KIVY_HOME=str(tmp_path / "kivy"),
               MAYA_COMPANION_CONFIG=str(tmp_path / "config.toml"))  # not the machine's own config
    child = run_child(env, "large", "1280", "800", str(shots))
    try:
        report = json.loads(child.stdout.readline())
        assert child.wait(20) == 0
    finally:
        child.kill()
    assert report["window"] == [1280, 800]
    assert report["problems"] == {"home": [], "new_game": [], "table": []}
