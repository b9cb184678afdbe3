"""Helpers for the Mayan Curse tests: a small driver that plays reported events
through the real engine, so every test goes through apply()."""
import pytest

from companion.games.mayan_curse import GAME
from companion.games.mayan_curse.state import BOULDERS, DRAW, TURN, VALUE
from companion.rules.engine import CHANCE

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]


class Driver:
    """Plays a game through GAME.apply: draws are the first listed outcome unless
    given; stela values are given by the test or the first outcome."""

    def __init__(self, players=2, options=None, components=None):
        self.g = GAME
        self.s = GAME.setup(NAMES[:players], options or {}, components)

    def do(self, actor, type, **kw):
        self.s = self.g.apply(self.s, {"actor": actor, "type": type, **kw})
        return self.s

    def draws(self, *hands):
        """Make every pending stone draw (hands given in draw order, else the first outcome)."""
        hands = list(hands)
        while self.s.phase == DRAW:
            seat = self.s.queue[0]
            if hands:
                self.do(CHANCE, "draw_stones", seat=seat, stones=hands.pop(0))
            else:
                self.s = self.g.apply(self.s, self.g.chance_outcomes(self.s)[0][0])
        return self.s

    def discover(self, seat, colour, value=None, place="passage"):
        self.do(seat, "discover_stela", colour=colour, place=place)
        if self.s.phase == VALUE:
            if value is None:
                value = self.g.chance_outcomes(self.s)[0][0]["value"]
            self.do(CHANCE, "stela_value", seat=seat, colour=colour, value=value)
        return self.s

    def end(self, seat):
        return self.do(seat, "end_turn")

    def stop(self, where="passage", row=None):
        """Report where the boulder tumbling now stopped."""
        name = self.s.box.boulder_names[self.s.tumbling[0]]
        reporter = next(iter(self.g.actors(self.s)))
        if where == "entrance":
            return self.do(reporter, "boulder_stopped", boulder=name, where="entrance")
        return self.do(reporter, "boulder_stopped", boulder=name, where="passage", row=row)

    def finish_round(self):
        """Everyone still to play ends their turn (draws made first)."""
        self.draws()
        while self.s.phase == TURN:
            self.end(self.s.queue[0])
        return self.s

    @property
    def table(self):
        return self.g.view(self.s, "table")

    @property
    def said(self):
        """What the last action caused, as the table reads it."""
        return " ".join(e["sentence"] for e in self.table["events"])

    def current(self):
        return self.s.queue[0]

    @property
    def boulders_phase(self):
        return self.s.phase == BOULDERS


@pytest.fixture
def driver():
    return Driver
