"""The Tags screen and tags in play, through the real app and the simulated reader.
The screen lists what the games declare (Game.tag_kinds): the test-only fourth game
shows a new game's tags are learned, listed and used in play with no edit to the
screen or the controller. Maya (once it declares its worker cards): learn mode
walks a colour's worker cards (tags presented with the sim panel's "Tag…"
button), refuses the same tag twice and a tag that is already something else,
says what a known or unknown tag is, forgets a tag; then in Maya a worker
card's tag, read while its owner's private view is open, chooses that card there
and shows nothing on the public screen."""
from __future__ import annotations

import random

import pytest

from companion.bots import get_bot, move
from companion.games import get_game
from companion.rules.engine import CHANCE
from companion.table.tags import UNKNOWN, describe

BOT = get_bot("maya", "greedy")


def needs_kind(game_name, kind):
    if kind not in {k.kind for k in get_game(game_name).tag_kinds()}:
        pytest.skip(f"{game_name} does not declare {kind} tags yet")




def present(d, text=None):
    """The sim panel's Tag… menu: a new tag (text None) or the first known tag so described."""
    panel = d.app.sim_panel
    d.tap(panel.tag_button)
    menu = panel.tag_menu
    assert menu is not None
    d.tap_text(text or "A new tag", widget=menu, exact=True)
    assert panel.tag_menu is None, "choosing a tag closes the menu"


def said(d, screen, sentence):
    assert d.until(lambda: screen.notice == sentence, 3), screen.notice
    return True


def test_learn_mode_walks_a_colours_worker_cards_through_the_sim_reader(ui):
    needs_kind("maya", "worker")
    d = ui
    tags = d.app.tags
    for uid, m in tags.items():  # a clean slate for the blue cards (the data dir lives all session)
        if m["kind"] == "worker" and m["colour"] == "blue":
            tags.forget(uid)
    d.tap(d.screen().ids.tags)
    screen = d.screen()
    assert screen.name == "tags"

    present(d)  # not learning: an unknown tag is the registry's sentence
    said(d, screen, UNKNOWN)

    d.tap_text("Blue cards", widget=screen.ids.sets, exact=True)
    assert screen.prompt.startswith("Tap the tag for Blue's 3.")
    present(d)
    said(d, screen, "Learned: Blue's 3.")
    assert screen.prompt.startswith("Tap the tag for Blue's 4 (the first of 2).")
    present(d)
    said(d, screen, "Learned: Blue's 4.")
    assert screen.prompt.startswith("Tap the tag for Blue's 4 (the second of 2).")
    d.wait(0.7)  # lifted off the reader: a tag left on it is one presentation (hardware unseen 0.5 s)
    present(d, "Blue's 4")  # the first 4 again: one card, one tag
    said(d, screen, "That tag was just learned as Blue's 4; tap the next one.")
    assert screen.prompt.startswith("Tap the tag for Blue's 4 (the second of 2).")
    d.shot("tags-01-learn-blue-cards")
    for _ in range(6):  # the second 4, 5, 6, 7, 8, −3
        step = screen.step
        present(d)
        assert d.until(lambda s=step: screen.step > s or not screen.steps, 3), screen.notice
        assert screen.notice.startswith("Learned"), screen.notice
    from kivy_ui.screens.tags import learn_sets

    last = dict(learn_sets())["Blue cards"]()[-1][1]  # the game's own order of its pieces
    assert screen.notice == f"Learned: {describe(last)}." and not screen.steps, "the walk ends by itself"
    blue = [m["value"] for _, m in tags.items() if m["kind"] == "worker" and m["colour"] == "blue"]
    assert sorted(blue) == [-3, 3, 4, 4, 5, 6, 7, 8]
    title = next(k.title for k in get_game("maya").tag_kinds() if k.kind == "worker")
    assert title in " ".join(d.texts(screen.ids.known))

    # A tag that already stands for something is refused with the registry's sentence.
    d.tap_text("Commands", widget=screen.ids.sets, exact=True)
    present(d, "Blue's 3")
    assert d.until(lambda: screen.notice.startswith("This tag is already Blue's 3"), 3), screen.notice
    d.tap_text("Skip", widget=screen.ids.sets, exact=True)
    assert screen.prompt.startswith("Tap the tag for the redo command.")
    d.tap_text("Done", widget=screen.ids.sets, exact=True)
    assert not screen.steps and "learn a set" in screen.prompt

    present(d, "Blue's 7")  # not learning: a known tag says what it is
    said(d, screen, "That tag is Blue's 7.")
    d.shot("tags-02-list")

    seven = tags.uids_for({"kind": "worker", "colour": "blue", "value": 7})[0]
    row = next(w for w in d.walk(screen.ids.known) if getattr(w, "tag_uid", None) == seven)
    d.tap_text("Forget", widget=row, exact=True)
    assert tags.lookup(seven) is None and screen.notice == "Forgot Blue's 7."
    tags.learn(seven, {"kind": "worker", "colour": "blue", "value": 7})  # for the next test
    d.tap(screen.ids.back)


def test_a_worker_card_tag_chooses_that_card_in_its_owners_private_view(ui):
    needs_kind("maya", "worker")
    from companion.games.maya.words import number

    d = ui
    tags = d.app.tags
    for value in (3, 4, 5, 6, 7, 8, -3):
        if not tags.uids_for({"kind": "worker", "colour": "blue", "value": value}):
            tags.learn(f"B1{value % 16:X}{value % 16:X}", {"kind": "worker", "colour": "blue", "value": value})
    screen = d.fill_new_game("Maya", ["Ana", "Ben", "Cy"])
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == "maya", 3)
    table, rng = d.app.table, random.Random(3)
    session = table.session
    while session.state.phase != "quarrying" or table.turn() is None:
        actor = sorted(session.actors(), key=str)[0]
        assert actor != CHANCE
        table.play(move(BOT, session.game, session.state, actor, rng))
    seat = table.turn()
    colour = table.public_view()["players"][seat]["colour"]
    if colour != "blue":  # the tags learned are blue's: give this seat blue's
        return _skip_other_colour(colour)
    game = d.screen()
    value = max(a["card"] for a in session.legal_actions(seat) if a["type"] == "place_worker")
    card = describe({"kind": "worker", "colour": "blue", "value": value})

    present(d, card)  # nobody's view open: a sentence without the value
    assert d.until(lambda: "Open your private view first" in game.message, 3), game.message
    public_before = sorted(d.texts(game))

    d.tap(next(b for b in game.choice_buttons() if b.choice == ("peek", seat)))
    d.tap(game.gate_view.overlay.ids_show)
    overlay = game.gate_view.overlay
    d.wait(0.7)  # the card was lifted off the reader and is tapped again
    present(d, card)
    assert d.until(lambda: table.selected == (seat, value), 3), game.message
    d.frames(2)
    chosen = (f"Your {number(value)}", f"Lay your {number(value)}")  # the private view names the card chosen
    assert any(text.startswith(chosen) for text in d.texts(overlay)), d.texts(overlay)
    d.shot("tags-03-maya-card-chosen")
    assert sorted(d.texts(game)) == public_before, "the public screen did not change"
    legal = [a["quarry"] for a in session.legal_actions(seat) if a.get("card") == value]
    column = next((w for w in d.walk(overlay) if getattr(w, "quarry", None) == legal[0] and hasattr(w, "buttons")),
                  None)
    if column is not None:  # a column of card buttons under each quarry
        d.tap(column.buttons[value])
    else:  # one button per quarry for the card chosen
        d.tap_text(f"Quarry {legal[0] + 1}\n", widget=overlay)
    assert session.actions[-1]["card"] == value and session.actions[-1]["quarry"] == legal[0]


def _skip_other_colour(colour):
    import pytest

    pytest.fail(f"the first seat to lay a worker is {colour}, not blue: learn that colour too")


def test_a_new_games_tags_are_learned_and_listed_without_an_edit_to_the_screen(ui, charms):
    """The fourth game declares charm and bead tags: its learn sets are buttons, the
    walk takes its prompts, and its tags are listed under its own title."""
    d = ui
    tags = d.app.tags
    for uid, m in tags.items():
        if m["kind"] in ("charm", "bead"):
            tags.forget(uid)
    d.tap(d.screen().ids.tags)
    screen = d.screen()
    d.tap_text("Charms", widget=screen.ids.sets, exact=True)
    assert screen.prompt.startswith("Tap the charm 1.   [1/5]")
    present(d)
    said(d, screen, "Learned: the charm 1.")
    assert screen.prompt.startswith("Tap the charm 2.")
    present(d)
    said(d, screen, "Learned: the charm 2.")
    d.tap_text("Done", widget=screen.ids.sets, exact=True)
    listed = " ".join(d.texts(screen.ids.known))
    assert "[b]Charms[/b] (2)" in listed and "the charm 1" in listed and "the charm 2" in listed
    assert listed.index("the charm 1") < listed.index("the charm 2"), "in the order of the learn set"
    d.shot("tags-04-new-game-charms")
    # The same tag again: the reader counts a new presentation only once the last one has
    # left its field (docs/hardware.md, confirmed tags), as a hand lifting the tag would.
    d.wait(1.0)
    present(d, "the charm 2")
    said(d, screen, "That tag is the charm 2.")
    d.tap(screen.ids.back)
