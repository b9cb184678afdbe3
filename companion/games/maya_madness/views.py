"""What each viewer may see of a Maya Madness game, and the sentences the table reads.

The only door through which state leaves the engine (DESIGN.md, "Hidden
information goes through view only"). The TABLE view shows what the physical
table shows: the count, the direction, whose turn, each player's collected
tokens (their values only outside advanced play, where they lie face up), how
many tokens and cards are left face down, the discard pile's top card. A seat
view adds that seat's own secret number, its hand (full deck mode) and, in
advanced play, the values of its own face-down tokens. Nothing else, ever:
never another seat's secret, hand, or the order of the draw pile.
"""
from __future__ import annotations

from typing import Any

from companion.rules.engine import CHANCE, TABLE

from .cards import PAD_ORDER, REVERSE, SKIP, TEMPLE, WILD, card_label, card_name, number
from .state import State
from .turns import waiting
from .viewtypes import MadnessPlayer, MadnessView, MadnessYou


def _event(s: State, e: tuple[Any, ...]) -> dict[str, Any]:
    """One public event as data plus its sentence (player names from setup)."""
    names, kind = s.names, e[0]
    if kind == "play":
        _, seat, card, value, count = e
        who = names[seat]
        d = {"kind": "play", "seat": seat, "card": card, "value": value, "count": count}
        if card == WILD:
            text = f"{who} plays a Wild as {number(value)}: the count is {number(count)}."
        elif card == SKIP:
            text = (f"{who} plays a Skip and plays another card: the count stays {number(count)}." if s.n == 2
                    else f"{who} plays a Skip: the count stays {number(count)}.")
        elif card == REVERSE:
            text = f"{who} plays a Reverse: the count is {number(count)}"
            text += "." if s.n == 2 else " and play changes direction."
        elif card == TEMPLE:
            text = f"{who} plays a Temple of Zero: the count is 0 and {who} plays another card at once."
        else:
            text = f"{who} plays {card_name(card)}: the count is {number(count)}."
    elif kind == "win_token":
        _, seat, value = e
        d = {"kind": "win_token", "seat": seat, "token": value, "cue": "token"}
        text = f"{names[seat]} makes the count {value} and wins the secret token {value}!"
    elif kind == "guess":
        _, seat, target, guess, right = e
        d = {"kind": "guess", "seat": seat, "target": target, "number": guess, "right": right}
        if right:
            d["cue"] = "token"  # a token won is celebrated; a wrong guess is not
        if right:
            text = (f"{names[seat]} guesses {names[target]}'s secret number is {guess}: right! "
                    f"{names[seat]} takes that token.")
        else:
            text = (f"{names[seat]} guesses {names[target]}'s secret number is {guess}: wrong. "
                    f"{names[target]} takes {names[seat]}'s token.")
    elif kind == "draw_token":
        d = {"kind": "draw_token", "seat": e[1]}
        text = f"{names[e[1]]} draws a secret token."
    elif kind == "skip":
        d = {"kind": "skip", "seat": e[1]}
        text = f"{names[e[1]]} is skipped."
    elif kind == "end_turn":
        d = {"kind": "end_turn", "seat": e[1]}
        text = f"{names[e[1]]} has no card left to play; the turn passes."
    elif kind == "shuffle":
        _, card, count = e
        d = {"kind": "shuffle", "card": card, "count": count}
        text = f"The deck is shuffled and five cards dealt to each player. The starting card is {card_name(card)}"
        text += "." if count is None else f": the count is {number(count)}."
    elif kind == "start_card":
        _, seat, card, count = e
        d = {"kind": "start_card", "seat": seat, "card": card, "count": count}
        text = f"{names[seat]} turns over {card_name(card)}"
        text += "." if count is None else f": the count is {number(count)}."
    elif kind == "start_count":
        d = {"kind": "start_count", "seat": e[1], "count": e[2]}
        text = f"{names[e[1]]} chooses a starting count of {number(e[2])}."
    elif kind == "reshuffle":
        d = {"kind": "reshuffle", "cards": e[1]}
        text = (f"The draw pile ran out: the {e[1]} cards under the discard pile's top card "
                "are shuffled into a new draw pile.")
    elif kind == "return_token":
        d = {"kind": "return_token", "seat": e[1]}
        text = (f"{names[e[1]]}'s token, which everybody saw, goes back into the pool; "
                f"{names[e[1]]} draws a new one.")
    elif kind == "correct":
        _, seat, key, value = e
        d = {"kind": "correct", "seat": seat, "key": key, "value": value}
        who = "The table" if seat is None else names[seat]
        text = f"{who} fixes the count: it is {number(value)}."
    else:  # game_over
        d = {"kind": "game_over", "reason": e[1], "winners": list(winners(s))}
        text = game_over_sentence(s)
    d["sentence"] = text
    return d


def winners(s: State) -> tuple[Any, ...]:
    if s.end is None:
        return ()
    best = max(len(w) for w in s.won)
    return tuple(i for i, w in enumerate(s.won) if len(w) == best)


def game_over_sentence(s: State) -> str:
    ws = winners(s)
    names = " and ".join(s.names[i] for i in ws)
    k = len(s.won[ws[0]])
    if s.end == "tokens":
        return f"{names} has {k} tokens and wins the game!"
    verb = "win" if len(ws) > 1 else "wins"
    return f"No secret tokens are left face down, so the game ends: {names} {verb} with {k} tokens."


def final_tokens(s: State) -> list[dict[str, Any]]:
    """Each player's tokens at the end, as data and a sentence (the values only where
    they lay face up: not in advanced play)."""
    out = []
    for i, won in enumerate(s.won):
        k = len(won)
        text = f"{s.names[i]}: {k} token{'' if k == 1 else 's'}"
        text += f" ({', '.join(map(str, won))})." if won and not s.advanced else "."
        out.append({"seat": i, "tokens": k, "sentence": text})
    return out


def waiting_view(s: State) -> dict[str, Any]:
    """What the game waits for: who must act, and the sentence the screen shows."""
    w = waiting(s)
    names = s.names
    actors: list[Any] = []
    if w == "shuffle":
        actors, text = [CHANCE], "Shuffle the deck and deal five cards to each player."
    elif w == "reshuffle":
        actors, text = [CHANCE], "The draw pile is empty: shuffle the discard pile into a new draw pile."
    elif w == "draw_token":
        actors, text = [CHANCE], f"{names[s.token_queue[0]]} draws a secret token."
    elif w == "start_card":
        actors, text = [s.dealer], f"{names[s.dealer]}, the dealer: turn over the top card and enter it."
    elif w == "start_count":
        actors = [s.dealer]
        text = f"A Wild starts: {names[s.dealer]}, the dealer, chooses the count."
    elif w == "play":
        seat = s.turn
        actors = [seat]
        if s.bonus:
            text = f"{names[seat]} plays another card at once."
        elif s.advanced:
            text = f"{names[seat]}'s turn: play a card or guess."
        else:
            text = f"{names[seat]}'s turn: play a card."
    else:
        text = game_over_sentence(s)
    return {"actors": actors, "sentence": text}


#: Events only ever added after those of the move before (a token drawn after a win,
#: the reshuffle after a refill, the count named after a Wild starting card).
_APPENDED = ("draw_token", "reshuffle", "start_count")


def caused(s: State) -> tuple[Any, ...]:
    """The events the last action caused: `last` keeps a player's move and the
    draws after it together; a draw caused only the one it added."""
    if s.last and s.last[-1][0] in _APPENDED:
        return s.last[-1:]
    return s.last


def view(s: State, viewer: Any, result_json: dict[str, Any] | None = None) -> dict[str, Any]:
    """The view schema of companion/rules/viewschema.py, plus the table's own numbers:
    count, direction, bonus, dealer, the face-down pool, draw and discard piles."""
    full = s.deck_mode == "full"
    over = s.end is not None
    count_label = "?" if s.count is None else number(s.count)
    players: list[MadnessPlayer] = []
    for i, name in enumerate(s.names):
        # advanced play: tokens won lie face down, so the table sees how many, not which
        values = None if s.advanced else list(s.won[i])
        players.append({
            "seat": i,
            "name": name,
            "label": name + (" (dealer)" if i == s.dealer and s.count is None else ""),
            "tokens": len(s.won[i]),
            "token_values": values,
            # how many, of how many win (issue 22 §4), and their values where they lie face up
            "tokens_label": f"★ {len(s.won[i])} of {s.to_win}"
                            + (f" ({', '.join(map(str, values))})" if values else ""),
            "has_secret": s.secrets[i] is not None,
            "hand_size": len(s.hands[i]) if full else None,
            "guesses": [{"by": g, "number": k} for g, k in s.guesses[i]],
        })
    out: MadnessView = {
        "game": "maya-madness",
        "phase": waiting(s),
        "round": None,
        "players": players,
        "waiting_for": waiting_view(s),
        "events": [_event(s, e) for e in caused(s)],
        "result": result_json,
        "options": {"deck": s.deck_mode, "tokens_to_win": s.to_win, "advanced": s.advanced, "dealer": s.dealer},
        "dealer": s.dealer,
        "count": s.count,
        "count_label": count_label,
        "direction": "clockwise" if s.direction == 1 else "counterclockwise",
        "direction_label": direction_label(s),
        # full deck: a hand is decided against the count, so both are shown beside it
        "count_line": f"Count {count_label}  ·  {direction_label(s)}" if full else "",
        # full deck: the cards are in the hands, played behind the privacy gate; the
        # pad's button that asks for the player's hand, and what the pad says of it
        "look_label": look_label(s),
        "hand_hint": "Play a card from your hand" if look_label(s) else "",
        "turn": None if over else s.turn,
        "draws_next": s.token_queue[0] if s.token_queue and s.refill is None else None,  # who draws a token next
        "bonus": s.bonus,
        "pool": sum(s.pool),
        "token_max": len(s.pool) - 1,
        "draw_pile": len(s.pile) if full else None,
        "discard_top": s.discard[-1] if s.discard else None,
        "discard_size": len(s.discard) if full else None,
    }
    if viewer != TABLE:
        out["you"] = you(s, viewer)
    return dict(out)


def look_label(s: State) -> str:
    """Full deck, a player to play: the button that opens their hand ("" otherwise)."""
    if s.deck_mode != "full" or s.end is not None or waiting(s) != "play" or not s.hands[s.turn]:
        return ""
    return f"{s.names[s.turn]}'s hand"


def direction_label(s: State) -> str:
    """Which way play goes, with its arrow (with two players there is no way to go)."""
    if s.n == 2:
        return "two players"
    return "↻ clockwise" if s.direction == 1 else "↺ counterclockwise"


def you(s: State, seat: int) -> MadnessYou:
    """A seat's own secrets, with the words its private view shows them in."""
    full = s.deck_mode == "full"
    secret, won = s.secrets[seat], list(s.won[seat])
    hand = sorted(s.hands[seat], key=PAD_ORDER.index) if full else []
    return {
        "seat": seat,
        "name": s.names[seat],
        "secret": secret,
        "hand": list(s.hands[seat]) if full else None,
        "token_values": won,
        "secret_caption": "Your secret number",
        "secret_label": "—" if secret is None else str(secret),
        "tokens_label": ("Your tokens: " + ", ".join(map(str, won))) if won else "",
        "hand_label": ("Your hand: " + ", ".join(card_label(c) for c in hand) + ".") if hand else "",
    }
