"""Chance, pure: the RNG of each draw and the commitment to a game's seed.

`draw_rng(seed, draws)` is a pure function of both, so a fresh draw never
depends on what was undone before it. The commitment (`fingerprint`) is shown
before the first draw and the seed revealed at the end, so anyone can check
every draw (docs/history.md). The session's dealer (companion/table/dealer.py)
and the fairness record (companion/history/fairness.py) both build on this.
"""
from __future__ import annotations

import hashlib
import random

from companion.words import _


def draw_rng(seed: int, draws: int) -> random.Random:
    """The RNG for the session's `draws`-th draw: a pure function of both, so a
    fresh draw never depends on what was undone before it."""
    return random.Random(f"maya-companion:{seed}:{draws}")


def draw_first(seed: int, seats: int) -> int:
    """The seat a drawn first player (or dealer) goes to: a pure function of the
    committed seed, apart from the numbered draws so it never shifts them, and made
    before the game starts so `verify` re-derives it from the revealed seed."""
    return random.Random(f"maya-companion:{seed}:first").randrange(seats)


# --- the seed's commitment: shown before the first draw, revealed at the end (docs/history.md)
COMMIT = "maya-companion-commit:"


def fingerprint(seed: int) -> str:
    """The full commitment to a seed: the SHA-256 of a fixed prefix and the seed."""
    return hashlib.sha256(f"{COMMIT}{int(seed)}".encode()).hexdigest()


def short_fingerprint(seed_or_fingerprint: int | str) -> str:
    """What the screen shows: the first 48 bits of the fingerprint in three groups,
    e.g. "3F2A-91C0-7B1E" (easy to read out and compare; not enough to guess the seed)."""
    full = seed_or_fingerprint if isinstance(seed_or_fingerprint, str) else fingerprint(seed_or_fingerprint)
    head = full[:12].upper()
    return f"{head[0:4]}-{head[4:8]}-{head[8:12]}"


def sealed_sentence(seed: int) -> str:
    """What a table screen shows before the first draw (digital randomness)."""
    # i18n: {fingerprint} reads like 3F2A-91C0-7B1E
    return _("Draws sealed: {fingerprint}", fingerprint=short_fingerprint(seed))


def revealed_sentence(seed: int) -> str:
    """What the end screen shows: the seed, and the fingerprint it must match."""
    # i18n: 'maya-companion verify' is a command, typed as it is
    return _("Seed {seed} (sealed as {fingerprint}): 'maya-companion verify' checks every draw.",
             seed=int(seed), fingerprint=short_fingerprint(seed))
