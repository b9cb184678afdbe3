"""The Mayan Curse table screen with the real purse and as a renderer of the
frame (issue 21): "3 drawn" until a hand is entered, the taps of one turn with
a draw of three stones, and nothing built or read beside the frame."""
from __future__ import annotations

from companion.games.mayan_curse.actions import stone_name as stone_label

from .test_curse_screen import curse_game, look, press, readable


def test_the_real_purse_shows_three_drawn_and_a_turn_goes_on_without_the_entry(ui):
    """Issue 22: at the table everyone drew three stones; until a player enters theirs
    the table screen says "3 drawn" (never which), the purse counts what the bag holds,
    and nothing waits for the entry: the turn ends without it."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"), options={"purse": "real", "stelae": "digital"})
    screen = d.screen()

    def rows():
        return [r.stones_text for r in reversed(screen.ids.seats.children)]

    assert rows() == ["3 drawn", "3 drawn"] and "purse 14" in screen.ids.info.text
    readable(d)
    d.shot("curse-19-real-purse-drawn")
    press(d, "End turn")  # Ana never entered hers
    assert table.public_view()["current"] == 1, table.message
    assert rows() == ["–", "3 drawn"] and "purse 17" in screen.ids.info.text, "Ana's stones went back"
    d.tap_text("Ben", widget=screen.ids.seats)
    look(d)
    for stone in ("Dog", "Bird", "Dog / Jaguar"):
        d.tap(next(w for w in d.walk(screen.gate_view.overlay)
                   if getattr(w, "text", "").endswith("[/color] " + stone)))
    d.tap(screen.gate_view.overlay.hide_button)
    assert rows() == ["–", "3 held"] and "purse 17" in screen.ids.info.text


def test_one_turn_with_a_draw_of_three_stones_counts_its_taps(ui):
    """The real purse: the player at turn opens their view (name, then "show me"), taps
    the three stones drawn (the picker greys out what the bag no longer holds), plays one
    and ends the turn from the view: seven touches, and the next player's screen."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"), options={"purse": "real", "stelae": "digital"})
    screen = d.screen()
    d.touches = 0
    d.tap_text("Ana", widget=screen.ids.seats)
    look(d)
    for stone in ("Dog / Jaguar", "Bird", "Dog"):
        d.tap(next(w for w in d.walk(screen.gate_view.overlay)
                   if getattr(w, "text", "").endswith("[/color] " + stone)))
        if stone == "Dog / Jaguar":  # the purse holds one dog/jaguar stone: it is greyed out now
            assert next(w for w in d.walk(screen.gate_view.overlay)
                        if getattr(w, "text", "").endswith("[/color] Dog / Jaguar")).disabled
    assert sorted(table.session.view(0)["you"]["stones"]) == ["bird", "dog", "dog/jaguar"]
    d.tap_text(stone_label("bird"), widget=screen.gate_view.overlay)
    assert table.public_view()["players"][0]["played"] == ["bird"]
    d.tap_text("End turn", widget=screen.gate_view.overlay, exact=True)
    assert d.touches == 7 and table.public_view()["current"] == 1
    assert screen.gate_view.overlay is None, "the turn is over: the next player's screen"


def test_the_screen_only_renders_the_frame():
    """Issue 21: no action dict built, no session read, no label compared, in the
    screen or its widgets."""
    import ast
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2] / "kivy_ui"
    for path in (root / "screens" / "mayan_curse.py", root / "widgets" / "curse_private.py",
                 root / "widgets" / "curse_passage.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            assert not (isinstance(node, ast.Attribute) and node.attr in ("session", "legal_actions")), path
            if isinstance(node, ast.Dict):
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                assert not keys & {"type", "actor"}, (path, node.lineno)
            if isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) \
                    and node.left.attr in ("label", "text"):  # a label against words: picking by its text
                assert not any(isinstance(c, ast.Constant) for c in node.comparators), (path, node.lineno)


def test_stones_half_entered_are_still_tapped_when_the_view_opens_again(ui):
    """Two stones tapped, the view hidden (or timed out): they wait as that seat's
    draft, and the third tap enters the hand."""
    d = ui
    table = curse_game(d, ("Ana", "Ben"), options={"purse": "real", "stelae": "digital"})
    screen = d.screen()

    def tap_stone(stone):
        d.tap(next(w for w in d.walk(screen.gate_view.overlay)
                   if getattr(w, "text", "").endswith("[/color] " + stone)))

    table.open_gate(0, "fob")
    d.frames(2)
    tap_stone("Dog")
    tap_stone("Bird")
    table.close_gate()
    d.frames(2)
    table.open_gate(0, "fob")
    d.frames(2)
    assert "Tap the 3 stones you drew: Dog, Bird" in " ".join(d.texts(screen.gate_view.overlay))
    tap_stone("Serpent")
    assert sorted(table.session.view(0)["you"]["stones"]) == ["bird", "dog", "serpent"]


def test_the_stelae_left_read_in_words_and_count_what_the_stela_picker_counts(ui):
    """Issue 22: "Stelae left: br11 gy12 be7" stood beside a picker saying "Gray (10)":
    one added the temple's stelae to the passage's, in letters. Now the line under the
    passage says each place in words, and the Stela picker's numbers are its first line's."""
    import re

    d = ui
    table = curse_game(d, ("Ana", "Ben", "Cy"))
    screen = d.screen()
    passage_line, temple_line = screen.ids.board_info.text.split("\n")
    assert passage_line.startswith("Passage stelae: ") and temple_line.startswith("Temple stelae: ")
    assert not re.search(r"\b(br|gy|be)\d", screen.ids.board_info.text)
    press(d, "Stela …")
    offered = [b.text for b in reversed(screen.ids.actions.children)]
    for colour in ("brown", "gray", "beige"):
        left = table.public_view()["stelae_on_board"][colour]
        assert f"{colour.capitalize()} ({left['passage']} left)" in offered
        assert f"{left['passage']} {colour}" in passage_line and f"{left['temple']} {colour}" in temple_line
    press(d, "Gray ({} left)".format(table.public_view()["stelae_on_board"]["gray"]["passage"]))
    gray = table.public_view()["stelae_on_board"]["gray"]["passage"]
    assert f"{gray} gray" in screen.ids.board_info.text.split("\n")[0], "one fewer face down in the passage"
    readable(d)
