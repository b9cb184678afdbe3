"""Maya in words a table understands: the markers' names, what the game waits
for, what just happened, the round's summary (level payments and the erosion
checklist) and each action as a sentence.

Pure functions of the public view (TABLE, or the public part of a seat's view)
and plain actions, so the screen, the command line and the log all speak the
same sentences. None of them names a concealed card's value or a sealed bid.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

View = Mapping[str, Any]

# The rulebook describes the Special Property markers without naming them;
# these are the names the table reads.
MARKER_NAMES = {
    "protect": "Protection",
    "move_block": "Move a block",
    "pool_block": "Block from the pool",
    "first_player": "First Player",
    "transport2": "+2 transport",
    "free_pass": "Free pass",
    "free_double": "Free double move",
    "transport4": "+4 transport",
    "joker": "Joker",
    "extra_block": "Extra block",
    "two_points": "+2 points",
}

# Shorter names for narrow places (seven quarries side by side).
SHORT_NAMES = {
    "protect": "Protect",
    "pool_block": "Pool block",
    "move_block": "Move block",
    "first_player": "1st player",
    "free_double": "Free double",
    "transport2": "+2 carry",
    "free_pass": "Free pass",
}

PHASE_NAMES = {
    "setup": "Preparation",
    "first_player": "First Player",
    "auction_draw": "Auction",
    "bidding": "Auction",
    "auction_choice": "Auction",
    "quarrying": "Quarrying",
    "quarry_end": "Quarrying",
    "distribution": "Distribution",
    "building": "Building",
    "over": "Game over",
}

# A quarry column's second line: scored with no block won; shielded against −3 cards.
NO_BLOCKS = "no blocks"
SAFE = "safe"

# The decisions a view can wait for, said to the player who must make them.
PENDING = {
    "minus_three": "{who}: whom does your −3 card at quarry {q} take 3 points from? (You may decline.)",
    "protect": "{who} won the protection marker: put it on another quarry with concealed cards.",
    "move_block": "{who} may move one of their blocks into a first level, or decline.",
    "pool_block": "{who} may place a block from the pool in a pyramid, or decline.",
    "appoint": "{who} won First Player: appoint the starting player.",
    "two_points": "{who} may put the +2 points marker at a quarry, or decline.",
    "joker": "{who} may use the joker now (protection, or a block), or keep it for later.",
    "joker_carry": "{who} may use the joker now (+2 transport, or a block), or keep it for building.",
}


def marker_name(code: str) -> str:
    if code.startswith("joker:"):
        return "Joker as " + MARKER_NAMES.get(code[6:], code[6:])
    return MARKER_NAMES.get(code, code.replace("_", " "))


def short_marker_name(code: str) -> str:
    return SHORT_NAMES.get(code) or marker_name(code)


def card_back(low: bool) -> str:
    """What a face-down worker card's back shows: low (L) or high (H)."""
    return "L" if low else "H"


def quarry_short(q: int) -> str:
    """A quarry's number where little room is left (seven quarries side by side)."""
    return f"Q{q + 1}"


def number(v: int) -> str:
    """A card value with a real minus sign."""
    return f"−{-v}" if v < 0 else str(v)


def names_of(view: View) -> list[str]:
    return [p["name"] for p in view["players"]]


def and_list(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def pyramid_name(view: View, p: int) -> str:
    return str(view["pyramids"][p]["name"])


# --- what the game waits for ------------------------------------------------------

def waiting_sentence(view: View, actors: list[Any]) -> str:
    """One sentence: who must do what now."""
    names = names_of(view)
    if view["phase"] == "over":
        return "The game is over."
    pend = view.get("pending")
    if pend:
        q = "" if pend.get("quarry") is None else pend["quarry"] + 1
        return PENDING.get(pend["kind"], "{who} decides.").format(who=names[pend["seat"]], q=q)
    seats = [a for a in actors if isinstance(a, int)]
    who = names[seats[0]] if seats else ""
    phase = view["phase"]
    if phase == "setup":
        return f"{who} places a starting block in the bottom level of a pyramid."
    if phase == "first_player":
        return f"{who} holds First Player: who starts round {view['round']}?"
    if phase == "auction_draw":
        return "The blue markers for the auction are being drawn."
    if phase == "bidding":
        return f"Sealed bids from {and_list(names[s] for s in seats)}."
    if phase == "auction_choice":
        return f"{who} chooses a blue marker."
    if phase == "quarrying":
        return f"{who}'s turn: lay a worker card or pass."
    if phase == "distribution":
        q = view["current_quarry"]
        return f"{who} enters the cards of quarry {q + 1} in order, then says the column is complete."
    if phase == "building":
        blocks = view["players"][seats[0]]["blocks"] if seats else 0
        return f"{who} builds ({plural(blocks, 'block')} left)."
    return ""


def header(view: View) -> str:
    if view["phase"] == "over":
        return "Game over"
    return f"Round {view['round']}/{view.get('rounds', 3)} · {PHASE_NAMES.get(view['phase'], view['phase'])}"


# --- what just happened -----------------------------------------------------------

def event_sentence(view: View, e: Mapping[str, Any]) -> str:
    """A public event as a sentence."""
    names = names_of(view)
    kind = e["event"]
    if kind == "placed":
        return f"{names[e['seat']]} lays a {'low' if e['low'] else 'high'} card at quarry {e['quarry'] + 1}."
    if kind == "passed":
        return f"{names[e['seat']]} passes."
    if kind == "quarry":
        return quarry_sentence(view, e)
    if kind == "transport":
        return transport_sentence(view, e)
    if kind == "built":
        where = [f"{pyramid_name(view, p)} level {lv + 1}" for p, lv in e["placed"]]
        dbl = str(e.get("double_move"))
        head = {"paid": " pays a block for a double move:",
                "free": " uses the free double move:"}.get(dbl, " builds in")
        out = f"{names[e['seat']]}{head} {' and '.join(where)}."
        for b in e.get("bonus", []):
            out += " " + event_sentence(view, b)
        return out
    if kind == "bonus_block":
        return f"Bonus block for {names[e['seat']]} in {pyramid_name(view, e['pyramid'])} level {e['level'] + 1}."
    if kind == "pass":
        if e["forced"]:
            return f"{names[e['seat']]} cannot place a block: one goes to the pool and the bank pays 1 gold."
        return f"{names[e['seat']]} pays a block to the pool and passes."
    if kind == "scoring":
        won = [0] * len(names)
        for pyr in e["payments"]:
            for level in pyr:
                for s, g in enumerate(level):
                    won[s] += g
        out = f"Round {e['round']} scored: " + ", ".join(f"{n} +{g} gold" for n, g in zip(names, won)) + "."
        return out + (" Erosion: each paid player takes a block off each level they were paid for."
                      if e.get("eroded") else "")
    if kind == "starting_player":
        return f"{names[e['seat']]} starts this round."
    if kind == "appointed":
        return f"{names[e['by']]} appoints {names[e['seat']]} as the starting player."
    if kind == "blue_drawn":
        return "Up for auction: " + and_list(marker_name(m) for m in e["markers"]) + "."
    if kind == "bids":
        bids = ", ".join(f"{n} {b}" for n, b in zip(names, e["bids"]))
        order = " then ".join(names[s] for s in e["order"]) or "nobody"
        return f"Bids: {bids} gold. Choosing: {order}."
    if kind == "action":
        return action_sentence(view, e["action"])
    if kind == "correction":
        return correction_sentence(view, e)
    return ""


def correction_sentence(view: View, e: Mapping[str, Any]) -> str:
    names = names_of(view)
    what = {"gold": "gold", "pool": "blocks in the pool"}[e["what"]]
    return f"Fixed: {names[e['seat']]}'s {what} from {e['before']} to {e['after']}."


def transport_sentence(view: View, e: Mapping[str, Any]) -> str:
    names = names_of(view)
    parts = []
    for s, r in sorted(e["players"].items(), key=lambda kv: int(kv[0])):
        if r["returned"] or r["extra"]:
            bits = []
            if r["returned"]:
                bits.append(f"{r['returned']} back to the pool")
            if r["extra"]:
                bits.append("1 extra block")
            parts.append(f"{names[int(s)]} {r['blocks']} ({', '.join(bits)})")
        else:
            parts.append(f"{names[int(s)]} {r['blocks']}")
    return "Transport — blocks to build: " + "; ".join(parts) + "."


def quarry_sentence(view: View, e: Mapping[str, Any]) -> str:
    names = names_of(view)
    q = e["quarry"] + 1
    won = {int(s): b for s, b in e["blocks"].items() if b}
    points = {int(s): p for s, p in e["points"].items()}
    order = sorted(points, key=lambda s: -points[s])
    parts = []
    for s in order:
        part = f"{names[s]} {points[s]} points"
        if s in won:
            part += f", {plural(won[s], 'block')}"
        parts.append(part)
    out = f"Quarry {q}: " + ("; ".join(parts) if parts else "no cards") + "."
    for owner, target in e.get("deductions", []):
        out += f" {names[owner]}'s −3 hit {names[target]}."
    if e.get("marker") and e.get("marker_to") is not None:
        out += f" {names[e['marker_to']]} takes {marker_name(e['marker'])}."
    return out


# --- the round's end, for the summary that stays until tapped ------------------------

def level_payment_lines(view: View, e: Mapping[str, Any]) -> list[str]:
    """Per pyramid and level: who was paid how much and why (most / second most blocks)."""
    names = names_of(view)
    out = []
    for p, (pay, counts) in enumerate(zip(e["payments"], e.get("counts") or [])):
        bits = []
        for lv, (level_pay, level_counts) in enumerate(zip(pay, counts)):
            paid = [(s, g) for s, g in enumerate(level_pay) if g]
            if not paid:
                continue
            top = max(level_counts)
            who = ", ".join(f"{names[s]} {g} ({'most' if level_counts[s] == top else 'second'}, "
                            f"{plural(level_counts[s], 'block')})" for s, g in paid)
            bits.append(f"L{lv + 1}: {who}")
        out.append(f"{pyramid_name(view, p)}: " + ("; ".join(bits) if bits else "no blocks, no gold") + ".")
    return out


def gold_table(view: View, e: Mapping[str, Any]) -> dict[str, Any]:
    """Who gets how much gold, per pyramid and level: a row per player, a column per
    pyramid ("L1 3 · L2 4"; "—" for nothing) and the round's total."""
    names = names_of(view)
    pyramids = [pyramid_name(view, p) for p in range(len(e["payments"]))]
    rows = []
    for s, name in enumerate(names):
        cells = []
        for pay in e["payments"]:
            paid = [f"L{lv + 1} {level[s]}" for lv, level in enumerate(pay) if level[s]]
            cells.append(" · ".join(paid) or "—")
        total = sum(level[s] for pay in e["payments"] for level in pay)
        rows.append({"seat": s, "name": name, "cells": [*cells, f"{total}g"]})
    return {"title": "Gold for each level", "columns": [*pyramids, "Total"], "rows": rows}


def erosion_table(view: View, e: Mapping[str, Any]) -> dict[str, Any] | None:
    """Which blocks each player takes off the real board, per pyramid ("L1 L2", "L1×2";
    "—" for none); None in the last round (nothing is removed)."""
    if not e.get("eroded"):
        return None
    names = names_of(view)
    pyramids = [pyramid_name(view, p) for p in range(len(e.get("removed") or []))]
    rows = []
    for s, name in enumerate(names):
        cells = []
        for pyr in e.get("removed") or []:
            levels = [f"L{lv + 1}" + (f"×{level[s]}" if level[s] > 1 else "") for lv, level in enumerate(pyr)
                      if level[s]]
            cells.append(" ".join(levels) or "—")
        rows.append({"seat": s, "name": name, "cells": cells})
    return {"title": "Take these blocks off the board", "columns": pyramids, "rows": rows}


def round_summary(view: View, e: Mapping[str, Any]) -> dict[str, Any]:
    """The round's end as a screen shows it until tapped: a title, tables (a row per
    player: the gold per pyramid level, the blocks to take off), sections of lines
    (the same in sentences, the quarries; a section a table shows has `table`) and the
    words of the button that closes it."""
    eroded = bool(e.get("eroded"))
    tables = [t for t in (gold_table(view, e), erosion_table(view, e)) if t is not None]
    sections = [
        {"title": "Gold for each level", "lines": level_payment_lines(view, e), "table": True},
        {"title": "Erosion: take these blocks off the board" if eroded else "Erosion",
         "lines": erosion_lines(view, e), "checklist": eroded, "table": eroded},
    ]
    quarries = quarry_lines(view, e)
    if quarries:
        sections.append({"title": "This round's quarries", "lines": quarries})
    return {"title": f"Round {e['round']} scored", "tables": tables, "sections": sections,
            "done": "Done — blocks taken off" if eroded else "Done"}


def player_status(p: Mapping[str, Any], view: View) -> str:
    """What the player is doing now (passed, bid or still to bid), cards left, markers
    held, in few words, the most pressing first (a tile's second line: a narrow tile
    shows the first pieces that fit)."""
    bits = []
    if p.get("passed"):
        bits.append("passed")
    if "has_bid" in p:
        bits.append("bid ✓" if p["has_bid"] else "to bid")
    if view["phase"] in ("quarrying", "quarry_end", "bidding", "auction_choice", "first_player", "setup"):
        bits.append(f"{p['cards_left']} cards")
    if p["seat"] == view["starting_player"]:
        bits.append("starts")
    held = [short_marker_name(m) for m in p["markers"]]
    if view["first_player_holder"] == p["seat"]:
        held.insert(0, "1st player")
    return " · ".join(bits + held)


def quarry_lines(view: View, e: Mapping[str, Any]) -> list[str]:
    """The round's quarries, each with its result (those that had cards)."""
    return [quarry_sentence(view, r) for r in sorted(e.get("quarries") or [], key=lambda r: r["quarry"])
            if r.get("points")]


def erosion_lines(view: View, e: Mapping[str, Any]) -> list[str]:
    """Per player: which blocks to take off the real board, pyramid by pyramid."""
    if not e.get("eroded"):
        return ["Last round: no blocks are removed."]
    names = names_of(view)
    out = []
    for s, name in enumerate(names):
        bits = []
        for p, pyr in enumerate(e.get("removed") or []):
            levels = [f"L{lv + 1}" + (f"×{level[s]}" if level[s] > 1 else "") for lv, level in enumerate(pyr)
                      if level[s]]
            if levels:
                bits.append(f"{pyramid_name(view, p)} {' '.join(levels)}")
        out.append(f"☐ {name}: " + ("; ".join(bits) if bits else "nothing to remove") + ".")
    return out


# --- actions as sentences ------------------------------------------------------------

def action_sentence(view: View, action: Mapping[str, Any]) -> str:
    """An action in the TABLE's words: never a card's value or a bid."""
    actor = action.get("actor")
    if actor == "chance":
        if action.get("type") == "draw_blue_markers":
            return "Drawn for the auction: " + and_list(marker_name(m) for m in action.get("markers", [])) + "."
        return "A draw."
    names = names_of(view)
    who = names[actor] if isinstance(actor, int) and 0 <= actor < len(names) else "A player"
    t = action.get("type")
    def pyr(p: int) -> str:
        return pyramid_name(view, p)

    q: Any = action.get("quarry")
    card: Any = action.get("card")
    you: Any = view.get("you")
    own = isinstance(you, Mapping) and you.get("seat") == actor  # the actor's own view: its values may be named
    if own and t == "place_worker" and isinstance(q, int):
        return f"Lay your {number(card)} at quarry {q + 1}."
    if own and t == "bid":
        return f"Bid {action.get('gold')} gold."
    if t == "place_worker":
        return f"{who} lays a worker card at quarry {q + 1}." if isinstance(q, int) else f"{who} lays a worker card."
    if t == "pass":
        if "free" not in action:
            return f"{who} passes."
        return f"{who} uses the free pass." if action["free"] else f"{who} pays a block to the pool and passes."
    if t == "bid":
        return f"{who} seals a bid."
    if t == "setup_block":
        return f"{who} places a starting block in {pyr(action['pyramid'])}."
    if t == "choose_starting_player":
        return f"{who} chooses {names[action['seat']]} to start this round."
    if t == "appoint_starting_player":
        return f"{who} appoints {names[action['seat']]} as the starting player."
    if t == "choose_blue_marker":
        return f"{who} takes the {marker_name(action['marker'])} marker."
    if t == "minus_three":
        return f"{who}'s −3 card takes 3 points from {names[action['target']]}."
    if t == "place_protection":
        return f"{who} puts the protection marker on quarry {q + 1}: no −3 card hits them there."
    if t == "move_block":
        return (f"{who} moves a block from {pyr(action['pyramid'])} level {action['level'] + 1} "
                f"into the first level of {pyr(action['to'])}.")
    if t == "pool_block":
        return f"{who} places a block from the pool in {pyr(action['pyramid'])}."
    if t == "decline":
        return f"{who} declines."
    if t == "place_two_points":
        return f"{who} puts the +2 points marker at quarry {q + 1}."
    if t == "use_joker":
        head = f"{who}'s joker stands for {marker_name(action['as'])}"
        inner = {"protect": "place_protection", "free_double": "double_move", "free_pass": "pass"}.get(
            action["as"], action["as"])
        if action["as"] in ("protect", "move_block", "pool_block"):
            return f"{head}. " + action_sentence(view, dict(action, type=inner))
        if action["as"] == "free_double" and "pyramids" in action:
            a, b = action["pyramids"]
            return f"{head}: {pyr(a)} then {pyr(b)}."
        return head + "."
    if t == "enter_card":
        return f"{names[action['seat']]}'s {number(action['card'])} is next in the column."
    if t == "close_column":
        return f"{who} says the column is complete."
    if t == "place_block":
        return f"{who} builds in {pyr(action['pyramid'])}."
    if t == "double_move":
        a, b = action["pyramids"]
        how = "free double move" if action.get("free") else "double move"
        return f"{who} makes a {how}: {pyr(a)} then {pyr(b)}."
    return f"{who}: {str(t).replace('_', ' ')}."
