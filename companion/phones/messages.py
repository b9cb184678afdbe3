"""What a seat's phone page receives, built from what the table controller
publishes (issue 21): that seat's own frame (`TableController.seat_frame(seat)`:
its view, with what is awaited in that seat's words, and its own Choices) and the
public frame. Nothing else: never the state, never another seat's view or choices.

    msg = message_for(game, seat_frame, table_frame)
    msg["groups"] == [{"title": "Your cards", "choices": [{"key": ..., "label": "Play Bird", ...}]}]

The page (static/seat.js) renders it and writes no word of its own: every
text a player reads is here, or in PAGE_WORDS (served with the page in the
page's language: page_words(), for what it shows before the first message and
its buttons). A message is made in the language current where it is made (the
hub builds each seat's under `with language(that seat's language)`). A choice with parts carries its picker as a
tree of the values `options_for` still allows after each pick, so the page
never offers a dead end and never needs the rules. The page sends back
{"type": "choose", "choice": key, "picks": {...}, "confirmed": bool}; `offers`
lists what a message allowed, for the server to check a phone's answer against.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from companion.i18n import Words
from companion.rules.choices import Choice, Part, next_part, options_for
from companion.rules.engine import Game
from companion.table.frame import GateFrame, TableFrame

from .i18n import N_, _

#: The words the page shows before (or without) a message, and its buttons: served
#: inside the page itself (PhoneServer), in the page's language (page_words), so the
#: page's own code holds no word a player reads. English here; translated where served.
PAGE_WORDS: dict[str, str] = {
    "title": N_("Your hand — Maya companion"),
    "app": N_("Maya companion"),
    "connecting": N_("Connecting…"),
    "live": N_("live"),
    "offline": N_("offline"),
    "reconnecting": N_("reconnecting…"),
    "closed": N_("closed"),
    "secrets": N_("Only you can see this"),
    "no_secrets": N_("Nothing secret right now."),
    "page_closed": N_("This page was closed."),
    "over": N_("The game is over."),
    "gone": N_("This link no longer opens a seat: it was replaced at the table, or the game is over. "
               "Scan your seat's code on the table screen again."),
    "picked": N_("Picked:"),
    # i18n: beside the seat's turn clock on its phone while the table's clock stands still
    # (a private view open on the table, or the table on its Home screen)
    "paused": N_("paused"),
    "language": N_("Language"),
    # i18n: the seat page's buttons: back a step of a picker, answer its question, close it,
    # hide or show the secrets (someone looks over the player's shoulder)
    "back": N_("Back"), "yes": N_("Yes"), "no": N_("No"), "cancel": N_("Cancel"),
    "hide": N_("Hide"), "show": N_("Show"),
}


def page_words() -> dict[str, str]:
    """PAGE_WORDS in the current language (English: PAGE_WORDS as written)."""
    return {key: _(text) for key, text in PAGE_WORDS.items()}


_GAME_WORDS: dict[str, Words] = {}


def game_title(game: Game, title: str) -> str:
    """A game's title in the current language: its own catalog's (the title of its
    game.toml is extracted into the game's domain); as it is when the catalog has none."""
    package = type(game).__module__.rpartition(".")[0]
    words = _GAME_WORDS.get(package)
    if words is None:
        try:
            words = _GAME_WORDS[package] = Words.of(package)
        except (ValueError, ImportError):
            return title
    return words.gettext(title) if title else title

#: The most nodes one choice's picker tree may have (a picker is a few short
#: rows of buttons; a game whose parts multiply past this is a bug to see).
MAX_PICKER_NODES = 4000


def private_lines(game: Game, view: Mapping[str, Any]) -> list[str]:
    """Sentences for a seat's own secrets, in the game's own words (Game.private_lines)."""
    return [str(line) for line in game.private_lines(view)]


def _canonical(value: Any) -> str:
    """JSON with sorted keys: what the server compares (true is not 1, 1.0 is not 1)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=True)


def answer_key(choice: Any, picks: Any) -> str:
    """A phone's answer as the server compares it with what its page was offered.
    TypeError/ValueError for data JSON cannot hold."""
    return _canonical({"choice": choice, "picks": picks if picks is not None else {}})


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _picked(picks: Mapping[str, Any], part: Part, value: Any) -> dict[str, Any]:
    out = dict(picks)
    if part.count > 1:
        out[part.key] = (*tuple(picks.get(part.key) or ()), value)
    else:
        out[part.key] = value
    return out


def picker(choice: Choice, picks: Mapping[str, Any] | None = None,
           budget: list[int] | None = None) -> dict[str, Any] | None:
    """The picker for `choice` from `picks` on: {"part", "label", "count", "options":
    [{"label", "value", "then": the picker after this pick, or None when complete}]};
    None when every part is picked. Only values `options_for` allows are offered."""
    picks = dict(picks or {})
    budget = budget if budget is not None else [MAX_PICKER_NODES]
    part = next_part(choice, picks)
    if part is None:
        return None
    budget[0] -= 1
    if budget[0] < 0:
        raise ValueError(f"{choice.key}: the picker has more than {MAX_PICKER_NODES} steps.")
    options = []
    for option in options_for(choice, picks):
        options.append({"label": option.label, "value": _plain(option.value),
                        "then": picker(choice, _picked(picks, part, option.value), budget)})
    return {"part": part.key, "label": part.label, "count": part.count, "options": options}


def choice_json(choice: Choice) -> dict[str, Any]:
    """One choice as the page shows it: its short label, whether it can be chosen
    (and why not), the question to ask first, and its picker."""
    return {
        "key": choice.key,
        "label": choice.label,
        "slot": choice.slot,
        "enabled": choice.enabled,
        "why": choice.why if not choice.enabled else "",
        "confirm": choice.confirm or "",
        "pick": picker(choice) if choice.parts and choice.enabled else None,
    }


def grouped(choices: Iterable[Choice]) -> list[dict[str, Any]]:
    """Choices in their groups (in the order the game lists the groups), each group
    ordered by slot: the same choice stays in the same place from turn to turn."""
    groups: dict[str, list[Choice]] = {}
    for c in choices:
        groups.setdefault(c.group, []).append(c)
    return [{"title": title, "choices": [choice_json(c) for c in sorted(cs, key=lambda c: c.slot)]}
            for title, cs in groups.items()]


def message_for(game: Game, own: GateFrame, table: TableFrame) -> dict[str, Any]:
    """The whole message seat `own.seat`'s page receives: a function of that seat's
    own frame (its view, its own choices) and the public frame (whose turn, the game's title)
    only (the privacy property tests check this)."""
    seat = own.seat
    view = own.view
    if table.over:
        result = view.get("result") or {}
        detail = result.get("detail") if isinstance(result, Mapping) else None
        sentence = (detail or {}).get("sentence") if isinstance(detail, Mapping) else None
        return {"type": "over", "sentence": sentence or _(PAGE_WORDS["over"])}
    players = view.get("players") or []
    name = ""
    if isinstance(seat, int) and 0 <= seat < len(players) and isinstance(players[seat], Mapping):
        name = str(players[seat].get("name") or "")
    mine = tuple(c for c in own.choices if c.seat == seat)  # a seat's own choices only, never a public one
    # The seat's own view says what is awaited in that seat's words (a phone has no
    # name to tap); the public frame's sentence when it says nothing of its own.
    waiting = str((view.get("waiting_for") or {}).get("sentence") or "") or table.waiting
    return {
        "type": "view",
        "game": table.game,
        "title": game_title(game, table.title),
        "seat": seat,
        "name": name,
        "waiting": waiting,
        "my_turn": seat in table.acting,
        "events": [str(e.get("sentence", "")) for e in view.get("events") or [] if isinstance(e, Mapping)],
        "secrets": private_lines(game, view),
        "groups": grouped(mine),
        "over": False,
        # "clock": the seat's own turn clock, added where messages are built (companion/phones/clock.py)
    }


def _leaves(node: Mapping[str, Any] | None, picks: dict[str, Any]) -> Iterable[dict[str, Any]]:
    if node is None:
        yield dict(picks)
        return
    for option in node["options"]:
        nxt = dict(picks)
        if node["count"] > 1:
            nxt[node["part"]] = [*nxt.get(node["part"], []), option["value"]]
        else:
            nxt[node["part"]] = option["value"]
        yield from _leaves(option["then"], nxt)


def offers(message: Mapping[str, Any]) -> frozenset[str]:
    """Every answer a message lets its page send (answer_key of each enabled
    choice with each complete set of picks): the server refuses anything else."""
    out = set()
    for group in message.get("groups") or []:
        for c in group["choices"]:
            if not c["enabled"]:
                continue
            for picks in _leaves(c["pick"], {}):
                out.add(answer_key(c["key"], picks))
    return frozenset(out)
