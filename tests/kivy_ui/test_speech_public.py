"""Nothing spoken is a secret (issue 25 §1), as a property over random games of every
game: the table controller plays random legal moves (the companion drawing), a seat's
private view opens now and then (its fob) and moves are taken back; every frame goes
through the app's spoken cues (kivy_ui/speech.py) as the app sends it. What is said
must be made of the frame's public sentences only (its waiting sentence, its TABLE
view's, the end's headline), and must hold no text that only a seat's own view has
(its view while the gate is open, or the seat's view of the game at any moment).
No window, no voice: the speaker records."""
from __future__ import annotations

import json
import pathlib
import random
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules.engine import CHANCE
from companion.store.journal import Journal
from companion.table.controller import TableController
from companion.table.session import Session
from kivy_ui.speech import Speaker, SpokenCues

GAMES = {
    "maya": ({}, {"advanced": True}),
    "maya-madness": ({"deck": "physical"}, {"deck": "full"}, {"deck": "full", "advanced": True}),
    "mayan-curse": ({}, {"stelae": "physical"}),
}


class Quiet:
    def poll(self):
        return 0

    def terminate(self):
        pass


def strings(o) -> set[str]:
    """Every text in a view (its keys aside): what a client could show of it."""
    if isinstance(o, str):
        return {o}
    if isinstance(o, dict):
        return set().union(*(strings(v) for v in o.values())) if o else set()
    if isinstance(o, (list, tuple)):
        return set().union(*(strings(v) for v in o)) if o else set()
    return set()


def public_of(frame) -> set[str]:
    out = strings(frame.view) | {frame.waiting}
    if frame.result is not None:
        out.add(frame.result.headline)
    return {s for s in out if s.strip()}


def secrets_of(table, frame) -> set[str]:
    """Texts a seat's own view holds that the table's frame does not (its hand, its
    stones, its bid, "Only Ana looks"…): nobody's to hear."""
    public = json.dumps([frame.view, frame.waiting, [e.sentences for e in frame.log]], ensure_ascii=False,
                        default=str)
    own = set()
    for seat in range(len(table.players)):
        own |= strings(table.session.view(seat)) | strings(table.seat_frame(seat).view)
    if frame.gate.open:
        own |= strings(frame.gate.view) | {frame.gate.title} | {c.label for c in frame.gate.choices}
    return {s for s in own if len(s.strip()) >= 3 and s not in public}


def only_public(spoken: str, public: set[str]) -> bool:
    """spoken is made of public sentences (joined, each ended with a stop)."""
    rest = spoken
    for s in sorted(public, key=len, reverse=True):
        rest = rest.replace(s, "")
    return rest.strip(" .") == ""


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=4, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_only_public_sentences_are_ever_spoken(name, data):
    options = data.draw(st.sampled_from(GAMES[name]), label="options")
    players = data.draw(st.integers(3 if name == "maya" else 2, 4), label="players")
    seed = data.draw(st.integers(0, 10**6), label="seed")
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal.open(pathlib.Path(tmp) / "journal.sqlite3")
        try:
            session = Session.create(journal, name, [f"P{i}" for i in range(players)], options=dict(options),
                                     seed=seed, meta={"fobs": [None] * players})
            table = TableController(session)
            said: list[str] = []
            cues = SpokenCues({"speech": True}, Speaker(exe="espeak-ng",
                                                        spawn=lambda args, **kw: said.append(args[-1]) or Quiet()))
            checked = 0

            def on_frame(frame):
                nonlocal checked
                text = cues.news(frame)
                if text:
                    cues.say(text, "en")
                    assert only_public(text, public_of(frame)), (frame.kind, text)
                    leaked = {s for s in secrets_of(table, frame) if s in text}
                    assert not leaked, f"{name}: a {frame.kind} frame's cue {text!r} holds {leaked}"
                    checked += 1

            table.subscribe_frames(on_frame)
            cues.say(cues.new_table(table.frame()), "en")
            for _ in range(120):
                if session.result() is not None:
                    break
                seats = sorted(a for a in session.actors() if a != CHANCE)
                if not seats:
                    break
                roll = rng.random()
                if roll < 0.15:
                    table.open_gate(rng.randrange(players), "fob")  # a seat's secrets on the frame
                elif roll < 0.2 and table.frame().undo.can:
                    table.undo()
                    table.confirm_undo() if table.pending_undo else None
                else:
                    seat = rng.choice(seats)
                    table.play(rng.choice(session.legal_actions(seat)))
            assert said and checked, "nothing was said in a whole game"
            table.close()
        finally:
            journal.close()
