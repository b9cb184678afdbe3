"""Home: resume a game in progress, abandon one (after a confirmation), start a
new one, see past games. Only the newest few games are listed at first, so the
screen never overflows 800x480; "Show all" lists the rest in the scrolling list."""
from __future__ import annotations

import time

from kivy.app import App
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen

from companion.errors import CompanionError
from companion.table import words

NEWEST = 3  # games listed before "Show all": three rows fit beside everything else at 800x480
MOST = 50  # "Show all" stops here; older games are still in the journal


def game_title(name: str) -> str:
    """A game's title without importing its rules (companion.games.title), in the
    current language: through the game's own catalog (companion.history.option_words)."""
    from companion.history.option_words import title

    return title(name)


def names(players) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy" (companion.table.words)."""
    return words.names(players)


def started(when: float) -> str:
    """The start time; with the day too when it was not today."""
    import datetime

    from companion.i18n import format_skeleton

    local, now = time.localtime(when), time.localtime()
    if local[:3] == now[:3]:
        return time.strftime("%H:%M", local)
    # the month's name in the table's language ("Nov 12 20:15", "12. Nov. 20:15")
    return format_skeleton("MMMd", datetime.datetime.fromtimestamp(when)) + time.strftime(" %H:%M", local)


class ResumeRow(BoxLayout):
    """One game in progress: tap to resume, or "Abandon…" (which asks first)."""

    session_id = NumericProperty(0)
    title = StringProperty("")
    detail = StringProperty("")
    game: dict | None = None  # the in_progress() entry shown
    __events__ = ("on_resume", "on_abandon")

    def on_resume(self):
        pass

    def on_abandon(self):
        pass


class AbandonConfirm(ModalView):
    """Are you sure? Abandoning needs this second, deliberate touch."""

    question = StringProperty("")
    consequence = StringProperty("")

    def __init__(self, on_confirm, **kw):
        super().__init__(**kw)
        self._on_confirm = on_confirm

    def confirm(self):
        self.dismiss(animation=False)
        self._on_confirm()


class HomeScreen(Screen):
    showing_all = False

    def __init__(self, **kw):
        super().__init__(**kw)
        self._row_pool: list[ResumeRow] = []  # rows made so far, reused by every refresh

    def refresh(self):
        app = App.get_running_app()
        box = self.ids.resume_list
        self.ids.notice.text = app.notice or ""
        self.ids.more.text = ""
        if app.journal is None:
            box.clear_widgets()
            return
        # One page, not every game: Home stays as fast with a hundred games in progress.
        games = app.journal.in_progress(MOST if self.showing_all else NEWEST)
        total = app.journal.in_progress_count()
        # A game found damaged while listing is set aside: say so.
        later = app.journal.notice if app.journal.notice and app.journal.notice not in (app.notice or "") else ""
        self.ids.notice.text = " ".join(n for n in (app.notice, later) if n)
        self.ids.resume_hint.text = words.resume_hint(bool(games))
        if total > NEWEST:
            self.ids.more.text = words.show_more(self.showing_all, NEWEST, total)
        shown = [self._row(i, g) for i, g in enumerate(games)]
        if box.children[::-1] != shown:  # rows already in place stay (only their texts change)
            box.clear_widgets()
            for row in shown:
                box.add_widget(row)
        self.ids.resume_scroll.scroll_y = 1

    def _row(self, i: int, g) -> ResumeRow:
        """Row i, made the first time it is needed and reused after: showing Home
        again changes only the texts that changed."""
        pool = self._row_pool
        while len(pool) <= i:
            row = ResumeRow()
            row.bind(on_resume=lambda r: self.resume(r.session_id), on_abandon=lambda r: self.ask_abandon(r.game))
            pool.append(row)
        row = pool[i]
        row.game = g
        row.session_id = g["id"]
        row.title = words.resume_row(game_title(g["game"]), g["actions"], started(g["started"]))
        row.detail = names(g["players"])
        return row

    def toggle_all(self):
        self.showing_all = not self.showing_all
        self.refresh()

    def resume(self, session_id):
        app = App.get_running_app()
        problem = app.resume(session_id)
        if problem:
            self.ids.notice.text = problem

    # --- abandoning -------------------------------------------------------------
    def ask_abandon(self, g) -> AbandonConfirm:
        dialog = AbandonConfirm(
            on_confirm=lambda: self.abandon(g),
            question=words.abandon_question(game_title(g["game"]), g["players"]),
            consequence=words.abandon_consequence(g["actions"]),
        )
        dialog.open(animation=False)
        return dialog

    def abandon(self, g):
        app = App.get_running_app()
        try:
            app.journal.abandon(g["id"])
        except CompanionError as e:
            self.refresh()
            self.ids.notice.text = str(e)
            return
        app.drop_game(g["id"])  # the game open in the app is gone: nothing may act on it any more
        self.refresh()
        self.ids.notice.text = words.abandoned(game_title(g["game"]), g["players"])

    def toggle_sounds(self):
        app = App.get_running_app()
        app.set_sounds(not app.sounds_on)
