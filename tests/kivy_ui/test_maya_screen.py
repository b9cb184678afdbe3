"""Maya at the table, end to end through the real app: New game, the starting
blocks, quarrying through each player's private view, a reveal and its −3
choice, transport, building, undo, the end; and the public screen never shows
a concealed card or a sealed bid. Moves are chosen by the greedy bot and
entered the way players enter them: taps on the screen's buttons."""
from __future__ import annotations

import random

from companion.bots import get_bot
from companion.games.maya.actions import is_private
from companion.rules.engine import CHANCE
from kivy_ui import theme

BOT = get_bot("maya", "greedy")


# --- what a table does ------------------------------------------------------------

def start_maya(d, names=("Ana", "Ben", "Cy"), options=None, shot_name=None):
    """Home -> New game -> Maya, the players, the options -> Start."""
    screen = d.fill_new_game("Maya", names, options)
    if shot_name:
        d.shot(shot_name)
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "maya", 3), d.texts(d.screen())
    return d.app.table


def choice_buttons(d):
    """The buttons of the choices row that are showing (unused ones fold away)."""
    return d.screen().choice_buttons()


def route(frame_choices, action):
    """(the choice, its picks in order) whose completion is `action`: what a table taps."""
    from companion.rules.choices import complete

    for c in frame_choices:
        if not c.enabled or c.extra.get("opens"):
            continue
        if not c.parts:
            if dict(c.action) == action:
                return c, []
            continue
        for combo in c.legal:
            if complete(c, combo) == action:
                picks = []
                for part in c.parts:
                    value = combo[part.key]
                    picks += list(value) if part.count > 1 else [value]
                return c, picks
    raise AssertionError(f"no choice leads to {action}: {[c.key for c in frame_choices]}")


def tap_choice(d, action, confirm=True):
    """Tap the public choice that plays `action`, then each value of its parts in the
    picker; a choice that asks first gets its Yes. Returns the number of taps."""
    screen = d.screen()
    choice, picks = route(screen.frame.choices, action)
    d.tap(next(b for b in choice_buttons(d) if getattr(b.choice, "key", None) == choice.key))
    taps = 1
    for value in picks:
        row = choice_buttons(d)
        button = next((b for b in row if b.choice == ("pick", value) and not b.disabled), None)
        assert button is not None, (value, [(b.text, b.choice, b.disabled) for b in row], screen.picks)
        d.tap(button)
        taps += 1
    if choice.confirm and confirm and not choice.parts:  # a picker asks at its head instead
        ask = screen._confirm_choice
        assert ask is not None and ask.parent is not None and ask.question.text == choice.confirm
        d.tap(ask.yes)
        taps += 1
    return taps


def open_private_view(d, seat):
    """The player taps their button on the choices bar, the others look away, they confirm."""
    screen = d.screen()
    d.tap(next(b for b in choice_buttons(d) if b.choice == ("peek", seat)))
    assert "look away" in " ".join(d.texts(screen.gate_view.overlay))
    d.tap(screen.gate_view.overlay.ids_show)
    overlay = screen.gate_view.overlay
    assert overlay is not None and f"Only {d.app.table.name(seat)} looks" in d.texts(overlay)
    return overlay


def private_turn(d, seat, action, shot_name=None):
    """The player makes their own choice inside their private view."""
    overlay = open_private_view(d, seat)
    if shot_name and action["type"] != "place_worker":
        d.shot(shot_name)
    screen = d.screen()
    panel = screen._private
    if action["type"] == "pass":
        d.tap(panel.pass_button)
        assert screen.gate_view.overlay is not None, "the pass asks first, over the view"
        d.tap(screen._confirm_choice.yes)
    elif action["type"] == "place_worker":
        if shot_name:  # the hand, each quarry with its cards laid, and the cards that may go there
            d.shot(shot_name)
        d.tap(panel.picks[action["quarry"]].buttons[action["card"]])
    elif action["type"] == "bid":
        for digit in str(action["gold"]):
            d.tap(panel.keys[digit], frames=1)
        assert d.find(str(action["gold"]), widget=overlay, exact=True)
        d.tap(panel.keys["seal"])
    assert d.screen().gate_view.overlay is None, "choosing hides the private view"


def play_one(d, rng, shot_name=None):
    """The greedy bot decides for whoever must act; the move is entered on screen."""
    session = d.app.table.session
    actor = sorted(session.actors(), key=str)[0]
    assert actor != CHANCE, "digital draws happen by themselves"
    action = BOT.choose(session.game, session.state, actor, rng)
    before = len(session.actions)
    if is_private(action):
        private_turn(d, actor, action, shot_name)
    else:
        tap_choice(d, action)
    assert len(session.actions) > before and session.actions[before] == action, d.screen().message
    assert d.cut_off(d.screen().ids.choices) == [], "every choice reads whole"
    return action


def public_texts(d):
    return sorted(d.texts(d.screen()))


def quarry_chips(d):
    return [c.text for col in d.screen().ids.quarries.children for c in col.chips if c.text]


# --- the tests ----------------------------------------------------------------------

def test_three_players_play_maya_through_the_screen_and_private_views_to_the_end(ui):
    d = ui
    rng = random.Random(7)
    table = start_maya(d, shot_name="maya-00-new-game")
    session = table.session
    screen = d.screen()
    assert session.game_name == "maya" and session.players == ["Ana", "Ben", "Cy"]
    assert [b.text for b in choice_buttons(d)] == ["Chichen Itza", "Copan", "Uxmal", "Palenque"]
    d.shot("maya-01-setup")

    # A starting block can be taken back: nothing was revealed.
    d.tap(choice_buttons(d)[1])
    assert table.public_view()["pyramids"][1]["levels"][0]["blocks"] == [1, 0, 0]
    assert screen.ids.summary.text == "Ana places a starting block in Copan."
    d.tap(screen.ids.undo)
    assert table.public_view()["pyramids"][1]["levels"][0]["blocks"] == [0, 0, 0] and not table.message

    while session.state.phase == "setup":
        play_one(d, rng)
    assert "Ana's turn: lay a worker card or pass" in screen.ids.prompt.text
    leds = d.app.devices.leds
    assert [leds.is_lit(f"seat{i}") for i in (1, 2, 3)] == [True, False, False], "Ana's seat button lights up"

    # Quarrying: every card goes down through its player's private view.
    private_shot = "maya-03-private-view"
    while session.state.phase == "quarrying":
        action = play_one(d, rng, shot_name=private_shot)
        private_shot = None
        if action["type"] == "place_worker":
            chips = quarry_chips(d)
            assert all(t.endswith(("L", "H")) for t in chips), chips
        if sum(len(q["cards"]) for q in table.public_view()["quarries"]) == 6:
            d.shot("maya-02-quarrying")

    # The last pass turned the right-hand quarry's cards face up: Undo asks the table
    # first (the cards stay known; the shared ConfirmUndo); "Keep it" leaves the game as it is.
    revealed = [q for q in table.public_view()["quarries"] if q["revealed"]]
    assert revealed and all("value" in c for q in revealed for c in q["cards"])
    moves = len(session.actions)
    d.tap(screen.ids.undo)
    assert table.pending_undo and screen._confirm_undo is not None
    d.shot("maya-09-undo-a-reveal")
    d.tap(screen._confirm_undo.keep)
    assert len(session.actions) == moves and table.pending_undo is None

    # Distribution (−3 choices, markers), transport and building, all on the public screen.
    seen_minus_three = False
    while session.state.phase == "distribution" or session.state.phase == "quarry_end":
        pending = table.public_view()["pending"]
        if pending and pending["kind"] == "minus_three" and not seen_minus_three:
            seen_minus_three = True
            assert "−3 card" in screen.ids.prompt.text
            d.shot("maya-04-minus-three")
        play_one(d, rng)
    assert session.state.phase == "building"
    if any(e["kind"] == "transport" for e in table.public_view()["events"]):
        assert "Transport — blocks to build:" in screen.ids.summary.text
    blocks = {p["name"]: p["blocks"] for p in table.public_view()["players"]}
    for tile in screen.ids.players.children:
        name = tile.name.text.split(" ", 1)[1]
        assert tile.blocks.text.startswith(f"{blocks[name]}["), "blocks in hand are public after transport"
    built = 0
    while session.state.phase == "building" and built < 6:
        action = play_one(d, rng, )
        built += action["type"] in ("place_block", "double_move")
        if built == 3:
            d.shot("maya-05-building")
    assert built >= 1

    # The rest of the game: the same bots through the table controller; the screen follows.
    while session.result() is None:
        actor = sorted(session.actors(), key=str)[0]
        table.play(BOT.choose(session.game, session.state, actor, rng))
        if session.result() is None:
            v = table.public_view()
            assert screen.header.startswith(f"Round {v['round']}/3")
    assert d.until(lambda: d.app.sm.current == "end", 3)
    result = session.result()
    end = d.screen()
    winners = " and ".join(session.players[s] for s in result.winners)
    assert end.ids.headline.text.startswith(winners)
    assert "gold" in end.ids.detail.text
    d.shot("maya-06-end")


def test_the_public_screen_never_shows_a_concealed_card_or_a_sealed_bid(ui):
    """Two games that differ only in a hidden card (or a hidden bid) give the same
    public screen, and opening each player's private view changes nothing on it."""
    d = ui
    rng = random.Random(11)
    table = start_maya(d, names=("Ana", "Ben", "Cy", "Dee"), options={"advanced": True})
    session = table.session
    screen = d.screen()
    while session.state.phase == "setup":
        play_one(d, rng)
    assert session.state.phase == "bidding"
    assert "Sealed bids" in screen.ids.prompt.text
    leds = d.app.devices.leds
    assert [leds.is_lit(f"seat{i}") for i in (1, 2, 3, 4)] == [True] * 4, "every bidder's button lights up"

    # Ana's sealed bid: 2 gold, or (undone and bid again) 7 gold: the same public screen.
    private_turn(d, 0, {"type": "bid", "gold": 2})
    with_two = public_texts(d)
    d.tap(screen.ids.undo)
    assert session.view(0)["you"]["bid"] is None
    assert screen.ids.summary.text == "Took back Ana's last move.", "whose, never how much"
    d.frames(2)
    assert not screen.ids.redo.disabled and d.cut_off() == []
    private_turn(d, 0, {"type": "bid", "gold": 7})
    assert public_texts(d) == with_two
    assert any("bid ✓" in t for t in with_two), "the table sees who has bid"
    d.shot("maya-07-bidding")
    assert [leds.is_lit(f"seat{i}") for i in (1, 2, 3, 4)] == [False, True, True, True], \
        "Ana has sealed her bid: her button goes dark, the others still wait"
    for seat in (1, 2, 3):
        private_turn(d, seat, {"type": "bid", "gold": seat})
    assert "Bids: Ana 7, Ben 1, Cy 2, Dee 3 gold" in screen.ids.summary.text, "bids are shown once all are in"

    while session.state.phase != "quarrying":
        play_one(d, rng)
    # The first card at a quarry: a 3, or (undone) a 4 — both low, both face down.
    seat = table.turn()
    private_turn(d, seat, {"type": "place_worker", "quarry": 2, "card": 3})
    with_three = public_texts(d)
    d.tap(screen.ids.undo)
    private_turn(d, seat, {"type": "place_worker", "quarry": 2, "card": 4})
    assert public_texts(d) == with_three
    for _ in range(8):
        play_one(d, rng)
    assert any(q["cards"] and not q["revealed"] for q in table.public_view()["quarries"])
    before = public_texts(d)
    for s in range(4):
        table.open_gate(s, "touch")
        d.frames(2)
        overlay = screen.gate_view.overlay
        assert overlay is not None and overlay not in list(d.walk(screen))
        assert public_texts(d) == before
        table.close_gate()
        d.frames(1)
        assert not any(t.startswith("Your worker cards") for t in d.texts())


def test_every_state_says_what_it_waits_for_and_no_private_choice_is_said_to_the_table():
    """Over random games in every mode: the prompt and the events always make a
    sentence, and a choice that names a card or a bid is only for its seat. (The
    choices' slots, confirmations and completions: tests/companion/games/maya/test_menu.py.)"""
    from companion.games import get_game
    from companion.rules.engine import TABLE

    game = get_game("maya")
    rng = random.Random(5)
    bot = get_bot("maya", "random")
    for n, options in ((3, {}), (4, {"advanced": True}), (5, {"advanced": True, "quarries": "scoring-only"})):
        for _ in range(3):
            state = game.setup(["Ana", "Ben", "Cy", "Dee", "Eve"][:n], options)
            while game.result(state) is None:
                view = game.view(state, TABLE)
                assert view["waiting_for"]["sentence"] and all(e["sentence"] for e in view["events"])
                actors = sorted(game.actors(state), key=str)
                for c in game.menu(state, actors[0]):
                    if c.action.get("type") in ("place_worker", "bid"):
                        assert not c.public, c.key
                actor = actors[0]
                action = game.sample_chance(state, rng) if actor == CHANCE else bot.choose(game, state, actor, rng)
                state = game.apply(state, action)


def test_scoring_only_the_starting_player_enters_a_column_card_by_card(ui):
    """Real cards on the table: at the reveal the starting player enters the
    right-hand quarry's column (a player's card, then its value) and closes it."""
    d = ui
    rng = random.Random(3)
    table = start_maya(d, options={"quarries": "scoring-only"})
    session = table.session
    screen = d.screen()
    while session.state.phase == "setup":
        play_one(d, rng)
    assert session.state.phase == "distribution"
    assert "Ana enters the cards of quarry 5" in screen.ids.prompt.text
    assert [b.text for b in choice_buttons(d)] == ["Ana's card…", "Ben's card…", "Cy's card…", "Column complete"]
    for seat, card in ((1, 3), (2, 8), (1, 7)):
        tap_choice(d, {"actor": 0, "type": "enter_card", "seat": seat, "card": card})
    assert screen.ids.summary.text == "Ben's 7 is next in the column.", "the card entered face up is said"
    assert [c["seat"] for c in table.public_view()["quarries"][4]["cards"]] == [1, 2, 1]
    d.shot("maya-10-scoring-only")
    d.tap(next(b for b in choice_buttons(d) if b.text == "Column complete"))
    assert screen.ids.summary.text.startswith("Quarry 5: Ben 10 points, 6 blocks; Cy 8 points, 3 blocks.")
    assert session.state.current == 3, "next, the quarry to its left"


def test_a_crowded_row_of_choices_shrinks_until_every_label_reads_whole(ui):
    """Five players, advanced game: every crowded row of choices reads whole
    (never below the 18 px floor), the joker's uses included ("Joker: Block
    from the pool…", "Keep the joker")."""
    from companion.table.session import Session

    d = ui
    app = d.app
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    session = Session.create(app.journal, "maya", names, options={"advanced": True}, seed=1,
                             meta={"colours": ["Red", "Blue", "Green", "Yellow", "Purple"], "fobs": [None] * 5})
    app._attach(session)
    rng, greedy = random.Random(1), get_bot("maya", "greedy")
    joker = False
    try:
        for _ in range(200):
            d.frames(2)
            bar = d.screen().ids.choices
            shown = choice_buttons(d)
            assert d.cut_off(bar) == [], [b.text for b in shown]
            assert all(b.font_size >= theme.MIN_PX for b in shown)
            if any(b.text.startswith("Joker: ") for b in shown):
                joker = True
                assert any(b.text == "Keep the joker" for b in shown)
                d.shot("maya-08-joker")
            if joker or session.result() is not None:
                break
            seat = rng.choice([a for a in session.actors() if a != CHANCE])
            app.table.play(greedy.choose(session.game, session.state, seat, rng))
        assert joker, "the game reached the joker's choice"
    finally:
        app.leave_game()
        app.journal.abandon(session.id)


def test_the_maya_screen_and_its_widgets_render_choices_and_build_no_action():
    """Issue 21: no file of the Maya screen reads the session, builds an action dict
    (a dict with a "type"), compares a label's text or asks for the legal actions."""
    import ast
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2] / "kivy_ui"
    files = [root / "screens" / "maya.py", *sorted((root / "widgets").glob("maya_*.py"))]
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            where = f"{path.name}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("session", "legal_actions", "play"), where
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                assert "type" not in keys and "actor" not in keys, where
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                assert not any(isinstance(s, ast.Attribute) and s.attr in ("text", "label") for s in sides), where


def test_a_scored_quarry_of_four_places_still_says_its_number(ui):
    """Where four places pay (Q7 with five players) the quarry's number moves from its
    title to the line below; once scored that line says who won how many blocks, and
    the number went with it: a column headed "8·5·3·1" and nothing to say it was Q7."""
    from kivy_ui.widgets.maya_board import QuarryColumn

    seats = {0: ("Red", "●", (0.9, 0.25, 0.22, 1)), 1: ("Blue", "■", (0.25, 0.5, 0.95, 1))}
    q = {"quarry": 6, "blocks": [8, 5, 3, 1], "cards": [], "max_cards": 8, "marker": None,
         "protected": [], "two_points": None}
    column = QuarryColumn(8, width=110)
    column.show(q, seats, current=False, result={"quarry": 6, "blocks": {"0": 8, "1": 5}})
    assert "Q7" in column.title.text + column.marker.text
    column.show(q, seats, current=False, result=None)
    assert "Q7" in column.title.text + column.marker.text
    short = {**q, "quarry": 0, "blocks": [3, 1]}
    column.show(short, seats, current=False, result={"quarry": 0, "blocks": {"0": 3}})
    assert column.title.text.startswith("Q1 ") and "Q1" not in column.marker.text, "said once"
