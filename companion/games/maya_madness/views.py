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

from .cards import NOMINATIVE, PAD_ORDER, REVERSE, SKIP, TEMPLE, WILD, card_label, card_name, cards_list, number
from .i18n import N_, _, ngettext
from .state import State
from .turns import waiting
from .viewtypes import MadnessPlayer, MadnessView, MadnessYou

#: The numbers of a player's public view by the words Past games' step pane names them
#: ("{key} {value}", the key's underscores as spaces): marked here, translated there
#: through this game's catalog (kivy_ui/screens/history.py).
# i18n: a number of a player's row in Past games' step by step view: "stones 3, drawn 0"
NUMBER_WORDS = (N_("tokens"), N_("hand size"))


def _play_sentence(s: State, seat: int, card: str, value: Any, count: int) -> str:
    who, n = s.names[seat], number(count)
    if card == WILD:
        return _("{name} plays a Wild as {value}: the count is {count}.", name=who, value=number(value), count=n)
    if card == SKIP:
        if s.n == 2:
            return _("{name} plays a Skip and plays another card: the count stays {count}.", name=who, count=n)
        return _("{name} plays a Skip: the count stays {count}.", name=who, count=n)
    if card == REVERSE:
        if s.n == 2:
            return _("{name} plays a Reverse: the count is {count}.", name=who, count=n)
        return _("{name} plays a Reverse: the count is {count} and play changes direction.", name=who, count=n)
    if card == TEMPLE:
        return _("{name} plays a Temple of Zero: the count is 0 and {name} plays another card at once.", name=who)
    return _("{name} plays {card}: the count is {count}.", name=who, card=card_name(card), count=n)


def _event(s: State, e: tuple[Any, ...]) -> dict[str, Any]:
    """One public event as data plus its sentence (player names from setup), in the
    language current now (the journal keeps the data only)."""
    names, kind = s.names, e[0]
    if kind == "play":
        _k, seat, card, value, count = e
        d = {"kind": "play", "seat": seat, "card": card, "value": value, "count": count}
        text = _play_sentence(s, seat, card, value, count)
    elif kind == "win_token":
        _k, seat, value = e
        d = {"kind": "win_token", "seat": seat, "token": value, "cue": "token"}
        text = _("{name} makes the count {value} and wins the secret token {value}!", name=names[seat], value=value)
    elif kind == "guess":
        _k, seat, target, guess, right = e
        d = {"kind": "guess", "seat": seat, "target": target, "number": guess, "right": right}
        if right:
            d["cue"] = "token"  # a token won is celebrated; a wrong guess is not
            text = _("{name} guesses {target}'s secret number is {number}: right! {name} takes that token.",
                     name=names[seat], target=names[target], number=guess)
        else:
            text = _("{name} guesses {target}'s secret number is {number}: wrong. {target} takes {name}'s token.",
                     name=names[seat], target=names[target], number=guess)
    elif kind == "draw_token":
        d = {"kind": "draw_token", "seat": e[1]}
        text = _("{name} draws a secret token.", name=names[e[1]])
    elif kind == "skip":
        d = {"kind": "skip", "seat": e[1]}
        text = _("{name} is skipped.", name=names[e[1]])
    elif kind == "end_turn":
        d = {"kind": "end_turn", "seat": e[1]}
        text = _("{name} has no card left to play; the turn passes.", name=names[e[1]])
    elif kind == "shuffle":
        _k, card, count = e
        d = {"kind": "shuffle", "card": card, "count": count}
        if count is None:
            text = _("The deck is shuffled and five cards dealt to each player. The starting card is {card}.",
                     card=card_name(card, NOMINATIVE))
        else:
            text = _("The deck is shuffled and five cards dealt to each player. "
                     "The starting card is {card}: the count is {count}.",
                     card=card_name(card, NOMINATIVE), count=number(count))
    elif kind == "start_card":
        _k, seat, card, count = e
        d = {"kind": "start_card", "seat": seat, "card": card, "count": count}
        if count is None:
            text = _("{name} turns over {card}.", name=names[seat], card=card_name(card))
        else:
            text = _("{name} turns over {card}: the count is {count}.", name=names[seat], card=card_name(card),
                     count=number(count))
    elif kind == "start_count":
        d = {"kind": "start_count", "seat": e[1], "count": e[2]}
        text = _("{name} chooses a starting count of {count}.", name=names[e[1]], count=number(e[2]))
    elif kind == "reshuffle":
        d = {"kind": "reshuffle", "cards": e[1]}
        text = ngettext("The draw pile ran out: the {n} card under the discard pile's top card "
                        "is shuffled into a new draw pile.",
                        "The draw pile ran out: the {n} cards under the discard pile's top card "
                        "are shuffled into a new draw pile.", e[1])
    elif kind == "return_token":
        d = {"kind": "return_token", "seat": e[1]}
        text = _("{name}'s token, which everybody saw, goes back into the pool; {name} draws a new one.",
                 name=names[e[1]])
    elif kind == "correct":
        _k, seat, key, value = e
        d = {"kind": "correct", "seat": seat, "key": key, "value": value}
        if seat is None:
            text = _("The table fixes the count: it is {count}.", count=number(value))
        else:
            text = _("{name} fixes the count: it is {count}.", name=names[seat], count=number(value))
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


def names_list(names: list[str]) -> str:
    """Names in a row: "Ana", "Ana and Ben", "Ana, Ben and Cy" (in the current language)."""
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}", names=_(", ").join(names[:-1]), last=names[-1])


def game_over_sentence(s: State) -> str:
    ws = winners(s)
    names = names_list([s.names[i] for i in ws])
    k = len(s.won[ws[0]])
    if s.end == "tokens":
        return ngettext("{name} has {n} token and wins the game!", "{name} has {n} tokens and wins the game!",
                        k, name=names)
    if len(ws) > 1:
        return ngettext("No secret tokens are left face down, so the game ends: {names} win with {n} token.",
                        "No secret tokens are left face down, so the game ends: {names} win with {n} tokens.",
                        k, names=names)
    return ngettext("No secret tokens are left face down, so the game ends: {name} wins with {n} token.",
                    "No secret tokens are left face down, so the game ends: {name} wins with {n} tokens.",
                    k, name=names)


def final_tokens(s: State) -> list[dict[str, Any]]:
    """Each player's tokens at the end, as data and a sentence (the values only where
    they lay face up: not in advanced play)."""
    out = []
    for i, won in enumerate(s.won):
        k = len(won)
        if won and not s.advanced:
            text = ngettext("{name}: {n} token ({values}).", "{name}: {n} tokens ({values}).", k,
                            name=s.names[i], values=cards_list([str(v) for v in won]))
        else:
            text = ngettext("{name}: {n} token.", "{name}: {n} tokens.", k, name=s.names[i])
        out.append({"seat": i, "tokens": k, "sentence": text})
    return out


def waiting_view(s: State) -> dict[str, Any]:
    """What the game waits for: who must act, and the sentence the screen shows."""
    w = waiting(s)
    names = s.names
    actors: list[Any] = []
    if w == "shuffle":
        actors, text = [CHANCE], _("Shuffle the deck and deal five cards to each player.")
    elif w == "reshuffle":
        actors, text = [CHANCE], _("The draw pile is empty: shuffle the discard pile into a new draw pile.")
    elif w == "draw_token":
        actors, text = [CHANCE], _("{name} draws a secret token.", name=names[s.token_queue[0]])
    elif w == "start_card":
        actors = [s.dealer]
        text = _("{name}, the dealer: turn over the top card and enter it.", name=names[s.dealer])
    elif w == "start_count":
        actors = [s.dealer]
        text = _("A Wild starts: {name}, the dealer, chooses the count.", name=names[s.dealer])
    elif w == "play":
        seat = s.turn
        actors = [seat]
        if s.bonus:
            text = _("{name} plays another card at once.", name=names[seat])
        elif s.advanced:
            text = _("{name}'s turn: play a card or guess.", name=names[seat])
        else:
            text = _("{name}'s turn: play a card.", name=names[seat])
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
            "label": _("{name} (dealer)", name=name) if i == s.dealer and s.count is None else name,
            "tokens": len(s.won[i]),
            "token_values": values,
            # how many, of how many win (issue 22 §4), and their values where they lie face up
            "tokens_label": _("★ {n} of {total} ({values})", n=len(s.won[i]), total=s.to_win,
                              values=cards_list([str(v) for v in values])) if values
            else _("★ {n} of {total}", n=len(s.won[i]), total=s.to_win),
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
        "options": {"deck": s.deck_mode, "tokens_to_win": s.to_win, "advanced": s.advanced, "dealer": s.dealer,
                    "skip_wins": s.skip_wins},
        "dealer": s.dealer,
        "count": s.count,
        "count_label": count_label,
        "direction": "clockwise" if s.direction == 1 else "counterclockwise",
        "direction_label": direction_label(s),
        # full deck: a hand is decided against the count, so both are shown beside it
        "count_line": _("Count {count}  ·  {direction}", count=count_label, direction=direction_label(s))
        if full else "",
        # full deck: the cards are in the hands, played behind the privacy gate; the
        # pad's button that asks for the player's hand, and what the pad says of it
        "look_label": look_label(s),
        "hand_hint": _("Play a card from your hand") if look_label(s) else "",
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
    return _("{name}'s hand", name=s.names[s.turn])


def direction_label(s: State) -> str:
    """Which way play goes, with its arrow (with two players there is no way to go)."""
    if s.n == 2:
        return _("two players")
    return _("↻ clockwise") if s.direction == 1 else _("↺ counterclockwise")


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
        "secret_caption": _("Your secret number"),
        "secret_label": "—" if secret is None else str(secret),
        "tokens_label": _("Your tokens: {values}", values=cards_list([str(v) for v in won])) if won else "",
        "hand_label": _("Your hand: {cards}.", cards=cards_list([card_label(c) for c in hand])) if hand else "",
    }
