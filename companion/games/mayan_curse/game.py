"""Mayan Curse as a game of the engine contract: actors, legal actions, apply.

The players slide the real slabs and move the real adventurers; they report
what happens (a stela discovered, the temple reached, an escape, where a
boulder stopped) and the companion keeps what is hidden or counted.
"""
from __future__ import annotations

from ...engine import CHANCE, Game, Option, check_turn, require
from ...errors import BadOption
from . import boulders, rounds, stelae, temple
from .components import COLOURS, as_box
from .purse import draw_outcomes, sample_draw
from .scoring import result
from .state import BOULDERS, DRAW, OVER, REVEAL, TURN, VALUE, Opts
from .views import reporter, view

OPTIONS = (
    Option("stelae", "digital", "choice", ("digital", "physical"),
           help="digital: the companion draws each stela's hidden value; physical: players "
                "enter the value of the real token privately, on their turn or at the end"),
    Option("difficulty", "normal", "choice", ("easy", "normal", "adventurer", "thrill-seeker"),
           help="solo only: the knowledge needed to win"),
    Option("scenario", 0, "int", lo=0, hi=12, help="solo only: a scenario (1-12) as the goal; 0 for none"),
    Option("token_skips_escaped", True, "bool",
           help="the first-player token passes to the next player still in the passage"),
    Option("all_stelae", "strict", "choice", ("strict", "uncrushed"),
           help='solo scenarios 9, 10, 12 ("all ... stelae"): strict: a stela crushed by a '
                "boulder makes them fail; uncrushed: every stela not crushed is enough"),
)

_TURN_TYPES = ("discover_stela", "reach_temple_board", "claim_camera", "use_backpack",
               "enter_stela_value", "escape", "end_turn")


def _names(state, seats) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    names = [state.names[i] for i in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _check_out_of_turn(game, state, who) -> None:
    """The sentence for the case check_turn words awkwardly: a player with nothing
    to enter while others enter stela values at the end."""
    now = game.actors(state)
    if who in now or not now:
        return
    if state.phase == REVEAL and isinstance(who, int) and 0 <= who < len(state.names):
        require(False, f"The game is over and {state.names[who]} has no stela value to enter; "
                       f"waiting for {_names(state, sorted(now))}.")


def _not_on_a_turn(name: str, kind) -> str:
    if kind in ("boulder_stopped", "stela_crushed"):
        return f"The boulders tumble after every player has taken a turn; now it is {name}'s turn."
    if kind in ("draw_stones", "stela_value"):
        return f"Draws are made for the players, not by {name}."
    actions = "discover a stela, reach the temple board, claim a camera, use the backpack, escape or end the turn"
    return f"Mayan Curse has no action called {kind!r}; on a turn a player may {actions}."


class MayanCurse(Game):
    name = "mayan-curse"
    title = "Mayan Curse"
    min_players = 1
    max_players = 6
    options = OPTIONS

    def setup(self, players, options=None, components=None):
        names = self.check_players(players)
        opts = self.resolve_options(options)
        box = as_box(components)
        if len(names) == 1:
            box.difficulty(opts["difficulty"])  # a box without that level is a clear error now
        elif opts["scenario"]:
            raise BadOption("Scenarios are for solo games only.")
        return rounds.new_state(box, names, Opts(**opts))

    def actors(self, state):
        phase = state.phase
        if phase in (DRAW, VALUE):
            return frozenset((CHANCE,))
        if phase == TURN:
            return frozenset((state.queue[0],))
        if phase == BOULDERS:
            return frozenset((reporter(state),))
        if phase == REVEAL:
            return frozenset(stelae.missing_values(state))
        return frozenset()

    def legal_actions(self, state, actor):
        if actor not in self.actors(state):
            return []
        if actor == CHANCE:
            return [a for a, _ in self.chance_outcomes(state)]
        phase = state.phase
        if phase == TURN:
            s = state.seats[actor]
            out = stelae.discover_choices(state, actor)
            if not s.reached_temple:
                out.append({"type": "reach_temple_board"})
            elif not s.camera and state.cameras > 0:
                out.append({"type": "claim_camera"})
            if not s.backpack:
                out += [{"type": "use_backpack", "item": item} for item in state.box.backpack_items]
            if state.opts.stelae == "physical":
                out += stelae.enter_choices(state, actor)
            out += [{"type": "escape"}, {"type": "end_turn"}]
        elif phase == BOULDERS:
            out = stelae.crush_choices(state) + boulders.stop_choices(state)
        else:  # REVEAL
            out = stelae.enter_choices(state, actor)
        for a in out:
            a["actor"] = actor
        return out

    def chance_outcomes(self, state):
        if state.phase == DRAW:
            seat = state.queue[0]
            kinds = state.box.kinds
            return [({"actor": CHANCE, "type": "draw_stones", "seat": seat, "stones": [kinds[i] for i in idx]}, p)
                    for idx, p in draw_outcomes(state.purse)]
        if state.phase == VALUE:
            return stelae.value_outcomes(state)
        return []

    def sample_chance(self, state, rng):
        if state.phase == DRAW:
            kinds = state.box.kinds
            return {"actor": CHANCE, "type": "draw_stones", "seat": state.queue[0],
                    "stones": [kinds[i] for i in sample_draw(state.purse, rng)]}
        return super().sample_chance(state, rng)

    def apply(self, state, action):
        require(isinstance(action, dict) and "actor" in action and "type" in action,
                "That is not an action: it needs an actor and a type.")
        who = action["actor"]
        # check_turn looks the actor up in a set, so an unhashable one must be refused first
        require(who == CHANCE or (isinstance(who, int) and not isinstance(who, bool)),
                f"There is no player {who!r} at this table.")
        _check_out_of_turn(self, state, who)
        actor = check_turn(self, state, action, state.names)
        kind = action["type"]
        phase = state.phase
        if actor == CHANCE:
            if phase == DRAW and kind == "draw_stones":
                return rounds.settle(rounds.draw(state, action))
            if phase == VALUE and kind == "stela_value":
                return rounds.settle(stelae.draw_value(state, action))
            require(False, "That draw is not the one the game waits for.")
        name = state.names[actor]
        if phase == TURN:
            require(kind in _TURN_TYPES, _not_on_a_turn(name, kind))
            if kind == "discover_stela":
                new = stelae.discover(state, actor, action)
            elif kind == "reach_temple_board":
                new = temple.reach_board(state, actor)
            elif kind == "claim_camera":
                new = temple.claim_camera(state, actor)
            elif kind == "use_backpack":
                new = temple.use_backpack(state, actor, action)
            elif kind == "enter_stela_value":
                new = stelae.enter_value(state, actor, action)
            elif kind == "escape":
                new = rounds.escape(state, actor)
            else:
                new = rounds.end_turn(state, actor)
            return rounds.settle(new)
        if phase == BOULDERS:
            if kind == "stela_crushed":
                return stelae.crush(state, action)
            require(kind == "boulder_stopped",
                    "The boulders are tumbling: report where each one stopped, or a stela it crushed.")
            return rounds.settle(boulders.stop(state, action))
        require(phase == REVEAL and kind == "enter_stela_value",
                "The game is over: enter the values of your stelae.")
        return rounds.settle(stelae.enter_value(state, actor, action))

    def view(self, state, viewer):
        return view(state, viewer)

    def result(self, state):
        return result(state)

    def is_over(self, state):
        return state.phase == OVER

    def undoable(self, before, action, after):
        # The end of the game reveals every escaped player's stelae to the table.
        return not (after.phase == OVER and before.phase != OVER)

    def describe(self):
        d = super().describe()
        d["colours"] = list(COLOURS)
        return d
