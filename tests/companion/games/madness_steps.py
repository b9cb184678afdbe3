"""Steps the Maya Madness tests share: draw the first tokens, play a card, read the table.

Loaded by the Maya Madness test modules (tests/companion/games/conftest.py puts
this folder on sys.path)."""
from companion.games import get_game
from companion.rules.engine import CHANCE, TABLE

G = get_game("maya-madness")
NAMES = ("Ana", "Ben", "Cy", "Dee")


def draw_all(s, tokens):
    """Every pending token draw, taking `tokens` in order (consumed from the list)."""
    while G.actors(s) == {CHANCE}:
        seat = G.view(s, TABLE)["draws_next"]
        s = G.apply(s, {"actor": CHANCE, "type": "draw_token", "seat": seat, "token": tokens.pop(0)})
    return s


def play(s, seat, card, value=None):
    a = {"actor": seat, "type": "play", "card": card}
    if value is not None:
        a["value"] = value
    return G.apply(s, a)


def table(s):
    return G.view(s, TABLE)


def said(view):
    """What the last action caused, as the table reads it."""
    return " ".join(e["sentence"] for e in view["events"])
