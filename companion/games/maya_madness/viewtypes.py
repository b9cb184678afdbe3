"""The shape of a Maya Madness view, as TypedDicts: what views.py builds and what
the table screen reads, so mypy catches a misspelt key on either side (issue 21 §4).

The schema's keys (companion/rules/viewschema.py) plus the game's own: the count and
its words, the direction, the piles, each player's words, and in a seat's view
`you`, that seat's secrets and the words its private view shows them in.
"""
from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class MadnessPlayer(TypedDict):
    seat: int
    name: str
    label: str  # the name, and "(dealer)" while the starting card is awaited
    tokens: int
    token_values: list[int] | None  # None in advanced play: tokens won lie face down
    tokens_label: str  # "★ 2 of 5 (3, 7)": tokens won, of how many win, their values
    has_secret: bool
    hand_size: int | None
    guesses: list[dict[str, int]]


class MadnessYou(TypedDict):
    seat: int
    name: str
    secret: int | None
    hand: list[str] | None
    token_values: list[int]
    secret_caption: str
    secret_label: str  # the number, or "—" while a new token is drawn
    tokens_label: str
    hand_label: str  # the full deck's hand in a sentence ("" on the physical deck)


class MadnessView(TypedDict):
    game: str
    phase: str
    round: None
    players: list[MadnessPlayer]
    waiting_for: dict[str, Any]
    events: list[dict[str, Any]]
    result: dict[str, Any] | None
    options: dict[str, Any]
    dealer: int
    count: int | None
    count_label: str
    direction: str
    direction_label: str
    count_line: str  # full deck: the count and direction beside a hand; else ""
    look_label: str  # full deck, a player to play: "Ana's hand" (the button to look); else ""
    hand_hint: str  # beside that button: how a card is played; else ""
    turn: int | None
    draws_next: int | None
    bonus: bool
    pool: int
    token_max: int
    draw_pile: int | None
    discard_top: str | None
    discard_size: int | None
    you: NotRequired[MadnessYou]
