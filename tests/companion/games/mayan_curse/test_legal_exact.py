"""legal_actions is complete and exact: over random games (1 to 6 players, both stela modes,
both purses), an action applies if and only if legal_actions lists it, for every seat, in
every state."""
import random

from companion.games.mayan_curse import GAME
from companion.games.mayan_curse.components import COLOURS, PLACES
from companion.games.mayan_curse.state import OVER
from companion.rules.engine import CHANCE


def candidates(state, seat):
    """Every action a seat could send, legal or not: each type with each value of its fields."""
    box = state.box
    out = [{"type": t} for t in ("reach_temple_board", "claim_camera", "escape", "end_turn")]
    for colour in COLOURS:
        out += [{"type": "discover_stela", "colour": colour, "place": p} for p in PLACES]
        out.append({"type": "stela_crushed", "colour": colour})
    out += [{"type": "use_backpack", "item": item} for item in box.backpack_items]
    out += [{"type": "play_stone", "stone": k} for k in box.kinds]
    out += [{"type": "enter_stones", "stones": [a, b, c]} for a in box.kinds[:3] for b in box.kinds[2:5]
            for c in box.kinds[4:]]
    for i in range(len(state.seats[seat].stelae) + 1):
        out += [{"type": "enter_stela_value", "stela": i, "value": v} for v in range(0, 8)]
    for name in box.boulder_names:
        out.append({"type": "boulder_stopped", "boulder": name, "where": "entrance"})
        out.append({"type": "boulder_stopped", "boulder": name, "where": "stays"})
        for r in range(0, box.rows + 3):
            here = [j for j, (_, p) in enumerate(state.boulders) if p == r and box.boulder_names[j] != name]
            # without a place only where no boulder lies: on a shared row the place defaults (for
            # journals written before places were asked) and is not listed
            if not here:
                out.append({"type": "boulder_stopped", "boulder": name, "where": "passage", "row": r})
            out += [{"type": "boulder_stopped", "boulder": name, "where": "passage", "row": r, "place": p}
                    for p in range(0, 4)]
    for a in out:
        a["actor"] = seat
    return out


def test_an_action_applies_exactly_when_it_is_listed(applies_exactly_when_listed):
    checked = 0
    for seed in range(24):
        rng = random.Random(seed)
        players = seed % 6 + 1
        state = GAME.setup([f"P{i}" for i in range(players)], {"stelae": ("digital", "physical")[seed % 2],
                                                                 "purse": ("companion", "real")[seed // 2 % 2]})
        while state.phase != OVER:
            actor = rng.choice(sorted(GAME.actors(state), key=str))
            if actor == CHANCE:
                state = GAME.apply(state, GAME.sample_chance(state, rng))
                continue
            for seat in range(players):
                checked += applies_exactly_when_listed(GAME, state, seat, candidates(state, seat), (seed, state.phase))
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state, actor)))
    assert checked > 10_000
