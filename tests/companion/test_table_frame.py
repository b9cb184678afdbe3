"""The table frame (issue 21 §2): one frozen frame per change, handed to every
listener; the LED cue and the sound; play()'s Outcome; the log the session
writes at commit (equal to the old replay, through undo, redo and corrections);
and, over random games of every title, a frame's public parts never showing a
seat's secret."""
from __future__ import annotations

import dataclasses
import json
import random
import re
from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import games
from companion.rules.engine import CHANCE, TABLE
from companion.table.controller import BY_TOUCH, TableController
from companion.table.frame import Outcome, TableFrame
from companion.table.log import game_log
from companion.table.session import Session

TITLES = ["maya", "maya-madness", "mayan-curse"]


def madness(journal, **kw):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], seed=1)
    return s, TableController(s, **kw)


class Counter:
    def __init__(self, table):
        self.frames: list[TableFrame] = []
        self.legacy: list[tuple[str, TableFrame]] = []
        table.subscribe_frames(self.frames.append)
        table.subscribe(lambda t, what: self.legacy.append((what, t.frame())))


def test_each_change_publishes_one_frame_handed_to_every_listener(journal):
    _s, table = madness(journal)
    seen = Counter(table)
    assert table.play({"actor": 1, "type": "start_card", "card": "+1"})
    assert len(seen.frames) == 1 and seen.frames[0].kind == "move"
    assert seen.legacy == [("view", seen.frames[0])] and seen.legacy[0][1] is seen.frames[0], "built once"
    assert table.frame() is seen.frames[0], "the latest frame is kept, not rebuilt"
    table.undo()
    table.redo()
    table.request_peek(0)
    table.confirm_peek()
    table.play({"actor": 0, "type": "play", "card": "+9"})  # refused: a message
    kinds = [f.kind for f in seen.frames]
    assert kinds == ["move", "undo", "redo", "gate", "gate", "message"]
    assert [f.serial for f in seen.frames] == sorted({f.serial for f in seen.frames}), "one serial per change"
    assert len(seen.legacy) == len(seen.frames)


def test_a_move_that_closes_another_seats_view_is_one_frame(journal):
    _s, table = madness(journal)
    table.play({"actor": 1, "type": "start_card", "card": "+1"})
    table.open_gate(1, BY_TOUCH)
    seen = Counter(table)
    assert table.play({"actor": 0, "type": "play", "card": "+2"})
    assert [f.kind for f in seen.frames] == ["move"] and seen.frames[0].gate.seat is None


def test_a_change_made_to_the_session_elsewhere_publishes_a_frame(journal):
    """A phone's peek or a bot acts on the session directly: one subscription to the
    table still hears it (phones need no second subscription to the session)."""
    s, table = madness(journal)
    seen = Counter(table)
    s.act({"actor": 1, "type": "start_card", "card": "+1"})
    assert [f.kind for f in seen.frames] == ["session"]
    assert seen.frames[0].view["count"] == s.view(TABLE)["count"]
    s.mark_seen(0)  # a look recorded: a frame of its own kind, which phones need not redraw for
    assert [f.kind for f in seen.frames] == ["session", "seen"]


def test_the_frame_is_frozen(journal):
    _, table = madness(journal)
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.frame().message = "x"  # type: ignore[misc]


def test_leds_are_on_for_the_seats_that_act_and_blink_for_an_open_view(journal):
    _s, table = madness(journal)
    assert {led.name: led.state for led in table.frame().cue.leds} == {"seat1": "off", "seat2": "on"}
    table.play({"actor": 1, "type": "start_card", "card": "+1"})
    assert {led.name: led.state for led in table.frame().cue.leds} == {"seat1": "on", "seat2": "off"}
    table.open_gate(1, BY_TOUCH)
    cue = table.frame().cue
    assert cue.led("seat2") == "blink" and cue.led("seat1") == "on" and cue.sound == "reveal"
    table.close_gate()
    assert table.frame().cue.led("seat2") == "off" and table.frame().cue.sound == ""


def test_an_led_has_its_buttons_name(journal):
    _, table = madness(journal, seat_buttons={"red": 0, "blue": 1})
    assert [(led.name, led.seat) for led in table.frame().cue.leds] == [("red", 0), ("blue", 1)]


def test_a_refused_move_sounds_an_error_and_play_says_why(journal):
    _, table = madness(journal)
    out = table.play({"actor": 0, "type": "play", "card": "+2"})
    assert isinstance(out, Outcome) and not out.ok and out.sentence and out.sentence == table.frame().message
    assert table.frame().cue.sound == "error"


def test_play_says_what_the_move_did_in_the_logs_words(journal):
    s, table = madness(journal)
    out = table.play({"actor": 1, "type": "start_card", "card": "+1"})
    ben = next(e for e in reversed(s.log) if e.actor == 1)  # the draw after it is the log's, not Ben's
    assert out.ok and out.sentence == ben.sentence and "Ben" in out.sentence
    assert table.frame().newest == out.sentence


def test_a_double_tap_is_ignored_silently(journal):
    now = [0.0]
    _s, table = madness(journal, clock=lambda: now[0], settle=0.35)
    table.play({"actor": 1, "type": "start_card", "card": "+1"})
    out = table.play({"actor": 0, "type": "play", "card": "+2"})
    assert out == Outcome(False, "") and not table.frame().message


def test_undo_and_redo_outcomes_say_what_they_did(journal):
    _, table = madness(journal)
    table.play({"actor": 1, "type": "start_card", "card": "+1"})
    assert table.undo() == Outcome(True, "Took back Ben's last move.")
    assert table.redo() == Outcome(True, "Put back Ben's move.")
    assert table.frame().notice == "Put back Ben's move."


def test_before_anyone_moves_the_table_line_is_the_sealed_fingerprint(journal):
    from companion.history.fairness import sealed_sentence

    s, table = madness(journal)
    assert table.frame().newest.startswith(sealed_sentence(s.seed))


def test_the_end_of_a_game_closes_the_gate_sounds_and_names_the_winner(journal):
    s = Session.create(journal, "maya-madness", ["Ana", "Ben"], seed=3)
    table = TableController(s)
    rng = random.Random(3)
    while s.result() is None:
        seat = table.acting()[0]
        table.open_gate(seat, BY_TOUCH)
        table.play(rng.choice(s.legal_actions(seat)))
    f = table.frame()
    assert f.over and f.kind == "move" and f.cue.sound == "token" and f.gate.seat is None
    winners = [s.players[i] for i in s.result().winners]
    assert all(w in f.result.headline for w in winners) and f.result.headline.endswith(("wins!", "win!"))
    assert [r.seat for r in f.result.standings] == list(s.result().ranking)
    assert f.result.lines and "seed" in f.result.lines[-1].lower()


# --- the log the session writes at commit ---------------------------------------------------
def _random_session(journal, name, seed, steps):
    rng = random.Random(seed)
    game = games.get_game(name)
    n = rng.randint(game.min_players, game.max_players)
    s = Session.create(journal, name, [f"P{i}" for i in range(n)], seed=seed)
    for _ in range(steps):
        if s.result() is not None:
            break
        roll = rng.random()
        if roll < 0.12 and s.can_undo()[0]:
            s.undo()
        elif roll < 0.2 and s.can_redo()[0]:
            s.redo()
        elif roll < 0.26 and s.corrections():
            fix = rng.choice(s.corrections())
            value = fix.value + 1 if fix.value < fix.hi else fix.value - 1
            s.correct(fix.key, value, rng.randrange(n))
        else:
            seats = sorted(a for a in s.actors() if a != CHANCE)
            if not seats:
                break
            seat = rng.choice(seats)
            s.act(rng.choice(s.legal_actions(seat)))
        if rng.random() < 0.3:
            _ = s.log  # read now and then, as the table screen does
    return s


@pytest.mark.parametrize("name", TITLES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_the_log_written_at_commit_is_the_replays_log(journal, name, seed):
    s = _random_session(journal, name, seed, steps=70)
    expected = game_log(s.game, s.players, s.options, s.actions)
    assert [e.as_dict() for e in s.log] == expected
    resumed = Session.resume(journal, s.id)
    assert [e.as_dict() for e in resumed.log] == expected, "a resumed game's log is the same"


def test_a_redone_move_keeps_its_entry_and_says_so(journal):
    s, table = madness(journal)
    table.play({"actor": 1, "type": "start_card", "card": "+1"})
    first = s.log[-1]
    table.undo()
    assert len(s.log) < 1 + sum(1 for e in [first] if e.kind == "draw") + 1
    table.redo()
    assert s.log[-1].sentences == first.sentences and s.log[-1].redone


def test_a_fix_is_in_the_log_with_who_made_it(journal):
    _s, table = madness(journal)
    table.play({"actor": 1, "type": "start_card", "card": "+1"})
    assert table.correct("count", 7, 0) == Outcome(True, "Ana fixed the count to 7.")
    last = table.frame().log[-1]
    assert last.kind == "correction" and last.sentences == ("Ana fixed the count to 7.",) and last.actor == 0


# --- privacy: a frame's public parts never show a seat's secret ------------------------------
def _leaves(value, out):
    if isinstance(value, dict):
        for v in value.values():
            _leaves(v, out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _leaves(v, out)
    elif isinstance(value, str):
        out.add(value)
    return out


def _public_text(frame: TableFrame) -> str:
    """Everything in a frame but the open seat's own view, choices and selection."""
    gate = dataclasses.replace(frame.gate, view={}, choices=(), selected=None)
    public = dataclasses.replace(frame, gate=gate)
    def plain(o):
        if dataclasses.is_dataclass(o):
            return {f.name: getattr(o, f.name) for f in dataclasses.fields(o)}
        return dict(o) if isinstance(o, Mapping) else repr(o)

    return json.dumps(plain(public), default=plain)


def _secrets(s, seat) -> set[str]:
    """Words only `seat`'s view holds: text under its `you` that the TABLE view, the
    TABLE log (a stone once played is public) and the names do not show anywhere."""
    table_text = " ".join([json.dumps(s.view(TABLE), default=str), *s.players,
                           *(json.dumps([e.sentences, [dict(ev) for ev in e.events]]) for e in s.log)])
    mine = _leaves(s.view(seat).get("you") or {}, set())
    return {w for w in mine if len(w) >= 3 and not re.search(rf"\b{re.escape(w)}\b", table_text)}


@pytest.mark.parametrize("name", TITLES)
@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32))
def test_no_frame_shows_a_seats_secret_outside_its_gate(journal, name, seed):
    rng = random.Random(seed)
    game = games.get_game(name)
    n = rng.randint(game.min_players, game.max_players)
    s = Session.create(journal, name, [f"P{i}" for i in range(n)], seed=seed)
    table = TableController(s)
    frames: list[TableFrame] = []
    table.subscribe_frames(frames.append)
    for _ in range(60):
        if s.result() is not None:
            break
        seats = table.acting()
        if not seats:
            break
        seat = rng.choice(seats)
        if rng.random() < 0.4:
            table.open_gate(rng.randrange(n), BY_TOUCH)  # any seat looks, even one not acting
        own = table.frame().gate
        choices = list(table.frame().choices) + (list(own.choices) if own.seat == seat else [])
        if choices and rng.random() < 0.7:
            table.choose(rng.choice(choices).key, seat=seat if own.seat == seat else None, confirmed=True)
        else:
            table.play(rng.choice(s.legal_actions(seat)))
        if rng.random() < 0.1:
            table.undo()
        frame = frames[-1] if frames else table.frame()
        text = _public_text(frame)
        assert '"you"' not in text
        for other in range(n):
            leaked = {w for w in _secrets(s, other) if re.search(rf"\b{re.escape(w)}\b", text)}
            where = [m.start() for w in leaked for m in re.finditer(rf"\b{re.escape(w)}\b", text)]
            assert not leaked, f"{name}: the public frame shows seat {other}'s {leaked}: " + \
                " | ".join(text[max(0, i - 300):i + 40] for i in where[:2])
        assert all(c.public for c in frame.choices), "a public frame offers only public choices"
        if frame.gate.seat is not None:
            assert all(c.seat in (None, frame.gate.seat) for c in frame.gate.choices)


def test_every_listener_gets_the_frames_in_the_same_order_even_when_one_reads_frame(journal):
    """A listener reading frame() while a frame is handed out (the gate's time just
    ran out) gets that same frame; the timeout is its own frame after, for everyone."""
    now = [0.0]
    _s, table = madness(journal, clock=lambda: now[0], timeout=5)
    table.play({"actor": 1, "type": "start_card", "card": "+1"})
    table.open_gate(0, BY_TOUCH)
    first, second = [], []
    table.subscribe_frames(lambda f: first.append((f, table.frame())))
    table.subscribe_frames(second.append)
    now[0] = 10.0  # the view's time is up, and Ana plays before anyone ticked
    table.play({"actor": 0, "type": "play", "card": "+2"})
    assert [f for f, _ in first] == second and all(f is seen for f, seen in first)
    table.tick()
    assert second[-1].gate.seat is None and [f for f, _ in first] == second


def test_a_seats_own_choice_right_after_anothers_move_is_no_double_tap(journal):
    """Full deck: Ben plays a card of his hand on his phone (or behind his gate) just
    after Ana played hers. The double-tap guard is for a finger bouncing on the table's
    buttons; Ben's own choice is played, not silently dropped."""
    now = [0.0]
    s = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"], options={"deck": "full"}, seed=4)
    table = TableController(s, clock=lambda: now[0], settle=0.35)
    for _ in range(2):
        seat = table.acting()[0]
        card = next(c for c in table.seat_frame(seat).choices if not c.parts)
        before = len(s.actions)
        out = table.choose(card.key, seat=seat)
        assert out.ok and out.sentence and len(s.actions) > before
        now[0] += 0.1


def test_choose_refuses_in_a_sentence_and_changes_nothing(journal):
    """A stale key, another seat's own choice, a seat's own choice without its seat, a
    seat that does not act, picks no legal combination has, huge picks, and a choice that
    asks first chosen unconfirmed: each refused (or asked), nothing played."""
    s = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"], options={"deck": "full", "advanced": True},
                       seed=4)
    table = TableController(s)
    seat = table.acting()[0]
    other = (seat + 1) % 3
    mine = table.seat_frame(seat).choices
    card = next(c for c in mine if not c.parts)
    guess = next(c for c in table.frame().choices if c.key == "guess")
    before = list(s.actions)
    for key, picks, by in (("no-such-choice", None, None), ("no-such-choice", None, seat),
                           (card.key, None, None), (card.key, None, other),
                           ("guess", {"target": seat, "number": 1}, None),
                           ("guess", {"target": other, "number": 10**9}, None),
                           ("guess", {"target": other, "number": ["x"] * 100_000}, None),
                           ("guess", {"target": {"a": [1]}, "number": None}, None)):
        out = table.choose(key, picks, seat=by, confirmed=True)
        assert not out.ok and out.sentence.endswith(".") and out.sentence == table.frame().message, (key, by)
    out = table.choose("guess", {"target": other, "number": 1})
    assert not out.ok and out.ask == guess.confirm and not out.sentence
    assert list(s.actions) == before


def test_a_choice_that_asks_first_is_not_asked_for_picks_that_are_not_possible(journal):
    """A guess at a number no token has: refused at once in a sentence; the table is not
    asked "Make this guess?" for a move it would then refuse."""
    s = Session.create(journal, "maya-madness", ["Ana", "Ben", "Cy"], options={"deck": "full", "advanced": True},
                       seed=4)
    table = TableController(s)
    other = (table.acting()[0] + 1) % 3
    out = table.choose("guess", {"target": other, "number": 10**9})
    assert not out.ok and out.ask is None and out.sentence == table.frame().message
    out = table.choose("guess", {"target": other, "number": 1})
    assert out.ask and not out.ok


# --- a choice made behind the view: one frame, the view closed in it (issue 23: no second build) ---
def _own_choice(table, seat):
    table.open_gate(seat, BY_TOUCH)
    return next(c for c in table.frame().gate.choices if c.enabled and c.parts and c.legal)


def test_a_choice_made_behind_the_view_hides_it_in_the_moves_one_frame(journal):
    s, table = _maya_at_a_lay(journal)
    seat = table.acting()[0]
    lay = _own_choice(table, seat)
    seen = Counter(table)
    played = len(s.actions)
    assert table.choose(lay.key, dict(lay.legal[0]), seat=seat, hide="first").ok
    assert len(s.actions) == played + 1
    assert [f.kind for f in seen.frames] == ["move"], "the view closes in the move's frame, not a frame before it"
    assert seen.frames[0].gate.seat is None and not seen.frames[0].gate.view


def test_a_refused_choice_behind_the_view_still_hides_it(journal):
    s = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], seed=1)
    table = TableController(s)
    seat = table.acting()[0]
    table.open_gate(seat, BY_TOUCH)
    seen = Counter(table)
    assert not table.choose("no-such-choice", {}, seat=seat, hide="first").ok
    assert len(seen.frames) == 1 and seen.frames[0].gate.seat is None, "hidden, in one frame, with the refusal"


def _maya_at_a_lay(journal):
    s = Session.create(journal, "maya", ["Ana", "Ben", "Cy"], seed=1)
    table = TableController(s)
    rng = random.Random(1)
    while not any(c.enabled and c.parts for c in table.seat_frame(table.acting()[0]).choices):
        table.play(rng.choice(s.legal_actions(table.acting()[0])))
    return s, table


def test_a_choice_behind_the_view_that_leaves_the_seat_nothing_to_do_hides_it_with_the_move(journal):
    """hide="done": Maya's card laid behind the view ends the seat's turn, so the view
    closes in the move's one frame; a Mayan Curse stone leaves its player at turn,
    so their view stays open with the stones they have left."""
    s, table = _maya_at_a_lay(journal)
    seat = table.acting()[0]
    lay = _own_choice(table, seat)
    seen = Counter(table)
    assert table.choose(lay.key, dict(lay.legal[0]), seat=seat, hide="done").ok
    assert [f.kind for f in seen.frames] == ["move"] and seen.frames[0].gate.seat is None
    assert seat not in seen.frames[0].acting

    s = Session.create(journal, "mayan-curse", ["Ana", "Ben", "Cy"], seed=1)
    table = TableController(s)
    seat = table.acting()[0]
    stone = _own_choice(table, seat)
    held = len(table.frame().gate.view["you"]["stones"])
    seen = Counter(table)
    assert table.choose(stone.key, dict(stone.legal[0]), seat=seat, hide="done").ok
    frame = seen.frames[-1]
    assert [f.kind for f in seen.frames] == ["move"] and frame.gate.seat == seat and seat in frame.acting
    assert len(frame.gate.view["you"]["stones"]) == held - 1 and frame.gate.choices, "the stones left, to play"
