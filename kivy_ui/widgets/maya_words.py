"""Maya in words a table understands: the names of the markers, what the game
waits for, what just happened, and the choices of the public screen built from
`legal_actions`, grouped in small steps (first the pyramid, then the level...).

Pure functions of the TABLE view and plain actions; no Kivy, so the UI tests
and a reader can check the sentences without a window. The engine's view
carries data, not sentences, so the sentences live here, next to the screen.
"""
from __future__ import annotations

from dataclasses import dataclass

# The rulebook describes the Special Property markers without naming them;
# these are the names the table reads on the buttons.
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

# Shorter names for the narrow quarry columns (seven quarries side by side).
SHORT_NAMES = {
    "pool_block": "Pool block",
    "move_block": "Move block",
    "free_double": "Free double",
    "transport2": "+2 transport",
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

# The decisions a view can wait for, said to the player who must make them.
PENDING = {
    "minus_three": "{who}: whom does your −3 card at quarry {q} take 3 points from?",
    "protect": "{who} won the protection marker: put it on another quarry with concealed cards.",
    "move_block": "{who} may move one of their blocks into a first level, or decline.",
    "pool_block": "{who} may place a block from the pool in a pyramid, or decline.",
    "appoint": "{who} won First Player: appoint the starting player.",
    "two_points": "{who} may put the +2 points marker at a quarry, or decline.",
    "joker": "{who}: which green marker does your joker stand for?",
}


def marker_name(code: str) -> str:
    if code.startswith("joker:"):
        return "Joker as " + MARKER_NAMES.get(code[6:], code[6:])
    return MARKER_NAMES.get(code, code.replace("_", " "))


def short_marker_name(code: str) -> str:
    return SHORT_NAMES.get(code) or marker_name(code)


def number(v: int) -> str:
    """A card value with a real minus sign."""
    return f"−{-v}" if v < 0 else str(v)


def names_of(view: dict) -> list[str]:
    return [p["name"] for p in view["players"]]


def and_list(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def pyramid_name(view: dict, p: int) -> str:
    return view["pyramids"][p]["name"]


def acting(view: dict) -> list[int]:
    """The seats the game waits for (several while bidding)."""
    return [a for a in view["actors"] if isinstance(a, int)]


# --- what the game waits for ------------------------------------------------------

def prompt(view: dict) -> str:
    """One sentence: who must do what now."""
    names = names_of(view)
    if view.get("result") is not None or view["phase"] == "over":
        return "The game is over."
    if view["waiting_for"]:
        w = view["waiting_for"][0]
        q = "" if w.get("quarry") is None else w["quarry"] + 1
        return PENDING.get(w["kind"], "{who} decides.").format(who=names[w["seat"]], q=q)
    seats = acting(view)
    who = names[seats[0]] if seats else ""
    phase = view["phase"]
    if phase == "setup":
        return f"{who} places a starting block in the bottom level of a pyramid."
    if phase == "first_player":
        return f"{who} holds First Player: who starts round {view['round']}?"
    if phase == "auction_draw":
        return "The blue markers for the auction are being drawn."
    if phase == "bidding":
        return f"Sealed bids: waiting for {and_list(names[s] for s in seats)}, each in their private view."
    if phase == "auction_choice":
        return f"{who} chooses a blue marker."
    if phase == "quarrying":
        return f"{who}'s turn: lay a worker card or pass, in the private view."
    if phase == "distribution":
        q = view["current_quarry"]
        return f"{who} enters the cards of quarry {q + 1} in order, then says the column is complete."
    if phase == "building":
        blocks = view["players"][seats[0]]["blocks"] if seats else 0
        return f"{who} builds ({blocks} block{'s' if blocks != 1 else ''} left)."
    return ""


def header(view: dict) -> str:
    if view["phase"] == "over":
        return "Game over"
    return f"Round {view['round']}/3 · {PHASE_NAMES.get(view['phase'], view['phase'])}"


def is_private(action: dict) -> bool:
    """Choices a player makes behind the privacy gate: their card and quarry, their bid."""
    return action["type"] in ("place_worker", "bid") or (
        action["type"] == "pass" and "free" not in action)


# --- what just happened -----------------------------------------------------------

def describe_event(view: dict, e: dict | None) -> str:
    """The last public event as a sentence; empty when there is none yet."""
    if not e:
        return ""
    names = names_of(view)
    kind = e["event"]
    if kind == "placed":
        return f"{names[e['seat']]} lays a {'low' if e['low'] else 'high'} card at quarry {e['quarry'] + 1}."
    if kind == "passed":
        return f"{names[e['seat']]} passes."
    if kind == "quarry":
        return quarry_sentence(view, e)
    if kind == "transport":
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
    if kind == "built":
        where = [f"{pyramid_name(view, p)} level {lv + 1}" for p, lv in e["placed"]]
        dbl = e.get("double_move")
        head = {"paid": " pays a block for a double move:", "free": " uses the free double move:"}.get(dbl, " builds in")
        out = f"{names[e['seat']]}{head} {' and '.join(where)}."
        for b in e.get("bonus", []):
            out += f" Bonus block for {names[b['seat']]} in {pyramid_name(view, b['pyramid'])} level {b['level'] + 1}."
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
        return out + (" Erosion: each paid player lost a block per level." if e.get("eroded") else "")
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
    return ""


def quarry_sentence(view: dict, e: dict) -> str:
    names = names_of(view)
    q = e["quarry"] + 1
    won = {int(s): b for s, b in e["blocks"].items() if b}
    points = {int(s): p for s, p in e["points"].items()}
    order = sorted(points, key=lambda s: -points[s])
    parts = []
    for s in order:
        part = f"{names[s]} {points[s]} points"
        if s in won:
            part += f" → {won[s]} block{'s' if won[s] != 1 else ''}"
        parts.append(part)
    out = f"Quarry {q}: " + ("; ".join(parts) if parts else "no cards") + "."
    for owner, target in e.get("deductions", []):
        out += f" {names[owner]}'s −3 hit {names[target]}."
    if e.get("marker") and e.get("marker_to") is not None:
        out += f" {names[e['marker_to']]} takes {marker_name(e['marker'])}."
    return out


def describe_action(view: dict, action: dict) -> str:
    """A public decision as a sentence, for the decisions that leave no event in
    the view (a −3 target, a marker placed, a block moved...); empty for the
    rest, and always for a private choice (a card's value, a bid)."""
    if is_private(action) or action.get("actor") == "chance":
        return ""
    names = names_of(view)
    who = names[action["actor"]]
    t = action["type"]
    pyr = lambda p: pyramid_name(view, p)  # noqa: E731
    if t == "setup_block":
        return f"{who} places a starting block in {pyr(action['pyramid'])}."
    if t == "choose_blue_marker":
        return f"{who} takes the {marker_name(action['marker'])} marker."
    if t == "minus_three":
        return f"{who}'s −3 card takes 3 points from {names[action['target']]}."
    if t == "place_protection":
        return f"{who} puts the protection marker on quarry {action['quarry'] + 1}: no −3 card hits them there."
    if t == "move_block":
        return (f"{who} moves a block from {pyr(action['pyramid'])} level {action['level'] + 1} "
                f"into the first level of {pyr(action['to'])}.")
    if t == "pool_block":
        return f"{who} places a block from the pool in {pyr(action['pyramid'])}."
    if t == "decline":
        return f"{who} declines."
    if t == "place_two_points":
        return f"{who} puts the +2 points marker at quarry {action['quarry'] + 1}."
    if t == "use_joker":
        head = f"{who}'s joker stands for {marker_name(action['as'])}"
        if action["as"] in ("protect", "move_block", "pool_block"):
            rest = describe_action(view, dict(action, type={"protect": "place_protection"}.get(action["as"], action["as"])))
            return f"{head}. {rest}"
        return head + "."
    if t == "enter_card":
        return f"{names[action['seat']]}'s {number(action['card'])} is next in the column."
    return ""


# --- the public choices -------------------------------------------------------------

@dataclass(frozen=True)
class Choice:
    """A button: its label, and either the action it plays or the step it opens."""

    label: str
    action: dict | None = None
    path: tuple | None = None


def steps(view: dict, action: dict) -> tuple:
    """An action as the labels of the buttons that lead to it, one per step."""
    names = names_of(view)
    t = action["type"]
    pyr = lambda p: pyramid_name(view, p)  # noqa: E731
    if t == "setup_block":
        return (pyr(action["pyramid"]),)
    if t in ("choose_starting_player", "appoint_starting_player"):
        return (names[action["seat"]],)
    if t == "choose_blue_marker":
        return (marker_name(action["marker"]),)
    if t == "minus_three":
        return (names[action["target"]],)
    if t in ("place_protection", "place_two_points"):
        return (f"Quarry {action['quarry'] + 1}",)
    if t == "move_block":
        # pyramid, then level, then destination: each step stays a short row of buttons
        return (f"From {pyr(action['pyramid'])}", f"Level {action['level'] + 1}", f"Into {pyr(action['to'])}")
    if t == "pool_block":
        return (pyr(action["pyramid"]),)
    if t == "decline":
        return ("Decline",)
    if t == "use_joker":
        first = f"As {marker_name(action['as'])}"
        if action["as"] == "protect":
            return (first, f"Quarry {action['quarry'] + 1}")
        if action["as"] == "move_block":
            return (first, f"From {pyr(action['pyramid'])}", f"Level {action['level'] + 1}",
                    f"Into {pyr(action['to'])}")
        if action["as"] == "pool_block":
            return (first, pyr(action["pyramid"]))
        return (first,)
    if t == "enter_card":
        return (f"{names[action['seat']]}'s card", number(action["card"]))
    if t == "close_column":
        return ("Column complete",)
    if t == "place_block":
        return (pyr(action["pyramid"]),)
    if t == "double_move":
        head = "Free double move" if action["free"] else "Double move"
        a, b = action["pyramids"]
        return (head, f"First {pyr(a)}", f"Then {pyr(b)}")
    if t == "pass" and "free" in action:
        return ("Free pass",) if action["free"] else ("Pass (pay 1 block)",)
    if t == "draw_blue_markers":
        return (" + ".join(marker_name(m) for m in action["markers"]),)
    return (t.replace("_", " ").capitalize(),)


def menu(view: dict, actions: list[dict], path: tuple = ()) -> list[Choice]:
    """The buttons at step `path`: one per distinct next label, in the order the
    engine lists the actions; a label that completes an action plays it."""
    out: list[Choice] = []
    seen = set()
    stuck = forced_pass(actions)
    for action in actions:
        key = steps(view, action)
        if stuck and action["type"] == "pass" and not action.get("free"):
            key = ("Pass: no block fits (+1 gold)",)
        if key[:len(path)] != path or len(key) <= len(path):
            continue
        label = key[len(path)]
        if label in seen:
            continue
        seen.add(label)
        if len(key) == len(path) + 1:
            out.append(Choice(label, action=action))
        else:
            out.append(Choice(label + "…", path=path + (label,)))
    if path:
        out.append(Choice("Back", path=path[:-1]))
    return out


def forced_pass(actions: list[dict]) -> bool:
    """Building with nothing to place: the pass is involuntary (the bank pays 1 gold)."""
    return bool(actions) and all(a["type"] == "pass" and "free" in a for a in actions)
