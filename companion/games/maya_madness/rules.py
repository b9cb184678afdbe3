"""Maya Madness rules: what is legal, and applying an action (who acts: turns.py).

Every function is pure. `apply` checks everything before building the new
state, so an illegal action raises IllegalAction and changes nothing. Names and
card effects follow ../shared/rules/maya-madness.txt; choices the rulebook
leaves open are in docs/rules-notes.md.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from companion.rules.engine import CHANCE, Move

from ...errors import IllegalAction
from .actions import DRAW_TOKEN, END_TURN, GUESS, RESHUFFLE, RETURN_TOKEN, SHUFFLE
from .actions import PLAY as PLAY_CARD
from .actions import START_CARD as START_CARD_T
from .actions import START_COUNT as START_COUNT_T
from .cards import CARD_SET, CARDS, HAND_SIZE, NOMINATIVE, WILD, WILD_VALUES, card_name, effect, starting_count
from .i18n import N_, _
from .state import OVER, PLAY, START_COUNT, State
from .turns import actors, check_actor, not_now, waiting

__all__ = ["MOVES", "actors", "check_actor", "not_now", "waiting"]  # the turn's names live in turns.py

# --- legal actions --------------------------------------------------------------


def _plays(seat: int, cards: Iterable[str]) -> list[dict[str, Any]]:
    out = []
    for card in cards:
        if card == WILD:
            out += [{"actor": seat, "type": PLAY_CARD, "card": WILD, "value": v} for v in WILD_VALUES]
        else:
            out.append({"actor": seat, "type": PLAY_CARD, "card": card})
    return out


def legal_start_card(s: State, actor: Any) -> list[dict[str, Any]]:
    return [{"actor": actor, "type": START_CARD_T, "card": c} for c in CARDS]


def legal_start_count(s: State, actor: Any) -> list[dict[str, Any]]:
    return [{"actor": actor, "type": START_COUNT_T, "count": v} for v in WILD_VALUES]


def legal_play(s: State, actor: Any) -> list[dict[str, Any]]:
    if s.deck_mode == "full":
        # one action per distinct card: two +1s in hand play the same
        return _plays(actor, sorted(set(s.hands[actor]), key=CARDS.index))
    return _plays(actor, CARDS)


def legal_end_turn(s: State, actor: Any) -> list[dict[str, Any]]:
    if s.bonus and s.deck_mode != "full":
        return [{"actor": actor, "type": END_TURN}]
    return []


def legal_guess(s: State, actor: Any) -> list[dict[str, Any]]:
    if not s.advanced or s.bonus:
        return []
    out = []
    for target in range(s.n):
        if target != actor and s.secrets[target] is not None and not _has_guessed(s, actor, target):
            out += [
                {"actor": actor, "type": GUESS, "target": target, "number": v}
                for v in range(1, len(s.pool)) if _token_exists(s, v)
            ]
    return out


def _token_exists(s: State, value: int) -> bool:
    return 0 < value < len(s.pool)


def _has_guessed(s: State, guesser: int, target: int) -> bool:
    return any(g == guesser for g, _ in s.guesses[target])


# --- chance -----------------------------------------------------------------------


def chance_outcomes(s: State) -> list[tuple[dict[str, Any], float]]:
    """Token draws list every value still face down, weighted by how many are left.

    A shuffle has about 10^80 orders, so for shuffle and reshuffle this returns a
    small representative list (three fixed orders, equally likely); the dealer
    uses sample_chance, which draws a uniformly random order.
    """
    w = waiting(s)
    if w == "draw_token":
        seat = s.token_queue[0]
        total = sum(s.pool)
        return [
            ({"actor": CHANCE, "type": DRAW_TOKEN, "seat": seat, "token": v}, k / total)
            for v, k in enumerate(s.pool) if k
        ]
    if w in ("shuffle", "reshuffle"):
        cards = list(s.deck if w == "shuffle" else s.discard[:-1])
        out = []
        for i in range(3):
            order = cards[:]
            random.Random(i).shuffle(order)
            out.append(({"actor": CHANCE, "type": w, "order": order}, 1 / 3))
        return out
    return []


def sample_chance(s: State, rng: Any) -> dict[str, Any]:
    w = waiting(s)
    if w == "draw_token":
        values = [v for v, k in enumerate(s.pool) for _ in range(k)]
        return {"actor": CHANCE, "type": DRAW_TOKEN, "seat": s.token_queue[0], "token": rng.choice(values)}
    if w in ("shuffle", "reshuffle"):
        order = list(s.deck if w == "shuffle" else s.discard[:-1])
        rng.shuffle(order)
        return {"actor": CHANCE, "type": w, "order": order}
    raise IllegalAction(_("Nothing is to be drawn now."))


# --- apply ------------------------------------------------------------------------


def _card(action: dict[str, Any]) -> str:
    card = action.get("card")
    if not isinstance(card, str) or card not in CARD_SET:
        raise IllegalAction(_("There is no card {card}; the cards are {cards}.", card=repr(card),
                              cards=", ".join(CARDS)))
    return card


def _int(action: dict[str, Any], key: str, sentence: str) -> int:
    v = action.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise IllegalAction(_(sentence))  # marked N_() by the caller
    return v


def _token_needed(s: State, seat: int, queue: tuple[int, ...], pool: tuple[int, ...]) -> tuple[int, ...] | None:
    """The token queue with `seat` added, or None when the face-down pool is empty."""
    if sum(pool) - len(queue) <= 0:
        return None
    return queue + (seat,)


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1:]


def _first_draws(s: State) -> tuple[Any, ...]:
    return tuple((s.dealer + 1 + i) % s.n for i in range(s.n))


def _game_over(s: State, reason: str, events: list[Any], **fields: Any) -> State:
    events.append(("game_over", reason))
    return s._replace(phase=OVER, end=reason, token_queue=(), refill=None, bonus=False, last=tuple(events), **fields)


def _refill(hand: tuple[str, ...], pile: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """Draw up to five (rulebook, "Tips": bring your hand back up to five cards).
    Returns the new hand, the new pile and whether a reshuffle is needed first."""
    need = HAND_SIZE - len(hand)
    if need <= 0:
        return hand, pile, False
    take = need if need <= len(pile) else len(pile)
    if take:
        hand = hand + pile[-take:]
        pile = pile[:-take]
    return hand, pile, take < need


def apply_play(s: State, action: dict[str, Any]) -> State:
    seat = action["actor"]
    card = _card(action)
    value = action.get("value")
    if card == WILD:
        if type(value) is not int or value not in WILD_VALUES:
            raise IllegalAction(_("A Wild card counts as −5 to −1 or 1 to 5: say which."))
    elif value is not None:
        raise IllegalAction(_("Only a Wild card takes a value; {card} does not.", card=card_name(card, NOMINATIVE)))
    full = s.deck_mode == "full"
    hand = None
    if full:
        hand = s.hands[seat]
        if card not in hand:
            raise IllegalAction(_("{name} does not hold {card}.", name=s.names[seat], card=card_name(card)))
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1:]

    count, bonus, skip, reverse = effect(card, value, s.count or 0, s.n)  # set before any play
    direction = -s.direction if reverse else s.direction
    step = 2 if skip else 1
    events: list[tuple[Any, ...]] = [("play", seat, card, value, count)]

    secrets, won, queue, guesses, pool = s.secrets, s.won, s.token_queue, s.guesses, s.pool
    discard = s.discard + (card,) if full else (card,)
    fields: dict[str, Any] = {"count": count, "direction": direction, "discard": discard}
    if full:
        fields["hands"] = _set(s.hands, seat, hand)
    # only the current player wins, and only their own token
    if secrets[seat] == count:
        events.append(("win_token", seat, count))
        mine = won[seat] + (count,)
        won = _set(won, seat, mine)
        secrets = _set(secrets, seat, None)
        guesses = _set(guesses, seat, ())
        fields.update(won=won, secrets=secrets, guesses=guesses)
        if len(mine) >= s.to_win:
            return _game_over(s, "tokens", events, **fields)
        needed = _token_needed(s, seat, queue, pool)
        if needed is None:
            return _game_over(s, "pool", events, **fields)
        fields["token_queue"] = needed

    if bonus:
        if not full or hand:
            fields["bonus"] = True
            fields["last"] = tuple(events)
            return s._replace(**fields)
        events.append(("end_turn", seat))  # a bonus play is due but the hand is empty
    return _end_turn(s, seat, step, direction, events, fields, hand)


def _end_turn(s: State, seat: int, step: int, direction: int, events: list[Any], fields: dict[str, Any],
              hand: Any) -> State:
    if s.deck_mode == "full":
        hand, pile, short = _refill(hand, s.pile)
        fields["hands"] = _set(s.hands, seat, hand)
        fields["pile"] = pile
        if short:
            fields["refill"] = seat
    if step == 2:
        events.append(("skip", (seat + direction) % s.n))
    fields["turn"] = (seat + direction * step) % s.n
    fields["bonus"] = False
    fields["last"] = tuple(events)
    return s._replace(**fields)


def apply_end_turn(s: State, action: dict[str, Any]) -> State:
    seat = action["actor"]
    if not s.bonus:
        raise IllegalAction(_("{name} must play a card now.", name=s.names[seat]))
    if s.deck_mode == "full":
        raise IllegalAction(_("{name} still holds cards and plays another one now.", name=s.names[seat]))
    return _end_turn(s, seat, 1, s.direction, [("end_turn", seat)], {}, None)


def apply_guess(s: State, action: dict[str, Any]) -> State:
    seat = action["actor"]
    names = s.names
    if not s.advanced:
        raise IllegalAction(_("Guessing a secret number is only part of advanced play."))
    if s.bonus:
        raise IllegalAction(_("{name} must play another card now, not guess.", name=names[seat]))
    target = _int(action, "target", N_("Say whose secret number is guessed."))
    if not 0 <= target < s.n:
        raise IllegalAction(_("There is no player {player} at this table.", player=repr(target)))
    if target == seat:
        raise IllegalAction(_("A guess is at an opponent's secret number, not your own."))
    number = _int(action, "number", N_("A guess is a number."))
    if not _token_exists(s, number):
        raise IllegalAction(_("Secret numbers are 1 to {top}, not {number}.", top=len(s.pool) - 1, number=number))
    if _has_guessed(s, seat, target):
        raise IllegalAction(_("{name} already guessed {target}'s token: one guess per token.",
                              name=names[seat], target=names[target]))

    secrets, won, guesses, queue = s.secrets, s.won, s.guesses, s.token_queue
    right = secrets[target] == number
    # right: the guesser takes the target's token; wrong: the target takes the guesser's
    winner, loser = (seat, target) if right else (target, seat)
    token = secrets[loser]
    events = [("guess", seat, target, number, right)]
    mine = won[winner] + (token,)
    won = _set(won, winner, mine)
    secrets = _set(secrets, loser, None)
    guesses = _set(guesses, loser, ())
    if not right:
        guesses = _set(guesses, target, guesses[target] + ((seat, number),))
    fields: dict[str, Any] = {"won": won, "secrets": secrets, "guesses": guesses}
    if len(mine) >= s.to_win:
        return _game_over(s, "tokens", events, **fields)
    needed = _token_needed(s, loser, queue, s.pool)
    if needed is None:
        return _game_over(s, "pool", events, **fields)
    fields["token_queue"] = needed
    fields["turn"] = (seat + s.direction) % s.n
    fields["last"] = tuple(events)
    return s._replace(**fields)


def apply_draw_token(s: State, action: dict[str, Any]) -> State:
    seat = action.get("seat")
    if type(seat) is not int or seat != s.token_queue[0]:
        raise IllegalAction(_("{name} draws the next token.", name=s.names[s.token_queue[0]]))
    token = _int(action, "token", N_("Say which token was drawn."))
    if not 0 < token < len(s.pool) or not s.pool[token]:
        raise IllegalAction(_("No token {token} is left face down.", token=repr(token)))
    return s._replace(
        secrets=_set(s.secrets, seat, token),
        pool=_set(s.pool, token, s.pool[token] - 1),
        token_queue=s.token_queue[1:],
        last=s.last + (("draw_token", seat),),
    )


def apply_return_token(s: State, action: dict[str, Any]) -> State:
    """After a confirmed undo of a reveal: the seat's token, which everybody saw, goes
    back into the pool face down and the seat draws again first (Game.rehide)."""
    seat = action.get("seat")
    if type(seat) is not int or not 0 <= seat < s.n or s.secrets[seat] is None:
        raise IllegalAction(_("That seat holds no token to put back."))
    value = s.secrets[seat]
    return s._replace(
        secrets=_set(s.secrets, seat, None),
        pool=_set(s.pool, value, s.pool[value] + 1),
        token_queue=(seat,) + tuple(q for q in s.token_queue if q != seat),
        last=s.last + (("return_token", seat),),
    )


def rehide(before: State, after: State) -> list[dict[str, Any]]:
    """The tokens an undo would hide again although everybody saw them: a seat whose
    secret in `after` differs from `before` lost that token to a win or a guess in the
    undone moves (nothing else changes a secret), so it goes back and is drawn anew."""
    return [{"actor": CHANCE, "type": RETURN_TOKEN, "seat": k} for k in range(after.n)
            if after.secrets[k] is not None and after.secrets[k] != before.secrets[k]]


def _check_order(order: Any, cards: tuple[str, ...], what: str) -> tuple[str, ...]:
    """`what`: "shuffle" (the deck) or "reshuffle" (the discard pile)."""
    if not isinstance(order, (list, tuple)) or len(order) != len(cards) or sorted(order) != list(cards):
        if what == "shuffle":
            raise IllegalAction(_("The shuffle must hold each of the {n} cards exactly once.", n=len(cards)))
        raise IllegalAction(_("The reshuffle of the discard pile must hold each of the {n} cards exactly once.",
                              n=len(cards)))
    return tuple(order)


def apply_shuffle(s: State, action: dict[str, Any]) -> State:
    order = _check_order(action.get("order"), s.deck, "shuffle")
    n = s.n
    first = s.dealer + 1
    hands = tuple(tuple(order[i] for i in range(5 * n) if (first + i) % n == seat) for seat in range(n))
    start = order[HAND_SIZE * n]
    pile = order[HAND_SIZE * n + 1:][::-1]  # order[0] is the top; the pile keeps its top last
    count = starting_count(start)
    state = s._replace(hands=hands, pile=pile, discard=(start,), last=(("shuffle", start, count),))
    return _after_start_card(state, count)


def _after_start_card(s: State, count: int | None) -> State:
    if count is None:
        return s._replace(phase=START_COUNT)
    return s._replace(phase=PLAY, count=count, token_queue=_first_draws(s))


def apply_start_card(s: State, action: dict[str, Any]) -> State:
    seat = action["actor"]
    card = _card(action)
    count = starting_count(card)
    state = s._replace(discard=(card,), last=(("start_card", seat, card, count),))
    return _after_start_card(state, count)


def apply_start_count(s: State, action: dict[str, Any]) -> State:
    seat = action["actor"]
    count = action.get("count")
    if type(count) is not int or count not in WILD_VALUES:
        raise IllegalAction(_("A Wild starting card counts as −5 to −1 or 1 to 5: choose one of those."))
    return _after_start_card(s._replace(last=s.last + (("start_count", seat, count),)), count)


def apply_reshuffle(s: State, action: dict[str, Any]) -> State:
    under = s.discard[:-1]
    order = _check_order(action.get("order"), tuple(sorted(under)), "reshuffle")
    seat = s.refill
    assert seat is not None  # waiting() says reshuffle only while a hand waits for it
    hand, pile, short = _refill(s.hands[seat], order[::-1])
    return s._replace(
        hands=_set(s.hands, seat, hand),
        pile=pile,
        discard=s.discard[-1:],
        refill=seat if short else None,
        last=s.last + (("reshuffle", len(order)),),
    )


#: Moves as data (companion/rules/engine.py): {what the game waits for: {action type: Move}}.
#: A Wild's value and a starting count are checked by their moves, with the rulebook's sentence.
MOVES = {
    "play": {
        # private: Game.private_action_types; what a phone enters is this game's menu() (menu.py): a card
        # of a full deck's hand; a physical deck's card, a guess and the end of a turn are public
        PLAY_CARD: Move(apply_play, texts=("card",), legal=legal_play, private=True),
        END_TURN: Move(apply_end_turn, legal=legal_end_turn, private=True),
        GUESS: Move(apply_guess, ints=("target", "number"), legal=legal_guess, private=True),
    },
    START_CARD_T: {START_CARD_T: Move(apply_start_card, texts=("card",), legal=legal_start_card)},
    START_COUNT_T: {START_COUNT_T: Move(apply_start_count, legal=legal_start_count)},
    "draw_token": {DRAW_TOKEN: Move(apply_draw_token, ints=("seat", "token"))},
    "shuffle": {SHUFFLE: Move(apply_shuffle)},
    "reshuffle": {RESHUFFLE: Move(apply_reshuffle)},
}


def deck_in_play(s: State) -> Counter[str]:
    """Every card in hands, draw pile and discard pile (full mode): the deck, always."""
    c = Counter(s.pile) + Counter(s.discard)
    for h in s.hands:
        c.update(h)
    return c
