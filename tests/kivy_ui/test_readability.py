"""Readable from across the table (issue 10, point 4): on every public screen, in
several game states, what the table reads at a glance is at least 24 px at
800x480 and nothing is under 16 px; nothing is cut off (AppDriver.shot).
The Maya and Mayan Curse screens' tests call AppDriver.small_text the same way."""
from __future__ import annotations

from kivy_ui import theme

from .test_app import dismiss_celebrations, new_game, pad, play_towards_win


def readable(d, name, root=None):
    """The screen (or an overlay) passes both checks; the screenshot is kept."""
    d.frames(2)
    small = d.small_text(root)
    assert small == [], f"too small to read across the table on {name}: {small}"
    d.shot(name)
    return d.smallest_font(root)


def overlay(d, cls_name):
    return next(w for w in d.window_widgets() if type(w).__name__ == cls_name)


def test_home_and_new_game_fonts(ui):
    d = ui
    assert readable(d, "read-01-home") >= theme.MIN_PX


def test_maya_madness_table_in_each_state_reads_across_the_table(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben", "Cy", "Dee"), options={"advanced": True})
    screen = d.screen()
    readable(d, "read-02-madness-deal")
    pad(d, "Wild")  # Dee deals a Wild: the dealer picks the count
    readable(d, "read-03-madness-start-count")
    pad(d, "+3")
    assert table.public_view()["count"] == 3
    sizes = {"turn": readable(d, "read-04-madness-turn")}
    glance = {w.text for w in d.public_labels(screen) if d.glance(w)}
    # whose turn, the count's direction, the players and what just happened are all glance text
    assert screen.ids.prompt.text in glance and screen.ids.summary.text in glance
    assert screen.ids.count.font_size >= 3 * theme.GLANCE_PX
    d.tap(screen.ids.extra)  # Guess…
    sizes["guess"] = readable(d, "read-05-madness-guess-pad")
    pad(d, "Cancel")
    # the private view
    d.tap_text("Ana", widget=screen.ids.seats)
    sizes["confirm"] = readable(d, "read-06-madness-look-away", overlay(d, "ConfirmPeek"))
    d.tap(screen.gate_view.overlay.ids_show)
    sizes["private"] = readable(d, "read-07-madness-private", overlay(d, "PrivateOverlay"))
    table.close_gate()
    d.frames(2)
    # a token won: the celebration
    for _ in range(40):
        play_towards_win(d, table, seat=table.public_view()["turn"])
        if any(type(w).__name__ == "Celebration" for w in d.window_widgets()):
            break
    sizes["token"] = readable(d, "read-08-madness-token-won", overlay(d, "Celebration"))
    dismiss_celebrations(d)
    # the log
    d.tap(screen.log_button)
    sizes["log"] = readable(d, "read-09-log", overlay(d, "LogOverlay"))
    overlay(d, "LogOverlay").dismiss(animation=False)
    print("smallest public font (px):", sizes)
    assert min(sizes.values()) >= theme.MIN_PX, sizes


def test_full_deck_private_view_and_end_screen_read_across_the_table(ui):
    d = ui
    table = new_game(d, names=("Ana", "Ben", "Cy"), options={"deck": "full", "tokens_to_win": 3})
    screen = d.screen()
    if table.public_view()["phase"] == "start_count":
        pad(d, "+1")
    readable(d, "read-10-madness-full-deck")
    seat = table.public_view()["turn"]
    d.tap_text(table.name(seat), widget=screen.ids.seats)
    d.tap(screen.gate_view.overlay.ids_show)
    readable(d, "read-11-madness-full-deck-hand", overlay(d, "PrivateOverlay"))
    table.close_gate()
    # play the game out with the greedy bot's moves, entered as the table would
    import random

    from companion.bots import get_bot

    bot, rng = get_bot("maya-madness", "greedy"), random.Random(5)
    session = table.session
    for _ in range(600):
        if session.result() is not None:
            break
        seat = table.acting()[0]  # the player at turn, or the dealer naming a Wild's count
        table.play(bot.choose(session.game, session.view(seat), session.legal_actions(seat), rng))
    assert d.until(lambda: d.screen().name == "end", 3)
    readable(d, "read-12-end")


def test_the_cut_off_check_sees_what_a_player_would_miss(ui):
    """AppDriver.cut_off, the check every screenshot passes: a text shortened with "…",
    lines left out below a fixed height, or a line clipped into its glyphs is cut off;
    a line whose glyphs fit though its leading does not (24 px digits in 23 px) is not."""
    from kivy.core.window import Window
    from kivy.uix.floatlayout import FloatLayout
    from kivy.uix.label import Label

    d = ui
    box = FloatLayout()
    Window.add_widget(box)

    def cut(**kw):
        label = Label(size_hint=(None, None), pos=(10, 10), font_size=24, **kw)
        box.clear_widgets()
        box.add_widget(label)
        d.frames(2)
        return [t for t, *_ in d.cut_off(box)]

    try:
        assert cut(text="8 cards · starts", size=(80, 30), text_size=(80, 30), shorten=True,
                   valign="middle") == ["8 cards · starts"]
        assert cut(text="Only Ana looks at this", size=(90, 30), text_size=(90, 30), valign="middle") != []
        assert cut(text="0/5", size=(90, 12), text_size=(90, 12), valign="middle") == ["0/5"]
        assert cut(text="0/5", size=(90, 23), text_size=(90, 23), valign="middle") == []
        assert cut(text="0/5", size=(90, 40), text_size=(90, 40), valign="middle") == []
    finally:
        Window.remove_widget(box)
