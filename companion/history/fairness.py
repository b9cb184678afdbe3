"""Fairness you can check: the seed is committed before the first draw, revealed at the end.

When the companion makes the draws (digital randomness), every draw comes from
`session.draw_rng(seed, k)`, a pure function of the game's seed and how many
draws had been journaled before it. The table is shown a short fingerprint of
the seed (a hash: it says nothing about the draws) when the game starts, and
the seed itself once the game is over. An exported game (`export --format
jsonl`) carries the seed and the journal's whole history (undos included), and
`maya-companion verify FILE.jsonl` checks that:

- the seed hashes to the fingerprint written in the file (compare it with the
  one you saw on the screen at the start);
- every draw the companion made follows from the seed, in the state it was made
  in (a draw that an undo brought back is the same draw, checked where it was
  first made);
- the actions in the file are exactly the ones that history leaves in effect.

Nobody can then pick a draw during play without it showing. What the
fingerprint cannot show is a seed chosen *before* the game for its draws; the
app picks it with `secrets`, and docs/history.md says so.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.errors import CompanionError
from companion.games import get_game
from companion.rules.chance import (
    COMMIT,
    draw_rng,
    fingerprint,
    revealed_sentence,
    sealed_sentence,
    short_fingerprint,
)
from companion.rules.corrections import step
from companion.rules.engine import CHANCE, Game
from companion.table.first import check_drawn
from companion.words import _, ngettext


class VerifyError(CompanionError, ValueError):
    """A file that cannot be verified; the sentence says which line and why."""


@dataclass
class Walk:
    """The journal's history walked the way Session walks it: the actions left in
    effect, and for each chance action the draw number it was first made with."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    origins: list[int | None] = field(default_factory=list)  # per action: draw number, None for a player's
    fresh: list[tuple[int, int]] = field(default_factory=list)  # (entry index, draw number) of each new draw
    draws: int = 0


def walk(history: Iterable[tuple[str, Any]], game: Game | None = None, state: Any = None,
         seed: int | None = None) -> Walk:
    """Follow (kind, payload) entries: action, undo, redo, seen. With game, state
    and seed, also check that every new draw follows from the seed (VerifyError)."""
    w = Walk()
    states = [state]
    redo: list[list[tuple[dict[str, Any], int | None, Any]]] = []
    remembered: list[tuple[dict[str, Any], int]] = []  # undone draws, dealt again first
    rehide = 0  # entries after an undo that are the game's own rehide actions (not draws from the seed)
    for index, (kind, data) in enumerate(history):
        if kind == "action" and rehide:
            # A secret everybody saw went back into hiding: the game's own move (e.g. a token
            # back into the pool). It counts as a draw in the session's numbering, but it is
            # not a pick from the seed, so there is nothing to check.
            rehide -= 1
            if not isinstance(data, dict):
                raise VerifyError(_("History entry {n} is not an action.", n=index + 1))
            rehid: int | None = None
            if data.get("actor") == CHANCE:
                rehid = w.draws
                w.draws += 1
            redo.clear()
            w.actions.append(data)
            w.origins.append(rehid)
            states.append(_apply(game, states[-1], data, index) if game is not None else None)
        elif kind == "correction":
            # A public number fixed by the table: like a player's move, never a draw.
            if not isinstance(data, dict):
                raise VerifyError(_("History entry {n} is not a correction.", n=index + 1))
            redo.clear()
            w.actions.append(data)
            w.origins.append(None)
            states.append(_apply(game, states[-1], data, index) if game is not None else None)
        elif kind == "action":
            if not isinstance(data, dict):
                raise VerifyError(_("History entry {n} is not an action.", n=index + 1))
            origin: int | None = None
            if data.get("actor") == CHANCE:
                again = next((i for i, (a, _k) in enumerate(remembered) if a == data), None)
                if again is not None:
                    origin = remembered.pop(again)[1]
                else:
                    origin = w.draws
                    w.fresh.append((index, origin))
                    if game is not None and seed is not None:
                        _check_draw(game, states[-1], seed, origin, data, index)
                w.draws += 1
            else:
                redo.clear()
            w.actions.append(data)
            w.origins.append(origin)
            states.append(_apply(game, states[-1], data, index) if game is not None else None)
        elif kind == "undo":
            count = data.get("actions") if isinstance(data, dict) else None
            if not isinstance(count, int) or isinstance(count, bool) or not 0 < count <= len(w.actions):
                raise VerifyError(_("History entry {n} undoes moves that are not there.", n=index + 1))
            cut = len(w.actions) - count
            group = list(zip(w.actions[cut:], w.origins[cut:], states[cut + 1:]))
            del w.actions[cut:], w.origins[cut:], states[cut + 1:]
            redo.append(group)
            remembered[:0] = [(a, k) for a, k, _s in group if a.get("actor") == CHANCE and k is not None]
            more = data.get("rehide")
            if isinstance(more, int) and not isinstance(more, bool) and more > 0:
                rehide = more
                redo.clear()  # the rehide changed the game: the undone moves cannot come back
        elif kind == "redo":
            if not redo:
                raise VerifyError(_("History entry {n} redoes a move that was never undone.", n=index + 1))
            for a, k, s in redo.pop():
                w.actions.append(a)
                w.origins.append(k)
                states.append(s)
                if a.get("actor") == CHANCE:
                    again = next((i for i, (r, _k) in enumerate(remembered) if r == a), None)
                    if again is not None:
                        remembered.pop(again)
        elif kind != "seen":
            raise VerifyError(_("History entry {n} is of an unknown kind {kind}.", n=index + 1, kind=repr(kind)))
    return w


def _apply(game: Game, state: Any, action: dict[str, Any], index: int) -> Any:
    try:
        return step(game, state, action)
    except CompanionError as e:
        raise VerifyError(_("History entry {n} is not a legal move ({error}).", n=index + 1, error=e)) from None


def _check_draw(game: Game, state: Any, seed: int, k: int, action: dict[str, Any], index: int) -> None:
    expected = json.loads(json.dumps(game.sample_chance(state, draw_rng(seed, k))))
    if expected != action:
        raise VerifyError(_("Draw {draw} (history entry {n}) does not follow from the seed: {difference}.",
                            draw=k + 1, n=index + 1, difference=_difference(expected, action)))


def _difference(expected: dict[str, Any], action: dict[str, Any]) -> str:
    """Where the file's draw first differs from the seed's: the field and, in a list
    (a shuffle's order), the first item that differs. Quoting the start of each
    draw showed two equal quotes when a long order differed near its end."""
    for key in [*expected, *(k for k in action if k not in expected)]:
        want, have = expected.get(key), action.get(key)
        if want == have:
            continue
        if isinstance(want, list) and isinstance(have, list):
            i = next((i for i, (x, y) in enumerate(zip(want, have)) if x != y), min(len(want), len(have)))
            if i < len(want) and i < len(have):
                return _("item {i} of its {key}: the seed gives {want}, the file says {have}",
                         i=i + 1, key=key, want=_quoted(want[i]), have=_quoted(have[i]))
            return ngettext("its {key} has {n} item, the seed gives {want}",
                            "its {key} has {n} items, the seed gives {want}", len(have), key=key, want=len(want))
        return _("its {key}: the seed gives {want}, the file says {have}", key=key, want=_quoted(want),
                 have=_quoted(have))
    return _("it differs")  # equal field by field yet unequal: cannot happen with JSON values


def _quoted(value: Any) -> str:
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return text if len(text) <= 60 else text[:60] + "…"


def record(seed: int, randomness: str, entries: Sequence[tuple[int, str, str]],
           first: int | None = None) -> dict[str, Any]:
    """What an exported game carries for `verify`: the journal's history and, when the
    companion made the draws, the seed (the game is over, so it is revealed) and its
    fingerprint. A physical game's session has a seed it never drew with: it is left
    out, since a file that carries a commitment is checked against it. first: the
    seat the companion drew to start (companion/table/first.py), checked too."""
    fair: dict[str, Any] = {"randomness": randomness}
    if randomness == "digital":
        fair.update(seed=str(int(seed)), fingerprint=fingerprint(seed))
        if first is not None:
            fair["first"] = first
    fair["history"] = [[kind, json.loads(payload)] for _seq, kind, payload in entries]
    return fair


@dataclass(frozen=True)
class Verified:
    game: str
    randomness: str
    draws: int
    fingerprint: str
    actions: int
    name: str = ""  # the game's registered name: its title is then said in the reader's language

    def sentence(self) -> str:
        """What `verify` says of a verified file, in the current language."""
        from companion.history.option_words import title

        shown = title(self.name) if self.name else self.game
        if self.randomness != "digital":
            return ngettext("The draws of this {game} game were made at the table (physical randomness), so there is"
                            " no seed to check; its {n} move replays as recorded.",
                            "The draws of this {game} game were made at the table (physical randomness), so there is"
                            " no seed to check; its {n} moves replay as recorded.", self.actions, game=shown)
        if self.draws == 0:
            return ngettext("This {game} game had no digital draw to check ({n} move replays as recorded); its seed"
                            " matches the fingerprint {fingerprint}.",
                            "This {game} game had no digital draw to check ({n} moves replay as recorded); its seed"
                            " matches the fingerprint {fingerprint}.", self.actions, game=shown,
                            fingerprint=short_fingerprint(self.fingerprint))
        return ngettext("The one draw follows from the revealed seed, and the seed matches the fingerprint"
                        " {fingerprint} (compare it with the one shown when the game started).",
                        "All {n} draws follow from the revealed seed, and the seed matches the fingerprint"
                        " {fingerprint} (compare it with the one shown when the game started).", self.draws,
                        fingerprint=short_fingerprint(self.fingerprint))


def verify_lines(lines: Sequence[str]) -> Verified:
    """Check an exported game (see the module docstring); VerifyError names what is wrong."""
    rows = [(n, raw) for n, raw in enumerate(lines, start=1) if raw.strip()]
    if not rows:
        raise VerifyError(_("The file is empty."))
    setup = _json(rows[0])
    fair = setup.get("fairness") if isinstance(setup, dict) else None
    if not isinstance(fair, dict):
        raise VerifyError(_("Line 1 has no fairness record; export the game again with {command}.",
                            command="'maya-companion export --format jsonl'"))
    try:
        game = get_game(str(setup["game"]))
        players = game.check_players(setup["players"])
        options = game.resolve_options(setup.get("options") or {})
        state = game.setup(players, options)
    except (KeyError, TypeError):
        raise VerifyError(_("Line 1 must be the setup: game, players, options.")) from None
    except CompanionError as e:
        raise VerifyError(_("Line 1: {error}", error=e)) from None
    randomness = fair.get("randomness")
    history = fair.get("history")
    if randomness not in ("digital", "physical") or not isinstance(history, list) or not all(
            isinstance(h, list) and len(h) == 2 and isinstance(h[0], str) for h in history):
        raise VerifyError(_("Line 1's fairness record is not readable."))
    # The file's own word on its randomness is not trusted: a file that carries a seed
    # or a fingerprint is checked against them (a digital game's draws cannot be passed
    # off as made at the table by editing one word), and a digital one must carry both.
    seed: int | None = None
    committed = str(fair.get("fingerprint") or "")
    claimed_physical = randomness == "physical"
    if randomness == "digital" or "seed" in fair or "fingerprint" in fair:
        if not committed:
            raise VerifyError(_("Line 1's fairness record has no fingerprint for the seed to be checked against,"
                                " so its draws cannot be verified."))
        try:
            seed = int(str(fair.get("seed")))
        except ValueError:
            raise VerifyError(_("Line 1's fairness record has no readable seed.")) from None
        if fingerprint(seed) != committed:
            raise VerifyError(_("The revealed seed does not match the committed fingerprint {fingerprint}: the"
                                " seed was changed.", fingerprint=short_fingerprint(committed)))
        randomness = "digital"
    if "first" in fair:
        problem = check_drawn(game, players, options, seed, fair["first"]) if seed is not None else _(
            "The file says the first player was drawn, but carries no seed to draw from.")
        if problem:
            raise VerifyError(_("Line 1: {error}", error=problem))
    try:
        w = walk([(k, d) for k, d in history], game, state, seed)
    except VerifyError as e:
        if claimed_physical and seed is not None:
            raise VerifyError(_("{error} (The file says its draws were made at the table, but it carries a seed"
                                " and its fingerprint {fingerprint}, so its draws are checked against them.)",
                                error=e, fingerprint=short_fingerprint(committed))) from None
        raise
    actions = [_json(row) for row in rows[1:]]
    if actions != w.actions:
        first = next((i for i, (a, b) in enumerate(zip(actions, w.actions)) if a != b),
                     min(len(actions), len(w.actions)))
        line = rows[1 + first][0] if 1 + first < len(rows) else rows[-1][0] + 1
        raise VerifyError(_("Line {line}: the moves in the file are not the ones the game's history leaves in"
                            " effect.", line=line))
    return Verified(game=game.title or game.name, randomness=str(randomness), draws=len(w.fresh),
                    fingerprint=committed, actions=len(actions), name=game.name)


def _json(row: tuple[int, str]) -> Any:
    n, raw = row
    try:
        return json.loads(raw)
    except json.JSONDecodeError as e:
        raise VerifyError(_("Line {line} is not valid JSON ({error}).", line=n, error=e.msg)) from None


__all__ = [
    "COMMIT",
    "Verified",
    "VerifyError",
    "fingerprint",
    "record",
    "revealed_sentence",
    "sealed_sentence",
    "short_fingerprint",
    "verify_lines",
    "walk",
]
