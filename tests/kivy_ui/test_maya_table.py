"""The Maya table screen at 800x480 (issues 10 and 13): readable from across the
table in every phase (glance text >= 24 px, nothing under 18 px, nothing cut
off), few touches (a card laid by name in 3, with a fob in 2; any bid 0-10 in
3 inside the private view), Pass confirmed and never the highlighted default,
the round's end summary staying until tapped, and the board refilled in place
(no widget added or removed by a move)."""
from __future__ import annotations

import contextlib
import random

from companion.bots import get_bot
from companion.rules.engine import CHANCE
from companion.table.session import Session
from kivy_ui import theme

BOT = get_bot("maya", "greedy")


@contextlib.contextmanager
def real_screen(d):
    """The simulated-device panel folded away: the screen as an 800x480 table shows it."""
    panel = getattr(d.app, "sim_panel", None)
    saved = (panel.size_hint_y, panel.height, panel.opacity) if panel is not None else None
    if panel is not None:
        panel.size_hint_y, panel.height, panel.opacity = None, 0, 0
    d.frames(3)
    try:
        yield
    finally:
        if panel is not None:
            panel.size_hint_y, panel.height, panel.opacity = saved
        d.frames(2)


def attach(d, names, options=None, seed=1):
    session = Session.create(d.app.journal, "maya", list(names), options=options or {}, seed=seed,
                             meta={"colours": ["Red", "Blue", "Green", "Yellow", "Purple"][:len(names)],
                                   "fobs": [None] * len(names)})
    d.app._attach(session)
    d.frames(3)
    return session


def readable(d, name, root=None):
    d.frames(2)
    assert d.small_text(root) == [], (name, d.small_text(root))
    assert d.cut_off(root) == [], (name, d.cut_off(root))
    d.shot(name)
    return d.smallest_font(root)


def bot_move(d, session, rng):
    now = sorted(session.actors(), key=str)
    actor = rng.choice(now)
    if actor == CHANCE:
        return False
    view, legal = session.view(actor), session.legal_actions(actor)
    d.app.table.play(BOT.choose(session.game, view, legal, rng))
    d.frames(1)
    return True


def play_until(d, session, rng, done, limit=400, each=None, move=None):
    """Bots play until done() (True), the game ends (False) or `limit` moves; `each(d)`
    before every look (closing an overlay), `move(d, session, rng)` for each move."""
    for _ in range(limit):
        if each is not None:
            each(d)
        if done():
            return True
        if session.result() is not None:
            return False
        (move or bot_move)(d, session, rng)
    return done()


def glance_labels(d):
    return {w.text for w in d.public_labels(d.screen()) if d.glance(w)}


def test_maya_reads_across_the_table_in_every_phase(ui):
    """Five players (the widest table) and three: whose turn, gold, blocks, the
    quarries and pyramid levels and what just happened are glance text (24 px);
    nothing public is under 18 px; nothing is cut off."""
    d = ui
    sizes = {}
    with real_screen(d):
        for names, options in ((("Ana", "Ben", "Cy", "Dee", "Eve"), {"advanced": True}), (("Ana", "Ben", "Cy"), {})):
            session = attach(d, names, options)
            rng = random.Random(len(names))
            tag = f"{len(names)}p"
            screen = d.screen()
            sizes[f"setup {tag}"] = readable(d, f"maya-read-01-setup-{tag}")
            glance = glance_labels(d)
            assert screen.ids.summary.glance and any(n in t for t in glance for n in names[:1])
            laid = len(names)
            assert play_until(d, session, rng, lambda s=session, n=laid: s.state.phase == "quarrying"
                              and sum(len(q.cards) for q in s.state.quarries) >= n)
            sizes[f"quarrying {tag}"] = readable(d, f"maya-read-02-quarrying-{tag}")
            pays = ["·".join(map(str, q.blocks)) for q in session.state.box.quarries]
            assert all(any(p in t for t in glance_labels(d)) for p in pays)  # what each quarry pays
            seat = session.state.turn
            d.app.table.open_gate(seat, "touch")
            d.frames(3)
            private = screen.gate_view.overlay
            sizes[f"private {tag}"] = readable(d, f"maya-read-03-private-{tag}", private)
            d.app.table.close_gate()
            assert play_until(d, session, rng, lambda s=session: s.state.phase == "building")
            sizes[f"building {tag}"] = readable(d, f"maya-read-04-building-{tag}")
            assert play_until(d, session, rng, lambda sc=screen: sc._summary is not None and sc._summary.shown)
            sizes[f"summary {tag}"] = readable(d, f"maya-read-05-summary-{tag}", screen._summary)
            screen._summary.close()
            d.app.leave_game()
            d.app.journal.abandon(session.id)
    print("smallest public font (px) on the Maya screen:", sizes)
    assert min(sizes.values()) >= theme.MIN_PX


def count_taps(d):
    taps = []
    real = d.tap

    def counted(widget, *a, **kw):
        taps.append(widget)
        return real(widget, *a, **kw)
    d.tap = counted
    return taps


def quarrying_game(d):
    session = attach(d, ("Ana", "Ben", "Cy"))
    rng = random.Random(2)
    assert play_until(d, session, rng, lambda: session.state.phase == "quarrying")
    return session


def test_a_card_is_laid_in_three_touches_by_name_and_two_with_a_fob(ui):
    d = ui
    session = quarrying_game(d)
    screen = d.screen()
    taps = count_taps(d)
    try:
        seat = session.state.turn
        # by name: the seat's button, "I am Ana: show me", the card under its quarry
        button = next(b for b in screen.choice_buttons() if b.choice == ("peek", seat))
        d.tap(button)
        d.tap(screen.gate_view.overlay.ids_show)
        d.tap(screen._private.picks[2].buttons[4])
        assert session.actions[-1] == {"actor": seat, "type": "place_worker", "quarry": 2, "card": 4}
        assert len(taps) == 3
        # with a fob: the fob opens the view (one touch), the card under its quarry
        seat = session.state.turn
        taps.clear()
        d.app.table.open_gate(seat, "fob")  # what reading the seat's fob does
        d.frames(2)
        d.tap(screen._private.picks[2].buttons[3])
        assert session.actions[-1] == {"actor": seat, "type": "place_worker", "quarry": 2, "card": 3}
        assert len(taps) + 1 == 2
    finally:
        del d.tap


def test_pass_in_the_private_view_asks_first_and_is_never_highlighted(ui):
    d = ui
    session = quarrying_game(d)
    screen = d.screen()
    seat = session.state.turn
    d.app.table.open_gate(seat, "touch")
    d.frames(2)
    panel = screen._private
    assert panel.pass_button.normal_bg != theme.ACCENT
    d.tap(panel.pass_button)
    ask = screen._confirm_choice
    assert session.state.passed[seat] is False and ask.parent is not None
    assert ask.question.text.startswith("Pass for the rest of quarrying?"), "the game's question"
    d.shot("maya-11-pass-confirm")
    d.tap(ask.no)  # the highlighted answer keeps the view open: nothing happened
    assert session.state.passed[seat] is False and screen.gate_view.overlay is not None
    d.tap(panel.pass_button)
    d.tap(ask.yes)
    assert session.state.passed[seat] is True and screen.gate_view.overlay is None


def test_any_bid_from_0_to_10_takes_at_most_three_touches_in_the_private_view(ui):
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy", "Dee", "Eve"), {"advanced": True})
    rng = random.Random(3)
    assert play_until(d, session, rng, lambda: session.state.phase == "bidding")
    screen = d.screen()
    for bid in (0, 7, 10):
        seat = min(s for s, b in enumerate(session.state.bids) if b is None)
        d.app.table.open_gate(seat, "touch")
        d.frames(2)
        taps = count_taps(d)
        try:
            for digit in str(bid):
                d.tap(screen._private.keys[digit])
            if bid == 10:
                d.shot("maya-12-bid-pad")
            d.tap(screen._private.keys["seal"])
        finally:
            del d.tap
        assert len(taps) <= 3
        assert session.view(seat)["you"]["bid"] == bid


def test_building_pass_asks_for_confirmation_and_the_usual_move_is_highlighted(ui):
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy"))
    rng = random.Random(4)
    assert play_until(d, session, rng, lambda: session.state.phase == "building"
                      and any(a["type"] == "place_block" for a in session.legal_actions(session.state.turn)))
    screen = d.screen()
    shown = screen.choice_buttons()
    highlighted = [b for b in shown if b.normal_bg == theme.ACCENT]
    assert len(highlighted) == 1 and not highlighted[0].text.startswith("Pass")
    passing = next(b for b in shown if b.text.startswith("Pass"))
    before = len(session.actions)
    d.tap(passing)
    assert len(session.actions) == before, "one touch never passes"
    ask = screen._confirm_choice
    assert ask.parent is not None and ask.question.text.startswith("Pass and pay 1 block to the pool?")
    d.tap(ask.no)
    assert len(session.actions) == before and ask.parent is None


def test_the_round_summary_stays_until_tapped_and_names_payments_and_erosion(ui):
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy"))
    rng = random.Random(5)
    screen = d.screen()
    assert play_until(d, session, rng, lambda: session.state.round == 2)
    summary = screen._summary
    assert summary is not None and summary.shown
    text = summary.text()
    for name in ("Chichen Itza", "Copan", "Uxmal", "Palenque"):
        assert name in text
    # two tables, a row per player: the gold per pyramid level, the blocks to take off
    gold, off = summary.tables
    assert [r["name"] for r in gold_rows(screen)] == ["Ana", "Ben", "Cy"]
    cells = [w.text for w in d.walk(gold) if hasattr(w, "text")]
    assert any("L1 " in t for t in cells) and any(t.endswith("g") for t in cells)
    assert any(w.text.startswith("L1") for w in d.walk(off) if hasattr(w, "text"))  # a block to take off a first level
    assert "Quarry" in text  # every quarry that had cards, with its result
    d.wait(0.3)
    d.frames(5)
    assert summary.shown, "it stays until tapped"
    d.tap(summary.ok)
    assert not summary.shown


def gold_rows(screen):
    scoring = next(e for e in screen.frame.view["events"] if e["kind"] == "scoring")
    return scoring["summary"]["tables"][0]["rows"]


def test_a_move_refills_the_board_in_place(ui):
    """No widget of the table screen is added or removed by a move (issue 13)."""
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy", "Dee"))
    rng = random.Random(6)
    screen = d.screen()
    play_until(d, session, rng, lambda: session.state.phase == "quarrying")
    before = {id(w) for w in d.walk(screen)}
    for _ in range(30):
        if session.result() is not None or (screen._summary is not None and screen._summary.shown):
            break
        actor = sorted(session.actors(), key=str)[0]
        action = BOT.choose(session.game, session.view(actor), session.legal_actions(actor), rng)
        d.app.table.play(action)
        d.frames(1)
        assert {id(w) for w in d.walk(screen)} == before


def test_a_building_turn_is_one_tap_a_block_and_a_double_move_three_and_its_question(ui):
    """Issue 22's touch counts, through the touch layer: a block is one tap on its
    pyramid; a paid double move is three: the Double move button (its question, what it
    costs, heads the picker), the first pyramid and the second, in the places of the
    pyramids' own buttons; Back sits where Double move was."""
    from .test_maya_screen import tap_choice

    d = ui
    session = attach(d, ("Ana", "Ben", "Cy"))
    rng = random.Random(4)
    screen = d.screen()

    def offered(key):
        return any(c.key == key and c.enabled for c in screen.frame.choices)

    assert play_until(d, session, rng, lambda: session.state.phase == "building" and offered("double"))
    seat = session.state.turn
    n = len(session.state.pyramids)
    places = [(b.text, round(b.x)) for b in screen.choice_buttons()]
    double = next(c for c in screen.frame.choices if c.key == "double")
    a, b = double.legal[0]["pyramids"]
    action = {"actor": seat, "type": "double_move", "pyramids": [a, b], "free": False}
    taps = count_taps(d)
    try:
        button = next(x for x in screen.choice_buttons() if x.text == "Double move…")
        where = round(button.x)
        d.tap(button)
        assert screen.ids.prompt.text.endswith(double.confirm + " " + double.parts[0].label + ":"), \
            "what it costs is asked at the picker's head"
        row = [(x.text, round(x.x)) for x in screen.choice_buttons()]
        assert row[:n] == places[:n], "the picker shows the pyramids in their own places"
        back = next(x for x in screen.choice_buttons() if x.text == "Back")
        assert round(back.x) == where, "a second tap on Double move goes back"
        d.shot("maya-14-double-move-picker")
        d.tap(back)
        taps.clear()
        assert tap_choice(d, action) == 3 and len(taps) == 3
        assert session.actions[-1] == action
        d.shot("maya-13-double-move")
        # the next building turn of a player with a block that fits: one tap
        assert play_until(d, session, rng, lambda: session.state.phase == "building"
                          and any(c.key.startswith("build:") and c.enabled for c in screen.frame.choices))
        build = next(c for c in screen.frame.choices if c.key.startswith("build:") and c.enabled)
        taps.clear()
        assert tap_choice(d, dict(build.action)) == 1 and len(taps) == 1
        assert session.actions[-1] == dict(build.action)
    finally:
        del d.tap


def test_the_building_buttons_keep_their_places_from_player_to_player(ui):
    """Issue 22: the place that built a block for one player never starts a double
    move for the next. Over a building phase, each choice's button stays where it was."""
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy", "Dee"))
    rng = random.Random(8)
    screen = d.screen()
    assert play_until(d, session, rng, lambda: session.state.phase == "building")
    where: dict = {}
    turns = 0
    while session.state.phase == "building" and turns < 12:
        if not session.state.pending:
            d.frames(2)
            for b in screen.choice_buttons():
                key = getattr(b.choice, "key", None)
                if key is not None:
                    assert where.setdefault(key, b.to_window(*b.center)) == b.to_window(*b.center), (key, b.text)
            turns += 1
        bot_move(d, session, rng)
    assert {"build:0", "double", "pass"} <= set(where) and turns >= 3


def test_the_private_view_and_the_round_summary_are_built_before_a_move_needs_them(ui):
    """Issue 23: no move builds them the first time it needs them. The first private
    view and the first round's end show widgets built once the screen opened."""
    d = ui
    session = attach(d, ("Ana", "Ben", "Cy"))
    rng = random.Random(5)
    screen = d.screen()
    panel, summary = screen._private, screen._summary
    assert panel is not None and summary is not None, "built the frame after the screen opened"
    built = {id(w) for root in (panel, panel.quarry_row, panel.pad) for w in d.walk(root)}
    tables = {id(t) for t in summary._built}
    assert play_until(d, session, rng, lambda: session.state.phase == "quarrying")
    d.app.table.open_gate(session.state.turn, "touch")
    d.frames(2)
    assert screen._private is panel and panel.picks
    assert {id(w) for w in d.walk(panel)} <= built, "the first private view built no widget"
    d.app.table.close_gate()
    assert play_until(d, session, rng, lambda: summary.shown)
    assert screen._summary is summary and {id(t) for t in summary.tables} <= tables
