"""Maya in words a table understands: the markers' names, what the game waits
for, what just happened and each action as a sentence (the round's summary: round_words.py).

Pure functions of the public view (TABLE, or the public part of a seat's view)
and plain actions, so the screen, the command line and the log all speak the
same sentences. None of them names a concealed card's value or a sealed bid.
Every sentence is made in the language current when it is called (i18n.py):
the constants below are marked with N_ and translated where shown.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .i18n import N_, _, ngettext, pgettext

View = Mapping[str, Any]

# The rulebook describes the Special Property markers without naming them;
# these are the names the table reads.
MARKER_NAMES = {
    "protect": N_("Protection"),
    "move_block": N_("Move a block"),
    "pool_block": N_("Block from the pool"),
    "first_player": N_("First Player"),
    "transport2": N_("+2 transport"),
    "free_pass": N_("Free pass"),
    "free_double": N_("Free double move"),
    "transport4": N_("+4 transport"),
    "joker": N_("Joker"),
    "extra_block": N_("Extra block"),
    "two_points": N_("+2 points"),
}

# Shorter names for narrow places (seven quarries side by side).
SHORT_NAMES = {
    "protect": N_("Protect"),
    "pool_block": N_("Pool block"),
    "move_block": N_("Move block"),
    "first_player": N_("1st player"),
    "free_double": N_("Free double"),
    "transport2": N_("+2 carry"),
    "free_pass": N_("Free pass"),
}

PHASE_NAMES = {
    "setup": N_("Preparation"),
    "first_player": N_("First Player"),
    "auction_draw": N_("Auction"),
    "bidding": N_("Auction"),
    "auction_choice": N_("Auction"),
    "quarrying": N_("Quarrying"),
    "quarry_end": N_("Quarrying"),
    "distribution": N_("Distribution"),
    "building": N_("Building"),
    "over": N_("Game over"),
}

# A quarry column's second line: scored with no block won; shielded against −3 cards
# (translate where shown: no_blocks_label(), safe_label()).
NO_BLOCKS = N_("no blocks")
SAFE = N_("safe")

# The decisions a view can wait for, said to the player who must make them.
PENDING = {
    "minus_three": N_("{who}: whom does your −3 card at quarry {q} take 3 points from? (You may decline.)"),
    "protect": N_("{who} won the protection marker: put it on another quarry with concealed cards."),
    "move_block": N_("{who} may move one of their blocks into a first level, or decline."),
    "pool_block": N_("{who} may place a block from the pool in a pyramid, or decline."),
    "appoint": N_("{who} won First Player: appoint the starting player."),
    "two_points": N_("{who} may put the +2 points marker at a quarry, or decline."),
    "joker": N_("{who} may use the joker now (protection, or a block), or keep it for later."),
    "joker_carry": N_("{who} may use the joker now (+2 transport, or a block), or keep it for building."),
}


def no_blocks_label() -> str:
    return _(NO_BLOCKS)


def safe_label() -> str:
    # i18n: a quarry column's second line: its protected players' cards are safe from −3 cards
    return _(SAFE)


def marker_name(code: str) -> str:
    if code.startswith("joker:"):
        return _("Joker as {marker}", marker=marker_name(code[6:]))
    if code in MARKER_NAMES:
        return _(MARKER_NAMES[code])
    return code.replace("_", " ")


def short_marker_name(code: str) -> str:
    return _(SHORT_NAMES[code]) if code in SHORT_NAMES else marker_name(code)


def card_back(low: bool) -> str:
    """What a face-down worker card's back shows: low (L) or high (H)."""
    # i18n: one letter on a face-down worker card's back: L(ow) or H(igh)
    return pgettext("card back", "L") if low else pgettext("card back", "H")


def quarry_short(q: int) -> str:
    """A quarry's number where little room is left (seven quarries side by side)."""
    # i18n: a quarry's number where little room is left (Q1 = quarry 1)
    return _("Q{q}", q=q + 1)


def level_short(lv: int) -> str:
    """A pyramid level's number where little room is left (L1 = the bottom level)."""
    # i18n: a pyramid level's number where little room is left (L1 = level 1, the bottom one)
    return _("L{level}", level=lv + 1)


def number(v: int) -> str:
    """A card value with a real minus sign."""
    return f"−{-v}" if v < 0 else str(v)


def names_of(view: View) -> list[str]:
    return [p["name"] for p in view["players"]]


def and_list(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    # i18n: the end of a list: "Ana, Ben and Cy" ({rest} is "Ana, Ben")
    return _("{rest} and {last}", rest=", ".join(items[:-1]), last=items[-1])


def then_list(items: Iterable[str]) -> str:
    """Names in the order they act: "Ana then Ben then Cy"."""
    out = ""
    for item in items:
        out = item if not out else _("{before} then {after}", before=out, after=item)
    return out


def blocks(n: int) -> str:
    return ngettext("{n} block", "{n} blocks", n)


def pyramid_name(view: View, p: int) -> str:
    return str(view["pyramids"][p]["name"])


def pyramid_level(view: View, p: int, lv: int) -> str:
    """A pyramid's level by name and number: "Tikal level 2"."""
    return _("{pyramid} level {level}", pyramid=pyramid_name(view, p), level=lv + 1)


# --- what the game waits for ------------------------------------------------------

def waiting_sentence(view: View, actors: list[Any]) -> str:
    """One sentence: who must do what now."""
    names = names_of(view)
    if view["phase"] == "over":
        return _("The game is over.")
    pend = view.get("pending")
    if pend:
        q = "" if pend.get("quarry") is None else pend["quarry"] + 1
        who = names[pend["seat"]]
        if pend["kind"] in PENDING:
            return _(PENDING[pend["kind"]], who=who, q=q)
        return _("{who} decides.", who=who)
    seats = [a for a in actors if isinstance(a, int)]
    who = names[seats[0]] if seats else ""
    phase = view["phase"]
    if phase == "setup":
        return _("{who} places a starting block in the bottom level of a pyramid.", who=who)
    if phase == "first_player":
        return _("{who} holds First Player: who starts round {round}?", who=who, round=view["round"])
    if phase == "auction_draw":
        return _("The blue markers for the auction are being drawn.")
    if phase == "bidding":
        return _("Sealed bids from {names}.", names=and_list(names[s] for s in seats))
    if phase == "auction_choice":
        return _("{who} chooses a blue marker.", who=who)
    if phase == "quarrying":
        return _("{who}'s turn: lay a worker card or pass.", who=who)
    if phase == "distribution":
        q = view["current_quarry"]
        return _("{who} enters the cards of quarry {q} in order, then says the column is complete.",
                 who=who, q=q + 1)
    if phase == "building":
        left = view["players"][seats[0]]["blocks"] if seats else 0
        return ngettext("{who} builds ({n} block left).", "{who} builds ({n} blocks left).", left, who=who)
    return ""


def header(view: View) -> str:
    if view["phase"] == "over":
        return _("Game over")
    phase = _(PHASE_NAMES[view["phase"]]) if view["phase"] in PHASE_NAMES else view["phase"]
    return _("Round {round}/{rounds} · {phase}", round=view["round"], rounds=view.get("rounds", 3), phase=phase)


# --- what just happened -----------------------------------------------------------

def event_sentence(view: View, e: Mapping[str, Any]) -> str:
    """A public event as a sentence."""
    names = names_of(view)
    kind = e["event"]
    if kind == "placed":
        if e["low"]:
            return _("{name} lays a low card at quarry {q}.", name=names[e["seat"]], q=e["quarry"] + 1)
        return _("{name} lays a high card at quarry {q}.", name=names[e["seat"]], q=e["quarry"] + 1)
    if kind == "passed":
        return _("{name} passes.", name=names[e["seat"]])
    if kind == "quarry":
        return quarry_sentence(view, e)
    if kind == "transport":
        return transport_sentence(view, e)
    if kind == "built":
        where = and_list(pyramid_level(view, p, lv) for p, lv in e["placed"])
        dbl = str(e.get("double_move"))
        name = names[e["seat"]]
        if dbl == "paid":
            out = _("{name} pays a block for a double move: {where}.", name=name, where=where)
        elif dbl == "free":
            out = _("{name} uses the free double move: {where}.", name=name, where=where)
        else:
            out = _("{name} builds in {where}.", name=name, where=where)
        for b in e.get("bonus", []):
            out += " " + event_sentence(view, b)
        return out
    if kind == "bonus_block":
        return _("Bonus block for {name} in {where}.", name=names[e["seat"]],
                 where=pyramid_level(view, e["pyramid"], e["level"]))
    if kind == "pass":
        if e["forced"]:
            return _("{name} cannot place a block: one goes to the pool and the bank pays 1 gold.",
                     name=names[e["seat"]])
        return _("{name} pays a block to the pool and passes.", name=names[e["seat"]])
    if kind == "scoring":
        won = [0] * len(names)
        for pyr in e["payments"]:
            for level in pyr:
                for s, g in enumerate(level):
                    won[s] += g
        gains = ", ".join(_("{name} +{gold} gold", name=n, gold=g) for n, g in zip(names, won))
        out = _("Round {round} scored: {gains}.", round=e["round"], gains=gains)
        if e.get("eroded"):
            out += " " + _("Erosion: each paid player takes a block off each level they were paid for.")
        return out
    if kind == "starting_player":
        return _("{name} starts this round.", name=names[e["seat"]])
    if kind == "appointed":
        return _("{name} appoints {other} as the starting player.", name=names[e["by"]], other=names[e["seat"]])
    if kind == "blue_drawn":
        return _("Up for auction: {markers}.", markers=and_list(marker_name(m) for m in e["markers"]))
    if kind == "bids":
        bids = ", ".join(f"{n} {b}" for n, b in zip(names, e["bids"]))
        order = then_list(names[s] for s in e["order"]) or _("nobody")
        return _("Bids: {bids} gold. Choosing: {order}.", bids=bids, order=order)
    if kind == "action":
        return action_sentence(view, e["action"])
    if kind == "correction":
        return correction_sentence(view, e)
    return ""


def correction_sentence(view: View, e: Mapping[str, Any]) -> str:
    names = names_of(view)
    fields = {"name": names[e["seat"]], "before": e["before"], "after": e["after"]}
    if e["what"] == "gold":
        return _("Fixed: {name}'s gold from {before} to {after}.", **fields)
    return _("Fixed: {name}'s blocks in the pool from {before} to {after}.", **fields)


def transport_sentence(view: View, e: Mapping[str, Any]) -> str:
    names = names_of(view)
    parts = []
    for s, r in sorted(e["players"].items(), key=lambda kv: int(kv[0])):
        name = names[int(s)]
        if r["returned"] or r["extra"]:
            bits = []
            if r["returned"]:
                bits.append(ngettext("{n} back to the pool", "{n} back to the pool", r["returned"]))
            if r["extra"]:
                bits.append(_("{n} extra block", n=1))
            parts.append(_("{name} {blocks} ({details})", name=name, blocks=r["blocks"], details=", ".join(bits)))
        else:
            parts.append(f"{name} {r['blocks']}")
    return _("Transport — blocks to build: {parts}.", parts="; ".join(parts))


def quarry_sentence(view: View, e: Mapping[str, Any]) -> str:
    names = names_of(view)
    q = e["quarry"] + 1
    won = {int(s): b for s, b in e["blocks"].items() if b}
    points = {int(s): p for s, p in e["points"].items()}
    order = sorted(points, key=lambda s: -points[s])
    parts = []
    for s in order:
        # i18n: a player's points at a quarry ("Ana 7 points"); −1, 0 and 2 take the plural
        pts = ngettext("{name} {n} point", "{name} {n} points", points[s], name=names[s])
        parts.append(_("{points}, {blocks}", points=pts, blocks=blocks(won[s])) if s in won else pts)
    if parts:
        out = _("Quarry {q}: {results}.", q=q, results="; ".join(parts))
    else:
        out = _("Quarry {q}: no cards.", q=q)
    for owner, target in e.get("deductions", []):
        out += " " + _("{name}'s −3 hit {target}.", name=names[owner], target=names[target])
    if e.get("marker") and e.get("marker_to") is not None:
        out += " " + _("{name} takes the {marker} marker.", name=names[e["marker_to"]],
                       marker=marker_name(e["marker"]))
    return out


def player_status(p: Mapping[str, Any], view: View) -> str:
    """What the player is doing now (passed, bid or still to bid), cards left, markers
    held, in few words, the most pressing first (a tile's second line: a narrow tile
    shows the first pieces that fit)."""
    bits = []
    if p.get("passed"):
        bits.append(pgettext("status", "passed"))
    if "has_bid" in p:
        bits.append(pgettext("status", "bid ✓") if p["has_bid"] else pgettext("status", "to bid"))
    if view["phase"] in ("quarrying", "quarry_end", "bidding", "auction_choice", "first_player", "setup"):
        bits.append(ngettext("{n} card", "{n} cards", p["cards_left"]))
    if p["seat"] == view["starting_player"]:
        bits.append(pgettext("status", "starts"))
    held = [short_marker_name(m) for m in p["markers"]]
    if view["first_player_holder"] == p["seat"]:
        held.insert(0, short_marker_name("first_player"))
    return " · ".join(bits + held)


# --- actions as sentences ------------------------------------------------------------

def action_sentence(view: View, action: Mapping[str, Any]) -> str:
    """An action in the TABLE's words: never a card's value or a bid."""
    actor = action.get("actor")
    if actor == "chance":
        if action.get("type") == "draw_blue_markers":
            return _("Drawn for the auction: {markers}.",
                     markers=and_list(marker_name(m) for m in action.get("markers", [])))
        return _("A draw.")
    names = names_of(view)
    who = names[actor] if isinstance(actor, int) and 0 <= actor < len(names) else _("A player")
    t = action.get("type")

    def pyr(p: int) -> str:
        return pyramid_name(view, p)

    q: Any = action.get("quarry")
    card: Any = action.get("card")
    you: Any = view.get("you")
    own = isinstance(you, Mapping) and you.get("seat") == actor  # the actor's own view: its values may be named
    if own and t == "place_worker" and isinstance(q, int):
        return _("Lay your {card} at quarry {q}.", card=number(card), q=q + 1)
    if own and t == "bid":
        return _("Bid {gold} gold.", gold=action.get("gold"))
    if t == "place_worker":
        if isinstance(q, int):
            return _("{who} lays a worker card at quarry {q}.", who=who, q=q + 1)
        return _("{who} lays a worker card.", who=who)
    if t == "pass":
        if "free" not in action:
            return _("{who} passes.", who=who)
        if action["free"]:
            return _("{who} uses the free pass.", who=who)
        return _("{who} pays a block to the pool and passes.", who=who)
    if t == "bid":
        return _("{who} seals a bid.", who=who)
    if t == "setup_block":
        return _("{who} places a starting block in {pyramid}.", who=who, pyramid=pyr(action["pyramid"]))
    if t == "choose_starting_player":
        return _("{who} chooses {other} to start this round.", who=who, other=names[action["seat"]])
    if t == "appoint_starting_player":
        return _("{who} appoints {other} as the starting player.", who=who, other=names[action["seat"]])
    if t == "choose_blue_marker":
        return _("{who} takes the {marker} marker.", who=who, marker=marker_name(action["marker"]))
    if t == "minus_three":
        return _("{who}'s −3 card takes 3 points from {other}.", who=who, other=names[action["target"]])
    if t == "place_protection":
        return _("{who} puts the protection marker on quarry {q}: no −3 card hits them there.", who=who, q=q + 1)
    if t == "move_block":
        return _("{who} moves a block from {where} into the first level of {pyramid}.", who=who,
                 where=pyramid_level(view, action["pyramid"], action["level"]), pyramid=pyr(action["to"]))
    if t == "pool_block":
        return _("{who} places a block from the pool in {pyramid}.", who=who, pyramid=pyr(action["pyramid"]))
    if t == "decline":
        return _("{who} declines.", who=who)
    if t == "place_two_points":
        return _("{who} puts the +2 points marker at quarry {q}.", who=who, q=q + 1)
    if t == "use_joker":
        as_ = action["as"]
        inner = {"protect": "place_protection", "free_double": "double_move", "free_pass": "pass"}.get(as_, as_)
        if as_ in ("protect", "move_block", "pool_block"):
            return (_("{who}'s joker stands for {marker}.", who=who, marker=marker_name(as_)) + " "
                    + action_sentence(view, dict(action, type=inner)))
        if as_ == "free_double" and "pyramids" in action:
            a, b = action["pyramids"]
            return _("{who}'s joker stands for {marker}: {first} then {second}.", who=who,
                     marker=marker_name(as_), first=pyr(a), second=pyr(b))
        return _("{who}'s joker stands for {marker}.", who=who, marker=marker_name(as_))
    if t == "enter_card":
        return _("{name}'s {card} is next in the column.", name=names[action["seat"]], card=number(action["card"]))
    if t == "close_column":
        return _("{who} says the column is complete.", who=who)
    if t == "place_block":
        return _("{who} builds in {pyramid}.", who=who, pyramid=pyr(action["pyramid"]))
    if t == "double_move":
        a, b = action["pyramids"]
        if action.get("free"):
            return _("{who} makes a free double move: {first} then {second}.", who=who, first=pyr(a), second=pyr(b))
        return _("{who} makes a double move: {first} then {second}.", who=who, first=pyr(a), second=pyr(b))
    # i18n: an action of a kind this game does not know, by its name in the data
    return _("{who}: {action}.", who=who, action=str(t).replace("_", " "))
