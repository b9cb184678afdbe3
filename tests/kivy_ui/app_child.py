"""A child process for the kill-and-resume test: the real app, driven from here.

    python app_child.py play N     start a 2-player game, play N cards, print the
                                   table view as JSON, then keep running (to be killed)
    python app_child.py play N GAME   the same for Maya or Mayan Curse (3 players), the
                                   moves chosen by the random bot and entered on the table
    python app_child.py resume     tap Resume on home, print the table view, exit
    python app_child.py large W H  a 4-player game in a W x H window: print what is cut off
"""
import json
import sys

from kivy_ui.driver import AppDriver


def main(argv):
    if argv[0] == "large":
        return large(int(argv[1]), int(argv[2]), argv[3])
    d = AppDriver(simulate=True)
    d.start()
    assert d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
    if argv[0] == "play" and len(argv) > 2:
        play_bot_moves(d, argv[2], int(argv[1]))
    elif argv[0] == "play":
        d.tap(d.screen().ids.new_game)
        screen = d.screen()
        d.tap_text("Maya Madness", widget=screen.ids.game_choice, exact=True)
        for row, name in zip(screen.rows(), ("Ana", "Ben")):
            row.ids.name.text = name
        d.tap(screen.ids.start)
        d.tap_text("+2", exact=True)  # Ben deals a 2
        table = d.app.table
        for _ in range(int(argv[1])):
            v = table.public_view()
            need = table.session.view(v["turn"])["you"]["secret"] - v["count"]
            d.tap_text(next(t for k, t in ((1, "+1"), (-1, "−1"), (2, "+2")) if k != need), exact=True)
    else:
        d.tap_text("Resume")
        assert d.until(lambda: d.app.table is not None, 5)
    print(json.dumps({"screen": d.app.sm.current, **d.app.table.public_view()}), flush=True)
    if argv[0] == "play":
        d.wait(600)  # killed long before this
    d.stop()
    return 0


def play_bot_moves(d, game, moves):
    """New game -> GAME with three players -> Start, then `moves` moves of the random bot."""
    import random

    from companion.bots import get_bot
    from companion.rules.engine import CHANCE
    from kivy_ui.screens.home import game_title

    d.tap(d.screen().ids.new_game)
    screen = d.screen()
    d.tap_text(game_title(game), widget=screen.ids.game_choice, exact=True)
    while screen.players < 3:
        d.tap(screen.ids.more)
    while screen.players > 3:
        d.tap(screen.ids.fewer)
    for row, name in zip(screen.rows(), ("Ana", "Ben", "Cy")):
        row.ids.name.text = name
    d.tap(screen.ids.start)
    assert d.until(lambda: d.screen().name == game, 3)
    table, rng, bot = d.app.table, random.Random(4), get_bot(game, "random")
    for _ in range(moves):
        seats = [a for a in table.session.actors() if a != CHANCE]
        seat = rng.choice(seats)
        assert table.play(bot.choose(table.session.game, table.session.state, seat, rng)), table.message
    d.frames(2)


def large(width, height, shots):
    d = AppDriver(simulate=True, width=width, height=height)
    d.start()
    assert d.until(lambda: d.app.journal is not None and d.app.devices is not None, 10)
    problems = {"home": d.cut_off()}
    d.tap(d.screen().ids.new_game)
    screen = d.screen()
    d.tap_text("Maya Madness", widget=screen.ids.game_choice, exact=True)
    d.tap(screen.ids.more)
    d.tap(screen.ids.more)
    problems["new_game"] = d.cut_off()
    d.tap(screen.ids.start)
    d.tap_text("+2", exact=True)
    problems["table"] = d.cut_off()
    from kivy.core.window import Window

    d.screenshot(f"09-table-{width}x{height}", shots)
    print(json.dumps({"window": list(Window.size), "problems": problems}), flush=True)
    d.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
