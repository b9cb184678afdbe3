"""Counted words on the history and statistics screens ("1 play", "3 plays"), kept
in one place until issue 24 brings gettext: each word's singular and plural.

    count(1, "play")    # "1 play"
    count(3, "win")     # "3 wins"
"""
from __future__ import annotations

#: word -> its plural, where it is not the word + "s".
PLURALS: dict[str, str] = {
    "match": "matches",
}


def plural(n: float, word: str) -> str:
    """The word for `n` of it: "play" for 1, "plays" otherwise."""
    if n == 1:
        return word
    return PLURALS.get(word, word + "s")


def count(n: float, word: str) -> str:
    """"1 play", "0 plays", "2 games"."""
    return f"{n:g} {plural(n, word)}" if isinstance(n, float) else f"{n} {plural(n, word)}"
