"""States of the Maya table screen for test_sizes.py (issue 22 §3), with 3 and 5
players: the starting blocks, a card being placed (the private view), the bid pad,
building, the double-move picker, a pass's question and the round summary. The
moves are the greedy bot's, entered through the table controller; each state is
shown as a table sees it."""
from __future__ import annotations

import random

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")


def attach(d, n: int, seed: int):
    from companion.table.session import Session

    session = Session.create(d.app.journal, "maya", list(NAMES[:n]), options={"advanced": n == 5}, seed=seed,
                             meta={"colours": ["Red", "Blue", "Green", "Yellow", "Purple"][:n], "fobs": [None] * n})
    d.app._attach(session)
    d.frames(3)
    return session


def play_until(d, session, rng, done, limit=600) -> bool:
    """The greedy bot plays (the round summary closed as it opens) until done()."""
    from companion.bots import get_bot
    from companion.rules.engine import CHANCE

    bot = get_bot("maya", "greedy")
    screen = d.screen()
    for _ in range(limit):
        if done():
            return True
        if session.result() is not None:
            return False
        if screen._summary is not None and screen._summary.shown:
            screen._summary.close()
        actor = rng.choice(sorted(session.actors(), key=str))
        if actor == CHANCE:
            continue
        d.app.table.play(bot.choose(session.game, session.view(actor), session.legal_actions(actor), rng))
        d.frames(1)
    return done()


def building(session, key: str):
    def done():
        s = session.state
        return s.phase == "building" and not s.pending and any(
            c.key == key and c.enabled for c in session.game.menu(s, s.turn))
    return done


def states(d):
    for n in (3, 5):
        yield from game_states(d, n)


def game_states(d, n: int):
    """One game of n players, through the states a table sees."""
    session = attach(d, n, seed=10 + n)
    rng = random.Random(n)
    screen = d.screen()
    yield f"maya-{n}p-setup"
    if n == 5:  # the advanced game's auction
        assert play_until(d, session, rng, lambda: session.state.phase == "bidding")
        seat = next(s for s, b in enumerate(session.state.bids) if b is None)
        d.app.table.open_gate(seat, "touch")
        d.frames(3)
        d.tap(screen._private.keys["1"])
        yield f"maya-{n}p-bid-pad"
        d.app.table.close_gate()
        d.frames(2)
    assert play_until(d, session, rng, lambda: session.state.phase == "quarrying"
                      and sum(len(q.cards) for q in session.state.quarries) >= n)
    yield f"maya-{n}p-quarrying"
    d.app.table.open_gate(session.state.turn, "touch")
    d.frames(3)
    yield f"maya-{n}p-card-placement"
    d.tap(screen._private.pass_button)
    yield f"maya-{n}p-quarry-pass-question"
    screen._confirm_choice.dismiss(animation=False)
    d.app.table.close_gate()
    d.frames(2)
    if play_until(d, session, rng, lambda: session.state.phase != "building" and bool(
            screen.frame.view["quarry_results"])):
        yield f"maya-{n}p-quarries-scored"  # the cards turned, who won how many blocks
    assert play_until(d, session, rng, building(session, "double"))
    yield f"maya-{n}p-building"
    d.tap(next(b for b in screen._buttons if getattr(b.choice, "key", None) == "double"))
    yield f"maya-{n}p-double-move-picker"
    screen.reset_input()
    screen.render()
    d.frames(2)
    d.tap(next(b for b in screen._buttons if getattr(b.choice, "key", None) == "pass"))
    yield f"maya-{n}p-pass-question"
    screen._confirm_choice.dismiss(animation=False)
    d.frames(2)
    assert play_until(d, session, rng, lambda: session.state.phase != "building")
    assert screen._summary is not None and screen._summary.shown, "the round's end shows its summary"
    yield f"maya-{n}p-round-summary"
    screen._summary.close()
    d.app.leave_game()
    d.app.journal.abandon(session.id)
