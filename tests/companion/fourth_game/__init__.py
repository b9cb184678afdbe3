"""Charm hunt: a fourth game that exists only in the tests (issue 9, "Done when").

It proves that a new game needs nothing in the generic layers (the table
controller, the Tags and Box setup screens, the CLI, the bots' base): it has a
secret (each seat's charm, dealt by CHANCE), tag kinds (a charm tag and bead
tags), and box numbers (its own box file, box.toml beside this module).

Rules: each seat is dealt a secret charm from 1 to `charms.count`. On your turn
you either step (+1), hop (two hops of 1 to 3, at most 4 in all: a choice of two
parts, picked one after the other), or, once per game, show your charm to
everyone and score its value (a public reveal: it cannot be undone; only you see
that choice, behind the privacy gate, since it names your charm). First to
`charms.target` wins (half of it with the `quick` option, two players only).

Its menu (issue 21) gives short labels, a group, stable slots, a confirmation
and a picker, so the generic table screen plays it fully.

Tags: a charm tag read behind its owner's open view shows that charm on your
turn (a complete action), and on another's turn selects it in your view; two
bead tags read behind your view make a step (held until the second).
"""
from __future__ import annotations

import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.rules.bots import Bot
from companion.rules.bots import register as register_bot
from companion.rules.choices import Choice, Part, PartOption
from companion.rules.components import BoxNumber, BoxSpec, Checker, get_path, load_components
from companion.rules.engine import (
    CHANCE,
    TABLE,
    Game,
    LearnSet,
    Move,
    Option,
    Result,
    TagKind,
    TagUse,
    check_fields,
    require,
)

NAME = "charms"
BOX = pathlib.Path(__file__).with_name("box.toml")

STEP, SHOW, DEAL, HOP = "step", "show", "deal", "hop"  # the action types, as constants
HOPS = ((1, "1"), (2, "2"), (3, "3"))
CHARM, BEAD = "charm", "bead"  # the tag kinds


@dataclass(frozen=True)
class Box:
    count: int
    target: int


def validate(data: dict, source: str) -> Box:
    check = Checker(source)
    charms = check.table(data, "charms")
    box = Box(check.count(charms.get("count"), "charms.count", 2, 9),
              check.count(charms.get("target"), "charms.target", 5, 40))
    if box.target < 2 * box.count:  # a rule across two numbers: the steppers alone cannot keep it
        check.fail("charms.target", f"must be at least twice the number of charms ({2 * box.count}), not {box.target}")
    return box


def numbers(data: dict, shipped: dict) -> list[BoxNumber]:
    marked = set(shipped.get("charms", {}).get("unconfirmed", []))
    return [
        BoxNumber("charms.count", "Charms in the bag", get_path(data, "charms.count"),
                  get_path(shipped, "charms.count"), 2, 9, "Not printed: the bag we had held five.",
                  "count" in marked),
        BoxNumber("charms.target", "Score to win", get_path(data, "charms.target"),
                  get_path(shipped, "charms.target"), 5, 40, "Rulebook, page 1: \"first to twelve\".",
                  "target" in marked),
    ]


def load_box() -> Box:
    data, source = load_components(NAME, BOX)
    return validate(data, str(source))


@dataclass(frozen=True)
class State:
    names: tuple[str, ...]
    box: Box
    charms: tuple[int | None, ...]
    scores: tuple[int, ...]
    shown: tuple[bool, ...]
    turn: int = 0
    events: tuple[dict, ...] = ()

    @property
    def phase(self) -> str:
        if any(c is None for c in self.charms):
            return "deal"
        return "over" if max(self.scores) >= self.box.target else "play"


def _step(s: State, a: dict) -> State:
    seat = a["actor"]
    scores = tuple(v + (i == seat) for i, v in enumerate(s.scores))
    event = {"kind": "step", "sentence": f"{s.names[seat]} steps to {scores[seat]}."}
    return replace(s, scores=scores, turn=(seat + 1) % len(s.names), events=(event,))


def _show(s: State, a: dict) -> State:
    seat = a["actor"]
    require(not s.shown[seat], f"{s.names[seat]} has already shown their charm.")
    charm = s.charms[seat] or 0
    scores = tuple(v + (charm if i == seat else 0) for i, v in enumerate(s.scores))
    shown = tuple(v or i == seat for i, v in enumerate(s.shown))
    event = {"kind": "show", "sentence": f"{s.names[seat]} shows a {charm} and scores it."}
    return replace(s, scores=scores, shown=shown, turn=(seat + 1) % len(s.names), events=(event,))


def _hop(s: State, a: dict) -> State:
    seat = a["actor"]
    first, second = a.get("first"), a.get("second")
    require(first in (1, 2, 3) and second in (1, 2, 3), "A hop is 1, 2 or 3.")
    require(first + second <= 4, "Two hops go at most 4 in all.")
    scores = tuple(v + (first + second if i == seat else 0) for i, v in enumerate(s.scores))
    event = {"kind": "hop", "sentence": f"{s.names[seat]} hops {first} and {second} to {scores[seat]}."}
    return replace(s, scores=scores, turn=(seat + 1) % len(s.names), events=(event,))


def _deal(s: State, a: dict) -> State:
    seat, charm = a.get("seat"), a.get("charm")
    check_fields(a, ("seat", "charm"))
    require(seat == s.charms.index(None), "That charm is for another seat.")
    require(isinstance(charm, int) and 1 <= charm <= s.box.count, "There is no such charm in the bag.")
    charms = tuple(charm if i == seat else c for i, c in enumerate(s.charms))
    event = {"kind": "deal", "sentence": f"{s.names[seat]} gets a charm."}
    return replace(s, charms=charms, events=(event,))


def _legal_play(s: State, seat: Any) -> list[dict]:
    out = [{"actor": seat, "type": STEP}]
    out += [{"actor": seat, "type": HOP, "first": f, "second": g} for f, _ in HOPS for g, _ in HOPS if f + g <= 4]
    if not s.shown[seat]:
        out.append({"actor": seat, "type": SHOW})
    return out


class CharmHunt(Game):
    name = NAME
    title = "Charm hunt"
    min_players = 2
    max_players = 4
    options = (Option("quick", False, kind="bool", help="Two players: play to half the target."),)
    moves = {"deal": {DEAL: Move(_deal, ints=("seat", "charm"))},
             "play": {STEP: Move(_step, legal=_legal_play), SHOW: Move(_show, legal=_legal_play),
                      HOP: Move(_hop, ints=("first", "second"))}}

    def setup(self, players: Sequence[str], options: Mapping[str, Any] | None = None, components: Any = None) -> State:
        names = tuple(self.check_players(players))
        quick = self.resolve_options(options)["quick"]
        n = len(names)
        box = components or load_box()
        if quick and n == 2:
            box = replace(box, target=box.target // 2)
        return State(names, box, (None,) * n, (0,) * n, (False,) * n)

    def actors(self, s: State) -> frozenset:
        return frozenset({"deal": {CHANCE}, "play": {s.turn}}.get(s.phase, set()))

    def legal_actions(self, s: State, actor: Any) -> list[dict]:
        if actor == CHANCE:
            return [a for a, _ in self.chance_outcomes(s)]
        legal = self.legal_from_moves(s, actor)
        return [dict(t) for t in dict.fromkeys(tuple(sorted(a.items())) for a in legal)]

    def chance_outcomes(self, s: State) -> list[tuple[dict, float]]:
        if s.phase != "deal":
            return []
        seat = s.charms.index(None)
        return [({"actor": CHANCE, "type": DEAL, "seat": seat, "charm": v}, 1 / s.box.count)
                for v in range(1, s.box.count + 1)]

    apply = Game.dispatch

    def undoable(self, before: State, action: dict, after: State) -> bool:
        return action.get("type") != SHOW

    def result(self, s: State) -> Result | None:
        if s.phase != "over":
            return None
        best = max(s.scores)
        ranking = tuple(sorted(range(len(s.names)), key=lambda i: -s.scores[i]))
        return Result(tuple(s.scores), ranking, tuple(i for i in ranking if s.scores[i] == best))

    def view(self, s: State, viewer: Any) -> dict:
        players = [{"seat": i, "name": n, "score": s.scores[i], "charm": s.charms[i] if s.shown[i] else None}
                   for i, n in enumerate(s.names)]
        actors = sorted(self.actors(s), key=str)
        if s.phase == "deal":
            sentence = "The charms are being dealt."
        elif s.phase == "play":
            sentence = f"{s.names[s.turn]} steps or shows their charm."
        else:
            sentence = "The game is over."
        result = self.result(s)
        view = {"game": NAME, "phase": s.phase, "round": None, "players": players,
                "waiting_for": {"actors": actors, "sentence": sentence}, "events": list(s.events),
                "result": result.to_json() if result else None, "target": s.box.target}
        if viewer != TABLE:
            view["you"] = {"seat": viewer, "charm": s.charms[viewer]}
        return view

    def describe_action(self, view: Mapping, action: Mapping) -> str:
        who = view["players"][action["actor"]]["name"] if isinstance(action.get("actor"), int) else "The bag"
        if action.get("type") == HOP:
            return f"{who} hops {action.get('first')} and {action.get('second')}."
        return f"{who} {'steps' if action.get('type') == STEP else 'shows their charm'}."

    def menu(self, state: State, seat: int) -> list[Choice]:
        """Step and Hop for everyone to see; Show only behind the gate (it names the charm)."""
        if state.phase != "play" or state.turn != seat:
            return []
        name = state.names[seat]
        hops = tuple({"first": a["first"], "second": a["second"]} for a in _legal_play(state, seat)
                     if a["type"] == HOP)
        out = [Choice("step", "Step", f"{name} steps 1.", "Your turn", 10, {"actor": seat, "type": STEP}),
               Choice("hop", "Hop", f"{name} hops twice.", "Your turn", 20, {"actor": seat, "type": HOP},
                      parts=(Part("first", "First hop", tuple(PartOption(v, t) for v, t in HOPS)),
                             Part("second", "Second hop", tuple(PartOption(v, t) for v, t in HOPS))),
                      legal=hops)]
        if not state.shown[seat]:
            charm = state.charms[seat]
            out.append(Choice("show", f"Show your {charm}", f"{name} shows a {charm} and scores it.", "Your charm",
                              10, {"actor": seat, "type": SHOW}, seat=seat,
                              confirm=f"Show your {charm} to everyone? It cannot be taken back."))
        return out

    # --- the hooks the generic layers ask ---------------------------------------
    def tag_kinds(self) -> tuple[TagKind, ...]:
        def charms() -> list[LearnSet]:
            count = load_box().count
            return [LearnSet("Charms", lambda: [(f"Tap the charm {v}.", {"kind": CHARM, "value": v})
                                                for v in range(1, count + 1)])]

        def beads() -> list[LearnSet]:
            return [LearnSet("Beads", lambda: [(f"Tap bead {i}.", {"kind": BEAD, "name": f"bead {i}"})
                                               for i in (1, 2)])]

        return (TagKind(CHARM, "Charms", {"value": int}, lambda m: f"the charm {m['value']}", charms),
                TagKind(BEAD, "Beads", {"name": str}, lambda m: f"the {m['name']}", beads))

    def use_tag(self, state: State, seat: int | None, meaning: Mapping, held: Sequence[Mapping],
                physical: bool) -> TagUse:
        if seat is None:
            return TagUse(sentence="Open your private view first (tap your fob), then tap the tag.")
        if state.phase != "play":
            return TagUse(sentence="A charm hunt tag does something only during play.")
        if meaning["kind"] == BEAD:
            if state.turn != seat:
                return TagUse(sentence=f"It is not {state.names[seat]}'s turn.")
            if not held:
                return TagUse(hold=True, sentence=f"{state.names[seat]}: one bead of two.")
            return TagUse(action={"actor": seat, "type": STEP})
        if meaning.get("value") != state.charms[seat]:
            return TagUse(sentence=f"That charm is not {state.names[seat]}'s.")
        if state.turn == seat and not state.shown[seat]:
            return TagUse(action={"actor": seat, "type": SHOW})
        return TagUse(select=meaning["value"])

    def box_spec(self) -> BoxSpec:
        return BoxSpec(NAME, self.title, BOX, numbers, validate)


GAME = CharmHunt()


@register_bot(NAME, "greedy")
class ShowOffBot(Bot):
    """Shows its charm when that wins or the charm is big, else steps."""

    def choose(self, game: Any, view: Mapping, legal: Sequence[Mapping], rng: Any) -> dict:
        mine = view["you"]["charm"] or 0
        shows = [a for a in legal if a["type"] == SHOW]
        if shows and mine >= 3:
            return dict(shows[0])
        return dict(next(a for a in legal if a["type"] == STEP))
