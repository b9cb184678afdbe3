"""A tiny game for testing the session, journal and contract without a real engine.

"Secret race": each player is dealt a secret number 1-3 (a chance action).
On your turn you either roll (a chance action then rolls a die 1-6 and you
move that far; rolling your own secret makes you draw a new secret) or
reveal your secret to everyone and move twice its value (a public reveal:
not undoable). First to reach the target (option, default 12) wins.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from companion.rules.engine import CHANCE, TABLE, Game, Option, Result, check_turn, require


@dataclass(frozen=True)
class State:
    names: tuple
    target: int
    positions: tuple
    secrets: tuple  # None until dealt
    revealed: tuple  # bools
    turn: int = 0
    pending: str = "deal"  # "deal" (a secret for seat `deal_seat`), "roll", or "" (a player acts)
    deal_seat: int = 0
    last_roll: int | None = None


class SecretRace(Game):
    name = "toy"
    title = "Secret race"
    min_players = 2
    max_players = 4
    options = (Option("target", 12, kind="int", lo=5, hi=60, help="squares to win"),)

    def setup(self, players, options=None, components=None):
        players = self.check_players(players)
        opts = self.resolve_options(options)
        n = len(players)
        return State(tuple(players), opts["target"], (0,) * n, (None,) * n, (False,) * n)

    def actors(self, s):
        if self.result(s) is not None:
            return frozenset()
        if s.pending:
            return frozenset([CHANCE])
        return frozenset([s.turn])

    def legal_actions(self, s, actor):
        if actor not in self.actors(s):
            return []
        if actor == CHANCE:
            return [a for a, _ in self.chance_outcomes(s)]
        acts = [{"actor": actor, "type": "roll"}]
        if not s.revealed[actor]:
            acts.append({"actor": actor, "type": "reveal"})
        return acts

    def chance_outcomes(self, s):
        if s.pending == "deal":
            return [({"actor": CHANCE, "type": "deal", "seat": s.deal_seat, "secret": v}, 1 / 3) for v in (1, 2, 3)]
        if s.pending == "roll":
            return [({"actor": CHANCE, "type": "die", "value": v}, 1 / 6) for v in range(1, 7)]
        return []

    def apply(self, s, a):
        actor = check_turn(self, s, a, s.names)
        kind = a.get("type")
        if actor == CHANCE:
            if s.pending == "deal":
                require(kind == "deal", "A secret must be dealt now.")
                require(a.get("seat") == s.deal_seat, f"The secret goes to {s.names[s.deal_seat]}.")
                v = a.get("secret")
                require(v in (1, 2, 3) and not isinstance(v, bool), "A secret is 1, 2 or 3.")
                secrets = s.secrets[: s.deal_seat] + (v,) + s.secrets[s.deal_seat + 1:]
                revealed = s.revealed[: s.deal_seat] + (False,) + s.revealed[s.deal_seat + 1:]
                if s.last_roll is None and s.deal_seat < len(s.names) - 1:
                    return replace(s, secrets=secrets, revealed=revealed, deal_seat=s.deal_seat + 1)
                nxt = s.turn if s.last_roll is None else (s.turn + 1) % len(s.names)
                return replace(s, secrets=secrets, revealed=revealed, pending="", turn=nxt)
            require(kind == "die", "The die must be rolled now.")
            v = a.get("value")
            require(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6, "A die shows 1 to 6.")
            pos = list(s.positions)
            pos[s.turn] += v
            s2 = replace(s, positions=tuple(pos), last_roll=v)
            if v == s.secrets[s.turn] and pos[s.turn] < s.target:
                return replace(s2, pending="deal", deal_seat=s.turn)
            return replace(s2, pending="", turn=(s.turn + 1) % len(s.names))
        if kind == "roll":
            return replace(s, pending="roll")
        if kind == "reveal":
            require(not s.revealed[actor], f"{s.names[actor]} has already revealed.")
            pos = list(s.positions)
            pos[actor] += 2 * s.secrets[actor]
            rev = s.revealed[:actor] + (True,) + s.revealed[actor + 1:]
            return replace(s, positions=tuple(pos), revealed=rev, turn=(actor + 1) % len(s.names))
        raise_illegal(f"{kind!r} is not a move in this game.")

    def undoable(self, before, action, after):
        return action.get("type") != "reveal"

    def view(self, s, viewer):
        v = {
            "positions": list(s.positions),
            "turn": s.turn,
            "pending": s.pending,
            "last_roll": s.last_roll,
            "revealed": [s.secrets[i] if s.revealed[i] else None for i in range(len(s.names))],
        }
        if viewer != TABLE:
            v["secret"] = s.secrets[viewer]
        return v

    def result(self, s):
        for i, p in enumerate(s.positions):
            if p >= s.target:
                ranking = tuple(sorted(range(len(s.names)), key=lambda k: -s.positions[k]))
                return Result(scores=s.positions, ranking=ranking, winners=(i,))
        return None


def raise_illegal(sentence):
    from companion.errors import IllegalAction

    raise IllegalAction(sentence)


GAME = SecretRace()
