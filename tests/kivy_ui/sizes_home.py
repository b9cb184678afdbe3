"""States for test_sizes.py: Home and New game for each installed game."""
from __future__ import annotations


def states(d):
    from companion.games import available
    from kivy_ui.screens.home import game_title

    yield "home"
    for game in available():
        d.app.show("home")
        d.frames(2)
        d.fill_new_game(game_title(game), ("Ana", "Ben", "Cy", "Dee"))
        yield f"new_game-{game}"
