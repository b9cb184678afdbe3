"""The Maya Madness game state: one immutable tuple, cheap to copy on the hot path.

A NamedTuple rather than a dataclass because `_replace` on a tuple is several
times faster, and replay and bots apply thousands of actions a second.
Everything secret (secret tokens, hands, the draw pile's order, and in advanced
play the values of tokens won) lives here and leaves the engine only through
views.py.
"""
from __future__ import annotations

from typing import Any, NamedTuple

# What the game waits for (State.phase). "play" may still be held up by a pending
# chance step (a token to draw, a reshuffle); see rules.waiting().
SHUFFLE, START_CARD, START_COUNT, PLAY, OVER = "shuffle", "start_card", "start_count", "play", "over"


class State(NamedTuple):
    names: tuple[Any, ...]  # player names, seat order (clockwise)
    deck_mode: str  # "physical" or "full"
    advanced: bool
    to_win: int  # tokens a player must collect to win
    dealer: int
    deck: tuple[Any, ...]  # the whole deck, sorted (to check that a shuffle is one)
    phase: str
    count: int | None  # type: ignore[assignment]  # (shadows tuple.count) None until the starting card is turned over
    direction: int  # +1 clockwise, -1 after an odd number of Reverse cards (3+ players)
    turn: int  # whose turn it is (during setup: the first player)
    bonus: bool  # the current player must play another card now (Temple of Zero; Skip with two players)
    secrets: tuple[Any, ...]  # per seat: the secret token's value, or None while one is to be drawn
    won: tuple[Any, ...]  # per seat: tuple of token values collected, in the order won
    pool: tuple[Any, ...]  # face-down tokens left: pool[v] = how many tokens of value v
    token_queue: tuple[Any, ...]  # seats that must draw a token, first to draw first
    guesses: tuple[Any, ...]  # per seat: ((guesser, number), ...) made against that seat's current token
    hands: tuple[Any, ...]  # full deck mode: per seat, tuple of cards; physical: ()
    pile: tuple[Any, ...]  # full deck mode: the draw pile, top card LAST (drawing slices the end)
    discard: tuple[Any, ...]  # discard pile, top card last (physical mode keeps only the top card)
    refill: int | None  # full mode: the seat whose hand waits on a reshuffle to be refilled
    last: tuple[Any, ...]  # public events of the last player action and the chance steps after it
    end: str | None  # why the game ended: "tokens" (someone collected enough) or "pool" (no tokens left)
    skip_wins: str = "always"  # option: a Skip wins a token at any table ("always") or only with two players

    @property
    def n(self) -> int:
        return len(self.names)


def new_state(names: Any, deck_mode: str, advanced: bool, to_win: int, dealer: int, deck: tuple[str, ...],
              pool: tuple[int, ...], skip_wins: str = "always") -> State:
    """A fresh game before the deck is shuffled (full) or the starting card entered (physical)."""
    n = len(names)
    full = deck_mode == "full"
    return State(
        names=tuple(names),
        deck_mode=deck_mode,
        advanced=advanced,
        to_win=to_win,
        dealer=dealer,
        deck=deck,
        phase=SHUFFLE if full else START_CARD,
        count=None,
        direction=1,
        turn=(dealer + 1) % n,  # rulebook: the player to the left of the dealer goes first
        bonus=False,
        secrets=(None,) * n,
        won=((),) * n,
        pool=pool,
        token_queue=(),
        guesses=((),) * n,
        hands=((),) * n if full else (),
        pile=(),
        discard=(),
        refill=None,
        last=(),
        end=None,
        skip_wins=skip_wins,
    )
